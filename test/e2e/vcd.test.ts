/**
 * Value Change Dumps of circuit counterexamples (formalisms/vcd.ts, formalisms/frontends/aiger/
 * waveform.ts), read back by GTKWave's own tools: the dump goes through `vcd2fst` and `fst2vcd`
 * (Debian package gtkwave), and the values GTKWave reads are compared, cycle by cycle and bit by
 * bit, with the witness Vigil certified as an independent simulator (test/aiger-sim.ts) replays it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../formalisms/frontends/aiger/read.js';
import { aigFromFile } from '../../formalisms/aig.js';
import { circuitWaveform } from '../../formalisms/frontends/aiger/waveform.js';
import { groupWords } from '../../formalisms/waveform.js';
import { vcdText } from '../../formalisms/vcd.js';
import { latchStates, readAiger, readWitness } from '../support/aiger-sim.js';
import { vigil } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-vcd-'));

/** What GTKWave read: each signal's reference (name and range) with its value at each time as a bit string, lowest bit last. */
function gtkwaveRead(vcd: string): Map<string, (t: number) => string> {
  const file = join(dir, 'in.vcd');
  writeFileSync(file, vcd);
  execFileSync('vcd2fst', [file, join(dir, 'in.fst')], { stdio: 'ignore' });
  const back = execFileSync('fst2vcd', [join(dir, 'in.fst')], { encoding: 'utf8' });
  const byId = new Map<string, { ref: string; width: number; changes: [number, string][] }>();
  let time = 0;
  for (const line of back.split('\n')) {
    const v = /^\$var \S+ (\d+) (\S+) (.+?) \$end/.exec(line.trim());
    if (v) { byId.set(v[2]!, { ref: v[3]!.replace(/\s+/g, ' '), width: Number(v[1]), changes: [] }); continue; }
    const t = /^#(\d+)/.exec(line);
    if (t) { time = Number(t[1]); continue; }
    const scalar = /^([01xz])(\S+)$/.exec(line);
    const vector = /^b([01xz]+) (\S+)$/.exec(line);
    const [value, id] = scalar ? [scalar[1]!, scalar[2]!] : vector ? [vector[1]!, vector[2]!] : [undefined, undefined];
    if (value === undefined) continue;
    const s = byId.get(id!)!;
    s.changes.push([time, value.padStart(s.width, '0')]);
  }
  return new Map([...byId.values()].map((s) => [s.ref, (t: number) => s.changes.filter(([at]) => at <= t).at(-1)![1]]));
}

describe('VCD of a circuit counterexample', () => {
  it('groups bits named x[i] into words, and leaves bits whose indices are not a range alone', () => {
    const bit = (name: string, v: number[]) => ({ name, kind: 'input' as const, values: v });
    const s = groupWords([bit('a[1]', [1, 0]), bit('a[0]', [1, 1]), bit('go', [0, 1]), bit('b[0]', [1, 1]), bit('b[2]', [0, 1])], 2);
    expect(s.map((x) => [x.name, x.width, x.lsb, x.values.join(',')])).toEqual([
      ['a', 2, 0, '3,1'], ['go', 1, undefined, '0,1'], ['b[0]', 1, undefined, '1,1'], ['b[2]', 1, undefined, '0,1'],
    ]);
  });

  it('is read by GTKWave with the values of the certified witness at every cycle (vis_arrays_vsa16a, words from the symbol table)', () => {
    const model = '../shared/benchmarks/hwmcc24/split-vis_arrays_vsa16a_p6b0.aag';
    const witnessFile = join(dir, 'vsa16a.wit');
    const vcdFile = join(dir, 'vsa16a.vcd');
    const r = vigil(['check', model, '--quiet', '--witness', witnessFile, '--vcd', vcdFile]);
    expect(r.code).toBe(1);
    const witness = readWitness(readFileSync(witnessFile, 'utf8'));
    const bytes = readFileSync(model);
    const circuit = readAiger(bytes);
    const run = { latches: [...witness.init].map(Number), inputs: witness.inputs.map((v) => [...v].map(Number)) };
    const waveform = circuitWaveform(aigFromFile(parseAiger(bytes, model)), run);
    expect(waveform.signals.some((s) => s.name === 'datain' && s.width === 16)).toBe(true);
    // what `--vcd` wrote is the dump of the certified witness
    const dump = readFileSync(vcdFile, 'utf8');
    const tail = (text: string) => text.slice(text.indexOf('$timescale'));
    expect(tail(dump)).toBe(tail(vcdText(waveform, { version: 'vigil test', comment: '' })));
    const read = gtkwaveRead(dump);

    // every input and latch bit of the file, found by its symbol in GTKWave's reading
    const at = (symbol: string, t: number): string => {
      const m = /^(.*)\[(\d+)\]$/.exec(symbol);
      const word = m && [...read.keys()].find((k) => k.startsWith(`${m[1]} [`) && /\[(\d+):(\d+)\]$/.test(k));
      if (m && word) {
        const [, hi, lo] = /\[(\d+):(\d+)\]$/.exec(word)!;
        const bits = read.get(word)!(t);
        expect(bits.length).toBe(Number(hi) - Number(lo) + 1);
        return bits[Number(hi) - Number(m[2])]!;
      }
      return read.get(m ? `${m[1]} [${m[2]}]` : symbol)!(t);
    };
    const latches = latchStates(circuit, witness);
    let compared = 0;
    witness.inputs.forEach((vec, t) => {
      circuit.inputs.forEach((_, k) => { expect(at(circuit.symbols?.get(`i${k}`) ?? `i${k}`, t), `input ${k} at ${t}`).toBe(vec[k]); compared++; });
      circuit.latches.forEach((_, k) => { expect(at(circuit.symbols?.get(`l${k}`) ?? `l${k}`, t), `latch ${k} at ${t}`).toBe(String(latches[t]![k])); compared++; });
    });
    expect(compared).toBe(witness.inputs.length * (circuit.inputs.length + circuit.latches.length));
    // the bad state is reached at the last cycle, and not before
    const bad = [...read.keys()].find((k) => waveform.signals.find((s) => s.kind === 'bad')!.name === k)!;
    expect(witness.inputs.map((_, t) => read.get(bad)!(t)).join('')).toBe(`${'0'.repeat(witness.inputs.length - 1)}1`);
  });

  it('of a BTOR2 model: its words per step as the program computes them, read by GTKWave (btor2tools\' factorial4even)', () => {
    const model = '../shared/benchmarks/btor2/unit/btor2tools/factorial4even.btor2';
    const vcdFile = join(dir, 'factorial.vcd');
    const r = vigil(['check', model, '--quiet', '--property', 'b0', '--vcd', vcdFile]);
    expect(r.code).toBe(1);
    const read = gtkwaveRead(readFileSync(vcdFile, 'utf8'));
    expect([...read.keys()]).toEqual(['factorial [3:0]', 'i [3:0]', 'b0', 'b1']);
    // the program in the file's comment, over 4 bits: i counts from 1, factorial *= i; b0 is i = 15
    let [i, factorial] = [1, 1];
    for (let t = 0; t < 15; t++) {
      const bits = (v: number) => v.toString(2).padStart(4, '0');
      expect([read.get('i [3:0]')!(t), read.get('factorial [3:0]')!(t), read.get('b0')!(t), read.get('b1')!(t)], `step ${t}`)
        .toEqual([bits(i), bits(factorial), i === 15 ? '1' : '0', '0']);
      factorial = (factorial * i) % 16;
      i = (i + 1) % 16;
    }
  });

  it('--vcd is a usage error on a model whose front end does not offer it (exit 2)', () => {
    const r = vigil(['check', 'models/mutex-bug.cfa', '--vcd', join(dir, 'no.vcd')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--vcd: .* is one of the control-flow automata, which offer --cex, --certificate, --report/);
  });
});
