/**
 * Interpolation-based model checking (McMillan, "Interpolation and SAT-based model checking", CAV
 * 2003) over the interpreter view, on the bounded-checking module (bounded.ts) and Vigil's own
 * interpolants (Farkas coefficients where the conflict is linear, model-based projection otherwise:
 * lang/smt/interpolate.ts).
 *
 * For a bound k, with no counterexample of k steps or fewer (the base case, BMC's, says so first),
 * the image of a set of states X is over-approximated by the interpolant I of
 *
 *   A = X(s0) ∧ T(s0, s1)   and   B = "s1 is bad, or a bad state follows within k steps",
 *
 * read back over the state: I contains every successor of X, and nothing in it reaches a bad state
 * within k steps. Starting from the initial states, each interpolant is the next frontier and
 * R, the union of the frontiers so far, grows until the newest interpolant adds nothing (I ⇒ R):
 * then R contains the initial states, is closed under the step (each frontier's successors lie in
 * the next interpolant, the last of which lies in R) and excludes the bad states (each interpolant
 * excludes them, the initial states do by the base case), and R, per location, is the inductive
 * invariant the verdict comes with. When A ∧ B is satisfiable from a frontier other than the
 * initial states, the over-approximation reached a bad state that may be spurious, and k grows. A
 * bad state reached by the base case is a counterexample trace.
 *
 * Frontiers rather than McMillan's whole R on the A side keep the interpolation queries small; the
 * argument above is the same.
 */
import { and, atStep, not, or, type Expr } from '../lang/expr.js';
import { Solver } from '../lang/smt/solver.js';
import { DeadlineChecks } from '../lang/smt/deadline.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { unknown, type Result, type Statistics } from '../formalisms/result.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import type { Limits, Reporter } from './run.js';
import { boundOf, boundShown } from './bound.js';
import { BaseCase } from './bounded.js';
import { Paths } from './unrolled.js';
import { pathInterpolants, stopReason } from './path-interpolants.js';

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    async check(task, limits, reporter): Promise<Result> {
      return imc(task.model, await context.z3(), bound, limits, reporter);
    },
  };
}

export function imc(model: Interpreter, z3: Z3Context, bound: number, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const base = new BaseCase(model, z3);
  const paths = new Paths(base.unroll);
  const checks = new DeadlineChecks(limits.deadline);
  /** A ∧ B, B asserted for the current bound; and whether an image adds states to R. */
  const query = new Solver(z3);
  const fixpoint = new Solver(z3);
  let depth = 0;
  let images = 0;
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: base.solver.stats.checks + query.stats.checks + fixpoint.stats.checks + itp.checks - itpBefore.checks,
      solverTimeMs: base.solver.stats.timeMs + query.stats.timeMs + fixpoint.stats.timeMs + itp.timeMs - itpBefore.timeMs,
      bound: depth,
      images,
    };
  };
  try {
    const initial = base.unroll.initial();
    for (let k = 0; ; k++) {
      depth = k;
      reporter.progress({ phase: 'imc', iteration: k, detail: `bound ${k}, ${images} images`, stats: stats() });
      const b = base.badNow(limits.deadline);
      if (b === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: base.trace() }, stats: stats() };
      if (b !== 'unsat') return { verdict: 'unknown', reason: b, stats: stats() };
      if (k >= bound) return { verdict: 'unknown', reason: unknown('bound', `bound ${bound} reached`), stats: stats() };
      if (!base.extend()) return { verdict: 'safe', certificate: base.exhausted(), stats: stats() };
      // no counterexample of k steps or fewer; B: a bad state at step 1 or within k more steps
      const badAfter = paths.reachesWithin(base.unroll.bad(), 1, k + 1);
      query.push();
      try {
        query.add(badAfter);
        const reached: Expr[] = [initial];
        for (let frontier = initial; ;) {
          const a = and(atStep(frontier, 0), paths.step(0));
          if (checks.check(query, [a])) break;
          const [itp] = pathInterpolants(z3, [a, badAfter], limits.deadline, 'IMC');
          const image = paths.stateAt(itp!);
          images++;
          const act = fixpoint.guard(and(image, not(or(...reached))));
          const grows = checks.check(fixpoint, [act]);
          fixpoint.retire(act);
          if (!grows) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: paths.perLocation(or(...reached)) }, stats: stats() };
          reached.push(image);
          frontier = image;
        }
      } finally {
        query.pop();
      }
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    base.dispose();
    query.dispose();
    fixpoint.dispose();
  }
}
