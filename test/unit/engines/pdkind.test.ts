/**
 * PDKIND (engines/pdkind.ts), `--algorithm pdkind`, on a sample of the corpus's CFA, PLC and STS
 * models with known verdicts: never a wrong verdict, every certificate checked by its kind (the
 * frame's lemmas as a k-inductive invariant by the independent checker, traces replayed), the bound
 * honoured.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { False, True } from '../../../lang/expr.js';
import { checkKInductiveInvariant } from '../../../certificates/k-invariant.js';
import { ROOT } from '../../support/cli.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const SAMPLE = [
  'theta-regression/cfa/counter5_true.cfa',
  'theta-regression/cfa/locking.cfa',
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/sts/readerswriters.system',
  'theta-regression/sts/counter_parametric.system',
  'theta-regression/cfa/counter_bv_false.cfa',
  'theta-regression/cfa/counter_bv_true.cfa',
  'theta-regression/sts/counter.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/loop.system',
  'theta-regression/sts/loop_bad.system',
  'theta-regression/sts/simple2.system',
  'theta-regression/sts/multipleinitial.system',
];

describe('PDKIND', () => {
  const expected = new Map(manifest().map((m) => [m.path, m.expected]));

  for (const path of SAMPLE) {
    it(`decides ${path} (${expected.get(path)})`, async () => {
      const r = await checkWith('pdkind', await load(CORPUS_DIR + path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
      if (r.verdict !== 'safe' && r.verdict !== 'unsafe') throw new Error(`no verdict: ${r.verdict}`);
      expect(r.certificate.kind).toBe(r.verdict === 'safe' ? 'k-invariant' : 'trace');
    }, 120_000);
  }

  it('a corrupted PDKIND frame fails the check', async () => {
    const problem = await load(join(ROOT, 'models', 'lockstep.cfa'));
    const r = await checkWith('pdkind', problem, { ms: 60_000 });
    if (r.verdict !== 'safe' || r.certificate.kind !== 'k-invariant') throw new Error(`expected a k-inductive invariant, got ${r.verdict}`);
    const { k, invariant } = r.certificate;
    const m = problem.task(problem.properties[0]!).model;
    expect(await checkKInductiveInvariant(m, invariant, k, false)).toBeUndefined();
    // the initial states excluded: the base case fails
    expect(await checkKInductiveInvariant(m, new Map(invariant).set(m.initLoc, False), k, false)).toMatch(/base case fails/);
    // the lemmas forgotten and k taken as 1: a check with x ≠ y goes to the error in one step
    const forgotten = new Map([...invariant.keys()].map((l) => [l, True]));
    expect(await checkKInductiveInvariant(m, forgotten, 1, false)).toMatch(/not 1-inductive/);
  }, 120_000);

  it('stops at its bound without a verdict', async () => {
    const r = await checkWith('pdkind', await load(CORPUS_DIR + 'theta-regression/sts/loop.system'), { settings: { bound: '0' } });
    expect(r.verdict).toBe('unknown');
    if (r.verdict === 'unknown') expect(r.reason.kind).toBe('bound');
  });
});
