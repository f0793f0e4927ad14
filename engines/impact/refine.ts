/**
 * Paths of the unwinding as formulas, decided and interpolated (McMillan, CAV 2006, Sect. 3,
 * REFINE). A path x = u_0, u_1, .., u_m with a first and a last condition is the sequence of parts
 * A_0 = first<0>, A_j = T(u_(j-1), u_j)<j-1..j>, A_(m+1) = last<m>; when their conjunction is
 * unsatisfiable, sequence interpolants I_0 .. I_m (`lang/smt/interpolate.ts`, as IC3IA's and
 * CEGAR's refiners compute them) satisfy first ⇒ I_0, I_(j-1) ∧ T_j ⇒ I_j' and I_m ∧ last
 * unsatisfiable, so conjoining I_j to u_j's label keeps the unwinding well-labelled and makes the
 * labels refute the path.
 *
 * An error path is the path from the root with `init` first and `bad` last: satisfiable, a model
 * is the concrete trace; otherwise the interpolants refine it. Forced covering asks the same of
 * the path from a common ancestor with its label first and a covering label's negation last.
 */
import { atStep, type Expr } from '../../lang/expr.js';
import type { Trace } from '../../formalisms/trace.js';
import { simplify } from '../../lang/simplify.js';
import { concreteTrace, unindexed } from '../../cegar/path.js';
import { pathInterpolants } from '../path-interpolants.js';
import type { ImpactContext } from './context.js';
import type { UNode } from './unwinding.js';


/** The parts A_0 .. A_(m+1) of the path `nodes` (u_0 .. u_m) between `first` and `last`. */
export function pathParts(nodes: readonly UNode[], first: Expr, last: Expr): Expr[] {
  const parts = [atStep(first, 0)];
  for (let j = 1; j < nodes.length; j++) parts.push(atStep(nodes[j]!.action!.formula, j - 1));
  parts.push(atStep(last, nodes.length - 1));
  return parts;
}

/** Whether the parts are satisfiable together; with `trace`, the concrete run along `nodes` in a model. */
export function feasible(ctx: ImpactContext, parts: readonly Expr[]): boolean;
export function feasible(ctx: ImpactContext, parts: readonly Expr[], nodes: readonly UNode[]): Trace | undefined;
export function feasible(ctx: ImpactContext, parts: readonly Expr[], nodes?: readonly UNode[]): boolean | Trace | undefined {
  const s = ctx.paths;
  s.push();
  try {
    for (const p of parts) s.add(p);
    const sat = ctx.check([], s);
    if (!nodes) return sat;
    if (!sat) return undefined;
    const m = s.model();
    try {
      return concreteTrace(ctx.model, { nodes, actions: nodes.slice(1).map((n) => n.action!) }, m);
    } finally {
      m.dispose();
    }
  } finally {
    s.pop();
  }
}

/**
 * The sequence interpolants I_0 .. I_m of unsatisfiable parts A_0 .. A_(m+1), over the model's
 * variables. Floats are refused; bit-vectors are tried with few cubes (model-based projection only
 * enumerates their values, smt-notes §4).
 */
export function interpolants(ctx: ImpactContext, parts: readonly Expr[]): Expr[] {
  const itps = pathInterpolants(ctx.z3, parts, ctx.deadline, 'the solver');
  return itps.map((i) => simplify(unindexed(i)));
}
