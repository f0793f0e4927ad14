/**
 * Binary interpolation (Hajdu and Micskei, Sect. 2.2.2 and 3.2.1).
 *
 * Forward: A is the longest feasible prefix s_1 .. s_i, B the next operation and state; the
 * interpolant refines s_i, the last state the concrete program can still reach.
 *
 * Backward: A is the longest feasible suffix s_i .. s_n, B the state and operation before it; the
 * interpolant J lands on s_i, the first state of the suffix (A and B share only step i). J
 * over-approximates the states from which the suffix runs to the error, so its negation holds after
 * B: the state's formula is not J, which makes the result a sequence interpolant like the others.
 */
import { False, True, and, not } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { unindexed } from '../path.js';
import type { AbstractState } from '../domain.js';
import { binarySequence, itpSequence } from './interpolants.js';
import { segment, type Counterexample } from './pieces.js';
import type { PathOutcome, Tools } from './tools.js';

/** No state of the path can be reached at all (the first state itself is inconsistent). */
function unreachable(n: number): PathOutcome {
  return { feasible: false, seq: itpSequence(Array.from({ length: n }, () => False)) };
}

export function forwardBinary<S extends AbstractState>(tools: Tools, cex: Counterexample<S>): PathOutcome {
  const r = tools.feasibility.prefix(cex, tools.budget);
  if (r.feasible) return r;
  const n = cex.states.length;
  const i = r.length - 1;
  if (i < 0) return unreachable(n);
  const a = segment(cex, 0, i);
  const b = and(cex.trans[i]!, cex.states[i + 1]!);
  const itp = tools.interpolation.binary(a, b, tools.budget);
  return { feasible: false, seq: binarySequence(n, i, simplify(unindexed(itp)), False) };
}

export function backwardBinary<S extends AbstractState>(tools: Tools, cex: Counterexample<S>): PathOutcome {
  const r = tools.feasibility.suffix(cex, tools.budget);
  if (r.feasible) return r;
  const n = cex.states.length;
  const i = r.start;
  if (i >= n) return unreachable(n);
  const a = segment(cex, i, n - 1, true);
  const b = and(cex.states[i - 1]!, cex.trans[i - 1]!);
  const itp = tools.interpolation.binary(a, b, tools.budget);
  return { feasible: false, seq: binarySequence(n, i, simplify(not(unindexed(itp))), True) };
}
