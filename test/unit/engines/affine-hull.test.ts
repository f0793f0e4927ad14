/**
 * Karr's affine equalities (engines/affine-hull.ts): the hull's equalities hold on every point
 * taken in and fail on points outside; the invariant found on the corpus models is inductive by the
 * independent checker (which may only add that it does not exclude the bad states); the relation
 * `x2 + x3 = x0 + x1` of a CHC task whose interpolants only ever bound it one constant at a time
 * comes out whole, and PDR proves the task with it; a budget that runs out gives no invariant.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { add, and, eq, not, ref, type Rational } from '../../../lang/expr.js';
import { loadZ3 } from '../../../lang/smt/context.js';
import { Solver } from '../../../lang/smt/solver.js';
import { AffineHull, affineInvariant } from '../../../engines/affine-hull.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';

const q = (n: number): Rational => ({ num: BigInt(n), den: 1n });
const holds = (e: { a: readonly bigint[]; b: Rational }, p: readonly number[]): boolean =>
  e.a.reduce((s, ai, i) => s + ai * BigInt(p[i]!), 0n) * e.b.den === e.b.num;

describe('the affine hull of points', () => {
  it('has one equality per dimension the points leave out, true on them and false off them', () => {
    // points base + s·u + t·w in Q^5: a plane, so 3 equalities
    const base = [3, -1, 4, 1, -5];
    const u = [1, 2, 0, -1, 3];
    const w = [0, 1, 1, 2, -2];
    const hull = new AffineHull(5);
    const points: number[][] = [];
    for (const [s, t] of [[0, 0], [1, 0], [2, 0], [0, 1], [3, -2], [-1, 5]] as const) {
      const p = base.map((b, i) => b + s * u[i]! + t * w[i]!);
      const grew = hull.add(p.map(q));
      // the third collinear point and every point after the plane is spanned lie in the hull already
      expect(grew).toBe(points.length === 0 || (points.length === 1) || (s === 0 && t === 1));
      points.push(p);
    }
    const eqs = hull.equalities();
    expect(eqs).toHaveLength(3);
    for (const e of eqs) for (const p of points) expect(holds(e, p)).toBe(true);
    const off = base.map((b, i) => b + (i === 4 ? 1 : 0));
    expect(eqs.some((e) => !holds(e, off))).toBe(true);
    expect(hull.add(off.map(q))).toBe(true);
    expect(hull.equalities()).toHaveLength(2);
  });

  it('is described by no equality when empty, and by x = p for one point', () => {
    const hull = new AffineHull(2);
    expect(hull.equalities()).toEqual([]);
    hull.add([q(7), q(-2)]);
    expect(hull.equalities().map((e) => [e.a, e.b])).toEqual([[[1n, 0n], q(7)], [[0n, 1n], q(-2)]]);
  });
});

const models = manifest().filter((m) => m.expected !== 'unknown' && m.formalism !== 'aiger');

describe("Karr's invariant of a model", () => {
  it('is inductive on every corpus CFA, PLC and STS model where its fixed point is reached', async () => {
    const z3 = await loadZ3();
    let reached = 0;
    for (const m of models) {
      const problem = await load(m.file);
      const model = problem.task(problem.properties[0]!).model;
      const solver = new Solver(z3);
      const inv = affineInvariant(model, solver, Date.now() + 5_000);
      solver.dispose();
      if (!inv) continue;
      reached++;
      const wrong = await checkInductiveInvariant(model, inv);
      if (wrong !== undefined) expect(wrong, m.path).toMatch(/does not exclude the bad states/);
    }
    expect(reached).toBeGreaterThanOrEqual(models.length / 2);
  }, 300_000);

  const task = 'chc/chc-comp25/LIA-Lin/hcai-bench/svcomp/O3/O3_Addition03_false-no-overflow_000.smt2';

  it('relates four variables at once where a loop moves one unit between two of them', async () => {
    const z3 = await loadZ3();
    const problem = await load(CORPUS_DIR + task);
    const model = problem.task(problem.properties[0]!).model;
    const solver = new Solver(z3);
    const inv = affineInvariant(model, solver, Date.now() + 20_000)!;
    expect(inv).toBeDefined();
    const loop = model.locations.find((l) => l.name === 'main@.lr.ph.i')!;
    const [x0, x1, x2, x3] = ['x0', 'x1', 'x2', 'x3'].map((n) => ref(model.vars.find((v) => v.name === n)!));
    expect(solver.check([and(inv.get(loop)!, not(eq(add(x2!, x3!), add(x0!, x1!))))])).toBe('unsat');
    // no budget: no invariant, rather than the hull of the states found so far
    expect(affineInvariant(model, solver, Date.now())).toBeUndefined();
    solver.dispose();
  }, 60_000);

  it('lets PDR prove that task from the equalities alone (--pdr-invariants equalities)', async () => {
    const r = await checkWith('pdr', await load(CORPUS_DIR + task), { ms: 60_000, settings: { 'pdr-invariants': 'equalities' } });
    expect(r.verdict).toBe('safe');
    if (r.verdict === 'safe') expect(r.stats.seedInvariants).toBeGreaterThan(0);
  }, 120_000);
});
