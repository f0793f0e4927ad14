/**
 * BMC end to end on the corpus, in process with the real Z3: never UNSAFE for a model listed safe,
 * and every counterexample replays; plus the replay check itself, which must reject corrupted traces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadZ3 } from '../../../lang/smt/context.js';
import { loadProblem } from '../../../formalisms/frontends/index.js';
import { replay, type Trace } from '../../../formalisms/trace.js';
import { bmc as bmcResult, type BmcOptions } from '../../../engines/bmc.js';
import type { Interpreter } from '../../../formalisms/interpreter.js';
import { False, True, bool, int, type Expr, type VarDecl } from '../../../lang/expr.js';
import { printExpr } from '../../../lang/print.js';
import { manifest } from '../../support/corpus.js';
import { checkKInductiveInvariant } from '../../../certificates/k-invariant.js';
import { ROOT, vigil } from '../../support/cli.js';

beforeAll(async () => {
  await loadZ3();
});

async function interpreter(file: string): Promise<Interpreter> {
  const problem = await loadProblem(file);
  return problem.task(problem.properties[0]!).model;
}

/** BMC's result with its trace and reason read off the certificate and the typed reason. */
function bmc(model: Interpreter, opts: BmcOptions) {
  const r = bmcResult(model, opts);
  if (r.verdict === 'unsafe' && r.certificate.kind !== 'trace') throw new Error('word-level BMC gives traces');
  return r.verdict === 'unsafe' ? { result: r.verdict, trace: (r.certificate as { trace: Trace }).trace }
    : { result: r.verdict, ...(r.verdict === 'unknown' ? { reason: r.reason.detail, reasonKind: r.reason.kind } : {}) };
}

/** Bugs deeper than the bound (none in the corpus today). */
const NOT_FOUND_WITHIN_LIMITS = new Set<string>();

describe('BMC on the corpus (CFA, STS, classic AIGER, PLC)', () => {
  const models = manifest().filter((m) => m.expected !== 'unknown' && !m.path.startsWith('hwmcc24/'));
  for (const m of models) {
    it(`${m.path} (${m.expected})`, async () => {
      const model = await interpreter(m.file);
      const v = bmc(model, { z3: await loadZ3(), bound: 50, deadline: Date.now() + 15_000 });
      if (m.expected === 'safe') expect(v.result).not.toBe('unsafe');
      if (v.result === 'unsafe') expect(replay(model, v.trace!)).toBeUndefined();
      if (m.expected === 'unsafe' && !NOT_FOUND_WITHIN_LIMITS.has(m.path)) expect(v.result).toBe('unsafe');
    });
  }
});

describe('BMC on HWMCC\'24 circuits', () => {
  const unsafe = manifest().filter((m) => m.path.startsWith('hwmcc24/') && m.expected === 'unsafe');
  for (const m of unsafe) {
    it(`${m.path} is not called safe, and any counterexample replays`, async () => {
      const model = await interpreter(m.file);
      const v = bmc(model, { z3: await loadZ3(), bound: 20, deadline: Date.now() + 20_000 });
      expect(v.result).not.toBe('safe');
      if (v.result === 'unsafe') expect(replay(model, v.trace!)).toBeUndefined();
    });
  }
});

describe('trace replay', () => {
  let model: Interpreter;
  let trace: Trace;
  beforeAll(async () => {
    model = await interpreter(`${ROOT}models/mutex-bug.cfa`);
    const v = bmc(model, { z3: await loadZ3(), bound: 10 });
    if (v.result !== 'unsafe') throw new Error('mutex-bug.cfa must be unsafe');
    trace = v.trace!;
  });

  const withValue = (t: Trace, step: number, v: VarDecl, value: Expr): Trace => ({
    ...t,
    states: t.states.map((s, i) => (i === step ? { ...s, vals: new Map(s.vals).set(v, value) } : s)),
  });

  it('accepts the counterexample BMC found', () => {
    expect(replay(model, trace)).toBeUndefined();
    expect(trace.states[0]!.loc).toBe(model.initLoc);
    expect(trace.states.at(-1)!.loc).toBe(model.errorLoc);
  });

  it('rejects a changed value', () => {
    const turn = model.vars.find((v) => v.name === 'turn')!;
    expect(replay(model, withValue(trace, 2, turn, int(7)))).toMatch(/does not produce the next value of turn/);
  });

  it('rejects a state that would disable the next action', () => {
    const in1 = model.vars.find((v) => v.name === 'in1')!;
    expect(replay(model, withValue(trace, trace.states.length - 2, in1, bool(false)))).toMatch(/not enabled|next value/);
  });

  it('rejects a trace that stops before the error location', () => {
    const cut: Trace = { states: trace.states.slice(0, -1), actions: trace.actions.slice(0, -1), choices: trace.choices.slice(0, -1) };
    expect(replay(model, cut)).toMatch(/not bad/);
  });

  it('rejects a trace whose actions are out of order', () => {
    const swapped: Trace = { ...trace, actions: [trace.actions[1]!, trace.actions[0]!, ...trace.actions.slice(2)] };
    expect(replay(model, swapped)).toBeDefined();
  });

  it('replays circuits with inputs, and rejects a flipped input', async () => {
    const shift = await interpreter(`${ROOT}models/shift.aag`);
    const v = bmc(shift, { z3: await loadZ3(), bound: 10 });
    expect(v.result).toBe('unsafe');
    if (v.result !== 'unsafe') return;
    expect(v.trace!.actions).toHaveLength(3);
    expect(replay(shift, v.trace!)).toBeUndefined();
    const input = shift.inputs[0]!;
    expect(replay(shift, withValue(v.trace!, 0, input, bool(false)))).toBeDefined();
  });
});

describe('BMC verdicts', () => {
  it('reports the bound when it is reached', async () => {
    const v = bmc(await interpreter(`${ROOT}models/counter.cfa`), { z3: await loadZ3(), bound: 5 });
    expect(v).toMatchObject({ result: 'unknown', reason: 'bound 5 reached', reasonKind: 'bound' });
  });

  it('gives up with UNKNOWN (timeout) at the deadline', async () => {
    const v = bmc(await interpreter(`${ROOT}models/counter.cfa`), { z3: await loadZ3(), bound: 1000, deadline: Date.now() + 200 });
    expect(v).toMatchObject({ result: 'unknown', reason: 'timeout', reasonKind: 'timeout' });
  });

  it('floating point: the fp2.cfa counterexample, with concrete float values that replay', async () => {
    const fp = manifest().find((m) => m.path.endsWith('/fp2.cfa'))!;
    const model = await interpreter(fp.file);
    const v = bmc(model, { z3: await loadZ3(), bound: 10 });
    expect(v.result).toBe('unsafe');
    if (v.result !== 'unsafe') return;
    expect(v.trace!.actions).toHaveLength(5);
    expect(replay(model, v.trace!)).toBeUndefined();
    const last = v.trace!.states.at(-1)!;
    const value = (name: string) => printExpr(last.vals.get(model.vars.find((d) => d.name === name)!)!, 'cfa');
    // 1 / 3.5 = 0.2857 in fp[2,3]: 0.5 rounded toward +inf, 0.25 to nearest
    expect([value('f2'), value('f3'), value('f4'), value('f5')]).toEqual(["2'b01.2'b00", "2'b10.2'b11", "2'b00.2'b10", "2'b00.2'b01"]);
    // a changed float value is caught by the replay in TypeScript
    const f5 = model.vars.find((d) => d.name === 'f5')!;
    const states = v.trace!.states.map((s, i) => (i === 4 ? { ...s, vals: new Map(s.vals).set(f5, s.vals.get(model.vars.find((d) => d.name === 'f4')!)!) } : s));
    expect(replay(model, { ...v.trace!, states })).toMatch(/does not produce the next value of f5/);
  });

  it('floating point: fp1.cfa (safe) has no counterexample on any of its paths, so it is safe', async () => {
    const fp = manifest().find((m) => m.path.endsWith('/fp1.cfa'))!;
    const model = await interpreter(fp.file);
    const r = bmcResult(model, { z3: await loadZ3(), bound: 12 });
    expect(r.verdict).toBe('safe');
    if (r.verdict !== 'safe' || r.certificate.kind !== 'k-invariant') throw new Error('BMC certifies a finished run by a k-inductive invariant');
    const { invariant } = r.certificate;
    // no path is longer than 5 steps: the invariant is 6-inductive
    expect(r.certificate.k).toBe(6);
    expect(await checkKInductiveInvariant(model, invariant, 6, false)).toBeUndefined();
    // a reachable location left out fails the base case
    const dropped = new Map(invariant).set(model.locations.find((l) => l !== model.initLoc && invariant.get(l) === True)!, False);
    expect(await checkKInductiveInvariant(model, dropped, 6, false)).toMatch(/base case/);
  });

  it('the command line prints the finished run as SAFE with its certificate checked', () => {
    const fp = manifest().find((m) => m.path.endsWith('/fp1.cfa'))!;
    const run = vigil(['check', fp.file, '--algorithm', 'bmc', '--bound', '12', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/SAFE/);
    expect(run.stdout).toMatch(/6-inductive invariant/);
  });
});

describe('BMC with queries that cover several steps', () => {
  // widenEffort 0: every query doubles the steps the next one covers (1, 2, 4, then 8 at a time)
  it('finds the bug inside a window where the path cannot go on (deep-bug.cfa: step 42 of 39 to 46)', async () => {
    const model = await interpreter(`${ROOT}models/deep-bug.cfa`);
    const v = bmc(model, { z3: await loadZ3(), bound: 100, widenEffort: 0 });
    expect(v.result).toBe('unsafe');
    if (v.result !== 'unsafe') return;
    expect(v.trace!.actions).toHaveLength(42);
    expect(replay(model, v.trace!)).toBeUndefined();
  });

  it('checks the steps of an unfinished window before it calls an explored model safe (fp1.cfa)', async () => {
    const fp = manifest().find((m) => m.path.endsWith('/fp1.cfa'))!;
    const model = await interpreter(fp.file);
    const r = bmcResult(model, { z3: await loadZ3(), bound: 12, widenEffort: 0 });
    expect(r.verdict).toBe('safe');
    if (r.verdict !== 'safe' || r.certificate.kind !== 'k-invariant') throw new Error('BMC certifies a finished run by a k-inductive invariant');
    expect(await checkKInductiveInvariant(model, r.certificate.invariant, r.certificate.k, false)).toBeUndefined();
  });

  it('finds the bug at the last step of an unfinished window (fp2.cfa: step 5 of 3 to 6, the paths end at 5)', async () => {
    const fp = manifest().find((m) => m.path.endsWith('/fp2.cfa'))!;
    const model = await interpreter(fp.file);
    const v = bmc(model, { z3: await loadZ3(), bound: 12, widenEffort: 0 });
    expect(v.result).toBe('unsafe');
    if (v.result === 'unsafe') expect(replay(model, v.trace!)).toBeUndefined();
  });

  it('the unsafe corpus models: every bug found and replayed', async () => {
    for (const m of manifest().filter((x) => x.expected === 'unsafe' && !x.path.startsWith('hwmcc24/'))) {
      const model = await interpreter(m.file);
      const v = bmc(model, { z3: await loadZ3(), bound: 50, deadline: Date.now() + 15_000, widenEffort: 0 });
      expect(v.result, m.path).toBe('unsafe');
      if (v.result === 'unsafe') expect(replay(model, v.trace!), m.path).toBeUndefined();
    }
  });

  it('stops at the bound with every step up to it checked', async () => {
    const v = bmc(await interpreter(`${ROOT}models/counter.cfa`), { z3: await loadZ3(), bound: 5, widenEffort: 0 });
    expect(v).toMatchObject({ result: 'unknown', reason: 'bound 5 reached', reasonKind: 'bound' });
  });
});
