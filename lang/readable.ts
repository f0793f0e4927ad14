/**
 * Formulas for people: an equivalent, shorter form of an invariant to show in the summary, the
 * terminal interface and the HTML report. Certificate files and `--json` keep the exact formula
 * that was checked; this is for display only.
 *
 * Beyond `simplify` (units such as `true and` dropped, duplicates removed, constants folded), every
 * conjunction loses the conjuncts its own bounds imply: of several bounds on one term only the
 * tightest is kept (`lock <= 2` makes `lock <= 3` redundant), and a linear inequality is dropped
 * when the box of the kept bounds implies it (`lock >= 0 and location1 >= 0` make
 * `lock + location1 >= 0` redundant). Each dropped conjunct is implied by conjuncts that stay, so
 * the result is equivalent to the input. Equalities are never dropped, only used as bounds.
 */
import { withArgs, type Expr, type Rational } from './expr.js';
import { qadd, qcmp, qdiv, qmul } from './rational.js';
import { simplify } from './simplify.js';
import { linearAtom, type LinearAtom } from './smt/farkas.js';

/** A bound on one term: the value and whether it is strict. */
interface Bound {
  readonly value: Rational;
  readonly strict: boolean;
  /** The conjunct that states it. */
  readonly from: Expr;
}


/** Whether `a` is at least as tight as `b` as an upper bound (`upper`) or a lower bound. */
function tighter(a: Bound, b: Bound, upper: boolean): boolean {
  const c = qcmp(a.value, b.value);
  if (c !== 0) return upper ? c < 0 : c > 0;
  return a.strict || !b.strict;
}

/** The atom of a conjunct that compares numbers; a disequality is no bound. */
function atomOf(c: Expr): LinearAtom | undefined {
  let core = c;
  let positive = true;
  while (core.op === 'not') { core = core.args[0]!; positive = !positive; }
  const disequality = positive ? core.op === 'neq' : core.op === 'eq';
  return disequality ? undefined : linearAtom(c, () => false);
}

/** The conjuncts of one conjunction without those implied by the bounds among them. */
function pruned(conjuncts: readonly Expr[]): Expr[] {
  const atoms = new Map<Expr, LinearAtom>();
  for (const c of conjuncts) {
    const a = atomOf(c);
    if (a) atoms.set(c, a);
  }
  // the tightest upper and lower bound of each term, from single-term atoms
  const upper = new Map<number, Bound>();
  const lower = new Map<number, Bound>();
  const offer = (side: Map<number, Bound>, term: number, b: Bound, isUpper: boolean) => {
    const known = side.get(term);
    if (!known || (tighter(b, known, isUpper) && !tighter(known, b, isUpper))) side.set(term, b);
  };
  for (const [c, a] of atoms) {
    if (a.coeffs.size !== 1) continue;
    const [[term, { c: k }]] = [...a.coeffs];
    const value = qdiv(a.rhs, k);
    const strict = a.rel === 'lt';
    // k·t <= r: an upper bound on t when k > 0, a lower one when k < 0; an equality is both
    if (a.rel === 'eq' || k.num > 0n) offer(upper, term, { value, strict, from: c }, true);
    if (a.rel === 'eq' || k.num < 0n) offer(lower, term, { value, strict, from: c }, false);
  }
  const kept = new Set<Expr>([...upper.values(), ...lower.values()].map((b) => b.from));
  return conjuncts.filter((c) => {
    const a = atoms.get(c);
    if (!a || a.rel === 'eq' || kept.has(c)) return true;
    // the largest value of the left side over the box of the kept bounds, if it is bounded
    let max: Rational = { num: 0n, den: 1n };
    let strict = false;
    for (const [term, { c: k }] of a.coeffs) {
      const b = (k.num > 0n ? upper : lower).get(term);
      if (!b) return true;
      max = qadd(max, qmul(k, b.value));
      strict ||= b.strict;
    }
    const c2 = qcmp(max, a.rhs);
    const implied = c2 < 0 || (c2 === 0 && (a.rel === 'le' || strict));
    return !implied;
  });
}

/** An equivalent form of `e` to show to people. */
export function readable(e: Expr): Expr {
  const done = new Map<Expr, Expr>();
  const visit = (n: Expr): Expr => {
    const known = done.get(n);
    if (known) return known;
    const args = n.args.map(visit);
    let r = withArgs(n, args);
    if (n.op === 'and') {
      const kept = pruned(args);
      if (kept.length < args.length) r = kept.length === 1 ? kept[0]! : withArgs(n, kept);
    }
    done.set(n, r);
    return r;
  };
  return visit(simplify(e));
}
