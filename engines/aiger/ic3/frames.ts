/**
 * The frames F_1 .. F_k over-approximate the states reachable in at most i steps; F_0 is the initial
 * states. Each level keeps only the cubes first blocked there (delta encoding): F_i is the union of
 * the clauses of levels i and above, so pushing a clause forward moves it to the next level, and
 * no cube is stored twice. A cube carries a 32-bit signature so that subsumption, run on every new
 * clause against all the levels below it, rejects most pairs without comparing literals.
 *
 * Relative induction, the query the other parts ask, is answered here on the frame solvers, which
 * this class keeps in step with the cubes and rebuilds after so many queries.
 */
import type { SatSolver } from '../../../lang/sat/solver.js';
import type { Lit } from '../../../formalisms/aig.js';
import type { Clause } from '../../../formalisms/certificate.js';
import type { Ic3Context } from './context.js';
import { FrameSolver, type Step } from './frame-solver.js';

/** Relative-induction queries after which a frame solver is rebuilt. */
const REBUILD_AFTER = 600;

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

export class Frames {
  /** Per level, the cubes blocked first there (level 0 is unused: F_0 is the initial states). */
  private readonly cubes: Lit[][][] = [[]];
  /** Per level, per cube: its signature. */
  private readonly sigs: number[][] = [[]];
  /** The cubes dropped as subsumed, so that a push running while they go does not move them. */
  private readonly subsumed = new WeakSet<readonly Lit[]>();
  private readonly solvers: FrameSolver[] = [];
  /** The counts of the frame solvers rebuilt so far. */
  private readonly rebuiltTotals: SatTotals = { solves: 0, timeMs: 0, conflicts: 0, decisions: 0, propagations: 0 };
  private rebuildCount = 0;

  constructor(private readonly ctx: Ic3Context) {
    this.solvers.push(new FrameSolver(ctx.aig, ctx.firstLatch, true, ctx.options.leafDecisions));
  }

  get rebuilds(): number { return this.rebuildCount; }
  /** Clauses in all the levels. */
  get live(): number { return this.cubes.reduce((n, f) => n + f.length, 0); }

  /** Solver i, rebuilt from the frames first if it has answered too many queries. */
  solverAt(level: number): FrameSolver {
    let fs = this.solvers[level]!;
    if (fs.queries >= REBUILD_AFTER) {
      addSatTotals(this.rebuiltTotals, fs.sat);
      fs = new FrameSolver(this.ctx.aig, this.ctx.firstLatch, level === 0, this.ctx.options.leafDecisions);
      if (level > 0) for (let j = level; j < this.cubes.length; j++) for (const cube of this.cubes[j]!) fs.block(cube);
      this.solvers[level] = fs;
      this.rebuildCount++;
    }
    return fs;
  }

  /** Opens a level above the others, with no clauses of its own. */
  newFrame(): void {
    this.cubes.push([]);
    this.sigs.push([]);
    this.solvers.push(new FrameSolver(this.ctx.aig, this.ctx.firstLatch, false, this.ctx.options.leafDecisions));
  }

  /** Relative induction: is `cube` unreachable in one step from F_level outside `cube`? */
  relInd(cube: readonly Lit[], level: number): RelInd {
    const fs = this.solverAt(level);
    const assumptions = cube.map((l) => fs.nextLit(l));
    let result: RelInd;
    if (this.ctx.solve(fs.sat, assumptions, cube.map((l) => -fs.nowLit(l)))) {
      result = { predecessor: fs.model() };
    } else {
      const failed = new Set(fs.sat.failedAssumptions());
      result = { core: cube.filter((l) => failed.has(fs.nextLit(l))) };
    }
    fs.queries++;
    return result;
  }

  /**
   * Adds the clause blocking sorted `cube` at `level`. Clauses of levels up to `level` that it
   * subsumes are dropped from the frames (the solvers keep them until they are rebuilt).
   */
  add(cube: Lit[], level: number): void {
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
    for (let i = 1; i <= level; i++) this.solvers[i]!.block(cube);
    this.ctx.counters.clauses++;
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
      this.cubes[level + 1]!.push(cube);
      this.sigs[level + 1]!.push(signature(cube));
      this.solvers[level + 1]!.block(cube);
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
