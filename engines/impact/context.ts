/**
 * What the parts of IMPACT share: the model, the solver that decides implications between labels
 * (cached by the labels' identities, since labels are hash-consed and change only by refinement),
 * the solver that decides paths, the deadline and the counters. Every query goes through `check`,
 * so all of them are bounded by the deadline and counted in one place.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { False, True, not, type Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import { Solver } from '../../lang/smt/solver.js';
import { DeadlineChecks } from '../../lang/smt/deadline.js';

export interface ImpactCounters {
  /** Nodes in the unwinding now (removed subtrees of refuted nodes not counted). */
  unwindingNodes: number;
  /** Nodes with a covering edge now. */
  coveredNodes: number;
  /** Nodes expanded so far. */
  expanded: number;
  /** Forced coverings tried, and those that succeeded. */
  forcedAttempts: number;
  forcedCoverings: number;
  /** Spurious error paths refined away. */
  refinements: number;
}

export class ImpactContext {
  /** Implications between labels. */
  readonly solver: Solver;
  /** Paths of the unwinding, each in a scope of its own. */
  readonly paths: Solver;
  readonly counters: ImpactCounters = {
    unwindingNodes: 0, coveredNodes: 0, expanded: 0, forcedAttempts: 0, forcedCoverings: 0, refinements: 0,
  };
  private readonly implications = new Map<string, boolean>();

  private readonly bounded: DeadlineChecks;

  constructor(readonly model: Interpreter, readonly deadline: number | undefined, readonly z3: Z3Context) {
    this.solver = new Solver(z3);
    this.paths = new Solver(z3);
    this.bounded = new DeadlineChecks(deadline);
  }

  checkDeadline(): void {
    this.bounded.checkDeadline();
  }

  /** Milliseconds left before the deadline (undefined: none); throws Timeout when none are. */
  remaining(): number | undefined {
    this.checkDeadline();
    return this.deadline === undefined ? undefined : Math.max(1, this.deadline - Date.now());
  }

  /** Whether the assertions of `solver` (the implications' by default) and the assumptions are satisfiable, under the deadline. */
  check(assumptions: readonly Expr[], solver: Solver = this.solver): boolean {
    return this.bounded.check(solver, assumptions);
  }

  /**
   * Whether `a` implies `b`. A fresh label `true` is taken to imply only `true`: it could imply a
   * valid formula, but interpolants are not valid, and saying no is always sound for covering.
   */
  implies(a: Expr, b: Expr): boolean {
    if (b === True || a === False || a === b) return true;
    if (a === True) return false;
    const key = `${a.id}:${b.id}`;
    let known = this.implications.get(key);
    if (known === undefined) this.implications.set(key, (known = !this.check([a, not(b)])));
    return known;
  }

  dispose(): void {
    this.solver.dispose();
    this.paths.dispose();
  }
}
