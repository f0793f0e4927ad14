/**
 * The word-level portfolio: members in worker threads, the winner's certificate rebuilt in this
 * thread (engines/portable.ts, lang/transfer.ts) and certified by the contract's check.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packExprs, unpackExprs } from '../../../lang/transfer.js';
import { wordPlan } from '../../../engines/portfolio.js';
import { ENGINE_LINES } from '../../../engines/registry.js';
import { load } from '../../support/engines.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { ROOT, vigil } from '../../support/cli.js';

const corpus = (p: string) => join(CORPUS_DIR, p);

describe('expressions between threads', () => {
  it('a packed model rebuilds to the same expressions, over the same variables (arrays, bit-vectors, floats, rationals)', async () => {
    for (const file of ['theta-regression/cfa/arrays.cfa', 'theta-regression/cfa/bv.cfa', 'theta-regression/cfa/fp2.cfa', 'theta-regression/sts/fischer2.system']) {
      const problem = await load(corpus(file));
      const m = problem.task(problem.properties[0]!).model;
      const exprs = [m.init, m.bad, ...m.locations.flatMap((l) => m.actions(l).map((a) => a.formula))];
      const keys = new Map(m.vars.map((v, i) => [v, `v${i}`]));
      const byKey = new Map([...keys].map(([v, k]) => [k, v]));
      const back = unpackExprs(packExprs(exprs, (v) => keys.get(v)), (k) => byKey.get(k));
      back.forEach((e, i) => expect(e, file).toBe(exprs[i]));
    }
  });
});

describe('the portfolio', () => {
  it('has the word-level engines registered for the model as members', async () => {
    const labels = (file: string) => load(corpus(file)).then((p) => wordPlan({}, p.task(p.properties[0]!), 2, ENGINE_LINES).entrants.map((m) => m.label).filter((l) => l !== 'ic3'));
    expect(await labels('theta-regression/cfa/locking.cfa')).toEqual(['cegar', 'bmc', 'expl', 'kind']);
    // CEGAR's default on bit-vectors is the explicit configuration already
    expect(await labels('theta-regression/cfa/counter_bv_true.cfa')).toEqual(['cegar', 'bmc', 'kind']);
  });

  // Through the command line: the members' workers run the built modules.
  it('UNSAFE: the winner\'s trace, found in a worker, replays on this thread\'s model (bit-vectors)', () => {
    const r = vigil(['check', corpus('theta-regression/cfa/counter_bv_false.cfa'), '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ verdict: 'unsafe', algorithm: 'portfolio' });
    expect(Object.keys(j.statistics).filter((k) => k.startsWith('won.'))).toHaveLength(1);
    expect(j.counterexample.length).toBeGreaterThan(1);
  });

  it('SAFE: the winner\'s invariant passes the independent check here (generated PLC model)', () => {
    const r = vigil(['check', join(ROOT, 'models/families/plc-sts/plc_n4_m4_k2_safe.system'), '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.statistics.solverChecks).toBeGreaterThan(0);
    expect(j.statistics.members).toBeGreaterThanOrEqual(4);
  });
});
