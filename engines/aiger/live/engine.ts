/**
 * The default engine of justice properties, `live`: three engine lines of the registry in turn on
 * one thread, each given through the engine context and run on the task as it is (its circuit
 * passes done). The bounded lasso search first for a tenth of the time (short counterexamples are
 * common and cheap to find), then k-liveness for 30 % of the rest (it proves most properties that
 * hold with a small K), then IC3 through liveness-to-safety for the rest, which decides both ways.
 * Without a deadline the first two stop at a small bound instead. The statistics name the member
 * that answered (`winner`, its index in `MEMBERS`).
 */
import { TIMEOUT, type Result } from '../../../formalisms/result.js';
import type { Engine, EngineContext, Settings } from '../../engine.js';

interface Member {
  /** The engine line with a deadline, and without one (a bounded run, where the member is incomplete). */
  readonly line: string;
  readonly unbounded?: string;
  /** Its share of the time left, where there is a deadline. */
  readonly share: number;
}

export const MEMBERS: readonly Member[] = [
  { line: 'lasso-bmc', unbounded: 'lasso-bmc --bound 25', share: 0.1 },
  { line: 'klive', unbounded: 'klive --bound 3', share: 0.3 },
  { line: 'ic3', share: 1 },
];

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({ members: MEMBERS.map((m) => m.line).join(', ') }),
    async check(task, limits, reporter): Promise<Result> {
      const started = Date.now();
      let last: Result | undefined;
      for (const [i, m] of MEMBERS.entries()) {
        const deadline = limits.deadline === undefined ? undefined : Date.now() + m.share * (limits.deadline - Date.now());
        const line = limits.deadline === undefined ? m.unbounded ?? m.line : m.line;
        last = await context.engines.run(line, task, { ...limits, deadline }, reporter, context);
        if (last.verdict !== 'unknown') return { ...last, stats: { ...last.stats, timeMs: Date.now() - started, winner: i } };
        if (limits.stop?.() || (limits.deadline !== undefined && Date.now() >= limits.deadline)) break;
      }
      return last ? { ...last, stats: { ...last.stats, timeMs: Date.now() - started } } : { verdict: 'unknown', reason: TIMEOUT, stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0 } };
    },
  };
}
