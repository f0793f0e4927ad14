/**
 * Proof obligations: abstract cubes that reach a bad state and must be shown unreachable at a
 * level. Each links to the obligation its states step into, so a chain that reaches an initial
 * state reads off as an abstract counterexample, a path of abstract states that is then checked on
 * the concrete model. The queue serves the lowest level first, closest to the bad state among
 * equals, so blocking works bottom-up.
 */
import type { Cube } from './frames.js';

export interface Obligation {
  readonly cube: Cube;
  readonly level: number;
  /** Steps from the cube to the bad state. */
  readonly depth: number;
  /** The obligation whose cube some state of this one steps into (none for the bad cube). */
  readonly next: Obligation | undefined;
}

/** The abstract path from `first` (a cube, then the chain of obligations from `from`) to the bad cube. */
export function abstractPath(first: Cube | undefined, from: Obligation): Cube[] {
  const path = first ? [first] : [];
  for (let o: Obligation | undefined = from; o; o = o.next) path.push(o.cube);
  return path;
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
