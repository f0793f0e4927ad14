/**
 * The circuit's step as CNF, encoded once, simplified once by bounded variable elimination
 * (lang/sat/eliminate.ts) and then copied into each time frame of an unrolling with its variables
 * renamed, as rIC3 simplifies its transition relation before unrolling it. On the Tseitin encoding
 * of a circuit, elimination removes most gate variables: on hwmcc20's
 * `circular_pointer_top_w128_d8_e0` unrolled ten steps, the solver then propagates half as often
 * and answers in half the time (MiniSat's own elimination does the same on the whole unrolling).
 *
 * Frozen, so that frames chain and traces read: the current-state latches and the next-state
 * literals, the property's and the constraints' literals, the constant. The inputs may go; a trace
 * gets their values back by extending the frame's model (`frameValues`).
 *
 * The step covers the cone of the property and the constraints only: the latches their logic
 * reads, and in turn the latches those latches' next states read. Copied whole into every frame, it
 * pays where that cone is nearly all there from the first step on (`pays`); where it grows a step at
 * a time (a shift register: 147 latches in the property's support, 8,275 after 127 steps), the
 * frames near the initial states need only a small part of it, and encoding each query's cones
 * (Unroller) does less: on hwmcc19's `shift_register_top_w64_d128_e0` BMC reached 9 steps in 60 s
 * over the whole step and 13 over cones.
 */
import { eliminate, extendModel, type Elimination } from '../../lang/sat/eliminate.js';
import type { SatSolver } from '../../lang/sat/solver.js';
import { firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';
import { clauseOf, Unroller, type ClauseSink, type Encoding, type Frames } from './cnf.js';
import { IntList } from '../../lang/int-list.js';

/** The fraction of the property's eventual cone that must be in its support from the first step on. */
const SATURATED = 0.5;

export class StepCnf {
  /** The clauses of the step over its own variables, 1..vars, after elimination. */
  readonly clauses: readonly (readonly number[])[];
  readonly vars: number;
  /** The step variable of the constant true. */
  readonly trueVar: number;
  /** Per latch: its current-state variable in the step, 0 outside the cone. */
  readonly latchVar: Int32Array;
  /** Per latch in the cone: the step literal of its next state. */
  readonly nextLit: Int32Array;
  /** Per input: its variable in the step, 0 outside the cone. */
  readonly inputVar: Int32Array;
  readonly badLit: number;
  readonly constraintLits: readonly number[];
  private readonly elimination: Elimination;
  /** Per circuit node: its step literal where the encoding reached it (eliminated ones included). */
  private readonly nodeLit: (node: number) => number;
  private readonly frozen: Uint8Array;

  private static readonly known = { gates: new WeakMap<Aig, StepCnf>(), trees: new WeakMap<Aig, StepCnf>(), cells: new WeakMap<Aig, StepCnf>() };

  /**
   * Whether the simplified step pays on the circuit: the latches the property and the constraints
   * read hold at least half of their cone's latches (all it reaches through next states).
   */
  static pays(aig: Aig): boolean {
    const firstGate = firstGateNode(aig);
    const firstLatch = 1 + aig.inputs.length;
    const reached = new Uint8Array(firstGate + aig.fanins.length / 2);
    const latches: number[] = [];
    const walk = (roots: readonly number[]) => {
      const stack = [...roots];
      while (stack.length > 0) {
        const n = stack.pop()!;
        if (reached[n]) continue;
        reached[n] = 1;
        if (n >= firstGate) stack.push(aig.fanins[2 * (n - firstGate)]! >> 1, aig.fanins[2 * (n - firstGate) + 1]! >> 1);
        else if (n >= firstLatch) latches.push(n - firstLatch);
      }
    };
    walk([aig.properties[0]!.lit >> 1, ...aig.constraints.map((c) => c.lit >> 1)]);
    const support = latches.length;
    for (let i = 0; i < latches.length; i++) walk([aig.latches[latches[i]!]!.next >> 1]);
    return support >= SATURATED * latches.length;
  }

  /** The circuit's simplified step, made once per circuit and encoding. */
  static of(aig: Aig, encoding: Encoding = 'trees'): StepCnf {
    const known = StepCnf.known[encoding];
    let s = known.get(aig);
    if (!s) known.set(aig, (s = new StepCnf(aig, encoding)));
    return s;
  }

  private constructor(aig: Aig, encoding: Encoding) {
    const clauses: number[][] = [];
    let vars = 0;
    const sink: ClauseSink = { newVar: () => ++vars, addClause: (c, size) => { clauses.push(clauseOf(c, size)); return true; } };
    const latchVar = new Int32Array(aig.latches.length);
    const u = new Unroller(aig, sink, (_t, k) => (latchVar[k] ||= sink.newVar()), { encoding });
    this.trueVar = u.trueLit;
    this.badLit = u.lit(0, aig.properties[0]!.lit);
    this.constraintLits = aig.constraints.map((c) => u.lit(0, c.lit));
    // the next states of the latches reached, until no new latch is
    const nextLit = new Int32Array(aig.latches.length);
    for (let changed = true; changed;) {
      changed = false;
      for (let k = 0; k < aig.latches.length; k++) {
        if (latchVar[k] === 0 || nextLit[k] !== 0) continue;
        nextLit[k] = u.lit(0, aig.latches[k]!.next);
        changed = true;
      }
    }
    this.inputVar = Int32Array.from(aig.inputs, (_, j) => u.peek(0, 1 + j));
    const frozen = new Uint8Array(vars + 1);
    const freeze = (l: number) => { frozen[Math.abs(l)] = 1; };
    [this.trueVar, this.badLit, ...this.constraintLits, ...latchVar, ...nextLit].forEach(freeze);
    this.elimination = eliminate(clauses, (v) => frozen[v] === 1);
    this.clauses = this.elimination.clauses;
    this.vars = vars;
    this.latchVar = latchVar;
    this.nextLit = nextLit;
    this.frozen = frozen;
    this.nodeLit = (node) => u.peek(0, node);
  }

  /** The step literal of circuit literal `l`: the property's, a constraint's or a latch's (those elimination keeps). */
  literal(l: Lit): number {
    const s = this.nodeLit(l >> 1);
    if (s === 0 || !this.frozen[Math.abs(s)]) throw new Error(`the simplified step has no literal for circuit literal ${l}`);
    return l & 1 ? -s : s;
  }

  /** The step variable of circuit node `node`, 0 where the step does not reach it. */
  variable(node: number): number {
    return Math.abs(this.nodeLit(node));
  }

  /**
   * The values of the step's variables in one frame: `value` gives those the frame's solver holds
   * (by step variable), and the eliminated ones follow from them.
   */
  frameValues(value: (v: number) => boolean): (v: number) => boolean {
    const extended = new Map<number, boolean>();
    const read = (v: number) => extended.get(v) ?? value(v);
    extendModel(this.elimination, read, (v, b) => extended.set(v, b));
    return read;
  }
}

/**
 * Frames of the simplified step in one solver, chained: the latches of frame t are the next states
 * of frame t - 1, those of frame 0 what `initial` gives (a literal, or undefined for a fresh
 * variable). A frame's clauses are added when the frame is first needed.
 */
export class StepFrames implements Frames {
  readonly latches: readonly number[];
  /** A solver literal that is always true. */
  private readonly trueLit: number;
  /** Per frame, per step variable: its literal in the solver, 0 until needed. */
  private readonly frames: Int32Array[] = [];

  constructor(private readonly step: StepCnf, private readonly sat: SatSolver, private readonly initial: (latch: number, trueLit: number) => number | undefined) {
    this.trueLit = sat.newVar();
    sat.addClause([this.trueLit]);
    this.latches = [...step.latchVar.keys()].filter((k) => step.latchVar[k] !== 0);
  }

  lit(t: number, l: Lit): number {
    return this.stepLit(t, this.step.literal(l));
  }

  /** The solver literal of step literal `l` in frame `t`. */
  private stepLit(t: number, l: number): number {
    const f = this.frame(t);
    const v = l < 0 ? -l : l;
    let s = f[v]!;
    if (s === 0) s = f[v] = this.sat.newVar();
    return l < 0 ? -s : s;
  }

  private frame(t: number): Int32Array {
    const { step } = this;
    while (this.frames.length <= t) {
      const at = this.frames.length;
      const f = new Int32Array(step.vars + 1);
      this.frames.push(f);
      f[step.trueVar] = this.trueLit;
      step.latchVar.forEach((v, k) => {
        if (v === 0) return;
        const l = at > 0 ? this.stepLit(at - 1, step.nextLit[k]!) : this.initial(k, this.trueLit);
        if (l !== undefined) f[v] = l;
      });
      // one list for every clause, written over (the solver copies it)
      const c = new IntList(16);
      for (let i = 0; i < step.clauses.length; i++) {
        const clause = step.clauses[i]!;
        c.truncate(0);
        for (let j = 0; j < clause.length; j++) c.push(this.stepLit(at, clause[j]!));
        this.sat.addClause(c.data, c.size);
      }
    }
    return this.frames[t]!;
  }

  /** The values of frame `t`'s inputs and latches in the solver's last model, the eliminated ones extended from it. */
  values(t: number): (node: number) => boolean {
    const f = this.frame(t);
    const read = this.step.frameValues((v) => f[v] !== 0 && this.sat.value(f[v]!) === true);
    return (node) => {
      const v = this.step.variable(node);
      return v !== 0 && read(v);
    };
  }
}
