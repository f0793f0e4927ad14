/**
 * Predicate splitting (Hajdu and Micskei, Sect. 3.1.3): before an interpolant enters a precision it
 * is kept WHOLE, split into its CONJUNCTS, or into its ATOMS. A predicate and its negation carry the
 * same information, so outer negations are dropped from every part.
 */
import { BoolT, IntT } from '../../lang/types.js';
import { cmp, conjuncts, eq, int, isLit, neq, not, postorder, withArgs, type Expr } from '../../lang/expr.js';
import type { PredSplit } from '../config.js';

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

const FLIPPED = { lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' } as const;

/**
 * `e` with every comparison in one orientation: a literal on the right (`0 = x`, `2 <= x` become
 * `x = 0`, `x >= 2`), and the two other operands of `=` and `/=` ordered by expression id. Model-based
 * projection writes the same atom either way round, which would track one predicate twice.
 */
function oriented(e: Expr): Expr {
  return rewriteComparisons(e, false);
}

/**
 * The identity of a predicate up to the forms of its comparisons: `oriented`, and bounds of integer
 * terms by literals as `>` or its negation (over the integers `x >= 2`, `x > 1`, `x <= 1` and
 * `x < 2` are one predicate). A precision tracks one predicate per identity, in the form it met first.
 */
export function predicateIdentity(e: Expr): Expr {
  let id = identities.get(e.id);
  if (!id) identities.set(e.id, (id = stripNot(rewriteComparisons(e, true))));
  return id;
}

const identities = new Map<number, Expr>();

function integerBound(op: keyof typeof FLIPPED, t: Expr, c: bigint): Expr {
  switch (op) {
    case 'gt': return cmp('gt', t, int(c));
    case 'ge': return cmp('gt', t, int(c - 1n));
    case 'le': return not(cmp('gt', t, int(c)));
    case 'lt': return not(cmp('gt', t, int(c - 1n)));
  }
}

function rewriteComparisons(e: Expr, bounds: boolean): Expr {
  const out = new Map<number, Expr>();
  for (const n of postorder(e)) {
    const args = n.args.map((a) => out.get(a.id)!);
    let r = withArgs(n, args);
    let [a, b] = args;
    if ((n.op === 'eq' || n.op === 'neq') && a!.type !== BoolT) {
      if ((isLit(a!) && !isLit(b!)) || (isLit(a!) === isLit(b!) && a!.id > b!.id)) r = n.op === 'eq' ? eq(b!, a!) : neq(b!, a!);
    } else if (n.op === 'lt' || n.op === 'le' || n.op === 'gt' || n.op === 'ge') {
      let op: keyof typeof FLIPPED = n.op;
      if (isLit(a!) && !isLit(b!)) [op, a, b] = [FLIPPED[op], b, a];
      r = bounds && a!.type === IntT && b!.op === 'lit' && typeof b!.value === 'bigint' ? integerBound(op, a!, b!.value) : cmp(op, a!, b!);
    }
    out.set(n.id, r);
  }
  return out.get(e.id)!;
}

/** The parts of `e` per the splitting mode, oriented, without outer negations, literals or duplicates. */
export function splitPredicate(e: Expr, mode: PredSplit): Expr[] {
  e = oriented(e);
  const parts = mode === 'ATOMS' ? atoms(e) : mode === 'CONJUNCTS' ? conjuncts(e) : [e];
  const out = new Set<Expr>();
  for (const p of parts) {
    const q = stripNot(p);
    if (q.op !== 'lit') out.add(q);
  }
  return [...out];
}
