/**
 * Bounded checking of a circuit on the SAT solver, the one module BMC and k-induction share on
 * circuits: the base case, the unrolling from the initial states where frame k is encoded on the
 * fly when step k is queried (the latches of frame k+1 are the next-state literals of frame k, frame
 * 0 holds the resets as constants) and the bad literal of each step is an assumption; and the step
 * case, the unrolling from an arbitrary state with the constraints at every step and the property
 * at every step but the last, whose repeated states are excluded on demand (Eén and Sörensson's
 * simple-path constraints, added lazily). A step whose bad state is unreachable keeps its negation
 * as a clause: any later counterexample through it would have been found already.
 */
import { SatSolver, type SolveOptions } from '../../lang/sat/solver.js';
import type { Aig, Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Limits, Progress } from '../run.js';
import { Unroller } from './cnf.js';

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

/** The step case: paths from any state, with simple-path constraints added on demand. */
export class StepCase {
  readonly sat = new SatSolver();
  private readonly u: Unroller;
  private readonly firstLatch: number;
  /** Whether a path with a repeated state was excluded: the proof holds over simple paths only. */
  simplePath = false;

  /** `simplePaths`: whether paths with a repeated state are excluded (else they count as counterexamples to induction). */
  constructor(private readonly aig: Aig, private readonly simplePaths: boolean) {
    this.u = new Unroller(aig, this.sat, (t, k) => (t === 0 ? this.sat.newVar() : this.u.lit(t - 1, aig.latches[k]!.next)));
    this.firstLatch = 1 + aig.inputs.length;
  }

  private latches(t: number): number[] {
    return this.aig.latches.map((_, k) => this.u.lit(t, 2 * (this.firstLatch + k)));
  }

  /** Adds step `t` (constraints), with the property asserted at `t - 1`. */
  extend(t: number): void {
    if (t > 0) this.sat.addClause([-this.u.lit(t - 1, this.aig.properties[0]!.lit)]);
    for (const c of this.aig.constraints) this.sat.addClause([this.u.lit(t, c.lit)]);
  }

  /** Whether a simple path of `t` steps ends in a bad state; undefined on timeout. */
  badAt(t: number, limits: SolveOptions): boolean | undefined {
    const bad = this.u.lit(t, this.aig.properties[0]!.lit);
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
