/**
 * The BTOR2 front end end to end: every development model loads as a problem (blasted, or refused
 * for its large arrays), BMC, k-induction and IC3 as `vigil check` runs them give certified verdicts
 * that agree with the manifest (counterexamples checked as btorsim witnesses too), word-level
 * engines run on the models that are not blasted, and the command line's `parse`, `check
 * --witness`, `convert` and its errors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../formalisms/frontends/index.js';
import { parseAiger } from '../../formalisms/frontends/aiger/read.js';
import { parseWitness } from '../../formalisms/frontends/btor2/witness.js';
import { parseBtor2 } from '../../formalisms/frontends/btor2/reader.js';
import { checkBtor2Witness } from '../../certificates/btor2-witness.js';
import { checkWith, written } from '../support/engines.js';
import { vigil } from '../support/cli.js';
import { btor2Manifest, readBtor2, BTOR2_DIR } from '../support/btor2-corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-btor2-'));

describe('BTOR2 problems', () => {
  it('loads every development model: blasted, or word level only for arrays of more than 2^8 elements', async () => {
    for (const m of btor2Manifest()) {
      const problem = await loadProblem(m.file);
      expect(problem.formalism).toBe('btor2');
      expect(problem.properties.map((p) => p.name)).toEqual(readBtor2(m.path).bads.map((_, k) => `b${k}`));
      expect(problem.summary()).toMatch(problem.task(problem.properties[0]!).circuit ? /bit-blasted: \d+ inputs?, \d+ latch/ : /word level only: .* index bits/);
    }
  });

  const units = btor2Manifest().filter((m) => m.path.startsWith('unit/') && m.expected !== 'unknown');
  for (const [algorithm, level] of [['bmc', 'bit'], ['kind', 'bit'], ['ic3', 'bit'], ['bmc', 'word'], ['kind', 'word']] as const) {
    it(`${algorithm} on the unit models at the ${level} level: certified verdicts that agree with the manifest`, async () => {
      for (const m of units) {
        const problem = await loadProblem(m.file);
        // the bit level only where the model is blasted
        if (level === 'bit' && !problem.task(problem.properties[0]!).circuit) continue;
        const verdicts: string[] = [];
        for (const p of problem.properties) {
          // IC3 finds constarrfalse's counterexample at step 16 in some seconds, word-level BMC not within a minute
          const ms = m.path === 'unit/pono/constarrfalse.btor2' ? (level === 'bit' ? 30_000 : 3_000) : 5_000;
          const settings = { ...(algorithm === 'ic3' ? {} : { bound: '20' }), level };
          const r = await checkWith(algorithm, problem, { property: p, ms, settings });
          verdicts.push(r.verdict);
          if (r.verdict === 'unsafe') {
            // the pipeline's check replayed it as a btorsim witness already; so does this test
            const w = written(problem, 'witness', [{ property: p, result: r }])!;
            expect(checkBtor2Witness(readBtor2(m.path), parseWitness(w, 'w.wit'), p.index), `${m.path} ${p.name}`).toBeUndefined();
            expect(problem.trace(p, r.certificate).states.length).toBeGreaterThan(0);
          }
          if (r.verdict === 'safe') expect(problem.invariant(p, r.certificate).size).toBe(1);
        }
        const verdict = verdicts.includes('unsafe') ? 'unsafe' : verdicts.every((v) => v === 'safe') ? 'safe' : 'unknown';
        // BMC proves nothing; k-induction and IC3 may run out of time on the large array model
        if (verdict !== 'unknown') expect(verdict, `${algorithm} ${m.path}`).toBe(m.expected);
        if (m.expected === 'unsafe' && m.path !== 'unit/pono/array_lt200.btor2' && !(level === 'word' && m.path === 'unit/pono/constarrfalse.btor2')) expect(verdict, `${algorithm} ${level} ${m.path}`).toBe('unsafe');
      }
    });
  }

  it('runs the word-level engines on a model that is not blasted, and names the reason for the bit-level ones', async () => {
    const problem = await loadProblem(`${BTOR2_DIR}hwmcc20/array/2020/mann/easy_zero_array.btor`);
    expect(problem.task(problem.properties[0]!).circuit).toBeUndefined();
    const r = await checkWith('bmc', problem, { settings: { bound: '2' }, ms: 20_000 });
    expect(r.verdict).toBe('unknown');
    expect(problem.summary()).toMatch(/mem \(line 10\) is an array with 10 index bits/);
  });
});

describe('vigil on BTOR2 models', () => {
  it('refuses the justice properties of a model that is not blasted: a warning beside bad properties, the reason without them', () => {
    const array = '1 sort bitvec 10\n2 sort bitvec 1\n3 sort array 1 2\n4 state 3 mem\n5 input 1\n6 read 2 4 5\n7 justice 1 6\n';
    const onlyJustice = join(dir, 'justice.btor2');
    writeFileSync(onlyJustice, array);
    const r = vigil(['check', onlyJustice]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/justice.btor2:7:1: justice property j0 is not checked: liveness is checked on the bit-blasted circuit, and this model is not blasted \(mem \(line 4\) is an array with 10 index bits/);
    const both = join(dir, 'both.btor2');
    writeFileSync(both, `${array}8 bad 6\n`);
    const s = vigil(['check', both, '--quiet', '--algorithm', 'bmc', '--bound', '3']);
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(/^warning: .*both.btor2:7:1: justice property j0 is not checked/);
  });

  it('parse prints one summary per file', () => {
    const r = vigil(['parse', `${BTOR2_DIR}unit/btor2tools/factorial4even.btor2`, `${BTOR2_DIR}hwmcc20/array/2020/mann/easy_zero_array.btor`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/factorial4even.btor2: btor2; 0 inputs, 2 states; 2 bad state properties; bit-blasted: 0 inputs, 8 latches, 68 ands/);
    expect(r.stdout).toMatch(/easy_zero_array.btor: btor2; .*1 array.*word level only/);
  });

  it('check --witness writes a btorsim witness that replays', () => {
    const file = `${BTOR2_DIR}unit/btor2tools/twocount2c.btor2`;
    const wit = join(dir, 'twocount2c.wit');
    const r = vigil(['check', file, '--quiet', '--witness', wit]);
    expect(r.code).toBe(1);
    expect(checkBtor2Witness(readBtor2('unit/btor2tools/twocount2c.btor2'), parseWitness(readFileSync(wit, 'utf8'), wit), 0)).toBeUndefined();
  });

  it('--certificate writes a word-level invariant as the model with its negation as one more bad property, which plain induction proves', () => {
    for (const path of ['unit/pono/counter-true.btor', 'unit/pono/two-cnt-true.btor']) {
      const out = join(dir, `${path.split('/').pop()}.cert.btor2`);
      // IMPACT checks the words (the bit-level engines would prove the blasted circuit)
      const r = vigil(['check', `${BTOR2_DIR}${path}`, '--algorithm', 'impact', '--certificate', out, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      const cert = readFileSync(out, 'utf8');
      expect(cert).toMatch(/^; Inductive invariant of b0 of /);
      expect(cert).toMatch(/\n\d+ bad \d+ vigil-invariant-negated\n$/);
      // the model is unchanged, the new property is 1-inductive for the bit-level k-induction
      expect(parseBtor2(cert, out).bads.length).toBe(readBtor2(path).bads.length + 1);
      const ind = vigil(['check', out, '--property', `b${readBtor2(path).bads.length}`, '--algorithm', 'kind', '--bound', '1', '--quiet']);
      expect(ind.code, ind.stdout + ind.stderr).toBe(0);
    }
  });

  it('convert writes the blasted circuit, which reads back with the words\' bits named', () => {
    for (const format of ['aag', 'aig']) {
      const out = join(dir, `cal4.${format}`);
      const r = vigil(['convert', `${BTOR2_DIR}hwmcc20/bv/cal4.btor2`, out]);
      expect(r.code, r.stderr).toBe(0);
      const circuit = parseAiger(readFileSync(out), out);
      expect([circuit.binary, circuit.bads.length, circuit.latches.length]).toEqual([format === 'aig', 1, 101]);
      expect([...circuit.symbols.latches.values()]).toEqual(expect.arrayContaining(['state43', 'state50[0]']));
    }
  });

  it('reports bad input at its place, a refused conversion and a wrong output name, with exit 2', () => {
    const file = join(dir, 'mismatch.btor2');
    writeFileSync(file, readFileSync(`${BTOR2_DIR}parser-tests/andargmismatch.in`));
    const bad = vigil(['check', file]);
    expect([bad.code, bad.stderr]).toEqual([2, `${file}:6:11: the arguments of 'and' have different widths: bitvec 1 and bitvec 2\n    6 and 3 4 5\n              ^\n`]);
    const wrong = vigil(['convert', `${BTOR2_DIR}hwmcc20/array/2020/mann/easy_zero_array.btor`, join(dir, 'x.aag')]);
    expect([wrong.code, wrong.stderr]).toEqual([2, expect.stringMatching(/cannot bit-blast: mem \(line 10\) is an array with 10 index bits/)]);
    expect(vigil(['convert', `${BTOR2_DIR}unit/btor2tools/count2.btor2`, join(dir, 'x.txt')]).code).toBe(2);
    const parseError = vigil(['parse', join(dir, 'missing.btor2')]);
    expect(parseError.code).toBe(2);
  });
});
