/**
 * Circuit preprocessing (engines/passes/circuit.ts): SAT sweeping and latch correspondence merge what
 * they prove equal, and the engines' verdicts on the reduced circuit come back to the file as
 * certificates that Vigil's own checks and certifaiger's rules (with MiniSat) accept: witnesses
 * replayed on the file with the merged latches following their representatives, witness circuits
 * whose invariant carries the proven equivalences.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../../formalisms/frontends/aiger/read.js';
import { aigFromFile } from '../../../formalisms/aig.js';
import { aigerProblem } from '../../../formalisms/frontends/aiger/problem.js';
import type { Problem } from '../../../formalisms/problem.js';
import type { Result } from '../../../formalisms/result.js';
import { corresponded, swept } from '../../../engines/passes/circuit.js';
import { stuckLatches } from '../../../engines/aiger/simulate.js';
import type { CircuitTask } from '../../../formalisms/circuit-task.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { readAiger } from '../../support/aiger-sim.js';
import { certifaiger, reencoded } from '../../support/certifaiger.js';
import { vigil } from '../../support/cli.js';

const circuit = (name: string, lines: string[]) => {
  const text = `${lines.join('\n')}\n`;
  return { text, file: parseAiger(new TextEncoder().encode(text), name) };
};

/** A SAFE result's witness circuit passes certifaiger's rules against the model's text. */
function expectCertifaiger(problem: Problem, model: string | Buffer, r: Result): void {
  if (r.verdict !== 'safe') throw new Error(`safe was expected, got ${r.verdict}`);
  const w = readAiger(Buffer.from(problem.certificateText(problem.properties[0]!, r.certificate)));
  expect(certifaiger(reencoded(readAiger(Buffer.from(model))), w, 0)).toBeUndefined();
}

/**
 * `text` (an ASCII AIGER file of one property, an output or a bad state, and no other) with the
 * property conjoined with a tautology: `windows` times the equality of two AND chains over eight
 * fresh signals, associated left and right, which structural hashing does not merge (18 gates
 * each). The signals are inputs, or with `latches` latches that each copy an input of their own
 * (reset 0, never equal to each other). The circuit grows past the portfolio's bound for running
 * latch correspondence first.
 */
function withTautology(text: string, windows: number, latches = false): string {
  const lines = text.split('\n');
  const [, M, I, L, O, A, ...rest] = lines[0]!.split(' ').map(Number) as [number, number, number, number, number, number, ...number[]];
  let max = M;
  const inputs: number[] = [];
  const latchLines: string[] = [];
  const gates: string[] = [];
  const and = (x: number, y: number) => {
    const v = 2 * ++max;
    gates.push(`${v} ${x} ${y}`);
    return v;
  };
  const signal = () => {
    const input = 2 * ++max;
    inputs.push(input);
    if (!latches) return input;
    const latch = 2 * ++max;
    latchLines.push(`${latch} ${input} 0`);
    return latch;
  };
  let bad = Number(lines[1 + I + L]);
  for (let k = 0; k < windows; k++) {
    const w = Array.from({ length: 8 }, signal);
    let left = w[0]!;
    for (let i = 1; i < 8; i++) left = and(left, w[i]!);
    let right = w[7]!;
    for (let i = 6; i >= 0; i--) right = and(w[i]!, right);
    bad = and(bad, and(and(left, right ^ 1) ^ 1, and(left ^ 1, right) ^ 1));
  }
  return [
    ['aag', max, I + inputs.length, L + latchLines.length, O, A + gates.length, ...rest].join(' '), ...lines.slice(1, 1 + I), ...inputs.map(String),
    ...lines.slice(1 + I, 1 + I + L), ...latchLines, String(bad), ...lines.slice(2 + I + L, 2 + I + L + A), ...gates, ...lines.slice(2 + I + L + A),
  ].join('\n');
}

const LCORR_ONLY = { sweep: 'off', lcorr: 'on' };
const SWEEP_ONLY = { sweep: 'on', lcorr: 'off' };

describe('latch correspondence', () => {
  // l1 (reset 0) copies the input as l0 (reset 0) does; l2 (reset 1) copies its negation.
  // Bad: l0 and l1 differ, or l0 and l2 are both 1. Safe, and only by the equivalences.
  const safe = circuit('equal-latches.aag', [
    'aag 9 1 3 0 5 1',
    '2', '4 2', '6 2', '8 3 1',
    '19',
    '10 4 7', '12 5 6', '14 4 8', '16 11 13', '18 16 15',
  ]);

  it('merges equal and opposite latches with resets 0 and 1, and the certificate carries the equivalences', async () => {
    const prep = corresponded(aigFromFile(safe.file));
    expect(prep.merged).toEqual([{ latch: 1, rep: 0, negated: false }, { latch: 2, rep: 0, negated: true }]);
    const problem = aigerProblem('equal-latches.aag', safe.file);
    for (const algorithm of ['ic3', 'kind']) {
      const r = await checkWith(algorithm, problem, { settings: { ...LCORR_ONLY, ...(algorithm === 'kind' ? { bound: '5' } : {}) } });
      expect(r.verdict).toBe('safe');
      expect(r.stats.mergedLatches).toBe(2);
      expectCertifaiger(problem, safe.text, r);
    }
  });

  it('in the portfolio, the rivals check the merged circuit, and their answer is certified on it', () => {
    // BMC, the first member, ends at its bound: the latches are merged then, and IC3 answers in its
    // worker thread. On the three latches alone correspondence would run first and leave BMC a bad
    // state that is constant false: a tautology over 192 latches of its own makes the circuit large
    // (195 latches, 437 gates), and the two merged latches are too few for BMC to start again.
    const dir = mkdtempSync(join(tmpdir(), 'vigil-rival-'));
    const model = join(dir, 'equal-latches.aag');
    const text = withTautology(safe.text, 24, true);
    writeFileSync(model, text);
    const cert = join(dir, 'cert.aag');
    const run = vigil(['check', model, '--members', 'bmc,ic3', '--bound', '3', '--json', '--certificate', cert]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).statistics).toMatchObject({ 'won.ic3': 1, mergedLatches: 2 });
    expect(certifaiger(reencoded(readAiger(Buffer.from(text))), readAiger(readFileSync(cert)), 0)).toBeUndefined();
    rmSync(dir, { recursive: true });
  });

  it('in the portfolio, latch correspondence runs first on a small circuit, else at the head start\'s end, where the first member starts again if it took off a tenth of the latches', () => {
    // fib_30 (38 latches, 316 gates in its cone) is small: correspondence leaves 26 latches before
    // IC3 starts, which then proves it at once (18 s on the 38). With a tautology of 1,800 gates
    // conjoined to its bad state it is not: IC3 without CTGs takes 6 s on its 38 latches, and starts
    // again on the 26 at the head start's end. nusmvguidancep7 is not small either, and IC3
    // without CTGs takes 3 to 5 s, where correspondence merges none of its 86 latches: it goes on.
    // Both run well past the head start (2 s, 1 s on one core).
    const fib = manifest().find((x) => x.path.includes('split-fib_30b0'))!.file;
    const dir = mkdtempSync(join(tmpdir(), 'vigil-lcorr-'));
    const padded = join(dir, 'fib_30-tautology.aag');
    writeFileSync(padded, withTautology(readFileSync(fib, 'latin1'), 100));
    const guidance = join(CORPUS_DIR, 'hwmcc19-20/hwmcc11/nusmvguidancep7.aig');
    for (const [file, merged, restarted] of [[fib, 12, false], [padded, 12, true], [guidance, undefined, false]] as const) {
      const run = vigil(['check', file, '--json']);
      expect(run.code, file).toBe(0);
      const stats = JSON.parse(run.stdout).statistics;
      // IC3 wins (from three cores on, IC3 with CTGs runs beside it from the head start's end)
      expect(stats['won.ic3-no-ctg-ctp'] ?? stats['won.ic3'], file).toBe(1);
      expect(stats.headStartRestarted === 1, file).toBe(restarted);
      if (merged !== undefined) expect(stats.mergedLatches, file).toBe(merged);
    }
    rmSync(dir, { recursive: true });
  });

  // l3 is uninitialised and copies the input as l0 does: equal from step 1 on, not at first.
  // Bad: l3 and not l0, reachable at step 0 only. Merging l3 into l0 would say safe.
  const uninitialised = circuit('uninitialised.aag', [
    'aag 6 1 2 0 1 1',
    '2', '4 2', '6 2 6',
    '12',
    '12 6 5',
  ]);

  it('never merges an uninitialised latch: a class must hold in all initial states', async () => {
    expect(corresponded(aigFromFile(uninitialised.file)).merged).toEqual([]);
    const r = await checkWith('ic3', aigerProblem('uninitialised.aag', uninitialised.file), { settings: LCORR_ONLY });
    expect(r.verdict).toBe('unsafe');
  });

  // As the safe circuit, with bad: l1 and not l2 and l3 (l3 uninitialised, copying the input):
  // reachable at step 1 when the input was 1. The reduced circuit has l0 only (and l3).
  const unsafe = circuit('merged-witness.aag', [
    'aag 10 1 4 0 2 1',
    '2', '4 2', '6 2', '8 3 1', '10 2 10',
    '20',
    '18 6 9', '20 18 10',
  ]);

  it('finds the counterexample on the reduced circuit; the witness replays on the file', async () => {
    const prep = corresponded(aigFromFile(unsafe.file));
    expect(prep.merged.map((m) => m.latch).sort()).toEqual([1, 2]);
    expect(prep.circuit.latches.map((l) => l.index)).toEqual([0, 3]);
    for (const algorithm of ['ic3', 'bmc']) {
      const r = await checkWith(algorithm, aigerProblem('merged-witness.aag', unsafe.file), { settings: LCORR_ONLY });
      expect(r.verdict).toBe('unsafe');
    }
  });
});

describe('SAT sweeping', () => {
  // (a & b) & c and a & (b & c) are equal but not structurally: l0 and l1 latch one each.
  // Bad: l0 and not l1. Safe; after sweeping, l0 and l1 share one next-state function.
  const assoc = circuit('assoc.aag', [
    'aag 12 3 2 0 5 1',
    '2', '4', '6', '8 16', '10 20',
    '22',
    '14 2 4', '16 14 6', '18 4 6', '20 2 18', '22 8 11',
  ]);

  it('merges nodes equal as functions of the inputs and latches, keeping the latches', async () => {
    const prep = swept(aigFromFile(assoc.file));
    expect(prep.stats.sweptNodes).toBe(1);
    expect(prep.circuit.latches.length).toBe(2);
    const problem = aigerProblem('assoc.aag', assoc.file);
    const r = await checkWith('ic3', problem, { settings: SWEEP_ONLY });
    expectCertifaiger(problem, assoc.text, r);
  });
});

describe('preprocessing on corpus circuits', () => {
  const byName = (name: string) => manifest().find((m) => m.path.includes(name))!;
  const small = ['split-h_Arbiterb0', 'split-cal178b0'];
  // each merges something: sweeping empties h_Arbiter and busdelay, latch correspondence stack, and
  // fib_30 (which IC3 does not prove in 30 s without it) and vsa16a shrink
  for (const name of ['split-h_Arbiterb0', 'split-stack-p2b0', 'split-fib_30b0', 'split-zipcpu-busdelay-p09b0', 'split-vis_arrays_vsa16a_p6b0', 'split-cal178b0']) {
    it(`${name}: the right verdict, certified, with sweeping and latch correspondence`, async () => {
      const m = byName(name);
      const problem = await load(m.file);
      const r = await checkWith('ic3', problem, { settings: { sweep: 'on', lcorr: 'on' } });
      expect(r.verdict).toBe(m.expected);
      expect((r.stats.sweptNodes ?? 0) + (r.stats.mergedLatches ?? 0)).toBeGreaterThan(0);
      // certifaiger's rules with MiniSat take long on the big ones: Vigil's own check (the same obligations) covers them
      if (r.verdict === 'safe' && small.includes(name)) expectCertifaiger(problem, readFileSync(m.file), r);
    }, 120_000);
  }
});

describe('stuck latches', () => {
  // constant propagation finds every latch that ternary simulation finds stuck, so the simplify
  // pass skips a task that says it is stuck-free
  it('the AIGER front end\'s safety cones say they are stuck-free, and ternary simulation finds none in them', async () => {
    for (const m of manifest().filter((x) => x.path.startsWith('hwmcc24/'))) {
      const problem = await load(m.file);
      for (const p of problem.properties) {
        const task = problem.task(p) as CircuitTask;
        expect(task.stuckFree, m.path).toBe(true);
        expect(stuckLatches(task.circuit).size, m.path).toBe(0);
      }
    }
  }, 120_000);

  it('a justice property\'s cone leaves its stuck latches to the simplify pass', async () => {
    // l0 keeps its reset 0, l1 toggles; j0 = NOT l0 AND l1 holds every other step: a lasso
    const { text, file } = circuit('justice-stuck.aag', ['aag 4 1 2 0 1 0 0 1 0', '2', '4 4', '6 7', '1', '8', '8 5 6']);
    const problem = aigerProblem('justice-stuck.aag', file, new TextEncoder().encode(text));
    const task = problem.task(problem.properties[0]!) as CircuitTask;
    expect(task.stuckFree).toBe(false);
    expect([...stuckLatches(task.circuit)]).toEqual([[0, 0]]);
    expect((await checkWith('live', problem)).verdict).toBe('nonlive');
  });
});
