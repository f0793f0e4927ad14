/**
 * Writes an and-inverter graph as an AIGER 1.9 file, ASCII (`aag`) or binary (`aig`). Variables are
 * numbered in the graph's node order (inputs 2, 4, ..., then latches, then gates after their
 * fanins): the consecutive numbering of the binary format, which certifaiger requires of witness
 * circuits even in ASCII. Every latch gets an explicit reset field; properties go to the B section
 * (or O, if they were outputs), with their names in the symbol table.
 *
 * Names that certifaiger would read as directives are left out: an input or latch name starting
 * with `=` maps it to a model literal, and neither `=` nor `<` belongs in a name it may parse.
 */
import { andCount, firstGateNode, type Aig, type Lit } from './aig.js';

interface AagExtras {
  /** Outputs besides the properties, with their names. */
  readonly outputs?: readonly { readonly lit: Lit; readonly name: string }[];
  /** Lines of the comment section. */
  readonly comments?: readonly string[];
}

/** A name certifaiger takes as a name, or undefined. */
function plainName(name: string | undefined): string | undefined {
  return name === undefined || /[=<\n]/.test(name) ? undefined : name;
}

/** The lines every format shares: header fields, latch, output, bad and constraint lines, and the trailer. */
function sections(aig: Aig, extras: AagExtras) {
  const I = aig.inputs.length;
  const L = aig.latches.length;
  const A = andCount(aig);
  const bads = aig.properties.filter((p) => p.section === 'bad');
  const outputs = [...aig.properties.filter((p) => p.section === 'output').map((p) => ({ lit: p.lit, name: p.name })), ...(extras.outputs ?? [])];
  const C = aig.constraints.length;
  const header = `${I + L + A} ${I} ${L} ${outputs.length} ${A}${bads.length || C ? ` ${bads.length}` : ''}${C ? ` ${C}` : ''}`;
  const latch = (k: number) => {
    const l = aig.latches[k]!;
    return `${l.next} ${l.reset === 'x' ? 2 * (1 + I + k) : l.reset}`;
  };
  const signals = [...outputs.map((o) => o.lit), ...bads.map((b) => b.lit), ...aig.constraints.map((c) => c.lit)].map(String);
  const trailer: string[] = [];
  const symbol = (kind: string, k: number, name: string | undefined) => {
    const plain = plainName(name);
    if (plain !== undefined) trailer.push(`${kind}${k} ${plain}`);
  };
  aig.inputs.forEach((x, k) => symbol('i', k, x.name));
  aig.latches.forEach((x, k) => symbol('l', k, x.name));
  outputs.forEach((x, k) => symbol('o', k, x.name));
  bads.forEach((x, k) => symbol('b', k, x.name));
  aig.constraints.forEach((x, k) => symbol('c', k, x.name));
  if (extras.comments?.length) trailer.push('c', ...extras.comments);
  return { header, latch, signals, trailer };
}

export function printAag(aig: Aig, extras: AagExtras = {}): string {
  const { header, latch, signals, trailer } = sections(aig, extras);
  const I = aig.inputs.length;
  const lines = [`aag ${header}`];
  for (let k = 0; k < I; k++) lines.push(String(2 * (1 + k)));
  aig.latches.forEach((_, k) => lines.push(`${2 * (1 + I + k)} ${latch(k)}`));
  lines.push(...signals);
  const firstGate = firstGateNode(aig);
  const fanins = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) lines.push(`${2 * (firstGate + g)} ${fanins[2 * g]} ${fanins[2 * g + 1]}`);
  lines.push(...trailer);
  return `${lines.join('\n')}\n`;
}

/** The binary form: the same sections, gates as two variable-length deltas each (larger fanin first). */
export function printAig(aig: Aig, extras: AagExtras = {}): Uint8Array {
  const { header, latch, signals, trailer } = sections(aig, extras);
  const head = [`aig ${header}`, ...aig.latches.map((_, k) => latch(k)), ...signals].join('\n');
  const bytes: number[] = [];
  const varint = (n: number) => {
    while (n >= 0x80) {
      bytes.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    bytes.push(n);
  };
  const firstGate = firstGateNode(aig);
  const fanins = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) {
    const a = fanins[2 * g]!;
    const b = fanins[2 * g + 1]!;
    const r0 = a >= b ? a : b;
    const r1 = a >= b ? b : a;
    varint(2 * (firstGate + g) - r0);
    varint(r0 - r1);
  }
  const encoder = new TextEncoder();
  const parts = [encoder.encode(`${head}\n`), Uint8Array.from(bytes), encoder.encode(trailer.length ? `${trailer.join('\n')}\n` : '')];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
