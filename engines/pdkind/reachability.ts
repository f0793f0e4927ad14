/**
 * PDKIND's reachability queries (Jovanović and Dutertre, FMCAD 2016, the `reachable` of push): is
 * a counterexample to induction reachable from the initial states within n steps? If not, the
 * explanation is an interpolant of "reachable within n steps" against it: a lemma that holds in
 * every state reachable within n steps and excludes the counterexample, which strengthens the
 * induction frame at its depth. The paper keeps IC3-style reachability frames for these queries;
 * here they are one unrolling per depth (paths that may stop at any step, `Paths.arrivals`), whose
 * interpolants generalise the state as the frames' lemmas would.
 */
import { and, atStep, type Expr } from '../../lang/expr.js';
import { Solver } from '../../lang/smt/solver.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { Paths } from '../unrolled.js';
import { pathInterpolants } from '../path-interpolants.js';

export class Reachability {
  private readonly solver: Solver;
  /** The depth whose paths the solver holds, in one scope. */
  private n = -1;
  private within: Expr = and();

  constructor(private readonly z3: Z3Context, private readonly paths: Paths, private readonly checks: DeadlineChecks) {
    this.solver = new Solver(z3);
  }

  /** Checks and their time so far. */
  get stats(): { checks: number; timeMs: number } {
    return this.solver.stats;
  }

  /** 'reachable' when a state of `states` is reachable within n steps, else a lemma valid within n steps that excludes them. */
  explain(states: Expr, n: number, deadline: number | undefined): 'reachable' | Expr {
    if (n !== this.n) {
      if (this.n >= 0) this.solver.pop();
      this.solver.push();
      const init = this.paths.unroll.initial();
      this.within = this.paths.arrivals(init, init, and(), n);
      this.solver.add(this.within);
      this.n = n;
    }
    const target = atStep(states, n);
    const act = this.solver.guard(target);
    try {
      if (this.checks.check(this.solver, [act])) return 'reachable';
    } finally {
      this.solver.retire(act);
    }
    const [itp] = pathInterpolants(this.z3, [this.within, target], deadline, 'PDKIND\'s reachability check');
    return this.paths.stateAt(itp!);
  }

  dispose(): void {
    this.solver.dispose();
  }
}
