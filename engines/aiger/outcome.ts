/**
 * What a bit-level engine finds on its task's circuit, before it becomes a result: a run into the
 * bad state, an inductive invariant as clauses over the circuit's latch literals, or nothing with
 * the reason; and the result it is, with its certificate over the task.
 */
import type { Run } from '../../formalisms/aig-eval.js';
import type { Clause } from '../../formalisms/certificate.js';
import type { Result, Statistics, UnknownReason } from '../../formalisms/result.js';

export type Outcome =
  | { readonly result: 'unsafe'; readonly run: Run }
  | { readonly result: 'safe'; readonly invariant: readonly Clause[] }
  | { readonly result: 'unknown'; readonly reason: UnknownReason };

export function resultOf(outcome: Outcome, stats: Statistics): Result {
  switch (outcome.result) {
    case 'unknown': return { verdict: 'unknown', reason: outcome.reason, stats };
    case 'unsafe': return { verdict: 'unsafe', certificate: { kind: 'run', run: outcome.run }, stats };
    case 'safe': return { verdict: 'safe', certificate: { kind: 'latch-clauses', clauses: outcome.invariant }, stats: { ...stats, invariantClauses: outcome.invariant.length } };
  }
}
