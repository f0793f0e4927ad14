/**
 * PDR on Z3 in Spacer's way for linear systems (Komuravelli, Gurfinkel and Chaki, "SMT-based model
 * checking for recursive programs", CAV 2014 / FMSD 2016): IC3's frames and proof obligations over
 * the interpreter view, with no abstraction and no refinement loop. A predecessor is generalised by
 * model-based projection (an implicant of the step into the cube, its next state projected away),
 * a blocked cube by an interpolant of the frame below and the steps into it against the cube
 * (Vigil's Farkas interpolants) or by the negated cube, shrunk to its unsat core and then
 * generalised inductively, literal by literal, as Spacer's `ind_gen` does (pdr-options.ts says
 * which when). This file is the main loop; the parts are in pdr/:
 *
 * - frames.ts: the frames per location on one solver, the blocking query, inductive
 *   generalisation, propagation;
 * - lemma.ts: the interpolated lemma of a blocked cube.
 *
 * Each round opens a frame at the top and blocks every bad state in it. An obligation (a cube at a
 * location that reaches a bad state in `depth` steps) at level i asks whether F_(i-1) steps into
 * it: if so, the predecessor becomes an obligation at level i - 1, and one that is initial (or is
 * found in F_0) ends in a counterexample, which BMC's base case then finds as a trace of at most
 * that many steps; if not, the lemma goes into the highest frame where it holds, and the
 * obligation is asked again one level up, so counterexamples longer than the frames are found.
 * After each round, lemmas move up where they hold; when a level is left without lemmas of its
 * own, the frames above it are the inductive invariant, per location, the verdict comes with.
 *
 * After a head start of a second, the invariant generator (invariant-generator.ts: Karr's affine
 * equalities, intervals, equalities on either side of a guard, two-variable templates) gets a few
 * seconds; what it proves, every frame assumes from then on (`Frames.assume`), so lemmas need only
 * be inductive relative to it.
 */
import { and, not } from '../lang/expr.js';
import { DeadlineChecks } from '../lang/smt/deadline.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import type { Result, Statistics } from '../formalisms/result.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { seedStages, lemmaSettings, pdrConfiguration, type LemmaSettings } from './pdr-options.js';
import { InvariantGenerator, type InvariantStage } from './invariant-generator.js';
import type { Limits, Reporter } from './run.js';
import { BaseCase } from './bounded.js';
import { ObligationQueue } from './obligation-queue.js';
import { stopReason } from './path-interpolants.js';
import { Frames, type Cube } from './pdr/frames.js';
import { interpolatedLemma, type Lemma } from './pdr/lemma.js';

export function createEngine(settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => pdrConfiguration(settings, false),
    async check(task, limits, reporter): Promise<Result> {
      const lemmas = lemmaSettings(settings, task.theories.has('rat'), false);
      return pdr(task.model, await context.z3(), { ...lemmas, seed: seedStages(settings) }, limits, reporter);
    },
  };
}

/**
 * PDR runs alone this long first, which is all most tasks need; then the invariant generator gets
 * up to SEED_MS, and PDR goes on with the stages it has proven.
 */
const HEAD_START_MS = 1000;
const SEED_MS = 4000;

interface Obligation {
  readonly cube: Cube;
  readonly level: number;
  /** Steps from the cube to a bad state. */
  readonly depth: number;
}

/**
 * The invariant PDR takes in: the stages the generator proves before `until` (none where it
 * proves none), with the count of its conjuncts and the generator's solver work.
 */
function seedInvariant(model: Interpreter, z3: Z3Context, stages: readonly InvariantStage[], until: number) {
  const generator = new InvariantGenerator(model, stages, z3);
  try {
    generator.run(until);
    return { invariant: generator.stagesDone > 0 ? new Map(generator.proven) : undefined, stats: { count: generator.provenCount, ...generator.stats } };
  } finally {
    generator.dispose();
  }
}

/** PDR on the model. */
export function pdr(model: Interpreter, z3: Z3Context, lemmas: LemmaSettings & { readonly seed: readonly InvariantStage[] }, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const checks = new DeadlineChecks(limits.deadline);
  const frames = new Frames(model, z3, checks);
  const seed = { count: 0, checks: 0, timeMs: 0, done: lemmas.seed.length === 0 };
  /** Takes in the generator's invariant once PDR has had its head start (between two solver queries). */
  const seedWhenDue = (): void => {
    if (seed.done || Date.now() < started + HEAD_START_MS) return;
    seed.done = true;
    const found = seedInvariant(model, z3, lemmas.seed, Math.min(limits.deadline ?? Infinity, Date.now() + SEED_MS));
    Object.assign(seed, found.stats);
    if (found.invariant) frames.assume(found.invariant);
  };
  const base = new BaseCase(model, z3);
  const counters = { obligations: 0, interpolated: 0, negated: 0, droppedLiterals: 0 };
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: seed.checks + frames.solver.stats.checks + base.solver.stats.checks + itp.checks - itpBefore.checks,
      solverTimeMs: seed.timeMs + frames.solver.stats.timeMs + base.solver.stats.timeMs + itp.timeMs - itpBefore.timeMs,
      frame: frames.top,
      lemmas: frames.size,
      seedInvariants: seed.count,
      ...counters,
    };
  };

  /** The negated cube, generalised inductively where the settings say so. */
  const negated = (c: Cube, level: number): Lemma => {
    const general = lemmas.inductive ? frames.generalize(c, level) : c;
    counters.droppedLiterals += c.lits.length - general.lits.length;
    return { formula: not(and(...general.lits)), interpolated: false };
  };

  /** Blocks every bad state in the top frame; the length of a counterexample if one is found. */
  const blockBad = (): number | undefined => {
    const top = frames.top;
    for (let bad = frames.badIn(top); bad; bad = frames.badIn(top)) {
      const queue = new ObligationQueue<Obligation>();
      queue.push({ cube: bad, level: top, depth: 0 });
      while (queue.size > 0) {
        checks.checkDeadline();
        seedWhenDue();
        const ob = queue.peek();
        if (ob.level > top) {
          queue.pop();
          continue;
        }
        const r = frames.block(ob.cube, ob.level);
        if ('predecessor' in r) {
          if (ob.level === 1 || frames.meetsInit(r.predecessor)) return ob.depth + 1;
          counters.obligations++;
          queue.push({ cube: r.predecessor, level: ob.level - 1, depth: ob.depth + 1 });
          continue;
        }
        queue.pop();
        const core = { loc: ob.cube.loc, lits: r.core };
        const blocked = frames.meetsInit(core) ? ob.cube : core;
        const lemma = interpolatedLemma(z3, frames, blocked, ob.level, lemmas.interpolate, limits.deadline) ?? negated(blocked, ob.level);
        counters[lemma.interpolated ? 'interpolated' : 'negated']++;
        let level = ob.level;
        while (level < top && frames.holdsAt(blocked.loc, lemma.formula, level + 1)) level++;
        frames.add(blocked.loc, lemma.formula, level);
        if (level < top) queue.push({ ...ob, level: level + 1 });
      }
    }
    return undefined;
  };

  try {
    const initialBad = base.badNow(limits.deadline);
    if (initialBad === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: base.trace() }, stats: stats() };
    if (initialBad !== 'unsat') return { verdict: 'unknown', reason: initialBad, stats: stats() };
    for (;;) {
      seedWhenDue();
      frames.newFrame();
      reporter.progress({ phase: 'pdr', iteration: frames.top, detail: `frame ${frames.top}, ${frames.size} lemmas`, stats: stats() });
      const steps = blockBad();
      if (steps !== undefined) {
        const trace = base.traceWithin(steps, limits.deadline, 'PDR');
        if ('kind' in trace) return { verdict: 'unknown', reason: trace, stats: stats() };
        return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
      }
      const fixed = frames.propagate();
      if (fixed !== undefined) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: frames.invariantAbove(fixed) }, stats: stats() };
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    frames.dispose();
    base.dispose();
  }
}
