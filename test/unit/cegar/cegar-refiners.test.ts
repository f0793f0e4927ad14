/**
 * The CEGAR refiners on hand-built ARGs over small CFAs, with the real Z3: feasible paths give traces
 * that replay; infeasible ones give formulas that satisfy the sequence conditions relative to the
 * abstract states (checked in a fresh solver) and prune where the paper says (Fig. 6, 7, 8).
 */
import { describe, expect, it } from 'vitest';
import { False, True, and, atStep, eq, freeVars, int, not, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { testContext, unsatChecker } from '../../support/z3.js';
import { parseCfa } from '../../../formalisms/frontends/cfa/read.js';
import { cfaInterpreter } from '../../../formalisms/cfa-semantics.js';
import type { Interpreter } from '../../../formalisms/interpreter.js';
import { replay } from '../../../formalisms/trace.js';
import { Arg, type ArgNode, type ArgPath } from '../../../cegar/arg.js';
import type { AbstractState, Domain, Precision } from '../../../cegar/domain.js';
import { PrecisionMap } from '../../../cegar/precision-map.js';
import type { Granularity, RefinementKind } from '../../../cegar/config.js';
import type { Refinement } from '../../../cegar/refiner.js';
import { makeRefiner, RefinementTimeout, RefinementUnsupported } from '../../../cegar/refiners/index.js';
import { counterexample, segment } from '../../../cegar/refiners/pieces.js';
import { minimalPaths } from '../../../cegar/refiners/multi.js';

const z3 = testContext();

const unsat = unsatChecker();

type State = AbstractState;
const TOP: State = { expr: True, bottom: false };

/** A precision that records every formula it is refined with, in order. */
class Collected implements Precision {
  constructor(readonly formulas: readonly Expr[]) {}
  get size(): number { return this.formulas.length; }
  items(): string[] { return this.formulas.map((f) => String(f.id)); }
}

/** A precision that tracks the free variables of what it is refined with (the explicit domain's way). */
class Tracked implements Precision {
  constructor(readonly vars: ReadonlySet<VarDecl>) {}
  get size(): number { return this.vars.size; }
  items(): string[] { return [...this.vars].map((v) => v.name); }
}

function testDomain<P extends Precision>(empty: P, refine: (p: P, itp: Expr) => P): Domain<State, P> {
  return {
    initial: () => [TOP],
    successors: () => [TOP],
    leq: () => false,
    mayBeBad: () => true,
    emptyPrecision: () => empty,
    refine,
    join: (a) => a,
  };
}

const predicates = testDomain(new Collected([]), (p, itp) => (p.formulas.includes(itp) ? p : new Collected([...p.formulas, itp])));
const variables = testDomain(new Tracked(new Set()), (p, itp) => {
  const fresh = freeVars(itp).filter((v) => !p.vars.has(v));
  return fresh.length === 0 ? p : new Tracked(new Set([...p.vars, ...fresh]));
});

function model(text: string): Interpreter {
  return cfaInterpreter(parseCfa(text, 'test.cfa'));
}

/** Adds the path through the named locations below `from` (or as a new root), taking the first matching edge. */
function extend(m: Interpreter, arg: Arg<State>, locs: readonly string[], from?: ArgNode<State>): ArgNode<State> {
  let node = from ?? arg.add(m.initLoc, TOP);
  for (const name of locs.slice(from ? 0 : 1)) {
    const action = m.actions(node.loc).find((a) => a.target.name === name);
    if (!action) throw new Error(`no edge from ${node.loc.name} to ${name}`);
    node = arg.add(action.target, TOP, node, action);
  }
  if (node.loc === m.errorLoc) node.unsafe = true;
  return node;
}

function pathThrough(m: Interpreter, locs: readonly string[]): ArgPath<State> {
  const arg = new Arg<State>();
  return arg.pathTo(extend(m, arg, locs));
}

function var_(m: Interpreter, name: string): VarDecl {
  return m.vars.find((v) => v.name === name)!;
}

/** Fig. 6: x is assigned early and contradicts a guard late; y is noise. */
const FIG6 = model(`main process fig6 {
  var x : int
  var y : int
  init loc L0
  loc L1
  loc L2
  loc L3
  error loc LE
  L0 -> L1 { x := 0 }
  L1 -> L2 { y := y + 1 }
  L2 -> L3 { y := y + 2 }
  L3 -> LE { assume x > 5 }
}`);
const FIG6_PATH = ['L0', 'L1', 'L2', 'L3', 'LE'];

/** Fig. 8: an early contradiction on x and a late one on y; forward prunes early, backward late. */
const FIG8 = model(`main process fig8 {
  var x : int
  var y : int
  init loc L0
  loc L1
  loc L2
  loc L3
  error loc LE
  L0 -> L1 { x := 0 }
  L1 -> L2 { assume x > 5 }
  L2 -> L3 { y := 0 }
  L3 -> LE { assume y > 5 }
}`);

/** A real counterexample through a havoc. */
const FEASIBLE = model(`main process feasible {
  var x : int
  var y : int
  init loc L0
  loc L1
  loc L2
  error loc LE
  L0 -> L1 { havoc x }
  L1 -> L2 { y := x + 1 }
  L2 -> LE { assume y > 10 }
}`);

const ALL: RefinementKind[] = ['FW_BIN_ITP', 'BW_BIN_ITP', 'SEQ_ITP', 'MULTI_SEQ', 'MIN_PRUNE', 'MAX_PRUNE', 'UNSAT_CORE'];
const INTERPOLATING: RefinementKind[] = ['FW_BIN_ITP', 'BW_BIN_ITP', 'SEQ_ITP', 'MULTI_SEQ', 'MIN_PRUNE', 'MAX_PRUNE'];

function refineWith(kind: RefinementKind, m: Interpreter, paths: ArgPath<State>[], granularity: Granularity = 'LOCAL', deadline?: number) {
  const domain = kind === 'UNSAT_CORE' ? variables : predicates;
  const prec = PrecisionMap.create<State, Precision>(domain as Domain<State, Precision>, granularity);
  const refiner = makeRefiner(kind, z3());
  const r = refiner.refine({ model: m, domain: domain as Domain<State, Precision>, deadline }, paths, prec);
  return { r, prec, refiner };
}

function spurious(r: Refinement<State, Precision>) {
  if (r.kind !== 'spurious') throw new Error('expected a spurious counterexample');
  return r;
}

/** The formulas the refinement put at each state of `path` (LOCAL precision: per location). */
function formulasAt(r: Refinement<State, Precision>, path: ArgPath<State>): Expr[] {
  return path.nodes.map((n) => {
    const p = spurious(r).precision.get(n.loc) as Collected;
    const fs = p.formulas;
    return fs.length === 0 ? True : and(...fs);
  });
}

/**
 * Each I_k other than true (binary strategies refine one state only) is an interpolant of the path
 * split at state k: the path up to s_k implies I_k (at step k), I_k is inconsistent with the path
 * from s_k on; and every I_k is over V.
 */
function expectInterpolants(m: Interpreter, path: ArgPath<State>, itps: readonly Expr[]): void {
  const cex = counterexample(m, path);
  const n = cex.states.length;
  expect(itps.length).toBe(n);
  const vars = new Set(m.vars);
  for (let k = 0; k < n; k++) {
    expect(freeVars(itps[k]!).every((v) => vars.has(v))).toBe(true);
    if (itps[k] === True) continue;
    const at = atStep(itps[k]!, k);
    expect(unsat(and(segment(cex, 0, k), not(at)))).toBe(true);
    expect(unsat(and(at, segment(cex, k, n - 1)))).toBe(true);
  }
}

/**
 * The sequence conditions relative to the abstract states: init and s_1 imply I_1; I_k, s_k, op_k
 * and s_(k+1) imply I_(k+1); I_n and s_n (with bad) are inconsistent.
 */
function expectSequence(m: Interpreter, path: ArgPath<State>, itps: readonly Expr[]): void {
  const { states, trans } = counterexample(m, path);
  const n = states.length;
  expect(unsat(and(states[0]!, not(atStep(itps[0]!, 0))))).toBe(true);
  for (let k = 1; k < n; k++) {
    expect(unsat(and(atStep(itps[k - 1]!, k - 1), states[k - 1]!, trans[k - 1]!, states[k]!, not(atStep(itps[k]!, k))))).toBe(true);
  }
  expect(unsat(and(atStep(itps[n - 1]!, n - 1), states[n - 1]!))).toBe(true);
}

describe('feasible counterexamples', () => {
  for (const kind of ALL) {
    it(`${kind} returns a trace that replays`, () => {
      const { r } = refineWith(kind, FEASIBLE, [pathThrough(FEASIBLE, ['L0', 'L1', 'L2', 'LE'])]);
      expect(r.kind).toBe('unsafe');
      if (r.kind === 'unsafe') expect(replay(FEASIBLE, r.trace)).toBeUndefined();
    });
  }

  it('MULTI_SEQ reports a feasible path among infeasible ones', () => {
    const m = model(`main process two {
      var x : int
      init loc L0
      loc L1
      error loc LE
      L0 -> L1 { x := 0 }
      L1 -> LE { assume x > 5 }
      L0 -> LE { assume x > 5 }
    }`);
    const arg = new Arg<State>();
    const bad = extend(m, arg, ['L0', 'L1', 'LE']);
    const good = extend(m, arg, ['LE'], arg.roots[0]);
    const { r } = refineWith('MULTI_SEQ', m, [arg.pathTo(bad), arg.pathTo(good)]);
    expect(r.kind).toBe('unsafe');
    if (r.kind === 'unsafe') expect(replay(m, r.trace)).toBeUndefined();
  });
});

describe('infeasible counterexamples give interpolants, and sequences for SEQ_ITP and MULTI_SEQ', () => {
  for (const [name, m, locs] of [['Fig. 6', FIG6, FIG6_PATH], ['Fig. 8', FIG8, FIG6_PATH]] as const) {
    for (const kind of INTERPOLATING) {
      it(`${kind} on ${name}`, () => {
        const path = pathThrough(m, locs);
        const { r } = refineWith(kind, m, [path]);
        const s = spurious(r);
        expect(s.pruneFrom).toHaveLength(1);
        const prune = path.nodes.indexOf(s.pruneFrom[0]!);
        const at = formulasAt(r, path);
        expect(at.slice(0, prune).every((f) => f === True)).toBe(true);
        expect(at[prune]).not.toBe(True);
        expectInterpolants(m, path, at);
        if (kind === 'SEQ_ITP' || kind === 'MULTI_SEQ') expectSequence(m, path, [...at.slice(0, -1), False]);
      });
    }
  }
});

describe('prune indices (Fig. 6 and Fig. 8)', () => {
  const pruneIndex = (kind: RefinementKind, m: Interpreter) => {
    const path = pathThrough(m, FIG6_PATH);
    return path.nodes.indexOf(spurious(refineWith(kind, m, [path]).r).pruneFrom[0]!);
  };

  it('backward binary interpolation prunes earlier than forward on Fig. 6', () => {
    expect(pruneIndex('FW_BIN_ITP', FIG6)).toBe(3);
    expect(pruneIndex('BW_BIN_ITP', FIG6)).toBe(1);
    expect(pruneIndex('SEQ_ITP', FIG6)).toBe(1);
  });

  it('forward prunes earlier than backward on Fig. 8', () => {
    expect(pruneIndex('FW_BIN_ITP', FIG8)).toBe(1);
    expect(pruneIndex('BW_BIN_ITP', FIG8)).toBe(3);
  });

  it('MIN_PRUNE and MAX_PRUNE pick the lower and the higher prune index', () => {
    expect(pruneIndex('MIN_PRUNE', FIG6)).toBe(1);
    expect(pruneIndex('MAX_PRUNE', FIG6)).toBe(3);
    expect(pruneIndex('MIN_PRUNE', FIG8)).toBe(1);
    expect(pruneIndex('MAX_PRUNE', FIG8)).toBe(3);
  });

  it('MIN_PRUNE and MAX_PRUNE fall back to the other interpolant when theirs adds nothing', () => {
    const path = pathThrough(FIG6, FIG6_PATH);
    const fw = spurious(refineWith('FW_BIN_ITP', FIG6, [path]).r);
    const s = spurious(makeRefiner('MAX_PRUNE', z3()).refine({ model: FIG6, domain: predicates }, [path], fw.precision));
    expect(s.pruneFrom).toEqual([path.nodes[1]]);
    expect(s.precision).not.toBe(fw.precision);
    const again = makeRefiner('FW_BIN_ITP', z3()).refine({ model: FIG6, domain: predicates }, [path], fw.precision);
    expect(spurious(again).precision).toBe(fw.precision);
  });

  it('forward refines only the last state of the feasible prefix, backward only the first of the suffix', () => {
    const path = pathThrough(FIG6, FIG6_PATH);
    const fw = formulasAt(refineWith('FW_BIN_ITP', FIG6, [path]).r, path);
    expect(fw.map((f) => f !== True)).toEqual([false, false, false, true, false]);
    const bw = formulasAt(refineWith('BW_BIN_ITP', FIG6, [path]).r, path);
    expect(bw.map((f) => f !== True)).toEqual([false, true, false, false, false]);
    expect(freeVars(bw[1]!)).toEqual([var_(FIG6, 'x')]);
  });

  it('GLOBAL precision puts the interpolant everywhere', () => {
    const path = pathThrough(FIG6, FIG6_PATH);
    const s = spurious(refineWith('BW_BIN_ITP', FIG6, [path], 'GLOBAL').r);
    for (const l of FIG6.locations) expect((s.precision.get(l) as Collected).formulas).toHaveLength(1);
  });
});

describe('MULTI_SEQ refines the minimal set of counterexamples (Algorithm 5)', () => {
  const m = model(`main process branches {
    var x : int
    var y : int
    init loc L0
    loc L1
    loc L2
    loc L3
    loc L4
    error loc LE
    L0 -> L1 { x := 0 }
    L1 -> L2 { assume true }
    L2 -> LE { assume x > 5 }
    L1 -> L3 { assume true }
    L3 -> L4 { y := 0 }
    L4 -> LE { assume y > 3 }
  }`);

  it('skips a path whose pruning point lies below another path\'s', () => {
    const arg = new Arg<State>();
    const a = extend(m, arg, ['L0', 'L1', 'L2', 'LE']);
    const l1 = a.parent!.parent!;
    const b = extend(m, arg, ['L3', 'L4', 'LE'], l1);
    const pa = arg.pathTo(a);
    const pb = arg.pathTo(b);
    // alone, path b prunes at L4, path a at L1 (an ancestor of b's L4)
    expect(spurious(refineWith('SEQ_ITP', m, [pb]).r).pruneFrom[0]!.loc.name).toBe('L4');
    expect(spurious(refineWith('SEQ_ITP', m, [pa]).r).pruneFrom[0]).toBe(l1);
    const s = spurious(refineWith('MULTI_SEQ', m, [pb, pa]).r);
    expect(s.pruneFrom).toEqual([l1]);
    // only path a was refined: nothing learnt about y
    const y = var_(m, 'y');
    for (const l of m.locations) {
      for (const f of (s.precision.get(l) as Collected).formulas) expect(freeVars(f)).not.toContain(y);
    }
  });

  it('keeps paths with the same pruning point or unrelated ones', () => {
    const arg = new Arg<State>();
    const root = arg.add(m.initLoc, TOP);
    const l1 = extend(m, arg, ['L1'], root);
    const l2 = extend(m, arg, ['L2'], l1);
    const l3 = extend(m, arg, ['L3'], l1);
    const l4 = extend(m, arg, ['L4'], l3);
    expect(minimalPaths([l2, l4, l2])).toEqual([0, 1, 2]);
    expect(minimalPaths([l4, l1, l2])).toEqual([1]);
    expect(minimalPaths([root, root])).toEqual([0, 1]);
  });
});

describe('UNSAT_CORE tracks the variables of an unsat core', () => {
  it('tracks x from the assignment to the guard, never y, and prunes at the first new variable', () => {
    const path = pathThrough(FIG6, FIG6_PATH);
    const { r, refiner } = refineWith('UNSAT_CORE', FIG6, [path]);
    const s = spurious(r);
    const x = var_(FIG6, 'x');
    const tracked = path.nodes.map((n) => [...(s.precision.get(n.loc) as Tracked).vars]);
    expect(tracked).toEqual([[], [x], [x], [x], []]);
    expect(s.pruneFrom).toEqual([path.nodes[1]]);
    expect(refiner.stats.checks).toBeGreaterThan(0);
  });

  it('prunes at the first state whose variables are new', () => {
    const path = pathThrough(FIG6, FIG6_PATH);
    const x = var_(FIG6, 'x');
    const l1 = FIG6.locations.find((l) => l.name === 'L1')!;
    let prec = PrecisionMap.create<State, Tracked>(variables, 'LOCAL');
    prec = prec.refine(variables, l1, eq(ref(x), int(0)));
    const s = spurious(makeRefiner('UNSAT_CORE', z3()).refine({ model: FIG6, domain: variables }, [path], prec));
    expect(s.pruneFrom).toEqual([path.nodes[2]]);
  });

  it('works on bit-vectors, where interpolation refuses', () => {
    const m = model(`main process bits {
      var x : bv[8]
      init loc L0
      loc L1
      error loc LE
      L0 -> L1 { x := 8'd3 }
      L1 -> LE { assume x = 8'd4 }
    }`);
    const path = pathThrough(m, ['L0', 'L1', 'LE']);
    const s = spurious(refineWith('UNSAT_CORE', m, [path]).r);
    expect(s.pruneFrom).toEqual([path.nodes[1]]);
    expect(() => refineWith('SEQ_ITP', m, [path])).toThrow(RefinementUnsupported);
  });
});

describe('limits', () => {
  it('a passed deadline is a RefinementTimeout', () => {
    for (const kind of ALL) {
      expect(() => refineWith(kind, FIG6, [pathThrough(FIG6, FIG6_PATH)], 'LOCAL', Date.now() - 1)).toThrow(RefinementTimeout);
    }
  });

  it('statistics count checks and interpolations', () => {
    const { refiner } = refineWith('MIN_PRUNE', FIG6, [pathThrough(FIG6, FIG6_PATH)]);
    expect(refiner.stats.interpolations).toBe(2);
    expect(refiner.stats.checks).toBeGreaterThan(10);
  });
});
