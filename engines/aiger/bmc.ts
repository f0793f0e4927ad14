/**
 * Bounded model checking of a circuit on the SAT solver (Biere, Cimatti, Clarke, Zhu), incremental:
 * the base case of the bounded-checking module (bounded.ts), asked for a bad state at step 0, 1, ...
 * until it finds one or its bound or time is reached.
 */
import { FALSE_LIT, type Aig } from '../../formalisms/aig.js';
import { TIMEOUT, unknown, type Statistics } from '../../formalisms/result.js';
import type { Engine, Settings } from '../engine.js';
import { boundOf, boundShown } from '../bound.js';
import { BaseCase, expired, type AigerEngineOptions } from './bounded.js';
import { resultOf, type Outcome } from './outcome.js';

function bmcOutcome(aig: Aig, opts: AigerEngineOptions, reached: { bound: number }, base: BaseCase): Outcome {
  const bound = opts.bound ?? Infinity;
  // a bad state the reductions made constant false is unreachable: `true` is its invariant
  if (aig.properties[0]!.lit === FALSE_LIT) return { result: 'safe', invariant: [] };
  const { sat } = base;
  for (let k = 0; k <= bound; k++) {
    opts.onProgress?.({
      phase: 'bmc', iteration: k, detail: `bound ${k}`,
      stats: { solverChecks: sat.stats.solves, solverTimeMs: sat.stats.timeMs, conflicts: sat.stats.conflicts },
    });
    const answer = base.badAt(k, { deadline: opts.deadline, stop: opts.stop });
    if (answer === undefined) return { result: 'unknown', reason: TIMEOUT };
    reached.bound = k;
    if (answer) return { result: 'unsafe', run: base.run(k) };
    if (expired(opts)) return { result: 'unknown', reason: TIMEOUT };
  }
  return { result: 'unknown', reason: unknown('bound', `bound ${bound} reached`) };
}

/** BMC on a circuit: its outcome and statistics, timed from `started`. */
export function runBmc(circuit: Aig, opts: AigerEngineOptions, started = Date.now()): { outcome: Outcome; stats: Statistics } {
  const reached = { bound: -1 };
  // cells from the first frame: hwmcc19-20's deep bugs found in about half the time over AND trees
  // (docs/bench/hwmcc/bmc-depth.md)
  const base = new BaseCase(circuit, { encoding: 'cells' });
  const outcome = bmcOutcome(circuit, opts, reached, base);
  const { sat } = base;
  return {
    outcome,
    stats: {
      timeMs: Date.now() - started, solverChecks: sat.stats.solves, solverTimeMs: sat.stats.timeMs, bound: reached.bound,
      conflicts: sat.stats.conflicts,
    },
  };
}

/** BMC as the engine for circuits: each task on its circuit. */
export function createEngine(settings: Settings): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    check(task, limits, reporter) {
      const { outcome, stats } = runBmc(task.circuit!, { bound, ...limits, onProgress: (p) => reporter.progress(p) });
      return resultOf(outcome, stats);
    },
  };
}
