/**
 * Control-flow automata: locations, and edges that each carry a list of statements over typed
 * variables. Unlike Theta, an edge keeps its whole statement list and is one action; the statements
 * run in sequence (see `cfa-semantics.ts` for the transition formula and concrete execution).
 */
import type { Expr, VarDecl } from '../lang/expr.js';

export type Stmt =
  | { readonly kind: 'assign'; readonly lhs: VarDecl; readonly rhs: Expr }
  | { readonly kind: 'assume'; readonly cond: Expr }
  | { readonly kind: 'havoc'; readonly v: VarDecl };

export interface Loc {
  readonly id: number;
  readonly name: string;
}

export interface Edge {
  readonly id: number;
  readonly source: Loc;
  readonly target: Loc;
  readonly stmts: readonly Stmt[];
  /** The lines of the file the edge is written on (1-based), from readers that know them, for showing a trace's steps in the source. */
  readonly lines?: { readonly first: number; readonly last: number };
}

export interface Cfa {
  /** The name of the main process. */
  readonly name: string;
  /** Where the main process is declared (1-based), for messages about the process as a whole. */
  readonly declaredAt?: { readonly line: number; readonly column: number };
  /** Global and main-process variables, in declaration order. */
  readonly vars: readonly VarDecl[];
  /** In declaration order. */
  readonly locs: readonly Loc[];
  readonly edges: readonly Edge[];
  readonly init: Loc;
  readonly final?: Loc;
  readonly error?: Loc;
}
