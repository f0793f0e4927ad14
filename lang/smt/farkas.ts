/**
 * Interpolants of two inconsistent cubes of linear atoms from Farkas' lemma (McMillan, "An
 * interpolating theorem prover", TCS 2005): if the linear inequalities of A ∪ B have no rational
 * solution, some non-negative combination of them (equalities with any sign) reads 0 ≤ d with d < 0,
 * or 0 < 0. The coefficients are a solution of a linear program, solved here by Z3 over reals. The
 * same combination of A's inequalities alone is implied by A and contradicts B, and it mentions only
 * terms shared by A and B: every term of A alone must cancel within A's part, since B adds nothing
 * to it.
 *
 * Atoms are linear over terms: a variable, or any integer or real term that is not linear (an array
 * read, `rem`, a product of variables), taken as an opaque unknown. The argument stays sound: it
 * never uses what the opaque terms mean, only that equal terms have equal values.
 *
 * Integers: reasoning over the rationals is sound for them but incomplete (2x = 1 has a rational
 * solution). Integer atoms are tightened before the program is set up (`x < c` becomes `x ≤ c - 1`,
 * coefficients are divided by their gcd and the bound rounded down), which refutes more integer
 * conflicts over the rationals, and the interpolant is tightened the same way. Where the program
 * has no solution the caller falls back to projection. Disequalities are not convex; the caller
 * passes a model of the cube and each `x ≠ y` is replaced by the strict inequality true in it.
 */
import { IntT, RatT, isNumeric } from '../types.js';
import { add, and, cmp, declareVar, eq, freeVars, ge, gt, int, le, lt, mul, or, rat, ref, toRat, type Expr, type Rational, type VarDecl } from '../expr.js';
import { ONE, ZERO, floorDiv, gcd, isZero, qadd, qmul, qneg } from '../rational.js';
import type { SmtModel } from './model.js';
import type { Solver } from './solver.js';

type Rel = 'le' | 'lt' | 'eq';

/** Σ coeffs(t)·t  rel  rhs, with coefficients keyed by the term's expression id. */
export interface LinearAtom {
  readonly coeffs: ReadonlyMap<number, { term: Expr; c: Rational }>;
  readonly rel: Rel;
  readonly rhs: Rational;
}

/** A linear form: coefficients per term and a constant. */
class Form {
  readonly coeffs = new Map<number, { term: Expr; c: Rational }>();
  constant: Rational = ZERO;

  addTerm(term: Expr, c: Rational): void {
    const old = this.coeffs.get(term.id);
    const sum = old ? qadd(old.c, c) : c;
    if (isZero(sum)) this.coeffs.delete(term.id);
    else this.coeffs.set(term.id, { term, c: sum });
  }

  addForm(f: Form, k: Rational): void {
    for (const { term, c } of f.coeffs.values()) this.addTerm(term, qmul(c, k));
    this.constant = qadd(this.constant, qmul(f.constant, k));
  }
}

function constantOf(e: Expr): Rational | undefined {
  if (e.op !== 'lit') return undefined;
  if (typeof e.value === 'bigint') return { num: e.value, den: 1n };
  if (typeof e.value === 'object' && e.value !== null && 'num' in e.value) return e.value as Rational;
  return undefined;
}

/** The linear form of a numeric term; non-linear subterms become opaque terms. */
function linearize(e: Expr, k: Rational, out: Form): void {
  const c = constantOf(e);
  if (c) {
    out.constant = qadd(out.constant, qmul(c, k));
    return;
  }
  switch (e.op) {
    case 'add':
      for (const a of e.args) linearize(a, k, out);
      return;
    case 'sub':
      linearize(e.args[0]!, k, out);
      linearize(e.args[1]!, qneg(k), out);
      return;
    case 'neg':
      linearize(e.args[0]!, qneg(k), out);
      return;
    case 'toRat':
      linearize(e.args[0]!, k, out);
      return;
    case 'mul': {
      const consts = e.args.map(constantOf);
      const open = e.args.filter((_, i) => !consts[i]);
      if (open.length <= 1) {
        const factor = consts.reduce<Rational>((p, q) => (q ? qmul(p, q) : p), k);
        if (open.length === 0) out.constant = qadd(out.constant, factor);
        else linearize(open[0]!, factor, out);
        return;
      }
      break;
    }
    default:
  }
  out.addTerm(e, k);
}

/**
 * A literal as a linear atom, or undefined if it is not a comparison of numbers. `holds` says
 * whether a formula is true in a model of the literal (to orient disequalities).
 */
export function linearAtom(lit: Expr, holds: (e: Expr) => boolean): LinearAtom | undefined {
  let pos = true;
  let atom = lit;
  while (atom.op === 'not') { pos = !pos; atom = atom.args[0]!; }
  const [a, b] = atom.args;
  if (!a || !b || !isNumeric(a.type) || !isNumeric(b.type)) return undefined;
  let op = atom.op;
  if (!pos) {
    const negated: Record<string, string> = { lt: 'ge', le: 'gt', gt: 'le', ge: 'lt', eq: 'neq', neq: 'eq' };
    op = negated[op] as typeof op;
    if (!op) return undefined;
  }
  // a ≠ b: the strict inequality that holds
  if (op === 'neq') op = holds(lt(a, b)) ? 'lt' : 'gt';
  let lhs: Expr;
  let rhs: Expr;
  let rel: Rel;
  switch (op) {
    case 'lt': [lhs, rhs, rel] = [a, b, 'lt']; break;
    case 'le': [lhs, rhs, rel] = [a, b, 'le']; break;
    case 'gt': [lhs, rhs, rel] = [b, a, 'lt']; break;
    case 'ge': [lhs, rhs, rel] = [b, a, 'le']; break;
    case 'eq': [lhs, rhs, rel] = [a, b, 'eq']; break;
    default: return undefined;
  }
  const f = new Form();
  linearize(lhs, ONE, f);
  linearize(rhs, qneg(ONE), f);
  return tighten({ coeffs: f.coeffs, rel, rhs: qneg(f.constant) });
}

/** Over integer terms: integer coefficients, `<` as `≤ c - 1`, divided by the gcd, bound rounded down. */
function tighten(atom: LinearAtom): LinearAtom | undefined {
  const entries = [...atom.coeffs.values()];
  if (entries.length === 0 || entries.some((e) => e.term.type !== IntT)) return atom;
  const lcm = [...entries.map((e) => e.c.den), atom.rhs.den].reduce((x, y) => (x * y) / gcd(x, y), 1n);
  const cs = entries.map((e) => (e.c.num * lcm) / e.c.den);
  const g = cs.reduce((x, y) => gcd(x, y), 0n);
  // Σ cs·t  rel  r/lcm·lcm, with integer left side
  const num = atom.rhs.num * lcm;
  const den = atom.rhs.den;
  let bound: bigint;
  let rel: Rel = atom.rel;
  if (rel === 'eq') {
    if (num % (den * g) !== 0n) return undefined;
    bound = num / (den * g);
  } else {
    // Σ cs·t < num/den means Σ cs·t ≤ ceil(num/den) - 1; ≤ means ≤ floor(num/den); then by g
    const top = rel === 'lt' ? -floorDiv(-num, den) - 1n : floorDiv(num, den);
    bound = floorDiv(top, g);
    rel = 'le';
  }
  const coeffs = new Map(entries.map((e, i) => [e.term.id, { term: e.term, c: { num: cs[i]! / g, den: 1n } }]));
  return { coeffs, rel, rhs: { num: bound, den: 1n } };
}

/** The atom as a formula: positive terms on the left, the rest and the constant on the right. */
export function atomExpr(atom: LinearAtom): Expr {
  const entries = [...atom.coeffs.values()].sort((x, y) => x.term.id - y.term.id);
  const real = entries.some((e) => e.term.type === RatT) || atom.rhs.den !== 1n || entries.some((e) => e.c.den !== 1n);
  const num = (q: Rational): Expr => (real ? rat(q.num, q.den) : int(q.num));
  const term = (t: Expr): Expr => (real && t.type === IntT ? toRat(t) : t);
  const scaled = (t: Expr, c: Rational): Expr => (c.num === c.den ? term(t) : mul(num(c), term(t)));
  // with no positive term, the negated atom reads better: -x - y <= -4 as x + y >= 4
  const flip = entries.length > 0 && entries.every((e) => e.c.num < 0n);
  const sign = (c: Rational): Rational => (flip ? qneg(c) : c);
  const left = entries.filter((e) => sign(e.c).num > 0n).map((e) => scaled(e.term, sign(e.c)));
  const right = entries.filter((e) => sign(e.c).num < 0n).map((e) => scaled(e.term, qneg(sign(e.c))));
  if (!isZero(atom.rhs) || right.length === 0) right.push(num(sign(atom.rhs)));
  if (left.length === 0) left.push(num(ZERO));
  const l = add(...left);
  const r = add(...right);
  if (atom.rel === 'eq') return eq(l, r);
  return cmp(flip ? (atom.rel === 'le' ? 'ge' : 'gt') : atom.rel, l, r);
}

/** Solves the linear programs of Farkas' lemma on a solver of its own, over a pool of real unknowns. */
export class FarkasSolver {
  private readonly lambdas: VarDecl[] = [];

  constructor(private readonly lp: Solver) {}

  private lambda(i: number): Expr {
    while (this.lambdas.length <= i) this.lambdas.push(declareVar(`λ${this.lambdas.length}`, RatT));
    return ref(this.lambdas[i]!);
  }

  /**
   * An interpolant of the cubes `a` and `b` (their conjunction must have no rational solution) as
   * one atom over terms whose variables are all in `shared`, or undefined if there is none of this
   * form.
   */
  interpolant(a: readonly LinearAtom[], b: readonly LinearAtom[], shared: ReadonlySet<VarDecl>): Expr | undefined {
    const atoms = [...a, ...b];
    const lambdas = atoms.map((_, i) => this.lambda(i));
    const zero = rat(0);
    const sum = (pick: (atom: LinearAtom) => Rational | undefined): Expr => {
      const parts = atoms.flatMap((atom, i) => {
        const c = pick(atom);
        return c && !isZero(c) ? [mul(rat(c.num, c.den), lambdas[i]!)] : [];
      });
      return parts.length === 0 ? zero : add(...parts);
    };
    const terms = new Map<number, Expr>();
    for (const atom of atoms) for (const { term } of atom.coeffs.values()) terms.set(term.id, term);
    const constraints: Expr[] = [];
    atoms.forEach((atom, i) => { if (atom.rel !== 'eq') constraints.push(ge(lambdas[i]!, zero)); });
    for (const id of terms.keys()) constraints.push(eq(sum((atom) => atom.coeffs.get(id)?.c), zero));
    const bound = sum((atom) => atom.rhs);
    const strict = sum((atom) => (atom.rel === 'lt' ? ONE : undefined));
    constraints.push(le(bound, zero), or(lt(bound, zero), gt(strict, zero)));
    this.lp.push();
    try {
      this.lp.add(and(...constraints));
      if (this.lp.check() !== 'sat') return undefined;
      const m = this.lp.model();
      let values: Rational[];
      try {
        values = lambdas.slice(0, a.length).map((l) => constantOf(m.eval(l)) ?? ZERO);
      } finally {
        m.dispose();
      }
      return this.combine(a, values, shared);
    } finally {
      this.lp.pop();
    }
  }

  /** Σ λ_i·a_i over A's atoms, if it is over shared terms only. */
  private combine(a: readonly LinearAtom[], values: readonly Rational[], shared: ReadonlySet<VarDecl>): Expr | undefined {
    // the inequality in the direction the refutation uses, even where A's part is all equalities:
    // x ≤ 1 generalises better than x = 1 (it covers the states the next loop iterations reach)
    const f = new Form();
    let rel: Rel = 'le';
    a.forEach((atom, i) => {
      const k = values[i]!;
      if (isZero(k)) return;
      const part = new Form();
      for (const { term, c } of atom.coeffs.values()) part.addTerm(term, c);
      part.constant = atom.rhs;
      f.addForm(part, k);
      if (atom.rel === 'lt') rel = 'lt';
    });
    for (const { term } of f.coeffs.values()) if (freeVars(term).some((v) => !shared.has(v))) return undefined;
    const atom = tighten({ coeffs: f.coeffs, rel, rhs: f.constant });
    return atom && atomExpr(atom);
  }
}

/** The linear atoms of a cube's literals that are comparisons of numbers, oriented by its model. */
export function linearAtoms(lits: readonly Expr[], model: SmtModel): LinearAtom[] {
  const holds = (e: Expr): boolean => model.eval(e).value === true;
  return lits.flatMap((l) => linearAtom(l, holds) ?? []);
}
