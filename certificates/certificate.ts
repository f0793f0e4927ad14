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
 *   rules;
 * - `transition-invariant` (TERMINATING): a disjunctively well-founded transition invariant per
 *   loop head with the reachability invariant it relies on (certificates/transition-invariant.ts);
 * - `recurrent-set` and `lasso-run` (NONTERMINATING): a concrete stem with a cycle that can be
 *   repeated forever from the state it reaches, or a run that comes back to a state it has been in
 *   (certificates/lasso.ts).
 */
import type { Expr } from '../lang/expr.js';
import type { Action, Location } from '../formalisms/interpreter.js';
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

/**
 * A relation over V (the state before) and V' (the state after) with a ranking function that makes
 * it well-founded: `relation` implies `rank >= bound` and `rank' <= rank - 1` over the integers.
 */
export interface RankedRelation {
  readonly relation: Expr;
  readonly rank: Expr;
  readonly bound: bigint;
}

/**
 * The termination argument of one loop head h: `relations` gives, for each cutpoint c of h's
 * strongly connected component, a relation over V (the state at h) and V' (a later state at c)
 * that contains every path from a reachable state at h to c; at h itself the relation is
 * contained in the union of the ranked relations (disjunctive well-foundedness, Podelski and
 * Rybalchenko, LICS 2004).
 */
export interface HeadArgument {
  readonly head: Location;
  readonly relations: ReadonlyMap<Location, Expr>;
  readonly ranked: readonly RankedRelation[];
}

export type TerminationCertificate = {
  readonly kind: 'transition-invariant';
  /** A reachability invariant per location, over V (`true` where none is needed). */
  readonly reach: ReadonlyMap<Location, Expr>;
  /** One argument per cutpoint; every cycle of the automaton passes through one of them. */
  readonly heads: readonly HeadArgument[];
};

export type NonterminationCertificate =
  | {
    readonly kind: 'recurrent-set';
    /** A run from an initial state to the head, whose last state lies in `set`. */
    readonly stem: Trace;
    /** The actions of the cycle, from the head back to it. */
    readonly cycle: readonly Action[];
    /** States at the head from which the cycle can be taken into the set again, over V. */
    readonly set: Expr;
  }
  | {
    readonly kind: 'lasso-run';
    /** A run from an initial state whose last state equals its state at `loopStart`. */
    readonly trace: Trace;
    readonly loopStart: number;
  };

export type Certificate = SafeCertificate | UnsafeCertificate | TerminationCertificate | NonterminationCertificate;

/** How the certificate kinds are called in messages. */
export const KIND_NAMES: Record<Certificate['kind'], string> = {
  'trace': 'counterexample',
  'witness': 'witness',
  'invariant': 'inductive invariant',
  'k-invariant': 'k-inductive invariant',
  'witness-circuit': 'witness circuit',
  'transition-invariant': 'transition invariant',
  'recurrent-set': 'recurrent set',
  'lasso-run': 'lasso',
};

/**
 * A certificate failed its check: the engine that produced it has a bug. The verdict is never
 * shown; the command reports an internal error naming the model, the property and what failed.
 */
export class CertificateError extends Error {}
