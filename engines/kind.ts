/**
 * k-induction over the interpreter view (Sheeran, Singh, Stålmarck 2000), on Z3, for every
 * formalism, with auxiliary invariants refined beside it as in Beyer, Dangl and Wendler's unifying
 * view (k-induction with continuously-refined invariants).
 *
 * The base case and the step case of the bounded-checking module (bounded.ts), over one unrolling
 * (the location is part of the state): the base case asks, step by step from the initial states,
 * whether a bad state is reachable in exactly k steps; the step case asks whether k + 1 steps from
 * ANY state can keep the property k times and then violate it, with `--simplepath lazy` (the
 * default) over simple paths.
 *
 * Between rounds, an invariant generator (`invariant-generator.ts`, `--invariants`) gets a slice of
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
import { and, eq, imply, int, ref, type Expr } from '../lang/expr.js';
import type { Location } from '../formalisms/interpreter.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { InvariantGenerator, type InvariantStage } from './invariant-generator.js';
import type { InvariantMode } from './kind-options.js';
import { boundOf, boundShown } from './bound.js';
import { BaseCase, StepCase } from './bounded.js';
import { unknown, type Result, type Statistics } from '../formalisms/result.js';

/** k-induction's stages of auxiliary invariants: those up to its `--invariants` mode. */
const KIND_STAGES: readonly InvariantStage[] = ['intervals', 'equalities', 'octagons'];

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
      const base = new BaseCase(model, z3);
      const step = new StepCase(base.unroll, z3, lazySimplePath);
      const unroll = base.unroll;
      const generator = new InvariantGenerator(model, KIND_STAGES.slice(0, KIND_STAGES.findIndex((s) => s === invariants) + 1), z3);
      /** The auxiliary invariant asserted in the step case so far, per location. */
      let aux: ReadonlyMap<Location, Expr> = new Map(generator.proven);
      let depth = -1;
      const stats = (): Statistics => ({
        timeMs: Date.now() - started,
        solverChecks: base.solver.stats.checks + step.solver.stats.checks + generator.stats.checks,
        solverTimeMs: base.solver.stats.timeMs + step.solver.stats.timeMs + generator.stats.timeMs,
        bound: depth,
        auxInvariants: generator.provenCount,
        auxStages: generator.stagesDone,
      });
      /** The auxiliary invariant over the state at a step: at location l, aux(l). */
      const auxFormula = (): Expr => (unroll.multiLoc
        ? and(...model.locations.map((l) => imply(eq(ref(unroll.locVar), int(l.id)), aux.get(l)!)))
        : aux.get(model.initLoc)!);
      /** Gives the generator a slice of time; asserts what it proved at every step of the step case. */
      const refine = (sliceMs: number): void => {
        if (generator.finished) return;
        const until = Math.min(Date.now() + Math.max(MIN_SLICE_MS, sliceMs), limits.deadline ?? Infinity);
        if (!generator.run(until)) return;
        aux = new Map(generator.proven);
        const f = auxFormula();
        for (let i = 0; i <= step.depth; i++) step.assume(f, i);
        reporter.progress({ phase: 'invariants', iteration: generator.stagesDone, detail: `${generator.provenCount} auxiliary invariants`, stats: stats() });
      };
      try {
        step.assume(auxFormula(), 0);
        let roundStarted = Date.now();
        for (let k = 0; k <= bound; k++) {
          reporter.progress({ phase: 'k-induction', iteration: k, detail: `depth ${k}`, stats: stats() });
          // base case: a bad state in exactly k steps
          const b = base.badNow(limits.deadline);
          if (b === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: base.trace() }, stats: stats() };
          if (b !== 'unsat') return { verdict: 'unknown', reason: b, stats: stats() };
          // no path is longer than k steps: the base case has seen them all, as BMC does
          if (!base.extend()) {
            depth = k;
            return { verdict: 'safe', certificate: base.exhausted(), stats: stats() };
          }
          // inductive step: k + 1 steps from anywhere, the property kept k + 1 times, then violated
          step.extend();
          step.assume(auxFormula(), step.depth);
          refine(Date.now() - roundStarted);
          roundStarted = Date.now();
          const s = step.badLast(limits.deadline);
          depth = k;
          if (s === 'unsat') {
            return { verdict: 'safe', certificate: { kind: 'k-invariant', k: k + 1, simplePath: step.simplePath, invariant: new Map(aux) }, stats: { ...stats(), inductionDepth: k + 1 } };
          }
          if (s !== 'sat') return { verdict: 'unknown', reason: s, stats: stats() };
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
