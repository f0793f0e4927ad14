/**
 * Bounded checking over the interpreter interface, the one module BMC and k-induction share (after
 * Theta's `BoundedChecker`): one unrolling of the model's paths (`Unrolling`, the encoding of Beyer,
 * Dangl and Wendler's unifying view), one base case that asks step by step whether a bad state is
 * reachable from the initial states, one step case that asks whether k + 1 steps from any state can
 * keep the property k times and then violate it, with Eén and Sörensson's simple-path constraints
 * added where its path repeats a state, and one way to ask Z3 under the deadline. Interpolation-based
 * model checking unrolls the same way.
 *
 * Locations are an integer variable per step; each action gets a selector literal per step that
 * implies its source, target and transition formula, and some selector must hold. Only actions whose
 * source is syntactically reachable in k steps are encoded at step k of the base case. Formulas are
 * placed at their step inside Z3 (`Solver.addAtStep`), so the TypeScript side never rebuilds them
 * per step.
 */
import type { Z3Context } from '../lang/smt/context.js';
import { BoolT, IntT } from '../lang/types.js';
import { False, True, and, declareVar, eq, imply, indexed, int, neq, not, or, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { SafeCertificate } from '../formalisms/certificate.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace, TraceState } from '../formalisms/trace.js';
import { Solver } from '../lang/smt/solver.js';
import { ranOut } from '../lang/smt/deadline.js';
import { TIMEOUT, unknown, type UnknownReason } from '../formalisms/result.js';

/** A check's answer, or why it has none. */
type Answer = 'sat' | 'unsat' | UnknownReason;

/** One check of `query` placed at `step`, under the deadline; an unsatisfiable query is retired. */
function ask(solver: Solver, query: Expr, step: number, deadline: number | undefined): Answer {
  const remaining = deadline === undefined ? undefined : deadline - Date.now();
  if (remaining !== undefined && remaining <= 0) return TIMEOUT;
  solver.setTimeout(remaining);
  const act = solver.guardAtStep(query, step);
  const answer = solver.check([act]);
  if (answer === 'unknown') return ranOut(solver, deadline) ? TIMEOUT : unknown('unsupported', `solver gave up: ${solver.reasonUnknown()}`);
  if (answer === 'unsat') solver.retire(act);
  return answer;
}

/**
 * A query that costs Z3 this resource count or more (`Solver.effort`, about 0.5 s on a quiet core)
 * doubles the number of steps the next query of `search` covers. A count rather than a time:
 * in the portfolio BMC shares a core, and a time would widen the window where the same query alone
 * would not (`tte_synchro`'s bug, found one step at a time in 8 s, was lost in queries of 4 steps).
 */
const WIDEN_EFFORT = 500_000;
/** The most steps one query of `search` covers. */
const MAX_STEPS_PER_QUERY = 8;

/**
 * The base case: the model's paths from its initial states, one step at a time. `depth` steps are
 * encoded; `badNow` asks whether one of them ends in a bad state, and `extend` adds the next step.
 * A step added with `extend(true)` may also keep the state at the error location, so that a path
 * into a bad state before it is still a path of `depth` steps: one query then covers several
 * lengths, as `search` asks once queries get slow.
 */
export class BaseCase {
  readonly solver: Solver;
  readonly unroll: Unrolling;
  /** Steps encoded so far. */
  depth = 0;
  /** The most steps of a path shown not to end in a bad state (-1 before the first query). */
  refuted = -1;
  /** How many steps the next query of `search` covers. */
  stepsPerQuery = 1;
  private frontier: Set<Location>;
  private readonly visited: Set<Location>;
  /** Whether a path of `depth` steps can end at the error location (after a stay there or not). */
  private errorNow: boolean;

  constructor(readonly model: Interpreter, z3: Z3Context) {
    this.solver = new Solver(z3);
    this.unroll = new Unrolling(model);
    this.solver.addAtStep(this.unroll.initial(), 0);
    this.frontier = new Set([model.initLoc]);
    this.visited = new Set(this.frontier);
    this.errorNow = model.initLoc === model.errorLoc;
  }

  /** Whether a path of `depth` steps ends in a bad state (without a query where the error location cannot be reached then). */
  badNow(deadline: number | undefined): Answer {
    const answer = this.errorNow ? ask(this.solver, this.unroll.bad(), this.depth, deadline) : 'unsat';
    if (answer === 'unsat') this.refuted = this.depth;
    return answer;
  }

  /**
   * Looks for a path into a bad state of at most `bound` steps, from the first length not yet
   * refuted on: a query per step while queries are cheap, and after a query costing `widenEffort`
   * or more one per twice as many steps (up to MAX_STEPS_PER_QUERY), the steps between two queries
   * free to stay at the error location. 'sat' when there is one (`trace` reads it), 'unsat' when
   * there is none, 'exhausted' when every path has been explored without one (`exhausted`), or why
   * the search stopped. `onQuery` hears the depth of each query before it is asked.
   */
  search(bound: number, deadline: number | undefined, onQuery?: (depth: number) => void, widenEffort = WIDEN_EFFORT): Answer | 'exhausted' {
    for (;;) {
      let exhausted = false;
      while (this.depth - this.refuted < this.stepsPerQuery && this.depth < bound) {
        if (!this.extend(this.depth > this.refuted)) {
          exhausted = true;
          break;
        }
      }
      if (this.depth > this.refuted) {
        onQuery?.(this.depth);
        const before = this.solver.effort();
        const answer = this.badNow(deadline);
        if (answer !== 'unsat') return answer;
        if (((this.solver.effort() - before) >>> 0) >= widenEffort && this.stepsPerQuery < MAX_STEPS_PER_QUERY) this.stepsPerQuery *= 2;
      }
      if (exhausted) return 'exhausted';
      if (this.depth >= bound) return 'unsat';
    }
  }

  /** The path of the last satisfiable `badNow`. */
  trace(): Trace {
    return this.unroll.trace(this.solver, this.depth);
  }

  /**
   * Encodes one more step, where `stay` says, one that may keep the state at the error location;
   * false when no action leaves the locations reached: every path has been explored.
   */
  extend(stay = false): boolean {
    const next = new Set<Location>();
    const staying = stay && this.errorNow;
    const from = staying ? new Set([...this.frontier, this.model.errorLoc]) : this.frontier;
    const step = this.unroll.step(from, next, staying ? this.model.errorLoc : false);
    if (next.size === 0) return false;
    this.solver.addAtStep(step, this.depth);
    this.errorNow = staying || next.has(this.model.errorLoc);
    this.frontier = next;
    for (const l of next) this.visited.add(l);
    this.depth++;
    return true;
  }

  /**
   * The trace into a bad state of at most `steps` steps, which an engine showed exists (PDKIND's
   * chain of counterexamples, PDR's obligations), or why the search stopped; `who` names the engine
   * for the error when there is none.
   */
  traceWithin(steps: number, deadline: number | undefined, who: string): Trace | UnknownReason {
    const answer = this.search(steps, deadline);
    if (answer === 'sat') return this.trace();
    if (answer === 'unsat' || answer === 'exhausted') throw new Error(`${who}: no counterexample within ${steps} steps, where it found one`);
    return answer;
  }

  /** The certificate of a base case whose every path was explored without a bad state (`extend` said false). */
  exhausted(): SafeCertificate {
    return exhausted(this.model, this.visited, this.depth);
  }

  dispose(): void {
    this.solver.dispose();
  }
}

/**
 * The step case of k-induction: paths of `depth` steps from any state, the property kept at every
 * state but the last. `badLast` asks whether the last state can be bad; with `simplePaths`, a path
 * that visits one state twice (same location, same values of the variables other than inputs) gets
 * the two states required to differ, and the question is asked again (Eén and Sörensson's
 * simple-path constraints, added lazily).
 */
export class StepCase {
  readonly solver: Solver;
  /** Steps encoded so far. */
  depth = 0;
  /** Whether a repeated state was excluded: the proof then holds over simple paths only. */
  simplePath = false;
  private readonly state: readonly VarDecl[];
  private readonly all: ReadonlySet<Location>;

  constructor(readonly unroll: Unrolling, z3: Z3Context, private readonly simplePaths: boolean) {
    this.solver = new Solver(z3);
    const model = unroll.model;
    this.state = model.vars.filter((v) => !model.inputs.includes(v));
    this.all = new Set(model.locations);
  }

  /** Asserts `f` at step `i` (an auxiliary invariant, at every state). */
  assume(f: Expr, i: number): void {
    this.solver.addAtStep(f, i);
  }

  /** One more step: the property kept at the last state so far, then a step from any location. */
  extend(): void {
    this.solver.addAtStep(not(this.unroll.bad()), this.depth);
    this.solver.addAtStep(this.unroll.step(this.all, new Set()), this.depth);
    this.depth++;
  }

  /** Whether the last state can be bad, over simple paths where asked to. */
  badLast(deadline: number | undefined): Answer {
    for (;;) {
      const s = ask(this.solver, this.unroll.bad(), this.depth, deadline);
      if (s !== 'sat' || !this.simplePaths) return s;
      const pair = this.repeated();
      if (!pair) return s;
      this.simplePath = true;
      this.solver.add(this.differ(...pair));
    }
  }

  /** States i and j differ: in the location, or in a variable other than an input. */
  private differ(i: number, j: number): Expr {
    const at = (v: VarDecl, k: number) => ref(indexed(v, k));
    const loc = this.unroll.multiLoc ? [neq(at(this.unroll.locVar, i), at(this.unroll.locVar, j))] : [];
    return or(...loc, ...this.state.map((v) => neq(at(v, i), at(v, j))));
  }

  /** A pair of equal states on the path of the last check. */
  private repeated(): [number, number] | undefined {
    const m = this.solver.model();
    try {
      const vars = [...(this.unroll.multiLoc ? [this.unroll.locVar] : []), ...this.state];
      const key = (i: number) => vars.map((v) => m.eval(ref(indexed(v, i))).id).join(',');
      const seen = new Map<string, number>();
      for (let j = 0; j <= this.depth; j++) {
        const i = seen.get(key(j));
        if (i !== undefined) return [i, j];
        seen.set(key(j), j);
      }
      return undefined;
    } finally {
      m.dispose();
    }
  }

  dispose(): void {
    this.solver.dispose();
  }
}

/**
 * The trace into a bad state within `steps` steps, from one query of exactly that many steps where
 * each step may also keep the state (an engine that knows such a path exists, TPA, asks once
 * instead of once per depth), or why the query has no answer.
 */
export function stutteringTrace(model: Interpreter, z3: Z3Context, steps: number, deadline: number | undefined): Trace | UnknownReason {
  const unroll = new Unrolling(model);
  const solver = new Solver(z3);
  try {
    const step = unroll.step(new Set(model.locations), new Set(), true);
    solver.addAtStep(unroll.initial(), 0);
    for (let i = 0; i < steps; i++) solver.addAtStep(step, i);
    const a = ask(solver, unroll.bad(), steps, deadline);
    if (a === 'unsat') throw new Error(`no counterexample within ${steps} steps, where one was found`);
    return a === 'sat' ? unroll.trace(solver, steps) : a;
  } finally {
    solver.dispose();
  }
}

/**
 * The certificate of a base case that explored every path: no path from the initial location is longer
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
  /** The state: the location variable where there are several locations, and the model's variables. */
  readonly state: readonly VarDecl[];
  private readonly steps = new Map<string, Expr>();

  constructor(readonly model: Interpreter) {
    this.locVar = declareVar('__loc', IntT);
    this.multiLoc = model.locations.length > 1;
    this.state = this.multiLoc ? [this.locVar, ...model.vars] : model.vars;
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

  /**
   * One step from the locations in `from`; adds the reachable targets to `to`. With `stutter`, the
   * step may instead keep the state, with no action's selector holding: anywhere (`true`), or at
   * the one location given (one of `from`).
   */
  step(from: ReadonlySet<Location>, to: Set<Location>, stutter: boolean | Location = false): Expr {
    const actions = [...from].flatMap((l) => this.model.actions(l));
    for (const a of actions) to.add(a.target);
    const at = stutter === false ? '' : stutter === true ? '+' : `+${stutter.id}`;
    const key = [...from].map((l) => l.id).sort((x, y) => x - y).join(',') + at;
    let f = this.steps.get(key);
    if (!f) {
      const sels = actions.map((a) => ref(this.selector(a)));
      const keep = () => and(...this.state.map((v) => eq(prime(ref(v)), ref(v))));
      const stay = stutter === false ? [] : [stutter === true ? keep() : and(this.at(stutter), keep())];
      f = and(or(...sels, ...stay), ...actions.map((a, i) => imply(sels[i]!, and(this.at(a.source), this.at(a.target, true), a.formula))));
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
    // a step where no action's selector holds kept the state (`stuttering`): it is left out
    const kept = [states[0]!];
    for (let i = 0; i < k; i++) {
      const a = this.model.actions(states[i]!.loc).find((x) => value(this.selector(x), i).value === true);
      if (!a) continue;
      actions.push(a);
      choices.push(new Map(a.locals.map((l) => [l, value(l, i)])));
      kept.push(states[i + 1]!);
    }
    return { states: kept, actions, choices };
  }
}
