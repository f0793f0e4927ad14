/**
 * The termination engine's questions to Z3, on one long-lived solver: each query is asserted in a
 * scope of its own, under the run's deadline. An undecided query is reported as such, never read
 * as an answer; an expired deadline is a `Timeout`.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import type { Expr } from '../../lang/expr.js';
import { Solver } from '../../lang/smt/solver.js';
import type { SmtModel } from '../../lang/smt/model.js';

export class Timeout extends Error {}

export class Oracle {
  readonly solver: Solver;

  constructor(private readonly deadline: number | undefined, z3: Z3Context) {
    this.solver = new Solver(z3);
  }

  private limit(): void {
    const remaining = this.deadline === undefined ? undefined : this.deadline - Date.now();
    if (remaining !== undefined && remaining <= 0) throw new Timeout('timeout');
    // no single query may hold up the run: at most 10 s each
    this.solver.setTimeout(Math.min(remaining ?? 10_000, 10_000));
  }

  /** Whether `f` is satisfiable; with `use`, its model is handed over while the query's scope is open. */
  sat(f: Expr, use?: (m: SmtModel) => void): 'sat' | 'unsat' | 'unknown' {
    this.limit();
    this.solver.push();
    try {
      this.solver.add(f);
      const r = this.solver.check();
      if (r === 'unknown' && this.deadline !== undefined && Date.now() >= this.deadline) throw new Timeout('timeout');
      if (r === 'sat' && use) {
        const m = this.solver.model();
        try { use(m); } finally { m.dispose(); }
      }
      return r;
    } finally {
      this.solver.pop();
    }
  }

  /**
   * Which of `goals` the formula `f` implies, or 'empty' if `f` is unsatisfiable. An undecided
   * check claims nothing: the goal counts as not implied (an abstraction may always be coarser).
   */
  implied(f: Expr, goals: readonly Expr[], negate: (g: Expr) => Expr): boolean[] | 'empty' {
    this.limit();
    this.solver.push();
    try {
      this.solver.add(f);
      const r = this.solver.check();
      if (r === 'unsat') return 'empty';
      const out: boolean[] = [];
      for (const g of goals) {
        this.limit();
        const answer = this.solver.check([negate(g)]);
        out.push(answer === 'unsat');
      }
      return out;
    } finally {
      this.solver.pop();
    }
  }

  dispose(): void {
    this.solver.dispose();
  }
}
