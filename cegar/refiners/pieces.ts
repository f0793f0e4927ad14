/**
 * A counterexample split finer than `pathParts`: one formula per state and one per transition, so
 * that backward interpolation and unsat cores can separate an abstract state from the operation that
 * leads into it. parts[0] = states[0] and parts[k] = trans[k-1] and states[k], as in `pathParts`.
 */
import { and, atStep, type Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { ArgPath } from '../arg.js';
import type { AbstractState } from '../domain.js';

export interface Counterexample<S extends AbstractState> {
  readonly model: Interpreter;
  readonly path: ArgPath<S>;
  /** states[k]: s_k over step k, with init joined to the first and bad to the last. */
  readonly states: readonly Expr[];
  /** trans[k]: op_k over steps k and k+1 (its locals at step k). */
  readonly trans: readonly Expr[];
}

export function counterexample<S extends AbstractState>(model: Interpreter, path: ArgPath<S>): Counterexample<S> {
  const { nodes, actions } = path;
  const last = nodes.length - 1;
  const states = nodes.map((n, k) => {
    const s = atStep(n.state.expr, k);
    const withInit = k === 0 ? and(atStep(model.init, 0), s) : s;
    return k === last ? and(withInit, atStep(model.bad, last)) : withInit;
  });
  const trans = actions.map((a, k) => atStep(a.formula, k));
  return { model, path, states, trans };
}

/**
 * The formulas of states from..to (inclusive) and the transitions between them, or with `backward`
 * the same formulas in the reverse order (the last transition first). Interpolation keeps the
 * literals it meets first when several refute the other side (the unsat core prefers earlier
 * assumptions), so a suffix is listed from its end, farthest from the other side (the error
 * condition before the guards the path passes on its way there).
 */
export function segment<S extends AbstractState>(cex: Counterexample<S>, from: number, to: number, backward = false): Expr {
  const parts = [...cex.states.slice(from, to + 1), ...cex.trans.slice(from, to)];
  return and(...(backward ? parts.reverse() : parts));
}
