/**
 * Precisions of predicate abstraction (Hajdu and Micskei, Sect. 2.2.1): a set of predicates over V,
 * kept in the order they were learnt, each once up to the form of its comparisons
 * (`predicateIdentity`).
 */
import type { Expr } from '../../lang/expr.js';
import { printExpr, type Dialect } from '../../lang/print.js';
import { predicateIdentity } from './split.js';
import type { Precision } from '../domain.js';

/** Where a printed predicate is cut short: the TUI shows one line per item. */
const ITEM_CHARS = 400;

export class PredPrecision implements Precision {
  private readonly tracked: ReadonlySet<Expr>;
  /** The predicate set in a canonical form, for cache keys. */
  readonly key: string;

  constructor(
    readonly preds: readonly Expr[],
    /** The language the predicates are printed in. */
    readonly dialect: Dialect,
  ) {
    this.tracked = new Set(preds.map(predicateIdentity));
    this.key = preds.map((p) => p.id).sort((a, b) => a - b).join(',');
  }

  get size(): number {
    return this.preds.length;
  }

  items(last = this.preds.length): string[] {
    return this.preds.slice(Math.max(0, this.preds.length - last)).map((p) => printExpr(p, this.dialect, ITEM_CHARS));
  }

  /** Whether `p`, or a predicate that differs from it only in the form of comparisons, is tracked. */
  has(p: Expr): boolean {
    return this.tracked.has(predicateIdentity(p));
  }

  /** This precision with `added` appended (the same object when nothing is new). */
  with(added: readonly Expr[]): PredPrecision {
    const seen = new Set(this.tracked);
    const fresh = added.filter((p) => {
      const id = predicateIdentity(p);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    return fresh.length === 0 ? this : new PredPrecision([...this.preds, ...fresh], this.dialect);
  }
}
