/**
 * Every unsafe AIGER circuit of the corpus: `vigil check --witness` writes an HWMCC witness, and an
 * independent reader and simulator (test/support/aiger-sim.ts, sharing no code with Vigil) drives the circuit
 * from it into the bad state, respecting the invariant constraints. The circuits are also converted
 * to binary `aig` by the test's own writer, and the witness must replay on that too; the small ones
 * are checked as `aig` by Vigil, and with CEGAR on their STS (witness mapped back to bits).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifest } from '../support/corpus.js';
import { vigil } from '../support/cli.js';
import { readAiger, readWitness, simulate, writeAig, type Circuit } from '../support/aiger-sim.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-witness-'));
const unsafe = manifest().filter((m) => /\.(aag|aig)$/.test(m.path) && m.expected === 'unsafe');

/** The engines that find these quickly: bit-level BMC for the larger HWMCC'24 circuits. */
function algorithms(path: string, size: number): string[] {
  if (/vis_arrays_bpbs/.test(path)) return ['ic3', 'cegar'];
  if (/marlann/.test(path)) return ['ic3'];
  if (size > 20_000) return ['bmc'];
  return ['ic3', 'bmc', 'kind', 'cegar'];
}

function accepts(circuit: Circuit, witnessFile: string): void {
  const w = readWitness(readFileSync(witnessFile, 'utf8'));
  expect(w.result).toBe('1');
  expect(w.properties).toEqual(['b0']);
  expect(w.inputs.length).toBeGreaterThan(0);
  expect(simulate(circuit, w, 0)).toEqual({ reached: w.inputs.length - 1 });
}

describe('HWMCC witnesses of the unsafe corpus circuits replay on an independent simulator', () => {
  it('finds the unsafe circuits (HWMCC\'24 and Theta regression)', () => {
    expect(unsafe.length).toBeGreaterThanOrEqual(12);
    expect(unsafe.some((m) => m.path.startsWith('hwmcc24/'))).toBe(true);
  });

  for (const m of unsafe) {
    const bytes = readFileSync(m.file);
    for (const algorithm of algorithms(m.path, bytes.length)) {
      it(`${m.path} (${algorithm})`, () => {
        const out = join(dir, `${basename(m.path)}.${algorithm}.wit`);
        const r = vigil(['check', m.file, '--algorithm', algorithm, '--timeout', '60', '--witness', out]);
        expect(r.code, r.stderr).toBe(1);
        const circuit = readAiger(bytes);
        accepts(circuit, out);
        // the same witness on the circuit written in binary by the test's own writer
        accepts(readAiger(writeAig(circuit)), out);
      }, 90_000);
    }
  }

  it('checks binary aig files: the witness of the aig replays on it', () => {
    for (const m of unsafe.filter((x) => x.path.startsWith('theta-regression/'))) {
      const aig = join(dir, `${basename(m.path, '.aag')}.aig`);
      writeFileSync(aig, writeAig(readAiger(readFileSync(m.file))));
      const out = `${aig}.wit`;
      const r = vigil(['check', aig, '--witness', out]);
      expect(r.code, `${m.path}: ${r.stderr}`).toBe(1);
      accepts(readAiger(readFileSync(aig)), out);
    }
  }, 60_000);
});

describe('witnesses of hand-made circuits replay on the independent simulator', () => {
  // Issue 14: the bad state holds at step 0 through l5 (reset 0) alone, so BMC's frame 0 never
  // encoded l3 (reset 1); the witness read latches it had not encoded as 0 and broke l3's reset.
  const resetOneBesideUninitialised = [
    'aag 11 0 7 0 4 1 0', '2 4 2', '4 19 0', '6 15 6', '8 13 1', '10 6 10', '12 8 0', '14 20 0', '21',
    '16 8 3', '18 1 15', '20 12 5', '22 10 9', '',
  ].join('\n');

  for (const algorithm of ['bmc', 'kind', 'ic3', 'portfolio']) {
    it(`a latch with reset 1 outside BMC's first query starts at 1 (${algorithm})`, () => {
      const file = join(dir, `reset-one.${algorithm}.aag`);
      writeFileSync(file, resetOneBesideUninitialised);
      const r = vigil(['check', file, '--algorithm', algorithm, '--witness', `${file}.wit`]);
      expect(r.code, r.stderr).toBe(1);
      const w = readWitness(readFileSync(`${file}.wit`, 'utf8'));
      expect(w.init[3]).toBe('1');
      expect(simulate(readAiger(Buffer.from(resetOneBesideUninitialised)), w, 0)).toEqual({ reached: 0 });
    });
  }
});

describe('the test simulator itself', () => {
  const counter = [
    'aag 11 1 2 0 8 1', '2', '4 13 4', '6 21 1', '22',
    '8 4 3', '10 5 2', '12 9 11', '14 4 2', '16 6 15', '18 7 14', '20 17 19', '22 6 4', '',
  ].join('\n');

  it('rejects a witness that does not reach the bad state, or breaks a reset', () => {
    const c = readAiger(Buffer.from(counter));
    expect(simulate(c, readWitness('1\nb0\n01\n0\n.\n'), 0)).toEqual({ error: 'the bad literal never became 1' });
    expect(simulate(c, readWitness('1\nb0\n11\n0\n.\n'), 0)).toEqual({ reached: 0 });
    expect(simulate(c, readWitness('1\nb0\n10\n0\n.\n'), 0)).toHaveProperty('error');
    expect(simulate(c, readWitness('1\nb0\n01\n1\n0\n.\n'), 0)).toEqual({ reached: 1 });
  });

  it('reads its own binary output back as the same circuit behaviour', () => {
    const c = readAiger(writeAig(readAiger(Buffer.from(counter))));
    expect(c.gates.size).toBe(8);
    expect(simulate(c, readWitness('1\nb0\n01\n1\n0\n.\n'), 0)).toEqual({ reached: 1 });
  });

  it('honours invariant constraints', () => {
    // bad = input, constraint = not input: never reachable
    const c = readAiger(Buffer.from('aag 1 1 0 0 0 1 1\n2\n2\n3\n'));
    expect(simulate(c, readWitness('1\nb0\n\n1\n.\n'), 0)).toEqual({ error: 'a constraint is 0 at step 0' });
  });
});
