/**
 * The bit-level engines on AIGER circuits: IC3 over every AIGER model of the corpus (no wrong
 * verdict, every verdict certified, the unsafe ones found), k-induction and SAT-based BMC on the
 * small ones, corrupted certificates rejected, and ternary simulation on a hand-made circuit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../lang/grammar/aiger.js';
import { aigFromFile } from '../formalisms/aig.js';
import { replay } from '../formalisms/trace.js';
import type { Verdict } from '../engines/verdict.js';
import { prepareAig, prepareAiger, type AigerProblem } from '../engines/aiger/prepare.js';
import { satBmc, bmcOutcome } from '../engines/aiger/bmc.js';
import { Ic3, ic3 } from '../engines/aiger/ic3.js';
import { kInduction } from '../engines/aiger/kind.js';
import {
  CertificateError, baseInvariant, certify, checkInvariant, checkWitness, witness, type Clause,
} from '../engines/aiger/certify.js';
import { replayRun, stuckLatches } from '../engines/aiger/simulate.js';
import { manifest, type CorpusModel } from './corpus.js';
import { vigil } from './cli.js';

const load = (m: CorpusModel): AigerProblem => prepareAiger(parseAiger(readFileSync(m.file), m.path));
const aigerModels = manifest().filter((m) => m.formalism === 'aiger');
const byName = (name: string) => aigerModels.find((m) => m.path.includes(name))!;
const stats = { timeMs: 0, solverChecks: 0, solverTimeMs: 0 };

/** A verdict agrees with the manifest, and an UNSAFE trace replays on the STS model. */
function expectSound(m: CorpusModel, problem: AigerProblem, v: Verdict): void {
  if (v.result !== 'unknown') expect(v.result).toBe(m.expected);
  if (v.result === 'unsafe') expect(replay(problem.model, v.trace)).toBeUndefined();
}

/** Circuits every engine answers in well under a second. */
const SMALL = [
  ...aigerModels.filter((m) => m.path.startsWith('theta-regression')).map((m) => m.path),
  'split-cal178b0', 'split-h_Arbiterb0', 'split-stack-p2b0', 'split-qspiflash_qflexpress_divfive-p025b0',
  'split-trex02-1b0', 'split-vis_arrays_bpbs_p2b0', 'split-float_req_bl_1071b0',
].map(byName);

describe('IC3 over the AIGER corpus', () => {
  it('has the 11 classic and 42 HWMCC\'24 circuits', () => {
    expect(aigerModels.length).toBe(53);
  });
  for (const m of aigerModels) {
    // Unsafe circuits get longer: their counterexample must be found.
    const limit = m.expected === 'unsafe' ? 40_000 : 4_000;
    it(`${m.path} (${m.expected})`, () => {
      const problem = load(m);
      const v = ic3(problem, { deadline: Date.now() + limit });
      expectSound(m, problem, v);
      if (m.expected === 'unsafe') expect(v.result).toBe('unsafe');
      if (v.result === 'safe') expect(v.stats.invariantClauses).toBeGreaterThanOrEqual(0);
    }, limit + 60_000);
  }
});

describe('SAT-based BMC and k-induction on the small circuits', () => {
  for (const m of SMALL) {
    it(`${m.path}`, () => {
      const problem = load(m);
      const b = satBmc(problem, { bound: 30, deadline: Date.now() + 20_000 });
      expectSound(m, problem, b);
      if (m.expected === 'unsafe') expect(b.result).toBe('unsafe');
      else expect(b.result).toBe('unknown');
      const k = kInduction(problem, { bound: 30, deadline: Date.now() + 20_000 });
      expectSound(m, problem, k);
      if (m.expected === 'unsafe') expect(k.result).toBe('unsafe');
    }, 60_000);
  }

  it('k-induction proves a safe circuit and certifies it through IC3', () => {
    const m = byName('split-cal178b0');
    const problem = load(m);
    const v = kInduction(problem, { bound: 30 });
    expect(v.result).toBe('safe');
    expect(v.stats.inductionDepth).toBeGreaterThan(0);
  });
});

describe('certificates', () => {
  it('a corrupted witness fails its replay and certification throws', () => {
    const m = byName('hw1_false');
    const problem = load(m);
    const found = bmcOutcome(problem.circuit, { bound: 10 }, { bound: -1 });
    if (found.result !== 'unsafe') throw new Error('BMC should find the counterexample of hw1_false');
    expect(checkWitness(problem, witness(problem, found.run))).toBeUndefined();
    const shorter = { latches: found.run.latches, inputs: found.run.inputs.slice(0, -1) };
    expect(checkWitness(problem, witness(problem, shorter))).toMatch(/bad literal is 0/);
    expect(() => certify(problem, { result: 'unsafe', run: shorter }, stats)).toThrow(CertificateError);
    const flipped = { latches: found.run.latches, inputs: found.run.inputs.map((v) => v.map((b) => 1 - b)) };
    expect(() => certify(problem, { result: 'unsafe', run: flipped }, stats)).toThrow(CertificateError);
  });

  it('a witness must start at the reset values', () => {
    const problem = load(byName('hw1_false'));
    const found = bmcOutcome(problem.circuit, { bound: 10 }, { bound: -1 });
    if (found.result !== 'unsafe') throw new Error('unreachable');
    const w = witness(problem, found.run);
    const latches = Array.from(w.latches, (v) => 1 - v);
    expect(replayRun(problem.original, { latches, inputs: w.inputs })).toMatch(/reset value/);
  });

  it('a corrupted invariant fails its check and certification throws', () => {
    const problem = load(byName('split-a16-p152b0'));
    const found = new Ic3(problem.circuit, {}).check();
    if (found.result !== 'safe') throw new Error('IC3 should prove split-a16-p152b0');
    expect(found.invariant.length).toBeGreaterThan(0);
    expect(checkInvariant(problem.base, baseInvariant(problem, found.invariant))).toBeUndefined();
    // Without its clauses the property alone is not inductive.
    expect(checkInvariant(problem.base, baseInvariant(problem, []))).toMatch(/bad|closed/);
    expect(() => certify(problem, { result: 'safe', invariant: [] }, stats)).toThrow(CertificateError);
    // Every literal negated: the clauses now exclude initial states.
    const negated: Clause[] = found.invariant.map((c) => c.map((l) => l ^ 1));
    expect(() => certify(problem, { result: 'safe', invariant: negated }, stats)).toThrow(CertificateError);
  });

  it('the invariant of a SAFE verdict is a conjunction over the STS latch variables', () => {
    const problem = load(byName('split-cal178b0'));
    const v = ic3(problem, {});
    if (v.result !== 'safe') throw new Error('IC3 should prove split-cal178b0');
    const inv = v.invariant.get(problem.model.initLoc)!;
    expect(inv.type.key).toBe('bool');
  });
});

describe('ternary simulation', () => {
  // l0 (reset 0) keeps l0 & i: stuck at 0. l1 (reset 1) keeps l1 | i: stuck at 1.
  // l2 (reset 0) toggles, l3 is uninitialised: neither is stuck. Bad: l0 | !l1 | (l2 & l3).
  const text = [
    'aag 11 1 4 1 6',
    '2',
    '4 12', '6 15 1', '8 9', '10 10 10',
    '23',
    '12 4 2', // l0 & i
    '14 7 3', // !l1 & !i  (l1 | i = !14)
    '16 8 10', // l2 & l3
    '18 5 6', // !l0 & l1
    '20 19 17', // !(18) & !(16)
    '22 18 17', // (!l0 & l1) & !(l2 & l3): bad is its negation
    '',
  ].join('\n');
  const aig = aigFromFile(parseAiger(new TextEncoder().encode(text), 'stuck.aag'));

  it('finds the latches stuck at 0 and at 1', () => {
    expect([...stuckLatches(aig)].sort()).toEqual([[0, 0], [1, 1]]);
  });

  it('the engines run without them and find the real counterexample', () => {
    const problem = prepareAig(aig);
    expect(problem.circuit.latches.map((l) => l.index)).toEqual([2, 3]);
    const v = ic3(problem, {});
    expect(v.result).toBe('unsafe'); // l2 & l3 is reachable: l3 is free, l2 becomes 1 after one step
    expect(replay(problem.model, (v as Extract<Verdict, { result: 'unsafe' }>).trace)).toBeUndefined();
  });
});

describe('vigil check on AIGER circuits', () => {
  it('portfolio: first certified verdict of IC3 and BMC, with the usual exit codes', () => {
    const unsafe = vigil(['check', byName('hw1_false').file, '--algorithm', 'portfolio']);
    expect(unsafe.code).toBe(1);
    expect(unsafe.stdout).toMatch(/UNSAFE/);
    const safe = vigil(['check', byName('split-cal178b0').file, '--algorithm', 'portfolio', '--json']);
    expect(safe.code).toBe(0);
    expect(JSON.parse(safe.stdout).verdict).toBe('safe');
  });

  it('ic3 and kind answer on AIGER files and refuse other formalisms', () => {
    expect(vigil(['check', byName('split-h_Arbiterb0').file, '--algorithm', 'ic3']).code).toBe(0);
    expect(vigil(['check', byName('simple3').file, '--algorithm', 'kind']).code).toBe(1);
    const cfa = manifest().find((m) => m.formalism === 'cfa')!;
    const refused = vigil(['check', cfa.file, '--algorithm', 'ic3']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/AIGER circuits/);
  });
});
