/**
 * All-SAT by blocking clauses on a long-lived solver: the distinct values that a list of terms takes
 * in the models of some formulas, up to a limit (Hajdu and Micskei, Sect. 2.2.1 and 3.1.1: predicate
 * abstraction and k-enumeration). The blocking clauses of one enumeration live in a scope of their
 * own, popped afterwards, so the solver does not accumulate them; formulas that later enumerations
 * use again (an action's formula) get their assumption indicator before that scope opens, so they
 * are translated and asserted once.
 */
import { BoolT } from '../../lang/types.js';
import { neq, not, or, True, type Expr } from '../../lang/expr.js';
import type { Queries } from './queries.js';

/** The outcome: every value tuple (each a list of literals, one per term), or why it stopped. */
type Enumeration = readonly (readonly Expr[])[] | 'exceeded' | 'unknown';

/** The term differs from the literal: the clause that blocks one model's projection. */
function differs(term: Expr, value: Expr): Expr {
  if (term.type === BoolT) return value === True ? not(term) : term;
  return neq(term, value);
}

/**
 * The value tuples of `terms` over the models of `assumptions`. `limit` bounds how many there may be
 * (Infinity for none): with more, the answer is 'exceeded'. A solver 'unknown' gives 'unknown'.
 * With no terms, the answer is one empty tuple when the assumptions are satisfiable, none otherwise.
 * `lasting`: assumptions that later enumerations will use again.
 */
export function enumerateModels(
  queries: Queries, assumptions: readonly Expr[], terms: readonly Expr[], limit: number, lasting: readonly Expr[] = [],
): Enumeration {
  const solver = queries.smt;
  for (const e of lasting) solver.pin(e);
  const depth = solver.scopes;
  solver.push();
  try {
    const found: Expr[][] = [];
    for (;;) {
      const verdict = queries.check(assumptions);
      if (verdict === 'unsat') return found;
      if (verdict === 'unknown') return 'unknown';
      if (found.length >= limit) return 'exceeded';
      const m = solver.model();
      let values: Expr[];
      try {
        values = terms.map((t) => m.eval(t));
      } finally {
        m.dispose();
      }
      found.push(values);
      solver.add(or(...terms.map((t, i) => differs(t, values[i]!))));
    }
  } finally {
    solver.pop(solver.scopes - depth);
  }
}
