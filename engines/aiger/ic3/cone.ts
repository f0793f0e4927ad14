/**
 * Cones of influence of AIG nodes, walked per SAT query: the frame solvers decide only the cone of
 * what a query assumes, and lifting assumes only the inputs and latches in the cone of its target.
 * A walk reaches each node once (a stamp per node), so the union of several roots' cones costs its
 * size; nodes pinned once (the constraints' cones) count as reached in every walk.
 */
import { firstGateNode, type Aig } from '../../../formalisms/aig.js';
import { IntList } from '../../../lang/int-list.js';

const PINNED = -1;

export class ConeWalker {
  /** Per node: the walk that last reached it, or PINNED. */
  private readonly reached: Int32Array;
  private readonly firstGate: number;
  private walk = 1; // 0 would match every node not reached yet
  private readonly stack = new IntList();

  constructor(private readonly aig: Aig) {
    this.firstGate = firstGateNode(aig);
    this.reached = new Int32Array(this.firstGate + aig.fanins.length / 2);
  }

  /** Starts a new walk: nothing but the pinned nodes is reached. */
  begin(): void { this.walk++; }

  /** Whether this walk, or a pin, reached node `n`. */
  reaches(n: number): boolean {
    const r = this.reached[n];
    return r === this.walk || r === PINNED;
  }

  /** Pushes onto `out` each node of the fan-in of `root` (itself included) not reached yet in this walk. */
  add(root: number, out: IntList): void {
    this.mark(root, this.walk, out, false);
  }

  /** As `add`, but pushes each node after the nodes of its fan-in (in a topological order). */
  addPostOrder(root: number, out: IntList): void {
    this.mark(root, this.walk, out, true);
  }

  /** Counts the fan-in of `root` as reached in every walk from now on, after pushing its nodes onto `out`. */
  pin(root: number, out: IntList): void {
    this.mark(root, PINNED, out, false);
  }

  private mark(root: number, stamp: number, out: IntList, postOrder: boolean): void {
    const reached = this.reached;
    const fanins = this.aig.fanins;
    const firstGate = this.firstGate;
    const stack = this.stack;
    const walk = this.walk;
    if (reached[root] === walk || reached[root] === PINNED) return;
    stack.push(root);
    while (stack.size > 0) {
      const n = stack.pop();
      // -(n + 1): the fan-in of n is done (post-order only)
      if (n < 0) { out.push(-n - 1); continue; }
      // reached between its push and now (a node can be pushed by several readers)
      if (reached[n] === walk || reached[n] === PINNED) continue;
      reached[n] = stamp;
      if (postOrder) stack.push(-n - 1); else out.push(n);
      if (n < firstGate) continue;
      // a fanin reached already is not pushed at all: most are, in a cone of shared logic
      const a = fanins[2 * (n - firstGate)]! >> 1;
      const b = fanins[2 * (n - firstGate) + 1]! >> 1;
      if (reached[a] !== walk && reached[a] !== PINNED) stack.push(a);
      if (reached[b] !== walk && reached[b] !== PINNED) stack.push(b);
    }
  }
}
