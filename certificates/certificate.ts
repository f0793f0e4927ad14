/**
 * The certificates engines return with a verdict, typed by what they are rather than by who found
 * them, so that each kind has exactly one check (certificates/check.ts):
 *
 * - `trace`: a run of the property's interpreter view into a bad state, replayed in TypeScript;
 * - `witness`: an AIGER counterexample over the file's own inputs and latches (the HWMCC witness),
 *   simulated on the file's circuit by the HWMCC rules;
 * - `invariant`: an inductive invariant per location of the interpreter view;
 * - `k-invariant`: a k-inductive invariant per location (optionally under simple-path
 *   constraints), checked by a base case of k steps and a k-step inductive step;
 * - `witness-circuit`: an AIGER witness circuit for the file's circuit, checked by certifaiger's
 *   rules.
 */
import type { Expr } from '../lang/expr.js';
import type { Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Aig, Lit } from '../formalisms/aig.js';
import type { Run } from '../formalisms/aig-eval.js';

export type UnsafeCertificate =
  | { readonly kind: 'trace'; readonly trace: Trace }
  | { readonly kind: 'witness'; readonly run: Run };

export type SafeCertificate =
  | { readonly kind: 'invariant'; readonly invariant: ReadonlyMap<Location, Expr> }
  | {
    readonly kind: 'k-invariant';
    readonly k: number;
    /** Whether the inductive step needs its k + 1 states to be pairwise distinct. */
    readonly simplePath: boolean;
    readonly invariant: ReadonlyMap<Location, Expr>;
  }
  | {
    readonly kind: 'witness-circuit';
    /** The circuit whose first bad-state literal is the certified property. */
    readonly witness: Aig;
    /** The invariant the witness adds to the property, as clauses over the file's latch literals (for showing it). */
    readonly clauses: readonly (readonly Lit[])[];
    /** For a proof by k-induction: its depth k (the witness remembers k - 1 states; `clauses` are only the constant latches). */
    readonly k?: number;
  };

export type Certificate = SafeCertificate | UnsafeCertificate;

/** How the certificate kinds are called in messages. */
export const KIND_NAMES: Record<Certificate['kind'], string> = {
  'trace': 'counterexample',
  'witness': 'witness',
  'invariant': 'inductive invariant',
  'k-invariant': 'k-inductive invariant',
  'witness-circuit': 'witness circuit',
};

/**
 * A certificate failed its check: the engine that produced it has a bug. The verdict is never
 * shown; the command reports an internal error naming the model, the property and what failed.
 */
export class CertificateError extends Error {}
