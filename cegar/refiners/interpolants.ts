/**
 * Interpolant sequences for counterexamples (Hajdu and Micskei, Sect. 2.2.2): one formula over V per
 * state of the path, `true` before the refined part and `false` after it, and the prune index, the
 * first state whose formula is neither. Interpolation itself goes through `Interpolation`, which
 * bounds it by the deadline, counts it, and refuses theories that model-based projection cannot
 * handle (bit-vectors and floats only enumerate values, smt-notes §4).
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { False, True, and, postorder, type Expr } from '../../lang/expr.js';
import type { Type } from '../../lang/types.js';
import {
  InterpolationError, interpolate, interpolationStats, sequenceInterpolate,
} from '../../lang/smt/interpolate.js';
import type { Budget } from './budget.js';
import { RefinementError, RefinementTimeout, RefinementUnsupported } from './errors.js';

export interface ItpSequence {
  /** One formula over V per state of the path. */
  readonly itps: readonly Expr[];
  /** The first state whose formula is neither true nor false: the node to prune from. */
  readonly pruneIndex: number;
}

export function isTrivial(e: Expr): boolean {
  return e === True || e === False;
}

/**
 * The first non-trivial state. A sequence with none (the infeasibility lies inside one abstract
 * state and its incoming operation, which no precision can change) prunes at the first `false`.
 */
function pruneIndexOf(itps: readonly Expr[]): number {
  const k = itps.findIndex((e) => !isTrivial(e));
  if (k >= 0) return k;
  const f = itps.indexOf(False);
  return f >= 0 ? f : itps.length - 1;
}

export function itpSequence(itps: readonly Expr[]): ItpSequence {
  return { itps, pruneIndex: pruneIndexOf(itps) };
}

/**
 * A binary interpolant `itp` at state `at` of an n-state path, as a sequence: true before it, and
 * after it `later`: false when the path is known infeasible there (forward), true when nothing is
 * learnt about those states (backward).
 */
export function binarySequence(n: number, at: number, itp: Expr, later: Expr): ItpSequence {
  return itpSequence(Array.from({ length: n }, (_, k) => (k < at ? True : k === at ? itp : later)));
}

function bitLevel(t: Type): boolean {
  if (t.kind === 'bv' || t.kind === 'fp') return true;
  return t.kind === 'array' && (bitLevel(t.index) || bitLevel(t.elem));
}

interface InterpolationStats {
  /** Interpolation calls (binary or sequence). */
  calls: number;
  /** Solver checks made by interpolation, and their time. */
  checks: number;
  timeMs: number;
  /** Cubes of interpolants found by Farkas' lemma, and by model-based projection. */
  farkasCubes: number;
  projectedCubes: number;
}

export class Interpolation {
  constructor(private readonly z3: Z3Context) {}

  readonly stats: InterpolationStats = { calls: 0, checks: 0, timeMs: 0, farkasCubes: 0, projectedCubes: 0 };

  /** A binary interpolant of A and B (A and B must be inconsistent). */
  binary(a: Expr, b: Expr, budget: Budget): Expr {
    const r = this.run([a, b], budget, (timeoutMs) => interpolate(this.z3, a, b, { timeoutMs }));
    if (r === 'sat') throw new RefinementError('interpolation found a counterexample feasible that the feasibility check refuted');
    return r;
  }

  /** Sequence interpolants I_1 .. I_(n-1) of inconsistent parts A_1 .. A_n. */
  sequence(parts: readonly Expr[], budget: Budget): Expr[] {
    const r = this.run(parts, budget, (timeoutMs) => sequenceInterpolate(this.z3, parts, { timeoutMs }));
    if (r === 'sat') throw new RefinementError('interpolation found a counterexample feasible that the feasibility check refuted');
    return r;
  }

  private run<T>(formulas: readonly Expr[], budget: Budget, f: (timeoutMs: number | undefined) => T): T {
    const bits = postorder(and(...formulas)).find((e) => bitLevel(e.type));
    if (bits) {
      throw new RefinementUnsupported(
        `interpolation does not support ${bits.type.kind === 'fp' ? 'floating-point' : 'bit-vector'} formulas ` +
        '(model-based projection only enumerates their values); use --domain EXPL --refinement UNSAT_CORE');
    }
    const timeoutMs = budget.remaining('interpolation');
    const before = interpolationStats(this.z3);
    this.stats.calls++;
    try {
      return f(timeoutMs);
    } catch (e) {
      if (!(e instanceof InterpolationError)) throw e;
      if (budget.expired || /timeout|canceled/i.test(e.message)) throw new RefinementTimeout('interpolation');
      throw new RefinementError(`interpolation gave up: ${e.message}`);
    } finally {
      const after = interpolationStats(this.z3);
      this.stats.checks += after.checks - before.checks;
      this.stats.timeMs += after.timeMs - before.timeMs;
      this.stats.farkasCubes += after.farkasCubes - before.farkasCubes;
      this.stats.projectedCubes += after.projectedCubes - before.projectedCubes;
    }
  }
}
