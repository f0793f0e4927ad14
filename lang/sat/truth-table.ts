/**
 * Boolean functions of up to four variables as 16-bit truth tables: bit m is the value at the
 * assignment whose variable i is bit i of m. A function of fewer variables repeats itself over the
 * rest, so every table is a full 16 bits and the same operations serve any arity. These are the
 * cells of a circuit mapped for CNF (Eén, Mishchenko and Sörensson, "Applying logic synthesis for
 * speeding up SAT", SAT 2007): each cell becomes one variable and the clauses of an irredundant
 * sum of products of the cell and of its complement.
 *
 * Written here rather than taken from a library: no npm package offers truth tables of this size
 * with Minato-Morreale covers, and the operations are a few lines each.
 */

const TABLE_VARS = 4;
export const FULL = 0xffff;

/** The table of variable i. */
export const VAR = [0xaaaa, 0xcccc, 0xf0f0, 0xff00] as const;

/** The cofactor of `t` with variable i set to `value`, repeated over variable i. */
export function cofactor(t: number, i: number, value: boolean): number {
  const s = 1 << i;
  if (value) {
    const x = t & VAR[i]!;
    return x | (x >>> s);
  }
  const x = t & ~VAR[i]! & FULL;
  return (x | (x << s)) & FULL;
}

/** Whether `t` depends on variable i. */
function dependsOn(t: number, i: number): boolean {
  return cofactor(t, i, false) !== cofactor(t, i, true);
}

/** The variables `t` depends on, as a mask: bit i for variable i. */
export function support(t: number): number {
  return (((t >>> 1) ^ t) & 0x5555 ? 1 : 0) | (((t >>> 2) ^ t) & 0x3333 ? 2 : 0) | (((t >>> 4) ^ t) & 0x0f0f ? 4 : 0) | (((t >>> 8) ^ t) & 0x00ff ? 8 : 0);
}

/** The number of 1 bits of a 32-bit number: the assignments a table's mask holds. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Per adjacent pair (i, i + 1): the bits where i is 1 and i + 1 is 0, which a swap moves up. */
const SWAP_UP = [0x2222, 0x0c0c, 0x00f0] as const;
const SWAP_KEEP = [0x9999, 0xc3c3, 0xf00f] as const;

/** `t` with variables i and i + 1 exchanged. */
function swapAdjacent(t: number, i: number): number {
  const s = 1 << i;
  const up = SWAP_UP[i]!;
  return (t & SWAP_KEEP[i]!) | ((t & up) << s) | ((t >>> s) & up);
}

/**
 * `t`, a function of the sorted leaves `from[at..at + fromSize)`, as a function of the sorted
 * leaves `to`, a superset of those with at most four: each variable moves up to its leaf's place,
 * the highest first.
 */
export function stretch(t: number, from: ArrayLike<number>, at: number, fromSize: number, to: ArrayLike<number>, toSize: number): number {
  let p = toSize - 1;
  for (let j = fromSize - 1; j >= 0; j--) {
    while (to[p] !== from[at + j]) p--;
    for (let i = j; i < p; i++) t = swapAdjacent(t, i);
    p--;
  }
  return t;
}

/** `t` with variable i moved above variable `size - 1`, the ones between moving down a place; for dropping a variable `t` does not depend on. */
export function dropVariable(t: number, i: number, size: number): number {
  for (let j = i; j < size - 1; j++) t = swapAdjacent(t, j);
  return t;
}

/**
 * A cube as a byte: bit i says variable i occurs, bit 4 + i that it occurs positive. The cubes of
 * an irredundant cover of each table, computed once per table.
 */
const covers = new Map<number, Uint8Array>();

/** The cubes of an irredundant sum of products of `t` (Minato and Morreale's ISOP). */
export function cover(t: number): Uint8Array {
  let c = covers.get(t);
  if (c === undefined) {
    const cubes: number[] = [];
    isop(t, t, TABLE_VARS, 0, cubes);
    covers.set(t, (c = Uint8Array.from(cubes)));
  }
  return c;
}

/**
 * An irredundant cover of some function between `lower` and `upper` over the variables below `n`,
 * each cube pushed onto `out` with the literals in `cube` besides; returns the cover's table.
 */
function isop(lower: number, upper: number, n: number, cube: number, out: number[]): number {
  if (lower === 0) return 0;
  if (upper === FULL) {
    out.push(cube);
    return FULL;
  }
  let i = n - 1;
  while (!dependsOn(lower, i) && !dependsOn(upper, i)) i--;
  const l0 = cofactor(lower, i, false);
  const l1 = cofactor(lower, i, true);
  const u0 = cofactor(upper, i, false);
  const u1 = cofactor(upper, i, true);
  const f0 = isop(l0 & ~u1 & FULL, u0, i, cube | (1 << i), out);
  const f1 = isop(l1 & ~u0 & FULL, u1, i, cube | (1 << i) | (1 << (4 + i)), out);
  const f2 = isop(((l0 & ~f0) | (l1 & ~f1)) & FULL, u0 & u1, i, cube, out);
  return (f2 | (f0 & ~VAR[i]!) | (f1 & VAR[i]!)) & FULL;
}
