/**
 * The lemma that blocks a cube at location l in F_i, as Spacer learns it: an interpolant of
 *
 *   A = the initial states at l (at step 1)  ∨  F_(i-1)(v<0>) ∧ a step into l (v<0> to v<1>)
 *   B = the cube at step 1 (its literals shrunk to the unsat core of the blocked query),
 *
 * read back over the model's variables. A covers every state F_i may hold at l, so the interpolant
 * holds there, and it excludes the cube. Its atoms come from Farkas' lemma over the refutation
 * (`j = cnt - 5` where the cube said `j = 3, cnt = 8`), so one lemma blocks many cubes that
 * dropping literals one by one would block one at a time. Where interpolation gives up, or its
 * answer grows large, there is no interpolated lemma, and the engine negates the cube, as it does
 * without interpolation.
 */
import { and, atStep, or, postorder, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { unindexed } from '../../cegar/path.js';
import { RefinementFailed, pathInterpolants } from '../path-interpolants.js';
import type { Cube, Frames } from './frames.js';

/** Past this many nodes an interpolant is replaced by the negated cube: lemmas are asserted in every query. */
const MAX_NODES = 400;

/** A blocked cube's lemma, and whether it is interpolated. */
export interface Lemma {
  readonly formula: Expr;
  readonly interpolated: boolean;
}

/** The interpolated lemma `formula`, unless it is past the size lemmas may have. */
export function sizedLemma(formula: Expr): Lemma | undefined {
  return postorder(formula).length > MAX_NODES ? undefined : { formula, interpolated: true };
}

/**
 * The interpolated lemma for the blocked cube `c` at `level`, if `interpolate` says so and
 * interpolation succeeds with a lemma of the size lemmas may have; else undefined, and the lemma is
 * the negated cube.
 */
export function interpolatedLemma(z3: Z3Context, frames: Frames, c: Cube, level: number, interpolate: boolean, deadline: number | undefined): Lemma | undefined {
  if (!interpolate) return undefined;
  const a = [atStep(frames.initialAt(c.loc), 1), and(frames.formula(level - 1), frames.stepsInto(c.loc))];
  const b = and(...c.lits.map((x) => atStep(x, 1)));
  let itp: Expr;
  try {
    [itp] = pathInterpolants(z3, [or(...a), b], deadline, 'PDR\'s blocked cube') as [Expr];
  } catch (e) {
    if (e instanceof RefinementFailed) return undefined;
    throw e;
  }
  return sizedLemma(simplify(unindexed(itp)));
}
