/**
 * Auxiliary invariants for k-induction, refined while it runs (Beyer, Dangl and Wendler, "A Unifying
 * View on SMT-Based Software Verification", k-induction with continuously-refined invariants).
 *
 * The generator proves candidate invariants per location by Houdini's fixed point (Flanagan and
 * Leino, FME 2001): start from every candidate, drop those an initial state violates, then, for each
 * action l → l', those that a step from a state meeting the candidates of l can violate at l', until
 * no step violates any. What is left is an inductive invariant. Each solver model drops every
 * candidate it falsifies at once, and the work is a queue of actions, so the fixed point can be
 * computed in slices of time between k-induction's rounds.
 *
 * Candidates come in stages, each proven before the next starts, so the invariant handed on only
 * ever gets stronger:
 *  - intervals: v ≤ c and v ≥ c for each integer variable and each constant of the model or of an
 *    initial state, b and ¬b for each Boolean variable;
 *  - affine equalities: Karr's invariant, the equalities such as `x2 + x3 = x0 + x1` that hold at each
 *    location over all its variables (engines/affine-hull.ts);
 *  - octagons: v - w and v + w bounded above and below, at each location, by their values in one
 *    reachable state there (found by a short BMC run), for pairs of integer variables (relations
 *    such as j = cnt - 5);
 *  - templates: a·v + b·w for pairs of integer variables with (a, b) among (1, ±1), (1, ±2) and
 *    (2, ±1), bounded by their least and greatest values over all the reachable states a longer BMC
 *    run finds at each location (Houdini drops the bounds that only the run's depth gave). They
 *    give relations a single state cannot suggest: `0 ≤ i - 2y ≤ 1`, `b ≥ 2c`;
 *  - guarded equalities: `¬g ∨ e` for a guard g of a location's actions and an affine equality e
 *    of the states reachable there within a bound where g holds (engines/guarded-equalities.ts):
 *    the disjunctive invariants of loops whose phases the guards separate.
 * k-induction takes the first four in that order, up to its `--invariants` mode; PDR
 * (engines/pdr.ts) starts from equalities, intervals, guarded equalities and templates.
 * Inputs are left out: they are fresh every step.
 */
import type { Z3Context } from '../lang/smt/context.js';
import { BoolT, IntT } from '../lang/types.js';
import { True, add, mul, and, conjuncts, eq, ge, indexed, int, le, not, or, postorder, prime, ref, sub, type Expr, type VarDecl } from '../lang/expr.js';
import type { Action, Interpreter, Location } from '../formalisms/interpreter.js';
import { Solver } from '../lang/smt/solver.js';
import { DeadlineChecks, SolverGaveUp, Timeout } from '../lang/smt/deadline.js';
import { Unrolling } from './bounded.js';
import { affineInvariant } from './affine-hull.js';
import { guardedCandidates } from './guarded-equalities.js';

/** The stages of candidates, in the order given to the generator. */
export type InvariantStage = 'intervals' | 'equalities' | 'octagons' | 'templates' | 'guarded';

/** At most this many integer constants bound each variable, and this many variables form octagon or template pairs. */
const MAX_CONSTANTS = 40;
const MAX_OCTAGON_VARS = 16;
const MAX_TEMPLATE_VARS = 12;
/** The sampling BMC runs: for octagons, one state per location; for templates, every state it reaches. */
const OCTAGON_SAMPLING = { allStates: false, maxDepth: 40, ms: 1000 } as const;
const TEMPLATE_SAMPLING = { allStates: true, maxDepth: 60, ms: 1500 } as const;
/** The directions (a, b) of a·v + b·w: octagons' and the templates'. */
type Direction = readonly [bigint, bigint];
const OCTAGON_DIRECTIONS: readonly Direction[] = [[1n, -1n], [1n, 1n]];
const TEMPLATE_DIRECTIONS: readonly Direction[] = [...OCTAGON_DIRECTIONS, [1n, -2n], [1n, 2n], [2n, -1n], [2n, 1n]];
/** The time the affine equalities get, and the search for states on either side of the guards. */
const EQUALITIES_MS = 2000;
const GUARDED_MS = 1500;

/** c·x, written x where c is 1. */
function term(c: bigint, x: VarDecl): Expr {
  return c === 1n ? ref(x) : mul(int(c), ref(x));
}

type Work = 'init' | Action;

export class InvariantGenerator {
  private readonly solver: Solver;
  private readonly acts = new Map<Action, Expr>();
  private readonly stages: (() => Map<Location, Expr[]>)[] = [];
  private readonly ints: VarDecl[];
  private readonly bools: VarDecl[];
  /** The candidates of the stage being proven, per location. */
  private alive = new Map<Location, Expr[]>();
  private queue: Work[] = [];
  private queued = new Set<Work>();
  /** The invariant proven so far (true where nothing is known). */
  readonly proven = new Map<Location, Expr>();
  /** Candidates proven in all stages so far, and stages completed. */
  provenCount = 0;
  stagesDone = 0;
  private initial: Map<VarDecl, bigint> | undefined;

  constructor(private readonly model: Interpreter, stages: readonly InvariantStage[], private readonly z3: Z3Context) {
    this.solver = new Solver(z3);
    const inputs = new Set(model.inputs);
    const state = model.vars.filter((v) => !inputs.has(v));
    this.ints = state.filter((v) => v.type === IntT);
    this.bools = state.filter((v) => v.type === BoolT);
    for (const l of model.locations) this.proven.set(l, True);
    const make = { intervals: () => this.intervals(), equalities: () => this.equalities(), octagons: () => this.octagons(), templates: () => this.templates(), guarded: () => this.guarded() };
    for (const stage of stages) this.stages.push(make[stage]);
    this.startStage();
  }

  /** Whether a stage is being proven. */
  private active = false;

  /** Whether every stage is proven: nothing more will come. */
  get finished(): boolean {
    return !this.active && this.stages.length === 0;
  }

  get stats(): { checks: number; timeMs: number } {
    return this.solver.stats;
  }

  /**
   * Works until `until` (as `Date.now()`); returns true when a stage was proven in this slice, so
   * that `proven` is stronger than before.
   */
  run(until: number): boolean {
    let grew = false;
    while (!this.finished && Date.now() < until) {
      const work = this.queue.shift();
      if (work === undefined) {
        grew = this.completeStage() || grew;
        continue;
      }
      this.queued.delete(work);
      const checks = new DeadlineChecks(until);
      const r = work === 'init' ? this.checkInit(checks) : this.checkAction(work, checks);
      if (r === 'unknown') {
        // out of time within the slice: do this work again in the next one
        this.enqueue(work);
        break;
      }
    }
    return grew;
  }

  dispose(): void {
    this.solver.dispose();
  }

  private startStage(): void {
    const make = this.stages.shift();
    this.active = make !== undefined;
    if (!make) return;
    this.alive = make();
    this.enqueue('init');
    for (const l of this.model.locations) for (const a of this.model.actions(l)) this.enqueue(a);
  }

  private completeStage(): boolean {
    let grew = false;
    for (const [l, cands] of this.alive) {
      if (cands.length === 0) continue;
      this.proven.set(l, and(this.proven.get(l)!, ...cands));
      this.provenCount += cands.length;
      grew = true;
    }
    this.alive = new Map();
    this.stagesDone++;
    this.startStage();
    return grew;
  }

  private enqueue(w: Work): void {
    if (this.queued.has(w)) return;
    this.queued.add(w);
    this.queue.push(w);
  }

  /**
   * Whether the candidates' check is satisfiable, under the slice's deadline: undefined once the
   * slice is over or Z3 gives up. The deadline is checked before every check, not once per work
   * item: where the initial states are unconstrained, dropping the templates that one of them
   * violates took 451 checks of one item (`LIA-Lin-299`, 12.5 s in a slice of 0.2 s).
   */
  private sat(checks: DeadlineChecks, assumptions: readonly Expr[]): boolean | undefined {
    try {
      return checks.check(this.solver, assumptions);
    } catch (e) {
      if (e instanceof Timeout || e instanceof SolverGaveUp) return undefined;
      throw e;
    }
  }

  /** Drops the candidates at the initial location that an initial state violates. */
  private checkInit(checks: DeadlineChecks): 'done' | 'unknown' {
    const l = this.model.initLoc;
    for (;;) {
      const cands = this.alive.get(l)!;
      if (cands.length === 0) return 'done';
      const g = this.solver.guard(and(this.model.init, or(...cands.map((c) => not(c)))));
      const r = this.sat(checks, [g]);
      if (r !== true) {
        this.solver.retire(g);
        return r === false ? 'done' : 'unknown';
      }
      this.drop(l, cands, (c) => c);
      this.solver.retire(g);
      for (const a of this.model.actions(l)) this.enqueue(a);
    }
  }

  /** Drops the candidates at the action's target that a step from its source can violate. */
  private checkAction(a: Action, checks: DeadlineChecks): 'done' | 'unknown' {
    let act = this.acts.get(a);
    if (!act) this.acts.set(a, (act = this.solver.guard(a.formula)));
    for (;;) {
      const targets = this.alive.get(a.target)!;
      if (targets.length === 0) return 'done';
      const g = this.solver.guard(or(...targets.map((c) => not(prime(c)))));
      const r = this.sat(checks, [act, g, this.proven.get(a.source)!, ...this.alive.get(a.source)!]);
      if (r !== true) {
        this.solver.retire(g);
        return r === false ? 'done' : 'unknown';
      }
      this.drop(a.target, targets, prime);
      this.solver.retire(g);
      for (const b of this.model.actions(a.target)) this.enqueue(b);
    }
  }

  /** Removes the candidates at `l` that are false in the last model (read through `at`). */
  private drop(l: Location, cands: readonly Expr[], at: (c: Expr) => Expr): void {
    const m = this.solver.model();
    try {
      this.alive.set(l, cands.filter((c) => m.eval(at(c)).value !== false));
    } finally {
      m.dispose();
    }
  }

  /** The values of the integer variables in one initial state (undefined where init leaves them open). */
  private initialValues(): Map<VarDecl, bigint> {
    if (this.initial) return this.initial;
    this.initial = new Map();
    this.solver.setTimeout(1000);
    const g = this.solver.guard(this.model.init);
    if (this.solver.check([g]) === 'sat') {
      const m = this.solver.model();
      try {
        for (const v of this.ints) {
          const val = m.eval(ref(v)).value;
          if (typeof val === 'bigint') this.initial.set(v, val);
        }
      } finally {
        m.dispose();
      }
    }
    this.solver.retire(g);
    return this.initial;
  }

  /** The same candidates at every location. */
  private everywhere(cands: Expr[]): Map<Location, Expr[]> {
    return new Map(this.model.locations.map((l) => [l, cands]));
  }

  /**
   * The integer values of reachable states per location, from a BMC run within `ms`: the first state
   * found at each location (the run stops once every location has one, or after twice as many steps
   * as there are locations), or one state per location and depth up to `maxDepth`.
   */
  private samples(how: { readonly allStates: boolean; readonly maxDepth: number; readonly ms: number }): Map<Location, Map<VarDecl, bigint>[]> {
    const out = new Map<Location, Map<VarDecl, bigint>[]>();
    const bmc = new Solver(this.z3);
    const until = Date.now() + how.ms;
    const locs = this.model.locations.length;
    try {
      const unroll = new Unrolling(this.model);
      bmc.addAtStep(unroll.initial(), 0);
      let frontier = new Set<Location>([this.model.initLoc]);
      const depth = how.allStates ? how.maxDepth : Math.min(2 * locs + 2, how.maxDepth);
      for (let d = 0; d <= depth && (how.allStates || out.size < locs) && Date.now() < until; d++) {
        for (const l of frontier) {
          if (!how.allStates && out.has(l)) continue;
          bmc.setTimeout(Math.max(1, until - Date.now()));
          const at = unroll.multiLoc ? [bmc.guardAtStep(eq(ref(unroll.locVar), int(l.id)), d)] : [];
          if (bmc.check(at) !== 'sat') continue;
          const m = bmc.model();
          try {
            const values = new Map<VarDecl, bigint>();
            for (const v of this.ints) {
              const val = m.eval(ref(indexed(v, d))).value;
              if (typeof val === 'bigint') values.set(v, val);
            }
            const at = out.get(l);
            if (at) at.push(values);
            else out.set(l, [values]);
          } finally {
            m.dispose();
          }
        }
        const next = new Set<Location>();
        bmc.addAtStep(unroll.step(frontier, next), d);
        frontier = next;
      }
    } finally {
      bmc.dispose();
    }
    return out;
  }

  private intervals(): Map<Location, Expr[]> {
    const consts = new Set<bigint>([0n, ...this.initialValues().values()]);
    const formulas = [this.model.init, this.model.bad, ...this.model.locations.flatMap((l) => this.model.actions(l).map((a) => a.formula))];
    for (const f of formulas) {
      for (const n of postorder(f)) if (n.op === 'lit' && typeof n.value === 'bigint' && consts.size < MAX_CONSTANTS) consts.add(n.value);
    }
    const sorted = [...consts].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    return this.everywhere([
      ...this.bools.flatMap((b) => [ref(b), not(ref(b))]),
      ...this.ints.flatMap((v) => sorted.flatMap((c) => [le(ref(v), int(c)), ge(ref(v), int(c))])),
    ]);
  }

  /** The affine equalities at each location (engines/affine-hull.ts); none where their fixed point takes too long. */
  private equalities(): Map<Location, Expr[]> {
    const inv = affineInvariant(this.model, this.solver, Date.now() + EQUALITIES_MS);
    return new Map(this.model.locations.map((l) => [l, inv ? conjuncts(inv.get(l)!) : []]));
  }

  /** Octagon candidates at each location: v - w and v + w equal to their values in its first sampled state. */
  private octagons(): Map<Location, Expr[]> {
    const samples = this.samples(OCTAGON_SAMPLING);
    return new Map(this.model.locations.map((l) => {
      const first = samples.get(l)?.[0];
      return [l, first ? this.pairBounds([first], OCTAGON_DIRECTIONS, MAX_OCTAGON_VARS) : []];
    }));
  }

  /** Template candidates at each location with two sampled states or more. */
  private templates(): Map<Location, Expr[]> {
    const samples = this.samples(TEMPLATE_SAMPLING);
    return new Map(this.model.locations.map((l) => {
      const states = samples.get(l) ?? [];
      return [l, states.length >= 2 ? this.pairBounds(states, TEMPLATE_DIRECTIONS, MAX_TEMPLATE_VARS) : []];
    }));
  }

  /** Equalities on either side of each guard at each location (guarded-equalities.ts). */
  private guarded(): Map<Location, Expr[]> {
    return guardedCandidates(this.model, this.z3, this.ints, GUARDED_MS);
  }

  /**
   * a·v + b·w, for each direction (a, b) and pair of the first `maxVars` integer variables that
   * every state values, between its least and greatest value over the states.
   */
  private pairBounds(states: readonly Map<VarDecl, bigint>[], directions: readonly Direction[], maxVars: number): Expr[] {
    const vars = this.ints.filter((v) => states.every((s) => s.has(v))).slice(0, maxVars);
    const out: Expr[] = [];
    for (let i = 0; i < vars.length; i++) {
      for (let j = i + 1; j < vars.length; j++) {
        const [v, w] = [vars[i]!, vars[j]!];
        for (const [a, b] of directions) {
          const values = states.map((s) => a * s.get(v)! + b * s.get(w)!);
          const lo = values.reduce((x, y) => (y < x ? y : x));
          const hi = values.reduce((x, y) => (y > x ? y : x));
          const t = b < 0n ? sub(term(a, v), term(-b, w)) : add(term(a, v), term(b, w));
          out.push(le(t, int(hi)), ge(t, int(lo)));
        }
      }
    }
    return out;
  }
}
