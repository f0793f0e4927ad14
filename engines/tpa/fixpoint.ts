/**
 * TPA's safe answers: a power abstraction that is a transition invariant, and the inductive
 * invariant it yields (Blicha et al., TACAS 2022, section 4). Every R_n (n ≥ 1) contains the
 * identity and, once the query at level n - 1 was refuted, no pair of an initial and a bad state.
 *
 * - Closed on the right from the initial states, Init(x) ∧ R(x, y) ∧ T(y, z) ⇒ R(x, z): then the
 *   states R relates to an initial state, ∃x. Init(x) ∧ R(x, y), contain the initial states, are
 *   closed under the step, and hold no bad state.
 * - Closed on the left into the bad states, T(x, y) ∧ R(y, z) ∧ Bad(z) ⇒ R(x, z): then the states R
 *   relates to a bad state are closed under predecessors and hold no initial state, and their
 *   complement is the invariant.
 *
 * The quantifier goes by enumerating model-based projections until they cover the formula
 * (finitely many for linear arithmetic: each projection is one of the finitely many cubes that
 * Z3's projection can produce for it), so the invariant is an ordinary formula per location,
 * checked as every invariant is.
 */
import { and, indexed, not, or, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import { projectImplicant } from '../../lang/smt/project.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { unindexed } from '../../cegar/path.js';
import { span, type Powers } from './powers.js';

/** The inductive invariant (over V) of level n if R_n is a transition invariant on either side, else undefined. */
export function invariantAt(powers: Powers, n: number, z3: Z3Context, checks: DeadlineChecks): Expr | undefined {
  const { init, bad, step } = powers.enc;
  const rel = powers.relation(n);
  const [i0, r01, r12, b2, t01, t12] = [span(init, 0, 0), span(rel, 0, 1), span(rel, 1, 2), span(bad, 2, 2), span(step, 0, 1), span(step, 1, 2)];
  const notR02 = not(span(rel, 0, 2));
  if (!satisfiable(z3, checks, and(i0, r01, t12, notR02))) return projection(powers, z3, checks, and(i0, r01), 1);
  if (!satisfiable(z3, checks, and(t01, r12, b2, notR02))) return simplify(not(projection(powers, z3, checks, and(span(rel, 0, 1), span(bad, 1, 1)), 0)));
  return undefined;
}

/** Checks and their time in the solvers of the fixpoint checks so far. */
export const fixpointStats = { checks: 0, timeMs: 0 };

function spent(s: Solver): void {
  fixpointStats.checks += s.stats.checks;
  fixpointStats.timeMs += s.stats.timeMs;
  s.dispose();
}

function satisfiable(z3: Z3Context, checks: DeadlineChecks, f: Expr): boolean {
  const s = new Solver(z3);
  try {
    s.add(f);
    return checks.check(s, []);
  } finally {
    spent(s);
  }
}

/** ∃ everything but the state at step k. f, as a disjunction of projections over V. */
function projection(powers: Powers, z3: Z3Context, checks: DeadlineChecks, f: Expr, k: number): Expr {
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
    spent(s);
  }
  return simplify(unindexed(or(...cubes)));
}
