/**
 * The certificates engines return with a verdict, typed by what they are rather than by who found
 * them, over the task the engine checked (formalisms/task.ts):
 *
 * - `trace`: a run of the task's interpreter view into a bad state;
 * - `run`: a run of the task's circuit (its initial latches and one input vector per step) into
 *   its bad state;
 * - `invariant`: an inductive invariant per location of the interpreter view;
 * - `k-invariant`: a k-inductive invariant per location (optionally under simple-path
 *   constraints);
 * - `latch-clauses`: an inductive invariant of the task's circuit, as clauses over its latch
 *   literals;
 * - `k-induction`: the task's circuit property is k-inductive relative to clauses over its latch
 *   literals that hold in every reachable state;
 * - `transition-invariant` (TERMINATING): a disjunctively well-founded transition invariant per
 *   loop head with the reachability invariant it relies on;
 * - `recurrent-set` and `lasso-run` (NONTERMINATING): a concrete stem with a cycle that can be
 *   repeated forever from the state it reaches, or a run that comes back to a state it has been in.
 *
 * The passes map a certificate back to the task they were given, and the problem's front end
 * turns it into claims about the file (`Claim`, below), each of a kind that has exactly one check
 * (certificates/check.ts), by code that shares nothing with the engine.
 */
import type { Expr } from '../lang/expr.js';
import type { Action, Interpreter, Location } from './interpreter.js';
import type { Trace } from './trace.js';
import type { Aig, Lit } from './aig.js';
import type { Run } from './aig-eval.js';
import type { Btor2Model } from './frontends/btor2/model.js';
import type { ChcSystem } from './frontends/chc/clauses.js';
import type { ChcDerivation } from './frontends/chc/derivation.js';

/** A clause over latch literals (`2 * node + negated`) of a circuit. */
export type Clause = readonly Lit[];

export type UnsafeCertificate =
  | { readonly kind: 'trace'; readonly trace: Trace }
  | { readonly kind: 'run'; readonly run: Run };

export type SafeCertificate =
  | { readonly kind: 'invariant'; readonly invariant: ReadonlyMap<Location, Expr> }
  | {
    readonly kind: 'k-invariant';
    readonly k: number;
    /** Whether the inductive step needs its k + 1 states to be pairwise distinct. */
    readonly simplePath: boolean;
    readonly invariant: ReadonlyMap<Location, Expr>;
  }
  | { readonly kind: 'latch-clauses'; readonly clauses: readonly Clause[] }
  | {
    readonly kind: 'k-induction';
    /** D: D consecutive good states are followed by a good one (and no bad state within D - 1 steps). */
    readonly depth: number;
    /** The circuit the induction was proved on (inputs and latches at their file positions). */
    readonly proved: Aig;
    /** What holds in every reachable state of the task's circuit, over its latch literals. */
    readonly facts: readonly Clause[];
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

/** The certificates of each property kind's answers (formalisms/property-kinds.ts). */
export interface CertificateOf {
  readonly safety: { readonly holds: SafeCertificate; readonly fails: UnsafeCertificate };
  readonly termination: { readonly holds: TerminationCertificate; readonly fails: NonterminationCertificate };
}

export type Certificate = CertificateOf[keyof CertificateOf][keyof CertificateOf[keyof CertificateOf]];

/**
 * What a result says about the file, as its front end puts it: each kind has exactly one check
 * (certificates/check.ts). The claims about the model name the interpreter view they speak of;
 * those about a circuit name the file's own graph and property (an HWMCC witness, simulated by the
 * HWMCC rules; a witness circuit in certifaiger's format, checked by certifaiger's rules); a
 * BTOR2 model's counterexample is the btorsim witness written for it, replayed on the BTOR2
 * simulator; the claims about a clause system name the system as read (a model of its clauses, a
 * derivation of false).
 */
export type Claim =
  | { readonly kind: 'trace'; readonly model: Interpreter; readonly trace: Trace }
  | { readonly kind: 'invariant'; readonly model: Interpreter; readonly invariant: ReadonlyMap<Location, Expr> }
  | { readonly kind: 'k-invariant'; readonly model: Interpreter; readonly invariant: ReadonlyMap<Location, Expr>; readonly k: number; readonly simplePath: boolean }
  | { readonly kind: 'witness'; readonly aig: Aig; readonly property: number; readonly run: Run }
  | { readonly kind: 'witness-circuit'; readonly aig: Aig; readonly property: number; readonly witness: Aig }
  | { readonly kind: 'btor2-witness'; readonly model: Btor2Model; readonly property: number; readonly witness: string }
  | { readonly kind: 'transition-invariant'; readonly model: Interpreter; readonly certificate: TerminationCertificate }
  | { readonly kind: 'recurrent-set' | 'lasso-run'; readonly model: Interpreter; readonly certificate: NonterminationCertificate }
  /** A model of a clause system, as the `define-fun`s its writer prints: read back, every clause valid under it. */
  | { readonly kind: 'chc-model'; readonly system: ChcSystem; readonly text: string }
  /** A derivation of false from a clause system: ground clause instances, replayed. */
  | { readonly kind: 'chc-derivation'; readonly system: ChcSystem; readonly derivation: ChcDerivation };

/** The claims of a certificate over an interpreter view, as every word-level front end makes them. */
export function modelClaims(model: Interpreter, c: Certificate): Claim[] {
  switch (c.kind) {
    case 'trace': return [{ kind: 'trace', model, trace: c.trace }];
    case 'invariant': return [{ kind: 'invariant', model, invariant: c.invariant }];
    case 'k-invariant': return [{ kind: 'k-invariant', model, invariant: c.invariant, k: c.k, simplePath: c.simplePath }];
    case 'transition-invariant': return [{ kind: 'transition-invariant', model, certificate: c }];
    case 'recurrent-set': case 'lasso-run': return [{ kind: c.kind, model, certificate: c }];
    default: throw new Error(`a ${KIND_NAMES[c.kind]} is not a certificate of a word-level model`);
  }
}

/** How the certificate kinds are called in messages. */
const KIND_NAMES: Record<Certificate['kind'], string> = {
  'trace': 'counterexample',
  'run': 'counterexample',
  'invariant': 'inductive invariant',
  'k-invariant': 'k-inductive invariant',
  'latch-clauses': 'inductive invariant',
  'k-induction': 'k-induction proof',
  'transition-invariant': 'transition invariant',
  'recurrent-set': 'recurrent set',
  'lasso-run': 'lasso',
};

/** What a summary calls a certificate: `3-inductive invariant`, `lasso with a recurrent set (stem of 2, cycle of 1 step)`. */
export function certificateTitle(c: Certificate): string {
  switch (c.kind) {
    case 'trace': return `counterexample of ${steps(c.trace.actions.length)}`;
    case 'run': return `counterexample of ${steps(c.run.inputs.length - 1)}`;
    case 'invariant': case 'latch-clauses': return 'inductive invariant';
    case 'k-invariant': return `${c.k}-inductive invariant${c.simplePath ? ' over simple paths' : ''}`;
    case 'k-induction': return `${c.depth}-inductive property, with the constant latches`;
    case 'transition-invariant': return `disjunctively well-founded transition invariant over ${c.heads.length} loop head${c.heads.length === 1 ? '' : 's'}`;
    case 'recurrent-set': return `lasso with a recurrent set (stem of ${c.stem.actions.length}, cycle of ${steps(c.cycle.length)})`;
    case 'lasso-run': return `run of ${steps(c.trace.actions.length)} that repeats a state`;
  }
}

function steps(n: number): string {
  return `${n} step${n === 1 ? '' : 's'}`;
}
