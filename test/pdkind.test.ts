/**
 * PDKIND (engines/pdkind.ts), `--algorithm pdkind`, on a sample of the corpus's CFA, PLC and STS
 * models with known verdicts: never a wrong verdict, every certificate checked by its kind (the
 * frame's lemmas as a k-inductive invariant by the independent checker, traces replayed), the bound
 * honoured.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, manifest } from './corpus.js';
import { checkWith, load } from './engines.js';

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

  it('stops at its bound without a verdict', async () => {
    const r = await checkWith('pdkind', await load(CORPUS_DIR + 'theta-regression/sts/loop.system'), { settings: { bound: '0' } });
    expect(r.verdict).toBe('unknown');
    if (r.verdict === 'unknown') expect(r.reason.kind).toBe('bound');
  });
});
