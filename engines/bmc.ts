/**
 * Bounded model checking over the interpreter interface (Biere et al.), the base case of the
 * bounded-checking module (bounded.ts) alone: before extending to step k+1 it asks whether a bad
 * state is reachable at step k; a satisfiable answer is read back into a concrete trace (every
 * variable at every step, the actions taken and the choices they made). When no action leaves the
 * locations reached, every path has been explored and none reached a bad state: the answer is
 * SAFE, by the exhausted unrolling's k-inductive invariant.
 *
 * Deep in the unrolling one query can take seconds, and asking at every step pays that at every
 * step. So a query slower than `WIDEN_MS` doubles the number of steps the next one covers, up to
 * `MAX_WINDOW`: the steps between two queries may keep the state at the error location, so the
 * query at the last of them also finds a path into a bad state at any of the others (the steps
 * kept are left out of the trace). A bug is found in any case; its trace may then be up to
 * `MAX_WINDOW - 1` steps longer than the shortest.
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
  /** A query slower than this many milliseconds doubles the steps the next one covers (default `WIDEN_MS`). */
  readonly widenMs?: number;
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

/** A query slower than this doubles the number of steps the next one covers, up to `MAX_WINDOW`. */
const WIDEN_MS = 500;
const MAX_WINDOW = 8;

export function bmc(model: Interpreter, opts: BmcOptions): Result {
  const started = Date.now();
  const base = new BaseCase(model, opts.z3);
  let reached = -1;
  let window = 1;
  const stats = () => ({ timeMs: Date.now() - started, solverChecks: base.solver.stats.checks, solverTimeMs: base.solver.stats.timeMs, bound: reached, stepsPerQuery: window });
  try {
    for (;;) {
      let exhausted = false;
      while (base.depth - reached < window && base.depth < opts.bound) {
        if (!base.extend(base.depth > reached)) {
          exhausted = true;
          break;
        }
      }
      if (base.depth > reached) {
        opts.onProgress?.({ phase: 'bmc', iteration: base.depth, detail: `bound ${base.depth}`, stats: stats() });
        const t0 = Date.now();
        const answer = base.badNow(opts.deadline);
        if (answer === 'sat') {
          const trace = base.trace();
          reached = trace.states.length - 1;
          return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
        }
        if (answer !== 'unsat') return { verdict: 'unknown', reason: answer, stats: stats() };
        if (Date.now() - t0 >= (opts.widenMs ?? WIDEN_MS) && window < MAX_WINDOW) window *= 2;
        reached = base.depth;
      }
      if (exhausted) return { verdict: 'safe', certificate: base.exhausted(), stats: stats() };
      if (base.depth >= opts.bound) return { verdict: 'unknown', reason: unknown('bound', `bound ${opts.bound} reached`), stats: stats() };
    }
  } catch (e) {
    if (e instanceof UnsupportedError) return { verdict: 'unknown', reason: unknown('unsupported', e.message), stats: stats() };
    throw e;
  } finally {
    base.dispose();
  }
}
