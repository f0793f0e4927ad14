/**
 * The certificates engines return with a verdict, typed by what they are rather than by who found
 * them, over the task the engine checked (formalisms/task.ts):
 *
 * - `trace`: a run of the task's interpreter view into a bad state;
 * - `run`: a run of the task's circuit (its initial latches and one input vector per step) into
 *   its bad state;
 * - `derivation`: a derivation of false from the task's clause system (a tree of ground clause
 *   instances, where the system is nonlinear and has no interpreter view);
 * - `invariant`: an inductive invariant per location of the interpreter view;
 * - `k-invariant`: a k-inductive invariant per location (optionally under simple-path
 *   constraints);
 * - `latch-clauses`: an inductive invariant of the task's circuit, as clauses over its latch
 *   literals, with equivalences of its signals (`SignalFacts`) where signal correspondence merged
 *   some;
 * - `k-induction`: the task's circuit property is k-inductive relative to clauses over its latch
 *   literals (and signal equivalences) that hold in every reachable state;
 * - `transition-invariant` (TERMINATING): a disjunctively well-founded transition invariant per
 *   loop head with the reachability invariant it relies on;
 * - `recurrent-set` and `lasso-run` (NONTERMINATING): a concrete stem with a cycle that can be
 *   repeated forever from the state it reaches, or a run that comes back to a state it has been in;
 * - `lasso` (a justice property fails): a run of the task's circuit whose state after the last step
 *   is its state at the loop's start, with every justice and fairness literal 1 in the loop;
 * - `l2s-invariant`, `l2s-k-induction` and `k-liveness` (a justice property holds): what a safety
 *   engine proved of the liveness-to-safety circuit (an invariant, or k-induction), or IC3 of the
 *   k-liveness circuit for some K, over latch positions; the front end builds the witness circuit
 *   of the file from it (the same construction over the file's circuit).
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
  | { readonly kind: 'run'; readonly run: Run }
  | { readonly kind: 'derivation'; readonly derivation: ChcDerivation };

export type SafeCertificate =
  | { readonly kind: 'invariant'; readonly invariant: ReadonlyMap<Location, Expr> }
  | {
    readonly kind: 'k-invariant';
    readonly k: number;
    /** Whether the inductive step needs its k + 1 states to be pairwise distinct. */
    readonly simplePath: boolean;
    readonly invariant: ReadonlyMap<Location, Expr>;
  }
  | { readonly kind: 'latch-clauses'; readonly clauses: readonly Clause[]; readonly signals?: SignalFacts }
  | {
    readonly kind: 'k-induction';
    /** D: D consecutive good states are followed by a good one (and no bad state within D - 1 steps). */
    readonly depth: number;
    /** The circuit the induction was proved on (inputs and latches at their file positions). */
    readonly proved: Aig;
    /** What holds in every reachable state of the task's circuit, over its latch literals. */
    readonly facts: readonly Clause[];
    /** What holds of its signals in every reachable state, for every input. */
    readonly signals?: SignalFacts;
  };

/**
 * Equivalences of signals (signal correspondence's) that hold in every reachable state of a circuit
 * for every input, as a graph of their own over the circuit's inputs and latches by file position,
 * so that they need no renumbering between the tasks of one file: node 0 is the constant, nodes
 * 1 .. |inputs| the inputs at the positions `inputs` lists, then the latches at the positions
 * `latches` lists, then AND gates with their two fanin literals each in `fanins` (over lower nodes);
 * the two literals of each pair are equal.
 */
export interface SignalFacts {
  readonly inputs: readonly number[];
  readonly latches: readonly number[];
  readonly fanins: readonly Lit[];
  readonly pairs: readonly (readonly [Lit, Lit])[];
}

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

/**
 * A clause over latch positions: each literal `2 * position + negated`. In a liveness proof's
 * `clauses` the latches the construction adds take the positions from the certificate's `base` on,
 * in the construction's order (over a file they follow the file's own latches); its `facts` (what
 * the circuit passes proved) speak of the file's latches only.
 */
export type PositionClause = readonly number[];

/** Where a liveness construction's own input (the liveness-to-safety oracle) and latches start, by position. */
export interface ConstructionBase {
  readonly input: number;
  readonly latch: number;
}

export type LivenessFailure = {
  readonly kind: 'lasso';
  /** A run of the task's circuit: the state after its last step is its state at `loopStart`. */
  readonly run: Run;
  readonly loopStart: number;
};

export type LivenessProof =
  | {
    readonly kind: 'l2s-invariant';
    /** The latches (positions) the construction copies and compares. */
    readonly compared: readonly number[];
    readonly base: ConstructionBase;
    /** An inductive invariant of the liveness-to-safety circuit excluding its bad state. */
    readonly clauses: readonly PositionClause[];
    /** What holds of the file's latches in every reachable state. */
    readonly facts: readonly PositionClause[];
  }
  | {
    readonly kind: 'l2s-k-induction';
    readonly compared: readonly number[];
    readonly base: ConstructionBase;
    /** D: the liveness-to-safety circuit's bad state is D-inductive on `proved`. */
    readonly depth: number;
    /** The safety circuit k-induction proved, its inputs and latches at their positions. */
    readonly proved: Aig;
    /** What holds in every reachable state of the safety circuit. */
    readonly clauses: readonly PositionClause[];
    /** What holds of the file's latches in every reachable state. */
    readonly facts: readonly PositionClause[];
  }
  | {
    readonly kind: 'k-liveness';
    /** No run accepts more than K times (the justice set and the fairness merged into one signal). */
    readonly k: number;
    readonly base: ConstructionBase;
    /** An inductive invariant of the k-liveness circuit for K excluding its bad state. */
    readonly clauses: readonly PositionClause[];
    /** What holds of the file's latches in every reachable state. */
    readonly facts: readonly PositionClause[];
  };

/** The certificates of each property kind's answers (formalisms/property-kinds.ts). */
export interface CertificateOf {
  readonly safety: { readonly holds: SafeCertificate; readonly fails: UnsafeCertificate };
  readonly termination: { readonly holds: TerminationCertificate; readonly fails: NonterminationCertificate };
  readonly liveness: { readonly holds: LivenessProof; readonly fails: LivenessFailure };
}

/** A ranking over a liveness witness circuit W's states: rank literals (most significant first) and a waiting literal per liveness literal, all W's. */
export interface RankingArgument {
  readonly kind: 'ranking';
  readonly rank: readonly Lit[];
  readonly waiting: readonly Lit[];
}

/** A closed-loop argument: positions of W's oracle input, its saved latch, its copies of M's latches, and a seen latch per liveness literal. */
export interface LoopArgument {
  readonly kind: 'loop';
  readonly oracle: number;
  readonly saved: number;
  /** `latch`: a latch of M (position); `copy`: W's latch holding its saved value (position). */
  readonly shadow: readonly { readonly latch: number; readonly copy: number }[];
  readonly seen: readonly number[];
}

/** A liveness witness circuit (certificates/liveness-circuit.ts) with the argument that no run of it is fair. */
export interface LivenessWitness {
  /** W: its first bad state is its invariant negated, its first justice set its liveness literals. */
  readonly witness: Aig;
  readonly argument: RankingArgument | LoopArgument;
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
  | { readonly kind: 'lasso-witness'; readonly aig: Aig; readonly justice: number; readonly run: Run }
  | { readonly kind: 'liveness-circuit'; readonly aig: Aig; readonly justice: number; readonly proof: LivenessWitness }
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
  'derivation': 'derivation of false',
  'invariant': 'inductive invariant',
  'k-invariant': 'k-inductive invariant',
  'latch-clauses': 'inductive invariant',
  'k-induction': 'k-induction proof',
  'transition-invariant': 'transition invariant',
  'recurrent-set': 'recurrent set',
  'lasso-run': 'lasso',
  'lasso': 'lasso',
  'l2s-invariant': 'liveness-to-safety invariant',
  'l2s-k-induction': 'liveness-to-safety k-induction proof',
  'k-liveness': 'k-liveness invariant',
};

/** The signal facts a circuit proof carries besides what its title shows, which only its witness circuit states. */
function signalsNamed(signals: SignalFacts | undefined): string {
  if (!signals) return '';
  const n = signals.pairs.length;
  return ` and ${n} equivalence${n === 1 ? '' : 's'} of merged signals (stated in its witness circuit, --certificate)`;
}

/** What a summary calls a certificate: `3-inductive invariant`, `lasso with a recurrent set (stem of 2, cycle of 1 step)`. */
export function certificateTitle(c: Certificate): string {
  switch (c.kind) {
    case 'trace': return `counterexample of ${steps(c.trace.actions.length)}`;
    case 'run': return `counterexample of ${steps(c.run.inputs.length - 1)}`;
    case 'derivation': return `derivation of false in ${steps(c.derivation.steps.length)}`;
    case 'invariant': return 'inductive invariant';
    case 'latch-clauses': return `inductive invariant${signalsNamed(c.signals)}`;
    case 'k-invariant': return `${c.k}-inductive invariant${c.simplePath ? ' over simple paths' : ''}`;
    case 'k-induction': return `${c.depth}-inductive property, with the constant latches${signalsNamed(c.signals)}`;
    case 'transition-invariant': return `disjunctively well-founded transition invariant over ${c.heads.length} loop head${c.heads.length === 1 ? '' : 's'}`;
    case 'recurrent-set': return `lasso with a recurrent set (stem of ${c.stem.actions.length}, cycle of ${steps(c.cycle.length)})`;
    case 'lasso-run': return `run of ${steps(c.trace.actions.length)} that repeats a state`;
    case 'lasso': return `lasso of ${steps(c.run.inputs.length)}, its loop from step ${c.loopStart}`;
    case 'l2s-invariant': return 'liveness-to-safety invariant, a closed-loop liveness witness circuit';
    case 'l2s-k-induction': return `liveness-to-safety by ${c.depth}-induction, a closed-loop liveness witness circuit`;
    case 'k-liveness': return `at most ${c.k} accepts (k-liveness), a liveness witness circuit with a ranking`;
  }
}

function steps(n: number): string {
  return `${n} step${n === 1 ? '' : 's'}`;
}
