import { describe, expect, it } from 'vitest';
import * as E from '../../../lang/expr.js';
import { BoolT, IntT, RatT, arrayType, bvType } from '../../../lang/types.js';
import { evaluate, evaluateIn, lookupIn } from '../../../lang/eval.js';
import { simplify } from '../../../lang/simplify.js';
import { printExpr } from '../../../lang/print.js';
import { minimiseCubes } from '../../../lang/cubes.js';

const x = E.declareVar('x', IntT);
const y = E.declareVar('y', IntT);
const p = E.declareVar('p', BoolT);
const q = E.declareVar('q', BoolT);
const X = E.ref(x);
const Y = E.ref(y);
const P = E.ref(p);
const Q = E.ref(q);

function value(e: E.Expr): unknown {
  const v = evaluate(e, () => undefined);
  return v?.value;
}

describe('hash-consing', () => {
  it('gives structurally equal expressions the same identity', () => {
    expect(E.add(X, E.int(1))).toBe(E.add(E.ref(x), E.int(1n)));
    expect(E.add(X, E.int(1))).not.toBe(E.add(E.int(1), X));
    expect(E.rat(2, 4)).toBe(E.rat(1, 2));
    expect(E.bv(-1, 4)).toBe(E.bv(15, 4));
  });

  it('keeps distinct variables of the same name apart', () => {
    const x2 = E.declareVar('x', IntT);
    expect(E.ref(x2)).not.toBe(X);
  });

  it('type-checks constructors', () => {
    expect(() => E.and(X)).toThrow(E.ExprTypeError);
    expect(() => E.eq(X, P)).toThrow(/same type/);
    expect(() => E.mod(E.toRat(X), X)).toThrow(E.ExprTypeError);
    expect(E.add(X, E.rat(1, 2)).type).toBe(RatT);
    expect(bvType(8)).toBe(bvType(8));
    expect(arrayType(IntT, BoolT)).toBe(arrayType(IntT, BoolT));
  });
});

describe('priming, step indexing and substitution', () => {
  it('primes every variable, and indexes steps', () => {
    const e = E.eq(E.prime(E.add(X, Y)), E.add(X, E.int(1)));
    expect(printExpr(e, 'sts')).toBe("x' + y' = x + 1");
    const at3 = E.atStep(e, 3);
    expect(printExpr(at3, 'sts')).toBe('x<4> + y<4> = x<3> + 1');
    expect(E.indexed(x, 4)).toBe(E.indexed(x, 4));
    expect(E.freeVars(at3).map((v) => v.name)).toEqual(['x<4>', 'y<4>', 'x<3>']);
  });

  it('substitutes without touching bound variables', () => {
    const b = E.declareVar('x', IntT);
    const body = E.forall([b], E.gt(E.ref(b), X));
    const s = E.substitute(body, new Map([[x, E.int(7)]]));
    expect(printExpr(s, 'cfa')).toBe('forall (x : int) x > 7');
  });

  it('walks DAGs far deeper than the stack', () => {
    let e: E.Expr = P;
    for (let i = 0; i < 100_000; i++) e = E.and(E.not(e), Q);
    const s = E.substitute(e, new Map([[q, E.True]]));
    expect(E.postorder(s).length).toBeGreaterThan(100_000);
    expect(evaluateIn(e, new Map([[p, E.True], [q, E.True]]))).toBe(E.True);
  });
});

describe('operator semantics', () => {
  it('divides integers the Euclidean way', () => {
    const cases: [number, number, number, number, number][] = [
      [-5, 3, -2, 1, 1], [5, -3, -1, 2, -2], [-5, -3, 2, 1, -1], [5, 3, 1, 2, 2],
    ];
    for (const [a, b, q, m, r] of cases) {
      expect(value(E.div(E.int(a), E.int(b)))).toBe(BigInt(q));
      expect(value(E.mod(E.int(a), E.int(b)))).toBe(BigInt(m));
      expect(value(E.rem(E.int(a), E.int(b)))).toBe(BigInt(r));
    }
    expect(value(E.div(E.int(1), E.int(0)))).toBeUndefined();
  });

  it('computes rationals exactly', () => {
    expect(evaluate(E.add(E.rat(1, 2), E.rat(1, 3)), () => undefined)).toBe(E.rat(5, 6));
    expect(evaluate(E.div(E.rat(1, 2), E.int(2)), () => undefined)).toBe(E.rat(1, 4));
    expect(value(E.lt(E.rat(1, 3), E.rat(1, 2)))).toBe(true);
  });

  it('follows the bit-vector rules of the CFA language and SMT-LIB', () => {
    const b = (v: number, w: number) => E.bv(v, w);
    expect(evaluate(E.extract(b(0b10011, 5), 5, 3), () => undefined)).toBe(b(0b10, 2));
    expect(evaluate(E.concat(b(0b10, 2), b(0b01, 2), b(1, 1)), () => undefined)).toBe(b(0b10011, 5));
    expect(evaluate(E.extend('sext', b(0b10, 2), 4), () => undefined)).toBe(b(0b1110, 4));
    expect(evaluate(E.bvop('bvror', b(0b0001, 4), b(1, 4)), () => undefined)).toBe(b(0b1000, 4));
    expect(evaluate(E.bvop('bvudiv', b(7, 4), b(0, 4)), () => undefined)).toBe(b(15, 4));
    expect(evaluate(E.bvop('bvsdiv', b(-7, 4), b(2, 4)), () => undefined)).toBe(b(-3, 4));
    expect(evaluate(E.bvop('bvsmod', b(-7, 4), b(2, 4)), () => undefined)).toBe(b(1, 4));
    expect(evaluate(E.bvop('bvsrem', b(-7, 4), b(2, 4)), () => undefined)).toBe(b(-1, 4));
    expect(evaluate(E.bvop('bvashr', b(0b1000, 4), b(2, 4)), () => undefined)).toBe(b(0b1110, 4));
    expect(value(E.bvop('bvslt', b(0b1000, 4), b(1, 4)))).toBe(true);
    expect(value(E.bvop('bvult', b(0b1000, 4), b(1, 4)))).toBe(false);
  });

  it('reads, writes and compares array values', () => {
    const empty = E.arrayLit(IntT, [], E.False);
    const a = E.write(E.write(empty, E.int(1), E.True), E.int(2), E.True);
    const b = E.arrayLit(IntT, [[E.int(2), E.True], [E.int(1), E.True], [E.int(3), E.False]], E.False);
    expect(value(E.eq(a, b))).toBe(true);
    expect(value(E.read(a, E.int(2)))).toBe(true);
    expect(value(E.read(a, E.int(5)))).toBe(false);
  });
});

describe('partial evaluation', () => {
  it('decides what the known values decide', () => {
    const known = lookupIn(new Map([[p, E.False]]));
    expect(evaluate(E.and(P, E.gt(X, Y)), known)).toBe(E.False);
    expect(evaluate(E.or(E.not(P), E.gt(X, Y)), known)).toBe(E.True);
    expect(evaluate(E.imply(P, E.gt(X, Y)), known)).toBe(E.True);
    expect(evaluate(E.and(E.not(P), E.gt(X, Y)), known)).toBeUndefined();
    expect(evaluate(E.ite(E.gt(X, Y), E.int(1), E.int(1)), known)).toBe(E.int(1));
  });

  it('reads primed variables from the next valuation', () => {
    const e = E.eq(E.prime(X), E.add(X, E.int(1)));
    expect(evaluateIn(e, new Map([[x, E.int(1)]]), new Map([[x, E.int(2)]]))).toBe(E.True);
    expect(evaluateIn(e, new Map([[x, E.int(1)]]), new Map([[x, E.int(3)]]))).toBe(E.False);
  });
});

describe('simplifier', () => {
  it('folds constants and normalises Boolean structure', () => {
    expect(simplify(E.add(E.int(2), E.mul(E.int(3), E.int(4))))).toBe(E.int(14));
    expect(simplify(E.and(P, E.and(Q, E.True), P))).toBe(E.and(P, Q));
    expect(simplify(E.and(P, E.not(P)))).toBe(E.False);
    expect(simplify(E.or(P, E.False, E.or(Q, E.True)))).toBe(E.True);
    expect(simplify(E.not(E.not(P)))).toBe(P);
    expect(simplify(E.imply(E.True, P))).toBe(P);
    expect(simplify(E.ite(E.True, X, Y))).toBe(X);
    expect(simplify(E.eq(X, X))).toBe(E.True);
    expect(simplify(E.add(X, E.int(0)))).toBe(X);
    expect(simplify(E.sub(X, X))).toBe(E.int(0));
  });

  it('substitutes a partial valuation', () => {
    const e = E.and(P, E.gt(X, E.int(3)));
    expect(simplify(e, lookupIn(new Map([[x, E.int(5)]])))).toBe(P);
  });
});

describe('printer', () => {
  const show = (e: E.Expr) => printExpr(e, 'cfa');
  it('uses only the parentheses the precedence table needs', () => {
    expect(show(E.add(X, E.mul(Y, E.int(2))))).toBe('x + y * 2');
    expect(show(E.mul(E.add(X, Y), E.int(2)))).toBe('(x + y) * 2');
    expect(show(E.sub(E.sub(X, Y), E.int(1)))).toBe('x - y - 1');
    expect(show(E.sub(X, E.sub(Y, E.int(1))))).toBe('x - (y - 1)');
    expect(show(E.or(E.and(P, Q), P))).toBe('p and q or p');
    expect(show(E.and(E.or(P, Q), P))).toBe('(p or q) and p');
    expect(show(E.imply(P, E.imply(Q, P)))).toBe('p imply q imply p');
    expect(show(E.imply(E.imply(P, Q), P))).toBe('(p imply q) imply p');
    expect(show(E.not(E.eq(X, E.int(2))))).toBe('not x = 2');
    expect(show(E.not(E.not(P)))).toBe('not (not p)');
    expect(show(E.add(E.ite(P, X, Y), E.int(1)))).toBe('(if p then x else y) + 1');
    expect(show(E.ite(P, E.int(1), E.add(E.int(2), X)))).toBe('if p then 1 else 2 + x');
    expect(show(E.neg(E.neg(X)))).toBe('- -x');
    expect(show(E.sub(X, E.int(-5)))).toBe('x - -5');
    expect(printExpr(E.iff(P, Q), 'sts')).toBe('p equal q');
    expect(show(E.rat(-1, 2))).toBe('-1 % 2');
  });

  it('prints bit-vectors and arrays in the CFA syntax', () => {
    const v = E.declareVar('v', bvType(4));
    expect(show(E.eq(E.bvop('bvand', E.ref(v), E.bv(4, 4)), E.bv(4, 4)))).toBe("v bvand 4'b0100 = 4'b0100");
    expect(show(E.extract(E.ref(v), 3, 1))).toBe('v[3:1]');
    expect(show(E.extend('zext', E.ref(v), 8))).toBe('v bv_zero_extend bv[8]');
    expect(show(E.arrayLit(IntT, [], E.False))).toBe('[<int> default <- false]');
    expect(show(E.arrayLit(IntT, [[E.int(0), E.True]], E.False))).toBe('[0 <- true, default <- false]');
  });
});

describe('minimising disjunctions of cubes', () => {
  const vars = ['a', 'b', 'c', 'd'].map((n) => E.declareVar(n, BoolT));
  /** Every valuation of the four variables, as a map for evaluateIn. */
  const valuations = Array.from({ length: 16 }, (_, m) => new Map(vars.map((v, i) => [v, E.bool(((m >> i) & 1) === 1)])));
  const truthTable = (e: E.Expr) => valuations.map((v) => evaluateIn(e, v)?.value);

  it('merges cubes that differ in one sign, drops implied cubes, and resolves literals away', () => {
    const [A, B, C] = vars.map((v) => E.ref(v));
    expect(printExpr(minimiseCubes([E.and(A!, B!), E.and(E.not(A!), B!)]), 'cfa')).toBe('b');
    expect(printExpr(minimiseCubes([A!, E.and(E.not(A!), C!)]), 'cfa')).toBe('a or c');
    expect(printExpr(minimiseCubes([E.and(A!, B!, C!), E.and(A!, B!), E.or(E.and(A!, B!), C!)]), 'cfa')).toBe('a and b or c');
    expect(minimiseCubes([E.and(A!, E.not(A!)), E.not(B!), B!])).toBe(E.True);
    expect(minimiseCubes([])).toBe(E.False);
  });

  it('keeps the disjunction equivalent on random cube sets', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const cubes = Array.from({ length: 1 + random(7) }, () =>
        E.and(...vars.filter(() => random(3) > 0).map((v) => (random(2) ? E.ref(v) : E.not(E.ref(v))))));
      const min = minimiseCubes(cubes);
      expect(truthTable(min), printExpr(E.or(...cubes), 'cfa')).toEqual(truthTable(E.or(...cubes)));
    }
  });
});
