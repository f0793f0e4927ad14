/**
 * PDKIND's induction frame (Jovanović and Dutertre, FMCAD 2016): lemmas, each with the
 * counterexample it blocks, and the k-step chain the lemmas are pushed along.
 *
 * A lemma is a formula over the state (the location variable included) that holds in every state
 * reachable within the frame's depth; its counterexample is a set of states from each of which a
 * bad state is reachable within `depth` steps (the property's own lemma has the bad states, depth 0).
 * The chain is "k steps from any state, every lemma holding at each state but the last": a lemma
 * true at the end of every chain is k-inductive relative to the frame.
 */
import { and, atStep, not, type Expr } from '../../lang/expr.js';
import { Solver } from '../../lang/smt/solver.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { Paths } from '../unrolled.js';

export interface Lemma {
  readonly lemma: Expr;
  /** States the lemma excludes, from each of which a bad state is reachable within `depth` steps. */
  readonly cex: Expr;
  readonly depth: number;
}

/** The chain of k steps through the frame's lemmas, on one solver, for the lemmas of one push. */
export class Chain {
  readonly solver: Solver;

  constructor(z3: Z3Context, private readonly paths: Paths, readonly k: number, private readonly checks: DeadlineChecks) {
    this.solver = new Solver(z3);
    for (let i = 0; i < k; i++) this.solver.add(paths.step(i));
  }

  /** Assumes a lemma of the frame at every state of the chain but the last. */
  assume(lemma: Expr): void {
    for (let i = 0; i < this.k; i++) this.solver.add(atStep(lemma, i));
  }

  /** Whether some chain ends outside the lemma. */
  breaks(lemma: Expr): boolean {
    const act = this.solver.guard(atStep(not(lemma), this.k));
    try {
      return this.checks.check(this.solver, [act]);
    } finally {
      this.solver.retire(act);
    }
  }

  /** The state at the start of a chain that ends in `states`, as a formula over V, if there is one. */
  startInto(states: Expr): Expr | undefined {
    const act = this.solver.guard(atStep(states, this.k));
    try {
      if (!this.checks.check(this.solver, [act])) return undefined;
      const m = this.solver.model();
      try {
        return this.paths.stateIn(m, 0);
      } finally {
        m.dispose();
      }
    } finally {
      this.solver.retire(act);
    }
  }

  /**
   * The chain as a formula for interpolation, with starts at the initial states along it: every
   * state reachable within the frame's depth + 1 steps ends one (k ≤ depth + 1; PDKIND's k-induction
   * is relative to the frame, so a path shorter than k from an initial state needs its own start).
   */
  withInitialStarts(lemmas: readonly Expr[]): Expr {
    return this.paths.arrivals(and(), this.paths.unroll.initial(), and(...lemmas), this.k);
  }

  dispose(): void {
    this.solver.dispose();
  }
}
