/**
 * The CFA grammar (formats.md 2.2-2.7) as a Chevrotain parser with embedded actions that build the
 * syntax tree of `cfa-syntax.ts`. One rule per precedence level of table 2.7, loosest first; the
 * non-associative levels take at most one operator, so `a = b = c` and `not not p` are syntax
 * errors, as in Theta. Error recovery is off: parsing stops at the first error.
 */
import { type IToken } from 'chevrotain';
import { EmbeddedActionsParser } from '../../../lang/grammar/chevrotain.js';
import {
  AddOp, Arrow, Assign, BaseType, BvLit, Colon, Comma, EqOp, ExtendOp, FpLit, FpMinMaxOp, FpTypeTok, Identifier, Kw,
  LArrow, LBracket, LCurly, LParen, LocMarker, Lt, Gt, MulOp, Num, Percent, PlusPlus, PrefixOp, QuantKw, Quote, RBracket,
  RCurly, RParen, RelOp, ShiftOp, cfaTokens,
} from './lexer.js';
import type { Binding, BodyItem, ChainLink, EdgeSyntax, ExprSyntax, FileSyntax, LocSyntax, ProcessSyntax, StmtSyntax, TypeSyntax, VarSyntax } from './syntax.js';
import { messageProvider } from './errors.js';

const EXPRESSION_RULES = ['expr', 'iteExpr', 'iffExpr', 'implyExpr', 'quantExpr', 'fpMinMaxExpr', 'orExpr', 'xorExpr', 'andExpr',
  'notExpr', 'eqExpr', 'relExpr', 'bvorExpr', 'bvxorExpr', 'bvandExpr', 'shiftExpr', 'addExpr', 'mulExpr', 'concatExpr',
  'extendExpr', 'prefixExpr', 'bvnotExpr', 'postfixExpr', 'atom'];

const descriptions: Record<string, string> = {
  ...Object.fromEntries(EXPRESSION_RULES.map((r) => [r, 'an expression'])),
  type: 'a type',
  file: "a variable or process declaration",
  stmt: 'a statement',
};

/** Operators that take at most one application per level (table 2.7), for the hint in messages. */
const NON_CHAINING = new Set(['=', '/=', '<', '<=', '>', '>=', 'bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle', 'bvsgt',
  'bvsge', 'bvor', 'bvxor', 'bvand', 'bvshl', 'bvashr', 'bvlshr', 'bvrol', 'bvror', 'bv_zero_extend', 'bv_sign_extend']);

function hint(found: IToken, previous: IToken | undefined): string | undefined {
  if (found.image === 'not' && previous?.image === 'not') return 'not does not stack: write not (not ...)';
  if (found.image === 'not') return 'not is looser than comparisons and arithmetic: put it in parentheses';
  if (NON_CHAINING.has(found.image) || /^fpm(ax|in)\b/.test(found.image)) return `${found.image} does not chain: add parentheses`;
  return undefined;
}

/** After a declaration or statement list, say what else could have come instead of the closing brace. */
const closing: Record<string, string> = {
  process: "a variable, location or edge declaration, or '}'",
  edge: "a statement or '}'",
};

class CfaParser extends EmbeddedActionsParser {
  constructor() {
    super(cfaTokens, {
      recoveryEnabled: false,
      maxLookahead: 3,
      errorMessageProvider: messageProvider({
        rules: descriptions,
        hint,
        mismatch: (expected, ruleName) => (expected === RCurly ? closing[ruleName] : undefined),
      }),
    });
    this.performSelfAnalysis();
  }

  // ------------------------------------------------------------ declarations

  file = this.RULE('file', (): FileSyntax => {
    const globals: VarSyntax[] = [];
    const processes: ProcessSyntax[] = [];
    this.MANY(() => this.OR([
      { ALT: () => { globals.push(this.SUBRULE(this.varDecl)); } },
      { ALT: () => { processes.push(this.SUBRULE(this.process)); } },
    ]));
    return { globals, processes };
  });

  varDecl = this.RULE('varDecl', (): VarSyntax => {
    this.CONSUME(Kw('var'));
    const name = this.CONSUME(Identifier);
    this.CONSUME(Colon);
    const type = this.SUBRULE(this.type);
    return { name, type };
  });

  process = this.RULE('process', (): ProcessSyntax => {
    const main = this.OPTION(() => this.CONSUME(Kw('main')));
    const kw = this.CONSUME(Kw('process'));
    const name = this.CONSUME(Identifier);
    this.OPTION2(() => {
      this.CONSUME(LParen);
      this.MANY_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.binding) });
      this.CONSUME(RParen);
    });
    this.CONSUME(LCurly);
    const body: BodyItem[] = [];
    this.MANY(() => body.push(this.SUBRULE(this.bodyItem)));
    this.CONSUME(RCurly);
    return { main, tok: main ?? kw, name, body };
  });

  binding = this.RULE('binding', (): Binding => {
    const name = this.CONSUME(Identifier);
    this.CONSUME(Colon);
    return { name, type: this.SUBRULE(this.type) };
  });

  bodyItem = this.RULE('bodyItem', (): BodyItem => this.OR([
    { ALT: () => ({ k: 'var', v: this.SUBRULE(this.varDecl) }) },
    { ALT: () => ({ k: 'loc', loc: this.SUBRULE(this.locDecl) }) },
    { ALT: () => ({ k: 'edge', edge: this.SUBRULE(this.edge) }) },
  ]));

  locDecl = this.RULE('locDecl', (): LocSyntax => {
    const marker = this.OPTION(() => this.CONSUME(LocMarker));
    this.CONSUME(Kw('loc'));
    const name = this.CONSUME(Identifier);
    return marker ? { marker, name } : { name };
  });

  edge = this.RULE('edge', (): EdgeSyntax => {
    const source = this.CONSUME(Identifier);
    this.CONSUME(Arrow);
    const target = this.CONSUME2(Identifier);
    const stmts: StmtSyntax[] = [];
    this.OPTION(() => {
      this.CONSUME(LCurly);
      this.MANY(() => stmts.push(this.SUBRULE(this.stmt)));
      this.CONSUME(RCurly);
    });
    return { source, target, stmts };
  });

  stmt = this.RULE('stmt', (): StmtSyntax => this.OR([
    {
      ALT: () => {
        const lhs = this.CONSUME(Identifier);
        this.CONSUME(Assign);
        return { k: 'assign', lhs, rhs: this.SUBRULE(this.expr) };
      },
    },
    { ALT: () => ({ k: 'assume', tok: this.CONSUME(Kw('assume')), cond: this.SUBRULE2(this.expr) }) },
    { ALT: () => ({ k: 'havoc', tok: this.CONSUME(Kw('havoc')), name: this.CONSUME2(Identifier) }) },
    {
      ALT: () => {
        const tok = this.CONSUME(Kw('return'));
        this.SUBRULE3(this.expr);
        return { k: 'return', tok };
      },
    },
  ]));

  // ------------------------------------------------------------ types

  type = this.RULE('type', (): TypeSyntax => this.OR([
    {
      ALT: () => {
        const tok = this.CONSUME(BaseType);
        return { k: tok.image as 'bool' | 'int' | 'rat', tok };
      },
    },
    {
      ALT: () => {
        const tok = this.CONSUME(Kw('bv'));
        this.CONSUME(LBracket);
        const width = this.CONSUME(Num);
        this.CONSUME(RBracket);
        return { k: 'bv', tok, width };
      },
    },
    { ALT: () => ({ k: 'fp', tok: this.CONSUME(FpTypeTok) }) },
    {
      ALT: () => {
        const tok = this.CONSUME2(LBracket);
        const index = this.SUBRULE(this.type);
        this.CONSUME2(RBracket);
        this.CONSUME(Arrow);
        return { k: 'array', tok, index, elem: this.SUBRULE2(this.type) };
      },
    },
    {
      ALT: () => {
        const tok = this.CONSUME(LParen);
        this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => this.SUBRULE3(this.type) });
        this.CONSUME(RParen);
        this.CONSUME2(Arrow);
        this.SUBRULE4(this.type);
        return { k: 'function', tok };
      },
    },
  ]));

  // ------------------------------------------------------------ expressions, loosest first

  /** Level 1-2: the else-branch of if-then-else is parsed at this level, so it extends right. */
  expr = this.RULE('expr', (): ExprSyntax => this.SUBRULE(this.iteExpr));

  iteExpr = this.RULE('iteExpr', (): ExprSyntax => this.OR([
    {
      ALT: () => {
        const tok = this.CONSUME(Kw('if'));
        const cond = this.SUBRULE(this.expr);
        this.CONSUME(Kw('then'));
        const then = this.SUBRULE2(this.expr);
        this.CONSUME(Kw('else'));
        return { k: 'ite', tok, cond, then, else: this.SUBRULE(this.iteExpr) };
      },
    },
    { ALT: () => this.SUBRULE(this.iffExpr) },
  ]));

  /** A binary operator applied at most once; with `right` at the same level it is right-associative. */
  private binary(left: ExprSyntax, op: IToken | undefined, right: ExprSyntax | undefined): ExprSyntax {
    return op && right ? { k: 'binary', tok: left.tok, op, left, right } : left;
  }

  private chain(first: ExprSyntax, links: ChainLink[]): ExprSyntax {
    return links.length === 0 ? first : { k: 'chain', tok: first.tok, first, links };
  }

  iffExpr = this.RULE('iffExpr', (): ExprSyntax => {
    const left = this.SUBRULE(this.implyExpr);
    let op: IToken | undefined;
    let right: ExprSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(Kw('iff')); right = this.SUBRULE(this.iffExpr); });
    return this.binary(left, op, right);
  });

  implyExpr = this.RULE('implyExpr', (): ExprSyntax => {
    const left = this.SUBRULE(this.quantExpr);
    let op: IToken | undefined;
    let right: ExprSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(Kw('imply')); right = this.SUBRULE(this.implyExpr); });
    return this.binary(left, op, right);
  });

  quantExpr = this.RULE('quantExpr', (): ExprSyntax => this.OR([
    {
      ALT: () => {
        const tok = this.CONSUME(QuantKw);
        this.CONSUME(LParen);
        const params: Binding[] = [];
        this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => params.push(this.SUBRULE(this.binding)) });
        this.CONSUME(RParen);
        return { k: 'quant', tok, params, body: this.SUBRULE(this.quantExpr) };
      },
    },
    { ALT: () => this.SUBRULE(this.fpMinMaxExpr) },
  ]));

  fpMinMaxExpr = this.RULE('fpMinMaxExpr', (): ExprSyntax => {
    const left = this.SUBRULE(this.orExpr);
    let op: IToken | undefined;
    let right: ExprSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(FpMinMaxOp); right = this.SUBRULE2(this.orExpr); });
    return this.binary(left, op, right);
  });

  orExpr = this.RULE('orExpr', (): ExprSyntax => {
    const first = this.SUBRULE(this.xorExpr);
    const links: ChainLink[] = [];
    this.MANY(() => links.push({ op: this.CONSUME(Kw('or')), arg: this.SUBRULE2(this.xorExpr) }));
    return this.chain(first, links);
  });

  xorExpr = this.RULE('xorExpr', (): ExprSyntax => {
    const left = this.SUBRULE(this.andExpr);
    let op: IToken | undefined;
    let right: ExprSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(Kw('xor')); right = this.SUBRULE(this.xorExpr); });
    return this.binary(left, op, right);
  });

  andExpr = this.RULE('andExpr', (): ExprSyntax => {
    const first = this.SUBRULE(this.notExpr);
    const links: ChainLink[] = [];
    this.MANY(() => links.push({ op: this.CONSUME(Kw('and')), arg: this.SUBRULE2(this.notExpr) }));
    return this.chain(first, links);
  });

  /** `not` applies to an equality-level expression: it neither stacks nor binds tighter than `=`. */
  notExpr = this.RULE('notExpr', (): ExprSyntax => this.OR([
    { ALT: () => ({ k: 'unary', tok: this.CONSUME(Kw('not')), arg: this.SUBRULE(this.eqExpr) }) },
    { ALT: () => this.SUBRULE2(this.eqExpr) },
  ]));

  /** The levels from `=` down to the shifts: at most one operator each. */
  private single(rule: () => ExprSyntax, opType: Parameters<EmbeddedActionsParser['CONSUME']>[0]): ExprSyntax {
    const left = this.SUBRULE(rule);
    let op: IToken | undefined;
    let right: ExprSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(opType); right = this.SUBRULE2(rule); });
    return this.binary(left, op, right);
  }

  eqExpr = this.RULE('eqExpr', (): ExprSyntax => this.single(this.relExpr, EqOp));
  relExpr = this.RULE('relExpr', (): ExprSyntax => this.single(this.bvorExpr, RelOp));
  bvorExpr = this.RULE('bvorExpr', (): ExprSyntax => this.single(this.bvxorExpr, Kw('bvor')));
  bvxorExpr = this.RULE('bvxorExpr', (): ExprSyntax => this.single(this.bvandExpr, Kw('bvxor')));
  bvandExpr = this.RULE('bvandExpr', (): ExprSyntax => this.single(this.shiftExpr, Kw('bvand')));
  shiftExpr = this.RULE('shiftExpr', (): ExprSyntax => this.single(this.addExpr, ShiftOp));

  /** The left-associative levels, operators of one level mixed freely. */
  private leftAssoc(rule: () => ExprSyntax, opType: Parameters<EmbeddedActionsParser['CONSUME']>[0]): ExprSyntax {
    const first = this.SUBRULE(rule);
    const links: ChainLink[] = [];
    this.MANY(() => links.push({ op: this.CONSUME(opType), arg: this.SUBRULE2(rule) }));
    return this.chain(first, links);
  }

  addExpr = this.RULE('addExpr', (): ExprSyntax => this.leftAssoc(this.mulExpr, AddOp));
  mulExpr = this.RULE('mulExpr', (): ExprSyntax => this.leftAssoc(this.concatExpr, MulOp));
  concatExpr = this.RULE('concatExpr', (): ExprSyntax => this.leftAssoc(this.extendExpr, PlusPlus));

  extendExpr = this.RULE('extendExpr', (): ExprSyntax => {
    const arg = this.SUBRULE(this.prefixExpr);
    let op: IToken | undefined;
    let type: TypeSyntax | undefined;
    this.OPTION(() => { op = this.CONSUME(ExtendOp); type = this.SUBRULE(this.type); });
    return op && type ? { k: 'extend', tok: arg.tok, op, arg, type } : arg;
  });

  prefixExpr = this.RULE('prefixExpr', (): ExprSyntax => this.OR([
    { ALT: () => ({ k: 'unary', tok: this.CONSUME(PrefixOp), arg: this.SUBRULE(this.prefixExpr) }) },
    { ALT: () => this.SUBRULE(this.bvnotExpr) },
  ]));

  bvnotExpr = this.RULE('bvnotExpr', (): ExprSyntax => this.OR([
    { ALT: () => ({ k: 'unary', tok: this.CONSUME(Kw('bvnot')), arg: this.SUBRULE(this.bvnotExpr) }) },
    { ALT: () => this.SUBRULE(this.postfixExpr) },
  ]));

  /** Accessors apply left to right: `a[i][j]'` reads twice, then primes. */
  postfixExpr = this.RULE('postfixExpr', (): ExprSyntax => {
    let e = this.SUBRULE(this.atom);
    this.MANY(() => this.OR([
      {
        ALT: () => {
          this.CONSUME(LBracket);
          const hi = this.CONSUME(Num);
          this.CONSUME(Colon);
          const lo = this.CONSUME2(Num);
          this.CONSUME(RBracket);
          e = { k: 'extract', tok: e.tok, arg: e, hi, lo };
        },
      },
      {
        ALT: () => {
          this.CONSUME2(LBracket);
          const index = this.SUBRULE(this.expr);
          const value = this.OPTION(() => { this.CONSUME(LArrow); return this.SUBRULE2(this.expr); });
          this.CONSUME2(RBracket);
          e = value ? { k: 'write', tok: e.tok, arr: e, index, value } : { k: 'read', tok: e.tok, arr: e, index };
        },
      },
      { ALT: () => { this.CONSUME(Quote); e = { k: 'prime', tok: e.tok, arg: e }; } },
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.MANY_SEP({ SEP: Comma, DEF: () => this.SUBRULE3(this.expr) });
          this.CONSUME(RParen);
          e = { k: 'unsupported', tok: e.tok, what: 'function application' };
        },
      },
    ]));
    return e;
  });

  atom = this.RULE('atom', (): ExprSyntax => this.OR([
    { ALT: () => ({ k: 'bool', tok: this.CONSUME(Kw('true')), value: true }) },
    { ALT: () => ({ k: 'bool', tok: this.CONSUME(Kw('false')), value: false }) },
    {
      ALT: () => {
        const tok = this.CONSUME(Num);
        const den = this.OPTION(() => { this.CONSUME(Percent); return this.CONSUME2(Num); });
        return den ? { k: 'rat', tok, den } : { k: 'num', tok };
      },
    },
    { ALT: () => ({ k: 'bv', tok: this.CONSUME(BvLit) }) },
    { ALT: () => ({ k: 'fp', tok: this.CONSUME(FpLit) }) },
    { ALT: () => ({ k: 'ref', tok: this.CONSUME(Identifier) }) },
    {
      // level 1, function literal `(x : T, ...) -> body`: recognised so that it can be rejected clearly
      ALT: () => {
        const tok = this.CONSUME(LParen);
        this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.binding) });
        this.CONSUME(RParen);
        this.CONSUME(Arrow);
        this.SUBRULE(this.expr);
        return { k: 'unsupported', tok, what: 'function literal' };
      },
    },
    {
      ALT: () => {
        this.CONSUME2(LParen);
        const e = this.SUBRULE2(this.expr);
        this.CONSUME2(RParen);
        return e;
      },
    },
    { ALT: () => this.SUBRULE(this.arrayLit) },
  ]));

  /** `[i <- v, ..., <T> default <- d]`: every pair ends with a comma, the index type is optional after pairs. */
  arrayLit = this.RULE('arrayLit', (): ExprSyntax => {
    const tok = this.CONSUME(LBracket);
    const entries: [ExprSyntax, ExprSyntax][] = [];
    this.MANY(() => {
      const i = this.SUBRULE(this.expr);
      this.CONSUME(LArrow);
      const v = this.SUBRULE2(this.expr);
      this.CONSUME(Comma);
      entries.push([i, v]);
    });
    const indexType = this.OPTION(() => {
      this.CONSUME(Lt);
      const t = this.SUBRULE(this.type);
      this.CONSUME(Gt);
      return t;
    });
    this.CONSUME(Kw('default'));
    this.CONSUME2(LArrow);
    const dflt = this.SUBRULE3(this.expr);
    this.CONSUME(RBracket);
    return indexType ? { k: 'array', tok, entries, indexType, dflt } : { k: 'array', tok, entries, dflt };
  });
}

/** One parser instance, reused: Chevrotain parsers are reset by assigning `input`. */
let instance: CfaParser | undefined;

export function cfaParser(): CfaParser {
  return (instance ??= new CfaParser());
}

;
