/**
 * What an engine's check of one property gives: SAFE or UNSAFE with a typed certificate, or UNKNOWN
 * with a typed reason; and its statistics. A result is not a verdict the user sees until its
 * certificate has passed the check of its kind (certificates/check.ts), by code that shares nothing
 * with the engine.
 */
import type { NonterminationCertificate, SafeCertificate, TerminationCertificate, UnsafeCertificate } from '../certificates/certificate.js';
import type { Arg } from '../cegar/arg.js';
import type { AbstractState } from '../cegar/domain.js';

/** Safety properties hold (safe) or fail (unsafe); the termination property holds (terminating) or fails (nonterminating). */
export type Verdict = 'safe' | 'unsafe' | 'terminating' | 'nonterminating' | 'unknown';

/** Whether the verdict says a property fails. */
export function fails(v: Verdict): boolean {
  return v === 'unsafe' || v === 'nonterminating';
}

/**
 * Why a check ended without a verdict: its time or memory ran out, a bounded engine reached its
 * bound, a refinement found nothing new, the model needs a theory or construct the engine cannot
 * handle, or the user stopped the run. The benchmarks classify runs by the kind; the detail is
 * what people read.
 */
export const UNKNOWN_KINDS = ['timeout', 'memory', 'bound', 'refinement', 'unsupported', 'stopped'] as const;
export type UnknownKind = (typeof UNKNOWN_KINDS)[number];

export interface UnknownReason {
  readonly kind: UnknownKind;
  /** One line for people: `timeout`, `bound 30 reached`, `interpolation cannot refine bit-vectors`. */
  readonly detail: string;
}

export const TIMEOUT: UnknownReason = { kind: 'timeout', detail: 'timeout' };
export const OUT_OF_MEMORY: UnknownReason = { kind: 'memory', detail: 'out of memory' };
export const STOPPED: UnknownReason = { kind: 'stopped', detail: 'stopped by the user' };

export function unknown(kind: UnknownKind, detail: string): UnknownReason {
  return { kind, detail };
}

export interface Statistics {
  /** Wall time of the check, in milliseconds. */
  timeMs: number;
  /** Solver checks issued (SMT checks, or SAT calls on circuits) and the time spent inside them. */
  solverChecks: number;
  solverTimeMs: number;
  /** Algorithm-specific counters (the BMC bound reached, CEGAR iterations, IC3 frames, ...). */
  [counter: string]: number;
}

interface Common {
  readonly stats: Statistics;
  /** The final abstract reachability graph, from engines that build one (`--arg`). */
  readonly arg?: Arg<AbstractState>;
}

export type Result =
  | Common & { readonly verdict: 'safe'; readonly certificate: SafeCertificate }
  | Common & { readonly verdict: 'unsafe'; readonly certificate: UnsafeCertificate }
  | Common & { readonly verdict: 'terminating'; readonly certificate: TerminationCertificate }
  | Common & { readonly verdict: 'nonterminating'; readonly certificate: NonterminationCertificate }
  | Common & { readonly verdict: 'unknown'; readonly reason: UnknownReason };

/** Limits every engine honours. */
export interface Limits {
  /** Absolute time (ms since the epoch, as `Date.now()`) after which the engine gives up. */
  readonly deadline?: number;
  /**
   * Polled with the clock by the bit-level engines (their SAT solver, and between steps): true ends
   * the check as its deadline would. A check in the command's own thread ends this way when its
   * memory runs short (cli/in-thread.ts); the circuit portfolio stops its first member this way when
   * a worker has answered.
   */
  readonly stop?: () => boolean;
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
  /** The property being checked, when the file has several. */
  readonly property?: string;
  /** A portfolio's members, one row each: state, phase, iteration and counters as each last reported them. */
  readonly members?: readonly MemberProgress[];
}

/** One engine of a portfolio as the interface shows it. */
export interface MemberProgress {
  readonly label: string;
  readonly state: 'waiting' | 'running' | 'unknown' | 'won' | 'stopped';
  readonly phase?: string;
  readonly iteration?: number;
  readonly detail?: string;
  readonly stats?: Readonly<Record<string, number>>;
}

/** Where an engine reports its progress, and notes about how it adapted its configuration to the model. */
export interface Reporter {
  progress(p: Progress): void;
  note(line: string): void;
}
