/**
 * The invariant generator's guarded equalities (engines/guarded-equalities.ts) on two programs run
 * in lockstep until one finishes, the shape of the llreve equivalence tasks: the invariant that
 * proves them equal is disjunctive, and no convex stage states it.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, gt, not, eq, ref, type Expr } from '../../../lang/expr.js';
import { loadZ3 } from '../../../lang/smt/context.js';
import { Solver } from '../../../lang/smt/solver.js';
import { printExpr } from '../../../lang/print.js';
import { InvariantGenerator, type InvariantStage } from '../../../engines/invariant-generator.js';
import { guardsAt } from '../../../engines/guarded-equalities.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';
import type { Interpreter, Location } from '../../../formalisms/interpreter.js';
import { checkWith, load } from '../../support/engines.js';
import { chcTaskProblem } from '../../support/chc.js';

// i, n, x: the left program's counter, bound and sum; j, m, y the right one's, a step ahead
const LOCKSTEP = `(set-logic HORN)
(declare-fun inv (Int Int Int Int Int Int) Bool)
(assert (forall ((i Int) (n Int) (x Int) (j Int) (m Int) (y Int))
  (=> (and (= i 0) (= j 1) (= n m) (= x y)) (inv i n x j m y))))
(assert (forall ((i Int) (n Int) (x Int) (j Int) (m Int) (y Int))
  (=> (and (inv i n x j m y) (<= i n) (<= j m)) (inv (+ i 1) n (+ x i) (+ j 1) m (+ y j)))))
(assert (forall ((i Int) (n Int) (x Int) (j Int) (m Int) (y Int))
  (=> (and (inv i n x j m y) (<= i n) (not (<= j m))) (inv (+ i 1) n (+ x i) j m y))))
(assert (forall ((i Int) (n Int) (x Int) (j Int) (m Int) (y Int))
  (=> (and (inv i n x j m y) (not (<= i n)) (<= j m)) (inv i n x (+ j 1) m (+ y j)))))
(assert (forall ((i Int) (n Int) (x Int) (j Int) (m Int) (y Int))
  (=> (and (inv i n x j m y) (not (<= i n)) (not (<= j m)) (not (= x y))) false)))
(check-sat)
`;

async function lockstep(): Promise<Interpreter> {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-guarded-')), 'lockstep.smt2');
  writeFileSync(file, LOCKSTEP);
  const problem = await load(file);
  return problem.task(problem.properties[0]!).model;
}

/** The invariant the stages prove, and whether it excludes the bad states at the loop (x ≠ y once both are done). */
async function prove(m: Interpreter, stages: InvariantStage[]): Promise<{ invariant: ReadonlyMap<Location, Expr>; excludesBad: boolean }> {
  const z3 = await loadZ3();
  const gen = new InvariantGenerator(m, stages, z3);
  try {
    while (!gen.finished) gen.run(Date.now() + 1000);
    const loop = m.locations.find((l) => l.name === 'inv')!;
    const [i, n, x, j, mm, y] = m.vars.map((v) => ref(v));
    const solver = new Solver(z3);
    try {
      const bad = and(gen.proven.get(loop)!, gt(i!, n!), gt(j!, mm!), not(eq(x!, y!)));
      return { invariant: new Map(gen.proven), excludesBad: solver.check([bad]) === 'unsat' };
    } finally {
      solver.dispose();
    }
  } finally {
    gen.dispose();
  }
}

describe('guarded equalities', () => {
  it('the guards of a location are the comparisons of its actions over state variables', async () => {
    const m = await lockstep();
    const loop = m.locations.find((l) => l.name === 'inv')!;
    const guards = guardsAt(m, loop, new Set(m.vars)).map((g) => printExpr(g, 'sts'));
    expect(guards).toEqual(expect.arrayContaining(['x0 <= x1', 'x3 <= x4']));
    expect(guards.every((g) => !g.includes("'"))).toBe(true);
  });

  it('prove the disjunctive invariant of two loops in lockstep, which the convex stages miss', async () => {
    const m = await lockstep();
    const convex = await prove(m, ['equalities', 'intervals', 'templates']);
    expect(convex.excludesBad).toBe(false);
    const guarded = await prove(m, ['equalities', 'intervals', 'templates', 'guarded']);
    expect(guarded.excludesBad).toBe(true);
    // inductive (the bad states lie at the error location, where the generator has no candidates)
    expect(await checkInductiveInvariant(m, guarded.invariant)).toMatch(/does not exclude the bad states/);
  }, 60_000);

  it('prove LIA-Lin-159 alone, the llreve task whose second phase needs them (PDR did not prove it within a minute without them)', async () => {
    const problem = chcTaskProblem('theta-chc-comp24/chc-comp24-LIA-Lin-159.smt2');
    const m = problem.task(problem.properties[0]!).model;
    const z3 = await loadZ3();
    const gen = new InvariantGenerator(m, ['guarded'], z3);
    try {
      while (!gen.finished) gen.run(Date.now() + 1000);
      // the query: both programs done in the third phase (i > n, j > m) with different results (x /= y)
      const last = m.locations.find((l) => l.name === 'INV_MAIN_3')!;
      const [i, n, x, j, mm, y] = m.vars.map((v) => ref(v));
      const solver = new Solver(z3);
      expect(solver.check([and(gen.proven.get(last)!, gt(i!, n!), gt(j!, mm!), not(eq(x!, y!)))])).toBe('unsat');
      solver.dispose();
      expect(await checkInductiveInvariant(m, gen.proven)).toMatch(/does not exclude the bad states/);
    } finally {
      gen.dispose();
    }
  }, 60_000);

  it('PDR on large blocks starts from them and proves LIA-Lin-159, its invariant checked', async () => {
    const r = await checkWith('pdr', chcTaskProblem('theta-chc-comp24/chc-comp24-LIA-Lin-159.smt2'), { ms: 60_000, settings: { encoding: 'LBE' } });
    expect(r.verdict).toBe('safe');
    if (r.verdict === 'safe') expect(r.stats.seedInvariants).toBeGreaterThan(0);
  }, 120_000);
});
