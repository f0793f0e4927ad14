/**
 * The unwinding of McMillan's "Lazy abstraction with interpolants" (CAV 2006, Sect. 3): a tree of
 * nodes, each a location with a label, a formula over the model's variables that holds in every
 * state reaching the node along its tree path. Labels start `true` and are only ever conjoined
 * with interpolants, which keeps the tree well-labelled: the initial states satisfy the root's
 * label, and a parent's label with the action of a tree edge implies the child's label.
 *
 * A covering edge v ▷ w says label(v) implies label(w) for an earlier node w at the same location;
 * a node is covered when it or an ancestor has such an edge, and a covered node is neither
 * expanded nor may it cover others. A node whose label becomes `false` is unreachable: its subtree
 * is removed. When no uncovered leaf is left to expand, the labels of the uncovered nodes,
 * disjoined per location, are an inductive invariant (`invariant`).
 */
import { False, or, type Expr } from '../../lang/expr.js';
import type { Action, Interpreter, Location } from '../../formalisms/interpreter.js';
import type { ImpactCounters } from './context.js';

export class UNode {
  readonly children: UNode[] = [];
  /** Nodes this one covers. */
  readonly covers = new Set<UNode>();
  coveredBy: UNode | undefined = undefined;
  /** Whether its children, one per action, have been made. */
  expanded = false;
  /** Set when its subtree was cut because an ancestor's label became false. */
  removed = false;
  readonly depth: number;

  constructor(
    /** Creation order: a node may be covered only by an earlier one. */
    readonly id: number,
    readonly loc: Location,
    public label: Expr,
    readonly parent: UNode | undefined,
    /** The action from the parent to this node. */
    readonly action: Action | undefined,
  ) {
    this.depth = parent ? parent.depth + 1 : 0;
  }
}

export class Unwinding {
  readonly root: UNode;
  private nextId = 0;
  /** The nodes at each location, in creation order (removed ones are dropped lazily). */
  private readonly byLoc = new Map<Location, UNode[]>();

  constructor(readonly model: Interpreter, private readonly counters: ImpactCounters, label: Expr) {
    this.root = this.add(model.initLoc, label, undefined, undefined);
  }

  private add(loc: Location, label: Expr, parent: UNode | undefined, action: Action | undefined): UNode {
    const n = new UNode(this.nextId++, loc, label, parent, action);
    let list = this.byLoc.get(loc);
    if (!list) this.byLoc.set(loc, (list = []));
    list.push(n);
    this.counters.unwindingNodes++;
    return n;
  }

  /** Expands `v`: a child labelled `label` per action from its location. */
  expand(v: UNode, label: Expr): UNode[] {
    for (const a of this.model.actions(v.loc)) v.children.push(this.add(a.target, label, v, a));
    v.expanded = true;
    this.counters.expanded++;
    return v.children;
  }

  /** The nodes at `loc` still in the tree, earliest first. */
  at(loc: Location): readonly UNode[] {
    const list = this.byLoc.get(loc) ?? [];
    if (list.some((n) => n.removed)) this.byLoc.set(loc, list.filter((n) => !n.removed));
    return this.byLoc.get(loc) ?? [];
  }

  /** Whether `v` or one of its ancestors has a covering edge. */
  isCovered(v: UNode): boolean {
    for (let n: UNode | undefined = v; n; n = n.parent) if (n.coveredBy) return true;
    return false;
  }

  /** Whether `a` is `b` or one of its ancestors. */
  isAncestor(a: UNode, b: UNode): boolean {
    for (let n: UNode | undefined = b; n; n = n.parent) if (n === a) return true;
    return false;
  }

  /** The tree path from `from` (an ancestor, the root by default) down to `v`, both included. */
  path(v: UNode, from: UNode = this.root): UNode[] {
    const out: UNode[] = [];
    for (let n: UNode | undefined = v; n; n = n.parent) {
      out.push(n);
      if (n === from) break;
    }
    return out.reverse();
  }

  /** The nearest common ancestor of two nodes. */
  nca(a: UNode, b: UNode): UNode {
    while (a.depth > b.depth) a = a.parent!;
    while (b.depth > a.depth) b = b.parent!;
    while (a !== b) { a = a.parent!; b = b.parent!; }
    return a;
  }

  /** `v` and its descendants. */
  subtree(v: UNode): UNode[] {
    const out: UNode[] = [];
    const stack = [v];
    while (stack.length) {
      const n = stack.pop()!;
      out.push(n);
      stack.push(...n.children);
    }
    return out;
  }

  /**
   * Adds the covering edge v ▷ w. Nodes below v are covered now and may not cover others: the
   * nodes they covered lose their edges and are returned, to be covered again or expanded.
   */
  cover(v: UNode, w: UNode): UNode[] {
    const released: UNode[] = [];
    for (const n of this.subtree(v)) {
      for (const y of n.covers) released.push(y);
      for (const y of [...n.covers]) this.uncover(y);
    }
    v.coveredBy = w;
    w.covers.add(v);
    this.counters.coveredNodes++;
    return released;
  }

  uncover(y: UNode): void {
    if (!y.coveredBy) return;
    y.coveredBy.covers.delete(y);
    y.coveredBy = undefined;
    this.counters.coveredNodes--;
  }

  /**
   * Cuts the subtree below `v`, whose label became false. The nodes its nodes covered lose their
   * edges and are returned.
   */
  cut(v: UNode): UNode[] {
    const released: UNode[] = [];
    for (const n of this.subtree(v)) {
      if (n !== v) {
        n.removed = true;
        this.counters.unwindingNodes--;
        this.uncover(n);
      }
      for (const y of [...n.covers]) {
        this.uncover(y);
        released.push(y);
      }
    }
    v.children.length = 0;
    // nodes of the subtree that covered each other are gone with it
    return released.filter((y) => !y.removed);
  }

  /** The leaves below `v` (or `v` itself) that still have to be expanded. */
  leaves(v: UNode): UNode[] {
    return this.subtree(v).filter((n) => !n.expanded && n.label !== False);
  }

  /** The nodes that count: in the tree, not covered, label not false. */
  live(): UNode[] {
    return this.subtree(this.root).filter((n) => n.label !== False && !this.isCovered(n));
  }

  /** The labels of the uncovered nodes, disjoined per location (`false` where there are none). */
  invariant(): Map<Location, Expr> {
    const labels = new Map<Location, Expr[]>();
    for (const n of this.live()) {
      let list = labels.get(n.loc);
      if (!list) labels.set(n.loc, (list = []));
      list.push(n.label);
    }
    return new Map(this.model.locations.map((l) => [l, or(...(labels.get(l) ?? [False]))]));
  }
}
