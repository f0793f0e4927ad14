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
 * reads, and in turn the latches those latches' next states read.
 */
import { eliminate, extendModel, type Elimination } from '../../lang/sat/eliminate.js';
import type { SatSolver } from '../../lang/sat/solver.js';
import type { Aig } from '../../formalisms/aig.js';
import { Unroller } from './cnf.js';

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

  private static readonly known = new WeakMap<Aig, StepCnf>();

  /** The circuit's simplified step, made once per circuit (k-induction's base and step case share it). */
  static of(aig: Aig): StepCnf {
    let s = StepCnf.known.get(aig);
    if (!s) StepCnf.known.set(aig, (s = new StepCnf(aig)));
    return s;
  }

  private constructor(aig: Aig) {
    const clauses: number[][] = [];
    let vars = 0;
    const sink = { newVar: () => ++vars, addClause: (c: readonly number[]) => { clauses.push([...c]); return true; } };
    const latchVar = new Int32Array(aig.latches.length);
    const u = new Unroller(aig, sink, (_t, k) => (latchVar[k] ||= sink.newVar()));
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
export class StepFrames {
  /** A solver literal that is always true. */
  readonly trueLit: number;
  /** Per frame, per step variable: its literal in the solver, 0 until needed. */
  private readonly frames: Int32Array[] = [];

  constructor(readonly step: StepCnf, private readonly sat: SatSolver, private readonly initial: (latch: number, trueLit: number) => number | undefined) {
    this.trueLit = sat.newVar();
    sat.addClause([this.trueLit]);
  }

  /** The solver literal of step literal `l` in frame `t`. */
  lit(t: number, l: number): number {
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
        const l = at > 0 ? this.lit(at - 1, step.nextLit[k]!) : this.initial(k, this.trueLit);
        if (l !== undefined) f[v] = l;
      });
      const c: number[] = [];
      for (const clause of step.clauses) {
        c.length = 0;
        for (const l of clause) c.push(this.lit(at, l));
        this.sat.addClause(c);
      }
    }
    return this.frames[t]!;
  }

  /** The values of frame `t`'s step variables in the solver's last model, the eliminated ones included. */
  values(t: number): (v: number) => boolean {
    const f = this.frame(t);
    return this.step.frameValues((v) => f[v] !== 0 && this.sat.value(f[v]!) === true);
  }
}
