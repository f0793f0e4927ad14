/**
 * The options of PDR (engines/pdr.ts), apart from it so that listing engines loads nothing: how a
 * blocked cube's lemma is learnt. Measured on the 17 CHC tasks that Spacer decided and the default
 * did not, or that k-induction proved without a model (30 s each, docs/guide/pdr.md): interpolants
 * decide 9 of them, among them the llreve equivalence tasks whose lemmas relate two programs'
 * variables; negated cores decide 7, faster, among them two LRA tasks that interpolants miss.
 * Over the reals Vigil's interpolants are model-based projections (lang/smt/interpolate.ts: Farkas
 * cubes are for the integers), which generalise no further than the core and cost more, so `auto`
 * takes interpolants where the model has no real variables, cores where it has: 11 of the 17.
 *
 * A negated cube is then generalised inductively (literals dropped while it stays inductive
 * relative to the frame below, as Spacer's `ind_gen`). Measured at 60 s, PDR alone, both ways in
 * one run (docs/guide/pdr.md): on the 20 LRA tasks it decides 17 against 15 with the core alone
 * (`eventclock3` and `simple_startup2.2`, which only Spacer decided before), in 14 % less CPU;
 * on the 21 nonlinear tasks with core lemmas the same 18 in 13 % less CPU, and in 0.74 times the
 * median wall time of interpolated lemmas (`MESI_i4` 9.5 s against 34 s), so over clauses `auto`
 * takes cores too.
 */
import type { InvariantStage } from './invariant-generator.js';
import type { EngineOption, Settings } from './engine.js';

export const PDR_LEMMAS: EngineOption = {
  name: 'pdr-lemmas',
  group: 'PDR options:',
  help: 'pdr: a blocked cube\'s lemma, an interpolant of the frame below and the steps into its location against the cube, or the negated cube shrunk to its unsat core (default: auto, interpolants on the CFA view of a model without real variables, cores otherwise)',
  choices: ['auto', 'interpolant', 'core'],
  default: 'auto',
};

export const PDR_GENERALIZE: EngineOption = {
  name: 'pdr-generalize',
  group: 'PDR options:',
  help: 'pdr: a negated cube\'s literals, dropped one at a time while the lemma stays inductive relative to the frame below (inductive), or the unsat core\'s (core) (default: inductive)',
  choices: ['inductive', 'core'],
  default: 'inductive',
};

export const PDR_INVARIANTS: EngineOption = {
  name: 'pdr-invariants',
  group: 'PDR options:',
  help: 'pdr on a transition system or automaton: the invariant it first proves, within a few seconds, and assumes in every frame: none; the affine equalities among its numeric variables at each location (Karr\'s invariant); or those, intervals, equalities on either side of the guards and two-variable templates bounded by sampled states (default: templates)',
  choices: ['none', 'equalities', 'templates'],
  default: 'templates',
};

/** The invariant generator's stages PDR on the CFA view starts from. */
export function seedStages(s: Settings): InvariantStage[] {
  const mode = s[PDR_INVARIANTS.name] ?? PDR_INVARIANTS.default;
  return mode === 'none' ? [] : mode === 'equalities' ? ['equalities'] : ['equalities', 'intervals', 'guarded', 'templates'];
}

/** How PDR learns a lemma: from an interpolant, else from the blocked cube, generalised inductively or to its core. */
export interface LemmaSettings {
  readonly interpolate: boolean;
  readonly inductive: boolean;
}

/** The lemma settings, on a model that has real variables or not, on the CFA view or over clauses. */
export function lemmaSettings(s: Settings, reals: boolean, overClauses: boolean): LemmaSettings {
  const mode = s[PDR_LEMMAS.name] ?? PDR_LEMMAS.default;
  return {
    interpolate: mode === 'interpolant' || (mode === 'auto' && !reals && !overClauses),
    inductive: (s[PDR_GENERALIZE.name] ?? PDR_GENERALIZE.default) === 'inductive',
  };
}

/** The options as a run's configuration shows them, the default included (PDR on the CFA view and over clauses). */
export function pdrConfiguration(s: Settings, overClauses: boolean): Record<string, string> {
  const options = overClauses ? [PDR_LEMMAS, PDR_GENERALIZE] : [PDR_LEMMAS, PDR_GENERALIZE, PDR_INVARIANTS];
  return Object.fromEntries(options.map((o) => [o.name, s[o.name] ?? o.default!]));
}
