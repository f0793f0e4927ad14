/**
 * The bounded-checking module's unrolling (bounded.ts, `Unrolling`) written out as step-indexed
 * formulas (v<i> the state at step i), for the engines that interpolate over it: interpolation-based
 * model checking (imc.ts) and PDKIND (pdkind/). An interpolant between two parts of such a formula
 * speaks of the variables of one step; `stateAt` and `perLocation` read it back over the model.
 *
 * Paths here may stop at any step: an error location usually has no action leaving it, so a formula
 * that asked for k steps after a bad state would be unsatisfiable. "Within" formulas nest instead:
 * the target now, or one more step and the target within the rest.
 */
import { and, atStep, eq, indexed, int, or, ref, substitute, type Expr } from '../lang/expr.js';
import { simplify } from '../lang/simplify.js';
import type { Location } from '../formalisms/interpreter.js';
import type { SmtModel } from '../lang/smt/model.js';
import { unindexed } from '../cegar/path.js';
import type { Unrolling } from './bounded.js';

export class Paths {
  private readonly anyStep: Expr;

  constructor(readonly unroll: Unrolling) {
    this.anyStep = unroll.step(new Set(unroll.model.locations), new Set());
  }

  /** One step from any location, from step i to step i + 1. */
  step(i: number): Expr {
    return atStep(this.anyStep, i);
  }

  /** A path from step `from` that is in `target` (over V) at some step from `from` to `to`. */
  reachesWithin(target: Expr, from: number, to: number): Expr {
    let f = atStep(target, to);
    for (let i = to - 1; i >= from; i--) f = or(atStep(target, i), and(this.step(i), f));
    return f;
  }

  /**
   * The states at step k that end a path which started at step 0 in `start` or at a later step in
   * `restart`, and met `through` at every state before step k (all over V): with `start` and
   * `restart` the initial states and `through` true, the states reachable in at most k steps.
   */
  arrivals(start: Expr, restart: Expr, through: Expr, k: number): Expr {
    let f = atStep(start, 0);
    for (let i = 0; i < k; i++) f = or(and(f, atStep(through, i), this.step(i)), atStep(restart, i + 1));
    return f;
  }

  /** The state at step i of a model, as a formula over V: the location and every variable at their values. */
  stateIn(m: SmtModel, i: number): Expr {
    return and(...this.unroll.state.map((v) => eq(ref(v), m.eval(ref(indexed(v, i))))));
  }

  /** An interpolant over the variables of one step, read back over V. */
  stateAt(itp: Expr): Expr {
    return simplify(unindexed(itp));
  }

  /** A state formula over V (which may speak of the location variable) as one formula per location. */
  perLocation(f: Expr): Map<Location, Expr> {
    const { model, locVar, multiLoc } = this.unroll;
    if (!multiLoc) return new Map([[model.initLoc, simplify(f)]]);
    return new Map(model.locations.map((l) => [l, simplify(substitute(f, new Map([[locVar, int(l.id)]])))]));
  }
}
