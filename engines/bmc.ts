/**
 * Bounded model checking over the interpreter interface (Biere et al.; the unrolling of Beyer, Dangl
 * and Wendler's unifying view). One incremental solver holds the unrolling: the initial states at
 * step 0, then one step at a time. Before extending to step k+1 it asks, under a single activation
 * literal, whether a bad state is reachable at step k; a satisfiable answer is read back into a
 * concrete trace (every variable at every step, the actions taken and the choices they made).
 *
 * Locations are an integer variable per step; each action gets a selector literal per step that
 * implies its source, target and transition formula, and some selector must hold. Only actions
 * whose source is syntactically reachable in k steps are encoded at step k. Formulas are placed at
 * their step inside Z3 (`Solver.addAtStep`), so the TypeScript side never rebuilds them per step.
 * When no action leaves the locations reachable in k steps, every path has been explored and
 * none reached a bad state: the answer is SAFE (`exhausted`).
 */
import type { Z3Context } from '../lang/smt/context.js';
import { BoolT, IntT } from '../lang/types.js';
import { False, True, and, declareVar, eq, imply, indexed, int, or, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { SafeCertificate } from '../formalisms/certificate.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace, TraceState } from '../formalisms/trace.js';
import { Solver } from '../lang/smt/solver.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import { TIMEOUT, unknown, type Result } from '../formalisms/result.js';
import type { Limits, Progress } from './run.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { boundOf, boundShown } from './bound.js';

export interface BmcOptions extends Limits {
  readonly z3: Z3Context;
  /** The deepest step at which a bad state is looked for. */
  readonly bound: number;
  readonly onProgress?: (p: Progress) => void;
}

/** BMC as the engine for word-level models: each property on its interpreter view. */
export function createEngine(settings: Settings, context: EngineContext): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    async check(task, limits, reporter) {
      return bmc(task.model, { z3: await context.z3(), bound, deadline: limits.deadline, onProgress: (p) => reporter.progress(p) });
    },
  };
}

export function bmc(model: Interpreter, opts: BmcOptions): Result {
  const started = Date.now();
  const solver = new Solver(opts.z3);
  const stats = () => ({
    timeMs: Date.now() - started,
    solverChecks: solver.stats.checks,
    solverTimeMs: solver.stats.timeMs,
    bound: reached,
  });
  let reached = -1;
  try {
    const unroll = new Unrolling(model);
    solver.addAtStep(unroll.initial(), 0);
    let frontier = new Set<Location>([model.initLoc]);
    const visited = new Set<Location>(frontier);
    for (let k = 0; k <= opts.bound; k++) {
      opts.onProgress?.({ phase: 'bmc', iteration: k, detail: `bound ${k}`, stats: stats() });
      if (frontier.has(model.errorLoc)) {
        const remaining = opts.deadline === undefined ? undefined : opts.deadline - Date.now();
        if (remaining !== undefined && remaining <= 0) return { verdict: 'unknown', reason: TIMEOUT, stats: stats() };
        solver.setTimeout(remaining);
        const act = solver.guardAtStep(unroll.bad(), k);
        const answer = solver.check([act]);
        if (answer === 'sat') {
          reached = k;
          return { verdict: 'unsafe', certificate: { kind: 'trace', trace: unroll.trace(solver, k) }, stats: stats() };
        }
        if (answer === 'unknown') {
          const why = Date.now() >= (opts.deadline ?? Infinity) ? TIMEOUT : unknown('unsupported', `solver gave up: ${solver.reasonUnknown()}`);
          return { verdict: 'unknown', reason: why, stats: stats() };
        }
        solver.retire(act);
      }
      reached = k;
      if (k === opts.bound) break;
      const next = new Set<Location>();
      const step = unroll.step(frontier, next);
      if (next.size === 0) break;
      solver.addAtStep(step, k);
      frontier = next;
      for (const l of next) visited.add(l);
    }
    if (reached < opts.bound) return { verdict: 'safe', certificate: exhausted(model, visited, reached), stats: stats() };
    return { verdict: 'unknown', reason: unknown('bound', `bound ${opts.bound} reached`), stats: stats() };
  } catch (e) {
    if (e instanceof UnsupportedError) return { verdict: 'unknown', reason: unknown('unsupported', e.message), stats: stats() };
    throw e;
  } finally {
    solver.dispose();
  }
}

/**
 * The certificate of a BMC run that explored every path: no path from the initial location is longer
 * than `longest` steps, and none of them ends in a bad state. That makes `true` at the locations on
 * these paths (`false` elsewhere) a k-inductive invariant for k = longest + 1: its base case is the
 * BMC run itself, repeated by the checker, and its inductive step holds because no path of k steps
 * runs through those locations at all (a location reached at depth d has no path longer than
 * longest - d after it).
 */
export function exhausted(model: Interpreter, visited: ReadonlySet<Location>, longest: number): SafeCertificate {
  const invariant = new Map(model.locations.map((l) => [l, visited.has(l) ? True : False]));
  return { kind: 'k-invariant', k: longest + 1, simplePath: false, invariant };
}

/**
 * The encoding of a model's paths, as formulas over V and V' that the solver places at step k
 * (v as v<k>, v' as v<k+1>, `Solver.addAtStep`): the step formula is built once per set of
 * source locations and Z3 substitutes it into each step.
 */
export class Unrolling {
  /** The location at each step, when the model has several. */
  readonly locVar: VarDecl;
  private readonly selectors = new Map<Action, VarDecl>();
  readonly multiLoc: boolean;
  private readonly steps = new Map<string, Expr>();

  constructor(readonly model: Interpreter) {
    this.locVar = declareVar('__loc', IntT);
    this.multiLoc = model.locations.length > 1;
  }

  /** "At `loc`" now, or in the next state. */
  private at(loc: Location, next = false): Expr {
    if (!this.multiLoc) return and();
    const v = ref(this.locVar);
    return eq(next ? prime(v) : v, int(loc.id));
  }

  initial(): Expr {
    return and(this.at(this.model.initLoc), this.model.init);
  }

  bad(): Expr {
    return and(this.at(this.model.errorLoc), this.model.bad);
  }

  private selector(a: Action): VarDecl {
    let s = this.selectors.get(a);
    if (!s) this.selectors.set(a, (s = declareVar(`__sel${a.id}`, BoolT)));
    return s;
  }

  /** One step from the locations in `from`; adds the reachable targets to `to`. */
  step(from: ReadonlySet<Location>, to: Set<Location>): Expr {
    const actions = [...from].flatMap((l) => this.model.actions(l));
    for (const a of actions) to.add(a.target);
    const key = [...from].map((l) => l.id).sort((x, y) => x - y).join(',');
    let f = this.steps.get(key);
    if (!f) {
      const sels = actions.map((a) => ref(this.selector(a)));
      f = and(or(...sels), ...actions.map((a, i) => imply(sels[i]!, and(this.at(a.source), this.at(a.target, true), a.formula))));
      this.steps.set(key, f);
    }
    return f;
  }

  trace(solver: Solver, k: number): Trace {
    const m = solver.model();
    const value = (v: VarDecl, i: number) => m.eval(ref(indexed(v, i)));
    const states: TraceState[] = [];
    const actions: Action[] = [];
    const choices: Valuation[] = [];
    const locById = new Map(this.model.locations.map((l) => [l.id, l]));
    for (let i = 0; i <= k; i++) {
      const loc = this.multiLoc ? locById.get(Number(value(this.locVar, i).value))! : this.model.initLoc;
      states.push({ loc, vals: new Map(this.model.vars.map((v) => [v, value(v, i)])) });
    }
    for (let i = 0; i < k; i++) {
      const a = this.model.actions(states[i]!.loc).find((x) => value(this.selector(x), i).value === true)!;
      actions.push(a);
      choices.push(new Map(a.locals.map((l) => [l, value(l, i)])));
    }
    return { states, actions, choices };
  }
}
