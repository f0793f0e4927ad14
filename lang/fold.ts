/**
 * The meaning of every operator on literal values: the single source of operator semantics in
 * TypeScript, used by evaluation (`eval.ts`) and by the simplifier (`simplify.ts`). It follows
 * SMT-LIB, which is also what the Z3 bridge produces: Euclidean `div`/`mod` on integers, `rem` with
 * the sign rule of formats.md 2.7, total bit-vector division (x / 0 is all ones, x rem 0 is x),
 * IEEE floating point as in SMT-LIB's FloatingPoint theory (computed by `float.ts`). Where SMT-LIB
 * leaves a value unspecified (integer or rational division by zero, the minimum of +0 and -0, a
 * float out of the range of a bit-vector) the result is unknown (`undefined`).
 */
import { arrayValue, bool, bv, fpLit, int, rat, type Expr, type Rational } from './expr.js';
import { qadd, qcmp, qdiv, qmul } from './rational.js';
import type { FpValue } from './float.js';
import * as F from './float.js';
import type { ArrayType, FpType } from './types.js';

/** Euclidean division and remainder: 0 <= r < |d|. */
function euclid(n: bigint, d: bigint): [bigint, bigint] {
  let q = n / d;
  let r = n - q * d;
  if (r < 0n) {
    if (d > 0n) { q -= 1n; r += d; } else { q += 1n; r -= d; }
  }
  return [q, r];
}

const asInt = (e: Expr): bigint => e.value as bigint;
const asRat = (e: Expr): Rational => e.value as Rational;
const asBool = (e: Expr): boolean => e.value as boolean;

function ratOf(e: Expr): Rational {
  return e.type.kind === 'int' ? { num: asInt(e), den: 1n } : asRat(e);
}

function numCmp(a: Expr, b: Expr): number {
  if (a.type.kind === 'int') {
    const x = asInt(a);
    const y = asInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return qcmp(ratOf(a), ratOf(b));
}

function ratLit(r: Rational): Expr {
  return rat(r.num, r.den);
}


/** Reads an array value (a literal `arraylit`, canonical or not) at a literal index. */
function readArray(arr: Expr, idx: Expr): Expr {
  let found: Expr | undefined;
  for (let i = 1; i < arr.args.length; i += 2) if (arr.args[i] === idx) found = arr.args[i + 1];
  return found ?? arr.args[0]!;
}

/**
 * Whether two canonical array literals of different defaults are still one array: over a
 * bit-vector index whose every value has an entry in one of them, the defaults are never read.
 */
function sameArray(a: Expr, b: Expr): boolean {
  const t = a.type;
  if (a.op !== 'arraylit' || b.op !== 'arraylit' || t.kind !== 'array' || t.index.kind !== 'bv') return false;
  const indices = new Set([...entriesOf(a.args), ...entriesOf(b.args)].map(([i]) => i));
  if (BigInt(indices.size) < 1n << BigInt(t.index.width)) return false;
  for (const i of indices) if (readArray(a, i) !== readArray(b, i)) return false;
  return true;
}

/** The (index, value) pairs of an `arraylit`'s arguments [default, i1, v1, ...]. */
function entriesOf(args: readonly Expr[]): [Expr, Expr][] {
  const out: [Expr, Expr][] = [];
  for (let i = 1; i < args.length; i += 2) out.push([args[i]!, args[i + 1]!]);
  return out;
}

// ---------------------------------------------------------------- bit-vectors

function widthOf(e: Expr): number {
  return e.type.kind === 'bv' ? e.type.width : 0;
}

function signed(v: bigint, w: number): bigint {
  return v >= 1n << BigInt(w - 1) ? v - (1n << BigInt(w)) : v;
}

function bvUdiv(x: bigint, y: bigint, w: number): bigint {
  return y === 0n ? (1n << BigInt(w)) - 1n : x / y;
}

function bvUrem(x: bigint, y: bigint): bigint {
  return y === 0n ? x : x % y;
}

/** SMT-LIB's signed division family, defined through the unsigned operations on magnitudes. */
function bvSigned(op: 'bvsdiv' | 'bvsrem' | 'bvsmod', x: bigint, y: bigint, w: number): bigint {
  const m = 1n << BigInt(w);
  const negate = (v: bigint): bigint => (m - v) % m;
  const xs = signed(x, w) < 0n;
  const ys = signed(y, w) < 0n;
  const ax = xs ? negate(x) : x;
  const ay = ys ? negate(y) : y;
  if (op === 'bvsdiv') {
    const q = bvUdiv(ax, ay, w);
    return xs !== ys ? negate(q) : q;
  }
  const r = bvUrem(ax, ay);
  if (op === 'bvsrem') return xs ? negate(r) : r;
  if (r === 0n) return 0n;
  if (!xs && !ys) return r;
  if (xs && !ys) return (negate(r) + y) % m;
  if (!xs && ys) return (r + y) % m;
  return negate(r);
}

function bvBinary(op: string, x: bigint, y: bigint, w: number): bigint | boolean | undefined {
  const m = 1n << BigInt(w);
  const W = BigInt(w);
  switch (op) {
    case 'bvadd': return (x + y) % m;
    case 'bvsub': return (x - y + m) % m;
    case 'bvmul': return (x * y) % m;
    case 'bvudiv': return bvUdiv(x, y, w);
    case 'bvurem': return bvUrem(x, y);
    case 'bvsdiv': case 'bvsrem': case 'bvsmod': return bvSigned(op, x, y, w);
    case 'bvand': return x & y;
    case 'bvor': return x | y;
    case 'bvxor': return x ^ y;
    case 'bvshl': return y >= W ? 0n : (x << y) % m;
    case 'bvlshr': return y >= W ? 0n : x >> y;
    case 'bvashr': {
      const s = signed(x, w);
      const r = y >= W ? (s < 0n ? -1n : 0n) : s >> y;
      return (r + m) % m;
    }
    case 'bvrol': case 'bvror': {
      const k = y % W;
      if (k === 0n) return x;
      const left = op === 'bvrol' ? k : W - k;
      return ((x << left) | (x >> (W - left))) % m;
    }
    case 'bvult': return x < y;
    case 'bvule': return x <= y;
    case 'bvugt': return x > y;
    case 'bvuge': return x >= y;
    case 'bvslt': return signed(x, w) < signed(y, w);
    case 'bvsle': return signed(x, w) <= signed(y, w);
    case 'bvsgt': return signed(x, w) > signed(y, w);
    case 'bvsge': return signed(x, w) >= signed(y, w);
    default: return undefined;
  }
}

// ---------------------------------------------------------------- floating point

const ROUNDING = new Set<string>(F.ROUNDING_MODES);

/** The rounding mode among an operator's bracketed parameters (always the last one); RNE if none. */
export function roundingOf(params: readonly (string | number)[]): F.RoundingMode {
  const last = params[params.length - 1];
  return typeof last === 'string' && ROUNDING.has(last) ? (last as F.RoundingMode) : 'RNE';
}

const CMP: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0, '<': (c) => c < 0, '<=': (c) => c <= 0, '>': (c) => c > 0, '>=': (c) => c >= 0,
};

/**
 * A floating-point operator (kept by name, as the CFA language writes it) on literals. Generic
 * `+ - * /` round to nearest even, `=` and `/=` are IEEE equality (NaN differs from itself, +0 = -0).
 */
function foldFloat(e: Expr, args: readonly Expr[]): Expr | undefined {
  const [name, ...params] = e.params as string[];
  const [a, b] = args as [Expr, Expr | undefined];
  const f = a.type as FpType;
  const x = a.value as FpValue;
  const y = b?.value as FpValue;
  const rm = roundingOf(params);
  const lit = (v: FpValue | undefined): Expr | undefined => (v === undefined ? undefined : fpLit(e.type as FpType, v));
  switch (name) {
    case '+': case 'fpadd': return lit(F.add(f, rm, x, y));
    case '-': return lit(args.length === 1 ? F.neg(f, x) : F.sub(f, rm, x, y));
    case 'fpsub': return lit(F.sub(f, rm, x, y));
    case '*': case 'fpmul': return lit(F.mul(f, rm, x, y));
    case '/': case 'fpdiv': return lit(F.div(f, rm, x, y));
    case 'fprem': return lit(F.rem(f, x, y));
    case 'fpabs': return lit(F.abs(f, x));
    case 'fpneg': return lit(F.neg(f, x));
    case 'fppos': return a;
    case 'fpisnan': return bool(F.isNaN(f, x));
    case 'fpmin': return lit(F.minMax(f, 'min', x, y));
    case 'fpmax': return lit(F.minMax(f, 'max', x, y));
    case 'fpsqrt': return lit(F.sqrt(f, rm, x));
    case 'fproundtoint': return lit(F.roundToIntegral(f, rm, x));
    case 'fptofp': return lit(F.convert(f, e.type as FpType, rm, x));
    case 'fpfrombv': return lit(F.fromBits(e.type as FpType, rm, asInt(a), widthOf(a), params[1] === 's'));
    case 'fptobv': {
      const v = F.toBits(f, rm, x, widthOf(e), params[0]!.endsWith('s'));
      return v === undefined ? undefined : bv(v, widthOf(e));
    }
    case '/=': return bool(F.compare(f, x, y) !== 0);
    default: {
      const test = CMP[name!];
      if (!test) return undefined;
      const c = F.compare(f, x, y);
      return bool(c !== undefined && test(c));
    }
  }
}

/**
 * The value of `e`'s operator applied to the literal arguments `args` (which replace `e.args`),
 * or undefined where it is unspecified or not computed in TypeScript (quantifiers).
 */
export function fold(e: Expr, args: readonly Expr[]): Expr | undefined {
  const [a, b, c] = args;
  switch (e.op) {
    case 'not': return bool(!asBool(a!));
    case 'and': return bool(args.every(asBool));
    case 'or': return bool(args.some(asBool));
    case 'xor': return bool(asBool(a!) !== asBool(b!));
    case 'imply': return bool(!asBool(a!) || asBool(b!));
    case 'iff': return bool(asBool(a!) === asBool(b!));
    case 'ite': return asBool(a!) ? b : c;
    case 'eq': return bool(a === b || sameArray(a!, b!));
    case 'neq': return bool(a !== b && !sameArray(a!, b!));
    case 'lt': return bool(numCmp(a!, b!) < 0);
    case 'le': return bool(numCmp(a!, b!) <= 0);
    case 'gt': return bool(numCmp(a!, b!) > 0);
    case 'ge': return bool(numCmp(a!, b!) >= 0);
    case 'toRat': return rat(asInt(a!));
    case 'add':
      if (e.type.kind === 'int') return int(args.reduce((s, x) => s + asInt(x), 0n));
      return ratLit(args.reduce((s, x) => qadd(s, asRat(x)), { num: 0n, den: 1n }));
    case 'mul':
      if (e.type.kind === 'int') return int(args.reduce((s, x) => s * asInt(x), 1n));
      return ratLit(args.reduce((s, x) => qmul(s, asRat(x)), { num: 1n, den: 1n }));
    case 'sub':
      if (e.type.kind === 'int') return int(asInt(a!) - asInt(b!));
      return ratLit(qadd(asRat(a!), { num: -asRat(b!).num, den: asRat(b!).den }));
    case 'neg':
      if (e.type.kind === 'int') return int(-asInt(a!));
      return rat(-asRat(a!).num, asRat(a!).den);
    case 'div':
      if (e.type.kind === 'int') return asInt(b!) === 0n ? undefined : int(euclid(asInt(a!), asInt(b!))[0]);
      return asRat(b!).num === 0n ? undefined : ratLit(qdiv(asRat(a!), asRat(b!)));
    case 'mod': return asInt(b!) === 0n ? undefined : int(euclid(asInt(a!), asInt(b!))[1]);
    case 'rem': {
      const d = asInt(b!);
      if (d === 0n) return undefined;
      const m = euclid(asInt(a!), d)[1];
      return int(d > 0n ? m : -m);
    }
    case 'read': return readArray(a!, b!);
    case 'write': return arrayValue((e.type as ArrayType).index, [...entriesOf(a!.args), [b!, c!]], a!.args[0]!);
    case 'arraylit': return arrayValue((e.type as ArrayType).index, entriesOf(args), a!);
    case 'bvnot': return bv(~asInt(a!), widthOf(e));
    case 'bvneg': return bv(-asInt(a!), widthOf(e));
    case 'concat': {
      let v = 0n;
      for (const x of args) v = (v << BigInt(widthOf(x))) | asInt(x);
      return bv(v, widthOf(e));
    }
    case 'extract': {
      const [hi, lo] = e.params as number[];
      return bv((asInt(a!) >> BigInt(lo!)) & ((1n << BigInt(hi! - lo!)) - 1n), hi! - lo!);
    }
    case 'zext': return bv(asInt(a!), widthOf(e));
    case 'sext': return bv(signed(asInt(a!), widthOf(a!)), widthOf(e));
    case 'fpop': return foldFloat(e, args);
    default:
      if (e.op.startsWith('bv')) {
        const r = bvBinary(e.op, asInt(a!), asInt(b!), widthOf(a!));
        return typeof r === 'boolean' ? bool(r) : r === undefined ? undefined : bv(r, widthOf(e));
      }
      return undefined;
  }
}
