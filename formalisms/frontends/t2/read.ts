/**
 * The T2 front end's reader (termination-format.md 2 and 3): lexes and parses a `.t2` program and
 * builds the `Cfa` it denotes. Every block is one edge whose commands run in sequence; variables
 * are all identifiers used, unbounded integers without initial values; `AT`, `CUTPOINT` and
 * `SHADOW` are dropped. T2's reading rules are applied as T2 applies them: a right-hand side that
 * contains `nondet()` is a havoc, an `assume` that contains one is dropped, and `/`, `%` and the
 * product of two non-constant terms count as `nondet()`. Every problem is an `InputError` at the
 * offending token.
 */
import type { IToken } from 'chevrotain';
import { InputError, positionOf } from '../../../lang/errors.js';
import { type Expr, type VarDecl, add, and, declareVar, eq, ge, gt, int, le, lt, mul, neg, neq, not, or, ref, sub } from '../../../lang/expr.js';
import { IntT } from '../../../lang/types.js';
import type { Cfa, Edge, Loc, Stmt } from '../../cfa.js';
import { t2Lexer } from './lexer.js';
import { t2Parser, type T2Expr, type T2Program } from './syntax.js';
import { errorAt, lexingError, parsingError } from '../../../lang/grammar/syntax-errors.js';

export function parseT2(text: string, file: string, name = 'main'): Cfa {
  return new T2Builder(file, text).build(readSyntax(text, file), name);
}

function readSyntax(text: string, file: string): T2Program {
  const lexed = t2Lexer.tokenize(text);
  if (lexed.errors.length > 0) throw lexingError(file, text, lexed.errors[0]!);
  if (lexed.tokens.length === 0) {
    const { line, column } = positionOf(text, text.length);
    throw new InputError(file, line, column, "empty file: expected 'START'", text);
  }
  const parser = t2Parser();
  parser.input = lexed.tokens;
  const syntax = parser.program();
  if (parser.errors.length > 0) throw parsingError(file, text, parser.errors[0]!);
  return syntax;
}

const COMPARISONS = new Set(['lt', 'le', 'gt', 'ge', 'eq', 'neq']);
const CONNECTIVES = new Set(['and', 'or', 'not']);

/** A term, or `undefined` for an arbitrary value (T2's `nondet()` and what T2 reads as one). */
type Term = Expr | undefined;

class T2Builder {
  private readonly vars = new Map<string, VarDecl>();
  private readonly locs = new Map<string, Loc>();

  constructor(private readonly file: string, private readonly text: string) {}

  private fail(tok: IToken, reason: string): InputError {
    return errorAt(this.file, this.text, tok, reason);
  }

  build(p: T2Program, name: string): Cfa {
    const init = this.location(p.start);
    const edges: Edge[] = p.blocks.map((b, id) => {
      const source = this.location(b.from);
      const stmts = b.commands.flatMap((c): Stmt[] => {
        if (c.kind === 'assign') {
          const lhs = this.variable(c.lhs.image);
          const rhs = this.term(c.rhs);
          return [rhs === undefined ? { kind: 'havoc', v: lhs } : { kind: 'assign', lhs, rhs }];
        }
        const cond = this.condition(c.cond);
        return cond === undefined ? [] : [{ kind: 'assume', cond }];
      });
      const lines = { first: b.tok.startLine!, last: b.to.endLine! };
      return { id, source, target: this.location(b.to), stmts, lines };
    });
    return {
      name,
      declaredAt: positionOf(this.text, p.start.startOffset),
      vars: [...this.vars.values()],
      locs: [...this.locs.values()],
      edges,
      init,
    };
  }

  /** Numeric labels compare as integers (`01` is `1`); labels have their own namespace. */
  private location(tok: IToken): Loc {
    const label = /^\d+$/.test(tok.image) ? BigInt(tok.image).toString() : tok.image;
    let loc = this.locs.get(label);
    if (!loc) this.locs.set(label, (loc = { id: this.locs.size, name: label }));
    return loc;
  }

  private variable(name: string): VarDecl {
    let v = this.vars.get(name);
    if (!v) this.vars.set(name, (v = declareVar(name, IntT)));
    return v;
  }

  private term(e: T2Expr): Term {
    switch (e.kind) {
      case 'num': return int(e.value);
      case 'name': return ref(this.variable(e.name));
      case 'nondet': return undefined;
      case 'op': {
        if (COMPARISONS.has(e.op) || CONNECTIVES.has(e.op)) throw this.fail(e.tok, 'expected a term but found a condition');
        const args = e.args.map((a) => this.term(a));
        const [a, b] = args;
        if (args.some((x) => x === undefined)) return undefined;
        switch (e.op) {
          case 'neg': return neg(a!);
          case 'add': return add(a!, b!);
          case 'sub': return sub(a!, b!);
          // T2 over-approximates non-linear products, division and remainder by an arbitrary value
          case 'mul': return a!.op === 'lit' || b!.op === 'lit' ? mul(a!, b!) : undefined;
          default: return undefined;
        }
      }
    }
  }

  /** The argument of `assume`: a formula, or a bare term meaning `term != 0`; undefined when T2 drops it. */
  private condition(e: T2Expr): Expr | undefined {
    if (e.kind === 'op' && (COMPARISONS.has(e.op) || CONNECTIVES.has(e.op))) return this.formula(e);
    const t = this.term(e);
    return t === undefined ? undefined : neq(t, int(0));
  }

  private formula(e: T2Expr): Expr | undefined {
    if (e.kind !== 'op' || !(COMPARISONS.has(e.op) || CONNECTIVES.has(e.op))) {
      throw this.fail(e.tok, 'expected a comparison but found a term (a bare term is allowed only as the whole condition of assume)');
    }
    if (CONNECTIVES.has(e.op)) {
      const args = e.args.map((a) => this.formula(a));
      if (args.some((x) => x === undefined)) return undefined;
      return e.op === 'not' ? not(args[0]!) : e.op === 'and' ? and(...(args as Expr[])) : or(...(args as Expr[]));
    }
    const [a, b] = e.args.map((x) => this.term(x));
    if (a === undefined || b === undefined) return undefined;
    const build = { lt, le, gt, ge, eq, neq }[e.op as 'lt' | 'le' | 'gt' | 'ge' | 'eq' | 'neq'];
    return build(a, b);
  }
}
