/**
 * A btorsim run of a BTOR2 model as waveforms (formalisms/waveform.ts): its bit-vector inputs and
 * states as words and its bad-state properties as bits, at every step, simulated by the BTOR2
 * semantics (simulate.ts) and named by their symbols (`input 3` where the file names none). What
 * `--vcd` writes and the report draws for a BTOR2 counterexample; array states have no wire in a
 * Value Change Dump and are left out.
 */
import type { Signal, Waveform } from '../../waveform.js';
import type { Btor2Model, Node } from './model.js';
import { Simulation, type Btor2Run } from './simulate.js';

export function btor2Waveform(model: Btor2Model, run: Btor2Run): Waveform {
  const words = (nodes: readonly Node[], kind: Signal['kind']) => nodes.filter((n) => n.sort.kind === 'bitvec').map((n) => ({ n, kind, name: n.symbol ?? `${n.tag} ${n.id}` }));
  const wires = [...words(model.inputs, 'input'), ...words(model.states.map((s) => s.node), 'latch')];
  const values = wires.map((): bigint[] => []);
  const bads = model.bads.map((): bigint[] => []);
  const sim = new Simulation(model);
  for (const choices of run) {
    sim.advance(choices);
    wires.forEach((w, k) => values[k]!.push(sim.value(w.n.id) as bigint));
    model.bads.forEach((b, k) => bads[k]!.push(sim.value(b.arg) as bigint));
  }
  const width = (n: Node) => (n.sort as { width: number }).width;
  return {
    name: (model.file.split(/[\\/]/).pop() ?? model.file).replace(/\.btor2?$/i, '') || 'model',
    cycles: run.length,
    signals: [
      ...wires.map((w, k): Signal => ({ name: w.name, kind: w.kind, width: width(w.n), ...(width(w.n) > 1 ? { lsb: 0 } : {}), values: values[k]! })),
      ...model.bads.map((b, k): Signal => ({ name: b.symbol ?? `b${k}`, kind: 'bad', width: 1, values: bads[k]! })),
    ],
  };
}
