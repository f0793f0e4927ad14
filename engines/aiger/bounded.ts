/**
 * Bounded checking of a circuit on the SAT solver, the one module BMC and k-induction share on
 * circuits: the base case, the unrolling from the initial states where frame k is added when step k
 * is queried (the latches of frame k+1 are the next-state literals of frame k, frame 0 holds the
 * resets as constants) and the bad literal of each step is an assumption, in two forms: each frame
 * a copy of the step simplified once by variable elimination (SimplifiedBaseCase, for BMC and
 * k-induction), or each frame's cones encoded as the queries reach them (BaseCase, for the lasso
 * search, which reads any node at any step); and the step case, the simplified step unrolled from
 * an arbitrary state with the constraints at every step and the property at every step but the
 * last, whose repeated states are excluded on demand (Eén and Sörensson's simple-path constraints,
 * added lazily). A step whose bad state is unreachable keeps its negation as a clause: any later
 * counterexample through it would have been found already.
 */
import { SatSolver, type SolveOptions } from '../../lang/sat/solver.js';
import type { Aig, Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Limits, Progress } from '../run.js';
import { Unroller } from './cnf.js';
import { StepCnf, StepFrames } from './step-cnf.js';

/** The limits and progress of a circuit engine, and the deepest step a bounded one searches. */
export interface AigerEngineOptions extends Limits {
  readonly bound?: number;
  readonly onProgress?: (p: Progress) => void;
}

/** Whether a run with these options must end now: past its deadline, or stopped. */
export function expired(opts: AigerEngineOptions): boolean {
  return (opts.deadline !== undefined && Date.now() >= opts.deadline) || opts.stop?.() === true;
}

/** The base case: the circuit's paths from its initial states, one step at a time. */
export class BaseCase {
  readonly sat = new SatSolver();
  private readonly u: Unroller;
  private readonly bad: number;

  constructor(private readonly aig: Aig) {
    const u: Unroller = new Unroller(aig, this.sat, (t, k) => {
      if (t > 0) return u.lit(t - 1, aig.latches[k]!.next);
      const reset = aig.latches[k]!.reset;
      return reset === 'x' ? this.sat.newVar() : reset === 1 ? u.trueLit : -u.trueLit;
    });
    this.u = u;
    this.bad = aig.properties[0]!.lit;
  }

  /** The solver literal of a circuit literal at step `t`, encoded when first asked for (the lasso search asks beyond bad states). */
  lit(t: number, l: Lit): number {
    return this.u.lit(t, l);
  }

  /**
   * Whether a path of `k` steps under the constraints ends in the bad state (undefined on timeout);
   * call for k = 0, 1, ... in turn. When it cannot, that stays a clause.
   */
  badAt(k: number, limits: SolveOptions): boolean | undefined {
    for (const c of this.aig.constraints) this.sat.addClause([this.u.lit(k, c.lit)]);
    const b = this.u.lit(k, this.bad);
    const answer = this.sat.solve([b], limits);
    if (answer === false) this.sat.addClause([-b]);
    return answer;
  }

  /**
   * The run the last satisfiable query describes, up to and including step `k`. A node the queries
   * never encoded had no influence on them and may take any value, except that a latch with a reset
   * must start at it: frame 0 folds resets into constants, so a reset latch outside every queried
   * cone (bad at step 0 already, say) has no SAT literal that would say so.
   */
  run(k: number): Run {
    const value = (t: number, node: number) => {
      const s = this.u.peek(t, node);
      return s !== 0 && this.sat.value(s) === true ? 1 : 0;
    };
    const firstLatch = 1 + this.aig.inputs.length;
    return {
      latches: Uint8Array.from(this.aig.latches, (l, j) => (l.reset === 'x' ? value(0, firstLatch + j) : l.reset)),
      inputs: Array.from({ length: k + 1 }, (_, t) => Uint8Array.from(this.aig.inputs, (_i, j) => value(t, 1 + j))),
    };
  }
}

/**
 * The base case over the step simplified once (step-cnf.ts): each frame a renamed copy of the
 * simplified step's clauses, whole, where BaseCase encodes the cones queried. BMC and k-induction's
 * base case, whose queries deepen frame by frame; the lasso search, which reads any node at any
 * step, keeps BaseCase.
 */
export class SimplifiedBaseCase {
  readonly sat = new SatSolver();
  private readonly frames: StepFrames;

  constructor(private readonly aig: Aig) {
    this.frames = new StepFrames(StepCnf.of(aig), this.sat, (k, t) => {
      const reset = aig.latches[k]!.reset;
      return reset === 'x' ? undefined : reset === 1 ? t : -t;
    });
  }

  /** As BaseCase's: whether a path of `k` steps under the constraints ends in the bad state. */
  badAt(k: number, limits: SolveOptions): boolean | undefined {
    const { frames } = this;
    for (const c of frames.step.constraintLits) this.sat.addClause([frames.lit(k, c)]);
    const b = frames.lit(k, frames.step.badLit);
    const answer = this.sat.solve([b], limits);
    if (answer === false) this.sat.addClause([-b]);
    return answer;
  }

  /** The run the last satisfiable query describes, up to step `k`; eliminated inputs get the values their frame's model implies. */
  run(k: number): Run {
    const { step } = this.frames;
    const at0 = this.frames.values(0);
    return {
      latches: Uint8Array.from(this.aig.latches, (l, j) => (l.reset !== 'x' ? l.reset : step.latchVar[j] !== 0 && at0(step.latchVar[j]!) ? 1 : 0)),
      inputs: Array.from({ length: k + 1 }, (_, t) => {
        const values = t === 0 ? at0 : this.frames.values(t);
        return Uint8Array.from(this.aig.inputs, (_i, j) => (step.inputVar[j] !== 0 && values(step.inputVar[j]!) ? 1 : 0));
      }),
    };
  }
}

/**
 * The step case: paths from any state over the simplified step, with simple-path constraints added
 * on demand (over the latches of the property's cone, the only ones the step has).
 */
export class StepCase {
  readonly sat = new SatSolver();
  private readonly frames: StepFrames;
  /** Whether a path with a repeated state was excluded: the proof holds over simple paths only. */
  simplePath = false;

  /** `simplePaths`: whether paths with a repeated state are excluded (else they count as counterexamples to induction). */
  constructor(aig: Aig, private readonly simplePaths: boolean) {
    this.frames = new StepFrames(StepCnf.of(aig), this.sat, () => undefined);
  }

  private latches(t: number): number[] {
    const { step } = this.frames;
    return [...step.latchVar].filter((v) => v !== 0).map((v) => this.frames.lit(t, v));
  }

  /** Adds step `t` (constraints), with the property asserted at `t - 1`. */
  extend(t: number): void {
    const { frames } = this;
    if (t > 0) this.sat.addClause([-frames.lit(t - 1, frames.step.badLit)]);
    for (const c of frames.step.constraintLits) this.sat.addClause([frames.lit(t, c)]);
  }

  /** Whether a simple path of `t` steps ends in a bad state; undefined on timeout. */
  badAt(t: number, limits: SolveOptions): boolean | undefined {
    const bad = this.frames.lit(t, this.frames.step.badLit);
    for (;;) {
      const r = this.sat.solve([bad], limits);
      if (r !== true || !this.simplePaths) return r;
      const states = Array.from({ length: t + 1 }, (_, i) => this.latches(i));
      const key = states.map((s) => s.map((l) => (this.sat.value(l) === true ? '1' : '0')).join(''));
      const seen = new Map<string, number>();
      let repeated: [number, number] | undefined;
      key.forEach((s, j) => {
        const i = seen.get(s);
        if (i !== undefined && !repeated) repeated = [i, j];
        seen.set(s, j);
      });
      if (!repeated) return true;
      this.distinct(states[repeated[0]]!, states[repeated[1]]!);
    }
  }

  /** States `a` and `b` differ in some latch. */
  private distinct(a: number[], b: number[]): void {
    this.simplePath = true;
    const differs = a.map((x, k) => {
      const y = b[k]!;
      const d = this.sat.newVar();
      this.sat.addClause([-d, x, y]);
      this.sat.addClause([-d, -x, -y]);
      return d;
    });
    this.sat.addClause(differs);
  }
}
