/**
 * Proof obligations: abstract cubes that reach a bad state and must be shown unreachable at a
 * level. Only the distance to the bad state is kept: an obligation that meets an initial state is
 * an abstract counterexample of that length, which is then checked on the concrete model (a
 * counterexample's concrete states come from BMC, not from the abstract cubes). The queue serves
 * the lowest level first, closest to the bad state among equals, so blocking works bottom-up.
 */
import type { Cube } from './frames.js';

export interface Obligation {
  readonly cube: Cube;
  readonly level: number;
  /** Steps from the cube to the bad state. */
  readonly depth: number;
}

/** Obligations ordered by level, then by distance to the bad state (a binary heap). */
export class ObligationQueue {
  private readonly heap: Obligation[] = [];
  get size(): number { return this.heap.length; }
  private less(a: Obligation, b: Obligation): boolean {
    return a.level < b.level || (a.level === b.level && a.depth < b.depth);
  }
  push(o: Obligation): void {
    const h = this.heap;
    h.push(o);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }
  peek(): Obligation { return this.heap[0]!; }
  pop(): Obligation {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
