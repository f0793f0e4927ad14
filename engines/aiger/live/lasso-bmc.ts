/**
 * The bounded search for fair lassos (bounded model checking of a justice property, after Biere,
 * Cimatti, Clarke, Zhu and the lasso encodings of Biere, Heljanko, Junttila, Latvala, Schuppan,
 * LMCS 2006): one incremental solver holds the unrolling from the initial states, frame by frame;
 * depth k asks whether the state of frame k equals the state of some frame l < k such that every
 * literal of the justice set and every fairness literal is 1 in some frame from l to k - 1. The
 * constraints hold in frames 0 to k - 1 (the loop repeats frames l to k - 1, so they hold forever).
 *
 * Each depth's question is guarded by an activation literal of its own: "loop from l" literals,
 * each implying that frames l and k agree on every latch, and, per literal, a chain of "seen from
 * frame i on" literals (one direction of the equivalence is all a satisfiable answer needs). A
 * depth without a lasso deactivates its clauses and the search goes one frame deeper. The first
 * lasso found is one of the shortest.
 */
import type { Aig } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';
import { liveLits } from '../../../formalisms/liveness-circuits.js';
import { TIMEOUT, unknown, type Result, type Statistics, type UnknownReason } from '../../../formalisms/result.js';
import type { Engine, Settings } from '../../engine.js';
import { boundOf, boundShown } from '../../bound.js';
import { BaseCase, expired, type AigerEngineOptions } from '../bounded.js';

/** A lasso of the circuit (the state after its last step equals the state at `loopStart`), or why there is none. */
type LassoSearch =
  | { readonly result: 'lasso'; readonly run: Run; readonly loopStart: number }
  | { readonly result: 'unknown'; readonly reason: UnknownReason };

/** The search on a circuit with one justice property (with its fairness), up to `opts.bound` steps. */
function lassoSearch(m: Aig, opts: AigerEngineOptions): { outcome: LassoSearch; stats: Statistics } {
  const started = Date.now();
  const base = new BaseCase(m, { cones: true });
  const { sat } = base;
  const lits = liveLits(m, 0);
  const firstLatch = 1 + m.inputs.length;
  const state = (t: number) => m.latches.map((_, k) => base.lit(t, 2 * (firstLatch + k)));
  const bound = opts.bound ?? Infinity;
  const stats = (k: number): Statistics => ({ timeMs: Date.now() - started, solverChecks: sat.stats.solves, solverTimeMs: sat.stats.timeMs, bound: k, conflicts: sat.stats.conflicts });
  const states: number[][] = [];
  for (let k = 1; k <= bound; k++) {
    opts.onProgress?.({ phase: 'lasso-bmc', iteration: k, detail: `lasso length ${k}` });
    for (const c of m.constraints) sat.addClause([base.lit(k - 1, c.lit)]);
    states.push(state(k - 1));
    const end = state(k);
    const act = sat.newVar();
    // seen[i][j]: literal i is 1 in some frame from j to k - 1
    const seen = lits.map((l) => {
      const chain: number[] = [];
      for (let j = k - 1; j >= 0; j--) {
        const s = sat.newVar();
        sat.addClause([-s, base.lit(j, l), ...(j < k - 1 ? [chain[0]!] : [])]);
        chain.unshift(s);
      }
      return chain;
    });
    const loops = states.map((from, l) => {
      const e = sat.newVar();
      from.forEach((x, i) => {
        sat.addClause([-e, -x, end[i]!]);
        sat.addClause([-e, x, -end[i]!]);
      });
      for (const chain of seen) sat.addClause([-e, chain[l]!]);
      return e;
    });
    sat.addClause([-act, ...loops]);
    const answer = sat.solve([act], { deadline: opts.deadline, stop: opts.stop });
    if (answer === undefined) return { outcome: { result: 'unknown', reason: TIMEOUT }, stats: stats(k - 1) };
    if (answer) {
      const loopStart = loops.findIndex((e) => sat.value(e) === true);
      return { outcome: { result: 'lasso', run: base.run(k - 1), loopStart }, stats: stats(k) };
    }
    sat.addClause([-act]);
    if (expired(opts)) return { outcome: { result: 'unknown', reason: TIMEOUT }, stats: stats(k) };
  }
  return { outcome: { result: 'unknown', reason: unknown('bound', `bound ${bound} reached`) }, stats: stats(bound) };
}

/** The lasso search as the registry's `lasso-bmc`: counterexamples to justice properties, shortest first. */
export function createEngine(settings: Settings): Engine {
  const bound = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(bound) }),
    check(task, limits, reporter): Result {
      const { outcome, stats } = lassoSearch(task.circuit!, { bound, ...limits, onProgress: (p) => reporter.progress(p) });
      if (outcome.result === 'unknown') return { verdict: 'unknown', reason: outcome.reason, stats };
      return { verdict: 'nonlive', certificate: { kind: 'lasso', run: outcome.run, loopStart: outcome.loopStart }, stats };
    },
  };
}
