/**
 * Abstract counterexamples checked on the concrete model, and refinement (Cimatti et al., TACAS
 * 2014, Sect. 4): an abstract counterexample of k steps is real iff a bad state is reachable in
 * exactly k steps, which BMC's unrolling (`Unrolling`, incremental over the calls) decides and,
 * when it is, turns into a concrete trace. Otherwise the k-step unrolling is refuted by sequence
 * interpolants I_0 .. I_(k-1), one per state (`lang/smt/interpolate.ts`), and their atoms become new
 * predicates. With them every abstract path of k steps is refuted too: each I_j is then a union of
 * abstract states, the abstract successors of I_j lie in I_(j+1), and I_(k-1) has no bad successor.
 * Atoms over the location alone are dropped, since the abstract states carry the location exactly.
 */
import { and, atStep, postorder, type Expr } from '../../lang/expr.js';
import type { Type } from '../../lang/types.js';
import type { Location } from '../../formalisms/interpreter.js';
import type { Trace } from '../../formalisms/trace.js';
import { simplify } from '../../lang/simplify.js';
import { InterpolationError, sequenceInterpolate } from '../../lang/smt/interpolate.js';
import { Solver } from '../../lang/smt/solver.js';
import { splitPredicate } from '../../cegar/domains/split.js';
import { unindexed } from '../../cegar/path.js';
import { Timeout, type Ic3iaContext } from './context.js';

/** Refinement cannot go on: the detail says why. */
export class RefinementFailed extends Error {}

function bitLevel(t: Type): boolean {
  if (t.kind === 'bv' || t.kind === 'fp') return true;
  return t.kind === 'array' && (bitLevel(t.index) || bitLevel(t.elem));
}

export class Refiner {
  readonly solver = new Solver();
  /** The locations reachable in exactly j steps, syntactically. */
  private readonly frontiers: Set<Location>[];
  /** The step formula from frontier j, over V and V'. */
  private readonly steps: Expr[] = [];

  constructor(private readonly ctx: Ic3iaContext) {
    this.frontiers = [new Set([ctx.model.initLoc])];
    this.solver.addAtStep(ctx.unroll.initial(), 0);
  }

  private extend(k: number): void {
    while (this.steps.length < k) {
      const j = this.steps.length;
      const next = new Set<Location>();
      const step = this.ctx.unroll.step(this.frontiers[j]!, next);
      this.solver.addAtStep(step, j);
      this.steps.push(step);
      this.frontiers.push(next);
    }
  }

  /** A concrete trace into a bad state in exactly k steps, if there is one. */
  concrete(k: number): Trace | undefined {
    this.extend(k);
    if (!this.frontiers[k]!.has(this.ctx.model.errorLoc)) return undefined;
    const act = this.solver.guardAtStep(this.ctx.unroll.bad(), k);
    if (this.ctx.check([act], this.solver)) return this.ctx.unroll.trace(this.solver, k);
    this.solver.retire(act);
    return undefined;
  }

  /** Predicates that refute every abstract counterexample of k steps, once `concrete(k)` found none. */
  predicates(k: number): Expr[] {
    const unroll = this.ctx.unroll;
    const parts = [atStep(unroll.initial(), 0), ...this.steps.slice(0, k).map((s, j) => atStep(s, j))];
    parts[k] = and(parts[k]!, atStep(unroll.bad(), k));
    const bits = postorder(and(...parts)).find((e) => bitLevel(e.type));
    if (bits) {
      throw new RefinementFailed(`interpolation does not support ${bits.type.kind === 'fp' ? 'floating-point' : 'bit-vector'} formulas`);
    }
    let itps: Expr[] | 'sat';
    try {
      itps = sequenceInterpolate(parts, { timeoutMs: this.ctx.deadline === undefined ? undefined : Math.max(1, this.ctx.deadline - Date.now()) });
    } catch (e) {
      if (!(e instanceof InterpolationError)) throw e;
      if (this.ctx.deadline !== undefined && Date.now() >= this.ctx.deadline) throw new Timeout();
      throw new RefinementFailed(`interpolation gave up: ${e.message}`);
    }
    if (itps === 'sat') throw new RefinementFailed('interpolation found the unrolling satisfiable that BMC refuted');
    const loc = unroll.locVar;
    return itps.flatMap((i) => splitPredicate(simplify(unindexed(i)), 'ATOMS'))
      .filter((p) => postorder(p).some((n) => n.op === 'var' && n.decl !== loc));
  }
}
