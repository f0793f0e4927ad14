/**
 * The interpreter interface: the one view of a model that every algorithm uses, whatever the
 * formalism. A state is a location and a valuation of the model's variables. The initial states are
 * the initial location with the valuations satisfying `init`; the bad states are the error location
 * with the valuations satisfying `bad`. From a location, the enabled actions are `actions(loc)`;
 * each has a transition formula over V (unprimed), V' (primed) and its own step-local variables
 * (`locals`: havoc results and other choices made inside one step, existential per step), and can
 * be executed in TypeScript on a concrete or partially known valuation.
 *
 * CFAs have real locations (an action is an edge with its statement list); an STS, and a circuit
 * turned into one, has a single location whose one action is the transition relation.
 */
import type { Expr, VarDecl } from '../lang/expr.js';
import type { Valuation } from '../lang/eval.js';

export type Formalism = 'cfa' | 'sts' | 'aiger' | 'btor2';

export interface Location {
  readonly id: number;
  readonly name: string;
}

/**
 * The result of running an action in TypeScript.
 * - `disabled`: a guard evaluated to false, the action cannot fire from this valuation.
 * - otherwise `post` holds the successor's known values (unknown ones are absent), and `exact` says
 *   whether every guard was decided true (false: some guard was unknown, so `post` over-approximates
 *   the successors and the action may not be enabled at all).
 */
export type Execution =
  | { readonly disabled: true }
  | { readonly disabled: false; readonly post: Valuation; readonly exact: boolean };

export interface Action {
  /** Dense, unique within the model. */
  readonly id: number;
  readonly source: Location;
  readonly target: Location;
  /** A short human-readable text (the edge, or the transition's name). */
  readonly label: string;
  /** Transition formula over V, V' and `locals`. */
  readonly formula: Expr;
  /** Step-local variables of the formula; a trace records their values per step as choices. */
  readonly locals: readonly VarDecl[];
  /**
   * Runs the action on `state`. `choices` supplies values for nondeterminism (the locals, and for
   * relational transitions the next values the relation leaves open); without them those values are
   * unknown in `post`.
   */
  execute(state: Valuation, choices?: Valuation): Execution;
}

export interface Interpreter {
  readonly formalism: Formalism;
  readonly name: string;
  /** The state variables. */
  readonly vars: readonly VarDecl[];
  readonly locations: readonly Location[];
  readonly initLoc: Location;
  /** Initial condition over V at `initLoc`. */
  readonly init: Expr;
  readonly errorLoc: Location;
  /** The bad states at `errorLoc`, over V (`true` for a CFA's error location). */
  readonly bad: Expr;
  actions(loc: Location): readonly Action[];
  /** Variables that are inputs (fresh each step); only circuits have them, for witnesses. */
  readonly inputs: readonly VarDecl[];
}
