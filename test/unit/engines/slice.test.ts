/**
 * Slicing (formalisms/slice.ts, engines/passes/slice.ts): the cone of influence of the bad states
 * on the generated PLC models, where the noise variables leave; models where leaving a variable out
 * would make a bug appear, where the pass keeps it; and the engines' answers on the slice, carried
 * back to the model and checked there (traces completed and replayed, invariants checked).
 * Control-flow recovery (formalisms/control.ts, engines/passes/control.ts): the program counter of
 * a PLC STS read as locations, the answers read back over the STS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cones } from '../../../formalisms/slice.js';
import { recoverControl } from '../../../formalisms/control.js';
import { CORPUS_DIR as CORPUS } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const FAMILIES = new URL('../../../models/families/', import.meta.url).pathname;

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'vigil-slice-')), name);
  writeFileSync(path, text);
  return path;
}

/** `d` is never read by the error's guard but bounds the loop: without it the error is reached. */
const GUARDED = `main process p {
    var x : int
    var d : int
    init loc L0
    loc L1
    error loc ERR
    L0 -> L1 { x := 0  d := 0 }
    L1 -> L1 { assume d < 5  x := x + 1  d := d + 1 }
    L1 -> ERR { assume x > 7 }
}
`;

/** The range of `d` blocks the step after five: `x` never reaches 8, though only `x` is read. */
const BLOCKED = `specification Blocked {
    property p : {
        var x : int
        var d : int
        invariant d <= 5
        initial x = 0 and d = 0
        transition x' = x + 1 and d' = d + 1
    } models G(x < 8)
}
`;

describe('the cone of influence', () => {
  it('leaves out the noise variables of a generated PLC model, as CFA and as STS', async () => {
    for (const path of ['plc-cfa/plc_n12_m8_k3_safe.cfa', 'plc-sts/plc_n12_m8_k3_safe.system']) {
      const problem = await load(FAMILIES + path);
      const model = problem.task(problem.properties[0]!).model;
      const all = cones(model);
      const last = all.at(-1)!;
      expect(last.dropped.map((v) => v.name).sort()).toEqual(['v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
      expect(last.model.vars.length).toBe(model.vars.length - 8);
    }
  });

  it('keeps a variable whose guard decides whether the error is reached', async () => {
    const r = await checkWith('bmc', await load(file('guarded.cfa', GUARDED)), { settings: { bound: '20' }, ms: 60_000 });
    expect(r.verdict).not.toBe('unsafe');
    const proof = await checkWith('kind', await load(file('guarded.cfa', GUARDED)), { ms: 60_000 });
    expect(proof.verdict).toBe('safe');
  }, 120_000);

  it('keeps a variable whose range blocks the transition', async () => {
    const problem = await load(file('blocked.system', BLOCKED));
    expect(cones(problem.task(problem.properties[0]!).model).map((c) => c.dropped.map((v) => v.name))).toEqual([['d']]);
    const r = await checkWith('bmc', problem, { settings: { bound: '12' }, ms: 60_000 });
    expect(r.verdict).not.toBe('unsafe');
    expect(r.stats.slicedAway).toBeUndefined();
    expect((await checkWith('kind', problem, { ms: 60_000 })).verdict).toBe('safe');
  }, 120_000);

  it('finds the bug of the sliced model and replays it with every variable', async () => {
    const problem = await load(FAMILIES + 'plc-sts/plc_n12_m8_k3_unsafe.system');
    const r = await checkWith('bmc', problem, { ms: 120_000 });
    expect(r.verdict).toBe('unsafe');
    expect(r.stats.slicedAway).toBe(8);
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'trace') throw new Error('no trace');
    expect(r.certificate.trace.states[0]!.vals.size).toBe(problem.task(problem.properties[0]!).model.vars.length);
  }, 180_000);

  it('proves the sliced model safe with an invariant the model checks', async () => {
    const r = await checkWith('pdr', await load(FAMILIES + 'plc-cfa/plc_n6_m4_k3_safe.cfa'), { ms: 120_000 });
    expect(r.verdict).toBe('safe');
    expect(r.stats.slicedAway).toBeGreaterThan(0);
  }, 180_000);

  it('checks the whole model with --slice off', async () => {
    const r = await checkWith('bmc', await load(FAMILIES + 'plc-cfa/plc_n6_m4_k3_unsafe.cfa'), { settings: { slice: 'off' }, ms: 120_000 });
    expect(r.verdict).toBe('unsafe');
    expect(r.stats.slicedAway).toBeUndefined();
  }, 180_000);
});

describe('control-flow recovery', () => {
  it('reads the program counter of a generated PLC STS as locations, and none into an STS without one', async () => {
    const plc = await load(FAMILIES + 'plc-sts/plc_n12_m8_k3_safe.system');
    const rec = recoverControl(plc.task(plc.properties[0]!).model)!;
    expect(rec.counter.name).toBe('loc');
    expect(rec.model.locations.map((l) => l.name)).toEqual(['loc=0', 'loc=1', 'loc=2', 'loc=3', 'loc=4', 'loc=5', 'loc=6', 'loc=7', 'requirement']);
    const counter = await load(`${CORPUS}theta-regression/sts/counter.system`);
    expect(recoverControl(counter.task(counter.properties[0]!).model)).toBeUndefined();
  });

  it('maps the automaton\'s trace and invariant back over the STS, where they are checked', async () => {
    const bug = await checkWith('bmc', await load(FAMILIES + 'plc-sts/plc_n6_m4_k3_unsafe.system'), { ms: 120_000 });
    expect(bug.verdict).toBe('unsafe');
    expect(bug.stats.recoveredLocations).toBe(5);
    if (bug.verdict !== 'unsafe' || bug.certificate.kind !== 'trace') throw new Error('no trace');
    expect(bug.certificate.trace.actions.length).toBe(11);
    for (const engine of ['pdr', 'kind']) {
      const proof = await checkWith(engine, await load(FAMILIES + 'plc-sts/plc_n4_m4_k2_safe.system'), { ms: 120_000 });
      expect(proof.verdict).toBe('safe');
      expect(proof.stats.recoveredLocations).toBe(5);
    }
  }, 300_000);

  it('lets the portfolio\'s members, in their threads, check the automaton', async () => {
    const r = await checkWith('portfolio', await load(FAMILIES + 'plc-sts/plc_n6_m4_k3_unsafe.system'), { ms: 120_000 });
    expect(r.verdict).toBe('unsafe');
  }, 180_000);

  it('leaves the STS as it is with --control off', async () => {
    const r = await checkWith('bmc', await load(FAMILIES + 'plc-sts/plc_n4_m4_k2_unsafe.system'), { settings: { control: 'off' }, ms: 120_000 });
    expect(r.verdict).toBe('unsafe');
    expect(r.stats.recoveredLocations).toBeUndefined();
  }, 180_000);
});
