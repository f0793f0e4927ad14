/**
 * SMT-LIB terms of a CHC-COMP file as Vigil expressions: the Core theory (`true`, `false`, `not`,
 * `and`, `or`, `xor`, `=>`, `=` and `distinct` chained over their operands, `ite`), linear integer
 * and real arithmetic (`+`, `-`, `*` with at most one factor that mentions a variable, `div`,
 * `mod` and `/` by a nonzero constant, `abs`, `to_real`, the comparisons, chained), numerals,
 * decimals, and `let` (parallel bindings). The clause reader (read.ts) and the model reader
 * (model.ts) share it; predicate atoms are theirs to recognise, so a predicate met here is one in
 * a place where a Horn clause cannot have it.
 */
import type { IToken } from 'chevrotain';
import {
  ExprTypeError, add, and, bool, cmp, div, eq, freeVars, ge, imply, int, ite, mod, mul, neg, neq, not, or, rat, sub, toRat, xor,
  type Expr,
} from '../../../lang/expr.js';
import { evaluate } from '../../../lang/eval.js';
import { BoolT, IntT, RatT, type Type } from '../../../lang/types.js';
import { InputError } from '../../../lang/errors.js';
import { errorAt } from '../../../lang/grammar/syntax-errors.js';
import { describe, head, type Sx, type SxList } from './syntax.js';
import type { Position, Predicate } from './clauses.js';

/** What the symbols in scope stand for: quantified variables, parameters, let bindings. */
export type Env = ReadonlyMap<string, Expr>;

const SORTS: Record<string, Type> = { Int: IntT, Bool: BoolT, Real: RatT };

/** Operators by name: the term over the operands, or an error message. */
type Operator = (args: Expr[], s: SxList, terms: Terms) => Expr;

function chain(op: (a: Expr, b: Expr) => Expr): Operator {
  return (args, s, t) => {
    t.operands(s, args, 2);
    return and(...args.slice(1).map((b, i) => op(args[i]!, b)));
  };
}

const comparison = (op: Parameters<typeof cmp>[0]): Operator => chain((a, b) => cmp(op, a, b));

/** The operand as a Real term (`to_real` of an Int one). */
const real = (e: Expr): Expr => (e.type === IntT ? toRat(e) : e);

const OPERATORS: Record<string, Operator> = {
  not: (a, s, t) => not(t.operands(s, a, 1, 1)[0]!),
  and: (a) => and(...a),
  or: (a) => or(...a),
  xor: (a, s, t) => t.operands(s, a, 2).reduce((x, y) => xor(x, y)),
  '=>': (a, s, t) => t.operands(s, a, 2).reduceRight((y, x) => imply(x, y)),
  '=': chain(eq),
  distinct: (a, s, t) => and(...t.operands(s, a, 2).flatMap((x, i) => a.slice(i + 1).map((y) => neq(x, y)))),
  ite: (a, s, t) => {
    const [c, x, y] = t.operands(s, a, 3, 3);
    return ite(c!, x!, y!);
  },
  '<': comparison('lt'), '<=': comparison('le'), '>': comparison('gt'), '>=': comparison('ge'),
  '+': (a, s, t) => add(...t.operands(s, a, 1)),
  '-': (a, s, t) => (t.operands(s, a, 1).length === 1 ? neg(a[0]!) : a.reduce((x, y) => sub(x, y))),
  '*': (a, s, t) => {
    t.operands(s, a, 1);
    if (a.filter((x) => freeVars(x).length > 0).length > 1) throw t.fail(s, 'nonlinear multiplication: at most one factor of * may mention a variable (Vigil checks linear arithmetic)');
    return mul(...a);
  },
  div: (a, s, t) => {
    const [x, y] = t.operands(s, a, 2, 2);
    t.constantDivisor(s, y!);
    return div(x!, y!);
  },
  mod: (a, s, t) => {
    const [x, y] = t.operands(s, a, 2, 2);
    t.constantDivisor(s, y!);
    return mod(x!, y!);
  },
  '/': (a, s, t) => {
    const [x, y] = t.operands(s, a, 2, 2);
    t.constantDivisor(s, y!);
    return div(real(x!), real(y!));
  },
  abs: (a, s, t) => {
    const [x] = t.operands(s, a, 1, 1);
    return ite(ge(x!, x!.type === RatT ? rat(0) : int(0)), x!, neg(x!));
  },
  to_real: (a, s, t) => toRat(t.operands(s, a, 1, 1)[0]!),
};

/** `1.25` as the rational 125/100. */
function decimal(text: string): Expr {
  const [whole, frac] = text.split('.') as [string, string];
  return rat(BigInt(whole + frac), 10n ** BigInt(frac.length));
}

export function positionOfToken(tok: IToken): Position {
  return { line: tok.startLine!, column: tok.startColumn! };
}

export class Terms {
  constructor(
    readonly file: string,
    readonly text: string,
    /** The declared predicates by name. */
    readonly predicates: ReadonlyMap<string, Predicate>,
  ) {}

  fail(s: Sx, reason: string): InputError {
    return errorAt(this.file, this.text, s.tok, reason);
  }

  /** Checks the operand count of an operator (`max` undefined: no upper bound) and returns the operands. */
  operands(s: SxList, args: Expr[], min: number, max?: number): Expr[] {
    const op = head(s)!;
    if (args.length < min || (max !== undefined && args.length > max)) {
      const wanted = max === min ? `${min}` : max === undefined ? `at least ${min}` : `${min} to ${max}`;
      throw this.fail(s, `${op} takes ${wanted} operand${wanted === '1' ? '' : 's'}, not ${args.length}`);
    }
    return args;
  }

  /** Division and remainder are linear only by a constant, and SMT-LIB leaves division by zero open. */
  constantDivisor(s: SxList, divisor: Expr): void {
    const op = head(s)!;
    if (freeVars(divisor).length > 0) throw this.fail(s.items[2]!, `the divisor of ${op} must be a constant (Vigil checks linear arithmetic)`);
    const v = evaluate(divisor, () => undefined);
    if (v === undefined || v.value === 0n || (typeof v.value === 'object' && 'num' in v.value && v.value.num === 0n)) {
      throw this.fail(s.items[2]!, `the divisor of ${op} is zero`);
    }
  }

  /** `Int`, `Bool` or `Real`. */
  sort(s: Sx): Type {
    const t = s.kind === 'symbol' ? SORTS[s.text] : undefined;
    if (!t) throw this.fail(s, `unsupported sort ${describe(s)}: Vigil reads Int, Bool and Real arguments`);
    return t;
  }

  /** The scope extended by the bindings of `(let ((x t) ...) body)`, each term read in the outer scope. */
  letScope(s: SxList, env: Env): Env {
    const bindings = s.items[1];
    if (s.items.length !== 3 || bindings?.kind !== 'list') throw this.fail(s, 'expected (let ((NAME TERM) ...) TERM)');
    const out = new Map(env);
    const here = new Set<string>();
    for (const b of bindings.items) {
      const name = b.kind === 'list' ? b.items[0] : undefined;
      if (b.kind !== 'list' || b.items.length !== 2 || name?.kind !== 'symbol') throw this.fail(b, 'expected a binding (NAME TERM)');
      if (here.has(name.text)) throw this.fail(name, `'${name.text}' is bound twice in this let`);
      here.add(name.text);
      out.set(name.text, this.term(b.items[1]!, env, 'let'));
    }
    return out;
  }

  /**
   * The term `s` in scope `env`. `within` names the operator whose operand it is, for the message
   * about a predicate met in a place where a Horn clause cannot have one.
   */
  term(s: Sx, env: Env, within?: string): Expr {
    switch (s.kind) {
      case 'numeral': return int(BigInt(s.text));
      case 'decimal': return decimal(s.text);
      case 'symbol': {
        const bound = env.get(s.text);
        if (bound) return bound;
        if (s.text === 'true' || s.text === 'false') return bool(s.text === 'true');
        if (this.predicates.has(s.text)) throw this.misplaced(s, s.text, within);
        const hint = /^-\d+(\.\d+)?$/.test(s.text) ? ` (SMT-LIB writes a negative number as (- ${s.text.slice(1)}))` : '';
        throw this.fail(s, `unknown symbol '${s.text}'${hint}`);
      }
      case 'list': return this.application(s, env, within);
      default: throw this.fail(s, `expected a term but found ${describe(s)}`);
    }
  }

  private application(s: SxList, env: Env, within: string | undefined): Expr {
    const op = head(s);
    if (op === undefined) throw this.fail(s, s.items.length === 0 ? 'expected a term but found ()' : `expected an operator but found ${describe(s.items[0]!)}`);
    if (op === 'let') return this.term(s.items[2]!, this.letScope(s, env), within);
    if (op === '!') return this.term(s.items[1] ?? s, env, within);
    if (op === 'forall' || op === 'exists') throw this.fail(s, `a quantifier inside a clause is not supported (${op})`);
    if (this.predicates.has(op) && !env.has(op)) throw this.misplaced(s, op, within);
    const apply = OPERATORS[op];
    if (!apply) throw this.fail(s.items[0]!, `unknown function '${op}'`);
    const args = s.items.slice(1).map((a) => this.term(a, env, op));
    try {
      return apply(args, s, this);
    } catch (e) {
      if (e instanceof ExprTypeError) throw this.fail(s, e.message);
      throw e;
    }
  }

  private misplaced(s: Sx, name: string, within: string | undefined): InputError {
    const where = within === undefined ? 'here' : within === 'let' ? 'in a let binding' : `inside (${within} ...)`;
    return this.fail(s, `predicate '${name}' occurs ${where}: in a Horn clause, predicate atoms occur only as conjuncts of the body and as the head`);
  }
}
