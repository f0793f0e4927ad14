/**
 * Craig interpolation (Z3 has no interpolation API), cube by cube:
 *
 *   Itp(A, B): I := false; while A ∧ ¬I has a model m: c := a cube implied by implicant(A, m) and
 *              inconsistent with B; generalise c against B by an unsat core; I := I ∨ c.
 *
 * The implicant (`lang/implicant.ts`) is a conjunction of literals true in m that implies A. Its
 * cube is found first from the refutation itself: Farkas coefficients of its linear atoms against
 * implicants of B (`farkas.ts`), which give relations between the shared variables (`j = cnt - 5`).
 * Where that fails (conflicts that need the integers, arrays or other theories, non-linear atoms),
 * and over the reals, where projection is exact, the cube is the model-based projection (smt-notes §4) of the implicant (or of A itself where no
 * implicant can be computed) onto the shared variables.
 *
 * MBP gives a cube with m ⊨ c and c ⇒ ∃L.A, so c ∧ B is unsatisfiable whenever A ∧ B is, and each
 * round excludes m: the loop ends when MBP has a finite image (linear integer and real arithmetic,
 * Booleans). If a local survives projection (non-linear terms, uninterpreted sorts), project.ts replaces it by
 * its model value, which is still sound but may enumerate values, so the number of cubes is capped.
 * Variables are shared by VarDecl identity: the step copies of `indexed()` are distinct variables.
 *
 * Three long-lived solvers per context do the work: one holds A and the blocking clauses in a pushed
 * scope, one B (for sequences, the suffix, one scope per part, popped as the prefix grows), and one
 * solves Farkas' linear programs.
 */
import { Expr, False, True, VarDecl, and, conjuncts, freeVars, not, or, postorder } from '../expr.js';
import type { Z3Context } from './context.js';
import { RatT } from '../types.js';
import { FarkasSolver, linearAtoms, type LinearAtom } from './farkas.js';
import { SmtModel } from './model.js';
import { implicantLits, modelProject } from './project.js';
import { Solver, type SolverStats } from './solver.js';
import { Translator, translator } from './translate.js';

interface InterpolationOptions {
  /**
   * How each cube is weakened against B: 'core' keeps the conjuncts in an unsat core (default),
   * 'minimal' then drops conjuncts one by one while B stays refuted, 'none' keeps the MBP cube.
   */
  generalize?: 'none' | 'core' | 'minimal';
  /** The most cubes one interpolant may have before giving up (default 1000). */
  maxCubes?: number;
  /** A time limit for each solver check, in milliseconds (default none). */
  timeoutMs?: number;
  /** Whether cubes are interpolated by Farkas' lemma where they are linear (default true). */
  farkas?: boolean;
}

interface InterpolationCounts extends SolverStats {
  /** Cubes of interpolants found by Farkas' lemma, and by model-based projection. */
  farkasCubes: number;
  projectedCubes: number;
}

/** Rounds of the Farkas loop against a disjunctive B before projection takes over. */
const MAX_FARKAS_ROUNDS = 16;

/** Interpolation gave up: too many cubes, a check ran out of time, or an unsupported formula. */
export class InterpolationError extends Error {}

const DEFAULT_MAX_CUBES = 1000;

function rejectPrimes(e: Expr): void {
  if (postorder(e).some((n) => n.op === 'prime')) {
    throw new InterpolationError('interpolation needs step-indexed variables, not primed ones');
  }
}

class Interpolator {
  private readonly a: Solver;
  private readonly b: Solver;
  private readonly t: Translator;
  private readonly lpSolver: Solver;
  private readonly lp: FarkasSolver;
  private timeout: number | undefined;
  /** Cubes found by Farkas' lemma, and by projection. */
  private farkasCubes = 0;
  private projectedCubes = 0;

  constructor(readonly z3: Z3Context) {
    this.a = new Solver(z3);
    this.b = new Solver(z3);
    this.lpSolver = new Solver(z3);
    this.lp = new FarkasSolver(this.lpSolver);
    this.t = translator(z3);
  }

  /** Checks and check time of the solvers so far, and how the cubes were found. */
  get stats(): InterpolationCounts {
    const solvers = [this.a, this.b, this.lpSolver];
    return {
      checks: solvers.reduce((n, s) => n + s.stats.checks, 0),
      timeMs: solvers.reduce((n, s) => n + s.stats.timeMs, 0),
      farkasCubes: this.farkasCubes,
      projectedCubes: this.projectedCubes,
    };
  }

  binary(a: Expr, b: Expr, opts: InterpolationOptions): Expr | 'sat' {
    rejectPrimes(a);
    rejectPrimes(b);
    const inB = new Set(freeVars(b));
    const shared = new Set(freeVars(a).filter((v) => inB.has(v)));
    this.configure(opts);
    const depth = this.b.scopes;
    try {
      this.b.push();
      this.b.add(b);
      return this.against(a, b, shared, opts);
    } finally {
      this.b.pop(this.b.scopes - depth);
    }
  }

  sequence(parts: readonly Expr[], opts: InterpolationOptions): Expr[] | 'sat' {
    parts.forEach(rejectPrimes);
    const n = parts.length;
    const vars = parts.map((p) => freeVars(p));
    // suffixVars[k]: the variables of parts k..n-1
    const suffixVars: Set<VarDecl>[] = new Array(n + 1);
    suffixVars[n] = new Set();
    for (let k = n - 1; k >= 0; k--) suffixVars[k] = new Set([...suffixVars[k + 1]!, ...vars[k]!]);
    this.configure(opts);
    const depth = this.b.scopes;
    try {
      // one scope per part of the suffix, the earliest part on top, so a pop drops it
      for (let k = n - 1; k >= 1; k--) {
        this.b.push();
        this.b.add(parts[k]!);
      }
      const prefixVars = new Set<VarDecl>();
      const out: Expr[] = [];
      let prev = True;
      for (let k = 0; k < n - 1; k++) {
        for (const v of vars[k]!) prefixVars.add(v);
        const shared = new Set([...prefixVars].filter((v) => suffixVars[k + 1]!.has(v)));
        // at k = 0 this is A1 against the whole rest, so 'sat' means the path is satisfiable
        const itp = this.against(and(prev, parts[k]!), and(...parts.slice(k + 1)), shared, opts);
        if (itp === 'sat') return 'sat';
        out.push(itp);
        prev = itp;
        this.b.pop();
      }
      return out;
    } finally {
      this.b.pop(this.b.scopes - depth);
    }
  }

  /** An interpolant of `a` against `b`, which the B solver holds, over the `shared` variables. */
  private against(a: Expr, b: Expr, shared: ReadonlySet<VarDecl>, opts: InterpolationOptions): Expr | 'sat' {
    const maxCubes = opts.maxCubes ?? DEFAULT_MAX_CUBES;
    const vars = freeVars(a);
    const locals = vars.filter((v) => !shared.has(v));
    const aAst = this.t.toZ3(a);
    const cubes: Expr[] = [];
    this.a.push();
    try {
      this.a.add(a);
      for (;;) {
        const r = this.a.check();
        if (r === 'unsat') return or(...cubes);
        if (r === 'unknown') throw new InterpolationError(`a check of A gave up (${this.a.reasonUnknown()})`);
        if (cubes.length >= maxCubes) {
          throw new InterpolationError(
            `interpolation did not converge within ${maxCubes} cubes (model-based projection enumerates values, ` +
            'as it does for non-linear or bit-vector terms)');
        }
        const model = this.a.model();
        let cube: Expr | undefined;
        try {
          // an implicant is interpolated or projected in place of A: projected itself, A keeps a
          // disjunction or a negated conjunction whole, with its locals replaced by their values,
          // and interpolants built of such pieces (abstract states, which embed the predicates
          // learnt before) grow with every refinement: thousands of nodes on fischer2 after seven
          const lits = implicantLits(a, model, vars);
          if (lits && opts.farkas !== false) cube = this.farkas(lits, model, b, shared);
          if (cube) this.farkasCubes++;
          else cube = this.project(model, vars, locals, lits ? this.t.toZ3(and(...lits)) : aAst);
        } finally {
          model.dispose();
        }
        const general = this.generalize(cube, opts);
        if (general === 'sat') return 'sat';
        cubes.push(general);
        this.a.add(not(general));
      }
    } finally {
      this.a.pop();
    }
  }

  /**
   * A cube over the shared variables implied by the cube `litsA` (true in `modelA`) and
   * inconsistent with B, built from Farkas interpolants (`farkas.ts`), or undefined where they do
   * not apply. B may have disjunctions: each round takes an implicant of B in a model of B and the
   * atoms so far, and adds the interpolant of `litsA` against that implicant, which excludes the
   * model; when no model is left, the atoms refute B.
   */
  private farkas(litsA: readonly Expr[], modelA: SmtModel, b: Expr, shared: ReadonlySet<VarDecl>): Expr | undefined {
    const atomsA = linearAtoms(litsA, modelA);
    // over the reals projection is exact (no local is ever fixed to its value) and its cubes gave
    // fewer predicates: on fischer3_bool 14 against 25 from Farkas' combinations of clocks
    if (atomsA.length === 0 || atomsA.some(overReals)) return undefined;
    const bVars = freeVars(b);
    const found: Expr[] = [];
    for (let round = 0; round < MAX_FARKAS_ROUNDS; round++) {
      const r = this.b.check(found);
      if (r === 'unsat') return and(...found);
      if (r === 'unknown') return undefined;
      const modelB = this.b.model();
      try {
        const litsB = implicantLits(b, modelB, bVars);
        if (!litsB) return undefined;
        const itp = this.lp.interpolant(atomsA, linearAtoms(litsB, modelB), shared);
        // each atom must exclude B's model, or the rounds would not progress
        if (!itp || modelB.eval(itp) !== False) return undefined;
        found.push(itp);
      } finally {
        modelB.dispose();
      }
    }
    return undefined;
  }

  /** A cube over the shared variables that holds in `model` and implies ∃locals. A. */
  private project(model: SmtModel, vars: readonly VarDecl[], locals: readonly VarDecl[], aAst: number): Expr {
    this.projectedCubes++;
    return modelProject(this.z3, model, vars, locals, aAst);
  }

  /** Weakens a cube while it stays inconsistent with B; 'sat' if it is consistent with B. */
  private generalize(cube: Expr, opts: InterpolationOptions): Expr | 'sat' {
    const lits = conjuncts(cube);
    const r = this.b.check(lits);
    if (r === 'sat') return 'sat';
    if (r === 'unknown') throw new InterpolationError(`a check of B gave up (${this.b.reasonUnknown()})`);
    const mode = opts.generalize ?? 'core';
    if (mode === 'none') return cube;
    let core = this.b.unsatCore();
    if (mode === 'minimal') {
      for (let i = 0; i < core.length;) {
        const without = core.filter((_, j) => j !== i);
        if (this.b.check(without) === 'unsat') core = without;
        else i++;
      }
    }
    return and(...core);
  }

  private configure(opts: InterpolationOptions): void {
    if (opts.timeoutMs === this.timeout) return;
    this.timeout = opts.timeoutMs;
    this.a.setTimeout(opts.timeoutMs);
    this.b.setTimeout(opts.timeoutMs);
    this.lpSolver.setTimeout(opts.timeoutMs);
  }
}

function overReals(atom: LinearAtom): boolean {
  return [...atom.coeffs.values()].some(({ term }) => term.type === RatT);
}

const interpolators = new WeakMap<Z3Context, Interpolator>();

function interpolator(z3: Z3Context): Interpolator {
  let i = interpolators.get(z3);
  if (!i) interpolators.set(z3, (i = new Interpolator(z3)));
  return i;
}

/**
 * A Craig interpolant I of A and B (A ⇒ I, I ∧ B unsatisfiable, vars(I) ⊆ vars(A) ∩ vars(B)),
 * or 'sat' if A ∧ B is satisfiable.
 */
export function interpolate(z3: Z3Context, a: Expr, b: Expr, opts: InterpolationOptions = {}): Expr | 'sat' {
  return interpolator(z3).binary(a, b, opts);
}

/**
 * Sequence interpolants I1..I(n-1) of A1..An: A1 ⇒ I1, I(k-1) ∧ Ak ⇒ Ik, I(n-1) ∧ An unsatisfiable,
 * and vars(Ik) within the variables shared by A1..Ak and A(k+1)..An; or 'sat' if A1 ∧ ... ∧ An is.
 */
export function sequenceInterpolate(z3: Z3Context, parts: readonly Expr[], opts: InterpolationOptions = {}): Expr[] | 'sat' {
  // with one part (or none) there is nothing to interpolate, only satisfiability to decide
  if (parts.length <= 1) return interpolate(z3, and(...parts), True, opts) === 'sat' ? 'sat' : [];
  return interpolator(z3).sequence(parts, opts);
}

/** Solver checks, check time and cubes of interpolation in a Z3 context so far. */
export function interpolationStats(z3: Z3Context): InterpolationCounts {
  return interpolator(z3).stats;
}
