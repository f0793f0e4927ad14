/**
 * Blocking a bad abstract cube found in the top frame: its obligation and those it spawns are
 * discharged lowest level first. An obligation whose cube is relatively inductive to the frame
 * below is generalised into a lemma (mic.ts) and re-enqueued one level above it, until the top; one
 * that is not spawns the abstract state of its predecessor as a new obligation a level down. An
 * obligation that meets an initial state, or whose predecessor lies in F_0, closes an abstract
 * counterexample: the path of abstract states from there to the bad cube.
 */
import type { Ic3iaContext } from './context.js';
import type { Cube, Frames } from './frames.js';
import type { Mic } from './mic.js';
import { abstractPath, type Obligation } from './obligations.js';
import { ObligationQueue } from '../obligation-queue.js';

/** Blocks `bad` at the top frame; an abstract counterexample if it cannot be blocked. */
export function block(ctx: Ic3iaContext, frames: Frames, mic: Mic, bad: Cube): Cube[] | undefined {
  const top = frames.top;
  const queue = new ObligationQueue<Obligation>();
  queue.push({ cube: bad, level: top, depth: 0, next: undefined });
  while (queue.size > 0) {
    ctx.checkDeadline();
    const ob = queue.peek();
    ctx.counters.obligations++;
    if (frames.meetsInit(ob.cube)) return abstractPath(undefined, ob);
    const ind = frames.relInd(ob.cube, ob.level - 1);
    if ('predecessor' in ind) {
      if (ob.level === 1) return abstractPath(ind.predecessor, ob);
      queue.push({ cube: ind.predecessor, level: ob.level - 1, depth: ob.depth + 1, next: ob });
      continue;
    }
    queue.pop();
    const level = mic.block(ind.core, ob.cube, ob.level);
    if (level < top) queue.push({ ...ob, level: level + 1 });
  }
  return undefined;
}
