/**
 * Bounded model checking of a circuit on the SAT solver (Biere, Cimatti, Clarke, Zhu), incremental:
 * one solver holds the unrolling, frame k is encoded on the fly when step k is queried (the latches
 * of frame k+1 are the next-state literals of frame k, frame 0 holds the resets as constants), and
 * the bad literal of each step is an assumption. A step whose bad state is unreachable keeps its
 * negation as a clause: any later counterexample through it would have been found already.
 */
import { SatSolver } from '../../lang/sat/solver.js';
import { FALSE_LIT, type Aig } from '../../formalisms/aig.js';
import { TIMEOUT, unknown, type Statistics } from '../../formalisms/result.js';
import type { Limits, Progress } from '../run.js';
import type { Engine, Settings } from '../engine.js';
import { boundOf, boundShown } from '../bound.js';
import { Unroller } from './cnf.js';
import { resultOf, type Outcome } from './outcome.js';

export interface AigerEngineOptions extends Limits {
  /** BMC and k-induction: the deepest step searched. */
  readonly bound?: number;
  readonly onProgress?: (p: Progress) => void;
}

/** Whether a run with these options must end now: past its deadline, or stopped. */
export function expired(opts: AigerEngineOptions): boolean {
  return (opts.deadline !== undefined && Date.now() >= opts.deadline) || opts.stop?.() === true;
}

/**
 * The run a model of the unrolling describes, up to and including `steps - 1`. A node the queries
 * never encoded had no influence on them and may take any value, except that a latch with a reset
 * must start at it: frame 0 folds resets into constants, so a reset latch outside every queried cone
 * (bad at step 0 already, say) has no SAT literal that would say so.
 */
export function readRun(aig: Aig, sat: SatSolver, u: Unroller, steps: number) {
  const value = (t: number, node: number) => {
    const s = u.peek(t, node);
    return s !== 0 && sat.value(s) === true ? 1 : 0;
  };
  const firstLatch = 1 + aig.inputs.length;
  return {
    latches: Uint8Array.from(aig.latches, (l, k) => (l.reset === 'x' ? value(0, firstLatch + k) : l.reset)),
    inputs: Array.from({ length: steps }, (_, t) => Uint8Array.from(aig.inputs, (_i, k) => value(t, 1 + k))),
  };
}

/** A solver and the unrolling of `aig` from its initial states. */
export function initialUnrolling(aig: Aig): { sat: SatSolver; u: Unroller } {
  const sat = new SatSolver();
  const u: Unroller = new Unroller(aig, sat, (t, k) => {
    if (t > 0) return u.lit(t - 1, aig.latches[k]!.next);
    const reset = aig.latches[k]!.reset;
    return reset === 'x' ? sat.newVar() : reset === 1 ? u.trueLit : -u.trueLit;
  });
  return { sat, u };
}

export function bmcOutcome(aig: Aig, opts: AigerEngineOptions, reached: { bound: number }): Outcome & { sat: SatSolver } {
  const { sat, u } = initialUnrolling(aig);
  const bound = opts.bound ?? Infinity;
  const bad = aig.properties[0]!.lit;
  // a bad state the reductions made constant false is unreachable: `true` is its invariant
  if (bad === FALSE_LIT) return { result: 'safe', invariant: [], sat };
  for (let k = 0; k <= bound; k++) {
    opts.onProgress?.({
      phase: 'bmc', iteration: k, detail: `bound ${k}`,
      stats: { solverChecks: sat.stats.solves, solverTimeMs: sat.stats.timeMs, conflicts: sat.stats.conflicts },
    });
    for (const c of aig.constraints) sat.addClause([u.lit(k, c.lit)]);
    const b = u.lit(k, bad);
    const answer = sat.solve([b], { deadline: opts.deadline, stop: opts.stop });
    if (answer === undefined) return { result: 'unknown', reason: TIMEOUT, sat };
    reached.bound = k;
    if (answer) return { result: 'unsafe', run: readRun(aig, sat, u, k + 1), sat };
    sat.addClause([-b]);
    if (expired(opts)) return { result: 'unknown', reason: TIMEOUT, sat };
  }
  return { result: 'unknown', reason: unknown('bound', `bound ${bound} reached`), sat };
}

/** BMC on a circuit: its outcome and statistics, timed from `started`. */
export function runBmc(circuit: Aig, opts: AigerEngineOptions, started = Date.now()): { outcome: Outcome; stats: Statistics } {
  const reached = { bound: -1 };
  const { sat, ...outcome } = bmcOutcome(circuit, opts, reached);
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
