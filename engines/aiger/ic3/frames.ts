/**
 * The frames F_1 .. F_k over-approximate the states reachable in at most i steps; F_0 is the initial
 * states. Each level keeps only the cubes first blocked there (delta encoding): F_i is the union of
 * the clauses of levels i and above, so pushing a clause forward moves it to the next level, and
 * no cube is stored twice. A cube carries a 32-bit signature so that subsumption, run on every new
 * clause against all the levels below it, rejects most pairs without comparing literals.
 *
 * Relative induction, the query the other parts ask, is answered here on the frame solvers, which
 * this class keeps in step with the cubes and rebuilds after so many queries.
 *
 * A clause that failed to push from level i was stopped by a state of F_i with a successor in its
 * cube. Most such clauses fail again at the next propagation, by the same state: it stays a
 * witness as long as no cube that entered F_i since contains it (T and the clause are unchanged,
 * and F_i has only gained clauses). So each cube that enters a level is logged, and the stopping
 * state kept per clause; propagation asks the SAT solver again only when a logged cube took the
 * state away. On gcd (HWMCC'24) four pushes in five that failed had failed at the same level before.
 */
import { litCode, type SatSolver } from '../../../lang/sat/solver.js';
import type { Lit } from '../../../formalisms/aig.js';
import type { Clause } from '../../../formalisms/certificate.js';
import type { Ic3Context } from './context.js';
import { FrameSolver, type Step } from './frame-solver.js';
import { StepDefinitions } from '../step-definitions.js';
import { ZERO_MS } from '../../../lang/clock.js';
import { resized } from '../../../lang/sat/resized.js';

/** Relative-induction queries after which a frame solver is rebuilt. */
const REBUILD_AFTER = 600;
/**
 * With --ic3-bve: how many SAT calls the run makes before it simplifies the step, after which its
 * frame solvers load the simplified step, each rebuilt at its next query. A run answered sooner
 * never pays for the elimination (20 to 50 ms on circuits of a thousand gates, half a second on
 * cal182's 77,000, most of it compiling the code on its first run), which the cheaper queries of a
 * longer run repay. Counted in calls rather than time, so that a run takes the same course on any
 * machine: about half a second of IC3 on the development circuits.
 */
const BVE_AFTER_CALLS = 1000;
/**
 * How many SAT calls the run makes before its frame solvers encode the circuit as cells (cnf.ts,
 * cut-mapping.ts), each rebuilt at its next query: the cells' queries are cheaper, but the mapping
 * costs 5 to 50 ms on circuits of a few thousand gates, most of it compiling the code on its first
 * run, which a run answered within a few hundred milliseconds would not get back.
 */
const CELLS_AFTER_CALLS = 1000;

/**
 * Whether F_level ∧ ¬cube ∧ T ∧ cube' is unsatisfiable: then the literals of the cube in the final
 * conflict (a subcube that is still relatively inductive); else the predecessor from the model.
 */
type RelInd = { core: Lit[] } | { predecessor: Step };

/** RelInd with the predecessor read only on the cube: the literals of the cube that it satisfies. */
type RelIndKept = { core: Lit[] } | { kept: Lit[] };

type SatTotals = { solves: number; timeMs: number; conflicts: number; decisions: number; propagations: number };

/** Adds a solver's counts to `into`. */
function addSatTotals(into: SatTotals, sat: SatSolver): void {
  into.solves += sat.stats.solves;
  into.timeMs += sat.stats.timeMs;
  into.conflicts += sat.stats.conflicts;
  into.decisions += sat.stats.decisions;
  into.propagations += sat.stats.propagations;
}

/** A 32-bit signature of a cube: one bit per literal, hashed. */
function signature(cube: readonly Lit[]): number {
  let s = 0;
  for (let i = 0; i < cube.length; i++) s |= 1 << (cube[i]! & 31);
  return s;
}

/** Whether sorted `a` is a subset of sorted `b`. */
function subset(a: readonly Lit[], b: readonly Lit[]): boolean {
  if (a.length > b.length) return false;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j === b.length || b[j] !== x) return false;
    j++;
  }
  return true;
}

/** The state that stopped a clause's push from `level`, checked against the log up to entry `seen`. */
interface Stopped {
  readonly level: number;
  readonly state: Uint8Array;
  seen: number;
}

export class Frames {
  /** Per level, the cubes blocked first there (level 0 is unused: F_0 is the initial states). */
  private readonly cubes: Lit[][][] = [[]];
  /** Per level, per cube: its signature. */
  private readonly sigs: number[][] = [[]];
  /** The cubes dropped as subsumed, so that a push running while they go does not move them. */
  private readonly subsumed = new WeakSet<readonly Lit[]>();
  /**
   * Every cube as it entered frames F_lo .. F_hi: blocked at level l (F_1 .. F_l), or pushed into
   * level l (F_l alone: it was in the frames below already). Entries before `logStart` are trimmed
   * away.
   */
  private logCubes: (readonly Lit[])[] = [];
  private logLo: number[] = [];
  private logHi: number[] = [];
  private logStart = 0;
  /** Per clause whose last push failed: the state that stopped it. */
  private readonly stopped = new Map<readonly Lit[], Stopped>();
  private readonly solvers: FrameSolver[] = [];
  /** The counts of the frame solvers rebuilt so far. */
  /** Per solver literal (2v, 2v + 1 for -v): the last relative-induction query whose failed assumptions held it (a set without one per query). */
  private failedMark = new Int32Array(0);
  private failedStamp = 0;
  private readonly rebuiltTotals: SatTotals = { solves: 0, timeMs: ZERO_MS, conflicts: 0, decisions: 0, propagations: 0 };
  private rebuildCount = 0;
  /** Told of every clause found here as it enters a level (a new one, or one pushed): the lemmas shared with other runs. */
  onLemma: ((cube: readonly Lit[], level: number) => void) | undefined;

  /** The step simplified by elimination, once made (--ic3-bve, after BVE_AFTER_CALLS). */
  simplified: StepDefinitions | undefined;
  /** Whether new frame solvers encode the circuit as cells (--ic3-cells: from the start, or after CELLS_AFTER_CALLS). */
  private cells: boolean;

  constructor(private readonly ctx: Ic3Context) {
    this.cells = ctx.options.cells === 'on';
    this.solvers.push(this.frameSolver(true));
  }

  /** A frame solver, on the initial states or on none, over the simplified step once there is one. */
  private frameSolver(init: boolean): FrameSolver {
    const { aig, firstLatch, options } = this.ctx;
    return new FrameSolver(aig, firstLatch, init, options.leafDecisions, this.simplified, options.justify, this.cells);
  }

  get rebuilds(): number { return this.rebuildCount; }
  /** Clauses in all the levels. */
  get live(): number { return this.cubes.reduce((n, f) => n + f.length, 0); }

  /** Solver i, rebuilt from the frames first if it has answered too many queries. */
  solverAt(level: number): FrameSolver {
    let fs = this.solvers[level]!;
    if (this.ctx.options.bve && !this.simplified && this.ctx.counters.satCalls >= BVE_AFTER_CALLS) this.simplified = StepDefinitions.of(this.ctx.aig);
    if (!this.cells && this.ctx.options.cells === 'late' && this.ctx.counters.satCalls >= CELLS_AFTER_CALLS) this.cells = true;
    if (fs.queries >= REBUILD_AFTER || fs.simplified !== this.simplified || fs.cells !== this.cells) {
      addSatTotals(this.rebuiltTotals, fs.sat);
      fs = this.frameSolver(level === 0);
      if (level > 0) for (let j = level; j < this.cubes.length; j++) for (const cube of this.cubes[j]!) fs.block(cube);
      this.solvers[level] = fs;
      this.rebuildCount++;
    }
    return fs;
  }

  /** Opens a level above the others, with no clauses of its own. */
  newFrame(): void {
    this.trimLog();
    this.cubes.push([]);
    this.sigs.push([]);
    this.solvers.push(this.frameSolver(false));
  }

  /**
   * The assumptions of a step from F_level into `cube`: its next-state literals and, with the
   * property as hypothesis, the current state good. Above level 0 every state of F_level is good
   * (its bad states were blocked before the level above opened), so the answers stay the same; the
   * solver just no longer has to find that out again in the bad state's cone.
   */
  stepInto(fs: FrameSolver, cube: readonly Lit[], level: number): number[] {
    const assumptions = cube.map((l) => fs.nextLit(l));
    if (this.ctx.options.hypothesis && level > 0) assumptions.push(-fs.bad());
    return assumptions;
  }

  /** Relative induction: is `cube` unreachable in one step from F_level outside `cube`? */
  relInd(cube: readonly Lit[], level: number): RelInd {
    const fs = this.solverAt(level);
    return this.ask(fs, cube, level) ? { predecessor: fs.model() } : { core: this.failedOf(fs, cube) };
  }

  /**
   * `relInd` for a caller that reads of a predecessor only which literals of `cube` it satisfies (a
   * join): on a wide circuit, reading every latch and input of each model was a large part of
   * IC3's time (`cal182`, 2,827 latches and 5,863 inputs: 24 of IC3's 158 ms in one profile).
   */
  relIndKept(cube: readonly Lit[], level: number): RelIndKept {
    const fs = this.solverAt(level);
    return this.ask(fs, cube, level) ? { kept: fs.satisfied(cube) } : { core: this.failedOf(fs, cube) };
  }

  /** Whether F_level ∧ ¬cube ∧ T ∧ cube' is satisfiable, on `fs`, the solver of `level`. */
  private ask(fs: FrameSolver, cube: readonly Lit[], level: number): boolean {
    const sat = this.ctx.solve(fs.sat, this.stepInto(fs, cube, level), cube.map((l) => -fs.nowLit(l)));
    fs.queries++;
    return sat;
  }

  /** The literals of `cube` whose next-state literals were among the last query's failed assumptions. */
  private failedOf(fs: FrameSolver, cube: readonly Lit[]): Lit[] {
    const failed = fs.sat.failedAssumptions();
    if (this.failedMark.length < 2 * fs.sat.numVars + 2) this.failedMark = resized(this.failedMark, 4 * fs.sat.numVars + 2);
    const mark = this.failedMark;
    const stamp = ++this.failedStamp;
    for (let i = 0; i < failed.length; i++) mark[litCode(failed[i]!)] = stamp;
    const core: Lit[] = [];
    for (let i = 0; i < cube.length; i++) if (mark[litCode(fs.nextLit(cube[i]!))] === stamp) core.push(cube[i]!);
    return core;
  }

  /** Whether a clause of `level` or above subsumes the one blocking sorted `cube`. */
  blockedAt(cube: readonly Lit[], level: number): boolean {
    const sig = signature(cube);
    for (let j = level; j < this.cubes.length; j++) {
      const f = this.cubes[j]!;
      const sigs = this.sigs[j]!;
      for (let r = 0; r < f.length; r++) if ((sigs[r]! & ~sig) === 0 && subset(f[r]!, cube)) return true;
    }
    return false;
  }

  /**
   * Adds the clause blocking sorted `cube` at `level`. Clauses of levels up to `level` that it
   * subsumes are dropped from the frames (the solvers keep them until they are rebuilt). A clause
   * taken from another run (`received`) is not told back.
   */
  add(cube: Lit[], level: number, received = false): void {
    const sig = signature(cube);
    for (let j = 1; j <= level; j++) {
      const f = this.cubes[j]!;
      const sigs = this.sigs[j]!;
      let w = 0;
      for (let r = 0; r < f.length; r++) {
        if ((sig & ~sigs[r]!) === 0 && subset(cube, f[r]!)) { this.ctx.count('subsumed'); this.subsumed.add(f[r]!); continue; }
        f[w] = f[r]!;
        sigs[w++] = sigs[r]!;
      }
      f.length = w;
      sigs.length = w;
    }
    this.cubes[level]!.push(cube);
    this.sigs[level]!.push(sig);
    this.logEntry(cube, 1, level);
    for (let i = 1; i <= level; i++) this.solvers[i]!.block(cube);
    this.ctx.counters.clauses++;
    if (!received) this.onLemma?.(cube, level);
  }

  /**
   * Moves the cubes of `level` that `holdsAbove` accepts to level + 1, in order, each into solver
   * level + 1; returns how many stay. `holdsAbove` may add clauses that subsume some of them
   * (counterexamples to propagation): the cubes are visited from a copy, and the subsumed skipped.
   */
  pushUp(level: number, holdsAbove: (cube: readonly Lit[]) => boolean): number {
    const moved = new Set<Lit[]>();
    for (const cube of this.cubes[level]!.slice()) {
      if (this.subsumed.has(cube) || !holdsAbove(cube)) continue;
      moved.add(cube);
      this.stopped.delete(cube);
      this.logEntry(cube, level + 1, level + 1);
      this.cubes[level + 1]!.push(cube);
      this.sigs[level + 1]!.push(signature(cube));
      this.solvers[level + 1]!.block(cube);
      this.onLemma?.(cube, level + 1);
    }
    const f = this.cubes[level]!;
    const sigs = this.sigs[level]!;
    let w = 0;
    for (let r = 0; r < f.length; r++) {
      if (moved.has(f[r]!)) continue;
      f[w] = f[r]!;
      sigs[w++] = sigs[r]!;
    }
    f.length = w;
    sigs.length = w;
    return w;
  }

  /** Records `state`, of F_level, as what stopped the push of `cube` from `level`. */
  stoppedBy(cube: readonly Lit[], level: number, state: Uint8Array): void {
    this.stopped.set(cube, { level, state, seen: this.logStart + this.logCubes.length });
  }

  /** Whether the push of `cube` from `level` fails as it did last time: the state that stopped it is still in F_level. */
  stillStopped(cube: readonly Lit[], level: number): boolean {
    const s = this.stopped.get(cube);
    if (s === undefined || s.level !== level) return false;
    const { state } = s;
    const first = this.ctx.firstLatch;
    const end = this.logStart + this.logCubes.length;
    for (let e = s.seen; e < end; e++) {
      const at = e - this.logStart;
      if (this.logLo[at]! > level || this.logHi[at]! < level) continue;
      const c = this.logCubes[at]!;
      let inside = true;
      for (let j = 0; j < c.length && inside; j++) inside = state[(c[j]! >> 1) - first] === ((c[j]! & 1) ^ 1);
      if (inside) {
        this.stopped.delete(cube);
        return false;
      }
    }
    s.seen = end;
    return true;
  }

  private logEntry(cube: readonly Lit[], lo: number, hi: number): void {
    this.logCubes.push(cube);
    this.logLo.push(lo);
    this.logHi.push(hi);
  }

  /** Drops the log's entries that every stopping state has been checked against, and the states of cubes no longer in a level. */
  private trimLog(): void {
    let oldest = this.logStart + this.logCubes.length;
    for (const [cube, s] of this.stopped) {
      if (this.subsumed.has(cube)) this.stopped.delete(cube);
      else oldest = Math.min(oldest, s.seen);
    }
    const drop = oldest - this.logStart;
    if (drop < this.logCubes.length / 2) return;
    this.logCubes = this.logCubes.slice(drop);
    this.logLo = this.logLo.slice(drop);
    this.logHi = this.logHi.slice(drop);
    this.logStart = oldest;
  }

  /** The clauses of the levels above `level`: an inductive invariant once `level` is empty. */
  invariantAbove(level: number): Clause[] {
    return this.cubes.slice(level + 1).flat().map((cube) => cube.map((l) => l ^ 1));
  }

  /** The SAT counts of all frame solvers, the rebuilt ones included. */
  satTotals(): SatTotals {
    const st = { ...this.rebuiltTotals };
    for (const fs of this.solvers) addSatTotals(st, fs.sat);
    return st;
  }
}
