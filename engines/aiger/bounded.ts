/**
 * Bounded checking of a circuit on the SAT solver, the one module BMC and k-induction share on
 * circuits: the base case, the unrolling from the initial states where frame k is added when step k
 * is queried (the latches of frame k+1 are the next-state literals of frame k, frame 0 holds the
 * resets as constants) and the bad literal of each step is an assumption; and the step case, the
 * unrolling from an arbitrary state with the constraints at every step and the property at every
 * step but the last, whose repeated states are excluded on demand (Eén and Sörensson's simple-path
 * constraints, added lazily). A step whose bad state is unreachable keeps its negation as a clause:
 * any later counterexample through it would have been found already.
 *
 * Both unroll either the step simplified once by variable elimination (step-cnf.ts), where that
 * pays, or the cones the queries reach (cnf.ts); the lasso search, which reads any node at any
 * step, asks for cones. The base case encodes AND trees or cells, as its engine asks (BMC and
 * k-induction: cells); the step case encodes AND trees.
 */
import { SatSolver, type SolveOptions } from '../../lang/sat/solver.js';
import type { Aig, Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Limits, Progress } from '../run.js';
import { ConeFrames, type Encoding, type Frames } from './cnf.js';
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

/**
 * The frames for a circuit: the simplified step where it pays (its cone spans nearly all of itself
 * from the first step, step-cnf.ts), else cones; `cones` asks for cones (to read any node).
 */
function framesFor(aig: Aig, sat: SatSolver, initial: (latch: number, trueLit: number) => number | undefined, cones: boolean, encoding: Encoding): Frames {
  return !cones && StepCnf.pays(aig) ? new StepFrames(StepCnf.of(aig, encoding), sat, initial) : new ConeFrames(aig, sat, initial, encoding);
}

/** The base case: the circuit's paths from its initial states, one step at a time. */
export class BaseCase {
  readonly sat = new SatSolver();
  private readonly frames: Frames;
  private readonly bad: number;

  /**
   * `cones`: frames that encode any node asked for (the lasso search reads beyond bad states);
   * `encoding`: AND trees, or the circuit mapped into cells (cnf.ts).
   */
  constructor(private readonly aig: Aig, { cones = false, encoding = 'trees' }: { readonly cones?: boolean; readonly encoding?: Encoding } = {}) {
    this.frames = framesFor(aig, this.sat, (k, t) => {
      const reset = aig.latches[k]!.reset;
      return reset === 'x' ? undefined : reset === 1 ? t : -t;
    }, cones, encoding);
    this.bad = aig.properties[0]!.lit;
  }

  /** The solver literal of a circuit literal at step `t`. */
  lit(t: number, l: Lit): number {
    return this.frames.lit(t, l);
  }

  /**
   * Whether a path of `k` steps under the constraints ends in the bad state (undefined on timeout);
   * call for k = 0, 1, ... in turn. When it cannot, that stays a clause.
   */
  badAt(k: number, limits: SolveOptions): boolean | undefined {
    for (const c of this.aig.constraints) this.sat.addClause([this.frames.lit(k, c.lit)]);
    const b = this.frames.lit(k, this.bad);
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
    const firstLatch = 1 + this.aig.inputs.length;
    const at0 = this.frames.values(0);
    return {
      latches: Uint8Array.from(this.aig.latches, (l, j) => (l.reset === 'x' ? (at0(firstLatch + j) ? 1 : 0) : l.reset)),
      inputs: Array.from({ length: k + 1 }, (_, t) => {
        const at = t === 0 ? at0 : this.frames.values(t);
        return Uint8Array.from(this.aig.inputs, (_i, j) => (at(1 + j) ? 1 : 0));
      }),
    };
  }
}

/** The step case: paths from any state, with simple-path constraints added on demand. */
export class StepCase {
  readonly sat = new SatSolver();
  private readonly frames: Frames;
  private readonly firstLatch: number;
  /** Whether a path with a repeated state was excluded: the proof holds over simple paths only. */
  simplePath = false;

  /**
   * `simplePaths`: whether paths with a repeated state are excluded (else they count as
   * counterexamples to induction); states are compared on the latches the frames hold, which over
   * the simplified step are the property's cone.
   */
  constructor(private readonly aig: Aig, private readonly simplePaths: boolean) {
    this.frames = framesFor(aig, this.sat, () => undefined, false, 'trees');
    this.firstLatch = 1 + aig.inputs.length;
  }

  private latches(t: number): number[] {
    return this.frames.latches.map((k) => this.frames.lit(t, 2 * (this.firstLatch + k)));
  }

  /** Adds step `t` (constraints), with the property asserted at `t - 1`. */
  extend(t: number): void {
    if (t > 0) this.sat.addClause([-this.frames.lit(t - 1, this.aig.properties[0]!.lit)]);
    for (const c of this.aig.constraints) this.sat.addClause([this.frames.lit(t, c.lit)]);
  }

  /** Whether a simple path of `t` steps ends in a bad state; undefined on timeout. */
  badAt(t: number, limits: SolveOptions): boolean | undefined {
    const bad = this.frames.lit(t, this.aig.properties[0]!.lit);
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
