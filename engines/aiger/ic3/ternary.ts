/**
 * Lifting a predecessor to a cube by ternary simulation (Eén, Mishchenko, Brayton, "Efficient
 * implementation of property directed reachability", FMCAD 2011), without a SAT call. The step's
 * state and inputs are simulated over the cone of the target (the successor cube's next-state
 * functions or the bad state, and the constraints); then each latch of the cone in turn is set to X
 * (unknown), and the X is propagated forward through its fan-out in the cone. If some target node
 * becomes X the latch is needed and its value comes back; otherwise it stays X. The latches left
 * with a value form the cube: every state of it reaches the target with the same inputs, as ternary
 * simulation over-approximates all of them, so a chain of obligations stays a concrete
 * counterexample.
 *
 * Values only ever go from known to X, so the propagation of one latch changes each node at most
 * once, and an undo list puts the nodes back when the latch is needed. Most latches tried are
 * needed, and most of those are known to be before any propagation (`sensitise`).
 */
import { firstGateNode, gateFanouts, type Lit } from '../../../formalisms/aig.js';
import { ConeWalker } from './cone.js';
import type { Ic3Context } from './context.js';
import type { Step } from './frame-solver.js';
import type { PredecessorLifter } from './lift.js';
import { clockMs, ZERO_MS } from '../../../lang/clock.js';
import { IntList } from '../../../lang/int-list.js';

const X = 2;

export class TernaryLifter implements PredecessorLifter {
  readonly stats = { solves: 0, timeMs: ZERO_MS };
  private readonly firstGate: number;
  private readonly firstLatch: number;
  private readonly endLatch: number;
  /** Fan-out of each node, as slices of `fanouts` from `fanoutStart[n]` to `fanoutStart[n + 1]`. */
  private readonly fanoutStart: Int32Array;
  private readonly fanouts: Int32Array;
  /** Per node: 0, 1 or X in the current simulation. */
  private readonly value: Uint8Array;
  /** Per node: the lift that has it as a target. */
  private readonly target: Int32Array;
  /** Per node: the lift in which an X there is known to reach a target (`sensitise`). */
  private readonly sensitised: Int32Array;
  private lifts = 0;
  private readonly cones: ConeWalker;
  /** The nodes of the constraints' cones: walked once, part of every lift's cone. */
  private readonly constraintCone = new IntList();
  private readonly constraintLatches: number[] = [];
  private readonly cone = new IntList();
  /** The latches of one lift's cone (reused from lift to lift). */
  private readonly latches = new IntList();
  private readonly work = new IntList();
  private readonly undo = new IntList();

  constructor(private readonly ctx: Ic3Context) {
    const aig = ctx.aig;
    this.firstGate = firstGateNode(aig);
    this.firstLatch = ctx.firstLatch;
    this.endLatch = ctx.firstLatch + aig.latches.length;
    const nodes = this.firstGate + aig.fanins.length / 2;
    const { start, gates } = gateFanouts(aig);
    this.fanoutStart = start;
    this.fanouts = gates;
    this.value = new Uint8Array(nodes);
    this.target = new Int32Array(nodes);
    this.sensitised = new Int32Array(nodes);
    this.cones = new ConeWalker(aig);
    for (const c of aig.constraints) this.cones.pin(c.lit >> 1, this.constraintCone);
    // in node order, which is topological, and the latches among them, in order too
    const constraintCone = this.constraintCone.view().sort();
    for (const n of constraintCone) if (n >= this.firstLatch && n < this.endLatch) this.constraintLatches.push(n);
  }

  /** The latch literals of the step's state that force it into `cube`. */
  toCube(step: Step, cube: readonly Lit[]): Lit[] {
    const latches = this.ctx.aig.latches;
    return this.lift(step, cube.map((l) => latches[this.ctx.latchOf(l)]!.next ^ (l & 1)));
  }

  /** The latch literals of the step's state that make it bad. */
  toBad(step: Step): Lit[] {
    return this.lift(step, [this.ctx.aig.properties[0]!.lit]);
  }

  /** The value of AIG literal `l`: 0, 1 or X. */
  private lit(l: Lit): number {
    const v = this.value[l >> 1]!;
    return v === X ? X : v ^ (l & 1);
  }

  /** The latch literals of `state` that, with `inputs`, make every literal of `targets` and every constraint 1. */
  private lift({ state, inputs }: Step, targets: readonly Lit[]): Lit[] {
    const started = clockMs();
    this.stats.solves++;
    const stamp = ++this.lifts;
    const cone = this.cone;
    cone.truncate(0);
    this.cones.begin();
    // indexed loops: a lift runs per obligation, mostly before V8 optimises it, where `for...of` allocates per element
    for (let i = 0; i < targets.length; i++) this.cones.addPostOrder(targets[i]! >> 1, cone);
    // The constraints' cones first (closed under fan-in), then the targets' in post-order: each
    // fanin is simulated before its gate.
    this.simulate(this.constraintCone, state, inputs);
    this.simulate(cone, state, inputs);
    for (let i = 0; i < targets.length; i++) this.markTarget(targets[i]!, stamp);
    const constraints = this.ctx.aig.constraints;
    for (let i = 0; i < constraints.length; i++) this.markTarget(constraints[i]!.lit, stamp);
    this.collectLatches(cone);
    // the latches in node order, as they are tried
    const latches = this.latches.view().sort();
    this.sensitise(cone, stamp);
    this.sensitise(this.constraintCone, stamp);
    this.tryLatches(latches, stamp);
    const out = this.knownLatches(latches);
    this.stats.timeMs += clockMs() - started;
    return out;
  }

  // The loops over a lift's latches are functions of their own with nothing after the loop:
  // compiled on the stack within a first long loop (lang/sat/heap.ts, takeEveryPath), the rest of
  // the lift had no type feedback and deoptimised at every later lift.

  /** Into `latches`: the constraints' latches and those of `cone`. */
  private collectLatches(cone: IntList): void {
    const { latches, firstLatch, endLatch, constraintLatches } = this;
    latches.truncate(0);
    for (let i = 0; i < constraintLatches.length; i++) latches.push(constraintLatches[i]!);
    for (let i = 0; i < cone.size; i++) {
      const n = cone.data[i]!;
      if (n >= firstLatch && n < endLatch) latches.push(n);
    }
  }

  /** Sets each latch of `latches` not sensitised to X in turn, and back where a target becomes X. */
  private tryLatches(latches: Int32Array, stamp: number): void {
    const { value, undo, sensitised } = this;
    for (let j = 0; j < latches.length; j++) {
      const n = latches[j]!;
      if (sensitised[n] === stamp) continue;
      if (!this.toX(n, stamp)) for (let i = undo.size - 2; i >= 0; i -= 2) value[undo.data[i]!] = undo.data[i + 1]!;
    }
  }

  /** The literals of the latches of `latches` still known. */
  private knownLatches(latches: Int32Array): Lit[] {
    const value = this.value;
    const out: Lit[] = [];
    for (let j = 0; j < latches.length; j++) {
      const n = latches[j]!;
      if (value[n] !== X) out.push(2 * n + (value[n] ? 0 : 1));
    }
    return out;
  }

  /** Marks literal `t`, which the simulation must have made 1, as a target of lift `stamp`. */
  private markTarget(t: Lit, stamp: number): void {
    if (this.lit(t) !== 1) throw new Error('IC3 ternary lifting: the step does not force its target');
    this.target[t >> 1] = stamp;
  }

  /**
   * Marks (with `stamp`) the nodes of `nodes`, given each after its fanins, from which a path of
   * known gates, each with its other fanin not 0, leads to a target: an X on such a node makes
   * every gate of the path X in turn, up to the target. Values only ever go from known to X while
   * the latches are tried, so the mark stays true: a marked latch is needed without spreading its
   * X, which would only be undone (on `139462p1neg` such spreads covered 9.7 million nodes in one
   * run, against 16,000 for the latches kept X). An unmarked latch may still be needed, by a path
   * that a later X opens or by two paths that meet, and is tried as before.
   */
  private sensitise(nodes: IntList, stamp: number): void {
    const { value, target, sensitised, firstGate } = this;
    const fanins = this.ctx.aig.fanins;
    const data = nodes.data;
    for (let i = nodes.size - 1; i >= 0; i--) {
      const n = data[i]!;
      if (target[n] === stamp) sensitised[n] = stamp;
      if (sensitised[n] !== stamp || n < firstGate || value[n] === X) continue;
      const a = fanins[2 * (n - firstGate)]!;
      const b = fanins[2 * (n - firstGate) + 1]!;
      if (this.lit(b) !== 0) sensitised[a >> 1] = stamp;
      if (this.lit(a) !== 0) sensitised[b >> 1] = stamp;
    }
  }

  /** Simulates `nodes`, each after its fanins, on the step's state and inputs. */
  private simulate(nodes: IntList, state: Uint8Array, inputs: Uint8Array): void {
    const { value, firstGate, firstLatch } = this;
    const fanins = this.ctx.aig.fanins;
    const { data, size } = nodes;
    for (let i = 0; i < size; i++) {
      const n = data[i]!;
      if (n === 0) value[0] = 0;
      else if (n < firstLatch) value[n] = inputs[n - 1]!;
      else if (n < firstGate) value[n] = state[n - firstLatch]!;
      else value[n] = this.and(fanins[2 * (n - firstGate)]!, fanins[2 * (n - firstGate) + 1]!);
    }
  }

  /** The AND of two literals' values. */
  private and(a: Lit, b: Lit): number {
    const x = this.lit(a);
    const y = this.lit(b);
    if (x === 0 || y === 0) return 0;
    return x === X || y === X ? X : 1;
  }

  /**
   * Sets latch node `n` to X and propagates it through the cone (the walk's own marks: the targets'
   * cone and the constraints', pinned); false, with the changed nodes and their old values in
   * `undo`, as soon as a target node becomes X.
   */
  private toX(n: number, stamp: number): boolean {
    const { value, fanoutStart, fanouts, work, undo, firstGate, cones } = this;
    const fanins = this.ctx.aig.fanins;
    undo.truncate(0);
    work.truncate(0);
    undo.push(n);
    undo.push(value[n]!);
    value[n] = X;
    if (this.target[n] === stamp) return false;
    work.push(n);
    while (work.size > 0) {
      const m = work.data[--work.size]!;
      for (let i = fanoutStart[m]!; i < fanoutStart[m + 1]!; i++) {
        const g = fanouts[i]!;
        if (value[g] === X || !cones.reaches(g)) continue;
        if (this.and(fanins[2 * (g - firstGate)]!, fanins[2 * (g - firstGate) + 1]!) !== X) continue;
        undo.push(g);
        undo.push(value[g]!);
        value[g] = X;
        if (this.target[g] === stamp) return false;
        work.push(g);
      }
    }
    return true;
  }
}
