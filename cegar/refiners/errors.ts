/**
 * Why a refinement could not be made. The checker reports each as UNKNOWN with its message: none of
 * them is a verdict, and none is a bug in the model.
 */

/** The refinement gave up: a solver answered 'unknown', or interpolation did not converge. */
export class RefinementError extends Error {}

/** The deadline passed during refinement (a solver check ran out of time, or none was left). */
export class RefinementTimeout extends RefinementError {
  constructor(what: string) {
    super(`timeout during refinement (${what})`);
  }
}

/** The strategy cannot handle the path's theories (interpolation over bit-vectors or floats). */
export class RefinementUnsupported extends RefinementError {}
