/**
 * The syntax tree the CFA parser produces. It is untyped and unresolved: names are resolved, types
 * checked and literals validated only once a whole process has been read (formats.md 2.2), by
 * `cfa-build.ts`. Every node keeps its first token, the position reported for errors in it.
 */
import type { IToken } from 'chevrotain';

export type TypeSyntax =
  | { readonly k: 'bool' | 'int' | 'rat'; readonly tok: IToken }
  | { readonly k: 'bv'; readonly tok: IToken; readonly width: IToken }
  | { readonly k: 'fp'; readonly tok: IToken }
  | { readonly k: 'array'; readonly tok: IToken; readonly index: TypeSyntax; readonly elem: TypeSyntax }
  | { readonly k: 'function'; readonly tok: IToken };

/** One operator of a left-associative chain (`a + b - c`), with the operand to its right. */
export interface ChainLink {
  readonly op: IToken;
  readonly arg: ExprSyntax;
}

export interface Binding {
  readonly name: IToken;
  readonly type: TypeSyntax;
}

export type ExprSyntax =
  | { readonly k: 'ref'; readonly tok: IToken }
  | { readonly k: 'bool'; readonly tok: IToken; readonly value: boolean }
  | { readonly k: 'num'; readonly tok: IToken }
  | { readonly k: 'rat'; readonly tok: IToken; readonly den: IToken }
  | { readonly k: 'bv'; readonly tok: IToken }
  | { readonly k: 'fp'; readonly tok: IToken }
  | {
    readonly k: 'array';
    readonly tok: IToken;
    readonly entries: readonly (readonly [ExprSyntax, ExprSyntax])[];
    readonly indexType?: TypeSyntax;
    readonly dflt: ExprSyntax;
  }
  | { readonly k: 'ite'; readonly tok: IToken; readonly cond: ExprSyntax; readonly then: ExprSyntax; readonly else: ExprSyntax }
  | { readonly k: 'quant'; readonly tok: IToken; readonly params: readonly Binding[]; readonly body: ExprSyntax }
  /** Binary operators of the non-associative and right-associative levels. */
  | { readonly k: 'binary'; readonly tok: IToken; readonly op: IToken; readonly left: ExprSyntax; readonly right: ExprSyntax }
  /** Left-associative levels (`or`, `and`, `+`, `*`, `++`): the first operand and the links after it. */
  | { readonly k: 'chain'; readonly tok: IToken; readonly first: ExprSyntax; readonly links: readonly ChainLink[] }
  | { readonly k: 'unary'; readonly tok: IToken; readonly arg: ExprSyntax }
  | { readonly k: 'extend'; readonly tok: IToken; readonly op: IToken; readonly arg: ExprSyntax; readonly type: TypeSyntax }
  | { readonly k: 'read'; readonly tok: IToken; readonly arr: ExprSyntax; readonly index: ExprSyntax }
  | { readonly k: 'write'; readonly tok: IToken; readonly arr: ExprSyntax; readonly index: ExprSyntax; readonly value: ExprSyntax }
  | { readonly k: 'extract'; readonly tok: IToken; readonly arg: ExprSyntax; readonly hi: IToken; readonly lo: IToken }
  | { readonly k: 'prime'; readonly tok: IToken; readonly arg: ExprSyntax }
  /** Function literals and applications: parsed, then rejected. */
  | { readonly k: 'unsupported'; readonly tok: IToken; readonly what: string };

export type StmtSyntax =
  | { readonly k: 'assign'; readonly lhs: IToken; readonly rhs: ExprSyntax }
  | { readonly k: 'assume'; readonly tok: IToken; readonly cond: ExprSyntax }
  | { readonly k: 'havoc'; readonly tok: IToken; readonly name: IToken }
  | { readonly k: 'return'; readonly tok: IToken };

export interface VarSyntax {
  readonly name: IToken;
  readonly type: TypeSyntax;
}

export interface LocSyntax {
  /** `init`, `final` or `error`. */
  readonly marker?: IToken;
  readonly name: IToken;
}

export interface EdgeSyntax {
  readonly source: IToken;
  readonly target: IToken;
  readonly stmts: readonly StmtSyntax[];
  /** The edge's last token: its closing brace, or its target. */
  readonly end: IToken;
}

export type BodyItem =
  | { readonly k: 'var'; readonly v: VarSyntax }
  | { readonly k: 'loc'; readonly loc: LocSyntax }
  | { readonly k: 'edge'; readonly edge: EdgeSyntax };

export interface ProcessSyntax {
  readonly main?: IToken;
  readonly tok: IToken;
  readonly name: IToken;
  readonly body: readonly BodyItem[];
}

export interface FileSyntax {
  readonly globals: readonly VarSyntax[];
  readonly processes: readonly ProcessSyntax[];
}
