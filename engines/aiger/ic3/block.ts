/**
 * Blocking a bad cube found in the top frame: its obligation and those it spawns are discharged
 * lowest level first. An obligation whose cube is relatively inductive to the frame below is
 * generalised into a clause (mic.ts) and re-enqueued one level above the clause, until the top; one
 * that is not spawns the lifted predecessor as a new obligation a level down. An obligation that
 * meets an initial state, or a predecessor found in F_0, closes a counterexample.
 *
 * Each predecessor found adds one to its obligation's activity. With dynamic generalisation the
 * activity sets the CTG effort; with obligation dropping (rIC3's --ic3-drop-po) an obligation more
 * active than the limit leaves the queue. Dropping loses only a path towards a counterexample (the
 * bad state comes back from the top frame if it is still there), never a clause, so SAFE answers
 * stay inductive invariants; the caller doubles the limit after each frame that dropped one, so a
 * counterexample, which needs only finitely many predecessors, is still found.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';
import type { PredecessorLifter } from './lift.js';
import { DEFAULT_EFFORT, dynamicEffort, type Mic } from './mic.js';
import { counterexample, type Obligation } from './obligations.js';
import { ObligationQueue } from '../../obligation-queue.js';

/** An initial state inside `cube`. */
function initialIn(ctx: Ic3Context, cube: readonly Lit[]): Uint8Array {
  const state = Uint8Array.from(ctx.aig.latches, (l) => (l.reset === 1 ? 1 : 0));
  for (const l of cube) state[ctx.latchOf(l)] = (l & 1) ^ 1;
  return state;
}

/** The activity that sets an obligation's effort: the highest of it and the two obligations after it. */
function activity(ob: Obligation): number {
  let act = ob.act;
  for (let o = ob.next, n = 0; o && n < 2; o = o.next, n++) act = Math.max(act, o.act);
  return act;
}

/**
 * Blocks `bad` and every obligation it leads to; a counterexample if one cannot be blocked.
 * `dropAfter`: the activity above which an obligation is dropped (with --ic3-drop-po).
 */
export function block(ctx: Ic3Context, frames: Frames, lifter: PredecessorLifter, mic: Mic, bad: Obligation, dropAfter: number): Run | undefined {
  const top = ctx.counters.frame;
  const { dynamic, parent, dropPo } = ctx.options;
  const queue = new ObligationQueue<Obligation>();
  queue.push(bad);
  while (queue.size > 0) {
    ctx.checkDeadline();
    const ob = queue.peek();
    if (dropPo && ob.act > dropAfter) {
      queue.pop();
      ctx.count('dropped');
      continue;
    }
    ctx.counters.obligations++;
    if (ctx.meetsInit(ob.cube)) return counterexample(initialIn(ctx, ob.cube), [], ob);
    const ind = frames.relInd(ob.cube, ob.level - 1);
    if ('predecessor' in ind) {
      const pred = ind.predecessor;
      if (ob.level === 1) return counterexample(pred.state, [pred.inputs], ob);
      ob.act++;
      queue.push({ cube: lifter.toCube(pred, ob.cube), level: ob.level - 1, depth: ob.depth + 1, inputs: pred.inputs, next: ob, act: 0 });
      continue;
    }
    queue.pop();
    const effort = dynamic ? dynamicEffort(activity(ob)) : DEFAULT_EFFORT;
    const blocked = mic.block(ind.core, ob.cube, ob.level, effort, parent ? ob.next?.lemma : undefined);
    ob.lemma = blocked.cube;
    if (blocked.level < top) {
      ob.level = blocked.level + 1;
      queue.push(ob);
    }
  }
  return undefined;
}
