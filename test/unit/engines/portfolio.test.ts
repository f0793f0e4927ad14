/**
 * The word-level portfolio (and on BTOR2 the mixed one): members in worker threads, the winner's certificate rebuilt in this
 * thread (engines/portable.ts, lang/transfer.ts) and certified by the contract's check.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packExprs, unpackExprs } from '../../../lang/transfer.js';
import { circuitPlan, createEngine, shown, wordPlan } from '../../../engines/portfolio.js';
import { MIXED_MEMBERS } from '../../../engines/portfolio-members.js';
import type { Settings } from '../../../engines/engine.js';
import { ENGINE_LINES } from '../../../engines/registry.js';
import { TEST_CONTEXT, load } from '../../support/engines.js';
import { BTOR2_DIR } from '../../support/btor2-corpus.js';
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
    expect(await labels('theta-regression/cfa/locking.cfa')).toEqual(['pdr', 'bmc', 'cegar', 'expl', 'kind']);
    // PDR takes no bit-vectors, and CEGAR's default on them is the explicit configuration already
    expect(await labels('theta-regression/cfa/counter_bv_true.cfa')).toEqual(['bmc', 'cegar', 'kind']);
  });

  it('keeps the first member\'s core: where the members outnumber the cores the others yield', async () => {
    const p = await load(corpus('theta-regression/cfa/locking.cfa'));
    const yielding = (cores: number, settings: Settings = {}) => wordPlan(settings, p.task(p.properties[0]!), cores, ENGINE_LINES).entrants.filter((e) => e.yields === true).map((e) => e.label);
    expect(yielding(2)).toEqual(['bmc', 'cegar', 'expl', 'kind', 'ic3']);
    expect(yielding(6)).toEqual([]);
    expect(yielding(1, { members: 'kind,bmc' })).toEqual(['bmc']);
    expect(yielding(2, { members: 'kind,bmc' })).toEqual([]);
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

describe('the portfolio on a BTOR2 model (words and their blasted circuit)', () => {
  const btor2 = (p: string) => `${BTOR2_DIR}${p}`;
  const members = async (file: string, settings: Settings) => {
    const p = await load(btor2(file));
    return (await createEngine(settings, TEST_CONTEXT)).configuration(p.task(p.properties[0]!)).members;
  };

  it('races the circuit members first and the word-level ones from the fifth core; --level bit or word keeps one level', async () => {
    const p = await load(btor2('unit/pono/two-cnt-true.btor'));
    const task = p.task(p.properties[0]!);
    const onTwo = circuitPlan({}, task, 2, ENGINE_LINES, { list: MIXED_MEMBERS });
    expect(await members('unit/pono/two-cnt-true.btor', {})).toBe(shown(onTwo));
    expect(shown(onTwo)).toBe('sim first, then ic3-no-ctg-ctp, kind (then ic3 after 30 s)');
    // on one core k-induction gives the shared core back sooner
    expect(shown(circuitPlan({}, task, 1, ENGINE_LINES, { list: MIXED_MEMBERS }))).toBe('sim first, then ic3-no-ctg-ctp, kind (for 10 s)');
    const onSix = circuitPlan({}, task, 6, ENGINE_LINES, { list: MIXED_MEMBERS });
    expect(onSix.entrants.filter((e) => e.words === true).map((e) => e.label)).toEqual(['ic3-words', 'kind-words']);
    expect(await members('unit/pono/two-cnt-true.btor', { level: 'bit' })).toBe('sim first, then ic3-no-ctg-ctp, kind (then ic3 after 30 s)');
    // the word-level members, with their engines' word-level forms where they have two
    expect(await members('unit/pono/two-cnt-true.btor', { level: 'word' })).toBe('bmc, cegar, kind, ic3');
    expect(wordPlan({ level: 'word' }, p.task(p.properties[0]!), 2, ENGINE_LINES).entrants.map((e) => e.line)).toEqual(['bmc --level word', 'cegar', 'kind --level word', 'ic3 --level word']);
    // a model that is not blasted has only its words
    expect(await members('hwmcc20/array/2020/mann/easy_zero_array.btor', {})).toBe('bmc, cegar, kind, ic3');
  });

  // Through the command line: the members' workers run the built modules.
  it('UNSAFE from a word-level member in a worker: its trace of the words replays as a btorsim witness', () => {
    const r = vigil(['check', btor2('unit/pono/two-cnt-false.btor'), '--members', 'bmc --level word', '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ verdict: 'unsafe', algorithm: 'portfolio' });
    expect(j.statistics['won.bmc --level word']).toBe(1);
  });

  it('SAFE from a word-level member beside a bit-level one: the invariant of the words passes its check', () => {
    const r = vigil(['check', btor2('unit/pono/counter-true.btor'), '--members', 'kind --level word,bmc', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).statistics['won.kind --level word']).toBe(1);
  });

  it('refuses a level the model or the engine does not have (exit 2)', () => {
    const noCircuit = vigil(['check', btor2('hwmcc20/array/2020/mann/easy_zero_array.btor'), '--level', 'bit']);
    expect(noCircuit.code).toBe(2);
    expect(noCircuit.stderr).toMatch(/--level bit: .*easy_zero_array.btor has no circuit to check/);
    const cegar = vigil(['check', btor2('unit/pono/counter-true.btor'), '--algorithm', 'cegar', '--level', 'word']);
    expect(cegar.code).toBe(2);
    expect(cegar.stderr).toMatch(/--level is an option of bmc, ic3, kind and portfolio, not of cegar/);
  });
});
