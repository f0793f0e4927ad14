/**
 * Model-based implicants (lang/implicant.ts): literals true in the valuation whose conjunction
 * implies the formula, with the Boolean structure and the term-level `ite`s resolved by the
 * valuation. Implication is checked by a real solver.
 */
import { describe, expect, it } from 'vitest';
import { False, True, add, and, bool, declareVar, eq, ge, gt, iff, imply, int, ite, le, lt, not, or, postorder, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { BoolT, IntT } from '../../../lang/types.js';
import { implicant, isTheoryLiteral } from '../../../lang/implicant.js';
import { evaluate } from '../../../lang/eval.js';
import { unsatChecker } from '../../support/z3.js';

const unsat = unsatChecker();

const I = (name: string): [VarDecl, Expr] => {
  const d = declareVar(name, IntT);
  return [d, ref(d)];
};
const B = (name: string): [VarDecl, Expr] => {
  const d = declareVar(name, BoolT);
  return [d, ref(d)];
};

/** The implicant of f in the valuation, checked: true there, flat, and implying f. */
function checked(f: Expr, vals: Map<VarDecl, Expr>): Expr[] {
  const lookup = (leaf: Expr) => (leaf.op === 'var' ? vals.get(leaf.decl!) : undefined);
  const lits = implicant(f, lookup)!;
  expect(lits).toBeDefined();
  for (const l of lits) {
    expect(evaluate(l, lookup)).toBe(True);
    expect(isTheoryLiteral(l)).toBe(true);
  }
  expect(unsat(and(...lits, not(f)))).toBe(true);
  return lits;
}

describe('model-based implicants', () => {
  it('keeps every conjunct and one true disjunct', () => {
    const [xd, x] = I('x');
    const [yd, y] = I('y');
    const f = and(ge(x, int(0)), or(gt(y, int(5)), lt(x, int(3)), eq(y, int(7))));
    const lits = checked(f, new Map([[xd, int(1)], [yd, int(7)]]));
    expect(lits).toEqual([ge(x, int(0)), gt(y, int(5))]);
  });

  it('turns a negated conjunction into one false conjunct', () => {
    const [xd, x] = I('x');
    const [bd, b] = B('b');
    const f = not(and(b, eq(x, int(0)), le(x, int(4))));
    const lits = checked(f, new Map([[xd, int(2)], [bd, True]]));
    expect(lits).toEqual([not(eq(x, int(0)))]);
  });

  it('replaces a term-level ite by the branch the valuation takes, with its condition', () => {
    const [ld, loc] = I('loc');
    const [xd, x] = I('x');
    const f = eq(loc, ite(lt(x, int(5)), int(2), int(3)));
    const lits = checked(f, new Map([[ld, int(3)], [xd, int(6)]]));
    expect(lits).toEqual([not(lt(x, int(5))), eq(loc, int(3))]);
    expect(lits.flatMap((l) => postorder(l)).some((n) => n.op === 'ite')).toBe(false);
  });

  it('resolves equivalences and implications between formulas', () => {
    const [bd, b] = B('b');
    const [xd, x] = I('x');
    const f = and(iff(b, gt(x, int(0))), imply(b, lt(add(x, int(1)), int(10))));
    const lits = checked(f, new Map([[bd, False], [xd, int(-3)]]));
    expect(lits).toEqual([not(b), not(gt(x, int(0)))]);
  });

  it('is undefined when the formula is false in the valuation or cannot be evaluated', () => {
    const [xd, x] = I('x');
    const [, y] = I('y');
    const vals = new Map([[xd, int(1)]]);
    const lookup = (leaf: Expr) => (leaf.op === 'var' ? vals.get(leaf.decl!) : undefined);
    expect(implicant(lt(x, int(0)), lookup)).toBeUndefined();
    expect(implicant(and(ge(x, int(0)), gt(y, int(0))), lookup)).toBeUndefined();
    expect(implicant(bool(true), lookup)).toEqual([]);
  });
});
