/**
 * The option of PDR (engines/pdr.ts), apart from it so that listing engines loads nothing: how a
 * blocked cube's lemma is learnt. Measured on the 17 CHC tasks that Spacer decided and the default
 * did not, or that k-induction proved without a model (30 s each, docs/guide/pdr.md): interpolants
 * decide 9 of them, among them the llreve equivalence tasks whose lemmas relate two programs'
 * variables; negated cores decide 7, faster, among them two LRA tasks that interpolants miss.
 * Over the reals Vigil's interpolants are model-based projections (lang/smt/interpolate.ts: Farkas
 * cubes are for the integers), which generalise no further than the core and cost more, so `auto`
 * takes interpolants where the model has no real variables, cores where it has: 11 of the 17.
 */
import type { EngineOption, Settings } from './engine.js';

export const PDR_LEMMAS: EngineOption = {
  name: 'pdr-lemmas',
  group: 'PDR options:',
  help: 'pdr: a blocked cube\'s lemma, an interpolant of the frame below and the steps into its location against the cube, or the negated cube shrunk to its unsat core (default: auto, interpolants unless the model has real variables)',
  choices: ['auto', 'interpolant', 'core'],
};

/** Whether lemmas are interpolated, on a model that has real variables or not. */
export function interpolatedLemmas(s: Settings, reals: boolean): boolean {
  const mode = s[PDR_LEMMAS.name] ?? 'auto';
  return mode === 'interpolant' || (mode === 'auto' && !reals);
}

/** The option as a run's configuration shows it, the default included (PDR on the CFA view and over clauses). */
export function pdrConfiguration(s: Settings): Record<string, string> {
  return { [PDR_LEMMAS.name]: s[PDR_LEMMAS.name] ?? 'auto' };
}
