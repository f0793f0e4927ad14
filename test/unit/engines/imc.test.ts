/**
 * Interpolation-based model checking (engines/imc.ts), `--algorithm imc`, on a sample of the
 * corpus's CFA, PLC and STS models with known verdicts: never a wrong verdict, every certificate
 * checked by its kind (the invariant, the fixpoint of the interpolants, by the independent checker;
 * traces replayed), the bound honoured.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { True } from '../../../lang/expr.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';
import { ROOT } from '../../support/cli.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const SAMPLE = [
  'theta-regression/cfa/counter5_true.cfa',
  'theta-regression/cfa/locking.cfa',
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/cfa/counter_bv_true.cfa',
  'theta-regression/sts/counter.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/loop.system',
  'theta-regression/sts/simple2.system',
  'theta-regression/sts/multipleinitial.system',
];

describe('interpolation-based model checking', () => {
  const expected = new Map(manifest().map((m) => [m.path, m.expected]));

  for (const path of SAMPLE) {
    it(`decides ${path} (${expected.get(path)})`, async () => {
      const r = await checkWith('imc', await load(CORPUS_DIR + path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
      if (r.verdict !== 'safe' && r.verdict !== 'unsafe') throw new Error(`no verdict: ${r.verdict}`);
      if (r.verdict === 'unsafe') expect(r.certificate.kind).toBe('trace');
    }, 120_000);
  }

  it('proves a PLC model on its large-block encoding, where each step is a block of statements', async () => {
    const r = await checkWith('imc', await load(CORPUS_DIR + 'plc/SimpleCode.scl-noreduction.theta'), { settings: { encoding: 'LBE' }, ms: 60_000 });
    expect(r.verdict).toBe('safe');
  }, 120_000);

  it('a corrupted IMC invariant fails the check', async () => {
    const problem = await load(join(ROOT, 'models', 'lockstep.cfa'));
    const r = await checkWith('imc', problem, { ms: 60_000 });
    if (r.verdict !== 'safe' || r.certificate.kind !== 'invariant') throw new Error(`expected an invariant, got ${r.verdict}`);
    const m = problem.task(problem.properties[0]!).model;
    expect(await checkInductiveInvariant(m, r.certificate.invariant)).toBeUndefined();
    // x = y forgotten at the loop head: the body no longer keeps the counters equal
    const weakened = new Map(r.certificate.invariant).set(m.locations.find((l) => l.name === 'Head')!, True);
    expect(await checkInductiveInvariant(m, weakened)).toMatch(/not closed under|bad states/);
  }, 120_000);

  it('stops at its bound without a verdict on a safe model it cannot prove that soon', async () => {
    const r = await checkWith('imc', await load(CORPUS_DIR + 'theta-regression/sts/counter.system'), { settings: { bound: '0' } });
    expect(r.verdict).toBe('unknown');
    if (r.verdict === 'unknown') expect(r.reason.kind).toBe('bound');
  });
});
