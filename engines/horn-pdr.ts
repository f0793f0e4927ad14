/**
 * PDR over a clause system, nonlinear clauses included, in Spacer's way (Komuravelli, Gurfinkel and
 * Chaki, "SMT-based model checking for recursive programs", CAV 2014 / FMSD 2016): frames per
 * predicate over-approximate the atoms derivable in i steps (a derivation's height), reachability
 * facts under-approximate the derivable ones, and a proof obligation is a cube of a predicate's
 * arguments that derives false. engines/pdr.ts is the same algorithm on the CFA view of a linear
 * system; a nonlinear clause (a body of several atoms) joins several derivations into one, which a
 * CFA cannot state, so this engine reads the clauses themselves. The parts are in horn/:
 *
 * - frames.ts: the frames per predicate on one solver, the query of one clause, propagation;
 * - reach.ts: the reachability facts, Spacer's must summaries;
 * - derivation.ts: the derivation of false a fact of false stands for.
 *
 * An obligation (P, cube) at level i asks each clause with head P whether it derives an atom of
 * the cube from atoms of F_(i-1). A model of such a query whose body atoms all lie in known facts
 * derives a new fact of P (by model-based projection) and the obligation is met. Where the model
 * leaves the facts at some body atom, the query is asked again with that atom and the ones before
 * it in the facts (reach.ts says why); if that fails, the atom becomes an obligation at level
 * i - 1: its cube the projection of the query onto that atom's arguments, with the facts of the
 * atoms before it and the frames of those after it. When every clause refutes its query, the cube is blocked by a lemma: the
 * negated union of the queries' cores, or, with interpolated lemmas, the disjunction of one
 * interpolant per clause (Farkas, of the clause and its body's frames against the cube), which
 * goes into the highest frame where it holds. A fact of `false` ends in a derivation of false; a
 * level left without lemmas of its own after propagation makes the frames above it a model.
 */
import { False, and, conjuncts, not, or, type Expr } from '../lang/expr.js';
import { simplify } from '../lang/simplify.js';
import { DeadlineChecks } from '../lang/smt/deadline.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import { projectImplicant } from '../lang/smt/project.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { SmtModel } from '../lang/smt/model.js';
import type { ClauseView } from '../formalisms/frontends/chc/layout.js';
import type { Location } from '../formalisms/interpreter.js';
import type { Result, Statistics } from '../formalisms/result.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { lemmaSettings, pdrConfiguration, type LemmaSettings } from './pdr-options.js';
import type { Limits, Reporter } from './run.js';
import { ObligationQueue } from './obligation-queue.js';
import { RefinementFailed, pathInterpolants, stopReason } from './path-interpolants.js';
import { ClauseFrames, type ClauseEncoding, type Head } from './horn/frames.js';
import { ReachFacts, type ReachFact } from './horn/reach.js';
import { derivationOf } from './horn/derivation.js';
import { sizedLemma, type Lemma } from './pdr/lemma.js';

export function createEngine(settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => pdrConfiguration(settings, true),
    async check(task, limits, reporter): Promise<Result> {
      if (!task.clauses) throw new Error('PDR over clauses checks clause systems only');
      return hornPdr(task.clauses, await context.z3(), lemmaSettings(settings, task.theories.has('rat'), true), limits, reporter);
    },
  };
}

interface Obligation {
  readonly head: Head;
  /** Literals over the head's argument variables (none for false). */
  readonly cube: readonly Expr[];
  readonly level: number;
  /** Steps from the cube to false. */
  readonly depth: number;
}

/** What asking an obligation gives: a lemma's core, an obligation below, or a new fact. */
type Asked = { readonly core: readonly Expr[] } | { readonly below: Obligation } | { readonly fact: ReachFact };

export function hornPdr(view: ClauseView, z3: Z3Context, lemmas: LemmaSettings, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const checks = new DeadlineChecks(limits.deadline);
  const frames = new ClauseFrames(view, checks, z3);
  const reach = new ReachFacts(frames, z3);
  const counters = { obligations: 0, interpolated: 0, negated: 0, droppedLiterals: 0 };
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: frames.solver.stats.checks + itp.checks - itpBefore.checks,
      solverTimeMs: frames.solver.stats.timeMs + itp.timeMs - itpBefore.timeMs,
      frame: frames.top,
      lemmas: frames.size,
      facts: reach.size,
      ...counters,
    };
  };

  /** Projects the query of `enc` in m onto body atom j: the atoms before it in their facts, those after it in F_(level-1). */
  const below = (ob: Obligation, enc: ClauseEncoding, premises: readonly ReachFact[], m: SmtModel): Obligation => {
    const j = premises.length;
    const atom = enc.clause.body[j]!;
    const head = ob.head ? ob.cube.map((x) => frames.at(ob.head!, x, enc.head)) : [];
    const keep = new Set(enc.body[j]);
    const projected = projectImplicant(z3, m, and(enc.formula, ...reach.bodyIn(enc, premises, ob.level - 1), ...head), (v) => keep.has(v));
    return { head: atom.pred, cube: conjuncts(frames.unat(atom.pred, projected, enc.body[j]!)), level: ob.level - 1, depth: ob.depth + 1 };
  };

  const ask = (ob: Obligation): Asked => {
    const core = new Set<number>();
    for (const enc of frames.clausesInto(ob.head)) {
      const q = frames.query(enc, ob.level, ob.cube);
      if ('core' in q) {
        q.core.forEach((i) => core.add(i));
        continue;
      }
      let m = q.model;
      try {
        const premises: ReachFact[] = [];
        while (premises.length < enc.clause.body.length) {
          const j = premises.length;
          const f = reach.covering(enc, j, m);
          if (f) {
            premises.push(f);
            continue;
          }
          // the model leaves the facts at atom j: ask again with the atoms up to j in them
          const facts = reach.literals(enc, j + 1);
          const again = facts && frames.query(enc, ob.level, ob.cube, facts);
          if (!again || 'core' in again) return { below: below(ob, enc, premises, m) };
          m.dispose();
          m = again.model;
          premises.length = 0;
        }
        return { fact: reach.derive(enc, premises, m) };
      } finally {
        m.dispose();
      }
    }
    return { core: ob.cube.filter((_, i) => core.has(i)) };
  };

  /** The lemma that blocks `cube` of P at `level`, and whether it is interpolated. */
  const lemmaFor = (p: NonNullable<Head>, cube: readonly Expr[], level: number): Lemma => {
    const negated = (): Lemma => {
      const general = lemmas.inductive ? frames.generalize(p, cube, level) : cube;
      counters.droppedLiterals += cube.length - general.length;
      return { formula: general.length === 0 ? False : not(and(...general)), interpolated: false };
    };
    if (!lemmas.interpolate || cube.length === 0) return negated();
    const parts: Expr[] = [];
    for (const enc of frames.clausesInto(p)) {
      if (level === 1 && enc.clause.body.length > 0) continue;
      const a = and(enc.formula, ...reach.bodyIn(enc, [], level - 1));
      const b = and(...cube.map((x) => frames.at(p, x, enc.head)));
      try {
        const [itp] = pathInterpolants(z3, [a, b], limits.deadline, 'PDR\'s blocked cube') as [Expr];
        parts.push(frames.unat(p, itp, enc.head));
      } catch (e) {
        if (e instanceof RefinementFailed) return negated();
        throw e;
      }
    }
    return sizedLemma(simplify(or(...parts))) ?? negated();
  };

  /** Blocks false at the top frame; the fact of false if it is derivable. */
  const blockFalse = (): ReachFact | undefined => {
    const top = frames.top;
    const queue = new ObligationQueue<Obligation>();
    queue.push({ head: undefined, cube: [], level: top + 1, depth: 0 });
    while (queue.size > 0) {
      checks.checkDeadline();
      const ob = queue.peek();
      const r = ask(ob);
      if ('below' in r) {
        counters.obligations++;
        queue.push(r.below);
        continue;
      }
      queue.pop();
      if ('fact' in r) {
        if (ob.head === undefined) return r.fact;
        continue;
      }
      if (ob.head === undefined) return undefined;
      const lemma = lemmaFor(ob.head, r.core, ob.level);
      counters[lemma.interpolated ? 'interpolated' : 'negated']++;
      let level = ob.level;
      while (level < top && frames.holdsAt(ob.head, lemma.formula, level + 1)) level++;
      frames.add(ob.head, lemma.formula, level);
      if (level < top) queue.push({ ...ob, level: level + 1 });
    }
    return undefined;
  };

  try {
    for (;;) {
      frames.newFrame();
      reporter.progress({ phase: 'pdr', iteration: frames.top, detail: `frame ${frames.top}, ${frames.size} lemmas, ${reach.size} facts`, stats: stats() });
      const derived = blockFalse();
      if (derived) return { verdict: 'unsafe', certificate: { kind: 'derivation', derivation: derivationOf(derived, z3, checks) }, stats: stats() };
      const fixed = frames.propagate();
      if (fixed !== undefined) {
        const invariant = new Map<Location, Expr>([...frames.invariantAbove(fixed)].map(([p, f]) => [view.locOf.get(p)!, f]));
        return { verdict: 'safe', certificate: { kind: 'invariant', invariant }, stats: stats() };
      }
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    frames.dispose();
  }
}
