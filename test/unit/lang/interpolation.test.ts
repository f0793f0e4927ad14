/**
 * Interpolation by model-based projection. Every interpolant is checked in an independent solver:
 * A implies I, I and B are unsatisfiable, and I mentions only shared variables.
 */
import { describe, expect, it } from 'vitest';
import { Expr, False, True, VarDecl, add, and, atStep, conjuncts, declareVar, div, eq, freeVars, ge, gt, imply, indexed, int, ite, le, lt, mod, mul, neq, not, or, prime, rat, read, ref, sub, write } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, arrayType } from '../../../lang/types.js';
import { InterpolationError, interpolate, interpolationStats, sequenceInterpolate } from '../../../lang/smt/interpolate.js';
import { atomExpr, linearAtom } from '../../../lang/smt/farkas.js';
import { isTheoryLiteral } from '../../../lang/implicant.js';
import { testContext, unsatChecker } from '../../support/z3.js';

const unsat = unsatChecker();
const z3 = testContext();

function expectSubset(vars: readonly VarDecl[], allowed: ReadonlySet<VarDecl>): void {
  expect(vars.filter((v) => !allowed.has(v)).map((v) => v.name)).toEqual([]);
}

/** Interpolates and checks the three properties of a Craig interpolant. */
function checkedInterpolant(a: Expr, b: Expr, opts = {}): Expr {
  const itp = interpolate(z3(), a, b, opts);
  expect(itp).not.toBe('sat');
  const i = itp as Expr;
  expect(unsat(and(a, not(i)))).toBe(true);
  expect(unsat(and(i, b))).toBe(true);
  const inB = new Set(freeVars(b));
  expectSubset(freeVars(i), new Set(freeVars(a).filter((v) => inB.has(v))));
  return i;
}

/** Sequence-interpolates and checks inductiveness and the variable condition of every interpolant. */
function checkedSequence(parts: readonly Expr[]): Expr[] {
  const res = sequenceInterpolate(z3(), parts);
  expect(res).not.toBe('sat');
  const itps = res as Expr[];
  expect(itps.length).toBe(parts.length - 1);
  let prev = True;
  for (let k = 0; k < parts.length; k++) {
    const next = k < itps.length ? itps[k]! : False;
    expect(unsat(and(prev, parts[k]!, not(next)))).toBe(true);
    if (k < itps.length) {
      const prefix = new Set(parts.slice(0, k + 1).flatMap((p) => freeVars(p)));
      const suffix = new Set(parts.slice(k + 1).flatMap((p) => freeVars(p)));
      expectSubset(freeVars(next), new Set([...prefix].filter((v) => suffix.has(v))));
    }
    prev = next;
  }
  return itps;
}

const I = (name: string): Expr => ref(declareVar(name, IntT));
const B = (name: string): Expr => ref(declareVar(name, BoolT));
const R = (name: string): Expr => ref(declareVar(name, RatT));

describe('binary interpolation', () => {
  it('a path against a bound', () => {
    const [x0, x1, x2] = [I('x0'), I('x1'), I('x2')];
    checkedInterpolant(and(eq(x0, int(0)), eq(x1, add(x0, int(1)))), and(eq(x2, add(x1, int(1))), gt(x2, int(5))));
  });

  it('two counters kept equal', () => {
    const [x0, y0, x1, y1] = [I('x0'), I('y0'), I('x1'), I('y1')];
    checkedInterpolant(and(eq(x0, y0), eq(x1, add(x0, int(1))), eq(y1, add(y0, int(1)))), neq(x1, y1));
  });

  it('parity needs mod literals', () => {
    const [k, x0, x1, j] = [I('k'), I('x0'), I('x1'), I('j')];
    checkedInterpolant(and(eq(x0, mul(int(2), k)), eq(x1, add(x0, int(2)))), eq(x1, add(mul(int(2), j), int(1))));
  });

  it('integer division by a constant', () => {
    const [x, y] = [I('x'), I('y')];
    checkedInterpolant(and(eq(x, int(10)), eq(y, div(x, int(2)))), gt(y, int(6)));
    const [u, v] = [I('u'), I('v')];
    checkedInterpolant(and(ge(u, int(0)), le(u, int(9)), eq(v, div(u, int(3)))), ge(v, int(4)));
  });

  it('mod of a local by a constant', () => {
    const [x, y] = [I('x'), I('y')];
    checkedInterpolant(eq(y, mod(x, int(4))), or(lt(y, int(0)), gt(y, int(3))));
  });

  it('3x + 5y = z against z = 7 with x, y non-negative', () => {
    const [x, y, z] = [I('x'), I('y'), I('z')];
    checkedInterpolant(and(eq(z, add(mul(int(3), x), mul(int(5), y))), ge(x, int(0)), ge(y, int(0))), eq(z, int(7)));
  });

  it('if-then-else steps', () => {
    const [x, y, c] = [I('x'), I('y'), B('c')];
    checkedInterpolant(and(eq(x, int(0)), eq(y, ite(c, add(x, int(1)), sub(x, int(1))))), gt(y, int(3)));
  });

  it('disjunctive steps', () => {
    const [x0, x1, x2] = [I('x0'), I('x1'), I('x2')];
    const step = (a: Expr, b: Expr): Expr => or(eq(b, add(a, int(1))), eq(b, add(a, int(2))));
    checkedInterpolant(and(eq(x0, int(0)), step(x0, x1)), and(step(x1, x2), or(gt(x2, int(4)), lt(x2, int(2)))));
  });

  it('linear real arithmetic', () => {
    const [r0, r1] = [R('r0'), R('r1')];
    checkedInterpolant(and(ge(r0, rat(0)), eq(r1, add(r0, rat(1, 2)))), lt(r1, rat(1, 3)));
    const [p, q, s] = [R('p'), R('q'), R('s')];
    checkedInterpolant(and(le(p, q), le(q, s)), lt(s, p));
  });

  it('Boolean formulas', () => {
    const [a, b, c, d] = [B('a'), B('b'), B('c'), B('d')];
    checkedInterpolant(and(a, imply(a, b)), and(imply(b, c), not(c)));
    checkedInterpolant(and(eq(c, not(eq(a, b))), a, not(b)), and(not(c), d));
  });

  it('mixed Boolean and integer', () => {
    const [flag, x, y] = [B('flag'), I('x'), I('y')];
    checkedInterpolant(and(eq(x, int(5)), eq(flag, gt(x, int(3))), eq(y, ite(flag, x, int(0)))), or(not(flag), lt(y, int(5))));
  });

  it('arrays', () => {
    const t = arrayType(IntT, IntT);
    const [a0, a1] = [ref(declareVar('a0', t)), ref(declareVar('a1', t))];
    const [i, j] = [I('i'), I('j')];
    checkedInterpolant(and(eq(a1, write(a0, i, int(5))), eq(j, i)), neq(read(a1, j), int(5)));
  });

  it('every generalisation mode gives an interpolant', () => {
    const [x0, x1, x2] = [I('x0'), I('x1'), I('x2')];
    const a = and(eq(x0, int(0)), ge(x1, x0), le(x1, add(x0, int(3))), eq(x2, add(x1, int(1))));
    for (const generalize of ['none', 'core', 'minimal'] as const) checkedInterpolant(a, gt(x2, int(10)), { generalize });
  });

  it('an unsatisfiable A gives false, an unsatisfiable B gives true', () => {
    const [x, y] = [I('x'), I('y')];
    expect(checkedInterpolant(and(gt(x, int(0)), lt(x, int(0))), eq(x, y))).toBe(False);
    expect(checkedInterpolant(eq(x, y), and(gt(y, int(0)), lt(y, int(0))))).toBe(True);
  });

  it('a satisfiable pair gives sat', () => {
    const [x, y] = [I('x'), I('y')];
    expect(interpolate(z3(), eq(y, add(x, int(1))), gt(y, int(3)))).toBe('sat');
    expect(sequenceInterpolate(z3(), [eq(x, int(0)), eq(y, add(x, int(1))), gt(y, int(0))])).toBe('sat');
  });

  it('non-linear terms hit the cube cap with a clear error', () => {
    const [x, y] = [I('x'), I('y')];
    expect(() => interpolate(z3(), and(eq(y, mul(x, x)), gt(x, int(2))), lt(y, int(5)), { maxCubes: 20 }))
      .toThrow(InterpolationError);
    // the solvers are left clean for the next query
    checkedInterpolant(and(eq(x, int(1)), eq(y, x)), eq(y, int(2)));
  });

  it('primed variables are refused', () => {
    const x = I('x');
    expect(() => interpolate(z3(), eq(prime(x), x), lt(x, int(0)))).toThrow(InterpolationError);
  });
});

describe('interpolation by Farkas coefficients', () => {
  it('learns the relation between two counters where projection fixes their values', () => {
    const [x0, y0, x1, y1] = [I('x0'), I('y0'), I('x1'), I('y1')];
    const a = and(eq(x0, int(5)), eq(y0, int(2)), eq(x1, add(x0, int(1))), eq(y1, add(y0, int(1))));
    const b = eq(x1, y1);
    const before = interpolationStats(z3());
    const itp = checkedInterpolant(a, b);
    expect(interpolationStats(z3()).farkasCubes).toBeGreaterThan(before.farkasCubes);
    // x1 = y1 + 3 says it all; no value of x1 or y1 alone
    expect(unsat(and(eq(x1, add(y1, int(3))), not(itp)))).toBe(true);
    // projection alone pins the values
    const projected = checkedInterpolant(a, b, { farkas: false });
    expect(unsat(and(eq(x1, add(y1, int(3))), not(projected)))).toBe(false);
  });

  it('refutes a disjunctive B one implicant at a time', () => {
    const [x, y, z] = [I('x'), I('y'), I('z')];
    const itp = checkedInterpolant(and(le(x, y), le(y, int(0))), or(gt(x, int(3)), and(eq(z, x), gt(z, int(1)))));
    expect(freeVars(itp).map((v) => v.name)).toEqual(['x']);
  });

  it('falls back to projection on conflicts only integers have', () => {
    const [x, y, z] = [I('x'), I('y'), I('z')];
    // x = 2y against x = 2z + 1: satisfiable over the rationals
    checkedInterpolant(eq(x, mul(int(2), y)), eq(x, add(mul(int(2), z), int(1))));
  });

  it('takes array reads and remainders as opaque terms', () => {
    const arr = declareVar('arr', arrayType(IntT, IntT));
    const [i, k0, k1] = [I('i'), I('k0'), I('k1')];
    const a = and(eq(read(ref(arr), i), add(k0, int(1))), eq(k1, add(k0, mod(i, int(3)))));
    checkedInterpolant(a, and(eq(k1, int(0)), lt(read(ref(arr), i), int(0)), eq(mod(i, int(3)), int(1))));
  });

  it('tightens integer atoms and orients disequalities by the model', () => {
    const [x, y] = [I('x'), I('y')];
    const atom = (e: Expr, holds: boolean): Expr => atomExpr(linearAtom(e, () => holds)!);
    expect(atom(lt(mul(int(2), x), int(5)), true)).toBe(le(x, int(2)));
    expect(atom(not(le(add(x, y), int(3))), true)).toBe(ge(add(x, y), int(4)));
    expect(atom(neq(x, y), false)).toBe(le(y, add(x, int(-1))));
    const [r, s] = [R('r'), R('s')];
    expect(atom(lt(r, mul(rat(1, 2), s)), true)).toBe(lt(r, mul(rat(1, 2), s)));
  });
});

describe('sequence interpolation', () => {
  it('gives disjunctions of cubes of theory literals when the parts have Boolean structure and ite terms', () => {
    // like the path of an STS under Boolean predicate abstraction: states with negated conjunctions
    // and disjunctions of earlier predicates, a transition with a case split in a term
    const l = declareVar('l', IntT);
    const x = declareVar('x', IntT);
    const [L, X] = [ref(l), ref(x)];
    const state = and(not(and(eq(L, int(1)), gt(X, int(3)))), or(eq(L, int(0)), and(eq(L, int(1)), lt(X, int(2)))));
    const trans = and(eq(prime(L), ite(lt(X, int(5)), add(L, int(1)), int(3))), eq(prime(X), add(X, int(1))));
    const parts = [and(atStep(eq(L, int(0)), 0), atStep(eq(X, int(0)), 0), atStep(state, 0))];
    for (let k = 0; k < 3; k++) parts.push(and(atStep(trans, k), atStep(state, k + 1)));
    parts.push(atStep(eq(L, int(3)), 3));
    const itps = checkedSequence(parts);
    for (const itp of itps) {
      for (const cube of itp.op === 'or' ? itp.args : [itp]) {
        expect(conjuncts(cube).every(isTheoryLiteral)).toBe(true);
      }
    }
  });

  it('an unrolled counter path', () => {
    const x = declareVar('x', IntT);
    const init = eq(ref(x), int(0));
    const trans = eq(prime(ref(x)), add(ref(x), int(1)));
    const n = 6;
    const parts = [atStep(init, 0)];
    for (let k = 0; k < n; k++) parts.push(atStep(trans, k));
    parts.push(neq(ref(indexed(x, n)), int(n)));
    checkedSequence(parts);
  });

  it('a Boolean shift register path', () => {
    const bits = [0, 1, 2, 3].map((i) => declareVar(`r${i}`, BoolT));
    const init = and(...bits.map((b) => not(ref(b))));
    const trans = and(not(prime(ref(bits[0]!))), ...bits.slice(1).map((b, i) => eq(prime(ref(b)), ref(bits[i]!))));
    const n = 5;
    const parts = [atStep(init, 0)];
    for (let k = 0; k < n; k++) parts.push(atStep(trans, k));
    parts.push(or(...bits.map((b) => ref(indexed(b, n)))));
    checkedSequence(parts);
  });

  it('a mixed path: a counter stepping by 2 or 1 as a flag toggles', () => {
    const x = declareVar('x', IntT);
    const f = declareVar('f', BoolT);
    const init = and(eq(ref(x), int(0)), ref(f));
    const trans = and(eq(prime(ref(x)), ite(ref(f), add(ref(x), int(2)), add(ref(x), int(1)))), eq(prime(ref(f)), not(ref(f))));
    const n = 5;
    const parts = [atStep(init, 0)];
    for (let k = 0; k < n; k++) parts.push(atStep(trans, k));
    parts.push(gt(ref(indexed(x, n)), int(8)));
    checkedSequence(parts);
  });

  it('a path whose transitions have a disjunctive guard', () => {
    const x = declareVar('x', IntT);
    const y = declareVar('y', IntT);
    const init = and(eq(ref(x), int(0)), eq(ref(y), int(0)));
    const trans = or(
      and(lt(ref(x), int(3)), eq(prime(ref(x)), add(ref(x), int(1))), eq(prime(ref(y)), ref(y))),
      and(ge(ref(x), int(3)), eq(prime(ref(x)), ref(x)), eq(prime(ref(y)), add(ref(y), ref(x)))),
    );
    const n = 5;
    const parts = [atStep(init, 0)];
    for (let k = 0; k < n; k++) parts.push(atStep(trans, k));
    parts.push(lt(ref(indexed(y, n)), int(0)));
    checkedSequence(parts);
  });

  it('one or no part decides satisfiability only', () => {
    const x = I('x');
    expect(sequenceInterpolate(z3(), [and(gt(x, int(0)), lt(x, int(0)))])).toEqual([]);
    expect(sequenceInterpolate(z3(), [gt(x, int(0))])).toBe('sat');
    expect(sequenceInterpolate(z3(), [])).toBe('sat');
  });
});
