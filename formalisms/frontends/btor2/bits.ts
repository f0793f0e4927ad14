/**
 * Bit-vector operations as and-inverter circuits, for the bit-blaster: words are literal arrays,
 * least significant bit first, built by an AND gate builder with constant folding and structural
 * hashing (the same gate twice is one gate). The circuits are the textbook ones: ripple-carry
 * adders, shift-and-add multipliers, restoring division (which gives SMT-LIB's, and btorsim's,
 * results for a zero divisor by itself: all ones and the dividend), barrel shifters and rotators,
 * and comparisons from a subtraction's borrow.
 */
import { PairTable } from '../../pair-table.js';

export type Lit = number;
export type Word = readonly Lit[];

export const FALSE: Lit = 0;
export const TRUE: Lit = 1;

/** The gates are too many: the circuit would exceed the builder's budget. */
export class GateBudget extends Error {}

/** AND gates over AIGER literals, numbered from `firstVar` on in the order they are made. */
export class Gates {
  private readonly table = new PairTable(1 << 12);
  /** The gates as triples lhs, rhs0, rhs1, each after its fanins. */
  readonly ands: number[] = [];
  private next: number;

  constructor(firstVar: number, private readonly budget: number) {
    this.next = firstVar;
  }

  get count(): number {
    return this.ands.length / 3;
  }

  and(a: Lit, b: Lit): Lit {
    if (a < b) { const t = a; a = b; b = t; }
    if (b === FALSE || a === (b ^ 1)) return FALSE;
    if (b === TRUE || a === b) return a;
    const known = this.table.get(a, b);
    if (known >= 0) return known;
    if (this.ands.length >= 3 * this.budget) throw new GateBudget(`the circuit would need more than ${this.budget} AND gates`);
    const lit = 2 * this.next++;
    this.ands.push(lit, a, b);
    this.table.set(a, b, lit);
    return lit;
  }

  or(a: Lit, b: Lit): Lit {
    return this.and(a ^ 1, b ^ 1) ^ 1;
  }

  xor(a: Lit, b: Lit): Lit {
    if (a <= 1 || b <= 1) return a <= 1 ? (a === TRUE ? b ^ 1 : b) : b === TRUE ? a ^ 1 : a;
    return this.or(this.and(a, b ^ 1), this.and(a ^ 1, b));
  }

  mux(c: Lit, t: Lit, e: Lit): Lit {
    if (t === e) return t;
    if (c === TRUE) return t;
    if (c === FALSE) return e;
    return this.or(this.and(c, t), this.and(c ^ 1, e));
  }

  /** The conjunction of many literals, as a balanced tree. */
  all(lits: readonly Lit[]): Lit {
    if (lits.length === 0) return TRUE;
    let layer = [...lits];
    while (layer.length > 1) {
      const up: Lit[] = [];
      for (let i = 0; i < layer.length; i += 2) up.push(i + 1 < layer.length ? this.and(layer[i]!, layer[i + 1]!) : layer[i]!);
      layer = up;
    }
    return layer[0]!;
  }

  any(lits: readonly Lit[]): Lit {
    return this.all(lits.map((l) => l ^ 1)) ^ 1;
  }
}

// ---------------------------------------------------------------- words

export function constant(value: bigint, w: number): Lit[] {
  return Array.from({ length: w }, (_, i) => ((value >> BigInt(i)) & 1n ? TRUE : FALSE));
}

export function not(a: Word): Lit[] {
  return a.map((l) => l ^ 1);
}

export function muxWord(g: Gates, c: Lit, t: Word, e: Word): Lit[] {
  return t.map((l, i) => g.mux(c, l, e[i]!));
}

/** a + b + carry: the sum and the carry out. */
export function add(g: Gates, a: Word, b: Word, carry: Lit = FALSE): { sum: Lit[]; carry: Lit } {
  const sum: Lit[] = [];
  for (let i = 0; i < a.length; i++) {
    const p = g.xor(a[i]!, b[i]!);
    sum.push(g.xor(p, carry));
    carry = g.or(g.and(a[i]!, b[i]!), g.and(p, carry));
  }
  return { sum, carry };
}

/** a - b, and whether it borrows (a < b unsigned). */
export function sub(g: Gates, a: Word, b: Word): { diff: Lit[]; borrow: Lit } {
  const { sum, carry } = add(g, a, not(b), TRUE);
  return { diff: sum, borrow: carry ^ 1 };
}

export function neg(g: Gates, a: Word): Lit[] {
  return add(g, not(a), constant(0n, a.length), TRUE).sum;
}

/** The low `w` bits of a * b (shift and add, each row only as wide as what is left). */
export function mul(g: Gates, a: Word, b: Word, w = a.length): Lit[] {
  let acc = constant(0n, w);
  for (let i = 0; i < w && i < b.length; i++) {
    if (b[i] === FALSE) continue;
    const row = a.slice(0, w - i).map((l) => g.and(l, b[i]!));
    const high = add(g, acc.slice(i), row).sum;
    acc = [...acc.slice(0, i), ...high];
  }
  return acc;
}

export function equal(g: Gates, a: Word, b: Word): Lit {
  return g.all(a.map((l, i) => g.xor(l, b[i]!) ^ 1));
}

export function ult(g: Gates, a: Word, b: Word): Lit {
  return sub(g, a, b).borrow;
}

/** Signed less-than: unsigned comparison with the sign bits swapped. */
export function slt(g: Gates, a: Word, b: Word): Lit {
  const w = a.length;
  return ult(g, [...a.slice(0, w - 1), b[w - 1]!], [...b.slice(0, w - 1), a[w - 1]!]);
}

/** Quotient and remainder by restoring division; a zero divisor gives all ones and the dividend. */
export function udivrem(g: Gates, a: Word, b: Word): { q: Lit[]; r: Lit[] } {
  const w = a.length;
  const q: Lit[] = new Array(w);
  let r = constant(0n, w);
  const divisor = [...b, FALSE];
  for (let i = w - 1; i >= 0; i--) {
    const shifted = [a[i]!, ...r];
    const { diff, borrow } = sub(g, shifted, divisor);
    q[i] = borrow ^ 1;
    r = muxWord(g, borrow, shifted, diff).slice(0, w);
  }
  return { q, r };
}

/** |a| of a signed word (the most negative number is its own). */
export function magnitude(g: Gates, a: Word): Lit[] {
  return muxWord(g, a[a.length - 1]!, neg(g, a), a);
}

type Shift = 'sll' | 'srl' | 'sra';

/** A shift by the word `b`: 0 (or the sign, for `sra`) when b is the width or more. */
export function shift(g: Gates, kind: Shift, a: Word, b: Word): Lit[] {
  const w = a.length;
  const fill = kind === 'sra' ? a[w - 1]! : FALSE;
  let cur = [...a];
  const over: Lit[] = [];
  for (let k = 0; k < b.length; k++) {
    const amount = 2 ** k;
    if (amount >= w) { over.push(b[k]!); continue; }
    const moved = cur.map((_, i) => {
      const from = kind === 'sll' ? i - amount : i + amount;
      return from >= 0 && from < w ? cur[from]! : fill;
    });
    cur = muxWord(g, b[k]!, moved, cur);
  }
  const out = g.any(over);
  return cur.map((l) => g.mux(out, fill, l));
}

/** A rotation by the word `b`, modulo the width: bit k of b rotates by 2^k mod w. */
export function rotate(g: Gates, left: boolean, a: Word, b: Word): Lit[] {
  const w = a.length;
  let cur = [...a];
  for (let k = 0, amount = 1 % w; k < b.length; k++, amount = (2 * amount) % w) {
    if (amount === 0) continue;
    const moved = cur.map((_, i) => cur[left ? (i - amount + w) % w : (i + amount) % w]!);
    cur = muxWord(g, b[k]!, moved, cur);
  }
  return cur;
}
