/**
 * What every refinement strategy works with: the long-lived feasibility solver, interpolation, the
 * time budget of the current refinement; and what a strategy answers for one counterexample.
 */
import type { AbstractState } from '../domain.js';
import type { Budget } from './budget.js';
import type { Feasible, FeasibilityChecker } from './feasibility.js';
import type { Interpolation, ItpSequence } from './interpolants.js';
import type { Counterexample } from './pieces.js';

export interface Tools {
  readonly feasibility: FeasibilityChecker;
  readonly interpolation: Interpolation;
  readonly budget: Budget;
}

/** A concrete trace, or the interpolant sequence that refutes the counterexample. */
export type PathOutcome = Feasible | { readonly feasible: false; readonly seq: ItpSequence };

export type PathStrategy = <S extends AbstractState>(tools: Tools, cex: Counterexample<S>) => PathOutcome;
