/**
 * Split TPA's power abstractions (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Split Transition
 * Power Abstractions for Unbounded Safety", FMCAD 2022): two families of relations over V and V'
 * where TPA (powers.ts) has one.
 *
 * - E_n over-approximates exactly 2^n steps: E_0 = T, and E_(n+1) ⊇ E_n ∘ E_n;
 * - L_n over-approximates fewer than 2^n steps: L_0 = Id, and L_(n+1) ⊇ L_n ∪ L_n ∘ E_n.
 *
 * For n ≥ 1 each is the conjunction of interpolants learnt from refuted queries. Kept apart from
 * the shorter paths, the exact powers can say what holds after exactly 2^n steps (a counter moved
 * by 2^n, a phase come round), which no relation that contains the identity can.
 *
 * `exact(n, from, to)` asks whether two steps of E_n lead from `from` to `to`, so exactly 2^(n+1)
 * steps (the exact powers are a family of TPA's own, powers.ts, whose level 0 is T alone);
 * `less(n, from, to)` whether L_n does alone or followed by E_n, so fewer than 2^(n+1). A
 * refuted query's interpolant becomes a lemma of level n + 1 of its family. A satisfiable one is
 * real at level 0; above it, it is split at a midpoint (the model's middle state generalised by
 * model-based projection from both sides) into queries one level down, as in TPA: L_n alone is
 * asked as `less(n - 1)`, L_n then E_n as `less(n - 1)` to the midpoint and `exact(n - 1)` from
 * there. A refuted part strengthened level n, so the query is asked again; a reachable answer
 * carries states of `to` each reached from a state of `from`.
 */
import { BoolT } from '../../lang/types.js';
import { and, atStep, declareVar, imply, not, or, ref, True, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { Encoding } from './encoding.js';
import { Powers, relationInterpolant, span, stateAt } from './powers.js';
import { LevelSolvers } from './rounds.js';

/** A less-than query's solver: `shorter` selects L_n from step 0 to 2, its negation L_n then E_n. */
interface LessSolver {
  readonly solver: Solver;
  readonly shorter: VarDecl;
}

export class SplitPowers {
  /** The exact powers: a family of TPA's powers whose level 0 is the step alone. */
  private readonly exactPowers: Powers;
  /** The lemmas of L_n, n ≥ 1. */
  private readonly lessLemmas: Expr[][] = [[]];
  /** Per level n, a solver with L_n alone or L_n then E_n, made when first asked. */
  private readonly lessSolvers: LessSolver[] = [];
  readonly solvers = new LevelSolvers();
  readonly counters = { queries: 0, lemmas: 0 };

  constructor(readonly enc: Encoding, private readonly z3: Z3Context, private readonly checks: DeadlineChecks) {
    // a lemma of E_n strengthens the less-than query of level n too, on its second part
    const learnt = (n: number, lemma: Expr) => {
      const l = this.lessSolvers[n];
      if (l) l.solver.add(imply(not(ref(l.shorter)), atStep(lemma, 1)));
    };
    this.exactPowers = new Powers(enc, z3, checks, { base: enc.step, solvers: this.solvers, counters: this.counters, learnt });
  }

  /** E_n over V and V'. */
  exactRelation(n: number): Expr {
    return this.exactPowers.relation(n);
  }

  /** L_n over V and V'. */
  lessRelation(n: number): Expr {
    return n === 0 ? this.enc.identity : and(...(this.lessLemmas[n] ?? []));
  }

  /** Whether level n of the exact powers has a lemma (E_n, n ≥ 1, is `true` without one). */
  hasExact(n: number): boolean {
    return this.exactPowers.hasLemmas(n);
  }

  /** States of `to` each reached from a state of `from` in exactly 2^(n+1) steps (two of E_n), or undefined if E_(n+1) now excludes every such pair. */
  exact(n: number, from: Expr, to: Expr): Expr | undefined {
    return this.exactPowers.reach(n, from, to);
  }

  /** States of `to` each reached from a state of `from` in fewer than 2^(n+1) steps, or undefined if L_(n+1) now excludes every such pair. */
  less(n: number, from: Expr, to: Expr): Expr | undefined {
    const { solver, shorter } = this.lessSolverAt(n);
    for (;;) {
      this.counters.queries++;
      const act = solver.guard(and(atStep(from, 0), atStep(to, 2)));
      const l = this.lessRelation(n);
      const e = this.exactRelation(n);
      if (!this.checks.check(solver, [act])) {
        solver.retire(act);
        this.learnLess(n + 1, relationInterpolant(this.z3, this.enc, or(span(l, 0, 2), and(atStep(l, 0), atStep(e, 1))), from, to, this.checks.deadline));
        return undefined;
      }
      const m = solver.model();
      let alone: boolean;
      let mid: Expr | undefined;
      try {
        solver.retire(act);
        alone = m.eval(ref(shorter)) === True;
        if (n === 0) return alone ? simplify(and(from, to)) : stateAt(this.z3, this.enc, m, and(atStep(from, 0), atStep(l, 0), atStep(e, 1), atStep(to, 2)), 2);
        if (!alone) mid = and(stateAt(this.z3, this.enc, m, and(atStep(from, 0), atStep(l, 0)), 1), stateAt(this.z3, this.enc, m, and(atStep(e, 1), atStep(to, 2)), 1));
      } finally {
        m.dispose();
      }
      if (mid === undefined) {
        const r = this.less(n - 1, from, to);
        if (r !== undefined) return r;
        continue;
      }
      const first = this.less(n - 1, from, mid);
      if (first === undefined) continue;
      const second = this.exact(n - 1, first, to);
      if (second !== undefined) return second;
    }
  }

  /** The lemmas of every level of L: each contains the identity, as L_0 does. */
  lemmaList(): Expr[] {
    return this.lessLemmas.flat();
  }

  private learnLess(n: number, lemma: Expr): void {
    while (this.lessLemmas.length <= n) this.lessLemmas.push([]);
    this.lessLemmas[n]!.push(lemma);
    this.counters.lemmas++;
    const l = this.lessSolvers[n];
    if (l) {
      l.solver.add(imply(ref(l.shorter), span(lemma, 0, 2)));
      l.solver.add(imply(not(ref(l.shorter)), atStep(lemma, 0)));
    }
  }

  private lessSolverAt(n: number): LessSolver {
    let l = this.lessSolvers[n];
    if (!l) {
      const solver = this.solvers.track(new Solver(this.z3));
      const shorter = declareVar(`__shorter${n}`, BoolT);
      const rel = this.lessRelation(n);
      solver.add(imply(ref(shorter), span(rel, 0, 2)));
      solver.add(imply(not(ref(shorter)), and(atStep(rel, 0), atStep(this.exactRelation(n), 1))));
      l = this.lessSolvers[n] = { solver, shorter };
    }
    return l;
  }
}
