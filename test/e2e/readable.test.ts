/**
 * The display form of invariants (lang/readable.ts): fischer2's invariant as the issue shows it,
 * and random conjunctions of bounds and linear inequalities whose display form the real Z3 proves
 * equivalent to them; and `vigil check` showing the readable form while its certificate file keeps
 * the formula that was checked.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  True, add, and, conjuncts, declareVar, eq, ge, gt, iff, int, le, lt, mul, neq, not, or, rat, ref, type Expr,
} from '../../lang/expr.js';
import { printExpr } from '../../lang/print.js';
import { readable } from '../../lang/readable.js';
import { IntT, RatT } from '../../lang/types.js';
import { unsatChecker } from '../support/z3.js';
import { vigil } from '../support/cli.js';

const unsat = unsatChecker();

describe('readable', () => {
  it('drops `true and` and the bounds fischer2\'s invariant implies', () => {
    const [lock, l1, l2] = ['lock', 'location1', 'location2'].map((n) => ref(declareVar(n, IntT)));
    const e = and(True, ge(lock!, int(0)), le(lock!, int(2)), le(lock!, int(3)), ge(l1!, int(0)), le(l1!, int(3)),
      ge(l2!, int(0)), le(l2!, int(3)), ge(add(lock!, l1!), int(0)), ge(add(lock!, l2!), int(0)), ge(add(l1!, l2!), int(0)));
    expect(printExpr(e, 'sts')).toBe('true and lock >= 0 and lock <= 2 and lock <= 3 and location1 >= 0 and location1 <= 3 and location2 >= 0 '
      + 'and location2 <= 3 and lock + location1 >= 0 and lock + location2 >= 0 and location1 + location2 >= 0');
    expect(printExpr(readable(e), 'sts')).toBe('lock >= 0 and lock <= 2 and location1 >= 0 and location1 <= 3 and location2 >= 0 and location2 <= 3');
    expect(unsat(not(iff(e, readable(e))))).toBe(true);
  });

  it('keeps equalities, disequalities and what the bounds do not imply', () => {
    const x = ref(declareVar('x', IntT));
    const y = ref(declareVar('y', IntT));
    const e = and(eq(x, int(2)), le(x, int(5)), neq(y, int(1)), ge(add(x, y), int(0)), lt(x, int(9)));
    expect(printExpr(readable(e), 'cfa')).toBe('x = 2 and y /= 1 and x + y >= 0');
  });

  it('gives a formula equivalent to its input (Z3), on 400 random conjunctions', () => {
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const ints = ['a', 'b', 'c'].map((n) => ref(declareVar(n, IntT)));
    const r = ref(declareVar('r', RatT));
    const num = () => BigInt(rnd(9) - 4);
    const term = (): Expr => {
      const pick = rnd(5);
      if (pick < 3) return ints[pick]!;
      if (pick === 3) return add(ints[rnd(3)]!, ints[rnd(3)]!);
      return mul(int(num()), ints[rnd(3)]!);
    };
    const atom = (): Expr => {
      if (rnd(6) === 0) {
        const q = rat(num(), 2n);
        return [le, lt, ge, gt][rnd(4)]!(rnd(2) ? r : add(r, ints[0]!), q);
      }
      const t = term();
      const k = int(num());
      switch (rnd(8)) {
        case 0: return eq(t, k);
        case 1: return neq(t, k);
        case 2: return not(le(t, k));
        case 3: return lt(t, k);
        case 4: return gt(t, k);
        case 5: return True;
        case 6: return ge(t, k);
        default: return le(t, k);
      }
    };
    let shorter = 0;
    for (let i = 0; i < 400; i++) {
      const parts = Array.from({ length: 2 + rnd(7) }, atom);
      const e = rnd(4) === 0 ? or(and(...parts.slice(0, 3)), and(...parts.slice(3))) : and(...parts);
      const shown = readable(e);
      expect(unsat(not(iff(e, shown))), `${printExpr(e, 'cfa')}  ~>  ${printExpr(shown, 'cfa')}`).toBe(true);
      if (conjuncts(shown).length < conjuncts(e).length) shorter++;
    }
    // the test means something only if the pruning happened often
    expect(shorter).toBeGreaterThan(100);
  });

  it('is what `vigil check` shows of fischer2\'s invariant, while the certificate keeps the checked formula', () => {
    const cert = join(mkdtempSync(join(tmpdir(), 'readable-')), 'fischer2.cert');
    const r = vigil(['check', '../shared/benchmarks/theta-regression/sts/fischer2.system', '--algorithm', 'kind', '--quiet', '--certificate', cert]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\n  safe: lock >= 0 and lock <= 2 and location1 >= 0 and location1 <= 3 and location2 >= 0 and location2 <= 3\n');
    expect(readFileSync(cert, 'utf8')).toContain('models G(true and lock >= 0 and lock <= 2 and lock <= 3 and ');
  });
});
