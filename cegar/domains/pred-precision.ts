/**
 * Precisions of predicate abstraction (Hajdu and Micskei, Sect. 2.2.1): a set of predicates over V,
 * kept in the order they were learnt.
 */
import type { Expr } from '../../lang/expr.js';
import { printExpr, type Dialect } from '../../lang/print.js';
import type { Precision } from '../domain.js';

export class PredPrecision implements Precision {
  private readonly tracked: ReadonlySet<Expr>;
  /** The predicate set in a canonical form, for cache keys. */
  readonly key: string;

  constructor(
    readonly preds: readonly Expr[],
    /** The language the predicates are printed in. */
    readonly dialect: Dialect,
  ) {
    this.tracked = new Set(preds);
    this.key = preds.map((p) => p.id).sort((a, b) => a - b).join(',');
  }

  get size(): number {
    return this.preds.length;
  }

  items(): string[] {
    return this.preds.map((p) => printExpr(p, this.dialect));
  }

  has(p: Expr): boolean {
    return this.tracked.has(p);
  }

  /** This precision with `added` appended (the same object when nothing is new). */
  with(added: readonly Expr[]): PredPrecision {
    const fresh = [...new Set(added)].filter((p) => !this.has(p));
    return fresh.length === 0 ? this : new PredPrecision([...this.preds, ...fresh], this.dialect);
  }
}
