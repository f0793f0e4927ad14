/**
 * A hash table from pairs of non-negative 32-bit integers to non-negative integers, for structural
 * hashing of AND gates (a gate is known by its two fanins). Open addressing with linear probing in
 * typed arrays: a JavaScript `Map` needs one key per pair, and a key built from two literals is
 * either a heap number or a string, both of which V8 hashes several times slower than this; graph
 * reductions hash every gate of the circuit, so the table is on the path of every circuit run.
 * Entries are never removed.
 */
export class PairTable {
  private keysA: Int32Array;
  private keysB: Int32Array;
  /** The value plus one; 0 marks an empty slot. */
  private values: Int32Array;
  private mask: number;
  private size = 0;

  constructor(expected = 16) {
    let capacity = 16;
    while (capacity < 2 * expected) capacity *= 2;
    this.keysA = new Int32Array(capacity);
    this.keysB = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  /** The value stored for (a, b), or -1. */
  get(a: number, b: number): number {
    for (let i = slot(a, b) & this.mask; ; i = (i + 1) & this.mask) {
      const v = this.values[i]!;
      if (v === 0) return -1;
      if (this.keysA[i] === a && this.keysB[i] === b) return v - 1;
    }
  }

  /** Stores `value` for (a, b), which must not be in the table yet. */
  set(a: number, b: number, value: number): void {
    if (2 * (this.size + 1) > this.values.length) this.grow();
    this.place(a, b, value + 1);
    this.size++;
  }

  private place(a: number, b: number, stored: number): void {
    let i = slot(a, b) & this.mask;
    while (this.values[i] !== 0) i = (i + 1) & this.mask;
    this.keysA[i] = a;
    this.keysB[i] = b;
    this.values[i] = stored;
  }

  private grow(): void {
    const [keysA, keysB, values] = [this.keysA, this.keysB, this.values];
    this.keysA = new Int32Array(2 * values.length);
    this.keysB = new Int32Array(2 * values.length);
    this.values = new Int32Array(2 * values.length);
    this.mask = values.length * 2 - 1;
    for (let i = 0; i < values.length; i++) if (values[i] !== 0) this.place(keysA[i]!, keysB[i]!, values[i]!);
  }
}

/** Mixes the pair so that neighbouring literals spread over the table (multiplicative hashing). */
function slot(a: number, b: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  return (h ^ (h >>> 15)) >>> 0;
}
