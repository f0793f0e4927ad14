/**
 * Feasibility of abstract counterexamples (Hajdu and Micskei, Sect. 2.2.2 and 3.2.1): is the
 * conjunction of a path's formulas satisfiable, and if not, how long are its longest feasible prefix
 * and longest feasible suffix. One long-lived solver answers every query: a path is pushed onto it
 * one piece at a time in a scope, checked after each piece, and popped when the answer is known.
 */
import type { Expr } from '../../lang/expr.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { Solver, type SolverStats, type SmtAnswer } from '../../lang/smt/solver.js';
import type { Trace } from '../../formalisms/trace.js';
import type { AbstractState } from '../domain.js';
import { concreteTrace } from '../path.js';
import type { Budget } from './budget.js';
import { RefinementError, RefinementTimeout } from './errors.js';
import type { Counterexample } from './pieces.js';

export type Feasible = { readonly feasible: true; readonly trace: Trace };
/** States 0 .. length-1 are a feasible prefix; length < the number of states. */
type PrefixResult = Feasible | { readonly feasible: false; readonly length: number };
/** States start .. n-1 are a feasible suffix; start >= 1 (start = n: not even the last state is). */
type SuffixResult = Feasible | { readonly feasible: false; readonly start: number };
/** An unsat core among the assumptions. */
type CoreResult = Feasible | { readonly feasible: false; readonly core: readonly Expr[] };

export class FeasibilityChecker {
  private solver: Solver | undefined;

  constructor(private readonly z3: Z3Context) {}

  get stats(): SolverStats {
    return this.solver?.stats ?? { checks: 0, timeMs: 0 };
  }

  /** Whether the whole path is feasible, with its concrete trace. */
  check<S extends AbstractState>(cex: Counterexample<S>, budget: Budget): Trace | undefined {
    const { states, trans } = cex;
    return this.scoped((s) => {
      states.forEach((e) => s.add(e));
      trans.forEach((e) => s.add(e));
      return this.verdict(s, budget, []) === 'sat' ? this.trace(s, cex) : undefined;
    });
  }

  /** The longest feasible prefix, growing it one state at a time. */
  prefix<S extends AbstractState>(cex: Counterexample<S>, budget: Budget): PrefixResult {
    const { states, trans } = cex;
    return this.scoped((s) => {
      for (let k = 0; k < states.length; k++) {
        if (k > 0) s.add(trans[k - 1]!);
        s.add(states[k]!);
        if (this.verdict(s, budget, []) === 'unsat') return { feasible: false, length: k };
      }
      return { feasible: true, trace: this.trace(s, cex) };
    });
  }

  /** The longest feasible suffix, growing it backwards one state at a time (init comes in last). */
  suffix<S extends AbstractState>(cex: Counterexample<S>, budget: Budget): SuffixResult {
    const { states, trans } = cex;
    return this.scoped((s) => {
      for (let k = states.length - 1; k >= 0; k--) {
        s.add(states[k]!);
        if (k < trans.length) s.add(trans[k]!);
        if (this.verdict(s, budget, []) === 'unsat') return { feasible: false, start: k + 1 };
      }
      return { feasible: true, trace: this.trace(s, cex) };
    });
  }

  /** Checks the conjunction of `assumptions` (the path's formulas, split as the caller likes). */
  core<S extends AbstractState>(cex: Counterexample<S>, assumptions: readonly Expr[], budget: Budget): CoreResult {
    return this.scoped((s) => {
      if (this.verdict(s, budget, assumptions) === 'sat') return { feasible: true, trace: this.trace(s, cex) };
      return { feasible: false, core: s.unsatCore() };
    });
  }

  /** Runs `f` in a fresh scope of the long-lived solver (its indicators die with the scope). */
  private scoped<T>(f: (s: Solver) => T): T {
    const s = this.live();
    const depth = s.scopes;
    s.push();
    try {
      return f(s);
    } finally {
      s.pop(s.scopes - depth);
    }
  }

  /** The one solver, made when first needed. */
  private live(): Solver {
    return (this.solver ??= new Solver(this.z3));
  }

  private verdict(s: Solver, budget: Budget, assumptions: readonly Expr[]): SmtAnswer {
    s.setTimeout(budget.remaining('path feasibility'));
    const v = s.check(assumptions);
    if (v !== 'unknown') return v;
    const reason = s.reasonUnknown();
    if (budget.expired || /timeout|canceled/i.test(reason)) throw new RefinementTimeout('path feasibility');
    throw new RefinementError(`the solver could not decide the feasibility of a counterexample (${reason})`);
  }

  private trace<S extends AbstractState>(s: Solver, cex: Counterexample<S>): Trace {
    const m = s.model();
    try {
      return concreteTrace(cex.model, cex.path, m);
    } finally {
      m.dispose();
    }
  }
}
