/**
 * What the parts of IMPACT share: the model, the solver that decides implications between labels
 * (cached by the labels' identities, since labels are hash-consed and change only by refinement),
 * the solver that decides paths, the deadline and the counters. Every query goes through `check`,
 * so all of them are bounded by the deadline and counted in one place.
 */
import { False, True, not, type Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import { Solver } from '../../lang/smt/solver.js';

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

/** Thrown past the deadline; the engine turns it into UNKNOWN (timeout). */
export class Timeout extends Error {}

/** Thrown when Z3 answers unknown for another reason than the deadline (an unsupported theory). */
export class SolverGaveUp extends Error {}

/** How far past the deadline a check may run before its time limit is set again. */
const SLACK_MS = 1000;

export class ImpactContext {
  /** Implications between labels. */
  readonly solver = new Solver();
  /** Paths of the unwinding, each in a scope of its own. */
  readonly paths = new Solver();
  readonly counters: ImpactCounters = {
    unwindingNodes: 0, coveredNodes: 0, expanded: 0, forcedAttempts: 0, forcedCoverings: 0, refinements: 0,
  };
  private readonly limits = new Map<Solver, number>();
  private readonly implications = new Map<string, boolean>();

  constructor(readonly model: Interpreter, readonly deadline: number | undefined) {}

  checkDeadline(): void {
    if (this.deadline !== undefined && Date.now() > this.deadline) throw new Timeout();
  }

  /** Milliseconds left before the deadline (undefined: none); throws Timeout when none are. */
  remaining(): number | undefined {
    this.checkDeadline();
    return this.deadline === undefined ? undefined : Math.max(1, this.deadline - Date.now());
  }

  /**
   * Whether the assertions of `solver` and the assumptions are satisfiable, under the deadline.
   * Setting Z3's time limit costs about a small check, so it is set again only when a check could
   * otherwise run more than a second past the deadline.
   */
  check(assumptions: readonly Expr[], solver: Solver = this.solver): boolean {
    this.checkDeadline();
    if (this.deadline !== undefined) {
      const now = Date.now();
      const limit = this.limits.get(solver);
      if (limit === undefined || now + limit > this.deadline + SLACK_MS) {
        this.limits.set(solver, this.deadline - now);
        solver.setTimeout(this.deadline - now);
      }
    }
    const r = solver.check(assumptions);
    if (r === 'unknown') {
      if (this.deadline !== undefined && Date.now() >= this.deadline) throw new Timeout();
      throw new SolverGaveUp(`solver gave up: ${solver.reasonUnknown()}`);
    }
    return r === 'sat';
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
