/**
 * The T2 grammar (termination-format.md 2.2) as a Chevrotain parser that builds a syntax tree. One
 * expression grammar covers terms and formulas, loosest first `||`, `&&`, `!`, comparison, `+ -`,
 * `* / %`, unary minus; a parenthesis may hold either, so `assume((-1+len) == 0)` needs no
 * backtracking. Whether a node is a term or a formula where the grammar demands one is checked by
 * the builder (`t2.ts`), which then reports the node's first token.
 */
import { type IToken, type TokenType } from 'chevrotain';
import { EmbeddedActionsParser } from '../../../lang/grammar/chevrotain.js';
import { errorMessages } from '../../../lang/grammar/syntax-errors.js';
import * as T from './lexer.js';

export type T2Op = 'or' | 'and' | 'not' | 'lt' | 'le' | 'gt' | 'ge' | 'eq' | 'neq' | 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'neg';

/** Every node keeps its first token, where errors about it are reported. */
export type T2Expr =
  | { readonly kind: 'num'; readonly tok: IToken; readonly value: bigint }
  | { readonly kind: 'name'; readonly tok: IToken; readonly name: string }
  | { readonly kind: 'nondet'; readonly tok: IToken }
  | { readonly kind: 'op'; readonly tok: IToken; readonly op: T2Op; readonly args: readonly T2Expr[] };

type T2Command =
  | { readonly kind: 'assign'; readonly lhs: IToken; readonly rhs: T2Expr }
  | { readonly kind: 'assume'; readonly tok: IToken; readonly cond: T2Expr };

export interface T2Block {
  readonly tok: IToken;
  readonly from: IToken;
  readonly commands: readonly T2Command[];
  readonly to: IToken;
}

export interface T2Program {
  readonly start: IToken;
  readonly blocks: readonly T2Block[];
}

const RELOPS = new Map<TokenType, T2Op>([[T.Lt, 'lt'], [T.Le, 'le'], [T.Gt, 'gt'], [T.Ge, 'ge'], [T.EqEq, 'eq'], [T.Eq, 'eq'], [T.Neq, 'neq']]);
const ADDOPS = new Map<TokenType, T2Op>([[T.Plus, 'add'], [T.Minus, 'sub']]);
const MULOPS = new Map<TokenType, T2Op>([[T.Star, 'mul'], [T.Slash, 'div'], [T.Percent, 'mod']]);

/** Left-associative: `a - b + c` is `(a - b) + c`. */
function leftChain(first: T2Expr, rest: readonly (readonly [T2Op, T2Expr])[]): T2Expr {
  return rest.reduce<T2Expr>((acc, [op, rhs]) => ({ kind: 'op', tok: acc.tok, op, args: [acc, rhs] }), first);
}

class T2Parser extends EmbeddedActionsParser {
  constructor() {
    super(T.t2Tokens, { errorMessageProvider: errorMessages, recoveryEnabled: false, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  program = this.RULE('program', (): T2Program => {
    this.CONSUME(T.Start);
    this.CONSUME(T.Colon);
    const start = this.SUBRULE(this.loc);
    this.CONSUME(T.Semi);
    this.OPTION(() => {
      this.CONSUME(T.Cutpoint);
      this.CONSUME2(T.Colon);
      this.SUBRULE2(this.loc);
      this.CONSUME2(T.Semi);
    });
    this.MANY(() => {
      this.CONSUME(T.Shadow);
      this.CONSUME(T.LParen);
      this.CONSUME(T.Identifier);
      this.CONSUME(T.Comma);
      this.CONSUME2(T.Identifier);
      this.CONSUME(T.RParen);
      this.CONSUME3(T.Semi);
    });
    const blocks: T2Block[] = [];
    this.MANY2(() => {
      blocks.push(this.SUBRULE(this.block));
      this.CONSUME4(T.Semi);
    });
    return { start, blocks };
  });

  private loc = this.RULE('loc', (): IToken => this.OR({
    ERR_MSG: 'a location (a numeral or an identifier)',
    DEF: [{ ALT: () => this.CONSUME(T.Numeral) }, { ALT: () => this.CONSUME(T.Identifier) }],
  }));

  private block = this.RULE('block', (): T2Block => {
    const tok = this.CONSUME(T.From);
    this.CONSUME(T.Colon);
    const from = this.SUBRULE(this.loc);
    this.CONSUME(T.Semi);
    const commands: T2Command[] = [];
    this.MANY(() => {
      commands.push(this.SUBRULE(this.command));
      this.CONSUME2(T.Semi);
    });
    this.CONSUME(T.To);
    this.CONSUME2(T.Colon);
    const to = this.SUBRULE2(this.loc);
    return { tok, from, commands, to };
  });

  private command = this.RULE('command', (): T2Command => {
    this.OPTION(() => {
      this.CONSUME(T.At);
      this.CONSUME(T.LParen);
      this.CONSUME(T.Numeral);
      this.CONSUME(T.Comma);
      this.CONSUME(T.StringLit);
      this.CONSUME(T.RParen);
    });
    return this.OR({
      ERR_MSG: "an assignment, 'assume' or 'TO'",
      DEF: [
        {
          ALT: () => {
            const lhs = this.CONSUME(T.Identifier);
            this.CONSUME(T.Assign);
            return { kind: 'assign' as const, lhs, rhs: this.SUBRULE(this.expr) };
          },
        },
        {
          ALT: () => {
            const tok = this.CONSUME(T.Assume);
            this.CONSUME2(T.LParen);
            const cond = this.SUBRULE2(this.expr);
            this.CONSUME2(T.RParen);
            return { kind: 'assume' as const, tok, cond };
          },
        },
      ],
    });
  });

  private expr = this.RULE('expr', (): T2Expr => {
    const first = this.SUBRULE(this.conj);
    const rest: [T2Op, T2Expr][] = [];
    this.MANY(() => {
      this.CONSUME(T.OrOr);
      rest.push(['or', this.SUBRULE2(this.conj)]);
    });
    return leftChain(first, rest);
  });

  private conj = this.RULE('conj', (): T2Expr => {
    const first = this.SUBRULE(this.negation);
    const rest: [T2Op, T2Expr][] = [];
    this.MANY(() => {
      this.CONSUME(T.AndAnd);
      rest.push(['and', this.SUBRULE2(this.negation)]);
    });
    return leftChain(first, rest);
  });

  private negation = this.RULE('negation', (): T2Expr => this.OR({
    ERR_MSG: 'a term',
    DEF: [
      {
        ALT: () => {
          const tok = this.CONSUME(T.Bang);
          return { kind: 'op' as const, tok, op: 'not' as const, args: [this.SUBRULE(this.negation)] };
        },
      },
      { ALT: () => this.SUBRULE(this.comparison) },
    ],
  }));

  private comparison = this.RULE('comparison', (): T2Expr => {
    const lhs = this.SUBRULE(this.sum);
    const rhs = this.OPTION(() => {
      const op = this.OR(T.RELATIONS.map((t) => ({ ALT: () => this.CONSUME(t) })));
      return [RELOPS.get(op.tokenType)!, this.SUBRULE2(this.sum)] as const;
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: rhs[0], args: [lhs, rhs[1]] } : lhs;
  });

  private sum = this.RULE('sum', (): T2Expr => {
    const first = this.SUBRULE(this.product);
    const rest: [T2Op, T2Expr][] = [];
    this.MANY(() => {
      const op = this.OR([{ ALT: () => this.CONSUME(T.Plus) }, { ALT: () => this.CONSUME(T.Minus) }]);
      rest.push([ADDOPS.get(op.tokenType)!, this.SUBRULE2(this.product)]);
    });
    return leftChain(first, rest);
  });

  private product = this.RULE('product', (): T2Expr => {
    const first = this.SUBRULE(this.unary);
    const rest: [T2Op, T2Expr][] = [];
    this.MANY(() => {
      const op = this.OR([{ ALT: () => this.CONSUME(T.Star) }, { ALT: () => this.CONSUME(T.Slash) }, { ALT: () => this.CONSUME(T.Percent) }]);
      rest.push([MULOPS.get(op.tokenType)!, this.SUBRULE2(this.unary)]);
    });
    return leftChain(first, rest);
  });

  private unary = this.RULE('unary', (): T2Expr => this.OR({
    ERR_MSG: 'a term',
    DEF: [
      {
        ALT: () => {
          const tok = this.CONSUME(T.Minus);
          return { kind: 'op' as const, tok, op: 'neg' as const, args: [this.SUBRULE(this.unary)] };
        },
      },
      { ALT: () => this.SUBRULE(this.atom) },
    ],
  }));

  private atom = this.RULE('atom', (): T2Expr => this.OR({
    ERR_MSG: 'a term',
    DEF: [
      {
        ALT: () => {
          const tok = this.CONSUME(T.Numeral);
          return { kind: 'num' as const, tok, value: this.ACTION(() => BigInt(tok.image)) };
        },
      },
      { ALT: () => { const tok = this.CONSUME(T.Identifier); return { kind: 'name' as const, tok, name: tok.image }; } },
      {
        ALT: () => {
          const tok = this.OR2([{ ALT: () => this.CONSUME(T.Nondet) }, { ALT: () => this.CONSUME(T.NondetUpper) }]);
          this.CONSUME(T.LParen);
          this.CONSUME(T.RParen);
          return { kind: 'nondet' as const, tok };
        },
      },
      {
        ALT: () => {
          const open = this.CONSUME2(T.LParen);
          const inner = this.SUBRULE(this.expr);
          this.CONSUME2(T.RParen);
          // the node starts at the parenthesis, where a message about it should point
          return { ...inner, tok: open };
        },
      },
    ],
  }));
}

let parser: T2Parser | undefined;

/** The parser is built once per thread: its self-analysis is the costly part. */
export function t2Parser(): T2Parser {
  parser ??= new T2Parser();
  parser.reset();
  return parser;
}
