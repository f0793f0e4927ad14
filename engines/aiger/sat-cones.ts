/**
 * Cones of influence in a SAT solver's own variables: the fan-in of each variable an Unroller
 * defines (an n-ary AND's leaves, a multiplexer's selector and data inputs), recorded as the
 * encoding makes it, and walks over that graph. An IC3 frame solver decides only the cone of what
 * a query assumes; walked here, the cone skips the gates the encoding absorbed into their readers
 * and comes out as the variables the solver wants, where a walk over the AIG visited every gate
 * and looked up each node's variable, on every query.
 *
 * A walk reaches each variable once (a stamp per variable), so the union of several roots' cones
 * costs its size; variables pinned once (the constraints' cones) count as reached in every walk.
 * A variable nothing defined here (an input, a latch, the constant) is a leaf of the graph.
 */
import { IntList } from '../../lang/int-list.js';

const PINNED = -1;

export class SatCones {
  /** Per variable: where its fan-in starts and ends in `fanins` (the same for a leaf). */
  private start = new Int32Array(1024);
  private end = new Int32Array(1024);
  private fanins = new Int32Array(4096);
  private used = 0;
  /** Per variable: the walk that last reached it, or PINNED. */
  private reached = new Int32Array(1024);

  private walk = 1; // 0 would match every variable not reached yet
  private readonly stack = new IntList();

  /** Records that variable `v` is defined over the variables of the first `size` literals of `lits`. */
  define(v: number, lits: ArrayLike<number>, size = lits.length): void {
    this.room(v);
    if (this.used + size > this.fanins.length) {
      const grown = new Int32Array(2 * (this.used + size));
      grown.set(this.fanins);
      this.fanins = grown;
    }
    this.start[v] = this.used;
    for (let i = 0; i < size; i++) {
      const l = lits[i]!;
      this.fanins[this.used++] = l < 0 ? -l : l;
    }
    this.end[v] = this.used;
  }

  /** Makes room for variables up to `v`. */
  private room(v: number): void {
    if (v < this.start.length) return;
    const size = Math.max(2 * this.start.length, v + 1);
    const grow = (a: Int32Array) => { const b = new Int32Array(size); b.set(a); return b; };
    this.start = grow(this.start);
    this.end = grow(this.end);
    this.reached = grow(this.reached);
  }

  /** Starts a new walk: nothing but the pinned variables is reached. */
  begin(): void { this.walk++; }

  /**
   * Pushes onto `out` each variable of the cone of literal `lit` (its own variable included) not
   * reached yet in this walk; only the leaves when `leaves` is set. With a `limit`, stops as soon
   * as `out` holds that many, and returns false (the walk is then incomplete).
   */
  add(lit: number, out: IntList, leaves: boolean, limit = Infinity): boolean {
    return this.mark(lit, this.walk, out, leaves, limit);
  }

  /**
   * Counts the cone of `lit` as reached in every walk from now on, after pushing the variables of
   * it not pinned yet onto `out` as `add` does. It ends the current walk.
   */
  pin(lit: number, out: IntList, leaves: boolean): void {
    this.walk++;
    this.mark(lit, PINNED, out, leaves, Infinity);
  }

  private mark(lit: number, stamp: number, out: IntList, leaves: boolean, limit: number): boolean {
    this.room(lit < 0 ? -lit : lit);
    const { start, end, fanins, reached, stack, walk } = this;
    const root = lit < 0 ? -lit : lit;
    if (reached[root] === walk || reached[root] === PINNED) return true;
    stack.push(root);
    while (stack.size > 0) {
      const v = stack.pop();
      // reached between its push and now (a variable can be pushed by several readers)
      if (reached[v] === walk || reached[v] === PINNED) continue;
      reached[v] = stamp;
      const from = start[v]!;
      const to = end[v]!;
      if (!leaves || from === to) {
        out.push(v);
        if (out.size >= limit) { stack.truncate(0); return false; }
      }
      for (let i = from; i < to; i++) {
        const u = fanins[i]!;
        // a fanin reached already is not pushed at all: most are, in a cone of shared logic
        if (reached[u] !== walk && reached[u] !== PINNED) stack.push(u);
      }
    }
    return true;
  }
}
