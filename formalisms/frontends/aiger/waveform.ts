/**
 * A run of an AIGER circuit as waveforms (formalisms/waveform.ts): the file's inputs and latches
 * and its bad-state properties at every cycle, simulated on the file's whole graph by the AIGER
 * semantics (aig-eval.ts), named from the symbol table (`i3`, `l5`, `b0` where it names none).
 * What `--vcd` writes and the report draws for a circuit's counterexample.
 */
import type { Aig } from '../../aig.js';
import { litValue, runSteps, type Run } from '../../aig-eval.js';
import { groupWords, type Bit, type Waveform } from '../../waveform.js';

function circuitName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.(aag|aig)$/i, '') || 'circuit';
}

export function circuitWaveform(aig: Aig, run: Run): Waveform {
  const cycles = run.inputs.length;
  const firstLatch = 1 + aig.inputs.length;
  const inputs = aig.inputs.map(() => new Uint8Array(cycles));
  const latches = aig.latches.map(() => new Uint8Array(cycles));
  const bads = aig.properties.map(() => new Uint8Array(cycles));
  let t = 0;
  for (const values of runSteps(aig, run)) {
    inputs.forEach((v, k) => { v[t] = values[1 + k]!; });
    latches.forEach((v, k) => { v[t] = values[firstLatch + k]!; });
    aig.properties.forEach((p, k) => { bads[k]![t] = litValue(values, p.lit); });
    t++;
  }
  const bits: Bit[] = [
    ...aig.inputs.map((i, k) => ({ name: i.name ?? `i${i.index}`, kind: 'input' as const, values: inputs[k]! })),
    ...aig.latches.map((l, k) => ({ name: l.name ?? `l${l.index}`, kind: 'latch' as const, values: latches[k]! })),
    ...aig.properties.map((p, k) => ({ name: p.name ?? `${p.section === 'bad' ? 'b' : 'o'}${p.index}`, kind: 'bad' as const, values: bads[k]! })),
  ];
  return { name: circuitName(aig.file), cycles, signals: groupWords(bits, cycles) };
}
