/**
 * IEEE floating point in TypeScript (`lang/float.ts`, through `fold`): hand-picked cases of every
 * operator; random differential tests against JavaScript's doubles (fp[11,53]) and `Math.fround`
 * (fp[8,24]) in RNE; and a differential test against Z3's own evaluation (simplification of fp
 * terms over literals, through the bridge) on small formats, in every rounding mode, for every
 * operator of the CFA language. Random choices come from a seeded generator, so runs repeat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bv, fpLit, fpOp, type Expr } from '../../../lang/expr.js';
import type { FpValue } from '../../../lang/float.js';
import { fold } from '../../../lang/fold.js';
import * as F from '../../../lang/float.js';
import { printExpr } from '../../../lang/print.js';
import { BoolT, bvType, fpType, type FpType, type Type } from '../../../lang/types.js';
import { loadZ3, shutdown, type Z3Context } from '../../../lang/smt/context.js';
import { translator } from '../../../lang/smt/translate.js';
import { mulberry32 } from '../../../bench/random.js';


const RMS = F.ROUNDING_MODES;

/** A value of fp[E,S] from its fields; `-` for the sign. */
const v = (f: F.Format, exp: bigint, sig: bigint, sign = false): FpValue => F.canonical(f, { sign, exp, sig });

/** Applies a CFA floating-point operator to literals through `fold`, as evaluation does. */
function apply(name: string, params: string[], type: Type, args: Expr[]): Expr | undefined {
  return fold(fpOp(name, params, type, args), args);
}

describe('floating point, hand-picked cases', () => {
  const single = fpType(8, 24);
  const tiny = fpType(2, 3);
  const lit = (t: FpType, x: FpValue) => fpLit(t, x);

  it('reads the literals of formats.md: 1.0, 5.0, +0', () => {
    expect(F.toSingle(v(single, 127n, 0n))).toBe(1);
    expect(F.toSingle(v(single, 0b10000001n, 0b01000000000000000000000n))).toBe(5);
    expect(Object.is(F.toSingle(v(single, 0n, 0n)), 0)).toBe(true);
    expect(F.decode(tiny, v(tiny, 0n, 1n))).toEqual({ kind: 'num', sign: false, mant: 1n, exp: -2n });
  });

  it('has one NaN: every NaN literal is the canonical one, and `=` on literals is SMT-LIB equality', () => {
    const a = fpLit(tiny, { sign: true, exp: 3n, sig: 1n });
    const b = fpLit(tiny, { sign: false, exp: 3n, sig: 3n });
    expect(a).toBe(b);
    expect(a.value).toEqual(F.nan(tiny));
  });

  it('IEEE comparisons: NaN is unordered and differs from itself, +0 = -0', () => {
    const nanL = lit(tiny, F.nan(tiny));
    const pz = lit(tiny, F.zero(tiny, false));
    const nz = lit(tiny, F.zero(tiny, true));
    const cmp = (name: string, a: Expr, b: Expr) => apply(name, [], BoolT, [a, b])!.value;
    expect(cmp('=', nanL, nanL)).toBe(false);
    expect(cmp('/=', nanL, nanL)).toBe(true);
    expect(cmp('<', nanL, pz)).toBe(false);
    expect(cmp('>=', nanL, pz)).toBe(false);
    expect(cmp('=', pz, nz)).toBe(true);
    expect(cmp('<', nz, pz)).toBe(false);
    expect(cmp('<=', nz, pz)).toBe(true);
    expect(apply('fpisnan', [], BoolT, [nanL])!.value).toBe(true);
  });

  it('fp2.cfa: 1 / 3.5 in fp[2,3] is 0.5 rounded up and 0.25 to nearest', () => {
    const one = lit(tiny, v(tiny, 1n, 0n));
    const threeHalf = lit(tiny, v(tiny, 2n, 3n));
    expect(apply('fpdiv', ['RTP'], tiny, [one, threeHalf])!.value).toEqual(v(tiny, 0n, 2n));
    expect(apply('/', [], tiny, [one, threeHalf])!.value).toEqual(v(tiny, 0n, 1n));
  });

  it('fp1.cfa: 8 in fp[5,11] widens to 8 in fp[11,53], the value of the unsigned bit-vector 4\'d8 (-8 signed)', () => {
    const half = fpType(5, 11);
    const double = fpType(11, 53);
    const f2 = lit(half, v(half, 0b10010n, 0n));
    expect(F.toDouble(apply('fptofp', ['11,53', 'RNE'], double, [f2])!.value as FpValue)).toBe(8);
    expect(F.toDouble(apply('fpfrombv', ['11,53', 'u', 'RNE'], double, [bv(8, 4)])!.value as FpValue)).toBe(8);
    expect(F.toDouble(apply('fpfrombv', ['11,53', 's', 'RNE'], double, [bv(8, 4)])!.value as FpValue)).toBe(-8);
  });

  it('overflow goes to infinity or the largest finite value, by rounding mode', () => {
    const big = F.fromSingle(Math.fround(3.4e38));
    const max = 3.4028234663852886e38;
    expect(F.toSingle(F.maxFinite(F.SINGLE, false))).toBe(max);
    for (const rm of RMS) {
      const twice = F.mul(F.SINGLE, rm, big, F.fromSingle(2));
      const negative = F.mul(F.SINGLE, rm, big, F.fromSingle(-2));
      expect(F.toSingle(twice)).toBe(rm === 'RTZ' || rm === 'RTN' ? max : Infinity);
      expect(F.toSingle(negative)).toBe(rm === 'RTZ' || rm === 'RTP' ? -max : -Infinity);
    }
  });

  it('underflow goes through the subnormals to a signed zero, by rounding mode', () => {
    const min = F.fromDouble(5e-324);
    const half = F.fromDouble(0.5);
    expect(F.toDouble(F.mul(F.DOUBLE, 'RNE', min, half))).toBe(0);
    expect(Object.is(F.toDouble(F.mul(F.DOUBLE, 'RNE', F.neg(F.DOUBLE, min), half)), -0)).toBe(true);
    expect(F.toDouble(F.mul(F.DOUBLE, 'RNA', min, half))).toBe(5e-324);
    expect(F.toDouble(F.mul(F.DOUBLE, 'RTP', min, F.fromDouble(1e-300)))).toBe(5e-324);
    expect(F.toDouble(F.mul(F.DOUBLE, 'RTN', min, F.fromDouble(1e-300)))).toBe(0);
    expect(F.toDouble(F.mul(F.DOUBLE, 'RTN', F.neg(F.DOUBLE, min), F.fromDouble(1e-300)))).toBe(-5e-324);
    expect(F.toDouble(F.div(F.DOUBLE, 'RNE', F.fromDouble(2.2250738585072014e-308), F.fromDouble(4)))).toBe(2.2250738585072014e-308 / 4);
  });

  it('exact zero sums are +0, or -0 rounding toward negative', () => {
    const one = F.fromDouble(1);
    for (const rm of RMS) {
      const z = F.toDouble(F.sub(F.DOUBLE, rm, one, one));
      expect(Object.is(z, rm === 'RTN' ? -0 : 0)).toBe(true);
    }
  });

  it('square roots are exact where they can be, and correctly rounded otherwise', () => {
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RNE', F.fromDouble(2)))).toBe(Math.SQRT2);
    // the double nearest sqrt(2) lies above it: rounding toward zero gives the one below
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RTP', F.fromDouble(2)))).toBe(Math.SQRT2);
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RTZ', F.fromDouble(2)))).toBe(1.414213562373095);
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RTN', F.fromDouble(2)))).toBe(1.414213562373095);
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RNE', F.fromDouble(6.25)))).toBe(2.5);
    expect(Object.is(F.toDouble(F.sqrt(F.DOUBLE, 'RNE', F.fromDouble(-0))), -0)).toBe(true);
    expect(Number.isNaN(F.toDouble(F.sqrt(F.DOUBLE, 'RNE', F.fromDouble(-1))))).toBe(true);
    expect(F.toDouble(F.sqrt(F.DOUBLE, 'RNE', F.fromDouble(5e-324)))).toBe(Math.sqrt(5e-324));
  });

  it('IEEE remainder, round to integral, min and max', () => {
    const r = (x: number, y: number) => F.toDouble(F.rem(F.DOUBLE, F.fromDouble(x), F.fromDouble(y)));
    expect(r(5, 3)).toBe(-1);
    expect(r(7, 2)).toBe(-1);
    expect(r(5, 2)).toBe(1);
    expect(Object.is(r(-4, 2), -0)).toBe(true);
    expect(r(1, Infinity)).toBe(1);
    expect(Number.isNaN(r(Infinity, 1))).toBe(true);
    const rti = (x: number, rm: F.RoundingMode) => F.toDouble(F.roundToIntegral(F.DOUBLE, rm, F.fromDouble(x)));
    expect([rti(2.5, 'RNE'), rti(2.5, 'RNA'), rti(2.5, 'RTP'), rti(2.5, 'RTN'), rti(2.5, 'RTZ')]).toEqual([2, 3, 3, 2, 2]);
    expect([rti(-2.5, 'RNE'), rti(-2.5, 'RNA'), rti(-2.5, 'RTP'), rti(-2.5, 'RTN'), rti(-2.5, 'RTZ')]).toEqual([-2, -3, -2, -3, -2]);
    expect(Object.is(rti(-0.25, 'RNE'), -0)).toBe(true);
    const min = (x: number, y: number) => F.minMax(F.DOUBLE, 'min', F.fromDouble(x), F.fromDouble(y));
    expect(F.toDouble(min(NaN, 3)!)).toBe(3);
    expect(F.toDouble(min(-1, 3)!)).toBe(-1);
    expect(min(0, -0)).toBeUndefined();
    expect(F.toDouble(F.minMax(F.DOUBLE, 'max', F.fromDouble(-1), F.fromDouble(3))!)).toBe(3);
  });

  it('reads values as decimals for people: exact within binary64, approximate beyond', () => {
    expect(F.toDecimal(tiny, v(tiny, 0n, 2n))).toBe('0.5');
    expect(F.toDecimal(tiny, v(tiny, 2n, 3n))).toBe('3.5');
    expect(F.toDecimal(tiny, F.nan(tiny))).toBe('NaN');
    expect(F.toDecimal(tiny, F.inf(tiny, true))).toBe('-inf');
    expect(F.toDecimal(tiny, F.zero(tiny, true))).toBe('-0');
    expect(F.toDecimal(F.SINGLE, F.fromSingle(Math.fround(0.1)))).toBe('0.10000000149011612');
    const quad = { exp: 15, sig: 113 };
    expect(F.toDecimal(quad, F.div(quad, 'RNE', F.fromInteger(quad, 1n, 'RNE'), F.fromInteger(quad, 3n, 'RNE')))).toBe('~0.3333333333333333');
  });

  it('conversions to bit-vectors round by mode and are unspecified out of range', () => {
    const tb = (x: number, w: number, signed: boolean, rm: F.RoundingMode = 'RTZ') => F.toBits(F.DOUBLE, rm, F.fromDouble(x), w, signed);
    expect(tb(3.7, 8, false)).toBe(3n);
    expect(tb(3.5, 8, false, 'RNE')).toBe(4n);
    expect(tb(-3.7, 8, true)).toBe(253n);
    expect(tb(-0.5, 8, false)).toBe(0n);
    expect(tb(-1, 8, false)).toBeUndefined();
    expect(tb(256, 8, false)).toBeUndefined();
    expect(tb(128, 8, true)).toBeUndefined();
    expect(tb(-128, 8, true)).toBe(128n);
    expect(tb(NaN, 8, true)).toBeUndefined();
    expect(tb(Infinity, 8, true)).toBeUndefined();
    expect(F.toDouble(F.fromBits(F.DOUBLE, 'RNE', 255n, 8, true))).toBe(-1);
    expect(F.toSingle(F.fromBits(F.SINGLE, 'RTZ', (1n << 25n) - 1n, 25, false))).toBe(2 ** 25 - 2);
  });
});

// ---------------------------------------------------------------- against JavaScript

/** Random doubles that exercise every range: raw bit patterns, specials, subnormals, near-equal pairs. */
function doubles(rand: () => number): () => number {
  const view = new DataView(new ArrayBuffer(8));
  const specials = [0, -0, Infinity, -Infinity, NaN, 1, -1, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 2 ** -1022 - 2 ** -1074];
  return () => {
    const r = rand();
    if (r < 0.08) return specials[Math.floor(rand() * specials.length)]!;
    if (r < 0.45) {
      view.setUint32(0, Math.floor(rand() * 2 ** 32));
      view.setUint32(4, Math.floor(rand() * 2 ** 32));
      return view.getFloat64(0);
    }
    if (r < 0.6) return (rand() < 0.5 ? -1 : 1) * rand() * 2 ** -1022; // subnormal
    if (r < 0.75) return Math.round((rand() - 0.5) * 2 ** 20) / 2 ** Math.floor(rand() * 10); // short dyadics
    return (rand() - 0.5) * 2 ** Math.floor(rand() * 160 - 80);
  };
}

const same = (x: number, y: number): boolean => Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y));

describe('floating point against JavaScript (RNE)', () => {
  const PAIRS = 20_000;

  it(`fp[11,53] + - * / sqrt agree with doubles on ${PAIRS} random pairs`, () => {
    const rand = mulberry32(11_53);
    const next = doubles(rand);
    const wrong: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const a = next();
      // every fourth pair shares an exponent, to exercise cancellation
      const b = i % 4 === 0 ? a * (1 + (rand() - 0.5) * 2 ** -Math.floor(rand() * 52)) : next();
      const [x, y] = [F.fromDouble(a), F.fromDouble(b)];
      const cases: [string, number, FpValue][] = [
        ['+', a + b, F.add(F.DOUBLE, 'RNE', x, y)],
        ['-', a - b, F.sub(F.DOUBLE, 'RNE', x, y)],
        ['*', a * b, F.mul(F.DOUBLE, 'RNE', x, y)],
        ['/', a / b, F.div(F.DOUBLE, 'RNE', x, y)],
        ['sqrt', Math.sqrt(a), F.sqrt(F.DOUBLE, 'RNE', x)],
      ];
      for (const [op, want, got] of cases) if (!same(want, F.toDouble(got))) wrong.push(`${a} ${op} ${b}: ${want}, not ${F.toDouble(got)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it(`fp[8,24] + - * / sqrt and the conversion from fp[11,53] agree with Math.fround on ${PAIRS} random pairs`, () => {
    const rand = mulberry32(8_24);
    const next = doubles(rand);
    const single = (): number => {
      const r = rand();
      if (r < 0.5) return Math.fround(next() * 2 ** Math.floor(rand() * 40 - 20));
      const view = new DataView(new ArrayBuffer(4));
      view.setUint32(0, Math.floor(rand() * 2 ** 32));
      return view.getFloat32(0);
    };
    const wrong: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const [a, b] = [single(), single()];
      const [x, y] = [F.fromSingle(a), F.fromSingle(b)];
      const d = next();
      // binary64 has more than 2 * 24 + 2 bits, so rounding a double result to single is exact rounding
      const cases: [string, number, FpValue][] = [
        ['+', Math.fround(a + b), F.add(F.SINGLE, 'RNE', x, y)],
        ['-', Math.fround(a - b), F.sub(F.SINGLE, 'RNE', x, y)],
        ['*', Math.fround(a * b), F.mul(F.SINGLE, 'RNE', x, y)],
        ['/', Math.fround(a / b), F.div(F.SINGLE, 'RNE', x, y)],
        ['sqrt', Math.fround(Math.sqrt(a)), F.sqrt(F.SINGLE, 'RNE', x)],
        ['fptofp', Math.fround(d), F.convert(F.DOUBLE, F.SINGLE, 'RNE', F.fromDouble(d))],
      ];
      for (const [op, want, got] of cases) if (!same(want, F.toSingle(got))) wrong.push(`${a} ${op} ${b} (${d}): ${want}, not ${F.toSingle(got)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

// ---------------------------------------------------------------- against Z3

describe('floating point against Z3 (every operator, every rounding mode)', () => {
  let z3: Z3Context;
  beforeAll(async () => {
    z3 = await loadZ3();
  });

  afterAll(async () => {
    await shutdown();
  });

  /** Z3's value of a closed term: `Z3_simplify` evaluates fp operators on numerals. */
  function z3Value(e: Expr): Expr | string {
    const t = translator(z3);
    const s = z3.keep(z3.em._Z3_simplify(z3.ctx, t.toZ3(e)));
    try {
      return t.fromZ3Value(s, e.type);
    } catch {
      return t.show(s);
    } finally {
      z3.release(s);
    }
  }

  /** Every value of a format (as distinct literals), or a random sample plus the special ones. */
  function values(t: FpType, rand: () => number, sample?: number): Expr[] {
    const out = new Set<Expr>();
    const p = { top: (1n << BigInt(t.exp)) - 1n, frac: (1n << BigInt(t.sig - 1)) - 1n };
    if (sample === undefined) {
      for (const sign of [false, true]) {
        for (let e = 0n; e <= p.top; e++) for (let s = 0n; s <= p.frac; s++) out.add(fpLit(t, { sign, exp: e, sig: s }));
      }
      return [...out];
    }
    for (const sign of [false, true]) {
      for (const [e, s] of [[0n, 0n], [0n, 1n], [0n, p.frac], [1n, 0n], [p.top - 1n, p.frac], [p.top, 0n], [p.top, 1n], [p.top >> 1n, 0n]] as const) {
        out.add(fpLit(t, { sign, exp: e, sig: s }));
      }
    }
    while (out.size < sample) {
      const e = BigInt(Math.floor(rand() * Number(p.top + 1n)));
      const s = BigInt(Math.floor(rand() * Number(p.frac + 1n)));
      out.add(fpLit(t, { sign: rand() < 0.5, exp: e, sig: s }));
    }
    return [...out];
  }

  const BINARY_ROUNDED = ['fpadd', 'fpsub', 'fpmul', 'fpdiv'];
  const BINARY_PLAIN = ['fprem', 'fpmin', 'fpmax', '=', '/=', '<', '<=', '>', '>=', '+', '-', '*', '/'];
  const UNARY_ROUNDED = ['fpsqrt', 'fproundtoint'];
  const UNARY_PLAIN = ['fpabs', 'fpneg', 'fppos', 'fpisnan', '-'];
  const BOOLEAN = new Set(['=', '/=', '<', '<=', '>', '>=', 'fpisnan']);

  interface Tally { cases: number; unspecified: number; wrong: string[] }

  /** Compares TypeScript and Z3 on one term; unspecified results (undefined in TypeScript) are skipped. */
  function compare(e: Expr, tally: Tally): void {
    tally.cases++;
    const mine = fold(e, e.args);
    if (mine === undefined) { tally.unspecified++; return; }
    const theirs = z3Value(e);
    if (theirs !== mine) {
      tally.wrong.push(`${printExpr(e, 'cfa')}: TypeScript ${printExpr(mine, 'cfa')}, Z3 ${typeof theirs === 'string' ? theirs : printExpr(theirs, 'cfa')}`);
    }
  }

  /**
   * Z3 4.x rounds fp[2,S] subnormals to integral wrongly (0.25 to 1.0 in RNE: with 2 exponent bits
   * its subnormal exponent is -1, which its round-to-integral takes for a value in [0.5, 1)), and
   * its bit-blaster fails on it (`invalid extract application`): that one corner is not compared.
   */
  const z3Bug = (t: FpType, name: string, x: Expr) => name === 'fproundtoint' && t.exp === 2 && (x.value as FpValue).exp === 0n;

  function operators(t: FpType, vals: readonly Expr[], tally: Tally): void {
    const typeOf = (name: string) => (BOOLEAN.has(name) ? BoolT : t);
    for (const x of vals) {
      for (const name of UNARY_PLAIN) compare(fpOp(name, [], typeOf(name), [x]), tally);
      for (const name of UNARY_ROUNDED) for (const rm of RMS) if (!z3Bug(t, name, x)) compare(fpOp(name, [rm], t, [x]), tally);
      for (const y of vals) {
        for (const name of BINARY_PLAIN) compare(fpOp(name, [], typeOf(name), [x, y]), tally);
        for (const name of BINARY_ROUNDED) for (const rm of RMS) compare(fpOp(name, [rm], t, [x, y]), tally);
      }
    }
  }

  const FORMATS: [FpType, number | undefined][] = [
    [fpType(2, 3), undefined], // all 32 bit patterns, every pair
    [fpType(3, 4), 26],
    [fpType(4, 3), 24],
    [fpType(5, 11), 26],
  ];
  const tallies: Tally[] = [];

  for (const [t, sample] of FORMATS) {
    it(`${t.key}: ${sample === undefined ? 'every value' : `${sample} values`}, all pairs, + - * / rem sqrt roundtoint min max abs neg comparisons`, () => {
      const tally: Tally = { cases: 0, unspecified: 0, wrong: [] };
      operators(t, values(t, mulberry32(t.exp * 100 + t.sig), sample), tally);
      tallies.push(tally);
      expect(tally.wrong.slice(0, 5)).toEqual([]);
      expect(tally.cases - tally.unspecified).toBeGreaterThan(5000);
    });
  }

  it('fptofp between formats, fpfrombv and fptobv (signed and unsigned), every rounding mode', () => {
    const rand = mulberry32(2024);
    const tally: Tally = { cases: 0, unspecified: 0, wrong: [] };
    const formats = [fpType(2, 3), fpType(3, 4), fpType(4, 3), fpType(5, 11), fpType(8, 24), fpType(11, 53)];
    for (const from of formats) {
      for (const x of values(from, rand, from.exp + from.sig <= 8 ? undefined : 40)) {
        for (const rm of RMS) {
          for (const to of formats) if (to !== from) compare(fpOp('fptofp', [`${to.exp},${to.sig}`, rm], to, [x]), tally);
          for (const w of [1, 3, 5, 12]) for (const s of ['u', 's']) compare(fpOp('fptobv', [`${w}'${s}`, rm], bvType(w), [x]), tally);
        }
      }
    }
    for (const to of formats) {
      for (const w of [1, 4, 7, 30]) {
        for (let i = 0; i < 24; i++) {
          const b = bv(w <= 4 ? i % 2 ** w : Math.floor(rand() * 2 ** w), w);
          for (const rm of RMS) for (const s of ['u', 's']) compare(fpOp('fpfrombv', [`${to.exp},${to.sig}`, s, rm], to, [b]), tally);
        }
      }
    }
    tallies.push(tally);
    expect(tally.wrong.slice(0, 5)).toEqual([]);
    expect(tally.cases - tally.unspecified).toBeGreaterThan(20_000);
  });

  it('in total, tens of thousands of cases agree', () => {
    const compared = tallies.reduce((n, t) => n + t.cases - t.unspecified, 0);
    console.log(`floating point against Z3: ${compared} cases compared (${tallies.reduce((n, t) => n + t.unspecified, 0)} unspecified skipped)`);
    expect(compared).toBeGreaterThan(100_000);
  });
});
