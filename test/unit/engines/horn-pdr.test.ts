/**
 * PDR over clauses (engines/horn-pdr.ts), `--algorithm pdr` on a nonlinear clause system: small
 * systems whose answer is known by hand, the development set's nonlinear tasks against their
 * verdicts, and the linear tasks it shares with PDR on the CFA view, never a wrong verdict; every
 * model is checked clause by clause and every derivation of false replayed (checkWith checks every
 * claim, a failing one throws), and a corrupted derivation fails its replay.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../../support/cli.js';
import { checkWith, load } from '../../support/engines.js';
import { chcTaskProblem, chcTasks } from '../../support/chc.js';
import { replayDerivation } from '../../../certificates/chc-derivation.js';
import type { ChcProblem } from '../../../formalisms/frontends/chc/problem.js';

const model = async (name: string) => await load(join(ROOT, 'models', name)) as ChcProblem;

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
  for (const t of chcTasks().filter((x) => x.track === 'LIA-Nonlin')) {
    it(`${t.path.replace(/^.*\//, '')}: never a wrong verdict`, async () => {
      const r = await checkWith('pdr', chcTaskProblem(t.path), { ms: 20_000 });
      if (r.verdict !== 'unknown') expect(r.verdict).toBe(expected.get(t.path));
      console.log(t.path, r.verdict, r.stats.timeMs, r.verdict === 'unknown' ? r.reason.detail : '');
    }, 60_000);
  }
});
