/**
 * IMC and PDKIND against the engines they join (k-induction and IC3 with implicit predicate
 * abstraction) on the corpus's small CFA and STS models, those with a listed verdict and those
 * without: where two engines answer, they agree with each other and with the manifest, and every
 * verdict is certified (checkWith checks every claim by its kind; a failing one throws).
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const MODELS = [
  'theta-regression/cfa/counter6to7.cfa',
  'theta-regression/cfa/array.cfa',
  'theta-regression/cfa/bv2.cfa',
  'theta-regression/cfa/bv3.cfa',
  'theta-regression/cfa/bv4.cfa',
  'theta-regression/cfa/arrayinit.cfa',
  'theta-regression/cfa/bv.cfa',
  'theta-regression/sts/counter.dsltest.system',
  'theta-regression/sts/missingvariables.system',
  'theta-regression/sts/simple1.dsltest.system',
  'theta-regression/sts/simple2cnf.system',
  'theta-regression/sts/thesis_sequence.system',
  'theta-regression/sts/counter_parametric.system',
  'theta-regression/sts/thesis_smallexample.system',
  'theta-regression/sts/boolean1.system',
  'theta-regression/sts/boolean2.system',
  'theta-regression/sts/simple1.system',
  'theta-regression/sts/simple3.system',
];

const ENGINES = ['imc', 'pdkind', 'kind', 'ic3'];

describe('IMC and PDKIND against k-induction and IC3IA', () => {
  const listed = new Map(manifest().map((m) => [m.path, m.expected]));
  /** Per engine, the models it answered. */
  const answered = new Map<string, number>(ENGINES.map((e) => [e, 0]));

  for (const path of MODELS) {
    it(`agree on ${path}`, async () => {
      const problem = await load(CORPUS_DIR + path);
      const verdicts = new Map<string, string>();
      for (const engine of ENGINES) {
        const r = await checkWith(engine, problem, { ms: 8_000 });
        if (r.verdict === 'safe' || r.verdict === 'unsafe') {
          verdicts.set(engine, r.verdict);
          answered.set(engine, answered.get(engine)! + 1);
        }
      }
      const answers = new Set(verdicts.values());
      expect(answers.size, JSON.stringify(Object.fromEntries(verdicts))).toBeLessThanOrEqual(1);
      const expected = listed.get(path);
      if (expected === 'safe' || expected === 'unsafe') for (const v of answers) expect(v).toBe(expected);
    }, 120_000);
  }

  it('with IMC and PDKIND answering on most of them', () => {
    for (const engine of ['imc', 'pdkind']) expect(answered.get(engine), engine).toBeGreaterThanOrEqual(MODELS.length / 2);
  });
});
