/**
 * Blocking a bad cube found in the top frame: its obligation and those it spawns are discharged
 * lowest level first. An obligation whose cube is relatively inductive to the frame below is
 * generalised into a clause (mic.ts) and re-enqueued one level above the clause, until the top; one
 * that is not spawns the lifted predecessor as a new obligation a level down. An obligation that
 * meets an initial state, or a predecessor found in F_0, closes a counterexample.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';
import type { Lifter } from './lift.js';
import type { Mic } from './mic.js';
import { counterexample, type Obligation } from './obligations.js';
import { ObligationQueue } from '../../obligation-queue.js';

/** An initial state inside `cube`. */
function initialIn(ctx: Ic3Context, cube: readonly Lit[]): Uint8Array {
  const state = Uint8Array.from(ctx.aig.latches, (l) => (l.reset === 1 ? 1 : 0));
  for (const l of cube) state[ctx.latchOf(l)] = (l & 1) ^ 1;
  return state;
}

/** Blocks `bad` and every obligation it leads to; a counterexample if one cannot be blocked. */
export function block(ctx: Ic3Context, frames: Frames, lifter: Lifter, mic: Mic, bad: Obligation): Run | undefined {
  const top = ctx.counters.frame;
  const queue = new ObligationQueue<Obligation>();
  queue.push(bad);
  while (queue.size > 0) {
    ctx.checkDeadline();
    const ob = queue.peek();
    ctx.counters.obligations++;
    if (ctx.meetsInit(ob.cube)) return counterexample(initialIn(ctx, ob.cube), [], ob);
    const ind = frames.relInd(ob.cube, ob.level - 1);
    if ('predecessor' in ind) {
      const pred = ind.predecessor;
      if (ob.level === 1) return counterexample(pred.state, [pred.inputs], ob);
      queue.push({ cube: lifter.toCube(pred, ob.cube), level: ob.level - 1, depth: ob.depth + 1, inputs: pred.inputs, next: ob });
      continue;
    }
    queue.pop();
    const level = mic.block(ind.core, ob.cube, ob.level);
    if (level < top) queue.push({ ...ob, level: level + 1 });
  }
  return undefined;
}
