/**
 * PDKIND, property-directed k-induction (Jovanović and Dutertre, "Property-Directed k-Induction",
 * FMCAD 2016), over the interpreter view, on the bounded-checking module (bounded.ts) and Vigil's
 * own interpolants. This file is the main loop and the push; the parts are in pdkind/:
 *
 * - frame.ts: the induction frame's lemmas with the counterexamples they block, and the chain of k
 *   steps through them;
 * - reachability.ts: whether a counterexample to induction is reachable within n steps, with an
 *   interpolant that explains why not.
 *
 * The frame holds lemmas valid within n steps (n: the frame's depth); it starts with the property
 * and the bad states it excludes. A push with k = n + 1 takes each lemma L with counterexample G
 * from a queue and asks whether a chain of k steps through the frame can end outside L:
 *
 * - no: L is k-inductive relative to the frame and goes into the next frame;
 * - yes, and a chain ends in G: its first state reaches a bad state. If that state is reachable
 *   within n steps the property fails (BMC's trace, at most n + k + depth(G) steps long);
 *   otherwise the reachability check's interpolant is a new lemma valid within n steps that blocks
 *   it, with it as its counterexample; both lemmas go back into the queue;
 * - yes, but no chain ends in G: L is replaced by an interpolant of the chains (with starts at the
 *   initial states along them) against G, which holds at their ends and still blocks G.
 *
 * Before each push, BMC's base case looks one step deeper, to the frame's depth: a short counterexample
 * is found there without a chain of counterexamples to induction leading to it.
 *
 * Every lemma of the next frame then holds within n + 1 steps. When a push keeps every lemma, each
 * is k-inductive relative to the frame, so the frame's conjunction is a k-inductive invariant that
 * excludes the bad states (some lemma blocks them always), and with the base case, its lemmas
 * valid within n + 1 ≥ k - 1 steps, that is the certificate. The paper's counterexamples are
 * generalised by projection; here a counterexample to induction is the state of the chain's model,
 * and the interpolant that blocks it does the generalising.
 */
import { and, atStep, not, type Expr } from '../lang/expr.js';
import { DeadlineChecks } from '../lang/smt/deadline.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { unknown, type Result, type Statistics } from '../formalisms/result.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import type { Limits, Reporter } from './run.js';
import { boundOf, boundShown } from './bound.js';
import { BaseCase } from './bounded.js';
import { Paths } from './unrolled.js';
import { pathInterpolants, stopReason } from './path-interpolants.js';
import { Chain, type Lemma } from './pdkind/frame.js';
import { Reachability } from './pdkind/reachability.js';

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    async check(task, limits, reporter): Promise<Result> {
      return pdkind(task.model, await context.z3(), bound, limits, reporter);
    },
  };
}

/** A push's outcome: the next frame, or a bad state reachable within this many steps. */
type Pushed = { readonly frame: Lemma[] } | { readonly badWithin: number };

export function pdkind(model: Interpreter, z3: Z3Context, bound: number, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const base = new BaseCase(model, z3);
  const paths = new Paths(base.unroll);
  const checks = new DeadlineChecks(limits.deadline);
  const reach = new Reachability(z3, paths, checks);
  const counters = { depth: 0, lemmas: 1, blocked: 0, weakened: 0, solverChecks: 0, solverTimeMs: 0 };
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: base.solver.stats.checks + reach.stats.checks + counters.solverChecks + itp.checks - itpBefore.checks,
      solverTimeMs: base.solver.stats.timeMs + reach.stats.timeMs + counters.solverTimeMs + itp.timeMs - itpBefore.timeMs,
      bound: counters.depth,
      lemmas: counters.lemmas,
      blocked: counters.blocked,
      weakened: counters.weakened,
    };
  };

  const push = (frame: Lemma[], n: number, k: number): Pushed => {
    const chain = new Chain(z3, paths, k, checks);
    try {
      for (const l of frame) chain.assume(l.lemma);
      const queue = [...frame];
      const next = new Map<Expr, Lemma>();
      for (let ob = queue.shift(); ob; ob = queue.shift()) {
        if (next.has(ob.lemma)) continue;
        if (!chain.breaks(ob.lemma)) {
          next.set(ob.lemma, ob);
          continue;
        }
        const cti = chain.startInto(ob.cex);
        if (cti) {
          const why = reach.explain(cti, n, limits.deadline);
          if (why === 'reachable') return { badWithin: n + k + ob.depth };
          const blocking: Lemma = { lemma: why, cex: cti, depth: ob.depth + k };
          frame.push(blocking);
          chain.assume(why);
          counters.blocked++;
          counters.lemmas = frame.length;
          queue.push(blocking, ob);
          continue;
        }
        const [itp] = pathInterpolants(z3, [chain.withInitialStarts(frame.map((l) => l.lemma)), atStep(ob.cex, k)], limits.deadline, 'PDKIND\'s chain');
        const weaker = paths.stateAt(itp!);
        counters.weakened++;
        next.set(weaker, { lemma: weaker, cex: ob.cex, depth: ob.depth });
      }
      return { frame: [...next.values()] };
    } finally {
      counters.solverChecks += chain.solver.stats.checks;
      counters.solverTimeMs += chain.solver.stats.timeMs;
      chain.dispose();
    }
  };

  try {
    const initialBad = base.badNow(limits.deadline);
    if (initialBad === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: base.trace() }, stats: stats() };
    if (initialBad !== 'unsat') return { verdict: 'unknown', reason: initialBad, stats: stats() };
    const bad = base.unroll.bad();
    let frame: Lemma[] = [{ lemma: not(bad), cex: bad, depth: 0 }];
    for (let n = 0; ; n++) {
      counters.depth = n;
      const k = n + 1;
      reporter.progress({ phase: 'pdkind', iteration: n, detail: `depth ${n}, k = ${k}, ${frame.length} lemmas`, stats: stats() });
      if (n >= bound) return { verdict: 'unknown', reason: unknown('bound', `bound ${bound} reached`), stats: stats() };
      // the frame's depth bounds the counterexamples a push can miss: BMC looks there first
      if (n > 0 && base.depth < n) {
        if (!base.extend()) return { verdict: 'safe', certificate: base.exhausted(), stats: stats() };
        const b = base.badNow(limits.deadline);
        if (b === 'sat') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: base.trace() }, stats: stats() };
        if (b !== 'unsat') return { verdict: 'unknown', reason: b, stats: stats() };
      }
      const pushed = push(frame, n, k);
      if ('badWithin' in pushed) {
        const trace = base.traceWithin(pushed.badWithin, limits.deadline, 'PDKIND');
        if ('kind' in trace) return { verdict: 'unknown', reason: trace, stats: stats() };
        return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
      }
      const kept = pushed.frame.length === frame.length && pushed.frame.every((l) => frame.includes(l));
      if (kept) {
        const invariant = paths.perLocation(and(...frame.map((l) => l.lemma)));
        return { verdict: 'safe', certificate: { kind: 'k-invariant', k, simplePath: false, invariant }, stats: { ...stats(), inductionDepth: k } };
      }
      frame = pushed.frame;
      counters.lemmas = frame.length;
    }
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    base.dispose();
    reach.dispose();
  }
}
