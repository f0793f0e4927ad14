/**
 * What every checker returns. SAFE carries an invariant and UNSAFE a concrete trace, each checked by
 * code independent of the algorithm before the verdict is shown; UNKNOWN says why (bound reached,
 * timeout, out of memory, an unsupported construct).
 */
import type { Trace } from '../formalisms/trace.js';
import type { Expr } from '../lang/expr.js';
import type { Location } from '../formalisms/interpreter.js';

export interface Statistics {
  /** Wall time of the whole check, in milliseconds. */
  timeMs: number;
  /** Solver checks issued and the time spent inside them. */
  solverChecks: number;
  solverTimeMs: number;
  /** Algorithm-specific counters (the BMC bound reached, CEGAR iterations, ...). */
  [counter: string]: number;
}

export type Verdict =
  | { readonly result: 'safe'; readonly invariant: ReadonlyMap<Location, Expr>; readonly stats: Statistics }
  | { readonly result: 'unsafe'; readonly trace: Trace; readonly stats: Statistics }
  | { readonly result: 'unknown'; readonly reason: string; readonly stats: Statistics };

/** Limits every checker honours. */
export interface Limits {
  /** Absolute time (ms since the epoch, as `Date.now()`) after which the checker gives up. */
  readonly deadline?: number;
}

/** Progress reports for the terminal interface and the plain progress lines. */
export interface Progress {
  readonly phase: string;
  readonly iteration: number;
  readonly detail?: string;
  /** Counters so far (solver checks and time, ARG nodes, IC3 clauses, ...), plain numbers. */
  readonly stats?: Readonly<Record<string, number>>;
  /** The newest predicates or variables of the precision, printed. */
  readonly newest?: readonly string[];
}
