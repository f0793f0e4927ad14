/**
 * Proof obligations: cubes of states that reach a bad state and must be shown unreachable at a
 * level. Each links to the obligation its states step into, with the inputs of that step, so a
 * chain that reaches an initial state reads off as a counterexample. The queue serves the lowest
 * level first, closest to the bad state among equals, so blocking works bottom-up.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';

/** A set of states to be shown unreachable at `level`, with how its states go on to a bad state. */
export interface Obligation {
  /** Latch literals (AIG convention), sorted. */
  readonly cube: readonly Lit[];
  readonly level: number;
  /** Distance to the bad state. */
  readonly depth: number;
  /** The inputs with which every state of the cube steps into `next`'s cube (or is bad, for the last). */
  readonly inputs: Uint8Array;
  readonly next: Obligation | undefined;
}

/** A counterexample from a full initial state through the obligations from `first` on. */
export function counterexample(state: Uint8Array, stepInputs: Uint8Array[], first: Obligation | undefined): Run {
  const inputs = [...stepInputs];
  for (let o = first; o; o = o.next) inputs.push(o.inputs);
  return { latches: state, inputs };
}

/** Obligations ordered by level, then by distance to the bad state. */
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
