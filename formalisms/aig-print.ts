/**
 * Writes an and-inverter graph as an ASCII AIGER 1.9 file. Variables are numbered in the graph's
 * node order (inputs, latches, then gates after their fanins), the consecutive numbering of the
 * binary format that certifaiger expects of witness circuits even in ASCII. Every latch gets an
 * explicit reset field; properties go to the B section (or O, if they were outputs), with their
 * names in the symbol table.
 */
import { andCount, firstGateNode, type Aig, type Lit } from './aig.js';

export interface AagExtras {
  /** Outputs besides the properties, with their names. */
  readonly outputs?: readonly { readonly lit: Lit; readonly name: string }[];
  /** Lines of the comment section. */
  readonly comments?: readonly string[];
}

export function printAag(aig: Aig, extras: AagExtras = {}): string {
  const I = aig.inputs.length;
  const L = aig.latches.length;
  const A = andCount(aig);
  const bads = aig.properties.filter((p) => p.section === 'bad');
  const outputs = [...aig.properties.filter((p) => p.section === 'output').map((p) => ({ lit: p.lit, name: p.name })), ...(extras.outputs ?? [])];
  const C = aig.constraints.length;
  const lines = [`aag ${I + L + A} ${I} ${L} ${outputs.length} ${A}${bads.length || C ? ` ${bads.length}` : ''}${C ? ` ${C}` : ''}`];
  for (let k = 0; k < I; k++) lines.push(String(2 * (1 + k)));
  aig.latches.forEach((l, k) => {
    const lit = 2 * (1 + I + k);
    lines.push(`${lit} ${l.next} ${l.reset === 'x' ? lit : l.reset}`);
  });
  for (const o of outputs) lines.push(String(o.lit));
  for (const b of bads) lines.push(String(b.lit));
  for (const c of aig.constraints) lines.push(String(c.lit));
  const firstGate = firstGateNode(aig);
  for (let g = 0; g < A; g++) lines.push(`${2 * (firstGate + g)} ${aig.fanins[2 * g]} ${aig.fanins[2 * g + 1]}`);
  const symbol = (kind: string, k: number, name: string | undefined) => { if (name !== undefined) lines.push(`${kind}${k} ${name}`); };
  aig.inputs.forEach((x, k) => symbol('i', k, x.name));
  aig.latches.forEach((x, k) => symbol('l', k, x.name));
  outputs.forEach((x, k) => symbol('o', k, x.name));
  bads.forEach((x, k) => symbol('b', k, x.name));
  aig.constraints.forEach((x, k) => symbol('c', k, x.name));
  if (extras.comments?.length) lines.push('c', ...extras.comments);
  return `${lines.join('\n')}\n`;
}
