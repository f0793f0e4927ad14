/**
 * Sequence interpolation (Hajdu and Micskei, Sect. 2.2.2): I_k over the variables shared by the
 * parts up to state k and those after it, with I_(k-1) and A_k implying I_k; the last state gets
 * `false`. The whole path is checked first on the feasibility solver, which also yields the trace.
 */
import { False } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { pathParts, unindexed } from '../path.js';
import type { AbstractState } from '../domain.js';
import { itpSequence, type ItpSequence } from './interpolants.js';
import type { Counterexample } from './pieces.js';
import type { PathOutcome, Tools } from './tools.js';

export function sequenceItp<S extends AbstractState>(tools: Tools, cex: Counterexample<S>): PathOutcome {
  const trace = tools.feasibility.check(cex, tools.budget);
  if (trace) return { feasible: true, trace };
  return { feasible: false, seq: refuteBySequence(tools, cex) };
}

/** The sequence interpolants of a path already known to be infeasible. */
export function refuteBySequence<S extends AbstractState>(tools: Tools, cex: Counterexample<S>): ItpSequence {
  const itps = tools.interpolation.sequence(pathParts(cex.model, cex.path), tools.budget);
  return itpSequence([...itps.map((e) => simplify(unindexed(e))), False]);
}
