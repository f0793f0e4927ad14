/**
 * IMPACT, lazy abstraction with interpolants (engines/impact.ts), `--algorithm impact`: on a quick
 * sample of the corpus's PLC, CFA and STS models with known verdicts never a wrong verdict, every
 * certificate checked by its kind (invariants by the independent checker, traces replayed); a
 * corrupted IMPACT invariant fails the check; and forced covering reduces the unwinding of
 * models/lockstep.cfa (a loop whose body is covered once its head's label is forced along it).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { True } from '../../../lang/expr.js';
import { OptionError } from '../../../engines/engine.js';
import { engineFor } from '../../../engines/registry.js';
import { ENGINE_CONTEXT } from '../../../cli/engine-context.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const MODELS = fileURLToPath(new URL('../../../models/', import.meta.url));

const SAMPLE = [
  'plc/ArrayAssignment.scl-noreduction.theta',
  'plc/SimpleCounterexample.scl-noreduction.theta',
  'theta-regression/cfa/counter5_true.cfa',
  'theta-regression/cfa/locking.cfa',
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/cfa/counter_bv_true.cfa',
  'theta-regression/sts/counter.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/boolean1.system',
];

describe('IMPACT', () => {
  const expected = new Map(manifest().map((m) => [m.path, m.expected]));

  for (const path of SAMPLE) {
    it(`decides ${path} (${expected.get(path)}), certified`, async () => {
      const r = await checkWith('impact', await load(CORPUS_DIR + path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
      if (r.verdict !== 'safe' && r.verdict !== 'unsafe') throw new Error(`no verdict: ${r.verdict}`);
      expect(r.certificate.kind).toBe(r.verdict === 'safe' ? 'invariant' : 'trace');
      expect(r.stats.unwindingNodes).toBeGreaterThan(0);
    }, 120_000);
  }

  it('checks the interpreter view of any model; searches DFS or BFS only', async () => {
    const impact = engineFor({ circuit: false, model: true, clauses: false, theories: new Set(['int']), kind: 'safety' }, 'impact');
    expect(impact.needs).toBeUndefined();
    expect(engineFor({ circuit: true, model: true, clauses: false, theories: new Set(['bool']), kind: 'safety' }, 'impact')).toBe(impact);
    const problem = await load(`${MODELS}lockstep.cfa`);
    await expect(impact.create({ search: 'ERR' }, ENGINE_CONTEXT)).rejects.toThrow(OptionError);
    const bfs = await checkWith('impact', problem, { settings: { search: 'BFS' }, ms: 60_000 });
    expect(bfs.verdict).toBe('safe');
  }, 120_000);

  it('forced covering reduces the unwinding of models/lockstep.cfa', async () => {
    const problem = await load(`${MODELS}lockstep.cfa`);
    const on = await checkWith('impact', problem, { settings: { fcover: 'on' }, ms: 60_000 });
    const off = await checkWith('impact', problem, { settings: { fcover: 'off' }, ms: 60_000 });
    expect([on.verdict, off.verdict]).toEqual(['safe', 'safe']);
    // measured: 8 nodes and 1 refinement with forced covering, 14 nodes and 2 refinements without
    expect(on.stats.forcedCoverings).toBeGreaterThan(0);
    expect(off.stats.forcedCoverings).toBe(0);
    expect(on.stats.unwindingNodes).toBeLessThan(off.stats.unwindingNodes!);
    expect(on.stats.refinements).toBeLessThan(off.stats.refinements!);
  }, 120_000);

  it('a corrupted IMPACT invariant fails the check', async () => {
    const problem = await load(`${MODELS}lockstep.cfa`);
    const r = await checkWith('impact', problem, { ms: 60_000 });
    if (r.verdict !== 'safe' || r.certificate.kind !== 'invariant') throw new Error(`expected an invariant, got ${r.verdict}`);
    const m = problem.task(problem.properties[0]!).model;
    const head = m.locations.find((l) => l.name === 'Head')!;
    expect(await checkInductiveInvariant(m, r.certificate.invariant)).toBeUndefined();
    // x = y forgotten at the loop head: the body no longer keeps the counters equal
    const weakened = new Map(r.certificate.invariant).set(head, True);
    expect(await checkInductiveInvariant(m, weakened)).toMatch(/not closed under|bad states/);
    const unreachableError = new Map(r.certificate.invariant).set(m.errorLoc, True);
    expect(await checkInductiveInvariant(m, unreachableError)).toMatch(/bad states/);
  }, 120_000);
});
