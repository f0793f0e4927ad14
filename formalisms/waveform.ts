/**
 * A counterexample of a circuit as waveforms: one value per signal (input, latch, bad-state
 * property) per cycle. Bits whose names say they are bits of one word (`x[0]`, `x[1]`, ... as
 * synthesis tools name them in a symbol table) are grouped into that word when their indices are a
 * contiguous range, each index once; other bits stay signals of their own. The VCD writer
 * (vcd.ts) and the HTML report draw the same waveforms.
 */

type SignalKind = 'input' | 'latch' | 'bad';

/** One bit of the circuit with its value at each cycle. */
export interface Bit {
  readonly name: string;
  readonly kind: SignalKind;
  readonly values: ArrayLike<number>;
}

export interface Signal {
  /** The word's name without its bit index, or the bit's own name. */
  readonly name: string;
  readonly kind: SignalKind;
  /** 1 for a bit; for a word, its bits are `lsb` to `lsb + width - 1`. */
  readonly width: number;
  /** The index of the word's lowest bit (`x[lsb]`); undefined for a bit of its own. */
  readonly lsb?: number;
  /** The value at each cycle, the lowest bit as bit 0. */
  readonly values: readonly bigint[];
}

export interface Waveform {
  /** The circuit's name (its file name without the extension). */
  readonly name: string;
  readonly cycles: number;
  /** Inputs first, then latches, then bad-state properties, each in the file's order. */
  readonly signals: readonly Signal[];
}

const BIT_OF_WORD = /^(.*\S)\s*\[(\d+)\]$/;

/** The bits as signals, grouped into words where their names allow. */
export function groupWords(bits: readonly Bit[], cycles: number): Signal[] {
  const words = new Map<string, { kind: SignalKind; name: string; bits: Map<number, Bit> }>();
  const order: (Bit | string)[] = [];
  for (const b of bits) {
    const m = BIT_OF_WORD.exec(b.name);
    if (!m) { order.push(b); continue; }
    const key = `${b.kind}\u0000${m[1]}`;
    let w = words.get(key);
    if (!w) {
      words.set(key, (w = { kind: b.kind, name: m[1]!, bits: new Map() }));
      order.push(key);
    }
    const index = Number(m[2]);
    // a repeated index cannot be one word: keep the bits apart
    if (w.bits.has(index)) w.bits.set(-1 - w.bits.size, b);
    else w.bits.set(index, b);
  }
  const single = (b: Bit): Signal => ({ name: b.name, kind: b.kind, width: 1, values: Array.from({ length: cycles }, (_, t) => BigInt(b.values[t] ? 1 : 0)) });
  return order.flatMap((o): Signal[] => {
    if (typeof o !== 'string') return [single(o)];
    const w = words.get(o)!;
    const indices = [...w.bits.keys()].sort((a, b) => a - b);
    const lsb = indices[0]!;
    const contiguous = lsb >= 0 && indices.every((k, i) => k === lsb + i);
    if (!contiguous) return [...w.bits.values()].map(single);
    const values = Array.from({ length: cycles }, (_, t) => {
      let v = 0n;
      for (const k of indices) if (w.bits.get(k)!.values[t]) v |= 1n << BigInt(k - lsb);
      return v;
    });
    return [{ name: w.name, kind: w.kind, width: indices.length, lsb, values }];
  });
}
