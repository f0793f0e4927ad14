/**
 * The STS grammar (formats.md 3.2-3.5) as a Chevrotain parser that builds a syntax tree; names are
 * resolved and types checked afterwards (`sts.ts`), because declarations may follow their uses.
 *
 * Expression levels follow the precedence table of formats.md 2.7 without bit-vectors and floats.
 * `if c then a else b` is also accepted where an operand is expected (`x' = if y then 1 else 2`, as
 * `missingvariables.system` writes it); its else branch always extends as far right as it can, so
 * every expression Theta accepts groups as Theta groups it.
 *
 * Error recovery is off: the first syntax error is an InputError. Exactly two defects of legacy
 * corpus files are repaired, each with a warning (formats.md 3.7): one stray `)` after a property's
 * `G(...)`, and `invariant A and invariant B`, read as two invariants.
 */
import { type IToken } from 'chevrotain';
import { EmbeddedActionsParser } from '../../../lang/grammar/chevrotain.js';
import { InputError } from '../../../lang/errors.js';
import { errorAt, errorAtEnd, errorMessages, parsingError } from '../../../lang/grammar/syntax-errors.js';
import * as T from './lexer.js';

export type SynOp =
  | 'ite' | 'iff' | 'imply' | 'or' | 'xor' | 'and' | 'not' | 'eq' | 'neq' | 'lt' | 'le' | 'gt' | 'ge'
  | 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'rem' | 'neg';

/** Every node keeps its first token, where errors about it are reported. */
export type SynExpr =
  | { readonly kind: 'name'; readonly tok: IToken; readonly name: string }
  | { readonly kind: 'bool'; readonly tok: IToken; readonly value: boolean }
  | { readonly kind: 'int'; readonly tok: IToken; readonly value: bigint }
  | { readonly kind: 'rat'; readonly tok: IToken; readonly num: bigint; readonly den: bigint }
  | { readonly kind: 'op'; readonly tok: IToken; readonly op: SynOp; readonly args: readonly SynExpr[] }
  /** `mark` is the `'` token. */
  | { readonly kind: 'prime'; readonly tok: IToken; readonly mark: IToken; readonly arg: SynExpr }
  | { readonly kind: 'read'; readonly tok: IToken; readonly array: SynExpr; readonly index: SynExpr }
  | { readonly kind: 'quant'; readonly tok: IToken; readonly q: 'forall' | 'exists'; readonly params: readonly SynParam[]; readonly body: SynExpr };

export type SynType =
  | { readonly kind: 'bool' | 'int' | 'rat'; readonly tok: IToken }
  | { readonly kind: 'array'; readonly tok: IToken; readonly index: SynType; readonly elem: SynType };

export interface SynParam { readonly nameTok: IToken; readonly type: SynType }

export interface SynDecl {
  readonly kind: 'var' | 'const';
  readonly nameTok: IToken;
  readonly type: SynType;
  readonly value?: SynExpr;
}

export interface SynConstraint { readonly kind: 'invariant' | 'initial' | 'transition'; readonly expr: SynExpr }

export interface SynBody { readonly decls: readonly SynDecl[]; readonly constraints: readonly SynConstraint[] }

/** An inline system `{ ... }`, or a reference `NAME(ARGS)` to a declared one. */
export type SynStsDef =
  | { readonly kind: 'inline'; readonly tok: IToken; readonly body: SynBody }
  | { readonly kind: 'ref'; readonly tok: IToken; readonly args: readonly SynExpr[] };

export interface SynSystem { readonly nameTok: IToken; readonly params: readonly SynParam[]; readonly def: SynStsDef }

interface SynProperty { readonly nameTok: IToken; readonly def: SynStsDef; readonly cond: SynExpr }

interface SynSpec {
  readonly nameTok: IToken;
  readonly params: readonly SynParam[];
  readonly decls: readonly SynDecl[];
  readonly systems: readonly SynSystem[];
  readonly properties: readonly SynProperty[];
  /** The closing brace. */
  readonly end: IToken;
}

const QUALIFIERS = new Set(['input', 'global', 'local']);
const LEGACY_TYPES: Record<string, 'bool' | 'int' | 'rat'> = { boolean: 'bool', integer: 'int', real: 'rat' };

type Item =
  | { readonly kind: 'decl'; readonly decl: SynDecl }
  | { readonly kind: 'system'; readonly system: SynSystem }
  | { readonly kind: 'property'; readonly property: SynProperty };

/** A left-associative chain `a op b op c`; runs of the same n-ary operator become one node. */
function chain(first: SynExpr, rest: readonly (readonly [SynOp, SynExpr])[], nary: SynOp): SynExpr {
  let acc = first;
  let last: { op: SynOp; args: SynExpr[] } | undefined;
  for (const [op, rhs] of rest) {
    if (last && last.op === op && op === nary) {
      last.args.push(rhs);
      continue;
    }
    last = { op, args: [acc, rhs] };
    acc = { kind: 'op', tok: first.tok, op, args: last.args };
  }
  return acc;
}

class StsParser extends EmbeddedActionsParser {
  file = '';
  text = '';
  warn: (w: InputError) => void = () => {};

  constructor() {
    super(T.allTokens, { errorMessageProvider: errorMessages, recoveryEnabled: false, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  private fail(tok: IToken, reason: string): never {
    throw errorAt(this.file, this.text, tok, reason);
  }

  specification = this.RULE('specification', (): SynSpec => {
    this.CONSUME(T.Specification);
    const nameTok = this.CONSUME(T.Identifier);
    const params = this.OPTION(() => this.SUBRULE(this.params)) ?? [];
    this.CONSUME(T.LBrace);
    const items: Item[] = [];
    this.MANY(() => items.push(this.SUBRULE(this.specItem)));
    const end = this.CONSUME(T.RBrace);
    return {
      nameTok, params, end,
      decls: items.flatMap((i) => (i.kind === 'decl' ? [i.decl] : [])),
      systems: items.flatMap((i) => (i.kind === 'system' ? [i.system] : [])),
      properties: items.flatMap((i) => (i.kind === 'property' ? [i.property] : [])),
    };
  });

  private specItem = this.RULE('specItem', (): Item => this.OR({
    ERR_MSG: "a declaration, 'system', 'property' or '}'",
    DEF: [
      { ALT: () => ({ kind: 'decl', decl: this.SUBRULE(this.decl) }) },
      { ALT: () => ({ kind: 'system', system: this.SUBRULE(this.system) }) },
      { ALT: () => ({ kind: 'property', property: this.SUBRULE(this.property) }) },
    ],
  }));

  private params = this.RULE('params', (): SynParam[] => {
    const out: SynParam[] = [];
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => out.push(this.SUBRULE(this.param)) });
    this.CONSUME(T.RParen);
    return out;
  });

  private param = this.RULE('param', (): SynParam => {
    const nameTok = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    return { nameTok, type: this.SUBRULE(this.type) };
  });

  /** `const x : T [:= e]` or `[input|global|local] var x : T [:= e]`. */
  private decl = this.RULE('decl', (): SynDecl => {
    const kind = this.OR([
      { ALT: () => { this.CONSUME(T.Const); return 'const' as const; } },
      {
        ALT: () => {
          const qualifier = this.OPTION(() => this.CONSUME(T.Identifier));
          this.CONSUME(T.Var);
          this.ACTION(() => {
            if (qualifier && !QUALIFIERS.has(qualifier.image)) {
              this.fail(qualifier, `expected a declaration or constraint but found identifier '${qualifier.image}'`);
            }
          });
          return 'var' as const;
        },
      },
    ]);
    const nameTok = this.CONSUME2(T.Identifier);
    this.CONSUME(T.Colon);
    const type = this.SUBRULE(this.type);
    const value = this.OPTION2(() => {
      this.CONSUME(T.Assign);
      return this.SUBRULE(this.expr);
    });
    return value ? { kind, nameTok, type, value } : { kind, nameTok, type };
  });

  private type = this.RULE('type', (): SynType => this.OR({
    ERR_MSG: 'a type',
    DEF: [
      { ALT: () => ({ kind: 'bool', tok: this.CONSUME(T.Bool) }) },
      { ALT: () => ({ kind: 'int', tok: this.CONSUME(T.Int) }) },
      { ALT: () => ({ kind: 'rat', tok: this.CONSUME(T.Rat) }) },
      {
        ALT: () => {
          const tok = this.CONSUME(T.Identifier);
          return this.ACTION(() => {
            const kind = LEGACY_TYPES[tok.image];
            if (!kind) this.fail(tok, `unknown type '${tok.image}'`);
            return { kind, tok };
          });
        },
      },
      {
        ALT: () => {
          const tok = this.CONSUME(T.LBracket);
          const index = this.SUBRULE(this.type);
          this.CONSUME(T.RBracket);
          this.CONSUME(T.Arrow);
          const elem = this.SUBRULE2(this.type);
          return { kind: 'array', tok, index, elem };
        },
      },
    ],
  }));

  private system = this.RULE('system', (): SynSystem => {
    this.CONSUME(T.System);
    const nameTok = this.CONSUME(T.Identifier);
    const params = this.OPTION(() => this.SUBRULE(this.params)) ?? [];
    this.CONSUME(T.Assign);
    return { nameTok, params, def: this.SUBRULE(this.stsDef) };
  });

  private property = this.RULE('property', (): SynProperty => {
    this.CONSUME(T.Property);
    const nameTok = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const def = this.SUBRULE(this.stsDef);
    this.CONSUME(T.Models);
    this.CONSUME(T.G);
    this.CONSUME(T.LParen);
    const cond = this.SUBRULE(this.expr);
    this.CONSUME(T.RParen);
    // thesis_sequence.system closes G(...) twice
    this.OPTION(() => {
      const stray = this.CONSUME2(T.RParen);
      this.ACTION(() => this.warn(errorAt(this.file, this.text, stray, "unbalanced ')' ignored")));
    });
    return { nameTok, def, cond };
  });

  private stsDef = this.RULE('stsDef', (): SynStsDef => this.OR({
    ERR_MSG: "a system: '{' or a system name",
    DEF: [
      {
        ALT: () => {
          const tok = this.CONSUME(T.LBrace);
          const decls: SynDecl[] = [];
          const constraints: SynConstraint[] = [];
          this.MANY(() => {
            const item = this.SUBRULE(this.bodyItem);
            this.ACTION(() => (Array.isArray(item) ? constraints.push(...item) : decls.push(item)));
          });
          this.CONSUME(T.RBrace);
          return { kind: 'inline', tok, body: { decls, constraints } };
        },
      },
      {
        ALT: () => {
          const tok = this.CONSUME(T.Identifier);
          const args: SynExpr[] = [];
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => args.push(this.SUBRULE(this.expr)) });
            this.CONSUME(T.RParen);
          });
          return { kind: 'ref', tok, args };
        },
      },
    ],
  }));

  /** A declaration, or a constraint (two for `invariant A and invariant B`). */
  private bodyItem = this.RULE('bodyItem', (): SynDecl | SynConstraint[] => this.OR({
    ERR_MSG: "a declaration, a constraint or '}'",
    DEF: [
      { ALT: () => this.SUBRULE(this.decl) },
      {
        ALT: () => {
          this.CONSUME(T.Invariant);
          const out: SynConstraint[] = [{ kind: 'invariant', expr: this.SUBRULE(this.expr) }];
          // simple2cnf.system writes `invariant A and invariant B`: two invariants
          this.MANY(() => {
            const and = this.CONSUME(T.And);
            this.CONSUME2(T.Invariant);
            this.ACTION(() => this.warn(errorAt(this.file, this.text, and, "'and invariant' inside an invariant: read as two invariants")));
            out.push({ kind: 'invariant', expr: this.SUBRULE2(this.expr) });
          });
          return out;
        },
      },
      { ALT: () => { this.CONSUME(T.Initial); return [{ kind: 'initial', expr: this.SUBRULE3(this.expr) }]; } },
      { ALT: () => { this.CONSUME(T.Transition); return [{ kind: 'transition', expr: this.SUBRULE4(this.expr) }]; } },
    ],
  }));

  // ------------------------------------------------------------ expressions, loosest first

  expr = this.RULE('expr', (): SynExpr => {
    const lhs = this.SUBRULE(this.implyExpr);
    const rhs = this.OPTION(() => {
      this.CONSUME(T.Equal);
      return this.SUBRULE(this.expr);
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: 'iff', args: [lhs, rhs] } : lhs;
  });

  private implyExpr = this.RULE('implyExpr', (): SynExpr => {
    const lhs = this.SUBRULE(this.quantExpr);
    const rhs = this.OPTION(() => {
      this.CONSUME(T.Imply);
      return this.SUBRULE(this.implyExpr);
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: 'imply', args: [lhs, rhs] } : lhs;
  });

  private quantExpr = this.RULE('quantExpr', (): SynExpr => this.OR({ ERR_MSG: 'an expression', DEF: [
    {
      ALT: () => {
        const tok = this.OR2([{ ALT: () => this.CONSUME(T.Forall) }, { ALT: () => this.CONSUME(T.Exists) }]);
        const params = this.SUBRULE(this.params);
        const body = this.SUBRULE(this.quantExpr);
        return { kind: 'quant', tok, q: tok.tokenType === T.Forall ? 'forall' : 'exists', params, body };
      },
    },
    { ALT: () => this.SUBRULE(this.orExpr) },
  ] }));

  private orExpr = this.RULE('orExpr', (): SynExpr => {
    const first = this.SUBRULE(this.xorExpr);
    const rest: [SynOp, SynExpr][] = [];
    this.MANY(() => {
      this.CONSUME(T.Or);
      rest.push(['or', this.SUBRULE2(this.xorExpr)]);
    });
    return this.ACTION(() => chain(first, rest, 'or'));
  });

  private xorExpr = this.RULE('xorExpr', (): SynExpr => {
    const lhs = this.SUBRULE(this.andExpr);
    const rhs = this.OPTION(() => {
      this.CONSUME(T.Xor);
      return this.SUBRULE(this.xorExpr);
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: 'xor', args: [lhs, rhs] } : lhs;
  });

  private andExpr = this.RULE('andExpr', (): SynExpr => {
    const first = this.SUBRULE(this.notExpr);
    const rest: [SynOp, SynExpr][] = [];
    this.MANY({
      // `and invariant` ends the constraint (see bodyItem)
      GATE: () => this.LA(2).tokenType !== T.Invariant,
      DEF: () => {
        this.CONSUME(T.And);
        rest.push(['and', this.SUBRULE2(this.notExpr)]);
      },
    });
    return this.ACTION(() => chain(first, rest, 'and'));
  });

  /** `not` applies to a comparison; it stacks (`not not p`) as the ttmc-era grammar allowed. */
  private notExpr = this.RULE('notExpr', (): SynExpr => this.OR({ ERR_MSG: 'an expression', DEF: [
    {
      ALT: () => {
        const tok = this.CONSUME(T.Not);
        const arg = this.SUBRULE(this.notExpr);
        return { kind: 'op', tok, op: 'not', args: [arg] };
      },
    },
    { ALT: () => this.SUBRULE2(this.eqExpr) },
  ] }));

  private eqExpr = this.RULE('eqExpr', (): SynExpr => {
    const lhs = this.SUBRULE(this.relExpr);
    const rhs = this.OPTION(() => {
      const op: SynOp = this.OR([
        { ALT: () => { this.CONSUME(T.Eq); return 'eq'; } },
        { ALT: () => { this.CONSUME(T.Neq); return 'neq'; } },
      ]);
      return [op, this.SUBRULE2(this.relExpr)] as const;
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: rhs[0], args: [lhs, rhs[1]] } : lhs;
  });

  private relExpr = this.RULE('relExpr', (): SynExpr => {
    const lhs = this.SUBRULE(this.addExpr);
    const rhs = this.OPTION(() => {
      const op: SynOp = this.OR([
        { ALT: () => { this.CONSUME(T.Lt); return 'lt'; } },
        { ALT: () => { this.CONSUME(T.Leq); return 'le'; } },
        { ALT: () => { this.CONSUME(T.Gt); return 'gt'; } },
        { ALT: () => { this.CONSUME(T.Geq); return 'ge'; } },
      ]);
      return [op, this.SUBRULE2(this.addExpr)] as const;
    });
    return rhs ? { kind: 'op', tok: lhs.tok, op: rhs[0], args: [lhs, rhs[1]] } : lhs;
  });

  private addExpr = this.RULE('addExpr', (): SynExpr => {
    const first = this.SUBRULE(this.mulExpr);
    const rest: [SynOp, SynExpr][] = [];
    this.MANY(() => {
      const op: SynOp = this.OR([
        { ALT: () => { this.CONSUME(T.Plus); return 'add'; } },
        { ALT: () => { this.CONSUME(T.Minus); return 'sub'; } },
      ]);
      rest.push([op, this.SUBRULE2(this.mulExpr)]);
    });
    return this.ACTION(() => chain(first, rest, 'add'));
  });

  private mulExpr = this.RULE('mulExpr', (): SynExpr => {
    const first = this.SUBRULE(this.negExpr);
    const rest: [SynOp, SynExpr][] = [];
    this.MANY(() => {
      const op: SynOp = this.OR([
        { ALT: () => { this.CONSUME(T.Star); return 'mul'; } },
        { ALT: () => { this.CONSUME(T.Slash); return 'div'; } },
        { ALT: () => { this.CONSUME(T.Mod); return 'mod'; } },
        { ALT: () => { this.CONSUME(T.Rem); return 'rem'; } },
      ]);
      rest.push([op, this.SUBRULE2(this.negExpr)]);
    });
    return this.ACTION(() => chain(first, rest, 'mul'));
  });

  /** Unary minus, stackable; applied to a literal it gives a negative literal (`>= -32768`). */
  private negExpr = this.RULE('negExpr', (): SynExpr => this.OR({ ERR_MSG: 'an expression', DEF: [
    {
      ALT: () => {
        const tok = this.CONSUME(T.Minus);
        const arg = this.SUBRULE(this.negExpr);
        return this.ACTION((): SynExpr => {
          if (arg.kind === 'int' && arg.value >= 0n) return { kind: 'int', tok, value: -arg.value };
          if (arg.kind === 'rat' && arg.num >= 0n) return { kind: 'rat', tok, num: -arg.num, den: arg.den };
          return { kind: 'op', tok, op: 'neg', args: [arg] };
        });
      },
    },
    { ALT: () => this.SUBRULE(this.postfixExpr) },
  ] }));

  /** Primes and array reads, applied left to right; `a[i, j]` reads twice. */
  private postfixExpr = this.RULE('postfixExpr', (): SynExpr => {
    let e = this.SUBRULE(this.atom);
    this.MANY(() => this.OR([
      {
        ALT: () => {
          const mark = this.CONSUME(T.Prime);
          e = { kind: 'prime', tok: e.tok, mark, arg: e };
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.AT_LEAST_ONE_SEP({
            SEP: T.Comma,
            DEF: () => {
              const index = this.SUBRULE(this.expr);
              e = { kind: 'read', tok: e.tok, array: e, index };
            },
          });
          this.CONSUME(T.RBracket);
        },
      },
    ]));
    return e;
  });

  private atom = this.RULE('atom', (): SynExpr => this.OR({
    ERR_MSG: 'an expression',
    DEF: [
      { ALT: () => ({ kind: 'bool', tok: this.CONSUME(T.True), value: true }) },
      { ALT: () => ({ kind: 'bool', tok: this.CONSUME(T.False), value: false }) },
      {
        ALT: () => {
          const tok = this.CONSUME(T.Numeral);
          const den = this.OPTION(() => {
            this.CONSUME(T.Percent);
            return this.CONSUME2(T.Numeral);
          });
          return this.ACTION((): SynExpr => den
            ? { kind: 'rat', tok, num: BigInt(tok.image), den: BigInt(den.image) }
            : { kind: 'int', tok, value: BigInt(tok.image) });
        },
      },
      { ALT: () => { const tok = this.CONSUME(T.Identifier); return { kind: 'name', tok, name: tok.image }; } },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          const e = this.SUBRULE(this.expr);
          this.CONSUME(T.RParen);
          return e;
        },
      },
      {
        ALT: () => {
          const tok = this.CONSUME(T.If);
          const c = this.SUBRULE2(this.expr);
          this.CONSUME(T.Then);
          const a = this.SUBRULE3(this.expr);
          this.CONSUME(T.Else);
          const b = this.SUBRULE4(this.expr);
          return { kind: 'op', tok, op: 'ite', args: [c, a, b] };
        },
      },
    ],
  }));
}

let parser: StsParser | undefined;

/** The syntax tree of an STS file (InputError on the first lexical or syntax error). */
export function parseStsSyntax(text: string, file: string, warn: (w: InputError) => void): SynSpec {
  const tokens = T.lexSts(text, file);
  if (tokens.length === 0) throw errorAtEnd(file, text, "empty file: expected 'specification'");
  parser ??= new StsParser();
  parser.file = file;
  parser.text = text;
  parser.warn = warn;
  parser.input = tokens;
  const spec = parser.specification();
  const err = parser.errors[0];
  if (err) throw parsingError(file, text, err);
  return spec;
}
