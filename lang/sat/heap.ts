/**
 * The VSIDS order of the SAT solver: each variable's activity, bumped when it takes part in a
 * conflict and decayed by growing the bump, and a binary max-heap of variables by activity from
 * which the solver picks its next decision. Kept apart from the solver because it is a data
 * structure with its own invariant (`index` and `heap` are inverse permutations) that the search
 * only bumps, refills and pops.
 */

const VAR_DECAY = 0.95;

export class VarHeap {
  /** Per variable: its activity. */
  private activity = new Float64Array(0);
  private inc = 1;
  private heap = new Int32Array(0);
  /** Per variable: its position in `heap`, -1 when not in it. */
  private index = new Int32Array(0);
  private size = 0;
  private vars = 0;

  get empty(): boolean { return this.size === 0; }

  /** Makes room for variables below `cap`, keeping the ones there are. */
  grow(cap: number): void {
    const widen = <T extends Int32Array | Float64Array>(from: T, to: T): T => { to.set(from); return to; };
    this.activity = widen(this.activity, new Float64Array(cap));
    this.heap = widen(this.heap, new Int32Array(cap));
    this.index = widen(this.index, new Int32Array(cap));
  }

  /** Adds the new variable `v`, with no activity. */
  add(v: number): void {
    this.vars = v;
    this.activity[v] = 0;
    this.index[v] = -1;
    this.insert(v);
  }

  /** Puts `v` back after it was unassigned, unless it is still in the heap. */
  restore(v: number): void {
    if (this.index[v]! < 0) this.insert(v);
  }

  /** Raises the activity of `v`, rescaling all of them before they overflow. */
  bump(v: number): void {
    const act = this.activity;
    if ((act[v]! += this.inc) > 1e100) {
      for (let u = 1; u <= this.vars; u++) act[u]! *= 1e-100;
      this.inc *= 1e-100;
    }
    if (this.index[v]! >= 0) this.up(this.index[v]!);
  }

  /** After a conflict: later bumps weigh more, which ages the earlier ones. */
  decay(): void {
    this.inc /= VAR_DECAY;
  }

  /** Removes and returns the most active variable; the heap must not be empty. */
  pop(): number {
    const heap = this.heap;
    const act = this.activity;
    const top = heap[0]!;
    this.index[top] = -1;
    const last = heap[--this.size]!;
    if (this.size > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= this.size) break;
        if (child + 1 < this.size && act[heap[child + 1]!]! > act[heap[child]!]!) child++;
        if (act[heap[child]!]! <= act[last]!) break;
        heap[i] = heap[child]!;
        this.index[heap[i]!] = i;
        i = child;
      }
      heap[i] = last;
      this.index[last] = i;
    }
    return top;
  }

  private insert(v: number): void {
    this.heap[this.size] = v;
    this.index[v] = this.size;
    this.up(this.size++);
  }

  private up(i: number): void {
    const heap = this.heap;
    const act = this.activity;
    const v = heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const u = heap[parent]!;
      if (act[u]! >= act[v]!) break;
      heap[i] = u;
      this.index[u] = i;
      i = parent;
    }
    heap[i] = v;
    this.index[v] = i;
  }
}
