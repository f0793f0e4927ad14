/**
 * Covering in the unwinding (McMillan, CAV 2006, Sect. 3: CLOSE, COVER and forced covering; the
 * seed's fcover^IMPACT, Beyer, Dangl and Wendler, Sect. 3.3) and the bookkeeping that strengthening
 * labels needs.
 *
 * - `close(v)`: cover v by an earlier uncovered node w at its location when label(v) ⇒ label(w).
 * - `force(v)`: before v is expanded, try to make label(w) hold at v for such a w: with x the
 *   nearest common ancestor of v and w, if label(x) and the path from x to v imply label(w), the
 *   path's sequence interpolants strengthen the nodes from x to v and v is covered by w.
 * - `strengthen(nodes, itps)`: conjoins interpolants into labels; a node actually strengthened may
 *   no longer contain the nodes it covered, which are uncovered (and covered again or expanded); a
 *   node whose label became false loses its subtree.
 */
import { False, True, and, not, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { ImpactContext } from './context.js';
import { RefinementFailed } from '../path-interpolants.js';
import { feasible, interpolants, pathParts } from './refine.js';
import type { UNode, Unwinding } from './unwinding.js';

/**
 * Forced coverings tried per node before it is expanded. Each try costs a path query, and on a
 * single-location system every earlier node is a candidate; the nearest ones (the node's own
 * ancestors first, the loop heads it went through) are the ones that cover loop iterations.
 */
const MAX_FORCE_TRIES = 4;

export class Covering {
  constructor(
    private readonly ctx: ImpactContext,
    private readonly unw: Unwinding,
    /** Hands nodes back to the search: leaves to expand again. */
    private readonly reactivate: (nodes: readonly UNode[]) => void,
  ) {}

  /** The earlier nodes at v's location that may cover it: in the tree, uncovered, not false. */
  private candidates(v: UNode): UNode[] {
    return this.unw.at(v.loc).filter((w) => w.id < v.id && w.label !== False && !this.unw.isCovered(w));
  }

  /** Covers `v` by an earlier node whose label its own implies; whether it did. */
  close(v: UNode): boolean {
    if (v.removed || v.label === False || this.unw.isCovered(v)) return false;
    for (const w of this.candidates(v)) {
      if (this.ctx.implies(v.label, w.label)) {
        this.coverBy(v, w);
        return true;
      }
    }
    return false;
  }

  /** Forced covering of the uncovered leaf `v`; whether it is covered now. */
  force(v: UNode): boolean {
    const all = this.candidates(v).filter((w) => w.label !== True);
    const ancestors = all.filter((w) => this.unw.isAncestor(w, v)).reverse();
    const others = all.filter((w) => !this.unw.isAncestor(w, v)).reverse();
    for (const w of [...ancestors, ...others].slice(0, MAX_FORCE_TRIES)) {
      this.ctx.counters.forcedAttempts++;
      const x = this.unw.nca(v, w);
      const nodes = this.unw.path(v, x);
      // from the root, the initial states hold too, and the root is strengthened with the rest
      const fromInit = x === this.unw.root && x !== w;
      const parts = pathParts(nodes, and(x.label, fromInit ? this.ctx.model.init : True), not(w.label));
      if (feasible(this.ctx, parts)) continue;
      let itps: Expr[];
      try {
        itps = interpolants(this.ctx, parts);
      } catch (e) {
        // an optimisation that failed: expanding v is always sound
        if (e instanceof RefinementFailed) continue;
        throw e;
      }
      if (fromInit) this.strengthen(nodes, itps);
      else this.strengthen(nodes.slice(1), itps.slice(1));
      if (v.removed || v.label === False) return true;
      if (!this.unw.isCovered(v)) this.coverBy(v, w);
      this.ctx.counters.forcedCoverings++;
      return true;
    }
    return false;
  }

  /**
   * Conjoins `itps[i]` to the label of `nodes[i]`; returns the nodes actually strengthened, which
   * may now be covered themselves (the caller decides whether to try).
   */
  strengthen(nodes: readonly UNode[], itps: readonly Expr[]): UNode[] {
    const changed: UNode[] = [];
    nodes.forEach((n, i) => {
      const itp = itps[i]!;
      if (n.removed || this.ctx.implies(n.label, itp)) return;
      n.label = simplify(and(n.label, itp));
      changed.push(n);
      const lost = [...n.covers].filter((y) => !this.ctx.implies(y.label, n.label));
      for (const y of lost) this.unw.uncover(y);
      if (n.label === False) this.release([...lost, ...this.unw.cut(n)]);
      else this.release(lost);
    });
    return changed;
  }

  private coverBy(v: UNode, w: UNode): void {
    this.release(this.unw.cover(v, w));
  }

  /** Nodes that lost their covering edge: covered again if they can be, else their leaves are expanded. */
  private release(nodes: readonly UNode[]): void {
    for (const y of nodes) {
      if (y.removed || this.unw.isCovered(y) || this.close(y)) continue;
      this.reactivate(this.unw.leaves(y));
    }
  }
}
