/**
 * Transition power abstraction (engines/tpa.ts), `--algorithm tpa`: on corpus models with known
 * verdicts, never a wrong verdict and every certificate checked (checkWith checks every claim, a
 * failing one throws: the invariant TPA derives from a transition invariant by the independent
 * checker, the stuttering query's trace by replay); a counterexample whose shortest path is longer
 * than TPA's first levels; a corrupted invariant fails its check; where it and PDR both answer,
 * they agree.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT } from '../../support/cli.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { corruptedInvariantFails, decidesCorpus } from '../../support/invariant-engines.js';

/** Models TPA decides in a few seconds on a quiet machine. */
const SAMPLE = [
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/sts/readerswriters.system',
  'theta-regression/sts/counter_parametric.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/multipleinitial.system',
  'theta-regression/sts/loop.system',
];

describe('TPA', () => {
  decidesCorpus('tpa', SAMPLE);

  it('finds the counterexample of 42 steps from the level whose two steps reach 64', async () => {
    const r = await checkWith('tpa', await load(join(ROOT, 'models', 'deep-bug.cfa')), { ms: 60_000 });
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'trace') throw new Error(`expected a trace, got ${r.verdict}`);
    expect(r.certificate.trace.actions.length).toBe(42);
    expect(r.stats.level).toBe(5);
  }, 120_000);

  corruptedInvariantFails('tpa', 'counter.cfa');

  for (const path of ['theta-regression/sts/simple1.dsltest.system', 'theta-regression/cfa/counter6to7.cfa', 'theta-regression/sts/missingvariables.system']) {
    it(`agrees with PDR on ${path}, whose verdict the manifest does not list`, async () => {
      const problem = await load(CORPUS_DIR + path);
      const mine = await checkWith('tpa', problem, { ms: 20_000 });
      const theirs = await checkWith('pdr', problem, { ms: 20_000 });
      if (mine.verdict !== 'unknown' && theirs.verdict !== 'unknown') expect(mine.verdict).toBe(theirs.verdict);
    }, 120_000);
  }
});
