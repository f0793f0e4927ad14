/**
 * Z3 checks bounded by a run's deadline, for the engines that keep solvers of their own across a
 * run (IC3IA, IMPACT): past the deadline a check throws `Timeout`, and Z3's unknown for another
 * reason (an unsupported theory) throws `SolverGaveUp`; the engines turn both into UNKNOWN.
 */
import type { Expr } from '../expr.js';
import type { Solver } from './solver.js';

/** Thrown past the deadline; the engine turns it into UNKNOWN (timeout). */
export class Timeout extends Error {}

/** Thrown when Z3 answers unknown for another reason than the deadline (an unsupported theory). */
export class SolverGaveUp extends Error {}

/** How far past the deadline a check may run before its time limit is set again. */
const SLACK_MS = 1000;

export class DeadlineChecks {
  /** Per solver, the time limit of its checks, in milliseconds. */
  private readonly limits = new Map<Solver, number>();

  constructor(readonly deadline: number | undefined) {}

  checkDeadline(): void {
    if (this.deadline !== undefined && Date.now() > this.deadline) throw new Timeout();
  }

  /**
   * Whether the assertions of `solver` and the assumptions are satisfiable, under the deadline.
   * Z3's time limit is per check and setting it costs about as much as a small check, so it is set
   * again only when a check could otherwise run more than a second past the deadline.
   */
  check(solver: Solver, assumptions: readonly Expr[]): boolean {
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
      if (ranOut(solver, this.deadline)) throw new Timeout();
      throw new SolverGaveUp(`solver gave up: ${solver.reasonUnknown()}`);
    }
    return r === 'sat';
  }
}

/**
 * Whether the solver's last 'unknown' is the deadline's: the deadline has passed, or Z3's timer,
 * set from it, stopped the check (Z3 says "canceled" or "timeout", and its timer may fire a few
 * milliseconds before the clock reaches the deadline).
 */
export function ranOut(solver: Solver, deadline: number | undefined): boolean {
  return pastDeadline(deadline, solver.reasonUnknown());
}

/** Whether Z3's reason for an 'unknown' under `deadline` is the deadline's (see `ranOut`). */
export function pastDeadline(deadline: number | undefined, reason: string): boolean {
  if (deadline === undefined) return false;
  return Date.now() >= deadline || /\b(canceled|timeout)\b/.test(reason);
}
