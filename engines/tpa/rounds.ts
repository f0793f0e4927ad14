/**
 * The rounds both TPA engines run (tpa.ts, split-tpa.ts): level 0, 1, ... until a round answers,
 * with the statistics, the progress, the trace of a reachable answer and the UNKNOWN of a stopped
 * search done once here. Each engine's round asks its queries and looks for its proofs.
 */
import { DeadlineChecks } from '../../lang/smt/deadline.js';
import { interpolationStats } from '../../lang/smt/interpolate.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { Solver } from '../../lang/smt/solver.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { SafeCertificate } from '../../formalisms/certificate.js';
import type { Result, Statistics } from '../../formalisms/result.js';
import type { Limits, Reporter } from '../run.js';
import { stutteringTrace } from '../bounded.js';
import { stopReason } from '../path-interpolants.js';
import { Encoding } from './encoding.js';

/** The solvers of power abstractions: each level's, and those of the fixpoint checks, counted when they are spent. */
export class LevelSolvers {
  private readonly live: Solver[] = [];
  private readonly gone = { checks: 0, timeMs: 0 };

  /** `s`, counted and disposed of with the others. */
  track<S extends Solver>(s: S): S {
    this.live.push(s);
    return s;
  }

  /** Counts a solver's checks in the statistics and disposes of it. */
  spent(s: Solver): void {
    this.gone.checks += s.stats.checks;
    this.gone.timeMs += s.stats.timeMs;
    s.dispose();
  }

  /** Checks and their time in the live solvers and those spent. */
  totals(): { checks: number; timeMs: number } {
    return {
      checks: this.gone.checks + this.live.reduce((n, s) => n + s.stats.checks, 0),
      timeMs: this.gone.timeMs + this.live.reduce((n, s) => n + s.stats.timeMs, 0),
    };
  }

  dispose(): void {
    for (const s of this.live) s.dispose();
  }
}

/** What the rounds read of an engine's power abstractions. */
interface Abstractions {
  readonly solvers: LevelSolvers;
  readonly counters: { readonly queries: number; readonly lemmas: number };
}

/** One round of an engine: its level, the model, and the answers it may give. */
interface Round<P> {
  readonly level: number;
  readonly powers: P;
  readonly enc: Encoding;
  readonly z3: Z3Context;
  readonly checks: DeadlineChecks;
  progress(detail: string): void;
  safe(certificate: SafeCertificate): Result;
  /** UNSAFE: a bad state is reachable within 2^(level + 1) steps; the trace is found again by one query. */
  unsafe(): Result;
}

export function powerRounds<P extends Abstractions>(phase: string, model: Interpreter, z3: Z3Context, limits: Limits, reporter: Reporter,
  make: (enc: Encoding, checks: DeadlineChecks) => P, round: (r: Round<P>) => Result | undefined): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const checks = new DeadlineChecks(limits.deadline);
  const enc = new Encoding(model);
  const powers = make(enc, checks);
  let level = 0;
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    const own = powers.solvers.totals();
    return {
      timeMs: Date.now() - started,
      solverChecks: own.checks + itp.checks - itpBefore.checks,
      solverTimeMs: own.timeMs + itp.timeMs - itpBefore.timeMs,
      level,
      ...powers.counters,
    };
  };
  const r: Omit<Round<P>, 'level'> = {
    powers, enc, z3, checks,
    progress: (detail) => reporter.progress({ phase, iteration: level, detail, stats: stats() }),
    safe: (certificate) => ({ verdict: 'safe', certificate, stats: stats() }),
    unsafe: () => {
      const trace = stutteringTrace(model, z3, 2 ** (level + 1), limits.deadline);
      if ('kind' in trace) return { verdict: 'unknown', reason: trace, stats: stats() };
      return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
    },
  };
  try {
    for (;; level++) {
      const answer = round({ ...r, level });
      if (answer) return answer;
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    powers.solvers.dispose();
  }
}
