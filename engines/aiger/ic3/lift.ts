/**
 * Lifting a predecessor to a cube, on a SAT solver of its own that holds one copy of the transition
 * relation. A model of a frame solver gives a full latch state; with the step's inputs fixed, the
 * failed assumptions of "these latch values and inputs, but not the target (the successor cube or
 * the bad state, and the constraints)" are the latch literals that force the step. Every state of
 * the lifted cube therefore reaches the target with the same inputs, which keeps a chain of
 * obligations a concrete counterexample.
 *
 * Only the inputs and latches in the cone of the target are assumed: the others cannot force it,
 * so they never belong to the cube, and leaving them out spares propagating the rest of the circuit.
 */
import { SatSolver, type SatStats } from '../../../lang/sat/solver.js';
import type { Lit } from '../../../formalisms/aig.js';
import { Unroller } from '../cnf.js';
import { IntList } from '../../../lang/int-list.js';
import { ConeWalker } from './cone.js';
import type { Ic3Context } from './context.js';
import type { Step } from './frame-solver.js';

/** What lifts a predecessor: this SAT-based lifter, or ternary simulation (ternary.ts). */
export interface PredecessorLifter {
  /** The latch literals of the step's state that force it into `cube`. */
  toCube(step: Step, cube: readonly Lit[]): Lit[];
  /** The latch literals of the step's state that make it bad. */
  toBad(step: Step): Lit[];
  /** Lifts done and the time they took. */
  readonly stats: { readonly solves: number; readonly timeMs: number };
}

export class Lifter implements PredecessorLifter {
  private readonly sat = new SatSolver();
  /**
   * The solver's latch and input variables, next-state functions, constraints and bad state. A
   * next-state function and the bad state are encoded when a lift first asks for them (0 until
   * then): most runs lift a few cubes over a few latches, and encoding the whole transition
   * relation up front was most of their lifting time.
   */
  private readonly now: Int32Array;
  private readonly inputs: Int32Array;
  private readonly next: Int32Array;
  private readonly constraints: number[];
  private bad = 0;
  private readonly unroller: Unroller;
  private readonly cones: ConeWalker;
  /** The input and latch nodes in the constraints' cones: walked once, part of every call's support. */
  private readonly constraintSupport: number[] = [];
  /** The nodes of one call's target's cone, and the inputs and latches among them. */
  private readonly cone = new IntList();
  private readonly support: number[] = [];

  constructor(private readonly ctx: Ic3Context) {
    const aig = ctx.aig;
    const L = aig.latches.length;
    this.now = new Int32Array(L);
    for (let k = 0; k < L; k++) this.now[k] = this.sat.newVar();
    const lu = (this.unroller = new Unroller(aig, this.sat, (_t, k) => this.now[k]!));
    this.inputs = Int32Array.from(aig.inputs, (_, k) => lu.lit(0, 2 * (1 + k)));
    this.next = new Int32Array(L);
    this.constraints = aig.constraints.map((c) => lu.lit(0, c.lit));
    this.cones = new ConeWalker(aig);
    const constraintCone = new IntList();
    for (const c of aig.constraints) this.cones.pin(c.lit >> 1, constraintCone);
    for (const n of constraintCone.view()) if (this.isLeaf(n)) this.constraintSupport.push(n);
  }

  /** Whether AIG node `n` is an input or a latch. */
  private isLeaf(n: number): boolean {
    return n !== 0 && n < this.ctx.firstLatch + this.ctx.aig.latches.length;
  }

  get stats(): SatStats { return this.sat.stats; }

  /** The latch literals of the step's state that force it into `cube`. */
  toCube(step: Step, cube: readonly Lit[]): Lit[] {
    const latches = this.ctx.aig.latches;
    const roots = cube.map((l) => latches[this.ctx.latchOf(l)]!.next >> 1);
    return this.lift(step, [...cube.map((l) => this.nextLit(l)), ...this.constraints], roots);
  }

  /** The latch literals of the step's state that make it bad. */
  toBad(step: Step): Lit[] {
    const bad = this.ctx.aig.properties[0]!.lit;
    this.bad ||= this.unroller.lit(0, bad);
    return this.lift(step, [this.bad, ...this.constraints], [bad >> 1]);
  }

  private nextLit(lit: Lit): number {
    const k = this.ctx.latchOf(lit);
    const f = (this.next[k] ||= this.unroller.lit(0, this.ctx.aig.latches[k]!.next));
    return lit & 1 ? -f : f;
  }

  /**
   * The latch literals of `state` that, with `inputs`, force every lifting-solver literal of `target`,
   * whose AIG nodes (the constraints aside) are `roots`.
   */
  private lift({ state, inputs }: Step, target: number[], roots: readonly number[]): Lit[] {
    const firstLatch = this.ctx.firstLatch;
    const support = this.support;
    support.length = 0;
    support.push(...this.constraintSupport);
    const cone = this.cone;
    cone.truncate(0);
    this.cones.begin();
    for (const r of roots) this.cones.add(r, cone);
    for (const n of cone.view()) if (this.isLeaf(n)) support.push(n);
    // Inputs first, then latches, each in order (as all of them were assumed before).
    support.sort((a, b) => a - b);
    const assumptions = support.map((n) => n < firstLatch
      ? (inputs[n - 1] ? this.inputs[n - 1]! : -this.inputs[n - 1]!)
      : (state[n - firstLatch] ? this.now[n - firstLatch]! : -this.now[n - firstLatch]!));
    if (this.ctx.solve(this.sat, assumptions, target.map((t) => -t))) throw new Error('IC3 lifting: the step does not force its target');
    const cube: Lit[] = [];
    for (const l of this.sat.failedAssumptions()) {
      const k = Math.abs(l) - this.now[0]!;
      if (k >= 0 && k < state.length && this.now[k] === Math.abs(l)) cube.push(2 * (firstLatch + k) + (l > 0 ? 0 : 1));
    }
    return cube.sort((a, b) => a - b);
  }
}
