/**
 * What the word-level front ends (CFA, STS) share about certificates: their counterexamples are
 * traces of the interpreter view and their proofs invariants per location; the circuit kinds
 * (witnesses, witness circuits) belong to AIGER problems only.
 */
import type { Expr } from '../../lang/expr.js';
import type { Location } from '../interpreter.js';
import type { Trace } from '../trace.js';
import type { SafeCertificate, UnsafeCertificate } from '../../certificates/certificate.js';

export function wordLevelTrace(c: UnsafeCertificate): Trace {
  if (c.kind !== 'trace') throw new Error(`an AIGER ${c.kind} cannot be a certificate of a word-level model`);
  return c.trace;
}

export function wordLevelInvariant(c: SafeCertificate): ReadonlyMap<Location, Expr> {
  if (c.kind === 'witness-circuit') throw new Error('an AIGER witness circuit cannot be a certificate of a word-level model');
  return c.invariant;
}

/** "Inductive invariant", or "3-inductive invariant": the first words of a certificate file. */
export function invariantTitle(c: SafeCertificate): string {
  return c.kind === 'k-invariant' ? `${c.k}-inductive invariant` : 'Inductive invariant';
}
