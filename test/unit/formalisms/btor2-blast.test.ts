/**
 * The bit-blaster: on random small BTOR2 models (test/support/random-btor2.ts: every operator, arrays,
 * constraints, states without init or next) the blasted circuit agrees with the BTOR2 simulator
 * step by step on random runs; word-level BMC on the model and bit-level BMC on its circuit give
 * the same answers up to a bound; ABC's pdr on the circuit agrees with Vigil's IC3 on it and with
 * what simulation and BMC found; every counterexample, read back from the circuit as a btorsim
 * witness, passes the witness check. On the development set: every model is blasted or refused
 * for its large arrays, the unit models' verdicts are found on their circuits, and
 * `vigil convert`'s circuits read back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../../formalisms/frontends/aiger/read.js';
import type { VarDecl } from '../../../lang/expr.js';
import { aigFromFile, andCount, firstGateNode } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';
import type { Problem } from '../../../formalisms/problem.js';
import { transferRun } from '../../../formalisms/circuit-task.js';
import { evaluate, litValue } from '../../../formalisms/aig-eval.js';
import { printAig } from '../../../formalisms/aig-print.js';
import { aigerProblem } from '../../../formalisms/frontends/aiger/problem.js';
import { stsInterpreter } from '../../../formalisms/sts-semantics.js';
import type { Btor2Model } from '../../../formalisms/frontends/btor2/model.js';
import { parseBtor2 } from '../../../formalisms/frontends/btor2/reader.js';
import { Simulation, arrayOf, valuesEqual, type Btor2Run, type Value } from '../../../formalisms/frontends/btor2/simulate.js';
import { blast, circuitRunOf, runOfCircuit, type Blasted } from '../../../formalisms/frontends/btor2/blast.js';
import { WordLevel, runOfTrace } from '../../../formalisms/frontends/btor2/words.js';
import { parseWitness, printWitness } from '../../../formalisms/frontends/btor2/witness.js';
import { checkBtor2Witness } from '../../../certificates/btor2-witness.js';
import { bmc } from '../../../engines/bmc.js';
import { mulberry32 } from '../../../bench/random.js';
import { checkWith } from '../../support/engines.js';
import { testContext, testSolver } from '../../support/z3.js';
import { ALL_OPERATORS, randomBtor2 } from '../../support/random-btor2.js';
import { btor2Manifest, readBtor2 } from '../../support/btor2-corpus.js';

const z3 = testContext();

testSolver();
const dir = mkdtempSync(join(tmpdir(), 'vigil-btor2-blast-'));
const ABC = ['berkeley-abc', 'abc'].find((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status === 0);

function blasted(model: Btor2Model): Blasted {
  const b = blast(model);
  if ('refused' in b) throw new Error(b.refused);
  return b.blasted;
}

/** A random value of a sort. */
function randomValue(rnd: () => number, sort: Btor2Model['states'][number]['node']['sort']): Value {
  const word = (w: number) => BigInt(Math.floor(rnd() * 2 ** w));
  if (sort.kind === 'bitvec') return word(sort.width);
  const iw = (sort.index as { width: number }).width;
  const ew = (sort.element as { width: number }).width;
  return arrayOf(word(ew), Array.from({ length: Math.floor(rnd() * 4) }, () => [word(iw), word(ew)] as const));
}

/** A random run of `steps` steps: every input and every open state gets a random value. */
function randomRun(model: Btor2Model, steps: number, seed: number): Btor2Run {
  const rnd = mulberry32(seed);
  return Array.from({ length: steps }, (_, step) => ({
    inputs: new Map(model.inputs.map((n, k) => [k, randomValue(rnd, n.sort)])),
    states: new Map(model.states.flatMap((s, k) => ((step === 0 ? s.init === undefined : s.next === undefined) ? [[k, randomValue(rnd, s.node.sort)] as const] : []))),
  }));
}

/** The first step at which the simulator reaches bad 0 with every constraint held so far, or undefined. */
function simulatedBad(model: Btor2Model, run: Btor2Run): number | undefined {
  const sim = new Simulation(model);
  for (let step = 0; step < run.length; step++) {
    sim.advance(run[step]!);
    if (model.constraints.some((c) => sim.value(c.arg) !== 1n)) return undefined;
    if (sim.value(model.bads[0]!.arg) === 1n) return step;
  }
  return undefined;
}

const SEEDS = Array.from({ length: 120 }, (_, k) => k + 1);

describe('random models: the circuit computes what the simulator computes', () => {
  it('covers every operator of the format over the seeds', () => {
    const tags = new Set(SEEDS.flatMap((seed) => parseBtor2(randomBtor2(seed), 'r').order.map((n) => n.tag)));
    expect(ALL_OPERATORS.filter((op) => !tags.has(op as never))).toEqual([]);
  });

  it(`seeds 1-${SEEDS.length}, 3 random runs of 6 steps each: states, bads and constraints agree at every step`, () => {
    const wrong: string[] = [];
    for (const seed of SEEDS) {
      const model = parseBtor2(randomBtor2(seed), `random-${seed}.btor2`);
      const b = blasted(model);
      const aig = aigFromFile(b.aiger);
      const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
      for (let r = 0; r < 3; r++) {
        const run = randomRun(model, 6, seed * 10 + r);
        const circuitRun = circuitRunOf(model, b, run);
        const sim = new Simulation(model);
        let latches = Uint8Array.from(circuitRun.latches);
        const word = (lits: readonly number[]) => lits.reduce((v, l, i) => (litValue(values, l) ? v | (1n << BigInt(i)) : v), 0n);
        for (let step = 0; step < run.length; step++) {
          sim.advance(run[step]!);
          evaluate(aig, latches, circuitRun.inputs[step]!, values);
          const at = `seed ${seed}, run ${r}, step ${step}`;
          model.bads.forEach((bad, k) => { if (litValue(values, b.aiger.bads[k]!) !== Number(sim.value(bad.arg))) wrong.push(`${at}: bad ${k}`); });
          model.constraints.forEach((c, k) => { if (litValue(values, b.aiger.constraints[k]!) !== Number(sim.value(c.arg))) wrong.push(`${at}: constraint ${k}`); });
          model.states.forEach((s, k) => {
            const lits = b.states[k];
            if (!lits) return;
            const sort = s.node.sort;
            const v: Value = sort.kind === 'bitvec' ? word(lits) : arrayOf(0n, Array.from({ length: 2 ** (sort.index as { width: number }).width }, (_, e) => {
              const ew = (sort.element as { width: number }).width;
              return [BigInt(e), word(lits.slice(e * ew, (e + 1) * ew))] as const;
            }));
            if (!valuesEqual(v, sim.value(s.node.id), sort)) wrong.push(`${at}: state ${k}`);
          });
          latches = Uint8Array.from(aig.latches, (l) => litValue(values, l.next));
        }
        // the circuit's run read back is the model's run again
        const back = runOfCircuit(model, b, circuitRun);
        back.forEach((choices, step) => {
          for (const [k, v] of choices.inputs) if (!valuesEqual(v, run[step]!.inputs.get(k)!, model.inputs[k]!.sort)) wrong.push(`seed ${seed}: input ${k} read back at step ${step}`);
        });
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});

/** A run of property `index`'s task circuit (the cone of the property) as a run of the model. */
function fileRun(model: Btor2Model, b: Blasted, problem: Problem, index: number, run: Run): Btor2Run {
  return runOfCircuit(model, b, transferRun(problem.task(problem.properties[index]!).circuit!, aigFromFile(b.aiger), run));
}

/** Word-level BMC's and bit-level BMC's verdicts at a bound, with their counterexamples checked as btorsim witnesses. */
async function bothBmc(model: Btor2Model, bound: number): Promise<{ words: string; bits: string; wrong: string[] }> {
  const wrong: string[] = [];
  const view = new WordLevel(model).view(0, model.file);
  const interpreter = stsInterpreter(view.sts, 'sts', view.inputs.filter((v): v is VarDecl => v !== undefined));
  const w = bmc(interpreter, { z3: z3(), bound, deadline: Date.now() + 60_000 });
  if (w.verdict === 'unsafe' && w.certificate.kind === 'trace') {
    const text = printWitness(model, 0, runOfTrace(model, view, w.certificate.trace.states));
    const failed = checkBtor2Witness(model, parseWitness(text, 'w.wit'), 0);
    if (failed) wrong.push(`word-level witness: ${failed}\n${text}`);
  }
  const b = blasted(model);
  const problem = aigerProblem(model.file, b.aiger);
  const r = await checkWith('bmc', problem, { settings: { bound: String(bound) }, ms: 60_000 });
  if (r.verdict === 'unsafe' && r.certificate.kind === 'run') {
    const text = printWitness(model, 0, fileRun(model, b, problem, 0, r.certificate.run));
    const failed = checkBtor2Witness(model, parseWitness(text, 'b.wit'), 0);
    if (failed) wrong.push(`bit-level witness: ${failed}\n${text}`);
  }
  return { words: w.verdict, bits: r.verdict, wrong };
}

describe('random models: word-level and bit-level BMC agree', () => {
  it('seeds 1-60 at bound 6, with every counterexample a good btorsim witness', async () => {
    const wrong: string[] = [];
    let unsafe = 0;
    for (const seed of SEEDS.slice(0, 60)) {
      const model = parseBtor2(randomBtor2(seed), `random-${seed}.btor2`);
      const r = await bothBmc(model, 6);
      // bit-level BMC proves a bad state that its passes simplify to false
      if ((r.words === 'unsafe') !== (r.bits === 'unsafe')) wrong.push(`seed ${seed}: word-level ${r.words}, bit-level ${r.bits}`);
      wrong.push(...r.wrong.map((x) => `seed ${seed}: ${x}`));
      if (r.bits === 'unsafe') unsafe++;
    }
    expect(wrong).toEqual([]);
    expect(unsafe).toBeGreaterThan(10);
  }, 600_000);
});

/** ABC's verdict on bad 0 of a circuit, through a binary file. */
function abc(b: Blasted, name: string): 'safe' | 'unsafe' {
  const file = join(dir, `${name}.aig`);
  writeFileSync(file, printAig(aigFromFile(b.aiger)));
  const r = spawnSync(ABC!, ['-c', `&r ${file}; &put; fold; pdr`], { encoding: 'utf8' });
  if (/Property proved/.test(r.stdout)) return 'safe';
  if (/was asserted in frame/.test(r.stdout)) return 'unsafe';
  throw new Error(`ABC gave no verdict on ${file}: ${r.stdout}${r.stderr}`);
}

describe.skipIf(!ABC)('random models: ABC on the blasted circuit agrees with Vigil', () => {
  it(`seeds 1-${SEEDS.length}: ABC's pdr, Vigil's IC3 on the circuit, random simulation and word-level BMC`, async () => {
    const wrong: string[] = [];
    const verdicts = { safe: 0, unsafe: 0 };
    for (const seed of SEEDS) {
      const model = parseBtor2(randomBtor2(seed), `random-${seed}.btor2`);
      const b = blasted(model);
      const expected = abc(b, `s${seed}`);
      verdicts[expected]++;
      const problem = aigerProblem(model.file, b.aiger);
      const r = await checkWith('ic3', problem, { ms: 30_000 });
      if (r.verdict !== expected) wrong.push(`seed ${seed}: IC3 ${r.verdict}, ABC ${expected}`);
      if (r.verdict === 'unsafe' && r.certificate.kind === 'run') {
        const text = printWitness(model, 0, fileRun(model, b, problem, 0, r.certificate.run));
        const failed = checkBtor2Witness(model, parseWitness(text, 'ic3.wit'), 0);
        if (failed) wrong.push(`seed ${seed}: IC3's witness: ${failed}`);
      }
      for (let k = 0; k < 20; k++) {
        const step = simulatedBad(model, randomRun(model, 8, seed * 100 + k));
        if (step !== undefined && expected === 'safe') wrong.push(`seed ${seed}: simulation reaches the bad state at step ${step}, ABC says safe`);
      }
      if (expected === 'safe') {
        const view = new WordLevel(model).view(0, model.file);
        const w = bmc(stsInterpreter(view.sts), { z3: z3(), bound: 4, deadline: Date.now() + 30_000 });
        if (w.verdict === 'unsafe') wrong.push(`seed ${seed}: word-level BMC finds a bug, ABC says safe`);
      }
    }
    expect(wrong).toEqual([]);
    expect(verdicts.safe).toBeGreaterThan(15);
    expect(verdicts.unsafe).toBeGreaterThan(15);
  }, 900_000);
});

describe('the development set blasted', () => {
  it('blasts every model but those with arrays of more than 2^8 elements, and reads the circuits back', () => {
    const refused: string[] = [];
    for (const m of btor2Manifest()) {
      const r = blast(readBtor2(m.path));
      if ('refused' in r) {
        expect(r.refused).toMatch(/index bits|AND gates/);
        refused.push(m.path);
        continue;
      }
      const again = parseAiger(printAig(aigFromFile(r.blasted.aiger)), `${m.path}.aig`);
      expect([again.inputs.length, again.latches.length, again.bads.length]).toEqual([r.blasted.aiger.inputs.length, r.blasted.aiger.latches.length, r.blasted.aiger.bads.length]);
    }
    // only array models are refused
    expect(refused.every((p) => p.includes('/array/') || p.includes('unit/pono/'))).toBe(true);
  });

  const units = btor2Manifest().filter((m) => m.path.startsWith('unit/') && m.expected !== 'unknown');
  /** Its 256 elements of 32 bits are 8,192 latches, and its invariant one clause per element bit: IC3 needs longer. */
  const LARGE = 'unit/pono/array_lt200.btor2';
  for (const m of units) {
    it(`${m.path}: IC3 on the circuit says ${m.expected}, and a counterexample is a good btorsim witness`, async () => {
      const model = readBtor2(m.path);
      const b = blasted(model);
      const problem = aigerProblem(model.file, b.aiger);
      const verdicts = [];
      for (const p of problem.properties) {
        const r = await checkWith('ic3', problem, { property: p, ms: m.path === LARGE ? 5_000 : 30_000 });
        verdicts.push(r.verdict);
        if (r.verdict === 'unsafe' && r.certificate.kind === 'run') {
          const text = printWitness(model, p.index, fileRun(model, b, problem, p.index, r.certificate.run));
          expect(checkBtor2Witness(model, parseWitness(text, 'ic3.wit'), p.index), text).toBeUndefined();
        }
      }
      const verdict = verdicts.includes('unsafe') ? 'unsafe' : verdicts.every((v) => v === 'safe') ? 'safe' : 'unknown';
      expect(m.path === LARGE ? [m.expected, 'unknown'] : [m.expected]).toContain(verdict);
    });
  }
});
