/**
 * Split transition power abstraction (Blicha, Fedyukovich, Hyvärinen and Sharygina, "Split
 * Transition Power Abstractions for Unbounded Safety", FMCAD 2022), Golem's `split-tpa`: TPA
 * (tpa.ts) with the powers kept as two families, exactly 2^n steps and fewer than 2^n
 * (tpa/split-powers.ts), on the same encoding.
 *
 * Round n asks whether a bad state is reachable from an initial one in fewer than 2^(n+1) steps,
 * then in exactly 2^(n+1). A reachable answer is found again as a trace by one query of 2^(n+1)
 * steps that may keep the state (bounded.ts, `stutteringTrace`). After a refuted first query the
 * round looks for a proof (tpa/fixpoint.ts): a transition invariant among the less-than lemmas, as
 * TPA does, which gives an inductive invariant; or a level i ≤ n whose exact power is transitive
 * from the states its less-than power reaches, which gives a 2^i-inductive one.
 */
import type { Engine, EngineContext, Settings } from './engine.js';
import { SplitPowers } from './tpa/split-powers.js';
import { invariantOf, kInvariantOf } from './tpa/fixpoint.js';
import { powerRounds } from './tpa/rounds.js';

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter) {
      const z3 = await context.z3();
      return powerRounds('split-tpa', task.model, z3, limits, reporter, (enc, checks) => new SplitPowers(enc, z3, checks), (r) => {
        const { powers, enc, level } = r;
        r.progress(`fewer than 2^${level + 1} steps, ${powers.counters.lemmas} lemmas`);
        if (powers.less(level, enc.init, enc.bad) !== undefined) return r.unsafe();
        const invariant = invariantOf(powers, r.z3, r.checks);
        if (invariant) return r.safe({ kind: 'invariant', invariant: enc.perLocation(invariant) });
        const k = kInvariantOf(powers, r.z3, r.checks, level);
        if (k) return r.safe({ kind: 'k-invariant', k: k.k, simplePath: false, invariant: enc.perLocation(k.invariant) });
        r.progress(`exactly 2^${level + 1} steps, ${powers.counters.lemmas} lemmas`);
        return powers.exact(level, enc.init, enc.bad) !== undefined ? r.unsafe() : undefined;
      });
    },
  };
}
