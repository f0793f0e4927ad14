/**
 * The clause view of a system (the engines over clauses check it, formalisms/task.ts `clauses`):
 * the clauses as read, with the variables that stand for each predicate's arguments and a location
 * per predicate, as the CFA view (cfa.ts) has them too, so that an invariant per location is a
 * model in either view (model.ts).
 *
 * The k-th argument of every predicate is the variable `xk` (`xk_int`, `xk_bool`, `xk_real` when
 * predicates disagree on its sort): one variable per argument position and sort, shared by all
 * predicates, so a system of many predicates of the same shape has as many variables as one of
 * them, and a transition system's single predicate P(x0, ..., xn) reads as it is written.
 */
import { declareVar, type VarDecl } from '../../../lang/expr.js';
import type { Type } from '../../../lang/types.js';
import type { Loc } from '../../cfa.js';
import type { ChcSystem, Predicate } from './clauses.js';

export interface ClauseView {
  readonly system: ChcSystem;
  /** Whether every clause has at most one body atom: then the system has a CFA view too. */
  readonly linear: boolean;
  /** Every predicate's argument variables, once each. */
  readonly vars: readonly VarDecl[];
  /** The variables of each predicate's arguments, in argument order. */
  readonly params: ReadonlyMap<Predicate, readonly VarDecl[]>;
  /** Each predicate's location, ids from 1 in declaration order. */
  readonly locOf: ReadonlyMap<Predicate, Loc>;
}

const SORT_SUFFIX: Record<string, string> = { int: 'int', bool: 'bool', rat: 'real' };

export function clauseView(system: ChcSystem): ClauseView {
  const sortsAt: Set<Type>[] = [];
  for (const p of system.predicates) p.sorts.forEach((t, k) => (sortsAt[k] ??= new Set()).add(t));
  const vars: VarDecl[] = [];
  const varAt = sortsAt.map((sorts, k) => new Map([...sorts].map((t) => {
    const v = declareVar(sorts.size === 1 ? `x${k}` : `x${k}_${SORT_SUFFIX[t.kind]}`, t);
    vars.push(v);
    return [t, v] as const;
  })));
  const params = new Map(system.predicates.map((p) => [p, p.sorts.map((t, k) => varAt[k]!.get(t)!)]));
  const locOf = new Map(system.predicates.map((p, i) => [p, { id: i + 1, name: p.name }]));
  return { system, linear: system.clauses.every((c) => c.body.length <= 1), vars, params, locOf };
}
