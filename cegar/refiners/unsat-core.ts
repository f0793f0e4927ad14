/**
 * Unsat-core refinement for the explicit domain: the path's formulas are split into their conjuncts,
 * each behind its own indicator assumption, and an unsat core of them names the variables that
 * matter; state k must track the model variables the core mentions at step k.
 *
 * The domain learns variables from the free variables of a formula, so state k gets the core's
 * conjuncts that mention step k, with every other variable (other steps, step-local choices) bound by
 * an existential: a formula over V whose free variables are exactly the ones to track there.
 */
import { and, conjuncts, exists, freeVars, type VarDecl } from '../../lang/expr.js';
import { unindexed } from '../path.js';
import type { AbstractState } from '../domain.js';
import { itpSequence } from './interpolants.js';
import type { Counterexample } from './pieces.js';
import type { PathOutcome, Tools } from './tools.js';

export function unsatCore<S extends AbstractState>(tools: Tools, cex: Counterexample<S>): PathOutcome {
  const all = [...new Set([...cex.states, ...cex.trans].flatMap(conjuncts))];
  const r = tools.feasibility.core(cex, all, tools.budget);
  if (r.feasible) return r;
  const stateVars = new Set<VarDecl>(cex.model.vars);
  const tracked = (v: VarDecl, k: number) => v.step === k && v.base !== undefined && stateVars.has(v.base);
  const itps = cex.states.map((_, k) => {
    const atK = r.core.filter((c) => freeVars(c).some((v) => tracked(v, k))).map((c) => {
      const others = freeVars(c).filter((v) => !tracked(v, k));
      return others.length === 0 ? c : exists(others, c);
    });
    return unindexed(and(...atK));
  });
  return { feasible: false, seq: itpSequence(itps) };
}
