/**
 * k-induction on the SAT solver (Sheeran, Singh, Stålmarck 2000), with `--simplepath lazy` the
 * simple-path constraints added lazily (Eén, Sörensson 2003). Two incremental solvers: the base case is the BMC unrolling
 * from the initial states; the step case unrolls from an arbitrary state, asserting the
 * constraints at every step and the property at every step but the last, and asks whether the last
 * step can be bad. When the step case finds a path that visits one state twice, the two states are
 * required to differ and the query is repeated; an unsatisfiable step case proves the property.
 *
 * The proof is a witness circuit that remembers the last k - 1 states (k-witness.ts), checked by
 * certifaiger's rules like IC3's. When the step case needed simple-path constraints it is instead a
 * k-inductive invariant of the property's view (the STS of its cone): the property, with the
 * latches that preprocessing found stuck fixed to their constants and the latches it merged equal
 * to their representatives (they hold in every reachable state and are 1-inductive by themselves),
 * under simple-path constraints; its check
 * unrolls the view k steps itself. So simple paths are off by default (as in rIC3): each proof is
 * then a witness circuit.
 */
import { SatSolver, type SolveOptions } from '../../lang/sat/solver.js';
import { True } from '../../lang/expr.js';
import type { Aig } from '../../formalisms/aig.js';
import type { Task } from '../../formalisms/task.js';
import { TIMEOUT, unknown, type Result, type Statistics } from '../../formalisms/result.js';
import type { Engine, Settings } from '../engine.js';
import { boundOf, boundShown } from '../bound.js';
import { expired, initialUnrolling, readRun, type AigerEngineOptions } from './bmc.js';
import { Unroller } from './cnf.js';
import { resultOf, type Outcome } from './outcome.js';

/** The step case: paths from any state, with simple-path constraints added on demand. */
class StepCase {
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

/** What k-induction finds: a circuit engine's outcome, or a proof at a depth (its certificate needs the problem: `kindResult`). */
export type KindOutcome = Outcome | { readonly result: 'proved'; readonly depth: number; readonly simplePath: boolean };

function kInductionOutcome(aig: Aig, opts: KindOptions, reached: { depth: number; base: SatSolver; step: SatSolver }): KindOutcome {
  const { sat, u } = initialUnrolling(aig);
  reached.base = sat;
  const step = new StepCase(aig, opts.simplePaths ?? false);
  reached.step = step.sat;
  const bound = opts.bound ?? Infinity;
  const bad = aig.properties[0]!.lit;
  step.extend(0);
  for (let k = 0; k <= bound; k++) {
    opts.onProgress?.({ phase: 'k-induction', iteration: k, detail: `depth ${k}` });
    for (const c of aig.constraints) sat.addClause([u.lit(k, c.lit)]);
    const b = u.lit(k, bad);
    const limits: SolveOptions = { deadline: opts.deadline, stop: opts.stop };
    const base = sat.solve([b], limits);
    if (base === undefined) return { result: 'unknown', reason: TIMEOUT };
    if (base) return { result: 'unsafe', run: readRun(aig, sat, u, k + 1) };
    sat.addClause([-b]);
    step.extend(k + 1);
    const inductive = step.badAt(k + 1, limits);
    if (inductive === undefined) return { result: 'unknown', reason: TIMEOUT };
    reached.depth = k;
    if (!inductive) return { result: 'proved', depth: k + 1, simplePath: step.simplePath };
    // the solver looks at the clock only while it searches, and these queries may need no search
    if (expired(opts)) return { result: 'unknown', reason: TIMEOUT };
  }
  return { result: 'unknown', reason: unknown('bound', `bound ${bound} reached`) };
}

export interface KindOptions extends AigerEngineOptions {
  /**
   * Whether the step case excludes paths that repeat a state (default: no). Without, every proof
   * has a witness circuit in certifaiger's form; with, a proof that needed the exclusion is a
   * k-inductive invariant over simple paths, which certifaiger's rules cannot express.
   */
  readonly simplePaths?: boolean;
}

/** k-induction on a circuit: its outcome and statistics, timed from `started`. */
export function runKind(circuit: Aig, opts: KindOptions, started = Date.now()): { outcome: KindOutcome; stats: Statistics } {
  const reached = { depth: -1, base: new SatSolver(), step: new SatSolver() };
  const outcome = kInductionOutcome(circuit, opts, reached);
  return {
    outcome,
    stats: {
      timeMs: Date.now() - started,
      solverChecks: reached.base.stats.solves + reached.step.stats.solves,
      solverTimeMs: reached.base.stats.timeMs + reached.step.stats.timeMs,
      bound: reached.depth,
    },
  };
}

/**
 * The result of k-induction's outcome on the task's circuit: a proof without simple paths is the
 * depth with the circuit it was proved on (the front end makes the witness circuit that remembers
 * k - 1 states, formalisms/frontends/aiger/k-witness.ts); one that needed them, a k-inductive
 * invariant of the task's view (its check unrolls the view k steps itself), `true` here: the
 * passes add what they proved of the latches.
 */
export function kindResult(task: Task, found: KindOutcome, stats: Statistics): Result {
  if (found.result !== 'proved') return resultOf(found, stats);
  const all = { ...stats, inductionDepth: found.depth };
  if (!found.simplePath) return { verdict: 'safe', certificate: { kind: 'k-induction', depth: found.depth, proved: task.circuit!, facts: [] }, stats: all };
  return { verdict: 'safe', certificate: { kind: 'k-invariant', k: found.depth, simplePath: true, invariant: new Map([[task.model.initLoc, True]]) }, stats: all };
}

/** k-induction as the engine for circuits: each task on its circuit. */
export function createEngine(settings: Settings): Engine {
  const bound = boundOf(settings);
  // off unless asked for: then every proof is a witness circuit in certifaiger's form
  const simplePaths = settings.simplepath === 'lazy';
  return {
    configuration: () => ({ ...boundShown(bound), simplepath: simplePaths ? 'lazy' : 'off' }),
    check(task, limits, reporter): Result {
      const { outcome, stats } = runKind(task.circuit!, { bound, simplePaths, ...limits, onProgress: (p) => reporter.progress(p) });
      return kindResult(task, outcome, stats);
    },
  };
}
