/**
 * What an engine's check of one property gives: SAFE or UNSAFE with a typed certificate, or UNKNOWN
 * with a typed reason; and its statistics. A result is not a verdict the user sees until its
 * certificate has passed the check of its kind (certificates/check.ts), by code that shares nothing
 * with the engine.
 */
import type { CertificateOf } from './certificate.js';
import type { FailsVerdict, HoldsVerdict, PropertyKind } from './property-kinds.js';

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

/**
 * An abstract reachability graph as plain data, for drawing it (`--arg`) and for reports: the
 * engine that built it turns its own graph into this when it answers.
 */
export interface ArgGraph {
  readonly nodes: readonly {
    readonly id: number;
    /** The node's location and abstract state, printed. */
    readonly location: string;
    readonly state: string;
    /** The node whose state covers this one's. */
    readonly coveredBy?: number;
    /** Whether the node is at the error location (a bad state, abstractly). */
    readonly target: boolean;
  }[];
  /** Successor edges, labelled with the action taken. */
  readonly edges: readonly { readonly from: number; readonly to: number; readonly label: string }[];
}

interface Common {
  readonly stats: Statistics;
  /** The final abstract reachability graph, from engines that build one (`--arg`), made when asked for. */
  readonly arg?: () => ArgGraph;
}

/** An answer for a property of kind K: holds or fails with the certificate the kind's answer has. */
type Answered<K extends PropertyKind> =
  | Common & { readonly verdict: HoldsVerdict<K>; readonly certificate: CertificateOf[K]['holds'] }
  | Common & { readonly verdict: FailsVerdict<K>; readonly certificate: CertificateOf[K]['fails'] };

export type Result = { [K in PropertyKind]: Answered<K> }[PropertyKind] | Common & { readonly verdict: 'unknown'; readonly reason: UnknownReason };
