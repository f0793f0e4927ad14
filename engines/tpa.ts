/**
 * Transition power abstraction (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Transition Power
 * Abstraction for Deep Counterexample Detection", TACAS 2022) over the interpreter view, with
 * Vigil's own interpolants. The parts are in tpa/:
 *
 * - encoding.ts: the model as one transition system, its locations as Booleans;
 * - powers.ts: the relations R_n over-approximating at most 2^n steps, and the reachability
 *   queries that refine them;
 * - fixpoint.ts: a transition invariant made of the lemmas, and the inductive invariant it yields.
 *
 * Round n asks whether a bad state is reachable from an initial state in two steps of R_n, that
 * is within 2^(n+1) steps. If so, one query of that many steps, each of which may keep the state,
 * finds the trace (bounded.ts, `stutteringTrace`): one query, not one per depth as BMC asks, since
 * the counterexamples TPA finds are deep. If not, the refuted query left R_(n+1) without any pair
 * of an initial and a bad state; when the lemmas of R_1 .. R_(n+1) then contain a relation closed
 * under one more step (from the initial states or into the bad states) that still separates them,
 * the invariant it yields is the certificate. Otherwise the next round doubles the reach.
 */
import { DeadlineChecks } from '../lang/smt/deadline.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import type { Result, Statistics } from '../formalisms/result.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import type { Limits, Reporter } from './run.js';
import { stutteringTrace } from './bounded.js';
import { stopReason } from './path-interpolants.js';
import { Encoding } from './tpa/encoding.js';
import { Powers } from './tpa/powers.js';
import { invariantOf } from './tpa/fixpoint.js';

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter): Promise<Result> {
      return tpa(task.model, await context.z3(), limits, reporter);
    },
  };
}

export function tpa(model: Interpreter, z3: Z3Context, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const checks = new DeadlineChecks(limits.deadline);
  const enc = new Encoding(model);
  const powers = new Powers(enc, z3, checks);
  let level = 0;
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    const own = powers.solverStats();
    return {
      timeMs: Date.now() - started,
      solverChecks: own.checks + itp.checks - itpBefore.checks,
      solverTimeMs: own.timeMs + itp.timeMs - itpBefore.timeMs,
      level,
      ...powers.counters,
    };
  };
  try {
    for (;; level++) {
      reporter.progress({ phase: 'tpa', iteration: level, detail: `within 2^${level + 1} steps, ${powers.counters.lemmas} lemmas`, stats: stats() });
      if (powers.reach(level, enc.init, enc.bad) !== undefined) {
        const trace = stutteringTrace(model, z3, 2 ** (level + 1), limits.deadline);
        if ('kind' in trace) return { verdict: 'unknown', reason: trace, stats: stats() };
        return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
      }
      const invariant = invariantOf(powers, z3, checks);
      if (invariant) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: enc.perLocation(invariant) }, stats: stats() };
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    powers.dispose();
  }
}
