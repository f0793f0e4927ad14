/**
 * PDR with model-based projection and interpolated lemmas (engines/pdr.ts), `--algorithm pdr`: on
 * the corpus's CFA, PLC and STS models with known verdicts and on CHC tasks of the development set
 * that the other engines leave to Spacer, never a wrong verdict, every certificate checked (the
 * frames' invariant per location by the independent checker, traces replayed; checkWith checks
 * every claim, a failing one throws); a corrupted invariant fails its check; where it and IC3 with
 * implicit abstraction both answer on the corpus, they agree.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { corruptedInvariantFails, decidesCorpus } from '../../support/invariant-engines.js';

const SAMPLE = [
  'plc/BasicCode.scl-noreduction.theta',
  'plc/SimpleCounterexample.scl-noreduction.theta',
  'theta-regression/cfa/counter5_true.cfa',
  'theta-regression/cfa/locking.cfa',
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/sts/readerswriters.system',
  'theta-regression/sts/counter_parametric.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/fischer2.system',
  'theta-regression/sts/fischer2_bad.system',
  'theta-regression/sts/loop.system',
  'theta-regression/sts/multipleinitial.system',
];

/**
 * Safe CHC tasks that the portfolio without PDR left to Spacer, or proved without a model, and that
 * PDR proves in a few seconds on a quiet machine (docs/bench/chc), so that the suite's load leaves
 * them well within the limit. They need the affine equalities only: the later stages of the
 * invariant PDR starts from cost up to 4 s of each run, and `LIA-Lin-154` took over a minute with
 * them under the suite's load (10.6 s alone, 4.7 s with the equalities alone).
 */
const CHC = [
  'chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/ex1.c_000.smt2',
  'chc/theta-chc-comp24/chc-comp24-LIA-Lin-154.smt2',
  'chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/durationThm_2_000.smt2',
];

describe('PDR', () => {
  decidesCorpus('pdr', SAMPLE);

  for (const path of CHC) {
    it(`proves ${path.replace(/^.*\//, '')} with an invariant (a model)`, async () => {
      const r = await checkWith('pdr', await load(CORPUS_DIR + path), { ms: 60_000, settings: { 'pdr-invariants': 'equalities' } });
      expect(r.verdict).toBe('safe');
      if (r.verdict === 'safe') expect(r.certificate.kind).toBe('invariant');
    }, 120_000);
  }

  it('generalises negated cubes inductively: the same verdicts as with cores alone, with literals dropped', async () => {
    let dropped = 0;
    for (const path of SAMPLE) {
      const problem = await load(CORPUS_DIR + path);
      const run = (generalize: string) => checkWith('pdr', problem, { settings: { 'pdr-lemmas': 'core', 'pdr-generalize': generalize }, ms: 20_000 });
      const [inductive, core] = [await run('inductive'), await run('core')];
      expect(inductive.verdict).not.toBe('unknown');
      expect(inductive.verdict).toBe(core.verdict);
      expect(core.stats.droppedLiterals).toBe(0);
      dropped += inductive.stats.droppedLiterals ?? 0;
    }
    expect(dropped).toBeGreaterThan(0);
  }, 300_000);

  corruptedInvariantFails('pdr', 'lockstep.cfa');

  for (const path of ['theta-regression/sts/simple1.dsltest.system', 'theta-regression/sts/thesis_sequence.system', 'theta-regression/cfa/counter6to7.cfa', 'theta-regression/sts/missingvariables.system']) {
    it(`agrees with IC3IA on ${path}, whose verdict the manifest does not list`, async () => {
      const problem = await load(CORPUS_DIR + path);
      const mine = await checkWith('pdr', problem, { ms: 20_000 });
      const theirs = await checkWith('ic3', problem, { ms: 20_000 });
      if (mine.verdict !== 'unknown' && theirs.verdict !== 'unknown') expect(mine.verdict).toBe(theirs.verdict);
      expect(mine.verdict).not.toBe('unknown');
    }, 120_000);
  }
});
