/**
 * The S-expression variant of STS (formats.md 3.8, `*.lisp.sts`):
 *
 *     (system (var x Int) (var r Bool) (init E) ... (trans E) ... (prop E))
 *
 * with prefix operators `and or not => = /= < <= > >= + - * ite` and `(prime E)` for the next
 * state. The shared S-expression reader (`sexpr.ts`, Chevrotain) checks the bracketing; building
 * the `Sts` checks names, arities, types and primes with the same discipline as the STS front end.
 * The file has no names of its own: the specification is named after the file, the property `prop`.
 */
import type { IToken } from 'chevrotain';
import { ExprTypeError, add, and, bool, cmp, declareVar, eq, imply, int, ite, mul, neg, neq, not, or, prime, ref, sub, type Expr, type VarDecl } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, type Type } from '../../../lang/types.js';
import type { Sts } from '../../sts.js';
import { errorAt, errorAtEnd } from '../../../lang/grammar/syntax-errors.js';
import { readSexprs, type Sexpr as SExpr } from '../../../lang/grammar/sexpr.js';

const TYPES: Record<string, Type> = { Bool: BoolT, Int: IntT, Real: RatT };
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMERAL = /^\d+$/;

/** Operators: allowed operand counts (`max` undefined: any number from `min`). */
const ARITY: Record<string, { min: number; max?: number }> = {
  and: { min: 1 }, or: { min: 1 }, not: { min: 1, max: 1 }, '=>': { min: 2, max: 2 },
  '=': { min: 2, max: 2 }, '/=': { min: 2, max: 2 }, '<': { min: 2, max: 2 }, '<=': { min: 2, max: 2 },
  '>': { min: 2, max: 2 }, '>=': { min: 2, max: 2 }, '+': { min: 1 }, '-': { min: 1 }, '*': { min: 1 },
  ite: { min: 3, max: 3 }, prime: { min: 1, max: 1 },
};

class Builder {
  private readonly vars = new Map<string, VarDecl>();

  constructor(private readonly text: string, private readonly file: string) {}

  private fail(tok: IToken, reason: string): never {
    throw errorAt(this.file, this.text, tok, reason);
  }

  /** The items of `(head ...)` after the head, or an error saying what was expected. */
  private form(s: SExpr, what: string): { head: IToken; args: readonly SExpr[] } {
    const head = s.kind === 'list' ? s.items[0] : undefined;
    if (s.kind !== 'list' || !head || head.kind !== 'atom') this.fail(s.tok, `expected ${what}`);
    return { head: head.tok, args: s.items.slice(1) };
  }

  system(top: SExpr, name: string): Sts {
    const { head, args } = this.form(top, '(system ...)');
    if (head.image !== 'system') this.fail(head, `expected 'system' but found '${head.image}'`);
    const items = args.map((item) => {
      const f = this.form(item, '(var ...), (init ...), (trans ...) or (prop ...)');
      if (!['var', 'init', 'trans', 'prop'].includes(f.head.image)) {
        this.fail(f.head, `expected 'var', 'init', 'trans' or 'prop' but found '${f.head.image}'`);
      }
      return f;
    });
    for (const { head: h, args: a } of items) if (h.image === 'var') this.declare(h, a);

    const inits: Expr[] = [];
    const transitions: Expr[] = [];
    let prop: Expr | undefined;
    for (const { head: h, args: a } of items) {
      if (h.image === 'var') continue;
      if (a.length !== 1) this.fail(h, `'${h.image}' takes one expression, but ${a.length} are given`);
      const what = { init: 'an initial constraint', trans: 'a transition', prop: 'the property' }[h.image]!;
      const e = this.expr(a[0]!, h.image === 'trans' ? 1 : 0, what, 0);
      if (e.type !== BoolT) this.fail(a[0]!.tok, `${what} must be Boolean, but it is ${e.type.key}`);
      if (h.image === 'init') inits.push(e);
      else if (h.image === 'trans') transitions.push(e);
      else if (prop) this.fail(h, 'several properties: Vigil checks one property per file');
      else prop = e;
    }
    if (!prop) this.fail(head, 'no property: Vigil checks one property per file');
    return { name, propName: 'prop', vars: [...this.vars.values()], invariants: [], inits, transitions, prop };
  }

  private declare(head: IToken, args: readonly SExpr[]): void {
    const [n, t] = args;
    if (args.length !== 2 || n!.kind !== 'atom' || t!.kind !== 'atom') this.fail(head, "expected '(var NAME TYPE)'");
    if (!IDENT.test(n.tok.image)) this.fail(n.tok, `'${n.tok.image}' is not a valid variable name`);
    const type = TYPES[t.tok.image];
    if (!type) this.fail(t.tok, `unknown type '${t.tok.image}': expected Bool, Int or Real`);
    if (this.vars.has(n.tok.image)) this.fail(n.tok, `duplicate declaration of '${n.tok.image}'`);
    this.vars.set(n.tok.image, declareVar(n.tok.image, type));
  }

  private expr(s: SExpr, maxPrimes: number, what: string, primes: number): Expr {
    if (s.kind === 'atom') {
      const word = s.tok.image;
      if (NUMERAL.test(word)) return int(BigInt(word));
      if (word === 'true' || word === 'false') return bool(word === 'true');
      const v = this.vars.get(word);
      if (!v) this.fail(s.tok, `unknown identifier '${word}'`);
      return ref(v);
    }
    const { head, args } = this.form(s, 'an expression');
    const op = head.image;
    const arity = ARITY[op];
    if (!arity) this.fail(head, `unknown operator '${op}'`);
    if (args.length < arity.min || (arity.max !== undefined && args.length > arity.max)) {
      const count = arity.max === undefined ? `at least ${arity.min}` : `${arity.min}`;
      this.fail(head, `'${op}' takes ${count} operand(s), but ${args.length} are given`);
    }
    if (op === 'prime') {
      if (primes + 1 > maxPrimes) {
        this.fail(head, maxPrimes === 0 ? `${what} cannot refer to the next state (prime)` : `${what} can refer to the next state only, not beyond it`);
      }
      return prime(this.expr(args[0]!, maxPrimes, what, primes + 1));
    }
    const a = args.map((x) => this.expr(x, maxPrimes, what, primes));
    try {
      return apply(op, a);
    } catch (err) {
      if (err instanceof ExprTypeError) this.fail(s.tok, err.message);
      throw err;
    }
  }
}

function apply(op: string, a: Expr[]): Expr {
  const [x, y, z] = a as [Expr, Expr, Expr];
  switch (op) {
    case 'and': return and(...a);
    case 'or': return or(...a);
    case 'not': return not(x);
    case '=>': return imply(x, y);
    case '=': return eq(x, y);
    case '/=': return neq(x, y);
    case '<': return cmp('lt', x, y);
    case '<=': return cmp('le', x, y);
    case '>': return cmp('gt', x, y);
    case '>=': return cmp('ge', x, y);
    case '+': return add(...a);
    case '-': return a.length === 1 ? neg(x) : a.slice(1).reduce((acc, b) => sub(acc, b), x);
    case '*': return mul(...a);
    default: return ite(x, y, z);
  }
}

/** The file's base name without `.lisp.sts`, made into an identifier. */
function specName(file: string): string {
  const base = file.replace(/^.*[\\/]/, '').replace(/\.lisp\.sts$|\.[^.]*$/, '');
  const name = base.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** Reads a lisp-style STS file; every problem is an InputError at the offending token. */
export function parseLispSts(text: string, file: string): Sts {
  const [top, extra] = readSexprs(text, file);
  if (!top) throw errorAtEnd(file, text, "empty file: expected '(system ...)'");
  if (extra) throw errorAt(file, text, extra.tok, 'unexpected text after the system');
  return new Builder(text, file).system(top, specName(file));
}
