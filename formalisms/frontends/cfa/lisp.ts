/**
 * The lisp-style CFA variant (formats.md 2.10, `counter5_true.lisp.cfa`): one form
 * `(process ITEM ...)` whose items are `(var x Int)`, `(init L)`, `(loc L)`, `(final L)`,
 * `(error L)` and `(edge SRC TGT STMT ...)`, statements `(assign x E)`, `(assume E)`, `(havoc x)`,
 * and prefix expressions in the style of SMT-LIB. As in the CFA language, names resolve after the
 * whole process has been read and edges keep their statement lists.
 */
import { basename } from 'node:path';
import { InputError, positionOf } from '../../../lang/errors.js';
import { type Expr, type VarDecl, ExprTypeError, add, and, bool, declareVar, div, eq, iff, imply, int, ite, mod, mul, neg, neq, not, or, read, ref, rem, sub, write, xor, cmp } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, type Type, arrayType } from '../../../lang/types.js';
import type { Cfa, Edge, Loc, Stmt } from '../../cfa.js';
import { type Sexpr, describeSexpr, readSexprs, sexprError } from '../../../lang/grammar/sexpr.js';

type Meaning = { readonly kind: 'var'; readonly decl: VarDecl } | { readonly kind: 'loc'; readonly loc: Loc };

/** Operators with a fixed number of operands, by name. */
const FIXED: Record<string, [number, (...a: Expr[]) => Expr]> = {
  not: [1, not], '=>': [2, imply], iff: [2, iff], xor: [2, xor], '=': [2, eq], '/=': [2, neq],
  '<': [2, (a, b) => cmp('lt', a, b)], '<=': [2, (a, b) => cmp('le', a, b)], '>': [2, (a, b) => cmp('gt', a, b)],
  '>=': [2, (a, b) => cmp('ge', a, b)], '/': [2, div], mod: [2, mod], rem: [2, rem], ite: [3, ite], read: [2, read], write: [3, write],
};
/** Operators taking any number of operands (at least one). */
const NARY: Record<string, (...a: Expr[]) => Expr> = { and, or, '+': add, '*': mul };

export function parseLispCfa(text: string, file: string): Cfa {
  const fail = (s: Sexpr, reason: string) => sexprError(file, text, s, reason);
  const top = readSexprs(text, file);
  if (top.length === 0) {
    const { line, column } = positionOf(text, text.length);
    throw new InputError(file, line, column, 'empty file: expected (process ...)', text);
  }
  if (top.length > 1) throw fail(top[1]!, 'expected a single (process ...) form, but another form follows it');
  const proc = top[0]!;
  if (proc.kind !== 'list' || head(proc) !== 'process') throw fail(proc, `expected (process ...) but found ${describeSexpr(proc)}`);

  const name = (s: Sexpr | undefined, after: Sexpr, what: string): Sexpr & { kind: 'atom' } => {
    if (!s) throw fail(after, `${describeSexpr(after)} lacks its ${what}`);
    if (s.kind !== 'atom' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(s.text)) throw fail(s, `expected a ${what} but found ${describeSexpr(s)}`);
    return s;
  };
  const arity = (s: Sexpr & { kind: 'list' }, n: number, shape: string): void => {
    if (s.items.length !== n) throw fail(s, `expected ${shape}`);
  };

  const scope = new Map<string, Meaning>();
  const vars: VarDecl[] = [];
  const locs: Loc[] = [];
  const marked: Partial<Record<'init' | 'final' | 'error', Loc>> = {};
  const edgeForms: (Sexpr & { kind: 'list' })[] = [];

  for (const item of proc.items.slice(1)) {
    if (item.kind !== 'list') throw fail(item, `expected a (var ...), (loc ...) or (edge ...) form but found ${describeSexpr(item)}`);
    const h = head(item);
    if (h === 'edge') { edgeForms.push(item); continue; }
    if (h === 'var') {
      arity(item, 3, '(var NAME TYPE)');
      const n = name(item.items[1], item, 'variable name');
      if (scope.has(n.text)) throw fail(n, `'${n.text}' is already declared`);
      const decl = declareVar(n.text, type(item.items[2]!, fail));
      vars.push(decl);
      scope.set(n.text, { kind: 'var', decl });
    } else if (h === 'loc' || h === 'init' || h === 'final' || h === 'error') {
      arity(item, 2, `(${h} NAME)`);
      const n = name(item.items[1], item, 'location name');
      if (scope.has(n.text)) throw fail(n, `'${n.text}' is already declared`);
      const loc: Loc = { id: locs.length, name: n.text };
      locs.push(loc);
      scope.set(n.text, { kind: 'loc', loc });
      if (h !== 'loc') {
        if (marked[h]) throw fail(item, `a second ${h} location: '${marked[h].name}' is already the ${h} location`);
        marked[h] = loc;
      }
    } else {
      throw fail(item, `expected a (var ...), (loc ...), (init ...), (final ...), (error ...) or (edge ...) form but found ${describeSexpr(item)}`);
    }
  }
  if (!marked.init) throw fail(proc, 'the process has no (init ...) location');

  const lookup = (s: Sexpr & { kind: 'atom' }): Meaning => {
    const m = scope.get(s.text);
    if (!m) throw fail(s, `unknown identifier '${s.text}'`);
    return m;
  };
  const location = (s: Sexpr | undefined, after: Sexpr): Loc => {
    const m = lookup(name(s, after, 'location name'));
    if (m.kind !== 'loc') throw fail(s!, `'${(s as Sexpr & { kind: 'atom' }).text}' is a variable, not a location`);
    return m.loc;
  };
  const variable = (s: Sexpr | undefined, after: Sexpr): VarDecl => {
    const m = lookup(name(s, after, 'variable name'));
    if (m.kind !== 'var') throw fail(s!, `'${(s as Sexpr & { kind: 'atom' }).text}' is a location, not a variable`);
    return m.decl;
  };

  const expr = (s: Sexpr): Expr => {
    if (s.kind === 'atom') {
      if (s.text === 'true' || s.text === 'false') return bool(s.text === 'true');
      if (/^\d+$/.test(s.text)) return int(BigInt(s.text));
      const m = lookup(name(s, s, 'variable name'));
      if (m.kind !== 'var') throw fail(s, `'${s.text}' is a location, not a variable`);
      return ref(m.decl);
    }
    const op = head(s);
    const args = s.items.slice(1).map(expr);
    try {
      if (op === '-') {
        if (args.length === 1) return neg(args[0]!);
        if (args.length === 2) return sub(args[0]!, args[1]!);
        throw fail(s, '- takes one or two operands');
      }
      const fixed = op === undefined ? undefined : FIXED[op];
      if (fixed) {
        if (args.length !== fixed[0]) throw fail(s, `${op} takes ${fixed[0]} operand${fixed[0] === 1 ? '' : 's'}, not ${args.length}`);
        return fixed[1](...args);
      }
      const nary = op === undefined ? undefined : NARY[op];
      if (nary) {
        if (args.length === 0) throw fail(s, `${op} needs operands`);
        return nary(...args);
      }
    } catch (e) {
      if (e instanceof ExprTypeError) throw fail(s, e.message);
      throw e;
    }
    throw fail(s.items[0] ?? s, `unknown operator in ${describeSexpr(s)}`);
  };

  const statement = (s: Sexpr): Stmt => {
    if (s.kind !== 'list') throw fail(s, `expected a statement but found ${describeSexpr(s)}`);
    switch (head(s)) {
      case 'assign': {
        arity(s, 3, '(assign VAR EXPR)');
        const lhs = variable(s.items[1], s);
        const rhs = expr(s.items[2]!);
        if (rhs.type !== lhs.type) throw fail(s.items[2]!, `cannot assign a value of type ${rhs.type.key} to '${lhs.name}' of type ${lhs.type.key}`);
        return { kind: 'assign', lhs, rhs };
      }
      case 'assume': {
        arity(s, 2, '(assume EXPR)');
        const cond = expr(s.items[1]!);
        if (cond.type !== BoolT) throw fail(s.items[1]!, `an assumption must be Bool, but this is ${cond.type.key}`);
        return { kind: 'assume', cond };
      }
      case 'havoc':
        arity(s, 2, '(havoc VAR)');
        return { kind: 'havoc', v: variable(s.items[1], s) };
      default:
        throw fail(s, `expected (assign ...), (assume ...) or (havoc ...) but found ${describeSexpr(s)}`);
    }
  };

  const edges: Edge[] = edgeForms.map((e, id) => {
    const source = location(e.items[1], e);
    const target = location(e.items[2], e);
    return { id, source, target, stmts: e.items.slice(3).map(statement) };
  });

  return {
    name: basename(file).split('.')[0]!.replace(/[^A-Za-z0-9_]/g, '_') || 'cfa',
    declaredAt: positionOf(text, proc.tok.startOffset),
    vars,
    locs,
    edges,
    init: marked.init,
    ...(marked.final ? { final: marked.final } : {}),
    ...(marked.error ? { error: marked.error } : {}),
  };
}

function head(s: Sexpr & { kind: 'list' }): string | undefined {
  const h = s.items[0];
  return h?.kind === 'atom' ? h.text : undefined;
}

/** `Int`, `Bool`, `Rat` (or `Real`), `(Array K V)`. */
function type(s: Sexpr, fail: (s: Sexpr, reason: string) => InputError): Type {
  if (s.kind === 'atom') {
    const t = ({ Int: IntT, Bool: BoolT, Rat: RatT, Real: RatT } as Record<string, Type>)[s.text];
    if (t) return t;
  } else if (head(s) === 'Array' && s.items.length === 3) {
    return arrayType(type(s.items[1]!, fail), type(s.items[2]!, fail));
  }
  throw fail(s, `expected a type (Int, Bool, Rat or (Array K V)) but found ${describeSexpr(s)}`);
}
