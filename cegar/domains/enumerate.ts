/**
 * All-SAT by blocking clauses on a long-lived solver: the distinct values that a list of terms takes
 * in the models of some formulas, up to a limit. The blocking clauses of one enumeration sit behind
 * a fresh activation literal that is retired afterwards, so the solver can be reused for the next
 * query (Hajdu and Micskei, Sect. 2.2.1 and 3.1.1: predicate abstraction and k-enumeration).
 */
import { BoolT } from '../../lang/types.js';
import { declareVar, imply, neq, not, or, ref, True, type Expr } from '../../lang/expr.js';
import type { Queries } from './queries.js';

/** The outcome: every value tuple (each a list of literals, one per term), or why it stopped. */
export type Enumeration = readonly (readonly Expr[])[] | 'exceeded' | 'unknown';

let nextBlock = 0;

/** The term differs from the literal: the clause that blocks one model's projection. */
function differs(term: Expr, value: Expr): Expr {
  if (term.type === BoolT) return value === True ? not(term) : term;
  return neq(term, value);
}

/**
 * The value tuples of `terms` over the models of `assumptions`. `limit` bounds how many there may be
 * (Infinity for none): with more, the answer is 'exceeded'. A solver 'unknown' gives 'unknown'.
 * With no terms, the answer is one empty tuple when the assumptions are satisfiable, none otherwise.
 */
export function enumerateModels(queries: Queries, assumptions: readonly Expr[], terms: readonly Expr[], limit: number): Enumeration {
  const act = ref(declareVar(`block!${nextBlock++}`, BoolT));
  const found: Expr[][] = [];
  const solver = queries.smt;
  try {
    for (;;) {
      const verdict = queries.check([...assumptions, act]);
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
      solver.add(imply(act, or(...terms.map((t, i) => differs(t, values[i]!)))));
    }
  } finally {
    solver.retire(act);
  }
}
