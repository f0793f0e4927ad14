/**
 * The one long-lived solver of a domain, created on first use (EXPL with k = 1* never needs it),
 * with the checker's deadline: each check gets the time left as its limit, and a check that gives
 * up because the deadline passed ends the analysis with the abstractor's `Timeout`.
 */
import type { Expr } from '../../lang/expr.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { Solver, type SmtAnswer } from '../../lang/smt/solver.js';
import { ranOut } from '../../lang/smt/deadline.js';
import { Timeout } from '../abstractor.js';

export interface DomainStats {
  /** Solver checks issued by the domain. */
  readonly checks: number;
  /** Time spent inside those checks, in milliseconds. */
  readonly timeMs: number;
}

export class Queries {
  private solver: Solver | undefined;

  constructor(private readonly z3: Z3Context) {}

  /** Absolute deadline (ms since the epoch), if any. */
  deadline: number | undefined = undefined;

  get stats(): DomainStats {
    return this.solver?.stats ?? { checks: 0, timeMs: 0 };
  }

  get smt(): Solver {
    return (this.solver ??= new Solver(this.z3));
  }

  check(assumptions: readonly Expr[]): SmtAnswer {
    const solver = this.smt;
    if (this.deadline !== undefined) {
      const left = this.deadline - Date.now();
      if (left <= 0) throw new Timeout();
      solver.setTimeout(left);
    }
    const verdict = solver.check(assumptions);
    if (verdict === 'unknown' && ranOut(solver, this.deadline)) throw new Timeout();
    return verdict;
  }

  dispose(): void {
    this.solver?.dispose();
    this.solver = undefined;
  }
}
