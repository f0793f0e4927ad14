/**
 * Predicate splitting (Hajdu and Micskei, Sect. 3.1.3): before an interpolant enters a precision it
 * is kept WHOLE, split into its CONJUNCTS, or into its ATOMS. A predicate and its negation carry the
 * same information, so outer negations are dropped from every part.
 */
import { BoolT } from '../../lang/types.js';
import { conjuncts, type Expr } from '../../lang/expr.js';


export type PredSplit = 'WHOLE' | 'CONJUNCTS' | 'ATOMS';


function stripNot(e: Expr): Expr {
  while (e.op === 'not') e = e.args[0]!;
  return e;
}

/** A Boolean connective whose operands are themselves formulas (equality of Booleans included). */
function isConnective(e: Expr): boolean {
  switch (e.op) {
    case 'not': case 'and': case 'or': case 'xor': case 'imply': case 'iff':
      return true;
    case 'eq': case 'neq': case 'ite':
      return e.type === BoolT && e.args.every((a) => a.type === BoolT);
    default:
      return false;
  }
}

/** The atoms: the Boolean subformulas below the connectives, each once, in order of occurrence. */
export function atoms(e: Expr): Expr[] {
  const out = new Set<Expr>();
  const seen = new Set<Expr>();
  const stack = [e];
  while (stack.length) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    if (isConnective(c)) for (let i = c.args.length - 1; i >= 0; i--) stack.push(c.args[i]!);
    else if (c.op !== 'lit') out.add(c);
  }
  return [...out];
}

/** The parts of `e` per the splitting mode, without outer negations, literals or duplicates. */
export function splitPredicate(e: Expr, mode: PredSplit): Expr[] {
  const parts = mode === 'ATOMS' ? atoms(e) : mode === 'CONJUNCTS' ? conjuncts(e) : [e];
  const out = new Set<Expr>();
  for (const p of parts) {
    const q = stripNot(p);
    if (q.op !== 'lit') out.add(q);
  }
  return [...out];
}
