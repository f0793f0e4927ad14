/**
 * The affine equalities among a model's numeric variables that hold at each location: the
 * strongest such invariant (Karr, "Affine relationships among variables of a program", Acta
 * Informatica 1976), computed from below with the solver in place of Karr's transfer functions, as
 * Reps, Sagiv and Yorsh compute a best abstract transformer symbolically (VMCAI 2004).
 *
 * Each location starts with an empty hull. Z3 finds a state outside a location's hull that is
 * initial, or one step from the hull of a location before it; the hull grows to take it in. When
 * no step leaves the hulls, they are an inductive invariant. A hull's dimension grows with every
 * state taken in, so a location takes in at most n + 1 states (n numeric variables): the fixed
 * point comes after few queries, however long the loops run. A relation such as
 * `x2 + x3 = x0 + x1`, which interpolants of bounded refutations approach one constant at a time
 * (`x1 <= x2 + 1`, `x1 <= x2 + 2`, ...), comes out whole; so do the relations between two programs'
 * variables that equivalence tasks ask for.
 *
 * The hull itself is linear algebra over exact rationals: a base point and a row-reduced basis of
 * the directions from it, to which each new state adds one row; its equalities are the null space
 * of the basis, one per free column.
 */
import { False, True, and, not, prime, ref, type Expr, type Rational, type VarDecl } from '../lang/expr.js';
import { IntT, RatT } from '../lang/types.js';
import { ONE, ZERO, gcd, isZero, qdiv, qmul, qneg, qsub } from '../lang/rational.js';
import { atomExpr } from '../lang/smt/farkas.js';
import type { Solver } from '../lang/smt/solver.js';
import type { SmtModel } from '../lang/smt/model.js';
import type { Action, Interpreter, Location } from '../formalisms/interpreter.js';

/** The affine hull of points in Q^n. */
export class AffineHull {
  private base: Rational[] | undefined;
  /** The directions, row-reduced: each row is 1 at its pivot column, where every other row is 0. */
  private readonly rows: { readonly pivot: number; v: Rational[] }[] = [];

  constructor(private readonly n: number) {}

  get empty(): boolean {
    return this.base === undefined;
  }

  /** Takes the point in; false if it lies in the hull already. */
  add(p: readonly Rational[]): boolean {
    if (!this.base) {
      this.base = [...p];
      return true;
    }
    let d = p.map((x, i) => qsub(x, this.base![i]!));
    for (const r of this.rows) {
      const c = d[r.pivot]!;
      if (!isZero(c)) d = d.map((x, i) => qsub(x, qmul(c, r.v[i]!)));
    }
    const pivot = d.findIndex((x) => !isZero(x));
    if (pivot < 0) return false;
    const lead = d[pivot]!;
    d = d.map((x) => qdiv(x, lead));
    for (const r of this.rows) {
      const c = r.v[pivot]!;
      if (!isZero(c)) r.v = r.v.map((x, i) => qsub(x, qmul(c, d[i]!)));
    }
    this.rows.push({ pivot, v: d });
    return true;
  }

  /**
   * A basis of the equalities Σ a_i·x_i = b that hold on the hull, with integer coefficients a_i
   * (none for an empty hull, which no equality describes).
   */
  equalities(): { readonly a: readonly bigint[]; readonly b: Rational }[] {
    if (!this.base) return [];
    const pivots = new Set(this.rows.map((r) => r.pivot));
    const out: { a: bigint[]; b: Rational }[] = [];
    for (let f = 0; f < this.n; f++) {
      if (pivots.has(f)) continue;
      // a·d = 0 for every row d: a_pivot(r) = -r_f where a_f = 1 and the other free columns are 0
      const q: Rational[] = Array.from({ length: this.n }, (_, i) => (i === f ? ONE : ZERO));
      for (const r of this.rows) q[r.pivot] = qneg(r.v[f]!);
      const lcm = q.reduce((l, x) => (l * x.den) / gcd(l, x.den), 1n);
      const ints = q.map((x) => (x.num * lcm) / x.den);
      const g = ints.reduce((x, y) => gcd(x, y), 0n);
      const a = ints.map((x) => x / g);
      const b = a.reduce<Rational>((s, ai, i) => (ai === 0n ? s : qsub(s, qmul({ num: -ai, den: 1n }, this.base![i]!))), ZERO);
      out.push({ a, b });
    }
    return out;
  }
}

/** A number in a model's value of a numeric variable. */
function rational(e: Expr): Rational | undefined {
  if (typeof e.value === 'bigint') return { num: e.value, den: 1n };
  if (typeof e.value === 'object' && e.value !== null && 'num' in e.value) return e.value as Rational;
  return undefined;
}

/**
 * The strongest affine-equality invariant of the model, per location (`false` at a location no
 * state reaches), if the fixed point is reached before `until` (as `Date.now()`) with the solver
 * deciding every query; undefined otherwise, or when the model has no numeric state variables.
 * The queries go to `solver`, which is left as it was found.
 */
export function affineInvariant(model: Interpreter, solver: Solver, until: number): Map<Location, Expr> | undefined {
  const inputs = new Set(model.inputs);
  const vars = model.vars.filter((v) => !inputs.has(v) && (v.type === IntT || v.type === RatT));
  if (vars.length === 0) return undefined;
  const hulls = new Map(model.locations.map((l) => [l, new AffineHull(vars.length)]));
  const formulas = new Map<Location, Expr>(model.locations.map((l) => [l, False]));
  const queue = new Set<'init' | Action>(['init']);
  const acts = new Map<Action, Expr>();

  /** Takes in the state that `at` reads from the model; whether the hull grew. */
  const takeIn = (l: Location, m: SmtModel, at: (v: VarDecl) => Expr): boolean => {
    const p = vars.map((v) => rational(m.eval(at(v))));
    if (p.some((x) => x === undefined) || !hulls.get(l)!.add(p as Rational[])) return false;
    formulas.set(l, equalitiesOf(vars, hulls.get(l)!));
    for (const a of model.actions(l)) queue.add(a);
    return true;
  };

  /** Grows l's hull with states of `query` (over V, or V' with `next`) outside it until none is left; false if the solver gave up. */
  const close = (l: Location, fixed: readonly Expr[], query: (outside: Expr) => Expr, next: boolean): boolean => {
    for (;;) {
      if (Date.now() >= until) return false;
      solver.setTimeout(until - Date.now());
      const g = solver.guard(query(not(formulas.get(l)!)));
      const answer = solver.check([...fixed, g]);
      if (answer !== 'sat') {
        solver.retire(g);
        return answer === 'unsat';
      }
      const m = solver.model();
      try {
        // a model state that lies in the hull would repeat forever: the solver's model is then not exact
        if (!takeIn(l, m, (v) => (next ? prime(ref(v)) : ref(v)))) return false;
      } finally {
        m.dispose();
        solver.retire(g);
      }
    }
  };

  try {
    while (queue.size > 0) {
      const work = queue.values().next().value!;
      queue.delete(work);
      if (work === 'init') {
        if (!close(model.initLoc, [], (outside) => and(model.init, outside), false)) return undefined;
        continue;
      }
      if (hulls.get(work.source)!.empty) continue;
      let act = acts.get(work);
      if (!act) acts.set(work, (act = solver.guard(work.formula)));
      const source = formulas.get(work.source)!;
      if (!close(work.target, [act], (outside) => and(source, prime(outside)), true)) return undefined;
    }
    return formulas;
  } finally {
    for (const act of acts.values()) solver.retire(act);
  }
}

/** The hull as a formula: its equalities, `true` for the whole space, `false` for an empty hull. */
export function equalitiesOf(vars: readonly VarDecl[], hull: AffineHull): Expr {
  if (hull.empty) return False;
  const eqs = hull.equalities().map(({ a, b }) => atomExpr({
    coeffs: new Map(a.flatMap((c, i) => (c === 0n ? [] : [[ref(vars[i]!).id, { term: ref(vars[i]!), c: { num: c, den: 1n } }] as const]))),
    rel: 'eq',
    rhs: b,
  }));
  return eqs.length === 0 ? True : and(...eqs);
}
