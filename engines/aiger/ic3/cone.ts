/**
 * Cones of influence of AIG nodes, walked per SAT query: the frame solvers decide only the cone of
 * what a query assumes, and lifting assumes only the inputs and latches in the cone of its target.
 * A walk reaches each node once (a stamp per node), so the union of several roots' cones costs its
 * size; nodes pinned once (the constraints' cones) count as reached in every walk.
 */
import { firstGateNode, type Aig } from '../../../formalisms/aig.js';

const PINNED = -1;

export class ConeWalker {
  /** Per node: the walk that last reached it, or PINNED. */
  private readonly reached: Int32Array;
  private readonly firstGate: number;
  private walk = 1; // 0 would match every node not reached yet
  private readonly stack: number[] = [];

  constructor(private readonly aig: Aig) {
    this.firstGate = firstGateNode(aig);
    this.reached = new Int32Array(this.firstGate + aig.fanins.length / 2);
  }

  /** Starts a new walk: nothing but the pinned nodes is reached. */
  begin(): void { this.walk++; }

  /** Calls `visit` on each node of the fan-in of `root` (itself included) not reached yet in this walk. */
  add(root: number, visit: (node: number) => void): void {
    this.mark(root, this.walk, visit, false);
  }

  /** As `add`, but visits each node after the nodes of its fan-in (in a topological order). */
  addPostOrder(root: number, visit: (node: number) => void): void {
    this.mark(root, this.walk, visit, true);
  }

  /** Counts the fan-in of `root` as reached in every walk from now on, after calling `visit` on its nodes. */
  pin(root: number, visit: (node: number) => void): void {
    this.mark(root, PINNED, visit, false);
  }

  private mark(root: number, stamp: number, visit: (node: number) => void, postOrder: boolean): void {
    const reached = this.reached;
    const fanins = this.aig.fanins;
    const firstGate = this.firstGate;
    const stack = this.stack;
    stack.push(root);
    while (stack.length > 0) {
      const n = stack.pop()!;
      // -(n + 1): the fan-in of n is done (post-order only)
      if (n < 0) { visit(-n - 1); continue; }
      if (reached[n] === this.walk || reached[n] === PINNED) continue;
      reached[n] = stamp;
      if (postOrder) stack.push(-n - 1); else visit(n);
      if (n >= firstGate) stack.push(fanins[2 * (n - firstGate)]! >> 1, fanins[2 * (n - firstGate) + 1]! >> 1);
    }
  }
}
