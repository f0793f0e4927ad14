/**
 * TPA's power abstractions (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Transition Power
 * Abstraction for Deep Counterexample Detection", TACAS 2022) over the model's step (encoding.ts):
 * relations over a state V and a later state V'. R_0 = Id ∨ T is exact: a state and itself or a
 * successor. R_(n+1) over-approximates R_n ∘ R_n, so R_n contains every pair of states at most 2^n
 * steps apart; for n ≥ 1 it is the conjunction of interpolants learnt from refuted reachability
 * queries, over the state variables alone.
 *
 * `reach(n, from, to)` asks whether two steps of R_n lead from `from` to `to`. If not, the
 * interpolant of the two steps against the query becomes a lemma of R_(n+1). If so, at level 0
 * the path is real; above it, a midpoint (the model's middle state generalised by model-based
 * projection from both sides) splits the path into two queries one level down, first half then
 * second: a refuted half strengthened R_n (its lemma excludes this model), so the query is asked
 * again; when both halves are reachable, so is the whole. A reachable answer carries states of
 * `to` each reached from some state of `from`: the projection of the level-0 path onto its end,
 * then of the second half's path from the first half's end states.
 */
import { and, atStep, indexed, leafVar, mapLeaves, or, prime, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import { projectImplicant } from '../../lang/smt/project.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { SmtModel } from '../../lang/smt/model.js';
import { unindexed } from '../../cegar/path.js';
import { pathInterpolants } from '../path-interpolants.js';
import type { Encoding } from './encoding.js';
import { LevelSolvers } from './rounds.js';

/** A relation over V and V' placed between steps a and b: v as v<a>, v' as v<b> (the step's own variables at a). */
export function span(rel: Expr, a: number, b: number): Expr {
  return mapLeaves(rel, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return ref(indexed(decl, primes === 0 ? a : b));
  });
}

/** The projection, in m, of `f` onto the state at step k, read back over V. */
export function stateAt(z3: Z3Context, enc: Encoding, m: SmtModel, f: Expr, k: number): Expr {
  const keep = new Set(enc.state.map((v) => indexed(v, k)));
  return simplify(unindexed(projectImplicant(z3, m, f, (v) => keep.has(v))));
}

/**
 * Why the two steps `twoSteps` (over V<0>, V<1>, V<2>) cannot lead from `from` to `to`: an
 * interpolant over V<0> and V<2>, as a relation over V and V'.
 */
export function relationInterpolant(z3: Z3Context, enc: Encoding, twoSteps: Expr, from: Expr, to: Expr, deadline: number | undefined): Expr {
  const [itp] = pathInterpolants(z3, [twoSteps, and(atStep(from, 0), atStep(to, 2))], deadline, 'TPA');
  const back = new Map<VarDecl, Expr>();
  for (const v of enc.state) {
    back.set(indexed(v, 0), ref(v));
    back.set(indexed(v, 2), prime(ref(v)));
  }
  return simplify(substitute(itp!, back));
}

/**
 * What a family of powers shares with the engine around it: the level-0 relation (TPA's Id ∨ T,
 * split TPA's exact T), the solvers and counters it reports in, and whom to tell of a new lemma.
 */
interface PowersSetting {
  readonly base?: Expr;
  readonly solvers?: LevelSolvers;
  readonly counters?: { queries: number; lemmas: number };
  readonly learnt?: (n: number, lemma: Expr) => void;
}

export class Powers {
  /** The lemmas of R_n, n ≥ 1, over V and V'. */
  private readonly lemmas: Expr[][] = [[]];
  /** Per level n, a solver with two steps of R_n (v<0> to v<1> to v<2>), made when first asked. */
  private readonly levelSolvers: Solver[] = [];
  readonly solvers: LevelSolvers;
  /** Per level n, R_n placed at steps 0 and 1, until a lemma of level n changes it. */
  private readonly placed: ({ readonly first: Expr; readonly second: Expr } | undefined)[] = [];
  readonly counters: { queries: number; lemmas: number };
  private readonly base: Expr;

  constructor(readonly enc: Encoding, private readonly z3: Z3Context, private readonly checks: DeadlineChecks, private readonly setting: PowersSetting = {}) {
    this.base = setting.base ?? or(enc.identity, enc.step);
    this.solvers = setting.solvers ?? new LevelSolvers();
    this.counters = setting.counters ?? { queries: 0, lemmas: 0 };
  }

  /** R_n over V and V'. */
  relation(n: number): Expr {
    return n === 0 ? this.base : and(...(this.lemmas[n] ?? []));
  }

  /** Whether level n ≥ 1 has a lemma (R_n is `true` without one). */
  hasLemmas(n: number): boolean {
    return (this.lemmas[n]?.length ?? 0) > 0;
  }

  /** States of `to` each reached from a state of `from` within 2^(n+1) steps, or undefined if R_(n+1) now excludes every such pair. */
  reach(n: number, from: Expr, to: Expr): Expr | undefined {
    const solver = this.solverAt(n);
    for (;;) {
      this.counters.queries++;
      const act = solver.guard(and(atStep(from, 0), atStep(to, 2)));
      if (!this.checks.check(solver, [act])) {
        solver.retire(act);
        this.learn(n + 1, this.interpolant(n, from, to));
        return undefined;
      }
      const m = solver.model();
      let mid: Expr;
      try {
        solver.retire(act);
        const { first, second } = this.placedAt(n);
        if (n === 0) return this.at(m, and(atStep(from, 0), first, second, atStep(to, 2)), 2);
        mid = and(this.at(m, and(atStep(from, 0), first), 1), this.at(m, and(second, atStep(to, 2)), 1));
      } finally {
        m.dispose();
      }
      const first = this.reach(n - 1, from, mid);
      if (first === undefined) continue;
      const second = this.reach(n - 1, first, to);
      if (second !== undefined) return second;
    }
  }

  /** The lemmas of every level. */
  lemmaList(): Expr[] {
    return this.lemmas.flat();
  }

  private placedAt(n: number): { readonly first: Expr; readonly second: Expr } {
    let p = this.placed[n];
    if (!p) {
      const rel = this.relation(n);
      p = this.placed[n] = { first: atStep(rel, 0), second: atStep(rel, 1) };
    }
    return p;
  }

  private at(m: SmtModel, f: Expr, k: number): Expr {
    return stateAt(this.z3, this.enc, m, f, k);
  }

  /** Why two steps of R_n cannot lead from `from` to `to`, as a relation over V and V'. */
  private interpolant(n: number, from: Expr, to: Expr): Expr {
    const { first, second } = this.placedAt(n);
    return relationInterpolant(this.z3, this.enc, and(first, second), from, to, this.checks.deadline);
  }

  private learn(n: number, lemma: Expr): void {
    while (this.lemmas.length <= n) this.lemmas.push([]);
    this.lemmas[n]!.push(lemma);
    this.placed[n] = undefined;
    this.counters.lemmas++;
    const s = this.levelSolvers[n];
    if (s) {
      s.addAtStep(lemma, 0);
      s.addAtStep(lemma, 1);
    }
    this.setting.learnt?.(n, lemma);
  }

  private solverAt(n: number): Solver {
    let s = this.levelSolvers[n];
    if (!s) {
      s = this.levelSolvers[n] = this.solvers.track(new Solver(this.z3));
      const rel = this.relation(n);
      s.addAtStep(rel, 0);
      s.addAtStep(rel, 1);
    }
    return s;
  }
}
