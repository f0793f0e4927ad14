/**
 * The default engine of justice properties, `live`: a race of three engine lines of the registry
 * (engines/race.ts), each run on the task as it is (its circuit passes done). The bounded lasso
 * search starts alone for the head start (short counterexamples are common and cheap to find), and
 * hands its core to IC3 through liveness-to-safety, which decides both ways, after 6 s; k-liveness
 * runs beside it from the head start's end (it proves most properties that hold, with a small K).
 * With a core per member, all three run from the start. Run one after the other (10 %, 30 % and
 * 60 % of the time), the same members reached k-liveness only after 6 s, which proves lmcs06's
 * properties that hold in about a second (docs/bench/liveness/race.md).
 */
import type { Engine, EngineContext, Settings } from '../../engine.js';
import type { Member } from '../../portfolio-members.js';
import type { Task } from '../../../formalisms/task.js';
import { circuitPlan, shown } from '../../portfolio.js';
import { race } from '../../race.js';

export const LIVE_MEMBERS: readonly Member[] = [
  { label: 'lasso-bmc', line: 'lasso-bmc', handOver: { to: 'ic3', afterMs: 6_000 } },
  { label: 'klive', line: 'klive' },
  { label: 'ic3', line: 'ic3' },
];

export function createEngine(settings: Settings, context: EngineContext): Engine {
  // latch correspondence ran before the members, as the engine's own pass: none is deferred
  const plan = (task: Task) => circuitPlan(settings, task, context.cores, context.engines, { list: LIVE_MEMBERS, preprocess: false });
  return {
    configuration: (task) => ({ members: shown(plan(task)) }),
    check: (task, limits, reporter) => race(task, plan(task), limits, reporter, context),
  };
}
