/**
 * Symbolic transition systems: variables V, initial condition I(V), transition relation T(V, V')
 * and property P(V). The constraint lists are kept as written so the model prints back in its own
 * syntax; `initFormula` and `transFormula` give the meaning (formats.md 3.3): an invariant holds in
 * every state, so it joins I and both sides of T.
 */
import { and, prime, type Expr, type VarDecl } from '../lang/expr.js';

export interface Sts {
  /** The specification's name (`specification NAME`). */
  readonly name: string;
  /** The property's name (`property NAME : ...`). */
  readonly propName: string;
  readonly vars: readonly VarDecl[];
  readonly invariants: readonly Expr[];
  readonly inits: readonly Expr[];
  readonly transitions: readonly Expr[];
  /** The condition inside `G(...)`: it must hold in every reachable state. */
  readonly prop: Expr;
}

export function initFormula(sts: Sts): Expr {
  return and(...sts.inits, ...sts.invariants);
}

export function transFormula(sts: Sts): Expr {
  return and(...sts.transitions, ...sts.invariants, ...sts.invariants.map(prime));
}
