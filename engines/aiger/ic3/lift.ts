/**
 * Lifting a predecessor to a cube, on a SAT solver of its own that holds one copy of the transition
 * relation. A model of a frame solver gives a full latch state; with the step's inputs fixed, the
 * failed assumptions of "these latch values and inputs, but not the target (the successor cube or
 * the bad state, and the constraints)" are the latch literals that force the step. Every state of
 * the lifted cube therefore reaches the target with the same inputs, which keeps a chain of
 * obligations a concrete counterexample.
 */
import { SatSolver, type SatStats } from '../../../lang/sat/solver.js';
import type { Lit } from '../../../formalisms/aig.js';
import { Unroller } from '../cnf.js';
import type { Ic3Context } from './context.js';
import type { Step } from './frame-solver.js';

export class Lifter {
  private readonly sat = new SatSolver();
  /** The solver's latch and input variables, next-state functions, constraints and bad state. */
  private readonly now: Int32Array;
  private readonly inputs: Int32Array;
  private readonly next: Int32Array;
  private readonly constraints: number[];
  private readonly bad: number;

  constructor(private readonly ctx: Ic3Context) {
    const aig = ctx.aig;
    const L = aig.latches.length;
    this.now = new Int32Array(L);
    for (let k = 0; k < L; k++) this.now[k] = this.sat.newVar();
    const lu = new Unroller(aig, this.sat, (_t, k) => this.now[k]!);
    this.inputs = Int32Array.from(aig.inputs, (_, k) => lu.lit(0, 2 * (1 + k)));
    this.next = Int32Array.from(aig.latches, (l) => lu.lit(0, l.next));
    this.constraints = aig.constraints.map((c) => lu.lit(0, c.lit));
    this.bad = lu.lit(0, aig.properties[0]!.lit);
  }

  get stats(): SatStats { return this.sat.stats; }

  /** The latch literals of the step's state that force it into `cube`. */
  toCube(step: Step, cube: readonly Lit[]): Lit[] {
    return this.lift(step, [...cube.map((l) => this.nextLit(l)), ...this.constraints]);
  }

  /** The latch literals of the step's state that make it bad. */
  toBad(step: Step): Lit[] {
    return this.lift(step, [this.bad, ...this.constraints]);
  }

  private nextLit(lit: Lit): number {
    const f = this.next[this.ctx.latchOf(lit)]!;
    return lit & 1 ? -f : f;
  }

  /** The latch literals of `state` that, with `inputs`, force every lifting-solver literal of `target`. */
  private lift({ state, inputs }: Step, target: number[]): Lit[] {
    const assumptions: number[] = [];
    inputs.forEach((b, k) => assumptions.push(b ? this.inputs[k]! : -this.inputs[k]!));
    state.forEach((b, k) => assumptions.push(b ? this.now[k]! : -this.now[k]!));
    if (this.ctx.solve(this.sat, assumptions, target.map((t) => -t))) throw new Error('IC3 lifting: the step does not force its target');
    const failed = new Set(this.sat.failedAssumptions());
    const cube: Lit[] = [];
    state.forEach((b, k) => {
      if (failed.has(b ? this.now[k]! : -this.now[k]!)) cube.push(2 * (this.ctx.firstLatch + k) + (b ? 0 : 1));
    });
    return cube;
  }
}
