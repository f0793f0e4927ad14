/**
 * The abstract domains of the CEGAR engine on small hand-written models, with the real Z3: the
 * k-enumeration of the explicit domain on the paper's Fig. 4, Boolean, Cartesian and split predicate
 * abstraction on the paper's `a and not b or not a and b`, predicate splitting, initial states,
 * bad-state checks, and soundness of every transfer function against concrete execution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { False, True, and, eq, ge, gt, int, le, lt, not, or, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { evaluateIn } from '../../../lang/eval.js';
import { loadZ3, shutdown, type Z3Context } from '../../../lang/smt/context.js';
import { Solver } from '../../../lang/smt/solver.js';
import { parseCfa } from '../../../formalisms/frontends/cfa/read.js';
import { parseSts } from '../../../formalisms/frontends/sts/read.js';
import { cfaInterpreter } from '../../../formalisms/cfa-semantics.js';
import { stsInterpreter } from '../../../formalisms/sts-semantics.js';
import type { Action, Interpreter } from '../../../formalisms/interpreter.js';
import type { AbstractState, Precision } from '../../../cegar/domain.js';
import { Timeout } from '../../../cegar/abstractor.js';
import {
  ExplDomain, PredDomain, PredState, initialPrecision, makeDomain, propertyAtoms, splitPredicate, type AnyDomain,
  type ExplPrecision, type ExplState, type PredPrecision,
} from '../../../cegar/domains/index.js';
import type { MaxEnum } from '../../../cegar/config.js';

let checker: Solver;
let z3: Z3Context;
const domains: { dispose(): void }[] = [];

beforeAll(async () => {
  z3 = await loadZ3();
  checker = new Solver(z3);
});

afterAll(async () => {
  for (const d of domains) d.dispose();
  checker.dispose();
  await shutdown();
});

function track<D extends { dispose(): void }>(d: D): D {
  domains.push(d);
  return d;
}

function cfa(text: string): Interpreter {
  return cfaInterpreter(parseCfa(text, 'test.cfa'));
}

function sts(text: string): Interpreter {
  return stsInterpreter(parseSts(text, 'test.system')[0]!);
}

function variable(model: Interpreter, name: string): VarDecl {
  return model.vars.find((v) => v.name === name)!;
}

/** The one action leaving the location `from`. */
function edge(model: Interpreter, from: string): Action {
  const loc = model.locations.find((l) => l.name === from)!;
  const [a] = model.actions(loc);
  return a!;
}

function expl(model: Interpreter, k: MaxEnum): ExplDomain {
  return track(new ExplDomain(k, model.vars, z3));
}

function tracking(d: ExplDomain, ...vars: VarDecl[]): ExplPrecision {
  return vars.reduce((p, v) => d.refine(p, ref(v)), d.emptyPrecision());
}

function preds(d: PredDomain, ...ps: Expr[]): PredPrecision {
  return ps.reduce((p, q) => d.refine(p, q), d.emptyPrecision());
}

function valid(e: Expr): boolean {
  return checker.check([not(e)]) === 'unsat';
}

function equivalent(a: Expr, b: Expr): boolean {
  return valid(eq(a, b));
}

/** The values of an explicit state, by variable name. */
function values(s: ExplState): Record<string, string> {
  return Object.fromEntries([...s.vals].map(([v, c]) => [v.name, String(c.value)]));
}

// Fig. 4 of the paper, each line its own edge.
const FIG4_LEFT = `
main process left {
  var x : int
  init loc L0
  loc L1
  loc L2
  error loc E
  L0 -> L1 { havoc x }
  L1 -> L2 { assume 0 < x and x < 5 }
  L2 -> E { assume x = 0 }
}`;

const FIG4_RIGHT = `
main process right {
  var x : int
  init loc L0
  loc L1
  loc L2
  error loc E
  L0 -> L1 { havoc x }
  L1 -> L2 { assume x /= 0 }
  L2 -> E { assume x = 0 }
}`;

describe('EXPL: k-enumeration of successors (Fig. 4)', () => {
  const left = cfa(FIG4_LEFT);
  const x = variable(left, 'x');

  it('1* evaluates in TypeScript only: unknown stays top, an undecided guard keeps the state', () => {
    const d = expl(left, '1*');
    const prec = tracking(d, x);
    const [top] = d.initial(left.init, prec);
    expect(top!.expr).toBe(True);
    const afterHavoc = d.successors(top!, edge(left, 'L0'), prec);
    expect(afterHavoc.map((s) => s.expr)).toEqual([True]);
    const afterAssume = d.successors(afterHavoc[0]!, edge(left, 'L1'), prec);
    expect(afterAssume.map((s) => s.expr)).toEqual([True]);
    expect(d.successors(afterAssume[0]!, edge(left, 'L2'), prec).map((s) => s.expr)).toEqual([True]);
    expect(d.stats.checks).toBe(0);
  });

  it.each([1, 3])('k = %i falls back to top: the guard has 4 models', (k) => {
    const d = expl(left, k);
    const prec = tracking(d, x);
    const [top] = d.initial(left.init, prec);
    const afterHavoc = d.successors(top!, edge(left, 'L0'), prec);
    expect(afterHavoc.map((s) => s.expr)).toEqual([True]);
    expect(d.successors(afterHavoc[0]!, edge(left, 'L1'), prec).map((s) => s.expr)).toEqual([True]);
    expect(d.stats.checks).toBeGreaterThan(0);
  });

  it.each([4, 5, 0])('k = %i enumerates the 4 successors, none of which reaches the error', (k) => {
    const d = expl(left, k);
    const prec = tracking(d, x);
    const [top] = d.initial(left.init, prec);
    const succ = d.successors(top!, edge(left, 'L1'), prec);
    expect(succ.map((s) => values(s).x).sort()).toEqual(['1', '2', '3', '4']);
    for (const s of succ) {
      expect(s.expr).toBe(eq(ref(x), s.vals.get(x)!));
      expect(d.successors(s, edge(left, 'L2'), prec)).toEqual([]);
    }
  });

  it('a tracked variable that is top and only copied stays top instead of being enumerated', () => {
    const model = cfa(FIG4_LEFT.replace('var x : int', 'var x : int\n  var y : int'));
    const [mx, my] = [variable(model, 'x'), variable(model, 'y')];
    for (const k of [4, 0]) {
      const d = expl(model, k);
      const prec = tracking(d, mx, my);
      const [top] = d.initial(model.init, prec);
      const succ = d.successors(top!, edge(model, 'L1'), prec);
      const xs = succ.map(values).sort((a, b) => a.x!.localeCompare(b.x!));
      expect(xs).toEqual([{ x: '1' }, { x: '2' }, { x: '3' }, { x: '4' }]);
    }
  });

  it('the enumeration is cached by state, action and precision', () => {
    const d = expl(left, 4);
    const prec = tracking(d, x);
    const [top] = d.initial(left.init, prec);
    const first = d.successors(top!, edge(left, 'L1'), prec);
    const checks = d.stats.checks;
    expect(d.successors(top!, edge(left, 'L1'), prec)).toBe(first);
    expect(d.stats.checks).toBe(checks);
  });

  it('untracked variables are not enumerated: the empty precision gives top', () => {
    const d = expl(left, 4);
    const [top] = d.initial(left.init, d.emptyPrecision());
    expect(d.successors(top!, edge(left, 'L1'), d.emptyPrecision()).map((s) => s.expr)).toEqual([True]);
  });

  it('x /= 0 has more successors than any k', () => {
    const right = cfa(FIG4_RIGHT);
    const xr = variable(right, 'x');
    for (const k of [1, 4, 50]) {
      const d = expl(right, k);
      const prec = tracking(d, xr);
      const [top] = d.initial(right.init, prec);
      expect(d.successors(top!, edge(right, 'L1'), prec).map((s) => s.expr)).toEqual([True]);
      // from top, x = 0 has one model: the error stays reachable, the analysis cannot prove safety
      expect(d.successors(top!, edge(right, 'L2'), prec).map((s) => s.expr)).toEqual([eq(ref(xr), int(0))]);
    }
  });

  it('a guard that is unsatisfiable with the state gives no successor under k = 1', () => {
    const model = cfa(`
main process m {
  var x : int
  var y : int
  init loc L0
  loc L1
  error loc E
  L0 -> L1 { assume x > y and y > x }
  L1 -> E
}`);
    const d = expl(model, 1);
    const prec = tracking(d, variable(model, 'x'));
    const [top] = d.initial(model.init, prec);
    expect(d.successors(top!, edge(model, 'L0'), prec)).toEqual([]);
    const lazy = expl(model, '1*');
    expect(lazy.successors(top!, edge(model, 'L0'), tracking(lazy, variable(model, 'x'))).map((s) => s.expr)).toEqual([True]);
  });

  it('Boolean variables: havoc enumerates both values with k >= 2, assignments evaluate without the solver', () => {
    const model = cfa(`
main process flags {
  var b : bool
  var c : bool
  init loc L0
  loc L1
  loc L2
  error loc E
  L0 -> L1 { c := false  havoc b }
  L1 -> L2 { c := not b }
  L2 -> E { assume b = c }
}`);
    const b = variable(model, 'b');
    const c = variable(model, 'c');
    const one = expl(model, 1);
    const p1 = tracking(one, b, c);
    const [top1] = one.initial(model.init, p1);
    expect(one.successors(top1!, edge(model, 'L0'), p1).map((s) => s.expr)).toEqual([not(ref(c))]);

    const two = expl(model, 2);
    const p2 = tracking(two, b, c);
    const [top] = two.initial(model.init, p2);
    const succ = two.successors(top!, edge(model, 'L0'), p2);
    const expected = [and(ref(b), not(ref(c))), and(not(ref(b)), not(ref(c)))];
    expect(succ.map((s) => s.expr).sort((u, v) => u.id - v.id)).toEqual(expected.sort((u, v) => u.id - v.id));
    const checks = two.stats.checks;
    for (const s of succ) {
      const [next] = two.successors(s, edge(model, 'L1'), p2);
      expect(next!.vals.get(c)).toBe(s.vals.get(b) === True ? False : True);
      expect(two.successors(next!, edge(model, 'L2'), p2)).toEqual([]);
    }
    expect(two.stats.checks).toBe(checks);
  });
});

const STS = `
specification s {
  property safe : {
    var x : int
    var y : int
    var b : bool
    initial x = 0 and y >= 0 and y <= 2 and b
    transition x' = x + y and y' = y and b' = (not b)
  } models G(x >= 0)
}`;

describe('EXPL: initial states, order, expressions, bad states', () => {
  const model = sts(STS);
  const [x, y, b] = ['x', 'y', 'b'].map((n) => variable(model, n)) as [VarDecl, VarDecl, VarDecl];

  it('reads definitional conjuncts of init in TypeScript and enumerates the rest under the k rule', () => {
    const lazy = expl(model, '1*');
    expect(lazy.initial(model.init, tracking(lazy, x, y, b)).map(values)).toEqual([{ x: '0', b: 'true' }]);
    const two = expl(model, 2);
    expect(two.initial(model.init, tracking(two, x, y)).map(values)).toEqual([{ x: '0' }]);
    const three = expl(model, 3);
    const init = three.initial(model.init, tracking(three, x, y));
    expect(init.map((s) => values(s).y).sort()).toEqual(['0', '1', '2']);
    expect(init.every((s) => values(s).x === '0')).toBe(true);
  });

  it('init = true gives top without the solver; a contradictory init gives nothing', () => {
    const d = expl(model, 0);
    const prec = tracking(d, x, y);
    expect(d.initial(True, prec).map((s) => s.expr)).toEqual([True]);
    expect(d.stats.checks).toBe(0);
    expect(d.initial(and(eq(ref(x), int(1)), eq(ref(x), int(2))), prec)).toEqual([]);
  });

  it('expr is the conjunction v = c of the tracked values, leq compares them', () => {
    const d = expl(model, '1*');
    const both = d.initial(and(eq(ref(x), int(1)), eq(ref(y), int(2))), tracking(d, x, y))[0]!;
    const onlyX = d.initial(and(eq(ref(x), int(1)), eq(ref(y), int(2))), tracking(d, x))[0]!;
    const other = d.initial(eq(ref(x), int(3)), tracking(d, x))[0]!;
    const [top] = d.initial(True, tracking(d, x));
    expect(both.expr).toBe(and(eq(ref(x), int(1)), eq(ref(y), int(2))));
    expect(onlyX.expr).toBe(eq(ref(x), int(1)));
    expect(d.leq(both, onlyX)).toBe(true);
    expect(d.leq(onlyX, both)).toBe(false);
    expect(d.leq(onlyX, other)).toBe(false);
    expect(d.leq(both, top!)).toBe(true);
    expect(d.leq(top!, onlyX)).toBe(false);
    expect(d.leq(onlyX, onlyX)).toBe(true);
  });

  it('successors of an STS state: exact when every value is known', () => {
    const d = expl(model, 1);
    const prec = tracking(d, x, y, b);
    const s = d.initial(and(eq(ref(x), int(1)), eq(ref(y), int(2)), ref(b)), prec)[0]!;
    const [t] = d.successors(s, edge(model, 'safe'), prec);
    expect(values(t!)).toEqual({ x: '3', y: '2', b: 'false' });
    expect(d.stats.checks).toBe(0);
  });

  it('mayBeBad evaluates the bad condition, and asks the solver only when it is unknown', () => {
    const d = expl(model, 1);
    const prec = tracking(d, x, y);
    const zero = d.initial(eq(ref(x), int(0)), prec)[0]!;
    expect(d.mayBeBad(zero, model.bad)).toBe(false);
    expect(d.stats.checks).toBe(0);
    const neg = d.initial(eq(ref(x), int(-1)), prec)[0]!;
    expect(d.mayBeBad(neg, model.bad)).toBe(true);
    const yOnly = d.initial(eq(ref(y), int(5)), prec)[0]!;
    expect(d.mayBeBad(yOnly, model.bad)).toBe(true);
    expect(d.mayBeBad(yOnly, and(lt(ref(y), int(0)), lt(ref(x), int(0))))).toBe(false);
    expect(d.mayBeBad(yOnly, or(lt(ref(y), int(0)), and(gt(ref(x), int(0)), lt(ref(x), int(0)))))).toBe(false);
    expect(d.stats.checks).toBeGreaterThan(0);
    const lazy = expl(model, '1*');
    expect(lazy.mayBeBad(lazy.initial(eq(ref(y), int(5)), tracking(lazy, y))[0]!, model.bad)).toBe(true);
    expect(lazy.stats.checks).toBe(0);
  });

  it('refine tracks the variables of the interpolant, join unites, nothing new gives the same object', () => {
    const d = expl(model, 1);
    const p = d.refine(d.emptyPrecision(), and(ge(ref(x), ref(y)), ref(b)));
    expect(p.items()).toEqual(['x', 'y', 'b']);
    expect(d.refine(p, gt(ref(y), int(3)))).toBe(p);
    const q = tracking(d, y);
    expect(d.join(p, q)).toBe(p);
    expect(d.join(q, p)).toBe(p);
    expect(d.join(tracking(d, y), tracking(d, x)).items()).toEqual(['y', 'x']);
  });
});

describe('predicate splitting (Sect. 3.1.3)', () => {
  const model = sts(STS);
  const [x, y, b] = ['x', 'y', 'b'].map((n) => ref(variable(model, n))) as [Expr, Expr, Expr];
  const p1 = gt(x, int(0));
  const p2 = ge(y, x);
  const p3 = b;
  const itp = and(p1, or(p2, not(p3)));

  it('WHOLE keeps the formula, CONJUNCTS splits the conjunction, ATOMS goes down to atoms', () => {
    expect(splitPredicate(itp, 'WHOLE')).toEqual([itp]);
    expect(splitPredicate(itp, 'CONJUNCTS')).toEqual([p1, or(p2, not(p3))]);
    expect(splitPredicate(itp, 'ATOMS')).toEqual([p1, p2, p3]);
    expect(splitPredicate(not(p1), 'WHOLE')).toEqual([p1]);
    expect(splitPredicate(True, 'ATOMS')).toEqual([]);
  });

  it('refine adds the parts per mode, drops true, false and known predicates', () => {
    for (const [mode, size] of [['WHOLE', 1], ['CONJUNCTS', 2], ['ATOMS', 3]] as const) {
      const d = track(new PredDomain('BOOL', mode, 'sts', z3));
      const p = d.refine(d.emptyPrecision(), itp);
      expect(p.size).toBe(size);
      expect(d.refine(p, itp)).toBe(p);
      expect(d.refine(p, True)).toBe(p);
      expect(d.refine(p, False)).toBe(p);
    }
    const atoms = track(new PredDomain('CART', 'ATOMS', 'sts', z3));
    const p = atoms.refine(atoms.emptyPrecision(), itp);
    expect(p.items()).toEqual(['x > 0', 'y >= x', 'b']);
    expect(atoms.refine(p, and(p2, not(p1)))).toBe(p);
    expect(atoms.join(p, atoms.refine(atoms.emptyPrecision(), p3))).toBe(p);
  });

  it('a comparison enters the precision in one orientation, whichever way projection wrote it', () => {
    const d = track(new PredDomain('BOOL', 'ATOMS', 'sts', z3));
    const p = d.refine(d.emptyPrecision(), and(eq(int(0), x), le(int(2), y), eq(y, x)));
    expect(p.items()).toEqual(['x = 0', 'y >= 2', 'x = y']);
    expect(d.refine(p, or(eq(x, int(0)), ge(y, int(2)), lt(y, int(2)), eq(x, y)))).toBe(p);
    expect(splitPredicate(not(eq(int(0), x)), 'WHOLE')).toEqual([eq(x, int(0))]);
  });

  it('the TUI gets the newest items only, each cut short', () => {
    const d = track(new PredDomain('BOOL', 'WHOLE', 'sts', z3));
    // a DAG of 40 nodes whose print would have 2^20 copies of its leaf
    let big: Expr = gt(x, int(0));
    for (let i = 0; i < 20; i++) big = or(and(big, gt(y, int(i))), and(big, lt(y, int(-i))));
    const p = d.refine(d.refine(d.emptyPrecision(), p1), big);
    const [newest, ...more] = p.items(1);
    expect(more).toEqual([]);
    expect(newest!.length).toBeLessThan(500);
    expect(newest!.endsWith('…')).toBe(true);
    expect(p.items()[0]).toBe('x > 0');
  });
});

/** Swaps x and y through t, then fails if both are positive. */
const SWAP = `
main process swap {
  var x : int
  var y : int
  var t : int
  init loc L0
  loc L1
  error loc E
  L0 -> L1 { t := x  x := y  y := t }
  L1 -> E { assume x > 0 and y > 0 }
}`;

describe('predicate abstraction: BOOL, CART, SPLIT', () => {
  const model = sts(STS);
  const [x, y] = ['x', 'y'].map((n) => ref(variable(model, n))) as [Expr, Expr];
  const a = gt(x, int(0));
  const b = gt(y, int(0));
  const xorState = or(and(a, not(b)), and(not(a), b));

  it('the paper example a and not b or not a and b with atoms {a, b}', () => {
    const boolD = track(new PredDomain('BOOL', 'ATOMS', 'sts', z3));
    const [boolS, ...rest] = boolD.initial(xorState, preds(boolD, a, b));
    expect(rest).toEqual([]);
    expect(equivalent(boolS!.expr, xorState)).toBe(true);

    const cart = track(new PredDomain('CART', 'ATOMS', 'sts', z3));
    expect(cart.initial(xorState, preds(cart, a, b)).map((s) => s.expr)).toEqual([True]);

    const split = track(new PredDomain('SPLIT', 'ATOMS', 'sts', z3));
    const parts = split.initial(xorState, preds(split, a, b));
    expect(parts).toHaveLength(2);
    expect(equivalent(or(...parts.map((s) => s.expr)), xorState)).toBe(true);
    expect(parts.every((s) => s.expr.op === 'and')).toBe(true);
  });

  it('successors by an action: Boolean keeps the disjunction, Cartesian the implied literals', () => {
    const m = cfa(SWAP);
    const [mx, my] = ['x', 'y'].map((n) => ref(variable(m, n))) as [Expr, Expr];
    const pa = gt(mx, int(0));
    const pb = gt(my, int(0));
    const src = or(and(pa, not(pb)), and(not(pa), pb));
    const swap = edge(m, 'L0');

    const boolD = track(new PredDomain('BOOL', 'ATOMS', 'cfa', z3));
    const start = boolD.initial(src, preds(boolD, pa, pb));
    const [post] = boolD.successors(start[0]!, swap, preds(boolD, pa, pb));
    expect(equivalent(post!.expr, src)).toBe(true);
    expect(boolD.successors(post!, edge(m, 'L1'), preds(boolD, pa, pb))).toEqual([]);

    const split = track(new PredDomain('SPLIT', 'ATOMS', 'cfa', z3));
    const cubes = split.initial(src, preds(split, pa, pb));
    for (const c of cubes) {
      const [next, ...none] = split.successors(c, swap, preds(split, pa, pb));
      expect(none).toEqual([]);
      expect(cubes).toContain(next);
    }

    const cart = track(new PredDomain('CART', 'ATOMS', 'cfa', z3));
    const cp = preds(cart, pa, eq(mx, int(0)));
    const [zero] = cart.initial(eq(mx, int(0)), cp);
    expect(zero!.expr).toBe(and(not(pa), eq(mx, int(0))));
    const inc = cfa(`
main process inc {
  var x : int
  init loc L0
  loc L1
  error loc E
  L0 -> L1 { x := x + 1 }
  L1 -> E { assume x < 0 }
}`);
    const ix = ref(variable(inc, 'x'));
    const ip = preds(cart, gt(ix, int(0)), eq(ix, int(0)));
    const [s0] = cart.initial(eq(ix, int(0)), ip);
    const [s1] = cart.successors(s0!, edge(inc, 'L0'), ip);
    expect(s1!.expr).toBe(and(gt(ix, int(0)), not(eq(ix, int(0)))));
  });

  it('BOOL abstracts a disjunction one disjunct at a time, each cached', () => {
    const m = cfa(SWAP);
    const [mx, my] = ['x', 'y'].map((n) => ref(variable(m, n))) as [Expr, Expr];
    const [pa, pb] = [gt(mx, int(0)), gt(my, int(0))];
    const swap = edge(m, 'L0');
    const d = track(new PredDomain('BOOL', 'ATOMS', 'cfa', z3));
    const prec = preds(d, pa, pb);
    const c1 = and(pa, not(pb));
    const c2 = and(not(pa), pb);
    const [s1] = d.successors(new PredState(c1), swap, prec);
    const [s2] = d.successors(new PredState(c2), swap, prec);
    expect(s1!.expr).toBe(c2);
    expect(s2!.expr).toBe(c1);
    const checks = d.stats.checks;
    const [both] = d.successors(new PredState(or(c1, c2)), swap, prec);
    expect(d.stats.checks).toBe(checks);
    expect(equivalent(both!.expr, or(c1, c2))).toBe(true);
  });

  it('with the empty precision the transfer is a feasibility check', () => {
    for (const kind of ['BOOL', 'CART', 'SPLIT'] as const) {
      const d = track(new PredDomain(kind, 'WHOLE', 'sts', z3));
      const e = d.emptyPrecision();
      const [top] = d.initial(model.init, e);
      expect(top!.expr).toBe(True);
      expect(d.initial(and(model.init, lt(x, int(0))), e)).toEqual([]);
      expect(d.successors(top!, edge(model, 'safe'), e).map((s) => s.expr)).toEqual([True]);
    }
  });

  it('leq is implication, with syntactic shortcuts and a cache', () => {
    const d = track(new PredDomain('BOOL', 'ATOMS', 'sts', z3));
    const prec = preds(d, a, b);
    const [both] = d.initial(and(a, b), prec);
    const [onlyA] = d.initial(a, prec);
    const [top] = d.initial(True, prec);
    const [xorS] = d.initial(xorState, prec);
    expect(d.leq(both!, both!)).toBe(true);
    expect(d.leq(both!, onlyA!)).toBe(true);
    expect(d.leq(onlyA!, both!)).toBe(false);
    expect(d.leq(xorS!, top!)).toBe(true);
    expect(d.leq(xorS!, onlyA!)).toBe(false);
    expect(d.leq(top!, onlyA!)).toBe(false);
    const checks = d.stats.checks;
    expect(d.leq(onlyA!, both!)).toBe(false);
    expect(d.stats.checks).toBe(checks);
    // cubes that clash, or contain each other, are decided on their shape
    const split = track(new PredDomain('SPLIT', 'ATOMS', 'sts', z3));
    const sp = preds(split, a, b);
    const [c1, c2] = split.initial(xorState, sp);
    const [onlyB] = split.initial(b, preds(split, b));
    expect(onlyB!.expr).toBe(b);
    const before = split.stats.checks;
    expect(split.leq(c1!, c2!)).toBe(false);
    expect(split.leq(c2!, c1!)).toBe(false);
    expect(split.leq(c1!, onlyB!) || split.leq(c2!, onlyB!)).toBe(true);
    expect(split.stats.checks).toBe(before);
    const cart = track(new PredDomain('CART', 'ATOMS', 'sts', z3));
    const cp = preds(cart, a, b);
    const [ab] = cart.initial(and(a, b), cp);
    const [ca] = cart.initial(a, cp);
    expect(ab!.expr).toBe(and(a, b));
    expect(cart.leq(ab!, ca!)).toBe(true);
  });

  it('mayBeBad is satisfiability with the bad condition', () => {
    const d = track(new PredDomain('CART', 'ATOMS', 'sts', z3));
    const prec = preds(d, ge(x, int(0)));
    const [init] = d.initial(model.init, prec);
    expect(init!.expr).toBe(ge(x, int(0)));
    expect(d.mayBeBad(init!, model.bad)).toBe(false);
    const [top] = d.initial(True, d.emptyPrecision());
    expect(d.mayBeBad(top!, model.bad)).toBe(true);
  });
});

describe('factory and initial precisions', () => {
  it('makes every domain by its Theta name', () => {
    const model = cfa(FIG4_LEFT);
    for (const domain of ['EXPL', 'PRED_BOOL', 'PRED_CART', 'PRED_SPLIT'] as const) {
      const d = track(makeDomain({ domain, maxEnum: 4, predSplit: 'WHOLE' }, model, z3));
      const prec = initialPrecision(d, model, 'PROP');
      expect(prec.size).toBe(1);
      expect(initialPrecision(d, model, 'EMPTY').size).toBe(0);
      // PRED_SPLIT: x = 0 and not x = 0 are two states
      expect(d.initial(model.init, prec)).toHaveLength(domain === 'PRED_SPLIT' ? 2 : 1);
    }
    expect(() => makeDomain({ domain: 'EXPL', maxEnum: -1, predSplit: 'WHOLE' }, model, z3)).toThrow(RangeError);
  });

  it('solver work past the deadline ends with the abstractor\'s Timeout', () => {
    const model = cfa(FIG4_LEFT);
    for (const domain of ['EXPL', 'PRED_BOOL', 'PRED_CART'] as const) {
      const d = track(makeDomain({ domain, maxEnum: 4, predSplit: 'WHOLE' }, model, z3));
      const prec = initialPrecision(d, model, 'PROP');
      const [top] = d.initial(model.init, prec);
      d.deadline = Date.now() - 1;
      expect(() => d.successors(top!, edge(model, 'L1'), prec)).toThrow(Timeout);
      d.deadline = undefined;
      expect(d.successors(top!, edge(model, 'L1'), prec).length).toBeGreaterThan(0);
    }
    const lazy = track(makeDomain({ domain: 'EXPL', maxEnum: '1*', predSplit: 'WHOLE' }, model, z3));
    lazy.deadline = Date.now() - 1;
    const prec = initialPrecision(lazy, model, 'PROP');
    expect(lazy.successors(lazy.initial(model.init, prec)[0]!, edge(model, 'L1'), prec)).toHaveLength(1);
  });

  it('PROP takes the atoms of the guards into the error location, or of the property', () => {
    const model = cfa(FIG4_LEFT);
    expect(propertyAtoms(model)).toEqual([eq(ref(variable(model, 'x')), int(0))]);
    const s = sts(STS);
    expect(propertyAtoms(s)).toEqual([ge(ref(variable(s, 'x')), int(0))]);
    const d = track(makeDomain({ domain: 'EXPL', maxEnum: '1*', predSplit: 'WHOLE' }, s, z3));
    expect(initialPrecision(d, s, 'PROP').items()).toEqual(['x']);
  });
});

describe('soundness: every abstract successor set covers the concrete successors', () => {
  const model = cfa(`
main process soup {
  var x : int
  var y : int
  var b : bool
  init loc L0
  error loc E
  L0 -> L0 { havoc y  assume y >= 0 and y < 3  x := x + y }
  L0 -> L0 { assume b  x := x * 2  b := not b }
  L0 -> L0 { assume not b and x > y  y := x mod 3  b := y = 1 }
  L0 -> L0 { havoc b  assume b = (x > 1) }
  L0 -> E { assume x = 5 and not b }
}`);
  const [x, y, b] = ['x', 'y', 'b'].map((n) => variable(model, n)) as [VarDecl, VarDecl, VarDecl];
  const [loc] = model.locations;
  const actions = model.actions(loc!);
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const concrete = () => new Map<VarDecl, Expr>([[x, int(random(7) - 2)], [y, int(random(5) - 1)], [b, random(2) ? True : False]]);
  const predicates = [gt(ref(x), int(1)), eq(ref(x), int(5)), ge(ref(y), int(0)), gt(ref(x), ref(y)), ref(b), eq(ref(y), int(1))];

  function checkDomain(d: AnyDomain, precOf: () => Precision): void {
    for (let round = 0; round < 25; round++) {
      const c = concrete();
      const prec = precOf();
      const point = and(...[...c].map(([v, val]) => eq(ref(v), val)));
      const abstract = d.initial(point, prec);
      expect(abstract.some((s) => evaluateIn(s.expr, c) === True)).toBe(true);
      const source = abstract.find((s) => evaluateIn(s.expr, c) === True)!;
      for (const a of actions) {
        const post = d.successors(source as AbstractState, a, prec);
        for (const v of [0, 1, 2, -1]) {
          const choices = new Map(a.locals.map((l) => [l, l.type === b.type ? (v % 2 ? True : False) : int(v)]));
          const run = a.execute(c, choices);
          if (run.disabled || !run.exact) continue;
          expect(post.some((s) => evaluateIn(s.expr, run.post) === True)).toBe(true);
        }
      }
    }
  }

  it.each(['1*', 1, 2, 4] as const)('EXPL with k = %s', (k) => {
    const d = track(makeDomain({ domain: 'EXPL', maxEnum: k, predSplit: 'WHOLE' }, model, z3));
    checkDomain(d, () => [x, y, b].filter(() => random(2)).reduce((p, v) => d.refine(p, ref(v)), d.emptyPrecision()));
  });

  it.each(['PRED_BOOL', 'PRED_CART', 'PRED_SPLIT'] as const)('%s', (domain) => {
    const d = track(makeDomain({ domain, maxEnum: 0, predSplit: 'ATOMS' }, model, z3));
    checkDomain(d, () => predicates.filter(() => random(2)).reduce((p, q) => d.refine(p, q), d.emptyPrecision()));
  });
});
