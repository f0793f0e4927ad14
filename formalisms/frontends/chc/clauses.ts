/**
 * Constrained Horn clause systems as a CHC-COMP file states them: uninterpreted predicates over
 * Int, Bool and Real arguments, and clauses
 *
 *     forall vars. constraint and P1(t1) and ... and Pn(tn) => head
 *
 * whose head is a predicate atom or `false` (a query). A clause with no body atom is a fact. The
 * system is what the file says, before any translation: the CFA view (cfa.ts), the models and
 * derivations (model.ts, derivation.ts) and their independent checks (certificates/chc-*.ts) are
 * all stated over it. A linear system (at most one body atom per clause) has the CFA view, which
 * every word-level engine checks; a nonlinear one only the clause view (layout.ts), which PDR
 * over clauses checks (engines/horn-pdr.ts).
 */
import { InputError } from '../../../lang/errors.js';
import type { Expr, VarDecl } from '../../../lang/expr.js';
import type { Type } from '../../../lang/types.js';

/** 1-based, as in messages. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Predicate {
  /** As written, without the bars of a quoted symbol. */
  readonly name: string;
  /** Argument sorts: IntT, BoolT or RatT (Real). */
  readonly sorts: readonly Type[];
  /** Where it is declared. */
  readonly at: Position;
}

export interface Atom {
  readonly pred: Predicate;
  /** Terms over the clause's variables, each of its argument's sort. */
  readonly args: readonly Expr[];
  readonly at: Position;
}

export interface Clause {
  /** Position among the system's clauses. */
  readonly index: number;
  /** The universally quantified variables, as declared. */
  readonly vars: readonly VarDecl[];
  /** The interpreted part of the body over `vars` (`true` when there is none). */
  readonly constraint: Expr;
  readonly body: readonly Atom[];
  /** Undefined: the head is `false`, the clause is a query. */
  readonly head?: Atom;
  /** The `(assert ...)` command. */
  readonly at: Position;
  /** The asserted formula's text, offsets [start, end) in the file. */
  readonly span: { readonly start: number; readonly end: number };
}

export interface ChcSystem {
  readonly file: string;
  /** The file's text, for messages that quote it. */
  readonly text: string;
  /** In declaration order. */
  readonly predicates: readonly Predicate[];
  /** In the file's order. */
  readonly clauses: readonly Clause[];
}

/** How a clause is named in messages: "clause 3 (line 12)". */
export function clauseName(c: Clause): string {
  return `clause ${c.index + 1} (line ${c.at.line})`;
}

/** A message located in the system's file. */
function inputError(system: ChcSystem, at: Position, reason: string): InputError {
  return new InputError(system.file, at.line, at.column, reason, system.text);
}

/**
 * The first clause with two or more body atoms, refused at its second atom where a CFA is asked
 * for: a nonlinear clause joins several derivations into one, which no edge of a CFA can.
 */
export function nonlinearClause(system: ChcSystem): InputError | undefined {
  const c = system.clauses.find((x) => x.body.length > 1);
  if (!c) return undefined;
  const names = c.body.map((a) => a.pred.name).join(', ');
  return inputError(system, c.body[1]!.at,
    `nonlinear clause: its body has ${c.body.length} predicate atoms (${names}); a control-flow automaton has at most one per edge, so only pdr and the portfolio check this system`);
}
