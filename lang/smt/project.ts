/**
 * Model-based projection (smt-notes §4; Komuravelli, Gurfinkel and Chaki, CAV 2014): for a formula
 * F true in a model m and variables X to eliminate, a cube c over the other variables with m ⊨ c
 * and c ⇒ ∃X. F, from Z3's `Z3_qe_model_project`. Exact for linear integer and real arithmetic and
 * Booleans; a variable of X that survives (non-linear terms, arrays, bit-vectors) is fixed to its
 * value in m, which keeps both properties but enumerates values. Interpolation projects A onto the
 * shared variables (interpolate.ts), PDR a state's successors onto its predecessors (engines/pdr),
 * TPA a two-step path onto its midpoint (engines/tpa).
 */
import { True, and, freeVars, ref, type Expr, type VarDecl } from '../expr.js';
import { implicant } from '../implicant.js';
import type { Z3Context } from './context.js';
import type { SmtModel } from './model.js';
import { translator } from './translate.js';

/** The projection of F (given as Z3's term `f`, over `vars`) in `model` that eliminates `eliminate`. */
export function modelProject(z3: Z3Context, model: SmtModel, vars: readonly VarDecl[], eliminate: readonly VarDecl[], f: number): Expr {
  const { em, ctx } = z3;
  const t = translator(z3);
  // MBP needs a value for every variable; evaluation with completion records one in the model
  for (const v of vars) z3.release(model.evalZ3(t.toZ3(ref(v))));
  const bound = t.constants(eliminate.map(ref));
  const [ptr] = z3.arrays(bound);
  const projected = z3.keep(em._Z3_qe_model_project(ctx, model.ptr, bound.length, ptr!, f));
  try {
    const cube = t.fromZ3(projected);
    const gone = new Set(eliminate);
    const left = freeVars(cube).filter((v) => gone.has(v));
    if (left.length === 0) return cube;
    const from = t.constants(left.map(ref));
    const to = from.map((c) => model.evalZ3(c));
    try {
      const [fromPtr, toPtr] = z3.arrays(from, to);
      const substituted = z3.keep(em._Z3_substitute(ctx, projected, from.length, fromPtr!, toPtr!));
      const simplified = z3.keep(em._Z3_simplify(ctx, substituted));
      z3.release(substituted);
      try {
        return t.fromZ3(simplified);
      } finally {
        z3.release(simplified);
      }
    } finally {
      to.forEach((v) => z3.release(v));
    }
  } finally {
    z3.release(projected);
  }
}

/**
 * The literals of an implicant of `f` in m (lang/implicant.ts), or undefined where it cannot be
 * computed: evaluation in TypeScript and in Z3 could differ where the semantics leave values open.
 */
export function implicantLits(f: Expr, m: SmtModel, vars: readonly VarDecl[] = freeVars(f)): Expr[] | undefined {
  const values = m.valuation(vars);
  const lits = implicant(f, (leaf) => (leaf.op === 'var' ? values.get(leaf.decl!) : undefined));
  return lits && m.eval(and(...lits)) === True ? lits : undefined;
}

/** The literals of an implicant of `f` in m, or f itself where none can be computed. */
export function implicantIn(f: Expr, m: SmtModel): Expr[] {
  return implicantLits(f, m) ?? [f];
}

/** Spacer's projection of `f`, true in m, onto the variables `keep` accepts: an implicant of f in m, the others projected away. */
export function projectImplicant(z3: Z3Context, m: SmtModel, f: Expr, keep: (v: VarDecl) => boolean): Expr {
  const vars = freeVars(f);
  return modelProject(z3, m, vars, vars.filter((v) => !keep(v)), translator(z3).toZ3(and(...implicantIn(f, m))));
}
