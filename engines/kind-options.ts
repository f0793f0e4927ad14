/** The options of k-induction (engines/kind.ts; circuits: engines/aiger/kind.ts), apart from them so that listing engines loads nothing. */
import type { EngineOption } from './engine.js';

export const INVARIANT_MODES = ['none', 'intervals', 'equalities', 'octagons'] as const;
export type InvariantMode = (typeof INVARIANT_MODES)[number];

export const INVARIANTS: EngineOption = {
  name: 'invariants',
  group: 'k-induction options:',
  help: 'kind: auxiliary invariants proven beside it and added to the step case, each mode with those before it (default: octagons, after intervals and affine equalities)',
  choices: INVARIANT_MODES,
};

export const SIMPLE_PATH: EngineOption = {
  name: 'simplepath',
  group: 'k-induction options:',
  help: 'kind: simple-path constraints in the step case, added where its path repeats a state (default: lazy; on circuits off, so that every proof is a witness circuit in certifaiger\'s form)',
  choices: ['lazy', 'off'],
};
