/**
 * Formulas at a step of an unrolling, built inside Z3. `atStep(e, k)` of lang/expr.ts rebuilds
 * the whole expression with step-indexed variables; for a circuit of 60k gates unrolled 50 times
 * that is millions of hash-consed nodes kept alive on the TypeScript side. Here the formula is
 * translated once and each step is one `Z3_substitute` of its leaves (v to v<k>, v' to v<k+1>),
 * which Z3 performs natively.
 */
import { indexed, leafVar, mapLeaves, ref, type Expr } from '../expr.js';
import type { Translator } from './translate.js';

export class StepTerms {
  /** Per formula: its `var`/`prime` leaves and the Z3 constants standing for them. */
  private readonly leaves = new Map<number, { leaves: Expr[]; from: number[] }>();

  constructor(private readonly t: Translator) {}

  /**
   * The Z3 term of `e` with v read as v<k>, v' as v<k+1> (and so on for more primes), referenced
   * once for the caller, who releases it.
   */
  atStep(e: Expr, k: number): number {
    const { leaves, from } = this.leavesOf(e);
    const root = this.t.toZ3(e);
    if (leaves.length === 0) return this.t.z3.keep(root);
    const to = leaves.map((l) => {
      const { decl, primes } = leafVar(l);
      return this.t.toZ3(ref(indexed(decl, k + primes)));
    });
    const z3 = this.t.z3;
    const [pf, pt] = z3.arrays(from, to);
    return z3.keep(z3.em._Z3_substitute(z3.ctx, root, leaves.length, pf!, pt!));
  }

  private leavesOf(e: Expr): { leaves: Expr[]; from: number[] } {
    let known = this.leaves.get(e.id);
    if (!known) {
      const seen = new Set<Expr>();
      mapLeaves(e, (leaf) => { seen.add(leaf); return undefined; });
      const leaves = [...seen];
      known = { leaves, from: leaves.map((l) => this.t.toZ3(l)) };
      this.leaves.set(e.id, known);
    }
    return known;
  }
}
