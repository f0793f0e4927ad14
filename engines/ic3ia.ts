/**
 * IC3 with implicit predicate abstraction (Cimatti, Griggio, Mover, Tonetta, "IC3 Modulo Theories
 * via Implicit Predicate Abstraction", TACAS 2014), the word-level `--algorithm ic3` for CFAs and
 * STSs, on the interpreter view and Z3. This file is the main loop; the parts, named after the
 * algorithm, are in ic3ia/:
 *
 * - abstraction.ts: the predicates and their Boolean abstraction variables;
 * - frames.ts: the frames over abstract cubes at a location, and relative induction on one solver;
 * - obligations.ts: proof obligations and their queue;
 * - block.ts: blocking the obligations that start from a bad abstract state of the top frame;
 * - mic.ts: generalising a blocked cube by unsat cores and literal dropping;
 * - propagate.ts: pushing lemmas forward, which finds the inductive invariant;
 * - refine.ts: checking an abstract counterexample by BMC and refining by sequence interpolants;
 * - context.ts: what the parts share (model, solver, deadline, counters).
 *
 * The loop is the bit-level IC3's, with one more outcome of blocking: an abstract counterexample,
 * which is either real (UNSAFE, with BMC's trace) or refined away by new predicates, after which the
 * top frame is searched again; the frames stay as they are, since every lemma was proven against
 * the concrete transition relation. The initial predicates are the atoms of the property (the bad
 * condition and the guards into the error location) and of the initial condition, less those that
 * hold in every reachable state anyway (type invariants): each costs every abstract cube a literal
 * and MIC a query to drop it. SAFE comes with
 * the lemmas of the frames above the first empty level, read back over the model's variables, as
 * an inductive invariant per location.
 */
import type { Z3Context } from '../lang/smt/context.js';
import { postorder, type Expr } from '../lang/expr.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import { printExpr } from '../lang/print.js';
import { atoms, splitPredicate } from '../cegar/domains/split.js';
import { propertyAtoms } from '../cegar/domains/index.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { unknown, type Result, type Statistics } from '../formalisms/result.js';
import type { Limits, Reporter } from './run.js';
import { Abstraction } from './ic3ia/abstraction.js';
import { block } from './ic3ia/block.js';
import { Ic3iaContext } from './ic3ia/context.js';
import { Frames } from './ic3ia/frames.js';
import { Mic } from './ic3ia/mic.js';
import { propagate } from './ic3ia/propagate.js';
import { Refiner } from './ic3ia/refine.js';
import { stopReason } from './path-interpolants.js';

/** How long a newest predicate may be in the progress display. */
const SHOWN_CHARS = 60;

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter): Promise<Result> {
      return ic3ia(task.model, await context.z3(), limits, reporter);
    },
  };
}

/** Predicates from these atoms, over the state variables. */
function predicatesOf(model: Interpreter, atoms: readonly Expr[]): Expr[] {
  const state = new Set(model.vars);
  return atoms.flatMap((a) => splitPredicate(a, 'ATOMS'))
    .filter((p) => postorder(p).every((n) => n.op !== 'prime' && (n.op !== 'var' || state.has(n.decl!))));
}

export function ic3ia(model: Interpreter, z3: Z3Context, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const ctx = new Ic3iaContext(model, limits.deadline, z3);
  let refiner: Refiner | undefined;
  const dialect = model.dialect;
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: ctx.solver.stats.checks + (refiner?.solver.stats.checks ?? 0) + itp.checks - itpBefore.checks,
      solverTimeMs: ctx.solver.stats.timeMs + (refiner?.solver.stats.timeMs ?? 0) + itp.timeMs - itpBefore.timeMs,
      ...ctx.counters,
    };
  };
  try {
    const abs = new Abstraction(ctx);
    refiner = new Refiner(ctx, abs);
    const frames = new Frames(ctx, abs);
    for (const p of predicatesOf(model, propertyAtoms(model))) abs.add(p);
    for (const p of predicatesOf(model, atoms(model.init))) if (!frames.holdsEverywhere(p)) abs.add(p);
    const mic = new Mic(ctx, frames);
    const initialBad = refiner.concrete([{ loc: model.initLoc, lits: [] }]);
    if (initialBad) return { verdict: 'unsafe', certificate: { kind: 'trace', trace: initialBad }, stats: stats() };
    frames.newFrame();
    for (let k = 1; ; k++) {
      ctx.counters.frame = k;
      reporter.progress({
        phase: 'ic3ia', iteration: k,
        detail: `frame ${k}, ${ctx.counters.clauses} lemmas, ${ctx.counters.predicates} predicates, ${ctx.counters.refinements} refinements`,
        stats: stats(),
      });
      for (;;) {
        const bad = frames.badIn(k);
        if (!bad) break;
        const path = block(ctx, frames, mic, bad);
        if (!path) continue;
        const trace = refiner.concrete(path);
        if (trace) return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
        const added = refiner.predicates(path).filter((p) => abs.add(p));
        if (added.length === 0) {
          return { verdict: 'unknown', reason: unknown('refinement', `refinement found no new predicate against a spurious counterexample of ${path.length - 1} steps`), stats: stats() };
        }
        ctx.counters.refinements++;
        reporter.progress({
          phase: 'refinement', iteration: ctx.counters.refinements,
          detail: `${added.length} new predicates against a spurious counterexample of ${path.length - 1} steps`,
          stats: stats(),
          newest: added.slice(-3).map((p) => printExpr(p, dialect, SHOWN_CHARS)),
        });
      }
      frames.newFrame();
      const empty = propagate(frames, k + 1);
      if (empty !== undefined) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: frames.invariantAbove(empty) }, stats: stats() };
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    ctx.solver.dispose();
    refiner?.solver.dispose();
  }
}
