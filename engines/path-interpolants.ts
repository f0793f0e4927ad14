/**
 * Refinement by sequence interpolants for the engines that keep their own Z3 solvers across a run
 * (IC3IA, IMPACT): the interpolants of a refuted path under the run's deadline, with the theories'
 * limits (floats refused, bit-vectors tried with few cubes), and the UNKNOWN a run answers when it
 * cannot go on (deadline, a solver or a refinement that gave up).
 */
import type { Z3Context } from '../lang/smt/context.js';
import { and, postorder, type Expr } from '../lang/expr.js';
import type { Type } from '../lang/types.js';
import { InterpolationError, sequenceInterpolate } from '../lang/smt/interpolate.js';
import { SolverGaveUp, Timeout, pastDeadline } from '../lang/smt/deadline.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import { TIMEOUT, unknown, type UnknownReason } from '../formalisms/result.js';

/** Refinement cannot go on: the detail says why. */
export class RefinementFailed extends Error {}

/**
 * The most cubes an interpolant of bit-vector formulas may have: model-based projection only
 * substitutes their values (smt-notes §4), which is a usable interpolant for a few values of a
 * narrow counter and an endless enumeration otherwise.
 */
const BIT_LEVEL_CUBES = 32;

/** Whether values of type `t` contain a `kind` (bit-vector or float). */
function mentions(t: Type, kind: 'bv' | 'fp'): boolean {
  if (t.kind === kind) return true;
  return t.kind === 'array' && (mentions(t.index, kind) || mentions(t.elem, kind));
}

/**
 * The sequence interpolants I_0 .. I_m of the unsatisfiable parts A_0 .. A_(m+1) (step-indexed),
 * before `deadline`. `refuted` names who found the parts unsatisfiable, for the failure when
 * interpolation finds them satisfiable.
 */
export function pathInterpolants(z3: Z3Context, parts: readonly Expr[], deadline: number | undefined, refuted: string): Expr[] {
  const nodes = postorder(and(...parts));
  if (nodes.some((e) => mentions(e.type, 'fp'))) throw new RefinementFailed('interpolation does not support floating-point formulas');
  const bits = nodes.some((e) => mentions(e.type, 'bv'));
  let itps: Expr[] | 'sat';
  try {
    itps = sequenceInterpolate(z3, parts, {
      timeoutMs: deadline === undefined ? undefined : Math.max(1, deadline - Date.now()),
      maxCubes: bits ? BIT_LEVEL_CUBES : undefined,
    });
  } catch (e) {
    if (!(e instanceof InterpolationError)) throw e;
    if (pastDeadline(deadline, e.message)) throw new Timeout();
    throw new RefinementFailed(`interpolation gave up: ${e.message}`);
  }
  if (itps === 'sat') throw new RefinementFailed(`interpolation found satisfiable what ${refuted} refuted`);
  return itps;
}

/** Why a run stopped without a verdict, for the errors that mean so; undefined for any other. */
export function stopReason(e: unknown): UnknownReason | undefined {
  if (e instanceof Timeout) return TIMEOUT;
  if (e instanceof SolverGaveUp || e instanceof UnsupportedError) return unknown('unsupported', e.message);
  if (e instanceof RefinementFailed) return unknown('refinement', e.message);
  return undefined;
}
