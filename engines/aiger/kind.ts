/**
 * k-induction on the SAT solver (Sheeran, Singh, Stålmarck 2000), on the base case and the step case
 * of the bounded-checking module (bounded.ts), with `--simplepath lazy` over simple paths: an
 * unsatisfiable step case after k safe base cases proves the property.
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
import type { SolveOptions } from '../../lang/sat/solver.js';
import { True } from '../../lang/expr.js';
import { clockMs, ZERO_MS } from '../../lang/clock.js';
import type { Aig } from '../../formalisms/aig.js';
import type { Task } from '../../formalisms/task.js';
import { TIMEOUT, unknown, type Result, type Statistics } from '../../formalisms/result.js';
import type { Engine, Settings } from '../engine.js';
import { boundOf, boundShown } from '../bound.js';
import { BaseCase, StepCase, expired, type AigerEngineOptions } from './bounded.js';
import { resultOf, type Outcome } from './outcome.js';

/** What k-induction finds: a circuit engine's outcome, or a proof at a depth (`kindResult` makes its certificate). */
export type KindOutcome = Outcome | { readonly result: 'proved'; readonly depth: number; readonly simplePath: boolean };

/** How much longer than the base cases the step cases may have run before the base case runs ahead. */
const STEP_LEAD_MS = 1000;

/**
 * The base and step cases alternate, depth by depth, but the base case runs ahead whenever the step
 * cases have taken more than STEP_LEAD_MS longer than the base cases: beyond that lead each has
 * half the thread. A step case that grows hard no longer holds the base case back, which
 * then finds a deep bug in about twice BMC's time at most; the proofs within the lead, most of
 * k-induction's, are found as before, and a later one waits at most about as long again. The step
 * case at depth j needs the base cases up to j - 1.
 */
function kInductionOutcome(opts: KindOptions, base: BaseCase, step: StepCase, reached: { depth: number }): KindOutcome {
  const bound = opts.bound ?? Infinity;
  const lead = opts.stepLeadMs ?? STEP_LEAD_MS;
  step.extend(0);
  // the base cases up to `safe` have no bad state; the step cases up to `stepped` are not inductive
  let safe = -1;
  let stepped = 0;
  let baseMs = ZERO_MS;
  let stepMs = ZERO_MS;
  for (;;) {
    const limits: SolveOptions = { deadline: opts.deadline, stop: opts.stop };
    const stepBlocked = stepped > safe;
    const started = clockMs();
    if (safe < bound && (stepBlocked || stepMs > baseMs + lead)) {
      const k = safe + 1;
      opts.onProgress?.({ phase: 'k-induction', iteration: k, detail: `depth ${k}` });
      const bad = base.badAt(k, limits);
      if (bad === undefined) return { result: 'unknown', reason: TIMEOUT };
      if (bad) return { result: 'unsafe', run: base.run(k) };
      reached.depth = safe = k;
      baseMs += clockMs() - started;
    } else if (!stepBlocked) {
      const j = stepped + 1;
      step.extend(j);
      const inductive = step.badAt(j, limits);
      if (inductive === undefined) return { result: 'unknown', reason: TIMEOUT };
      if (!inductive) return { result: 'proved', depth: j, simplePath: step.simplePath };
      stepped = j;
      stepMs += clockMs() - started;
    } else {
      return { result: 'unknown', reason: unknown('bound', `bound ${bound} reached`) };
    }
    // the solver looks at the clock only while it searches, and these queries may need no search
    if (expired(opts)) return { result: 'unknown', reason: TIMEOUT };
  }
}

export interface KindOptions extends AigerEngineOptions {
  /**
   * Whether the step case excludes paths that repeat a state (default: no). Without, every proof
   * has a witness circuit in certifaiger's form; with, a proof that needed the exclusion is a
   * k-inductive invariant over simple paths, which certifaiger's rules cannot express.
   */
  readonly simplePaths?: boolean;
  /** How much longer the step cases may have taken than the base cases before the base case runs ahead (default STEP_LEAD_MS). */
  readonly stepLeadMs?: number;
}

/** k-induction on a circuit: its outcome and statistics, timed from `started`. */
export function runKind(circuit: Aig, opts: KindOptions, started = Date.now()): { outcome: KindOutcome; stats: Statistics } {
  const reached = { depth: -1 };
  // the base case as BMC encodes it, over cells: deep bugs found in about half the time
  const base = new BaseCase(circuit, { encoding: 'cells' });
  const step = new StepCase(circuit, opts.simplePaths ?? false);
  const outcome = kInductionOutcome(opts, base, step, reached);
  return {
    outcome,
    stats: {
      timeMs: Date.now() - started,
      solverChecks: base.sat.stats.solves + step.sat.stats.solves,
      solverTimeMs: base.sat.stats.timeMs + step.sat.stats.timeMs,
      bound: reached.depth,
    },
  };
}

/**
 * The result of k-induction's outcome on the task's circuit: a proof without simple paths is the
 * depth with the circuit it was proved on (the front end makes the witness circuit that remembers
 * k - 1 states, formalisms/k-witness.ts); one that needed them, a k-inductive
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
