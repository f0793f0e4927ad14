/**
 * PDR over clauses (engines/horn-pdr.ts), `--algorithm pdr` on a nonlinear clause system: small
 * systems whose answer is known by hand, nonlinear tasks of the development set against their
 * verdicts, and linear tasks, where it answers as PDR on the CFA view does; every model is checked
 * clause by clause and every derivation of false replayed (checkWith checks every claim, a
 * failing one throws), and a corrupted derivation fails its replay. The random differential test
 * against Spacer (chc-random.test.ts) runs it on nonlinear systems too.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../../support/cli.js';
import { checkWith, load } from '../../support/engines.js';
import { chcTaskProblem, chcTasks } from '../../support/chc.js';
import { replayDerivation } from '../../../certificates/chc-derivation.js';
import { checkChcModel } from '../../../certificates/chc-model.js';
import { hornPdr } from '../../../engines/horn-pdr.js';
import { loadZ3 } from '../../../lang/smt/context.js';
import type { ChcProblem } from '../../../formalisms/frontends/chc/problem.js';

const model = async (name: string) => await load(join(ROOT, 'models', name)) as ChcProblem;

/** Nonlinear tasks of the development set that PDR over clauses decides in a few seconds on a quiet machine (docs/bench/chc/nonlinear/). */
const NONLINEAR = [
  'chc-comp25/LIA-Nonlin/llreve-bench/smt2/clausified/faulty__limit1!_000.smt2',
  'chc-comp25/LIA-Nonlin/rust-horn/simple-3-05_recursive_sat_000.smt2',
  'chc-comp25/LIA-Nonlin/kind2-chc-benchmarks/data/_6countern_000.smt2',
  'chc-comp25/LIA-Nonlin/synthesis/nay-horn/PLUS_mpg_plane1_000.smt2',
  'chc-comp25/LIA-Nonlin/hcai-bench/svcomp/O0/O0_while_infinite_loop_2_true-unreach-call_false-termination_000.smt2',
  'chc-comp25/LIA-Nonlin/llreve-bench/smt2/clausified/rec__loop_rec_000.smt2',
];

/** Linear tasks, safe and unsafe, that PDR on the CFA view decides quickly: over the clauses the same verdict comes with a model or a derivation. */
const LINEAR = [
  'theta-chc-comp24/chc-comp24-LIA-Lin-015.smt2',
  'theta-chc-comp24/chc-comp24-LIA-Lin-021.smt2',
  'chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/ex1.c_000.smt2',
];

describe('PDR over clauses', () => {
  it('proves a nonlinear system with a model (no sum of naturals is negative)', async () => {
    const r = await checkWith('pdr', await model('sums.smt2'), { ms: 30_000 });
    expect(r.verdict).toBe('safe');
  }, 60_000);

  it('derives false through a tree (0, then 1 = 0 + 0 + 1, then 3 = 1 + 1 + 1)', async () => {
    const problem = await model('sums-bug.smt2');
    const r = await checkWith('pdr', problem, { ms: 30_000 });
    expect(r.verdict).toBe('unsafe');
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'derivation') throw new Error('expected a derivation');
    const d = r.certificate.derivation;
    expect(d.steps.some((s) => s.premises.length === 2)).toBe(true);
    expect(replayDerivation(problem.view.system, d)).toBeUndefined();
    const last = d.steps.at(-1)!;
    const wrong = { steps: [...d.steps.slice(0, -1), { ...last, premises: last.premises.map(() => 0) }] };
    expect(replayDerivation(problem.view.system, wrong)).toMatch(/differs from the atom step 1 derived/);
  }, 60_000);

  const expected = new Map(chcTasks().map((t) => [t.path, t.chc === 'sat' ? 'safe' : 'unsafe']));
  for (const path of NONLINEAR) {
    it(`decides ${path.replace(/^.*\//, '')} (${expected.get(path)})`, async () => {
      const r = await checkWith('pdr', chcTaskProblem(path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
    }, 120_000);
  }

  it('generalises negated cubes inductively: the same answers as with cores alone, with literals dropped', async () => {
    let dropped = 0;
    for (const problem of [await model('loop.smt2'), ...LINEAR.map(chcTaskProblem)]) {
      const z3 = await loadZ3();
      const run = (inductive: boolean) => hornPdr(problem.view, z3, { interpolate: false, inductive }, { deadline: Date.now() + 60_000 }, { progress: () => {}, note: () => {} });
      const [general, cores] = [run(true), run(false)];
      expect(general.verdict).not.toBe('unknown');
      expect(general.verdict).toBe(cores.verdict);
      if (general.verdict === 'safe') expect(await checkChcModel(problem.view.system, problem.modelOf(general.certificate)!)).toBeUndefined();
      if (general.verdict === 'unsafe') expect(replayDerivation(problem.view.system, problem.derivationOf(general.certificate))).toBeUndefined();
      expect(cores.stats.droppedLiterals).toBe(0);
      dropped += general.stats.droppedLiterals!;
    }
    expect(dropped).toBeGreaterThan(0);
  }, 240_000);

  for (const path of LINEAR) {
    it(`agrees with PDR on the CFA view of ${path.replace(/^.*\//, '')} (${expected.get(path)})`, async () => {
      const problem = chcTaskProblem(path);
      const r = hornPdr(problem.view, await loadZ3(), { interpolate: true, inductive: true }, { deadline: Date.now() + 60_000 }, { progress: () => {}, note: () => {} });
      expect(r.verdict).toBe(expected.get(path));
      const { system } = problem.view;
      if (r.verdict === 'safe') expect(await checkChcModel(system, problem.modelOf(r.certificate)!)).toBeUndefined();
      if (r.verdict === 'unsafe') expect(replayDerivation(system, problem.derivationOf(r.certificate))).toBeUndefined();
      expect((await checkWith('pdr', problem, { ms: 60_000 })).verdict).toBe(r.verdict);
    }, 180_000);
  }
});
