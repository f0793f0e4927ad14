/**
 * TPA's safe answers: a transition invariant made of power abstractions' lemmas, and the inductive
 * invariant it yields (Blicha et al., TACAS 2022, section 4). Every lemma contains the identity
 * (R_0 does, and a lemma of R_(n+1) contains two steps of R_n); a relation R of lemmas that holds no
 * pair of an initial and a bad state gives the invariant when it is closed on one side:
 *
 * - on the right from the initial states, Init(x) ∧ R(x, y) ∧ T(y, z) ⇒ R(x, z): then the states R
 *   relates to an initial state, ∃x. Init(x) ∧ R(x, y), contain the initial states, are closed
 *   under the step, and hold no bad state;
 * - on the left into the bad states, T(x, y) ∧ R(y, z) ∧ Bad(z) ⇒ R(x, z): then the states R
 *   relates to a bad state are closed under predecessors and hold no initial state, and their
 *   complement is the invariant.
 *
 * Split TPA's exact powers give a k-inductive invariant instead (Blicha et al., FMCAD 2022): where
 * E_i is transitive on the states L_i leads to from an initial state, and no bad state lies within
 * L_i or L_i then E_i of an initial one, the states Init ∘ L_i ∘ (Id ∪ E_i) are 2^i-inductive. The
 * states within 2^i - 1 steps are in Init ∘ L_i; 2^i steps from any of them are one E_i step, which
 * stays within Init ∘ L_i ∘ E_i since two E_i steps are one.
 *
 * The quantifier goes by enumerating model-based projections until they cover the formula
 * (finitely many for linear arithmetic: each projection is one of the finitely many cubes that
 * Z3's projection can produce for it), so the invariant is an ordinary formula per location,
 * checked as every invariant is.
 */
import { True, and, indexed, not, or, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import { projectImplicant } from '../../lang/smt/project.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { unindexed } from '../../cegar/path.js';
import type { Encoding } from './encoding.js';
import { span } from './powers.js';
import type { SplitPowers } from './split-powers.js';
import type { LevelSolvers } from './rounds.js';

/** What the fixpoint checks read of power abstractions: lemmas that each contain the identity. */
interface Abstractions {
  readonly enc: Encoding;
  lemmaList(): Expr[];
  readonly solvers: LevelSolvers;
}

/**
 * The inductive invariant (over V) from the largest set of TPA's lemmas, of every level, that is a
 * transition invariant on one side and still separates the initial from the bad states, or
 * undefined. The largest set is Houdini's: drop the lemmas a counterexample to closure violates
 * until none is left to drop (Golem does the same per level); a level whose relation is closed as
 * a whole is within it.
 */
export function invariantOf(powers: Abstractions, z3: Z3Context, checks: DeadlineChecks): Expr | undefined {
  const lemmas = powers.lemmaList();
  const { init, bad, step } = powers.enc;
  const separates = (h: readonly Expr[]) => h.length > 0 && !satisfiable(powers, z3, checks, and(span(init, 0, 0), span(and(...h), 0, 1), span(bad, 1, 1)));
  const right = houdini(powers, lemmas, (h) => and(span(init, 0, 0), span(h, 0, 1), span(step, 1, 2)), z3, checks);
  if (separates(right)) return projection(powers, z3, checks, and(span(init, 0, 0), span(and(...right), 0, 1)), 1);
  const left = houdini(powers, lemmas, (h) => and(span(step, 0, 1), span(h, 1, 2), span(bad, 2, 2)), z3, checks);
  if (separates(left)) return simplify(not(projection(powers, z3, checks, and(span(and(...left), 0, 1), span(bad, 1, 1)), 0)));
  return undefined;
}

/**
 * The 2^i-inductive invariant of the lowest level i ≤ `top` whose E_i is transitive from the states
 * Init ∘ L_i, or undefined. The levels up to `top` must have had their less-than query refuted.
 */
export function kInvariantOf(powers: SplitPowers, z3: Z3Context, checks: DeadlineChecks, top: number): { invariant: Expr; k: number } | undefined {
  const { init } = powers.enc;
  for (let i = 1; i <= top; i++) {
    if (!powers.hasExact(i)) continue;
    const e = powers.exactRelation(i);
    const l = powers.lessRelation(i);
    if (satisfiable(powers, z3, checks, and(span(init, 0, 0), span(l, 0, 1), span(e, 1, 2), span(e, 2, 3), not(span(e, 1, 3))))) continue;
    const within = and(span(init, 0, 0), or(span(l, 0, 2), and(span(l, 0, 1), span(e, 1, 2))));
    return { invariant: projection(powers, z3, checks, within, 2), k: 2 ** i };
  }
  return undefined;
}

/** The largest subset H of `lemmas` with premise(H) ⇒ H(x0, x2), H as the conjunction of its lemmas. */
function houdini(powers: Abstractions, lemmas: readonly Expr[], premise: (h: Expr) => Expr, z3: Z3Context, checks: DeadlineChecks): Expr[] {
  let kept = lemmas.map((lemma) => ({ lemma, far: span(lemma, 0, 2) }));
  while (kept.length > 0) {
    const s = new Solver(z3);
    try {
      s.add(premise(and(...kept.map((k) => k.lemma))));
      s.add(not(and(...kept.map((k) => k.far))));
      if (!checks.check(s, [])) break;
      const m = s.model();
      try {
        kept = kept.filter((k) => m.eval(k.far) === True);
      } finally {
        m.dispose();
      }
    } finally {
      powers.solvers.spent(s);
    }
  }
  return kept.map((k) => k.lemma);
}

function satisfiable(powers: Abstractions, z3: Z3Context, checks: DeadlineChecks, f: Expr): boolean {
  const s = new Solver(z3);
  try {
    s.add(f);
    return checks.check(s, []);
  } finally {
    powers.solvers.spent(s);
  }
}

/** ∃ everything but the state at step k. f, as a disjunction of projections over V. */
function projection(powers: Abstractions, z3: Z3Context, checks: DeadlineChecks, f: Expr, k: number): Expr {
  const keep = new Set(powers.enc.state.map((v) => indexed(v, k)));
  const s = new Solver(z3);
  const cubes: Expr[] = [];
  try {
    s.add(f);
    while (checks.check(s, [])) {
      const m = s.model();
      try {
        const cube = projectImplicant(z3, m, f, (v) => keep.has(v));
        cubes.push(cube);
        s.add(not(cube));
      } finally {
        m.dispose();
      }
    }
  } finally {
    powers.solvers.spent(s);
  }
  return simplify(unindexed(or(...cubes)));
}
