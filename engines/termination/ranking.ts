/**
 * Linear ranking functions by Podelski and Rybalchenko's synthesis ("A complete method for the
 * synthesis of linear ranking functions", VMCAI 2004): for a relation given as linear constraints
 * A z <= c over the state before (x), the state after (x') and any other values (z), a function
 * f(x) = r.x with f(x) >= b and f(x') <= f(x) - 1 exists on the rational relaxation iff Farkas'
 * lemma gives multipliers lambda, mu >= 0 with lambda A = (-r, r, 0), lambda c <= -1 and
 * mu A = (-r, 0, 0), mu c <= -b. The multipliers and r are found by Z3 over the reals; a disjunctive
 * relation (`||`, `!=`) gets one set of multipliers per disjunct and one shared r.
 *
 * Over the integers: the constraints are tightened first (linear.ts), r is scaled to integers, and
 * the bound rounded up, so f decreases by at least 1 and is bounded on every integer pair of the
 * relation; the certificate check confirms this over the integers.
 */
import { type Expr, type VarDecl, add, and, declareVar, eq, ge, int, le, mul, neg, rat, ref, sub, type Rational } from '../../lang/expr.js';
import { RatT } from '../../lang/types.js';
import { linearDnf, type Conjunction } from './linear.js';
import type { Oracle } from './oracle.js';

export interface Ranking {
  /** An integer linear function of the variables (over V). */
  readonly rank: Expr;
  readonly bound: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

/** sum of coefficient * multiplier, as a rational term. */
function dot(terms: readonly (readonly [bigint, Expr])[]): Expr {
  const parts = terms.filter(([c]) => c !== 0n).map(([c, m]) => mul(rat(c), m));
  return parts.length === 0 ? rat(0) : add(...parts);
}

/**
 * A linear ranking function for `relation`, whose state before is `pre(v)` and after `post(v)`;
 * undefined when there is none (on the rational relaxation), or the relation is not linear.
 */
export function synthesize(
  oracle: Oracle, relation: Expr, vars: readonly VarDecl[], pre: (v: VarDecl) => Expr, post: (v: VarDecl) => Expr,
): Ranking | undefined {
  const dnf = linearDnf(relation);
  if (!dnf) return undefined;
  // disjuncts without integer points need no ranking
  const live: Conjunction[] = dnf.filter((c) => oracle.sat(and(...c.map(atMostZero))) !== 'unsat');
  const r = new Map(vars.map((v) => [v, ref(declareVar(`r_${v.name}`, RatT))]));
  const role = new Map<Expr, { v: VarDecl; after: boolean }>();
  for (const v of vars) { role.set(pre(v), { v, after: false }); role.set(post(v), { v, after: true }); }
  const conditions: Expr[] = [];
  const bounds: Expr[] = [];
  live.forEach((conj, i) => {
    const columns = new Set<Expr>([...vars.map(pre), ...vars.map(post)]);
    for (const c of conj) for (const l of c.coeffs.keys()) columns.add(l);
    for (const kind of ['decrease', 'bound'] as const) {
      const m = conj.map((_, j) => ref(declareVar(`${kind === 'decrease' ? 'lambda' : 'mu'}_${i}_${j}`, RatT)));
      for (const x of m) conditions.push(ge(x, rat(0)));
      for (const col of columns) {
        const lhs = dot(conj.map((c, j) => [c.coeffs.get(col) ?? 0n, m[j]!] as const));
        const who = role.get(col);
        const target = !who ? rat(0) : who.after ? (kind === 'decrease' ? r.get(who.v)! : rat(0)) : mul(rat(-1), r.get(who.v)!);
        conditions.push(eq(lhs, target));
      }
      // constraints read lin <= 0, i.e. A z <= -constant
      const rhs = dot(conj.map((c, j) => [-c.constant, m[j]!] as const));
      if (kind === 'decrease') conditions.push(le(rhs, rat(-1)));
      else {
        const b = ref(declareVar(`b_${i}`, RatT));
        bounds.push(b);
        conditions.push(le(rhs, mul(rat(-1), b)));
      }
    }
  });
  let coeffs: Map<VarDecl, Rational> | undefined;
  let lowest: Rational | undefined;
  const found = oracle.sat(and(...conditions), (m) => {
    coeffs = new Map([...r].map(([v, x]) => [v, m.eval(x).value as Rational]));
    for (const b of bounds) {
      const q = m.eval(b).value as Rational;
      if (!lowest || q.num * lowest.den < lowest.num * q.den) lowest = q;
    }
  });
  if (found !== 'sat' || !coeffs) return undefined;
  // scale to integer coefficients; the bound scales with them and is rounded up
  let den = 1n;
  for (const q of coeffs.values()) den = (den * q.den) / gcd(den, q.den);
  // printed as people write it: positive terms first, the negative ones subtracted (y - x)
  const plus: Expr[] = [];
  const minus: Expr[] = [];
  for (const [v, q] of coeffs) {
    const c = (q.num * den) / q.den;
    const magnitude = c < 0n ? -c : c;
    if (c !== 0n) (c > 0n ? plus : minus).push(magnitude === 1n ? ref(v) : mul(int(magnitude), ref(v)));
  }
  const positive = plus.length === 0 ? int(0) : add(...plus);
  const rank = minus.length === 0 ? positive : plus.length === 0 && minus.length === 1 ? neg(minus[0]!) : sub(positive, add(...minus));
  const scaled = lowest ? lowest.num * den : 0n;
  const d = lowest ? lowest.den : 1n;
  const bound = scaled >= 0n ? (scaled + d - 1n) / d : -((-scaled) / d);
  return { rank, bound };
}

function atMostZero(c: { coeffs: ReadonlyMap<Expr, bigint>; constant: bigint }): Expr {
  const parts = [...c.coeffs].map(([l, k]) => (k === 1n ? l : mul(int(k), l)));
  return le(add(...parts, int(c.constant)), int(0));
}
