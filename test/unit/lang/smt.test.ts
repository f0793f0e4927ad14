/** The Z3 bridge: translation of every operator, models, cores, activation literals, time limits. */
import { describe, expect, it } from 'vitest';
import { Expr, False, True, add, and, arrayLit, arrayValue, bool, bv, bvop, concat, declareVar, div, eq, exists, extend, extract, forall, fpLit, fpOp, ge, gt, iff, imply, indexed, int, ite, le, lt, mod, mul, neg, neq, not, or, prime, rat, read, ref, rem, sub, toRat, write, xor } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, arrayType, bvType, fpType } from '../../../lang/types.js';
import { Solver } from '../../../lang/smt/solver.js';
import { translator } from '../../../lang/smt/translate.js';
import { fold } from '../../../lang/fold.js';
import { testSolver } from '../../support/z3.js';

const smt = testSolver();

/** The value of a closed expression, computed by Z3. */
function value(e: Expr): Expr {
  expect(smt.solver.check()).toBe('sat');
  const m = smt.solver.model();
  try {
    return m.eval(e);
  } finally {
    m.dispose();
  }
}

/** True if Z3 proves `e` valid. */
function valid(e: Expr): boolean {
  return smt.solver.check([not(e)]) === 'unsat';
}

const b4 = (v: number): Expr => bv(v, 4);

describe('translation of operators, checked on literals', () => {
  it('Boolean connectives', () => {
    expect(value(and(True, True, False))).toBe(False);
    expect(value(and(True, True, True))).toBe(True);
    expect(value(or(False, False, True))).toBe(True);
    expect(value(or(False, False, False))).toBe(False);
    expect(value(xor(True, True))).toBe(False);
    expect(value(xor(True, False))).toBe(True);
    expect(value(imply(True, False))).toBe(False);
    expect(value(imply(False, False))).toBe(True);
    expect(value(iff(False, False))).toBe(True);
    expect(value(not(True))).toBe(False);
    expect(value(ite(False, int(1), int(2)))).toBe(int(2));
    expect(value(ite(True, bool(true), bool(false)))).toBe(True);
    expect(value(eq(int(3), int(3)))).toBe(True);
    expect(value(neq(int(3), int(3)))).toBe(False);
    expect(value(neq(b4(1), b4(2)))).toBe(True);
  });

  it('integer arithmetic, with Euclidean div and mod', () => {
    expect(value(add(int(2), int(3), int(-4)))).toBe(int(1));
    expect(value(sub(int(2), int(5)))).toBe(int(-3));
    expect(value(mul(int(-2), int(3), int(4)))).toBe(int(-24));
    expect(value(neg(int(7)))).toBe(int(-7));
    expect(value(div(int(-5), int(3)))).toBe(int(-2));
    expect(value(div(int(5), int(-3)))).toBe(int(-1));
    expect(value(div(int(-5), int(-3)))).toBe(int(2));
    expect(value(div(int(7), int(2)))).toBe(int(3));
    expect(value(mod(int(-5), int(3)))).toBe(int(1));
    expect(value(mod(int(5), int(-3)))).toBe(int(2));
    expect(value(mod(int(-5), int(-3)))).toBe(int(1));
  });

  it('rem is mod for a positive divisor and its negation for a negative one', () => {
    expect(value(rem(int(5), int(3)))).toBe(int(2));
    expect(value(rem(int(5), int(-3)))).toBe(int(-2));
    expect(value(rem(int(-5), int(3)))).toBe(int(1));
    expect(value(rem(int(-5), int(-3)))).toBe(int(-1));
  });

  it('big integer literals', () => {
    const big = 123456789012345678901234567890n;
    expect(value(add(int(big), int(1)))).toBe(int(big + 1n));
    expect(value(neg(int(big)))).toBe(int(-big));
  });

  it('rational arithmetic, exact division and int-to-rat conversion', () => {
    expect(value(div(rat(1), rat(3)))).toBe(rat(1, 3));
    expect(value(add(rat(-7, 3), toRat(int(1))))).toBe(rat(-4, 3));
    expect(value(mul(rat(2, 3), rat(-3, 4)))).toBe(rat(-1, 2));
    expect(value(div(int(7), rat(2)))).toBe(rat(7, 2));
    expect(value(sub(rat(1, 2), rat(1, 2)))).toBe(rat(0));
  });

  it('comparisons on int and rat', () => {
    expect(value(lt(int(1), int(2)))).toBe(True);
    expect(value(le(int(2), int(2)))).toBe(True);
    expect(value(gt(int(1), int(2)))).toBe(False);
    expect(value(ge(rat(1, 3), rat(1, 2)))).toBe(False);
    expect(value(lt(int(0), rat(1, 2)))).toBe(True);
  });

  it('arrays: read, write and literals', () => {
    const lit = arrayLit(IntT, [[int(1), int(10)], [int(2), int(20)]], int(0));
    expect(value(read(lit, int(2)))).toBe(int(20));
    expect(value(read(lit, int(5)))).toBe(int(0));
    expect(value(read(write(lit, int(5), int(50)), int(5)))).toBe(int(50));
    expect(value(read(write(lit, int(1), int(11)), int(1)))).toBe(int(11));
    expect(value(write(lit, int(3), int(30)))).toBe(arrayValue(IntT, [[int(1), int(10)], [int(2), int(20)], [int(3), int(30)]], int(0)));
    expect(value(write(lit, int(1), int(0)))).toBe(arrayValue(IntT, [[int(2), int(20)]], int(0)));
    const nested = arrayLit(BoolT, [[True, arrayLit(IntT, [], int(1))]], arrayLit(IntT, [], int(2)));
    expect(value(read(read(nested, True), int(9)))).toBe(int(1));
  });

  it('bit-vector arithmetic and bitwise operators', () => {
    expect(value(bvop('bvadd', b4(9), b4(9)))).toBe(b4(2));
    expect(value(bvop('bvsub', b4(1), b4(2)))).toBe(b4(15));
    expect(value(bvop('bvmul', b4(5), b4(3)))).toBe(b4(15));
    expect(value(bvop('bvudiv', b4(15), b4(2)))).toBe(b4(7));
    expect(value(bvop('bvsdiv', b4(-7), b4(2)))).toBe(b4(-3));
    expect(value(bvop('bvurem', b4(15), b4(4)))).toBe(b4(3));
    expect(value(bvop('bvsrem', b4(-7), b4(2)))).toBe(b4(-1));
    expect(value(bvop('bvsmod', b4(-7), b4(2)))).toBe(b4(1));
    expect(value(bvop('bvand', b4(0b1100), b4(0b1010)))).toBe(b4(0b1000));
    expect(value(bvop('bvor', b4(0b1100), b4(0b1010)))).toBe(b4(0b1110));
    expect(value(bvop('bvxor', b4(0b1100), b4(0b1010)))).toBe(b4(0b0110));
    expect(value(bvop('bvnot', b4(0b1100)))).toBe(b4(0b0011));
    expect(value(bvop('bvneg', b4(1)))).toBe(b4(15));
    expect(value(bvop('bvshl', b4(0b0011), b4(2)))).toBe(b4(0b1100));
    expect(value(bvop('bvlshr', b4(0b1000), b4(2)))).toBe(b4(0b0010));
    expect(value(bvop('bvashr', b4(0b1000), b4(2)))).toBe(b4(0b1110));
  });

  it('rotations take a bit-vector amount', () => {
    expect(value(bvop('bvrol', b4(0b1001), b4(1)))).toBe(b4(0b0011));
    expect(value(bvop('bvror', b4(0b1001), b4(1)))).toBe(b4(0b1100));
    expect(value(bvop('bvror', b4(0b1001), b4(5)))).toBe(b4(0b1100));
    const x = ref(declareVar('x', bvType(4)));
    expect(valid(eq(bvop('bvrol', bvop('bvror', x, b4(3)), b4(3)), x))).toBe(true);
  });

  it('bit-vector comparisons, unsigned and signed', () => {
    expect(value(bvop('bvult', b4(1), b4(15)))).toBe(True);
    expect(value(bvop('bvslt', b4(1), b4(15)))).toBe(False);
    expect(value(bvop('bvule', b4(15), b4(15)))).toBe(True);
    expect(value(bvop('bvsle', b4(8), b4(7)))).toBe(True);
    expect(value(bvop('bvugt', b4(8), b4(7)))).toBe(True);
    expect(value(bvop('bvsgt', b4(8), b4(7)))).toBe(False);
    expect(value(bvop('bvuge', b4(0), b4(1)))).toBe(False);
    expect(value(bvop('bvsge', b4(0), b4(15)))).toBe(True);
  });

  it('concat puts the left operand high; extract has an exclusive upper bound', () => {
    const x = concat(bv(0b10, 2), bv(0b01, 2), bv(1, 1));
    expect(value(x)).toBe(bv(0b10011, 5));
    expect(value(extract(x, 5, 3))).toBe(bv(0b10, 2));
    expect(value(extract(x, 3, 0))).toBe(bv(0b011, 3));
    expect(value(extract(x, 1, 0))).toBe(bv(1, 1));
  });

  it('zero and sign extension to a total width', () => {
    expect(value(extend('zext', b4(0b1010), 8))).toBe(bv(0b00001010, 8));
    expect(value(extend('sext', b4(0b1010), 8))).toBe(bv(0b11111010, 8));
    expect(value(extend('sext', b4(0b0110), 8))).toBe(bv(0b00000110, 8));
    expect(value(extend('zext', b4(5), 4))).toBe(b4(5));
  });

  it('wide bit-vector literals', () => {
    const w = 100;
    expect(value(bvop('bvadd', bv((1n << 99n) + 5n, w), bv(1, w)))).toBe(bv((1n << 99n) + 6n, w));
    expect(value(bvop('bvneg', bv(1, 64)))).toBe(bv(-1, 64));
  });

  it('quantifiers over the bound variables', () => {
    const x = declareVar('x', IntT);
    const y = declareVar('y', IntT);
    expect(valid(forall([x], gt(add(ref(x), int(1)), ref(x))))).toBe(true);
    expect(valid(forall([x], gt(ref(x), int(0))))).toBe(false);
    expect(valid(exists([x], eq(mul(int(2), ref(x)), int(6))))).toBe(true);
    expect(valid(exists([x], eq(mul(int(2), ref(x)), int(7))))).toBe(false);
    expect(valid(forall([x], exists([y], lt(ref(x), ref(y)))))).toBe(true);
  });

  it('variables, step-indexed copies and primes are distinct constants', () => {
    const x = declareVar('x', IntT);
    const f = and(eq(ref(x), int(0)), eq(ref(indexed(x, 0)), int(1)), eq(ref(indexed(x, 1)), int(2)), eq(prime(ref(x)), int(3)));
    smt.solver.push();
    smt.solver.add(f);
    expect(smt.solver.check()).toBe('sat');
    const m = smt.solver.model();
    expect(m.eval(ref(x))).toBe(int(0));
    expect(m.eval(ref(indexed(x, 0)))).toBe(int(1));
    expect(m.eval(ref(indexed(x, 1)))).toBe(int(2));
    expect(m.eval(prime(ref(x)))).toBe(int(3));
    m.dispose();
    smt.solver.pop();
  });

  it('floating point: sorts, literals, operators; model values read back, NaN, infinities, zeros and subnormals included', () => {
    const f = fpType(5, 11);
    const x = ref(declareVar('fx', f));
    const y = ref(declareVar('fy', f));
    const lit = (sign: boolean, exp: bigint, sig: bigint) => fpLit(f, { sign, exp, sig });
    const one = lit(false, 15n, 0n);
    const special = [
      lit(false, 31n, 512n), lit(false, 31n, 0n), lit(true, 31n, 0n), lit(false, 0n, 0n), lit(true, 0n, 0n),
      lit(false, 0n, 1n), lit(true, 0n, 1023n), one, lit(true, 30n, 1023n),
    ];
    for (const c of special) {
      smt.solver.push();
      smt.solver.add(eq(x, c));
      expect(value(x)).toBe(c);
      smt.solver.pop();
    }
    // SMT-LIB `=` is identity (NaN = NaN, +0 /= -0); the CFA language's `=` is IEEE equality
    const nan = special[0]!;
    const [pz, nz] = [special[3]!, special[4]!];
    expect(valid(eq(nan, nan))).toBe(true);
    expect(valid(fpOp('=', [], BoolT, [nan, nan]))).toBe(false);
    expect(valid(not(eq(pz, nz)))).toBe(true);
    expect(valid(fpOp('=', [], BoolT, [pz, nz]))).toBe(true);
    expect(valid(fpOp('/=', [], BoolT, [nan, nan]))).toBe(true);
    // operators over variables: x + 1 = 2 in RNE holds for x = 1 and, by ties to even, for its neighbours
    smt.solver.push();
    const sum = fpOp('fpadd', ['RNE'], f, [x, one]);
    smt.solver.add(and(eq(sum, lit(false, 16n, 0n)), not(eq(x, one))));
    const vx0 = value(x);
    smt.solver.pop();
    expect([lit(false, 14n, 1023n), lit(false, 15n, 1n)]).toContain(vx0);
    expect(fold(sum, [vx0, one])).toBe(lit(false, 16n, 0n));
    // x / y rounded up differs from rounded to nearest: Z3 finds operands, the values replay in TypeScript
    smt.solver.push();
    const up = fpOp('fpdiv', ['RTP'], f, [x, y]);
    const near = fpOp('/', [], f, [x, y]);
    smt.solver.add(not(eq(up, near)));
    expect(smt.solver.check()).toBe('sat');
    const m = smt.solver.model();
    const [vx, vy, vUp, vNear] = [m.eval(x), m.eval(y), m.eval(up), m.eval(near)];
    m.dispose();
    smt.solver.pop();
    expect(fold(up, [vx, vy])).toBe(vUp);
    expect(fold(near, [vx, vy])).toBe(vNear);
    expect(vUp).not.toBe(vNear);
    // conversions, sqrt and comparisons
    const double = fpType(11, 53);
    expect(value(fpOp('fptofp', ['11,53', 'RNE'], double, [one]))).toBe(fpLit(double, { sign: false, exp: 1023n, sig: 0n }));
    expect(value(fpOp('fpfrombv', ['5,11', 's', 'RNE'], f, [bv(-1, 4)]))).toBe(lit(true, 15n, 0n));
    expect(value(fpOp('fptobv', ["8'u", 'RTZ'], bvType(8), [lit(false, 16n, 512n)]))).toBe(bv(3, 8));
    expect(value(fpOp('fpsqrt', ['RNE'], f, [lit(false, 17n, 0n)]))).toBe(lit(false, 16n, 0n));
    expect(valid(fpOp('<', [], BoolT, [nz, one]))).toBe(true);
    expect(valid(fpOp('fpisnan', [], BoolT, [fpOp('fpsub', ['RNE'], f, [special[1]!, special[1]!])]))).toBe(true);
    // floats inside arrays
    const arr = ref(declareVar('fa', arrayType(IntT, f)));
    smt.solver.push();
    smt.solver.add(eq(read(arr, int(3)), nz));
    expect(value(read(arr, int(3)))).toBe(nz);
    smt.solver.pop();
    expect(translator(smt.solver.z3).typeOf(translator(smt.solver.z3).sort(f))).toBe(f);
  });

  it('translates DAGs thousands of levels deep', () => {
    const x = declareVar('x', BoolT);
    let e: Expr = ref(x);
    for (let i = 0; i < 20000; i++) e = xor(e, i % 3 === 0 ? True : ref(x));
    expect(() => translator(smt.solver.z3).toZ3(e)).not.toThrow();
    let n: Expr = int(0);
    for (let i = 0; i < 5000; i++) n = add(n, int(1));
    expect(value(n)).toBe(int(5000));
  });

  it('back-translation of Z3 terms over known variables', () => {
    const x = ref(declareVar('x', IntT));
    const y = ref(declareVar('y', RatT));
    const a = ref(declareVar('a', arrayType(IntT, IntT)));
    const p = ref(declareVar('p', BoolT));
    const t = translator(smt.solver.z3);
    for (const e of [
      and(le(x, int(3)), or(p, not(p))),
      eq(mod(add(x, int(2)), int(4)), int(0)),
      ite(p, lt(toRat(x), y), ge(y, rat(-1, 2))),
      eq(read(write(a, x, int(5)), int(1)), div(x, int(2))),
      imply(p, iff(p, or(p, p))),
      eq(extract(concat(bv(1, 2), ref(declareVar('b', bvType(6)))), 8, 2), bvop('bvadd', bv(3, 6), bv(4, 6))),
    ]) {
      expect(t.fromZ3(t.toZ3(e))).toBe(e);
    }
  });
});

describe('models', () => {
  it('read back as valuations of every type', () => {
    const i = declareVar('i', IntT);
    const r = declareVar('r', RatT);
    const b = declareVar('b', BoolT);
    const v = declareVar('v', bvType(8));
    const a = declareVar('a', arrayType(IntT, BoolT));
    const free = declareVar('free', IntT);
    smt.solver.push();
    smt.solver.add(and(
      eq(ref(i), int(-17)), eq(mul(int(3), ref(r)), rat(-2)), not(ref(b)), eq(ref(v), bv(200, 8)),
      read(ref(a), int(4)), not(read(ref(a), int(-1))),
    ));
    expect(smt.solver.check()).toBe('sat');
    const m = smt.solver.model();
    const val = m.valuation([i, r, b, v, free]);
    expect(val.get(i)).toBe(int(-17));
    expect(val.get(r)).toBe(rat(-2, 3));
    expect(val.get(b)).toBe(False);
    expect(val.get(v)).toBe(bv(200, 8));
    expect(val.get(free)!.op).toBe('lit');
    expect(m.eval(ref(free))).toBe(val.get(free));
    const arr = m.eval(ref(a));
    expect(arr.op).toBe('arraylit');
    expect(m.eval(read(ref(a), int(4)))).toBe(True);
    expect(value(read(arr, int(4)))).toBe(True);
    expect(value(read(arr, int(-1)))).toBe(False);
    m.dispose();
    smt.solver.pop();
  });

  it('arrays of arrays and arrays equal to a literal', () => {
    const a = declareVar('a', arrayType(IntT, arrayType(IntT, IntT)));
    const lit = arrayValue(IntT, [[int(1), arrayValue(IntT, [[int(2), int(3)]], int(0))]], arrayValue(IntT, [], int(7)));
    smt.solver.push();
    smt.solver.add(eq(ref(a), lit));
    expect(smt.solver.check()).toBe('sat');
    const m = smt.solver.model();
    expect(m.eval(ref(a))).toBe(lit);
    m.dispose();
    smt.solver.pop();
  });

  it('lambda array values as Z3 builds them for quantified constraints', () => {
    const z3 = smt.solver.z3;
    const t = translator(smt.solver.z3);
    const i = ref(declareVar('i', IntT));
    const body = t.toZ3(ite(eq(i, int(1)), int(10), ite(eq(int(2), i), int(20), int(0))));
    const [bound] = z3.arrays([t.toZ3(i)]);
    const lambda = z3.keep(z3.em._Z3_mk_lambda_const(z3.ctx, 1, bound!, body));
    expect(t.fromZ3Value(lambda, arrayType(IntT, IntT))).toBe(arrayValue(IntT, [[int(1), int(10)], [int(2), int(20)]], int(0)));
    z3.release(lambda);
  });
});

describe('incremental solving', () => {
  it('push and pop', () => {
    const x = ref(declareVar('x', IntT));
    smt.solver.push();
    smt.solver.add(gt(x, int(3)));
    smt.solver.push();
    smt.solver.add(lt(x, int(2)));
    expect(smt.solver.check()).toBe('unsat');
    smt.solver.pop();
    expect(smt.solver.check()).toBe('sat');
    smt.solver.pop();
    expect(smt.solver.scopes).toBe(0);
    expect(() => smt.solver.pop()).toThrow();
  });

  it('unsat cores name the assumptions passed in', () => {
    const x = ref(declareVar('x', IntT));
    const p = ref(declareVar('p', BoolT));
    const q = ref(declareVar('q', BoolT));
    const s = new Solver(smt.solver.z3);
    s.add(imply(p, gt(x, int(10))));
    const a1 = lt(x, int(5));
    const a2 = ge(x, int(0));
    expect(s.check([a2, p, a1, not(q)])).toBe('unsat');
    const core = s.unsatCore();
    expect(new Set(core)).toEqual(new Set([p, a1]));
    expect(s.check([a2, p])).toBe('sat');
    expect(s.check([a1, a2])).toBe('sat');
    s.dispose();
  });

  it('indicators of assumptions asserted inside a popped scope are made again', () => {
    const x = ref(declareVar('x', IntT));
    const s = new Solver(smt.solver.z3);
    s.add(gt(x, int(0)));
    s.push();
    expect(s.check([lt(x, int(0))])).toBe('unsat');
    s.pop();
    expect(s.check([lt(x, int(0))])).toBe('unsat');
    expect(s.check([lt(x, int(5))])).toBe('sat');
    s.dispose();
  });

  it('activation literals select and retire formulas', () => {
    const x = ref(declareVar('x', IntT));
    const s = new Solver(smt.solver.z3);
    const low = s.guard(lt(x, int(0)));
    const high = s.guard(gt(x, int(0)));
    expect(low.op).toBe('var');
    expect(s.check([low])).toBe('sat');
    expect(s.check([high])).toBe('sat');
    expect(s.check([low, high])).toBe('unsat');
    expect(new Set(s.unsatCore())).toEqual(new Set([low, high]));
    expect(s.check()).toBe('sat');
    s.retire(low);
    expect(s.check([low])).toBe('unsat');
    expect(s.check([high])).toBe('sat');
    s.dispose();
  });

  it('statistics count every check', () => {
    const s = new Solver(smt.solver.z3);
    s.add(ref(declareVar('p', BoolT)));
    for (let i = 0; i < 5; i++) s.check();
    expect(s.stats.checks).toBe(5);
    expect(s.stats.timeMs).toBeGreaterThanOrEqual(0);
    s.dispose();
  });

  it('a time limit turns a hard query into unknown', () => {
    // the pigeonhole principle PHP(13, 12): 13 pigeons, 12 holes, far beyond 100 ms for CDCL
    const pigeons = 13;
    const holes = 12;
    const p = Array.from({ length: pigeons }, (_, i) => Array.from({ length: holes }, (_, j) => ref(declareVar(`p${i}_${j}`, BoolT))));
    const s = new Solver(smt.solver.z3);
    for (let i = 0; i < pigeons; i++) s.add(or(...p[i]!));
    for (let j = 0; j < holes; j++) {
      for (let i = 0; i < pigeons; i++) for (let k = i + 1; k < pigeons; k++) s.add(not(and(p[i]![j]!, p[k]![j]!)));
    }
    s.setTimeout(100);
    expect(s.check()).toBe('unknown');
    expect(s.reasonUnknown()).toMatch(/timeout|canceled/);
    s.setTimeout(undefined);
    s.dispose();
  });

  it("effort is Z3's resource count: a check with more to do costs more, and a repeated check the same", () => {
    const x = ref(declareVar('effort_x', IntT));
    const y = ref(declareVar('effort_y', IntT));
    const cost = (e: Expr): number => {
      const s = new Solver(smt.solver.z3);
      try {
        s.add(e);
        const before = s.effort();
        s.check();
        return s.effort() - before;
      } finally {
        s.dispose();
      }
    };
    const easy = and(ge(x, int(0)), le(x, int(1)));
    const hard = and(ge(x, int(0)), le(y, int(100)), eq(add(mul(int(3), x), mul(int(5), y)), int(401)), gt(x, y));
    expect(cost(easy)).toBeGreaterThan(0);
    expect(cost(hard)).toBeGreaterThan(cost(easy));
    expect(cost(hard)).toBe(cost(hard));
  });
});
