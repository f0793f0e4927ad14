/**
 * IC3 / property-directed reachability (Bradley 2011; Eén, Mishchenko, Brayton 2011) on the SAT
 * solver.
 *
 * Frames F_1 .. F_k over-approximate the states reachable in at most i steps; F_0 is the initial
 * states. Each frame keeps only the cubes first blocked there (delta encoding): F_i is the union of
 * the clauses of levels i and above. Each level has its own solver holding F_i (see `FrameSolver`),
 * the invariant constraints asserted on the current step (a predecessor must satisfy them, which is
 * the AIGER meaning of constraints) and the next-state functions that queries have needed so far.
 * A new clause subsumes, and removes from the frames, the weaker clauses of its level and below.
 *
 * Bad states found in F_k start proof obligations, kept in a priority queue by level. An obligation
 * is discharged by relative induction (is the cube reachable from F_{i-1} outside itself?); if not,
 * its cube is shrunk to the literals in the final conflict, then generalised by dropping literals
 * (least active first) while it stays relatively inductive and misses the initial states, with
 * counterexamples to generalisation (Hassan, Bradley, Somenzi, FMCAD 2013): a predecessor that
 * defeats a drop but is itself unreachable from the frame below is blocked first; and the clause
 * is pushed as far forward as it holds, the obligation re-enqueued one level up. If the cube is
 * reachable, the predecessor is lifted to a cube by a second solver: with the step's inputs fixed,
 * the failed assumptions of "these latch values and inputs, but not the successor cube (or not the
 * constraints)" are the latch literals that force the step. Every state of a lifted cube reaches the
 * obligation's cube with the stored inputs, so a cube meeting an initial state closes a concrete
 * counterexample. After each level, clauses are propagated forward; when a level has none left, two
 * adjacent frames are equal and the frames above it form an inductive invariant.
 *
 * Uninitialised latches simply have no reset literal: cubes only conflict with the initial states on
 * initialised latches.
 */
import { SatSolver } from '../../lang/sat/solver.js';
import type { Aig, Lit } from '../../formalisms/aig.js';
import type { Run } from './simulate.js';
import type { Statistics, Verdict } from '../verdict.js';
import { Unroller } from './cnf.js';
import { certify, type Clause, type Outcome } from './certify.js';
import type { AigerEngineOptions } from './bmc.js';
import type { AigerProblem } from './prepare.js';
import { FrameSolver, type Step } from './ic3/frame-solver.js';
import { counterexample, ObligationQueue, type Obligation } from './ic3/obligations.js';

class Timeout extends Error {}

/** A 32-bit signature of a cube: one bit per literal, hashed. */
function signature(cube: readonly Lit[]): number {
  let s = 0;
  for (const l of cube) s |= 1 << (l & 31);
  return s;
}

/** Whether sorted `a` is a subset of sorted `b`. */
function subset(a: readonly Lit[], b: readonly Lit[]): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (const x of a) {
    while (j < b.length && b[j]! < x) j++;
    if (j === b.length || b[j] !== x) return false;
    j++;
  }
  return true;
}

export interface Ic3Counters {
  frame: number;
  ctgs?: number;
  subsumed?: number;
  obligations: number;
  clauses: number;
  satCalls: number;
}

/**
 * Whether F_level ∧ ¬cube ∧ T ∧ cube' is unsatisfiable: then the literals of the cube in the final
 * conflict (a subcube that is still relatively inductive); else the predecessor from the model.
 */
type RelInd = { core: Lit[] } | { predecessor: Step };

type SatTotals = { solves: number; timeMs: number; conflicts: number; decisions: number; propagations: number };

/** Adds a solver's counts to `into`. */
function addSatTotals(into: SatTotals, sat: SatSolver): void {
  into.solves += sat.stats.solves;
  into.timeMs += sat.stats.timeMs;
  into.conflicts += sat.stats.conflicts;
  into.decisions += sat.stats.decisions;
  into.propagations += sat.stats.propagations;
}

/** Retired temporary clauses after which a frame solver is rebuilt. */
const REBUILD_AFTER = 600;
/** CTGs blocked per literal-drop attempt before the candidate is joined with the predecessor. */
const MAX_CTGS = 3;
/** Generalisation depth up to which CTGs are looked for (1: only while generalising an obligation's cube). */
const MAX_CTG_DEPTH = 1;
/** Consecutive failed literal drops after which the generalisation of a CTG's cube stops. */
const CTG_MIC_ATTEMPTS = 3;

export class Ic3 {
  private readonly lifter = new SatSolver();
  private readonly firstLatch: number;
  /** The lifting solver: latch and input variables, next-state functions, constraints, bad. */
  private readonly liftNow: Int32Array;
  private readonly liftInputs: Int32Array;
  private readonly liftNext: Int32Array;
  private readonly liftConstraints: number[];
  private readonly liftBad: number;
  /** Per level, the cubes blocked first there (level 0 is unused: F_0 is the initial states). */
  private readonly frames: Lit[][][] = [[]];
  /** Per level, per cube: a 32-bit signature of its literals, for subsumption. */
  private readonly sigs: number[][] = [[]];
  private readonly solvers: FrameSolver[] = [];
  readonly counters: Ic3Counters = { frame: 0, obligations: 0, clauses: 0, satCalls: 0 };
  /** The counts of the frame solvers rebuilt so far (the live ones are added when reporting). */
  private readonly satStats: SatTotals = { solves: 0, timeMs: 0, conflicts: 0, decisions: 0, propagations: 0 };
  private rebuilds = 0;

  constructor(private readonly aig: Aig, private readonly opts: AigerEngineOptions) {
    this.firstLatch = 1 + aig.inputs.length;
    const L = aig.latches.length;
    this.litActivity = new Float64Array(2 * (this.firstLatch + L));
    this.solvers.push(new FrameSolver(aig, this.firstLatch, true));

    this.liftNow = new Int32Array(L);
    for (let k = 0; k < L; k++) this.liftNow[k] = this.lifter.newVar();
    const lu = new Unroller(aig, this.lifter, (_t, k) => this.liftNow[k]!);
    this.liftInputs = Int32Array.from(aig.inputs, (_, k) => lu.lit(0, 2 * (1 + k)));
    this.liftNext = Int32Array.from(aig.latches, (l) => lu.lit(0, l.next));
    this.liftConstraints = aig.constraints.map((c) => lu.lit(0, c.lit));
    this.liftBad = lu.lit(0, aig.properties[0]!.lit);
  }

  private latchOf(lit: Lit): number { return (lit >> 1) - this.firstLatch; }

  private solve(sat: SatSolver, assumptions: number[]): boolean {
    // The solver looks at the clock only every so many conflicts; IC3's calls are mostly quicker.
    if (this.opts.deadline !== undefined && Date.now() > this.opts.deadline) throw new Timeout();
    this.counters.satCalls++;
    const r = sat.solve(assumptions, { deadline: this.opts.deadline });
    if (r === undefined) throw new Timeout();
    return r;
  }

  /** Solver i, rebuilt from the frames first if it has retired too many temporary clauses. */
  private solverAt(level: number): FrameSolver {
    let fs = this.solvers[level]!;
    if (fs.retired >= REBUILD_AFTER) {
      addSatTotals(this.satStats, fs.sat);
      fs = new FrameSolver(this.aig, this.firstLatch, level === 0);
      if (level > 0) for (let j = level; j < this.frames.length; j++) for (const cube of this.frames[j]!) fs.block(cube);
      this.solvers[level] = fs;
      this.rebuilds++;
    }
    return fs;
  }

  /** Whether some initial state lies in the cube: no literal contradicts a reset. */
  private meetsInit(cube: readonly Lit[]): boolean {
    return cube.every((l) => {
      const reset = this.aig.latches[this.latchOf(l)]!.reset;
      return reset === 'x' || reset === ((l & 1) ^ 1);
    });
  }

  /** The latch literals of `state` that, with `inputs`, force every lifting-solver literal of `target`. */
  private lift(state: Uint8Array, inputs: Uint8Array, target: number[]): Lit[] {
    const tmp = this.lifter.newVar();
    this.lifter.addClause([-tmp, ...target.map((t) => -t)]);
    const assumptions = [tmp];
    inputs.forEach((b, k) => assumptions.push(b ? this.liftInputs[k]! : -this.liftInputs[k]!));
    state.forEach((b, k) => assumptions.push(b ? this.liftNow[k]! : -this.liftNow[k]!));
    if (this.solve(this.lifter, assumptions)) throw new Error('IC3 lifting: the step does not force its target');
    const failed = new Set(this.lifter.failedAssumptions());
    this.lifter.addClause([-tmp]);
    const cube: Lit[] = [];
    state.forEach((b, k) => {
      if (failed.has(b ? this.liftNow[k]! : -this.liftNow[k]!)) cube.push(2 * (this.firstLatch + k) + (b ? 0 : 1));
    });
    return cube;
  }

  private liftNextLit(lit: Lit): number {
    const f = this.liftNext[this.latchOf(lit)]!;
    return lit & 1 ? -f : f;
  }

  /** Relative induction: is `cube` unreachable in one step from F_level outside `cube`? */
  private relInd(cube: readonly Lit[], level: number): RelInd {
    const fs = this.solverAt(level);
    const tmp = fs.sat.newVar();
    fs.sat.addClause([-tmp, ...cube.map((l) => -fs.nowLit(l))]);
    const assumptions = [tmp, ...cube.map((l) => fs.nextLit(l))];
    let result: RelInd;
    if (this.solve(fs.sat, assumptions)) {
      result = { predecessor: fs.model() };
    } else {
      const failed = new Set(fs.sat.failedAssumptions());
      result = { core: cube.filter((l) => failed.has(fs.nextLit(l))) };
    }
    fs.sat.addClause([-tmp]);
    fs.retired++;
    return result;
  }

  /** The core of a blocked cube, with a literal of `cube` added back if the core met an initial state. */
  private initSafe(core: Lit[], cube: readonly Lit[], sort = true): Lit[] {
    if (!this.meetsInit(core)) return core;
    const keep = cube.find((l) => !this.meetsInit([l]))!;
    const out = [...core, keep];
    return sort ? out.sort((a, b) => a - b) : out;
  }

  /** Literal activity for generalisation: how often a latch literal took part in blocked cubes. */
  private readonly litActivity: Float64Array;
  private activityInc = 1;

  private bumpActivity(cube: readonly Lit[]): void {
    for (const l of cube) this.litActivity[l]! += this.activityInc;
    this.activityInc *= 1 / 0.99;
    if (this.activityInc > 1e100) {
      for (let i = 0; i < this.litActivity.length; i++) this.litActivity[i]! *= 1e-100;
      this.activityInc *= 1e-100;
    }
  }

  /**
   * Generalises `cube`, relatively inductive to F_{level-1}, blocked at `level`: MIC with
   * counterexamples to generalisation (Hassan, Bradley, Somenzi 2013). Literals are tried in order of
   * increasing activity; when dropping one fails because of a predecessor that is itself unreachable
   * from the frame below (a CTG), that predecessor is blocked first and the drop is retried, a few
   * times; otherwise the candidate is joined with the predecessor.
   */
  private generalize(cube: Lit[], level: number): Lit[] {
    return this.mic(cube, level - 1, 1);
  }

  private mic(cube: Lit[], rel: number, depth: number): Lit[] {
    const act = this.litActivity;
    cube = [...cube].sort((a, b) => act[a]! - act[b]!);
    const budget = depth > 1 ? CTG_MIC_ATTEMPTS : Infinity;
    let attempts = budget;
    for (let i = 0; i < cube.length && cube.length > 1;) {
      const cand = cube.filter((_, j) => j !== i);
      const r = this.down(cand, i, rel, depth);
      if (r) { cube = r; attempts = budget; }
      else if (--attempts === 0) break;
      else i++;
    }
    return cube.sort((a, b) => a - b);
  }

  /**
   * A subcube of `cube` relatively inductive to F_rel and free of initial states, keeping the
   * literals before `keepTo`; undefined when there is none to be found.
   */
  private down(cube: Lit[], keepTo: number, rel: number, depth: number): Lit[] | undefined {
    let ctgs = 0;
    for (;;) {
      if (this.meetsInit(cube)) return undefined;
      const ind = this.relInd(cube, rel);
      if ('core' in ind) return this.initSafe(ind.core, cube, false);
      if (depth > MAX_CTG_DEPTH) return undefined;
      const { state, inputs } = ind.predecessor;
      if (ctgs < MAX_CTGS && rel > 0) {
        // The predecessor, lifted to the latches that force the step into the candidate.
        const target = [...cube.map((l) => this.liftNextLit(l)), ...this.liftConstraints];
        const ctg = this.lift(state, inputs, target);
        if (!this.meetsInit(ctg)) {
          const ctgInd = this.relInd(ctg, rel - 1);
          if ('core' in ctgInd) {
            ctgs++;
            this.counters.ctgs = (this.counters.ctgs ?? 0) + 1;
            const c = this.mic(this.initSafe(ctgInd.core, ctg), rel - 1, depth + 1);
            let lv = rel;
            while (lv < this.counters.frame && 'core' in this.relInd(c, lv)) lv++;
            this.addBlocked(c, lv);
            continue;
          }
        }
      }
      // Join: keep the literals of the candidate that the predecessor satisfies.
      ctgs = 0;
      const joined: Lit[] = [];
      for (let j = 0; j < cube.length; j++) {
        const l = cube[j]!;
        if ((state[this.latchOf(l)]! ^ (l & 1)) === 1) joined.push(l);
        else if (j < keepTo) return undefined;
      }
      cube = joined;
    }
  }

  private addBlocked(cube: Lit[], level: number): void {
    // Clauses of levels up to `level` that the new one subsumes are dropped from the frames (the
    // solvers keep them until they are rebuilt).
    const sig = signature(cube);
    for (let j = 1; j <= level; j++) {
      const f = this.frames[j]!;
      const sigs = this.sigs[j]!;
      let w = 0;
      for (let r = 0; r < f.length; r++) {
        if ((sig & ~sigs[r]!) === 0 && subset(cube, f[r]!)) { this.counters.subsumed = (this.counters.subsumed ?? 0) + 1; continue; }
        f[w] = f[r]!;
        sigs[w++] = sigs[r]!;
      }
      f.length = w;
      sigs.length = w;
    }
    this.frames[level]!.push(cube);
    this.sigs[level]!.push(sig);
    this.bumpActivity(cube);
    for (let i = 1; i <= level; i++) this.solvers[i]!.block(cube);
    this.counters.clauses++;
  }

  private newFrame(): void {
    this.frames.push([]);
    this.sigs.push([]);
    this.solvers.push(new FrameSolver(this.aig, this.firstLatch, false));
  }

  /** An initial state inside `cube`. */
  private initialIn(cube: readonly Lit[]): Uint8Array {
    const state = Uint8Array.from(this.aig.latches, (l) => (l.reset === 1 ? 1 : 0));
    for (const l of cube) state[this.latchOf(l)] = (l & 1) ^ 1;
    return state;
  }

  /** Blocks `bad` and every obligation it leads to; a counterexample if one cannot be blocked. */
  private block(bad: Obligation, k: number): Run | undefined {
    const queue = new ObligationQueue();
    queue.push(bad);
    while (queue.size > 0) {
      if (this.opts.deadline !== undefined && Date.now() > this.opts.deadline) throw new Timeout();
      const ob = queue.peek();
      this.counters.obligations++;
      if (this.meetsInit(ob.cube)) return counterexample(this.initialIn(ob.cube), [], ob);
      const ind = this.relInd(ob.cube, ob.level - 1);
      if ('predecessor' in ind) {
        const { state, inputs } = ind.predecessor;
        if (ob.level === 1) return counterexample(state, [inputs], ob);
        const target = [...ob.cube.map((l) => this.liftNextLit(l)), ...this.liftConstraints];
        queue.push({ cube: this.lift(state, inputs, target), level: ob.level - 1, depth: ob.depth + 1, inputs, next: ob });
        continue;
      }
      queue.pop();
      const cube = this.generalize(this.initSafe(ind.core, ob.cube), ob.level);
      let level = ob.level;
      while (level < k && 'core' in this.relInd(cube, level)) level++;
      this.addBlocked(cube, level);
      if (level < k) queue.push({ ...ob, level: level + 1 });
    }
    return undefined;
  }

  /** Moves clauses forward; the level that became empty, if any. */
  private propagate(k: number): number | undefined {
    for (let i = 1; i < k; i++) {
      const stay: Lit[][] = [];
      const staySigs: number[] = [];
      const fs = this.solverAt(i);
      const f = this.frames[i]!;
      for (let r = 0; r < f.length; r++) {
        const cube = f[r]!;
        const solved = this.solve(fs.sat, cube.map((l) => fs.nextLit(l)));
        if (solved) { stay.push(cube); staySigs.push(this.sigs[i]![r]!); }
        else {
          this.frames[i + 1]!.push(cube);
          this.sigs[i + 1]!.push(this.sigs[i]![r]!);
          this.solvers[i + 1]!.block(cube);
        }
      }
      this.frames[i] = stay;
      this.sigs[i] = staySigs;
      if (stay.length === 0) return i;
    }
    return undefined;
  }

  check(): Outcome {
    try {
      const s0 = this.solvers[0]!;
      if (this.solve(s0.sat, [s0.bad()])) {
        const { state, inputs } = s0.model();
        return { result: 'unsafe', run: counterexample(state, [inputs], undefined) };
      }
      this.newFrame();
      for (let k = 1; ; k++) {
        this.counters.frame = k;
        this.opts.onProgress?.({
          phase: 'ic3', iteration: k,
          detail: `frame ${k}, ${this.counters.clauses} clauses, ${this.counters.obligations} obligations, ${this.counters.satCalls} SAT calls`,
          stats: { ...this.counters },
        });
        for (;;) {
          const fk = this.solverAt(k);
          if (!this.solve(fk.sat, [fk.bad()])) break;
          const { state, inputs } = fk.model();
          const target = [this.liftBad, ...this.liftConstraints];
          const cex = this.block({ cube: this.lift(state, inputs, target), level: k, depth: 0, inputs, next: undefined }, k);
          if (cex) return { result: 'unsafe', run: cex };
        }
        this.newFrame();
        const empty = this.propagate(k + 1);
        if (empty !== undefined) {
          const invariant: Clause[] = this.frames.slice(empty + 1).flat().map((cube) => cube.map((l) => l ^ 1));
          return { result: 'safe', invariant };
        }
      }
    } catch (e) {
      if (e instanceof Timeout) return { result: 'unknown', reason: 'timeout' };
      throw e;
    }
  }

  stats(): Record<string, number> {
    const st = { ...this.satStats };
    for (const fs of this.solvers) addSatTotals(st, fs.sat);
    return {
      solverChecks: st.solves + this.lifter.stats.solves,
      solverTimeMs: Math.round(st.timeMs + this.lifter.stats.timeMs),
      frame: this.counters.frame,
      obligations: this.counters.obligations,
      clauses: this.counters.clauses,
      satCalls: this.counters.satCalls,
      conflicts: st.conflicts,
      decisions: st.decisions,
      propagations: st.propagations,
      liftChecks: this.lifter.stats.solves,
      liftTimeMs: Math.round(this.lifter.stats.timeMs),
      rebuilds: this.rebuilds,
      ctgs: this.counters.ctgs ?? 0,
      subsumed: this.counters.subsumed ?? 0,
      liveClauses: this.frames.reduce((n, f) => n + f.length, 0),
    };
  }
}

export function ic3(problem: AigerProblem, opts: AigerEngineOptions): Verdict {
  const started = Date.now();
  const engine = new Ic3(problem.circuit, opts);
  const outcome = engine.check();
  const stats: Statistics = { timeMs: 0, solverChecks: 0, solverTimeMs: 0, ...engine.stats() };
  const verdict = certify(problem, outcome, stats);
  verdict.stats.timeMs = Date.now() - started;
  return verdict;
}
