/**
 * Lemma propagation, after each frame is cleared of bad states: a lemma of level i moves to i + 1
 * when F_i ∧ T implies it in the next state. Levels are visited bottom-up so that lemmas pushed
 * into a level are tried again from there. A level left with no lemmas of its own means
 * F_i = F_{i+1}: the lemmas above it form an inductive invariant.
 */
import type { Frames } from './frames.js';

/** Pushes the lemmas of levels 1 .. k-1 forward; the first level that became empty, if any. */
export function propagate(frames: Frames, k: number): number | undefined {
  for (let i = 1; i < k; i++) if (frames.pushUp(i) === 0) return i;
  return undefined;
}
