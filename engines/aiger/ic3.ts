/**
 * IC3 / property-directed reachability (Bradley 2011; Eén, Mishchenko, Brayton 2011) on the SAT
 * solver.
 *
 * Frames F_1 .. F_k over-approximate the states reachable in at most i steps; F_0 is the initial
 * states. Each frame keeps only the cubes first blocked there (delta encoding): F_i is the union of
 * the clauses of levels i and above, and one solver holds them all, each level's clauses guarded by
 * that level's activation literal, so a query relative to F_i assumes the activation literals of
 * levels i and up. The solver holds one copy of the transition relation with a variable per latch
 * now and per latch next (tied to its next-state function), and the invariant constraints asserted
 * on the current step: a predecessor must satisfy them, which is the AIGER meaning of constraints.
 *
 * Bad states found in F_k start proof obligations, kept in a priority queue by level. An obligation
 * is discharged by relative induction (is the cube reachable from F_{i-1} outside itself?); if not,
 * its cube is shrunk to the literals in the final conflict, then by dropping literals one at a time
 * while it stays relatively inductive (MIC-style), never so far that it meets an initial state, and
 * the clause is pushed as far forward as it holds. If it is reachable, the predecessor is lifted to a
 * cube by a second solver: with the step's inputs fixed, the failed assumptions of "these latch
 * values and inputs, but not the successor cube (or not the constraints)" are the latch literals
 * that force the step. Every state of a lifted cube reaches the obligation's cube with the stored
 * inputs, so a cube meeting an initial state closes a concrete counterexample. After each level,
 * clauses are propagated forward; when a level has none left, two adjacent frames are equal and
 * the frames above it form an inductive invariant.
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

/** A set of states to be shown unreachable at `level`, with how its states go on to a bad state. */
interface Obligation {
  /** Latch literals (AIG convention), sorted. */
  readonly cube: readonly Lit[];
  readonly level: number;
  /** Distance to the bad state. */
  readonly depth: number;
  /** The inputs with which every state of the cube steps into `next`'s cube (or is bad, for the last). */
  readonly inputs: Uint8Array;
  readonly next: Obligation | undefined;
}

class Timeout extends Error {}

/** Obligations ordered by level, then by distance to the bad state. */
class ObligationQueue {
  private readonly heap: Obligation[] = [];
  get size(): number { return this.heap.length; }
  private less(a: Obligation, b: Obligation): boolean {
    return a.level < b.level || (a.level === b.level && a.depth < b.depth);
  }
  push(o: Obligation): void {
    const h = this.heap;
    h.push(o);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }
  peek(): Obligation { return this.heap[0]!; }
  pop(): Obligation {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
  clear(): void { this.heap.length = 0; }
}

export interface Ic3Counters {
  frame: number;
  obligations: number;
  clauses: number;
  satCalls: number;
}

export class Ic3 {
  private readonly sat = new SatSolver();
  private readonly lifter = new SatSolver();
  private readonly firstLatch: number;
  /** Per latch: its SAT variable now and next, in the main solver. */
  private readonly now: Int32Array;
  private readonly next: Int32Array;
  private readonly inputVars: Int32Array;
  private readonly bad: number;
  /** The lifting solver: latch and input variables, next-state functions, constraints, bad. */
  private readonly liftNow: Int32Array;
  private readonly liftInputs: Int32Array;
  private readonly liftNext: Int32Array;
  private readonly liftConstraints: number[];
  private readonly liftBad: number;
  /** Per level, the cubes blocked first there (level 0 is unused: F_0 is the initial states). */
  private readonly frames: Lit[][][] = [[]];
  private readonly act: number[] = [];
  private readonly queue = new ObligationQueue();
  readonly counters: Ic3Counters = { frame: 0, obligations: 0, clauses: 0, satCalls: 0 };

  constructor(private readonly aig: Aig, private readonly opts: AigerEngineOptions) {
    this.firstLatch = 1 + aig.inputs.length;
    const L = aig.latches.length;
    this.now = new Int32Array(L);
    for (let k = 0; k < L; k++) this.now[k] = this.sat.newVar();
    const u = new Unroller(aig, this.sat, (_t, k) => this.now[k]!);
    this.next = new Int32Array(L);
    for (let k = 0; k < L; k++) {
      const v = this.sat.newVar();
      const f = u.lit(0, aig.latches[k]!.next);
      this.sat.addClause([-v, f]);
      this.sat.addClause([v, -f]);
      this.next[k] = v;
    }
    for (const c of aig.constraints) this.sat.addClause([u.lit(0, c.lit)]);
    this.bad = u.lit(0, aig.properties[0]!.lit);
    this.inputVars = Int32Array.from(aig.inputs, (_, k) => u.lit(0, 2 * (1 + k)));
    const a0 = this.sat.newVar();
    this.act.push(a0);
    aig.latches.forEach((l, k) => {
      if (l.reset !== 'x') this.sat.addClause([-a0, l.reset === 1 ? this.now[k]! : -this.now[k]!]);
    });

    this.liftNow = new Int32Array(L);
    for (let k = 0; k < L; k++) this.liftNow[k] = this.lifter.newVar();
    const lu = new Unroller(aig, this.lifter, (_t, k) => this.liftNow[k]!);
    this.liftInputs = Int32Array.from(aig.inputs, (_, k) => lu.lit(0, 2 * (1 + k)));
    this.liftNext = Int32Array.from(aig.latches, (l) => lu.lit(0, l.next));
    this.liftConstraints = aig.constraints.map((c) => lu.lit(0, c.lit));
    this.liftBad = lu.lit(0, aig.properties[0]!.lit);
  }

  private latchOf(lit: Lit): number { return (lit >> 1) - this.firstLatch; }
  private nowLit(lit: Lit): number { const v = this.now[this.latchOf(lit)]!; return lit & 1 ? -v : v; }
  private nextLit(lit: Lit): number { const v = this.next[this.latchOf(lit)]!; return lit & 1 ? -v : v; }

  private solve(sat: SatSolver, assumptions: number[]): boolean {
    // The solver looks at the clock only every so many conflicts; IC3's calls are mostly quicker.
    if (this.opts.deadline !== undefined && Date.now() > this.opts.deadline) throw new Timeout();
    this.counters.satCalls++;
    const r = sat.solve(assumptions, { deadline: this.opts.deadline });
    if (r === undefined) throw new Timeout();
    return r;
  }

  /** Activation literals of F_level: its own and every higher level's. */
  private frameAssumptions(level: number): number[] {
    return this.act.slice(level);
  }

  /** Whether some initial state lies in the cube: no literal contradicts a reset. */
  private meetsInit(cube: readonly Lit[]): boolean {
    return cube.every((l) => {
      const reset = this.aig.latches[this.latchOf(l)]!.reset;
      return reset === 'x' || reset === ((l & 1) ^ 1);
    });
  }

  /** The latch values and inputs of the main solver's model. */
  private modelState(): { state: Uint8Array; inputs: Uint8Array } {
    return {
      state: Uint8Array.from(this.now, (v) => (this.sat.value(v) === true ? 1 : 0)),
      inputs: Uint8Array.from(this.inputVars, (v) => (this.sat.value(v) === true ? 1 : 0)),
    };
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

  /**
   * Relative induction: is `cube` unreachable in one step from F_level outside `cube`? Returns the
   * literals of the cube in the final conflict when it is, undefined when it is not (the model then
   * holds a predecessor).
   */
  private relInd(cube: readonly Lit[], level: number): Lit[] | undefined {
    const tmp = this.sat.newVar();
    this.sat.addClause([-tmp, ...cube.map((l) => -this.nowLit(l))]);
    const assumptions = [...this.frameAssumptions(level), tmp, ...cube.map((l) => this.nextLit(l))];
    const sat = this.solve(this.sat, assumptions);
    let core: Lit[] | undefined;
    if (!sat) {
      const failed = new Set(this.sat.failedAssumptions());
      core = cube.filter((l) => failed.has(this.nextLit(l)));
    }
    this.sat.addClause([-tmp]);
    return core;
  }

  /** The core of a blocked cube, with a literal of `cube` added back if the core met an initial state. */
  private initSafe(core: Lit[], cube: readonly Lit[]): Lit[] {
    if (!this.meetsInit(core)) return core;
    const keep = cube.find((l) => !this.meetsInit([l]))!;
    return [...core, keep].sort((a, b) => a - b);
  }

  /** Drops literals while the cube stays relatively inductive to F_{level-1} and misses the initial states. */
  private generalize(cube: Lit[], level: number): Lit[] {
    for (const l of [...cube]) {
      if (cube.length <= 1) break;
      if (!cube.includes(l)) continue;
      const cand = cube.filter((x) => x !== l);
      if (this.meetsInit(cand)) continue;
      const core = this.relInd(cand, level - 1);
      if (core) cube = this.initSafe(core, cand);
    }
    return cube;
  }

  private addBlocked(cube: Lit[], level: number): void {
    this.frames[level]!.push(cube);
    this.sat.addClause([-this.act[level]!, ...cube.map((l) => -this.nowLit(l))]);
    this.counters.clauses++;
  }

  private newFrame(): void {
    this.frames.push([]);
    this.act.push(this.sat.newVar());
  }

  /** A counterexample from a full initial state through the obligations from `first` on. */
  private run(state: Uint8Array, stepInputs: Uint8Array[], first: Obligation | undefined): Run {
    const inputs = [...stepInputs];
    for (let o = first; o; o = o.next) inputs.push(o.inputs);
    return { latches: state, inputs };
  }

  /** An initial state inside `cube`. */
  private initialIn(cube: readonly Lit[]): Uint8Array {
    const state = Uint8Array.from(this.aig.latches, (l) => (l.reset === 1 ? 1 : 0));
    for (const l of cube) state[this.latchOf(l)] = (l & 1) ^ 1;
    return state;
  }

  /** Blocks the obligations until the queue is empty; a counterexample if one cannot be blocked. */
  private block(k: number): Run | undefined {
    while (this.queue.size > 0) {
      if (this.opts.deadline !== undefined && Date.now() > this.opts.deadline) throw new Timeout();
      const ob = this.queue.peek();
      this.counters.obligations++;
      if (this.meetsInit(ob.cube)) return this.run(this.initialIn(ob.cube), [], ob);
      const core = this.relInd(ob.cube, ob.level - 1);
      if (!core) {
        const { state, inputs } = this.modelState();
        if (ob.level === 1) return this.run(state, [inputs], ob);
        const target = [...ob.cube.map((l) => this.liftNextLit(l)), ...this.liftConstraints];
        this.queue.push({ cube: this.lift(state, inputs, target), level: ob.level - 1, depth: ob.depth + 1, inputs, next: ob });
        continue;
      }
      this.queue.pop();
      const cube = this.generalize(this.initSafe(core, ob.cube), ob.level);
      let level = ob.level;
      while (level < k && this.relInd(cube, level)) level++;
      this.addBlocked(cube, level);
      if (level < k) this.queue.push({ ...ob, level: level + 1 });
    }
    return undefined;
  }

  /** Moves clauses forward; the level that became empty, if any. */
  private propagate(k: number): number | undefined {
    for (let i = 1; i < k; i++) {
      const stay: Lit[][] = [];
      for (const cube of this.frames[i]!) {
        const solved = this.solve(this.sat, [...this.frameAssumptions(i), ...cube.map((l) => this.nextLit(l))]);
        if (solved) stay.push(cube);
        else {
          this.frames[i + 1]!.push(cube);
          this.sat.addClause([-this.act[i + 1]!, ...cube.map((l) => -this.nowLit(l))]);
        }
      }
      this.frames[i] = stay;
      if (stay.length === 0) return i;
    }
    return undefined;
  }

  check(): Outcome {
    try {
      if (this.solve(this.sat, [this.act[0]!, this.bad])) {
        const { state, inputs } = this.modelState();
        return { result: 'unsafe', run: this.run(state, [inputs], undefined) };
      }
      this.newFrame();
      for (let k = 1; ; k++) {
        this.counters.frame = k;
        this.opts.onProgress?.({
          phase: 'ic3', iteration: k,
          detail: `frame ${k}, ${this.counters.clauses} clauses, ${this.counters.obligations} obligations, ${this.counters.satCalls} SAT calls`,
          stats: { ...this.counters },
        });
        while (this.solve(this.sat, [...this.frameAssumptions(k), this.bad])) {
          const { state, inputs } = this.modelState();
          const target = [this.liftBad, ...this.liftConstraints];
          this.queue.push({ cube: this.lift(state, inputs, target), level: k, depth: 0, inputs, next: undefined });
          const cex = this.block(k);
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
    } finally {
      this.queue.clear();
    }
  }

  stats(): Record<string, number> {
    return {
      solverChecks: this.sat.stats.solves + this.lifter.stats.solves,
      solverTimeMs: this.sat.stats.timeMs + this.lifter.stats.timeMs,
      frame: this.counters.frame,
      obligations: this.counters.obligations,
      clauses: this.counters.clauses,
      satCalls: this.counters.satCalls,
      conflicts: this.sat.stats.conflicts,
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
