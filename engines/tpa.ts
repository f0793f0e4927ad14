/**
 * Transition power abstraction (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Transition Power
 * Abstraction for Deep Counterexample Detection", TACAS 2022) over the interpreter view, with
 * Vigil's own interpolants. The parts are in tpa/:
 *
 * - encoding.ts: the model as one transition system, its locations as Booleans;
 * - powers.ts: the relations R_n over-approximating at most 2^n steps, and the reachability
 *   queries that refine them;
 * - fixpoint.ts: a transition invariant made of the lemmas, and the inductive invariant it yields;
 * - rounds.ts: the rounds, their statistics and answers, shared with split TPA (split-tpa.ts).
 *
 * Round n asks whether a bad state is reachable from an initial state in two steps of R_n, that
 * is within 2^(n+1) steps. If so, one query of that many steps, each of which may keep the state,
 * finds the trace (bounded.ts, `stutteringTrace`): one query, not one per depth as BMC asks, since
 * the counterexamples TPA finds are deep. If not, the refuted query left R_(n+1) without any pair
 * of an initial and a bad state; when the lemmas of R_1 .. R_(n+1) then contain a relation closed
 * under one more step (from the initial states or into the bad states) that still separates them,
 * the invariant it yields is the certificate. Otherwise the next round doubles the reach.
 */
import type { Engine, EngineContext, Settings } from './engine.js';
import { Powers } from './tpa/powers.js';
import { invariantOf } from './tpa/fixpoint.js';
import { powerRounds } from './tpa/rounds.js';

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter) {
      const z3 = await context.z3();
      return powerRounds('tpa', task.model, z3, limits, reporter, (enc, checks) => new Powers(enc, z3, checks), (r) => {
        r.progress(`within 2^${r.level + 1} steps, ${r.powers.counters.lemmas} lemmas`);
        if (r.powers.reach(r.level, r.enc.init, r.enc.bad) !== undefined) return r.unsafe();
        const invariant = invariantOf(r.powers, r.z3, r.checks);
        return invariant ? r.safe({ kind: 'invariant', invariant: r.enc.perLocation(invariant) }) : undefined;
      });
    },
  };
}
