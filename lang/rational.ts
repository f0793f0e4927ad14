/**
 * Arithmetic on exact rationals (`Rational`, a normalised fraction of bigints), for the code that
 * computes with coefficients outside the solver: Farkas combinations, bounds, affine hulls, folding.
 */
import { normRat, type Rational } from './expr.js';

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

export const qadd = (a: Rational, b: Rational): Rational => normRat(a.num * b.den + b.num * a.den, a.den * b.den);
export const qsub = (a: Rational, b: Rational): Rational => normRat(a.num * b.den - b.num * a.den, a.den * b.den);
export const qmul = (a: Rational, b: Rational): Rational => normRat(a.num * b.num, a.den * b.den);
/** a / b, for b ≠ 0. */
export const qdiv = (a: Rational, b: Rational): Rational => normRat(a.num * b.den, a.den * b.num);
export const qneg = (a: Rational): Rational => ({ num: -a.num, den: a.den });
export const isZero = (a: Rational): boolean => a.num === 0n;

/** -1, 0 or 1 as a is below, equal to or above b. */
export function qcmp(a: Rational, b: Rational): number {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The greatest common divisor of |a| and |b| (0 for two zeros). */
export function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** a / b rounded down, for b ≠ 0. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}
