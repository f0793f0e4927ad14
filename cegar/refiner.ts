/**
 * Refiners (Hajdu and Micskei, Algorithm 2 and Sect. 3.2): given abstract counterexamples of an
 * unsafe ARG, either confirm one as a concrete trace, or return a refined precision and the ARG
 * nodes from which to prune (the first node of each refined path whose interpolant is not trivial).
 */
import type { Trace } from '../formalisms/trace.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import type { ArgNode, ArgPath } from './arg.js';
import type { AbstractState, Domain, Precision } from './domain.js';
import type { PrecisionMap } from './precision-map.js';

export type Refinement<S extends AbstractState, P extends Precision> =
  | { readonly kind: 'unsafe'; readonly trace: Trace }
  | { readonly kind: 'spurious'; readonly precision: PrecisionMap<P>; readonly pruneFrom: readonly ArgNode<S>[] };

export interface RefinerContext<S extends AbstractState, P extends Precision> {
  readonly model: Interpreter;
  readonly domain: Domain<S, P>;
  /** Absolute deadline (ms since the epoch) for solver work, if any. */
  readonly deadline?: number;
}

export interface Refiner {
  /** Refines with the given counterexamples (one, or several for MULTI_SEQ), all ending in unsafe nodes. */
  refine<S extends AbstractState, P extends Precision>(
    ctx: RefinerContext<S, P>,
    paths: readonly ArgPath<S>[],
    precision: PrecisionMap<P>,
  ): Refinement<S, P>;
}
