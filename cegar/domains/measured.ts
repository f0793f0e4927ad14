/**
 * What every domain of this directory offers beyond the `Domain` interface: the cost of its solver
 * work, for the checker's statistics, and the release of its solver when the analysis is done.
 */
import type { AbstractState, Domain, Precision } from '../domain.js';
import { Queries, type DomainStats } from './queries.js';
import { True, type Expr } from '../../lang/expr.js';
import type { Z3Context } from '../../lang/smt/context.js';

export interface MeasuredDomain<S extends AbstractState, P extends Precision> extends Domain<S, P> {
  readonly stats: DomainStats;
  /** Absolute deadline (ms since the epoch) for the domain's solver work; past it, `Timeout` is thrown. */
  deadline: number | undefined;
  /** Frees the domain's solver; the domain must not be used afterwards. */
  dispose(): void;
}

/** The part every domain here shares: one long-lived `Queries` solver, its statistics and deadline. */
export abstract class SolverBacked {
  protected readonly queries: Queries;

  constructor(z3: Z3Context) {
    this.queries = new Queries(z3);
  }

  get stats(): DomainStats {
    return this.queries.stats;
  }

  get deadline(): number | undefined {
    return this.queries.deadline;
  }

  set deadline(d: number | undefined) {
    this.queries.deadline = d;
  }

  dispose(): void {
    this.queries.dispose();
  }

  private readonly badCache = new Map<string, boolean>();

  /** Whether `state and bad` is satisfiable (an unknown answer counts as yes), cached by expression ids. */
  protected mayMeet(state: Expr, bad: Expr): boolean {
    const key = `${state.id}|${bad.id}`;
    let may = this.badCache.get(key);
    if (may === undefined) {
      may = this.queries.check(state === True ? [bad] : [state, bad]) !== 'unsat';
      this.badCache.set(key, may);
    }
    return may;
  }
}
