/**
 * Abstract domains and precisions, as in Hajdu and Micskei, "Efficient Strategies for CEGAR-Based
 * Model Checking", Sect. 2.2.1: a domain has abstract states ordered by `leq`, an expression
 * function giving their meaning over V, and a transfer function that computes the successors of a
 * state by an action under a precision. Locations are not part of the domain: the ARG pairs every
 * abstract state with its location, and a location-aware precision (`PrecisionMap`) hands the
 * transfer function the precision of the target location.
 */
import type { Expr } from '../lang/expr.js';
import type { Action } from '../formalisms/interpreter.js';

export interface AbstractState {
  /** The concrete data states this abstract state stands for, over V (unprimed). */
  readonly expr: Expr;
  /** True when it stands for no state at all (the domain's bottom). */
  readonly bottom: boolean;
}

/**
 * A precision: what the abstraction tracks (predicates, or variables). Immutable; `join` returns a
 * new precision (or the same object when nothing is new).
 */
export interface Precision {
  /** How many predicates or variables it tracks. */
  readonly size: number;
  /**
   * What it tracks, printed (long predicates cut short), in the order it was learnt (the newest
   * last), for the TUI: everything, or the `last` newest items.
   */
  items(last?: number): string[];
}

export interface Domain<S extends AbstractState, P extends Precision> {
  /** The initial abstract states: those of `init` (a formula over V), abstracted with `prec`. */
  initial(init: Expr, prec: P): S[];
  /** The transfer function: the successors of `s` by `action`, abstracted with `prec`. Bottom states are left out. */
  successors(s: S, action: Action, prec: P): S[];
  /** The partial order (coverage): every concrete state of `a` is one of `b`. Must imply expr(a) => expr(b). */
  leq(a: S, b: S): boolean;
  /** Whether some concrete state of `s` may satisfy `bad` (a formula over V); a sound over-approximation. */
  mayBeBad(s: S, bad: Expr): boolean;
  /** The empty precision (nothing tracked). */
  emptyPrecision(): P;
  /** The precision that tracks `prec` and everything `interpolant` needs (its predicates, split as configured, or its variables). */
  refine(prec: P, interpolant: Expr): P;
  /** The two precisions together. */
  join(a: P, b: P): P;
}
