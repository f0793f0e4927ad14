/**
 * Adjustable-block encoding: the blocks SBE, LBE and ABE make of CFAs with branches and loops, the
 * ARG predicate CEGAR builds on them, and that the certificates found on blocks are certificates of
 * the original model (traces over its edges, an invariant at every location), checked as today.
 */
import { describe, expect, it } from 'vitest';
import { encodeBlocks, BlockAction, type Encoding } from '../../../formalisms/block-encoding.js';
import type { Interpreter } from '../../../formalisms/interpreter.js';
import { OptionError, offerOf } from '../../../engines/engine.js';
import { engineFor, passConfiguration, passesFor } from '../../../engines/registry.js';
import { forwardAll } from '../../../engines/passes/pass.js';
import { ENGINE_CONTEXT } from '../../../cli/engine-context.js';
import { loadZ3 } from '../../../lang/smt/context.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { chcTaskProblem } from '../../support/chc.js';

const ENCODINGS: readonly Encoding[] = ['SBE', 'LBE', 'ABE'];

/** Locations and actions of the view under each encoding. */
function counts(model: Interpreter): Record<Encoding, [number, number]> {
  const out = {} as Record<Encoding, [number, number]>;
  for (const e of ENCODINGS) {
    const b = encodeBlocks(model, e);
    out[e] = [b.locations.length, b.locations.reduce((n, l) => n + b.actions(l).length, 0)];
  }
  return out;
}

async function safetyView(path: string): Promise<Interpreter> {
  const problem = await load(CORPUS_DIR + path);
  return problem.task(problem.properties[0]!).model;
}

describe('blocks', () => {
  it('block-encoding.cfa: a branch inside a loop becomes one self-loop block at the loop head', async () => {
    const problem = await load(CORPUS_DIR + 'theta-regression/cfa/block-encoding.cfa');
    // no error location: the view without bad states has the same locations and edges
    const model = problem.task(problem.properties.find((p) => p.kind === 'termination')!).model;
    expect(counts(model)).toEqual({ SBE: [8, 9], LBE: [3, 3], ABE: [3, 3] });
    const lbe = encodeBlocks(model, 'LBE');
    const head = lbe.locations.find((l) => l.name === 'L1')!;
    const loop = lbe.actions(head).find((a) => a.target === head)!;
    // L1 -> L2 -> L3 -> L4, L1 -> L4, L4 -> L5 -> L1: both paths round the loop in one action
    expect(loop.edges.length).toBe(6);
    // a block from a location back to itself runs once round the loop
    expect(loop.execute(new Map())).toMatchObject({ disabled: false, exact: true });
    expect(lbe.locations.map((l) => l.name)).toEqual(['L0', 'L1', 'L7']);
  });

  it('corpus CFAs: LBE merges branches and sequences, ABE also merges across joins between loop heads', async () => {
    expect(counts(await safetyView('theta-regression/cfa/ifelse.cfa'))).toEqual({ SBE: [6, 6], LBE: [3, 2], ABE: [3, 2] });
    expect(counts(await safetyView('theta-regression/cfa/locking.cfa'))).toEqual({ SBE: [6, 6], LBE: [4, 4], ABE: [4, 4] });
    expect(counts(await safetyView('plc/SimpleCounterexample.scl-noreduction.theta'))).toEqual({ SBE: [15, 16], LBE: [4, 4], ABE: [4, 4] });
    expect(counts(await safetyView('plc/StlJumps.scl-noreduction.theta'))).toEqual({ SBE: [26, 28], LBE: [7, 8], ABE: [5, 5] });
  });

  it('a block runs its paths in TypeScript as its formula says', async () => {
    const model = await safetyView('theta-regression/cfa/ifelse.cfa');
    const lbe = encodeBlocks(model, 'LBE');
    const [x, y] = model.vars;
    const { int } = await import('../../../lang/expr.js');
    const toError = lbe.actions(lbe.initLoc).find((a) => a.target === lbe.errorLoc)!;
    // from x = 3, y = 0 the else branch sets x to 2 and reaches the error location
    const run = toError.execute(new Map([[x!, int(3)], [y!, int(0)]]));
    expect(run.disabled).toBe(false);
    if (!run.disabled) expect(run.exact).toBe(true);
  });
});

describe('predicate CEGAR on blocks', () => {
  const argNodes = async (path: string): Promise<Record<Encoding, number>> => {
    await loadZ3();
    const problem = await load(CORPUS_DIR + path);
    const out = {} as Record<Encoding, number>;
    for (const e of ENCODINGS) out[e] = (await checkWith('cegar', problem, { settings: { encoding: e } })).stats.argNodes!;
    return out;
  };

  it('abstracts at block ends only: fewer ARG nodes', async () => {
    expect(await argNodes('theta-regression/cfa/counter5_true.cfa')).toEqual({ SBE: 11, LBE: 5, ABE: 5 });
    expect(await argNodes('plc/SimpleCounterexample.scl-noreduction.theta')).toEqual({ SBE: 41, LBE: 7, ABE: 7 });
    expect(await argNodes('theta-regression/cfa/locking.cfa')).toEqual({ SBE: 7, LBE: 4, ABE: 4 });
  });

  const sample = manifest().filter((m) => m.formalism === 'cfa' && m.expected !== 'unknown'
    && ['plc/SimpleCounterexample', 'plc/BasicCode', 'plc/StlJumps', 'cfa/locking', 'cfa/ifelse', 'cfa/counter5_true', 'cfa/arithmetic-mod', 'cfa/arithmetic-bool01']
      .some((n) => m.path.includes(n)));

  for (const encoding of ['LBE', 'ABE'] as const) {
    it(`${encoding} gives the manifest's verdicts on a corpus sample, with certificates over the original model`, async () => {
      await loadZ3();
      expect(sample.length).toBe(8);
      for (const m of sample) {
        const problem = await load(m.file);
        const r = await checkWith('cegar', problem, { settings: { encoding }, ms: 60_000 });
        expect(r.verdict, m.path).toBe(m.expected);
        const model = problem.task(problem.properties[0]!).model;
        if (r.verdict === 'safe' && r.certificate.kind === 'invariant') {
          // the invariant speaks about inner locations of blocks too (absent: false)
          const ends = new Set(encodeBlocks(model, encoding).locations);
          expect([...r.certificate.invariant.keys()].some((l) => !ends.has(l)), m.path).toBe(true);
        }
      }
    });
  }

  it('a counterexample found on blocks is a trace over the original edges', async () => {
    await loadZ3();
    const problem = await load(CORPUS_DIR + 'plc/SimpleCounterexample.scl-noreduction.theta');
    const model = problem.task(problem.properties[0]!).model;
    const sbe = await checkWith('cegar', problem);
    const lbe = await checkWith('cegar', problem, { settings: { encoding: 'LBE' } });
    if (lbe.verdict !== 'unsafe' || lbe.certificate.kind !== 'trace' || sbe.verdict !== 'unsafe' || sbe.certificate.kind !== 'trace') throw new Error('expected counterexamples');
    const { trace } = lbe.certificate;
    expect(trace.actions.some((a) => a instanceof BlockAction)).toBe(false);
    trace.actions.forEach((a, i) => expect(model.actions(trace.states[i]!.loc)).toContain(a));
    expect(trace.actions.length).toBe(sbe.certificate.trace.actions.length);
  });

  it('BMC, IC3, IMPACT and PDR take the option too, their certificates checked over the original edges', async () => {
    await loadZ3();
    const ifelse = await load(CORPUS_DIR + 'theta-regression/cfa/ifelse.cfa');
    const locking = await load(CORPUS_DIR + 'theta-regression/cfa/locking.cfa');
    const basic = await load(CORPUS_DIR + 'plc/BasicCode.scl-noreduction.theta');
    for (const encoding of ['LBE', 'ABE']) {
      expect((await checkWith('bmc', ifelse, { settings: { encoding } })).verdict).toBe('unsafe');
      expect((await checkWith('ic3', ifelse, { settings: { encoding } })).verdict).toBe('unsafe');
      expect((await checkWith('ic3', locking, { settings: { encoding } })).verdict).toBe('safe');
      expect((await checkWith('impact', ifelse, { settings: { encoding } })).verdict).toBe('unsafe');
      expect((await checkWith('impact', locking, { settings: { encoding } })).verdict).toBe('safe');
      expect((await checkWith('impact', basic, { settings: { encoding } })).verdict).toBe('safe');
      expect((await checkWith('pdr', ifelse, { settings: { encoding } })).verdict).toBe('unsafe');
      expect((await checkWith('pdr', basic, { settings: { encoding } })).verdict).toBe('safe');
    }
    // BMC explores every path of fp1's blocks: its bounded proof is restated over the edges
    const fp1 = await load(CORPUS_DIR + 'theta-regression/cfa/fp1.cfa');
    const bounded = await checkWith('bmc', fp1, { settings: { encoding: 'LBE' } });
    expect(bounded.verdict === 'safe' && bounded.certificate.kind).toBe('k-invariant');
  });
});

describe('PDR on blocks of a clause system', () => {
  it('proves hsort.c on LBE, its invariant inside blocks stated without quantifiers', async () => {
    // the VMT program's control bits read as 64 locations; at the inner ones the invariant is a
    // weakest precondition, from which Z3's qe left a quantifier: qe_rec eliminates it
    const r = await checkWith('pdr', chcTaskProblem('chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/hsort.c_000.smt2'), { settings: { encoding: 'LBE' }, ms: 60_000 });
    expect(r.verdict).toBe('safe');
    expect(r.stats.recoveredLocations).toBe(64);
  }, 120_000);
});

describe('the option', () => {
  it('is refused on an STS without a program counter: it has a single location', async () => {
    const sts = manifest().find((m) => m.formalism === 'sts')!;
    const problem = await load(sts.file);
    const task = problem.task(problem.properties[0]!);
    const cegar = engineFor(offerOf(task), 'cegar');
    expect(() => passesFor(cegar, { encoding: 'LBE', control: 'off' }, task)).toThrow(/control-flow automata only/);
    await expect(forwardAll(passesFor(cegar, { encoding: 'LBE' }, task), task, ENGINE_CONTEXT)).rejects.toThrow(OptionError);
    expect(passConfiguration(cegar, { encoding: 'SBE' }, task)).not.toHaveProperty('encoding');
  });

  it('is part of the configuration (JSON, the interface header) on a CFA', async () => {
    const problem = await load(CORPUS_DIR + 'theta-regression/cfa/locking.cfa');
    const task = problem.task(problem.properties[0]!);
    const cegar = engineFor(offerOf(task), 'cegar');
    expect(passConfiguration(cegar, {}, task)).toEqual({ encoding: 'SBE', slice: 'auto' });
    expect(passConfiguration(cegar, { encoding: 'ABE' }, task)).toEqual({ encoding: 'ABE', slice: 'auto' });
    expect((await cegar.create({ encoding: 'ABE' }, ENGINE_CONTEXT)).configuration(task)).toMatchObject({ domain: 'PRED_BOOL' });
  });
});
