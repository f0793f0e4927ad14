/**
 * The abstract reachability graph (Hajdu and Micskei, Definition 3): nodes pair a location with an
 * abstract state; successor edges carry the action taken; covered-by edges point from a node to one
 * whose state contains it. Without covered-by edges the ARG is a tree. A node is expanded when its
 * successors are all in the graph, covered when it has a covered-by edge, unsafe when it is a bad
 * state; otherwise it is unmarked and waits for the abstractor.
 */
import type { Action, Location } from '../formalisms/interpreter.js';
import type { AbstractState, Precision } from './domain.js';

export class ArgNode<S extends AbstractState> {
  readonly children: ArgNode<S>[] = [];
  /** Nodes this one covers. */
  readonly covers = new Set<ArgNode<S>>();
  coveredBy: ArgNode<S> | undefined = undefined;
  expanded = false;
  unsafe = false;
  /** Set when the node is pruned from the graph; it must not be used any more. */
  pruned = false;
  /** Distance from its root. */
  readonly depth: number;
  /** The precision the state was abstracted with; older than the location's current one means stale. */
  precision: Precision | undefined = undefined;

  constructor(
    readonly id: number,
    readonly loc: Location,
    readonly state: S,
    readonly parent: ArgNode<S> | undefined,
    /** The action from the parent to this node. */
    readonly action: Action | undefined,
  ) {
    this.depth = parent ? parent.depth + 1 : 0;
  }

  /** Neither expanded, covered nor unsafe: the abstractor still has to look at it. */
  get unmarked(): boolean {
    return !this.expanded && !this.coveredBy && !this.unsafe;
  }

  /** True if `this` is `n` or lies below it. */
  isDescendantOf(n: ArgNode<S>): boolean {
    for (let m: ArgNode<S> | undefined = this; m; m = m.parent) if (m === n) return true;
    return false;
  }
}

/** A path in the ARG from a root to a node: nodes[i] --actions[i]--> nodes[i+1]. */
export interface ArgPath<S extends AbstractState> {
  readonly nodes: readonly ArgNode<S>[];
  readonly actions: readonly Action[];
}

export class Arg<S extends AbstractState> {
  readonly roots: ArgNode<S>[] = [];
  private readonly byLoc = new Map<Location, Set<ArgNode<S>>>();
  private nextId = 0;
  private live = 0;

  /** Adds a root (parent undefined) or the successor of `parent` by `action`. */
  add(loc: Location, state: S, parent?: ArgNode<S>, action?: Action): ArgNode<S> {
    const n = new ArgNode(this.nextId++, loc, state, parent, action);
    if (parent) parent.children.push(n);
    else this.roots.push(n);
    let set = this.byLoc.get(loc);
    if (!set) this.byLoc.set(loc, (set = new Set()));
    set.add(n);
    this.live++;
    return n;
  }

  /** The live nodes at a location. */
  at(loc: Location): ReadonlySet<ArgNode<S>> {
    return this.byLoc.get(loc) ?? new Set();
  }

  *nodes(): Generator<ArgNode<S>> {
    for (const set of this.byLoc.values()) yield* set;
  }

  get size(): number {
    return this.live;
  }

  get coveredCount(): number {
    let c = 0;
    for (const n of this.nodes()) if (n.coveredBy) c++;
    return c;
  }

  cover(n: ArgNode<S>, by: ArgNode<S>): void {
    n.coveredBy = by;
    by.covers.add(n);
  }

  /** The path from the root to `n`. */
  pathTo(n: ArgNode<S>): ArgPath<S> {
    const nodes: ArgNode<S>[] = [];
    const actions: Action[] = [];
    for (let m: ArgNode<S> | undefined = n; m; m = m.parent) {
      nodes.push(m);
      if (m.action) actions.push(m.action);
    }
    return { nodes: nodes.reverse(), actions: actions.reverse() };
  }

  /**
   * Removes the subtree below `n` (n included) with its covered-by edges (lazy abstraction). The
   * parent is no longer expanded, and nodes that were covered by a removed node lose their cover.
   * Returns the live nodes that became unmarked, for the waitlist.
   */
  prune(n: ArgNode<S>): ArgNode<S>[] {
    const removed: ArgNode<S>[] = [];
    const stack = [n];
    while (stack.length) {
      const m = stack.pop()!;
      removed.push(m);
      stack.push(...m.children);
    }
    const reopened = new Set<ArgNode<S>>();
    for (const m of removed) {
      m.pruned = true;
      this.byLoc.get(m.loc)!.delete(m);
      this.live--;
      if (m.coveredBy) m.coveredBy.covers.delete(m);
      for (const c of m.covers) {
        c.coveredBy = undefined;
        if (!c.pruned) reopened.add(c);
      }
    }
    if (n.parent) {
      const siblings = n.parent.children;
      siblings.splice(siblings.indexOf(n), 1);
      n.parent.expanded = false;
      reopened.add(n.parent);
    } else {
      this.roots.splice(this.roots.indexOf(n), 1);
    }
    return [...reopened].filter((r) => !r.pruned && r.unmarked);
  }

  /** Removes everything (FULL pruning restarts from the initial states). */
  clear(): void {
    for (const r of [...this.roots]) this.prune(r);
  }
}
