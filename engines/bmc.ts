/**
 * Bounded model checking over the interpreter interface (Biere et al.), the base case of the
 * bounded-checking module (bounded.ts) alone: it asks whether a bad state is reachable at step k
 * before it extends to step k+1; a satisfiable answer is read back into a concrete trace (every
 * variable at every step, the actions taken and the choices they made). When no action leaves the
 * locations reached, every path has been explored and none reached a bad state: the answer is
 * SAFE, by the exhausted unrolling's k-inductive invariant.
 *
 * Deep in the unrolling one query can take seconds, and asking at every step pays that at every
 * step. So once a query is costly, one query covers several steps (bounded.ts, `search`): the steps
 * between two queries may keep the state at the error location, and the steps kept are left out of
 * the trace. A bug is found in any case; its trace may then be a few steps longer than the
 * shortest.
 */
import type { Z3Context } from '../lang/smt/context.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import { unknown, type Result } from '../formalisms/result.js';
import { BaseCase } from './bounded.js';
import type { Limits, Progress } from './run.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { boundOf, boundShown } from './bound.js';

export interface BmcOptions extends Limits {
  readonly z3: Z3Context;
  /** The deepest step at which a bad state is looked for. */
  readonly bound: number;
  readonly onProgress?: (p: Progress) => void;
  /** A query costing Z3 this resource count or more doubles the steps the next one covers (bounded.ts, `search`). */
  readonly widenEffort?: number;
}

/** BMC as the engine for word-level models: each property on its interpreter view. */
export function createEngine(settings: Settings, context: EngineContext): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    async check(task, limits, reporter) {
      return bmc(task.model, { z3: await context.z3(), bound, deadline: limits.deadline, onProgress: (p) => reporter.progress(p) });
    },
  };
}

export function bmc(model: Interpreter, opts: BmcOptions): Result {
  const started = Date.now();
  const base = new BaseCase(model, opts.z3);
  let bugAt: number | undefined;
  const stats = () => ({
    timeMs: Date.now() - started,
    solverChecks: base.solver.stats.checks,
    solverTimeMs: base.solver.stats.timeMs,
    bound: bugAt ?? base.refuted,
    stepsPerQuery: base.stepsPerQuery,
  });
  const onQuery = (k: number) => opts.onProgress?.({ phase: 'bmc', iteration: k, detail: `bound ${k}`, stats: stats() });
  try {
    const answer = base.search(opts.bound, opts.deadline, onQuery, opts.widenEffort);
    if (answer === 'sat') {
      const trace = base.trace();
      bugAt = trace.states.length - 1;
      return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
    }
    if (answer === 'exhausted') return { verdict: 'safe', certificate: base.exhausted(), stats: stats() };
    if (answer === 'unsat') return { verdict: 'unknown', reason: unknown('bound', `bound ${opts.bound} reached`), stats: stats() };
    return { verdict: 'unknown', reason: answer, stats: stats() };
  } catch (e) {
    if (e instanceof UnsupportedError) return { verdict: 'unknown', reason: unknown('unsupported', e.message), stats: stats() };
    throw e;
  } finally {
    base.dispose();
  }
}
