/**
 * Evaluation under a partial valuation, in TypeScript, without a solver: the answer is a literal or
 * `undefined` (unknown). Connectives short-circuit on what is known (`false and ?` is false), so a
 * partially known state still decides most guards: this is what the explicit-value domain and trace
 * replay run on.
 */
import { True, isLit, leafVar, postorder, type Expr, type VarDecl } from './expr.js';
import { fold } from './fold.js';

/** Values of variables, as literal expressions. */
export type Valuation = ReadonlyMap<VarDecl, Expr>;

/** The value of a `var`/`prime` leaf, or undefined when unknown. */
export type Lookup = (leaf: Expr) => Expr | undefined;

/** Looks unprimed variables up in `cur` and once-primed ones in `next`. */
export function lookupIn(cur: Valuation, next?: Valuation): Lookup {
  return (leaf) => {
    const { decl, primes } = leafVar(leaf);
    if (primes === 0) return cur.get(decl);
    return primes === 1 ? next?.get(decl) : undefined;
  };
}

export function evaluate(e: Expr, lookup: Lookup): Expr | undefined {
  return evaluateAll(e, lookup).get(e.id);
}

/** The value of every node of `e` (quantifier bodies excluded), by node id. */
export function evaluateAll(e: Expr, lookup: Lookup): Map<number, Expr | undefined> {
  const val = new Map<number, Expr | undefined>();
  for (const n of postorder(e)) val.set(n.id, evalNode(n, val, lookup));
  return val;
}

export function evaluateIn(e: Expr, cur: Valuation, next?: Valuation): Expr | undefined {
  return evaluate(e, lookupIn(cur, next));
}

function evalNode(n: Expr, val: Map<number, Expr | undefined>, lookup: Lookup): Expr | undefined {
  if (n.op === 'var' || n.op === 'prime') return lookup(n);
  if (n.op === 'lit' || n.op === 'fplit') return n;
  const args = n.args.map((a) => val.get(a.id));
  switch (n.op) {
    case 'and':
      if (args.some((a) => a?.value === false)) return args.find((a) => a?.value === false);
      break;
    case 'or':
      if (args.some((a) => a?.value === true)) return args.find((a) => a?.value === true);
      break;
    case 'imply':
      if (args[0]?.value === false) return True;
      if (args[1]?.value === true) return args[1];
      break;
    case 'ite': {
      const c = args[0];
      if (c) return c.value === true ? args[1] : args[2];
      return args[1] !== undefined && args[1] === args[2] ? args[1] : undefined;
    }
    default:
  }
  if (args.some((a) => a === undefined)) return undefined;
  const known = args as Expr[];
  return known.every(isLit) ? fold(n, known) : undefined;
}
