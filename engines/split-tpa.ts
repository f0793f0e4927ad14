/**
 * Split transition power abstraction (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Split
 * Transition Power Abstractions for Unbounded Safety", FMCAD 2022), Golem's `split-tpa`: TPA
 * (tpa.ts) with the powers kept as two families, exactly 2^n steps and fewer than 2^n
 * (tpa/split-powers.ts), on the same encoding.
 *
 * Round n asks whether a bad state is reachable from an initial one in fewer than 2^(n+1) steps,
 * then in exactly 2^(n+1). A reachable answer is found again as a trace by one query of 2^(n+1)
 * steps that may keep the state (bounded.ts, `stutteringTrace`). After a refuted first query the
 * round looks for a proof (tpa/fixpoint.ts): a transition invariant among the less-than lemmas, as
 * TPA does, which gives an inductive invariant; or a level i ≤ n whose exact power is transitive
 * from the states its less-than power reaches, which gives a 2^i-inductive one.
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
import { SplitPowers } from './tpa/split-powers.js';
import { invariantOf, kInvariantOf } from './tpa/fixpoint.js';

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter): Promise<Result> {
      return splitTpa(task.model, await context.z3(), limits, reporter);
    },
  };
}

export function splitTpa(model: Interpreter, z3: Z3Context, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const checks = new DeadlineChecks(limits.deadline);
  const enc = new Encoding(model);
  const powers = new SplitPowers(enc, z3, checks);
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
  const unsafe = (): Result => {
    const trace = stutteringTrace(model, z3, 2 ** (level + 1), limits.deadline);
    if ('kind' in trace) return { verdict: 'unknown', reason: trace, stats: stats() };
    return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
  };
  try {
    for (;; level++) {
      reporter.progress({ phase: 'split-tpa', iteration: level, detail: `fewer than 2^${level + 1} steps, ${powers.counters.lemmas} lemmas`, stats: stats() });
      if (powers.less(level, enc.init, enc.bad) !== undefined) return unsafe();
      const invariant = invariantOf(powers, z3, checks);
      if (invariant) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: enc.perLocation(invariant) }, stats: stats() };
      const k = kInvariantOf(powers, z3, checks, level);
      if (k) return { verdict: 'safe', certificate: { kind: 'k-invariant', k: k.k, simplePath: false, invariant: enc.perLocation(k.invariant) }, stats: stats() };
      reporter.progress({ phase: 'split-tpa', iteration: level, detail: `exactly 2^${level + 1} steps, ${powers.counters.lemmas} lemmas`, stats: stats() });
      if (powers.exact(level, enc.init, enc.bad) !== undefined) return unsafe();
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    powers.dispose();
  }
}
