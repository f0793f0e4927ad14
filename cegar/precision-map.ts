/**
 * Location-aware precisions (Hajdu and Micskei, Sect. 2.2.1): GLOBAL maps every location to one
 * precision, LOCAL keeps one per location. Refinement joins new information at the locations of a
 * counterexample (LOCAL) or everywhere (GLOBAL).
 */
import type { Location } from '../formalisms/interpreter.js';
import type { Expr } from '../lang/expr.js';
import type { AbstractState, Domain, Precision } from './domain.js';
import type { Granularity } from './config.js';

export class PrecisionMap<P extends Precision> {
  private constructor(
    readonly granularity: Granularity,
    private readonly global: P,
    private readonly local: ReadonlyMap<Location, P>,
    private readonly empty: P,
  ) {}

  static create<S extends AbstractState, P extends Precision>(domain: Domain<S, P>, granularity: Granularity, initial?: P): PrecisionMap<P> {
    const empty = domain.emptyPrecision();
    return new PrecisionMap(granularity, initial ?? empty, new Map(), initial ?? empty);
  }

  get(loc: Location): P {
    return this.granularity === 'GLOBAL' ? this.global : this.local.get(loc) ?? this.empty;
  }

  /** The precision after learning `interpolant` at `loc`; the same object when nothing is new. */
  refine<S extends AbstractState>(domain: Domain<S, P>, loc: Location, interpolant: Expr): PrecisionMap<P> {
    const before = this.get(loc);
    const after = domain.refine(before, interpolant);
    if (after === before) return this;
    if (this.granularity === 'GLOBAL') return new PrecisionMap('GLOBAL', after, this.local, this.empty);
    return new PrecisionMap('LOCAL', this.global, new Map(this.local).set(loc, after), this.empty);
  }

  /** Total size: predicates or variables summed over locations (GLOBAL: the one precision). */
  get size(): number {
    if (this.granularity === 'GLOBAL') return this.global.size;
    let s = 0;
    for (const p of this.local.values()) s += p.size;
    return s;
  }

  /** The newest items, for the progress display. */
  newest(n: number): string[] {
    if (n <= 0) return [];
    const all = this.granularity === 'GLOBAL' ? this.global.items(n) : [...this.local.values()].flatMap((p) => p.items(n));
    return all.slice(-n);
  }
}
