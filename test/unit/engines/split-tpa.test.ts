/**
 * Split transition power abstraction (engines/split-tpa.ts), `--algorithm split-tpa`: on corpus
 * models with known verdicts, never a wrong verdict and every certificate checked (checkWith
 * checks every claim, a failing one throws); a counterexample longer than its first levels; a
 * model TPA does not prove within the time it is given here; the k-inductive invariant of a
 * transitive exact power passing the independent checker until it is corrupted; where it and PDR
 * both answer, they agree.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { False } from '../../../lang/expr.js';
import { DeadlineChecks } from '../../../lang/smt/deadline.js';
import { loadZ3 } from '../../../lang/smt/context.js';
import { checkKInductiveInvariant } from '../../../certificates/k-invariant.js';
import { Encoding } from '../../../engines/tpa/encoding.js';
import { SplitPowers } from '../../../engines/tpa/split-powers.js';
import { kInvariantOf } from '../../../engines/tpa/fixpoint.js';
import { ROOT } from '../../support/cli.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { corruptedInvariantFails, decidesCorpus } from '../../support/invariant-engines.js';

/** Models split TPA decides in a few seconds on a quiet machine. */
const SAMPLE = [
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/sts/counter_parametric.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/loop.system',
];

describe('split TPA', () => {
  // a proof is an inductive invariant from the less-than powers, or a k-inductive one from an exact power
  decidesCorpus('split-tpa', SAMPLE, ['invariant', 'k-invariant']);

  it('finds the counterexample of 42 steps from the level whose paths are shorter than 64', async () => {
    const r = await checkWith('split-tpa', await load(join(ROOT, 'models', 'deep-bug.cfa')), { ms: 60_000 });
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'trace') throw new Error(`expected a trace, got ${r.verdict}`);
    expect(r.certificate.trace.actions.length).toBe(42);
    expect(r.stats.level).toBe(5);
  }, 120_000);

  it('proves the parity model, which TPA does not prove in the same time', async () => {
    const problem = await load(join(ROOT, 'models', 'parity.smt2'));
    expect((await checkWith('split-tpa', problem, { ms: 30_000 })).verdict).toBe('safe');
    expect((await checkWith('tpa', problem, { ms: 10_000 })).verdict).toBe('unknown');
  }, 120_000);

  corruptedInvariantFails('split-tpa', 'traffic.system');

  it('a transitive exact power gives a k-inductive invariant that passes the check until it is corrupted', async () => {
    const problem = await load(join(ROOT, 'models', 'loop.smt2'));
    const model = problem.task(problem.properties[0]!).model;
    const z3 = await loadZ3();
    const checks = new DeadlineChecks(Date.now() + 60_000);
    const enc = new Encoding(model);
    const powers = new SplitPowers(enc, z3, checks);
    let found: { invariant: ReturnType<Encoding['perLocation']>; k: number } | undefined;
    try {
      for (let n = 0; n < 6 && !found; n++) {
        expect(powers.less(n, enc.init, enc.bad)).toBeUndefined();
        const k = kInvariantOf(powers, z3, checks, n);
        if (k) found = { invariant: enc.perLocation(k.invariant), k: k.k };
        else expect(powers.exact(n, enc.init, enc.bad)).toBeUndefined();
      }
    } finally {
      powers.solvers.dispose();
    }
    if (!found) throw new Error('no exact power became transitive');
    expect(found.k).toBeGreaterThan(1);
    expect(await checkKInductiveInvariant(model, found.invariant, found.k, false)).toBeUndefined();
    expect(await checkKInductiveInvariant(model, new Map(found.invariant).set(model.initLoc, False), found.k, false)).toMatch(/base case fails at step 0/);
  }, 120_000);

  for (const path of ['theta-regression/sts/simple1.dsltest.system', 'theta-regression/cfa/counter6to7.cfa', 'theta-regression/sts/missingvariables.system']) {
    it(`agrees with PDR on ${path}, whose verdict the manifest does not list`, async () => {
      const problem = await load(CORPUS_DIR + path);
      const mine = await checkWith('split-tpa', problem, { ms: 20_000 });
      const theirs = await checkWith('pdr', problem, { ms: 20_000 });
      if (mine.verdict !== 'unknown' && theirs.verdict !== 'unknown') expect(mine.verdict).toBe(theirs.verdict);
    }, 120_000);
  }
});
