/**
 * IEEE 754 binary floating point in any format fp[E,S] (E exponent bits, S significand bits
 * including the hidden bit), exactly, on BigInt: the semantics of every floating-point operator of
 * the CFA language, for evaluation in TypeScript (`fold.ts`, hence the explicit domain, the
 * simplifier and counterexample replay). It follows SMT-LIB's FloatingPoint theory, which is what
 * the Z3 bridge produces: one NaN, signed zeros and infinities, subnormals, the five rounding modes.
 *
 * Hand-written because no npm library does this: JavaScript has only binary64 (and binary32 through
 * `Math.fround`), and the arbitrary-precision packages (decimal.js, big.js, bignumber.js) are
 * decimal, with neither IEEE binary formats of chosen widths, nor subnormals, nor all five rounding
 * modes. The method is the textbook one: every operation computes its exact result as a rational
 * (a BigInt numerator and denominator times a power of two) and `round` maps that into the format;
 * square roots are exact through an integer square root with a sticky bit. `test/unit/lang/float.test.ts`
 * checks it against JavaScript's doubles and `Math.fround`, and against Z3's own evaluation on
 * small formats in every rounding mode.
 *
 * Where SMT-LIB leaves a result unspecified (fp.min/fp.max of +0 and -0, fp.to_ubv/fp.to_sbv of NaN,
 * an infinity or a value out of range) the answer is `undefined`, as for integer division by zero.
 */

/** A floating-point value by its IEEE fields: the sign, the biased exponent and the trailing significand. */
export interface FpValue { readonly sign: boolean; readonly exp: bigint; readonly sig: bigint }

export type RoundingMode = 'RNE' | 'RNA' | 'RTP' | 'RTN' | 'RTZ';
export const ROUNDING_MODES: readonly RoundingMode[] = ['RNE', 'RNA', 'RTP', 'RTN', 'RTZ'];

/** A format: `exp` exponent bits, `sig` significand bits including the hidden bit (an `FpType` is one). */
export interface Format {
  readonly exp: number;
  readonly sig: number;
}

/** A decoded value; a finite nonzero number is (-1)^sign * mant * 2^exp with mant > 0. */
type Unpacked =
  | { readonly kind: 'nan' }
  | { readonly kind: 'inf'; readonly sign: boolean }
  | { readonly kind: 'zero'; readonly sign: boolean }
  | { readonly kind: 'num'; readonly sign: boolean; readonly mant: bigint; readonly exp: bigint };

interface Params {
  /** Significand bits, with the hidden one. */
  readonly S: bigint;
  readonly bias: bigint;
  /** Largest and smallest unbiased exponent of a normal number. */
  readonly emax: bigint;
  readonly emin: bigint;
  /** Exponent of the least significant bit of a subnormal: 2^qmin is the smallest positive value. */
  readonly qmin: bigint;
  /** The biased exponent of infinities and NaN (all ones). */
  readonly top: bigint;
  /** 2^(S-1): the hidden bit. */
  readonly hidden: bigint;
}

const paramCache = new Map<string, Params>();

function params(f: Format): Params {
  const key = `${f.exp},${f.sig}`;
  let p = paramCache.get(key);
  if (!p) {
    if (!(f.exp >= 2 && f.sig >= 2)) throw new RangeError(`fp[${f.exp},${f.sig}] is not a floating-point format`);
    const S = BigInt(f.sig);
    const bias = (1n << BigInt(f.exp - 1)) - 1n;
    const emin = 1n - bias;
    p = { S, bias, emax: bias, emin, qmin: emin - (S - 1n), top: (1n << BigInt(f.exp)) - 1n, hidden: 1n << (S - 1n) };
    paramCache.set(key, p);
  }
  return p;
}

/** The number of bits of a positive integer. */
function bitLength(n: bigint): number {
  const hex = n.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(Number.parseInt(hex[0]!, 16));
}

// ---------------------------------------------------------------- special values and encoding

/** The one NaN (quiet, positive, top fraction bit set): every NaN result and literal is this. */
export function nan(f: Format): FpValue {
  return { sign: false, exp: params(f).top, sig: 1n << BigInt(f.sig - 2) };
}

export function inf(f: Format, sign: boolean): FpValue {
  return { sign, exp: params(f).top, sig: 0n };
}

export function zero(_f: Format, sign: boolean): FpValue {
  return { sign, exp: 0n, sig: 0n };
}

/** The largest finite magnitude, with the given sign. */
export function maxFinite(f: Format, sign: boolean): FpValue {
  const p = params(f);
  return { sign, exp: p.top - 1n, sig: p.hidden - 1n };
}

/** 1.0 */
export function one(f: Format): FpValue {
  return { sign: false, exp: params(f).bias, sig: 0n };
}

export function isNaN(f: Format, v: FpValue): boolean {
  return v.exp === params(f).top && v.sig !== 0n;
}

/** The value with every NaN replaced by the canonical `nan(f)`: the identity of SMT-LIB's `=`. */
export function canonical(f: Format, v: FpValue): FpValue {
  return isNaN(f, v) && (v.sign || v.sig !== nan(f).sig) ? nan(f) : v;
}

export function decode(f: Format, v: FpValue): Unpacked {
  const p = params(f);
  if (v.exp === p.top) return v.sig === 0n ? { kind: 'inf', sign: v.sign } : { kind: 'nan' };
  if (v.exp === 0n) return v.sig === 0n ? { kind: 'zero', sign: v.sign } : { kind: 'num', sign: v.sign, mant: v.sig, exp: p.qmin };
  return { kind: 'num', sign: v.sign, mant: v.sig | p.hidden, exp: v.exp - p.bias - (p.S - 1n) };
}

// ---------------------------------------------------------------- rounding

function overflow(f: Format, sign: boolean, rm: RoundingMode): FpValue {
  switch (rm) {
    case 'RNE': case 'RNA': return inf(f, sign);
    case 'RTZ': return maxFinite(f, sign);
    case 'RTP': return sign ? maxFinite(f, true) : inf(f, false);
    case 'RTN': return sign ? inf(f, true) : maxFinite(f, false);
  }
}

/** Whether a magnitude q + r/d (0 <= r < d) rounds up to q + 1, for a result of the given sign. */
function roundsUp(q: bigint, r: bigint, d: bigint, sign: boolean, rm: RoundingMode): boolean {
  if (r === 0n) return false;
  switch (rm) {
    case 'RNE': return 2n * r > d || (2n * r === d && (q & 1n) === 1n);
    case 'RNA': return 2n * r >= d;
    case 'RTP': return !sign;
    case 'RTN': return sign;
    case 'RTZ': return false;
  }
}

/**
 * The value (-1)^sign * num/den * 2^e2 (num, den > 0) rounded into the format: the one rounding
 * step of every operation, with gradual underflow to subnormals and zero and overflow per mode.
 */
function round(f: Format, sign: boolean, num: bigint, den: bigint, e2: bigint, rm: RoundingMode): FpValue {
  const p = params(f);
  // e = floor(log2(num/den)) + e2
  let lg = BigInt(bitLength(num) - bitLength(den));
  if (lg >= 0n ? num < den << lg : num << -lg < den) lg--;
  const e = lg + e2;
  if (e > p.emax + 1n) return overflow(f, sign, rm);
  // below half the smallest subnormal (and not a tie): zero or the smallest subnormal
  if (e < p.qmin - 1n) return roundsUp(0n, 1n, 4n, sign, rm) ? { sign, exp: 0n, sig: 1n } : zero(f, sign);
  let qe = (e > p.emin ? e : p.emin) - (p.S - 1n);
  const sh = e2 - qe;
  const n2 = sh >= 0n ? num << sh : num;
  const d2 = sh >= 0n ? den : den << -sh;
  let q = n2 / d2;
  if (roundsUp(q, n2 % d2, d2, sign, rm)) q++;
  if (q === p.hidden << 1n) { q = p.hidden; qe++; }
  if (q === 0n) return zero(f, sign);
  if (q < p.hidden) return { sign, exp: 0n, sig: q };
  if (qe + p.S - 1n > p.emax) return overflow(f, sign, rm);
  return { sign, exp: qe + p.S - 1n + p.bias, sig: q - p.hidden };
}

/** An exact integer (or integer times a power of two) rounded into the format; zero is +0. */
export function fromInteger(f: Format, n: bigint, rm: RoundingMode, e2 = 0n): FpValue {
  if (n === 0n) return zero(f, false);
  return round(f, n < 0n, n < 0n ? -n : n, 1n, e2, rm);
}

// ---------------------------------------------------------------- arithmetic

export function neg(f: Format, a: FpValue): FpValue {
  return isNaN(f, a) ? nan(f) : { ...a, sign: !a.sign };
}

export function abs(f: Format, a: FpValue): FpValue {
  return isNaN(f, a) ? nan(f) : a.sign ? { ...a, sign: false } : a;
}

/** The exact sum of two nonzero finite values is zero: +0, or -0 when rounding toward negative. */
function exactZero(f: Format, rm: RoundingMode): FpValue {
  return zero(f, rm === 'RTN');
}

export function add(f: Format, rm: RoundingMode, a: FpValue, b: FpValue): FpValue {
  const x = decode(f, a);
  const y = decode(f, b);
  if (x.kind === 'nan' || y.kind === 'nan') return nan(f);
  if (x.kind === 'inf') return y.kind === 'inf' && y.sign !== x.sign ? nan(f) : inf(f, x.sign);
  if (y.kind === 'inf') return inf(f, y.sign);
  if (x.kind === 'zero' && y.kind === 'zero') return x.sign === y.sign ? zero(f, x.sign) : exactZero(f, rm);
  if (x.kind === 'zero') return b;
  if (y.kind === 'zero') return a;
  let [u, v] = [x, y];
  const S = BigInt(f.sig);
  const topU = u.exp + BigInt(bitLength(u.mant));
  const topV = v.exp + BigInt(bitLength(v.mant));
  // an operand far below the other's last bit only decides the direction of rounding: stand it in
  // by a smaller one of the same sign, so that the sum below needs few bits whatever the exponents
  if (topU - topV > S + 3n) v = { ...v, mant: 1n, exp: topU - S - 4n };
  else if (topV - topU > S + 3n) u = { ...u, mant: 1n, exp: topV - S - 4n };
  const e = u.exp < v.exp ? u.exp : v.exp;
  const s = (u.sign ? -1n : 1n) * (u.mant << (u.exp - e)) + (v.sign ? -1n : 1n) * (v.mant << (v.exp - e));
  if (s === 0n) return exactZero(f, rm);
  return round(f, s < 0n, s < 0n ? -s : s, 1n, e, rm);
}

export function sub(f: Format, rm: RoundingMode, a: FpValue, b: FpValue): FpValue {
  return add(f, rm, a, neg(f, b));
}

export function mul(f: Format, rm: RoundingMode, a: FpValue, b: FpValue): FpValue {
  const x = decode(f, a);
  const y = decode(f, b);
  if (x.kind === 'nan' || y.kind === 'nan') return nan(f);
  const sign = a.sign !== b.sign;
  if (x.kind === 'inf' || y.kind === 'inf') return x.kind === 'zero' || y.kind === 'zero' ? nan(f) : inf(f, sign);
  if (x.kind === 'zero' || y.kind === 'zero') return zero(f, sign);
  return round(f, sign, x.mant * y.mant, 1n, x.exp + y.exp, rm);
}

export function div(f: Format, rm: RoundingMode, a: FpValue, b: FpValue): FpValue {
  const x = decode(f, a);
  const y = decode(f, b);
  if (x.kind === 'nan' || y.kind === 'nan') return nan(f);
  const sign = a.sign !== b.sign;
  if (x.kind === 'inf') return y.kind === 'inf' ? nan(f) : inf(f, sign);
  if (y.kind === 'inf') return zero(f, sign);
  if (y.kind === 'zero') return x.kind === 'zero' ? nan(f) : inf(f, sign);
  if (x.kind === 'zero') return zero(f, sign);
  return round(f, sign, x.mant, y.mant, x.exp - y.exp, rm);
}

/** The integer square root: the largest r with r * r <= n (n >= 0). */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

export function sqrt(f: Format, rm: RoundingMode, a: FpValue): FpValue {
  const x = decode(f, a);
  if (x.kind === 'nan') return nan(f);
  if (x.kind === 'zero') return a;
  if (x.sign) return nan(f);
  if (x.kind === 'inf') return a;
  let { mant, exp } = x;
  if (exp & 1n) { mant <<= 1n; exp -= 1n; }
  // scale by 4^k so that the root has at least S + 2 bits: rounding boundaries are then integers
  // apart, and an inexact root r < sqrt < r + 1 rounds as r + 1/2 does
  const k = BigInt(Math.max(0, Math.ceil((2 * f.sig + 4 - bitLength(mant)) / 2)));
  const scaled = mant << (2n * k);
  const r = isqrt(scaled);
  const e2 = exp / 2n - k;
  return r * r === scaled ? round(f, false, r, 1n, e2, rm) : round(f, false, 2n * r + 1n, 1n, e2 - 1n, rm);
}

/** IEEE remainder: a - b * n with n the integer nearest a / b (ties to even); exact. */
export function rem(f: Format, a: FpValue, b: FpValue): FpValue {
  const x = decode(f, a);
  const y = decode(f, b);
  if (x.kind === 'nan' || y.kind === 'nan' || x.kind === 'inf' || y.kind === 'zero') return nan(f);
  if (y.kind === 'inf' || x.kind === 'zero') return a;
  const e = x.exp < y.exp ? x.exp : y.exp;
  const X = x.mant << (x.exp - e);
  const Y = y.mant << (y.exp - e);
  const q = X / Y;
  let r = X % Y;
  if (2n * r > Y || (2n * r === Y && (q & 1n) === 1n)) r -= Y;
  if (r === 0n) return zero(f, x.sign);
  const negative = x.sign !== r < 0n;
  return round(f, negative, r < 0n ? -r : r, 1n, e, 'RNE');
}

/** The integer a rounds to under `rm`, for a finite value. */
function toInteger(x: Unpacked & { kind: 'num' }, rm: RoundingMode): bigint {
  if (x.exp >= 0n) return (x.sign ? -1n : 1n) * (x.mant << x.exp);
  const d = 1n << -x.exp;
  let q = x.mant >> -x.exp;
  if (roundsUp(q, x.mant & (d - 1n), d, x.sign, rm)) q++;
  return x.sign ? -q : q;
}

export function roundToIntegral(f: Format, rm: RoundingMode, a: FpValue): FpValue {
  const x = decode(f, a);
  if (x.kind === 'nan') return nan(f);
  if (x.kind !== 'num' || x.exp >= 0n) return a;
  const n = toInteger(x, rm);
  if (n === 0n) return zero(f, x.sign);
  return round(f, x.sign, n < 0n ? -n : n, 1n, 0n, rm);
}

// ---------------------------------------------------------------- comparisons, min and max

/** -1, 0 or 1 as a < b, a = b (IEEE: +0 = -0), a > b; undefined when unordered (a NaN). */
export function compare(f: Format, a: FpValue, b: FpValue): -1 | 0 | 1 | undefined {
  const x = decode(f, a);
  const y = decode(f, b);
  if (x.kind === 'nan' || y.kind === 'nan') return undefined;
  const rank = (u: Exclude<Unpacked, { kind: 'nan' }>): number => (u.kind === 'inf' ? (u.sign ? -2 : 2) : u.kind === 'zero' ? 0 : u.sign ? -1 : 1);
  const [rx, ry] = [rank(x), rank(y)];
  if (rx !== ry) return rx < ry ? -1 : 1;
  if (x.kind !== 'num' || y.kind !== 'num') return 0;
  const e = x.exp < y.exp ? x.exp : y.exp;
  const mx = x.mant << (x.exp - e);
  const my = y.mant << (y.exp - e);
  if (mx === my) return 0;
  return (mx < my) !== x.sign ? -1 : 1;
}

/** fp.min / fp.max: a NaN operand yields the other one; undefined for +0 and -0 (unspecified). */
export function minMax(f: Format, which: 'min' | 'max', a: FpValue, b: FpValue): FpValue | undefined {
  if (isNaN(f, a)) return isNaN(f, b) ? nan(f) : b;
  if (isNaN(f, b)) return a;
  const c = compare(f, a, b)!;
  if (c === 0) return a.sign === b.sign || decode(f, a).kind !== 'zero' ? a : undefined;
  return (c < 0) === (which === 'min') ? a : b;
}

// ---------------------------------------------------------------- conversions

/** fptofp: a value of format `from` rounded into format `to`. */
export function convert(from: Format, to: Format, rm: RoundingMode, a: FpValue): FpValue {
  const x = decode(from, a);
  switch (x.kind) {
    case 'nan': return nan(to);
    case 'inf': return inf(to, x.sign);
    case 'zero': return zero(to, x.sign);
    case 'num': return round(to, x.sign, x.mant, 1n, x.exp, rm);
  }
}

/** fpfrombv: the bit-vector `bits` of the given width, read unsigned or two's complement. */
export function fromBits(f: Format, rm: RoundingMode, bits: bigint, width: number, signed: boolean): FpValue {
  const n = signed && bits >= 1n << BigInt(width - 1) ? bits - (1n << BigInt(width)) : bits;
  return fromInteger(f, n, rm);
}

/**
 * fptobv: the value rounded to an integer by `rm`, as a bit-vector of the given width (unsigned or
 * two's complement); undefined for NaN, infinities and integers out of range (unspecified).
 */
export function toBits(f: Format, rm: RoundingMode, a: FpValue, width: number, signed: boolean): bigint | undefined {
  const x = decode(f, a);
  if (x.kind === 'nan' || x.kind === 'inf') return undefined;
  const n = x.kind === 'zero' ? 0n : toInteger(x, rm);
  const w = BigInt(width);
  const [lo, hi] = signed ? [-(1n << (w - 1n)), 1n << (w - 1n)] : [0n, 1n << w];
  if (n < lo || n >= hi) return undefined;
  return n < 0n ? n + (1n << w) : n;
}

// ---------------------------------------------------------------- JavaScript numbers (for tests and display)

/**
 * A decimal reading of a value, for people: `NaN`, `inf`, `-inf`, `-0`, or the number as JavaScript
 * prints a double; exact for formats within binary64, prefixed by `~` when rounded (wider formats).
 */
export function toDecimal(f: Format, v: FpValue): string {
  const x = decode(f, v);
  if (x.kind === 'nan') return 'NaN';
  if (x.kind === 'inf') return x.sign ? '-inf' : 'inf';
  const d = toDouble(convert(f, DOUBLE, 'RNE', v));
  const exact = f.exp <= DOUBLE.exp && f.sig <= DOUBLE.sig;
  return `${exact ? '' : '~'}${Object.is(d, -0) ? '-0' : String(d)}`;
}

export const DOUBLE: Format = { exp: 11, sig: 53 };
export const SINGLE: Format = { exp: 8, sig: 24 };

const view = new DataView(new ArrayBuffer(8));

/** The bits of a JavaScript number as an fp[11,53] value (NaN canonical). */
export function fromDouble(x: number): FpValue {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  return canonical(DOUBLE, { sign: bits >> 63n === 1n, exp: (bits >> 52n) & 0x7ffn, sig: bits & ((1n << 52n) - 1n) });
}

export function toDouble(v: FpValue): number {
  view.setBigUint64(0, (v.sign ? 1n << 63n : 0n) | (v.exp << 52n) | v.sig);
  return view.getFloat64(0);
}

/** The bits of a JavaScript number that is a binary32 value (after `Math.fround`) as fp[8,24]. */
export function fromSingle(x: number): FpValue {
  view.setFloat32(0, x);
  const bits = BigInt(view.getUint32(0));
  return canonical(SINGLE, { sign: bits >> 31n === 1n, exp: (bits >> 23n) & 0xffn, sig: bits & ((1n << 23n) - 1n) });
}

export function toSingle(v: FpValue): number {
  view.setUint32(0, Number((v.sign ? 1n << 31n : 0n) | (v.exp << 23n) | v.sig));
  return view.getFloat32(0);
}
