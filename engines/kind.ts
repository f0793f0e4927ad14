/**
 * k-induction over the interpreter view (Sheeran, Singh, Stålmarck 2000), on Z3, for every
 * formalism, with auxiliary invariants refined beside it as in Beyer, Dangl and Wendler's unifying
 * view (k-induction with continuously-refined invariants).
 *
 * Two incremental solvers over BMC's unrolling (the location is part of the state): the base case
 * asks, step by step from the initial states, whether a bad state is reachable in exactly k steps;
 * the inductive step asks whether k + 1 steps from ANY state can keep the property k times and then
 * violate it. With `--simplepath lazy` (the default), when the step case's path visits one state
 * twice (same location, same values of the variables other than inputs), the two states are
 * required to differ and the question is asked again (Eén and Sörensson's simple-path constraints,
 * added lazily).
 *
 * Between rounds, an invariant generator (`kind-invariants.ts`, `--invariants`) gets a slice of
 * time as long as the last round took; whenever it proves a stronger invariant, that invariant is
 * asserted at every state of the step case, present and future, which rules out unreachable
 * starting states that plain k-induction cannot.
 *
 * An unsatisfiable step case at k + 1, after k safe base cases, proves the property k + 1-inductive
 * relative to the auxiliary invariant Aux, which is inductive itself; then Aux ∧ P is
 * k + 1-inductive, and that is the certificate: Aux per location (true without a generator), and
 * whether the simple-path constraints were needed. A satisfiable base case is a counterexample
 * trace.
 */
import { and, eq, imply, indexed, int, neq, not, or, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { Location } from '../formalisms/interpreter.js';
import { Solver } from '../lang/smt/solver.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { InvariantGenerator } from './kind-invariants.js';
import type { InvariantMode } from './kind-options.js';
import { boundOf, boundShown } from './bound.js';
import { Unrolling, exhausted } from './bmc.js';
import { TIMEOUT, unknown, type Result, type Statistics, type UnknownReason } from '../formalisms/result.js';

type Answer = 'sat' | 'unsat' | UnknownReason;

/** One check under the deadline; an undecided one says why. */
function ask(solver: Solver, query: Expr, step: number, deadline: number | undefined): Answer {
  const remaining = deadline === undefined ? undefined : deadline - Date.now();
  if (remaining !== undefined && remaining <= 0) return TIMEOUT;
  solver.setTimeout(remaining);
  const act = solver.guardAtStep(query, step);
  const answer = solver.check([act]);
  if (answer === 'unknown') return Date.now() >= (deadline ?? Infinity) ? TIMEOUT : unknown('unsupported', `solver gave up: ${solver.reasonUnknown()}`);
  if (answer === 'unsat') solver.retire(act);
  return answer;
}

/** The shortest slice of time the invariant generator gets between two rounds, in milliseconds. */
const MIN_SLICE_MS = 100;

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const bound = boundOf(settings);
  const invariants = (settings.invariants ?? 'octagons') as InvariantMode;
  const lazySimplePath = (settings.simplepath ?? 'lazy') === 'lazy';
  return {
    configuration: () => ({ ...boundShown(bound), invariants, simplepath: lazySimplePath ? 'lazy' : 'off' }),
    async check(task, limits, reporter): Promise<Result> {
      const z3 = await context.z3();
      const model = task.model;
      const started = Date.now();
      const base = new Solver(z3);
      const step = new Solver(z3);
      const unroll = new Unrolling(model);
      const all = new Set<Location>(model.locations);
      const state = model.vars.filter((v) => !model.inputs.includes(v));
      const generator = new InvariantGenerator(model, invariants, z3);
      /** The auxiliary invariant asserted in the step case so far, per location. */
      let aux: ReadonlyMap<Location, Expr> = new Map(generator.proven);
      let depth = -1;
      let simplePath = false;
      const stats = (): Statistics => ({
        timeMs: Date.now() - started,
        solverChecks: base.stats.checks + step.stats.checks + generator.stats.checks,
        solverTimeMs: base.stats.timeMs + step.stats.timeMs + generator.stats.timeMs,
        bound: depth,
        auxInvariants: generator.provenCount,
        auxStages: generator.stagesDone,
      });
      /** The auxiliary invariant over the state at a step: at location l, aux(l). */
      const auxFormula = (): Expr => (unroll.multiLoc
        ? and(...model.locations.map((l) => imply(eq(ref(unroll.locVar), int(l.id)), aux.get(l)!)))
        : aux.get(model.initLoc)!);
      /** Gives the generator a slice of time; asserts what it proved at steps 0 .. last of the step case. */
      const refine = (sliceMs: number, last: number): void => {
        if (generator.finished) return;
        const until = Math.min(Date.now() + Math.max(MIN_SLICE_MS, sliceMs), limits.deadline ?? Infinity);
        if (!generator.run(until)) return;
        aux = new Map(generator.proven);
        const f = auxFormula();
        for (let i = 0; i <= last; i++) step.addAtStep(f, i);
        reporter.progress({ phase: 'invariants', iteration: generator.stagesDone, detail: `${generator.provenCount} auxiliary invariants`, stats: stats() });
      };
      /** The step case's states i and j differ: in the location, or in a variable other than an input. */
      const differ = (i: number, j: number): Expr => {
        const at = (v: VarDecl, k: number) => ref(indexed(v, k));
        const loc = unroll.multiLoc ? [neq(at(unroll.locVar, i), at(unroll.locVar, j))] : [];
        return or(...loc, ...state.map((v) => neq(at(v, i), at(v, j))));
      };
      /** A pair of equal states on the step case's path, from the model of its last check. */
      const repeated = (k: number): [number, number] | undefined => {
        const m = step.model();
        try {
          const key = (i: number) => [...(unroll.multiLoc ? [unroll.locVar] : []), ...state].map((v) => m.eval(ref(indexed(v, i))).id).join(',');
          const seen = new Map<string, number>();
          for (let j = 0; j <= k; j++) {
            const i = seen.get(key(j));
            if (i !== undefined) return [i, j];
            seen.set(key(j), j);
          }
          return undefined;
        } finally {
          m.dispose();
        }
      };
      try {
        base.addAtStep(unroll.initial(), 0);
        let frontier = new Set<Location>([model.initLoc]);
        const visited = new Set<Location>(frontier);
        step.addAtStep(auxFormula(), 0);
        let roundStarted = Date.now();
        for (let k = 0; k <= bound; k++) {
          reporter.progress({ phase: 'k-induction', iteration: k, detail: `depth ${k}`, stats: stats() });
          // base case: a bad state in exactly k steps
          if (frontier.has(model.errorLoc)) {
            const b = ask(base, unroll.bad(), k, limits.deadline);
            if (b === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: unroll.trace(base, k) }, stats: stats() };
            if (b !== 'unsat') return { verdict: 'unknown', reason: b, stats: stats() };
          }
          const next = new Set<Location>();
          base.addAtStep(unroll.step(frontier, next), k);
          frontier = next;
          // no path is longer than k steps: the base case has seen them all, as BMC does
          if (next.size === 0) {
            depth = k;
            return { verdict: 'safe', certificate: exhausted(model, visited, k), stats: stats() };
          }
          for (const l of next) visited.add(l);
          // inductive step: k + 1 steps from anywhere, the property kept k + 1 times, then violated
          step.addAtStep(not(unroll.bad()), k);
          step.addAtStep(unroll.step(all, new Set()), k);
          step.addAtStep(auxFormula(), k + 1);
          refine(Date.now() - roundStarted, k + 1);
          roundStarted = Date.now();
          for (;;) {
            const s = ask(step, unroll.bad(), k + 1, limits.deadline);
            if (s === 'unsat') {
              depth = k;
              const invariant = new Map(aux);
              return { verdict: 'safe', certificate: { kind: 'k-invariant', k: k + 1, simplePath, invariant }, stats: { ...stats(), inductionDepth: k + 1 } };
            }
            if (s !== 'sat') return { verdict: 'unknown', reason: s, stats: stats() };
            if (!lazySimplePath) break;
            const pair = repeated(k + 1);
            if (!pair) break;
            simplePath = true;
            step.add(differ(...pair));
          }
          depth = k;
        }
        return { verdict: 'unknown', reason: unknown('bound', `bound ${bound} reached`), stats: stats() };
      } catch (e) {
        if (e instanceof UnsupportedError) return { verdict: 'unknown', reason: unknown('unsupported', e.message), stats: stats() };
        throw e;
      } finally {
        base.dispose();
        step.dispose();
        generator.dispose();
      }
    },
  };
}
