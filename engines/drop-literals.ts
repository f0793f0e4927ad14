/**
 * Literal dropping, the loop of IC3's inductive generalisation (Bradley 2011), shared by the
 * engines that generalise cubes of literals: PDR on the CFA view and over clauses, and IC3 with
 * implicit predicate abstraction. Each literal in turn is left out; when the smaller cube passes
 * the engine's check (relative induction, no initial state), the cube becomes the core that check
 * returns, a subset of the smaller cube.
 */
import type { Expr } from '../lang/expr.js';

/** The cube `lits` after dropping what `core` allows: `core(smaller)` is undefined where the smaller cube fails. */
export function dropLiterals(lits: readonly Expr[], core: (smaller: readonly Expr[]) => readonly Expr[] | undefined): readonly Expr[] {
  // a cube of one literal stays: without it, the empty cube would hold the initial states
  for (let i = 0; i < lits.length && lits.length > 1;) {
    const kept = core(lits.filter((_, j) => j !== i));
    if (!kept) {
      i++;
      continue;
    }
    // the core keeps the cube's order, so the literals tried already stay in front
    const tried = new Set(lits.slice(0, i).map((x) => x.id));
    lits = kept;
    i = lits.filter((x) => tried.has(x.id)).length;
  }
  return lits;
}
