/**
 * Clause propagation, after each frame is cleared of bad states: a clause of level i moves to
 * i + 1 when F_i ∧ T implies it in the next state. Levels are visited bottom-up so that clauses
 * pushed into a level are tried again from there. A level left with no clauses of its own means
 * F_i = F_{i+1}: the frames above it form an inductive invariant.
 */
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';

/** Pushes the clauses of levels 1 .. k-1 forward; the first level that became empty, if any. */
export function propagate(ctx: Ic3Context, frames: Frames, k: number): number | undefined {
  for (let i = 1; i < k; i++) {
    const fs = frames.solverAt(i);
    const stay = frames.pushUp(i, (cube) => !ctx.solve(fs.sat, cube.map((l) => fs.nextLit(l))));
    if (stay === 0) return i;
  }
  return undefined;
}
