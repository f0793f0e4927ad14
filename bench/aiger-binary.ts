/**
 * Writes an and-inverter graph as a binary AIGER file (formats.md 4.4), for tools such as ABC whose
 * reader takes only the binary format. `aigFromFile` already numbers nodes in binary order (inputs,
 * latches, gates after their fanins), so only the gate deltas need encoding.
 */
import { andCount, type Aig } from '../formalisms/aig.js';

function varint(n: number, out: number[]): void {
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
}

export function binaryAiger(aig: Aig): Uint8Array {
  const I = aig.inputs.length;
  const L = aig.latches.length;
  const A = andCount(aig);
  const C = aig.constraints.length;
  let head = `aig ${I + L + A} ${I} ${L} ${aig.properties.length} ${A}${C ? ` 0 ${C}` : ''}\n`;
  aig.latches.forEach((l, k) => {
    const reset = l.reset === 'x' ? ` ${2 * (1 + I + k)}` : l.reset === 1 ? ' 1' : '';
    head += `${l.next}${reset}\n`;
  });
  for (const p of aig.properties) head += `${p.lit}\n`;
  for (const c of aig.constraints) head += `${c.lit}\n`;
  const bytes: number[] = [];
  for (let g = 0; g < A; g++) {
    const lhs = 2 * (1 + I + L + g);
    const [a, b] = [aig.fanins[2 * g]!, aig.fanins[2 * g + 1]!];
    const [r0, r1] = a >= b ? [a, b] : [b, a];
    varint(lhs - r0, bytes);
    varint(r0 - r1, bytes);
  }
  const text = new TextEncoder().encode(head);
  const out = new Uint8Array(text.length + bytes.length);
  out.set(text);
  out.set(bytes, text.length);
  return out;
}
