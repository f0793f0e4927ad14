/**
 * Vigil expressions as SMT-LIB terms in a CHC-COMP file's own names: a predicate's interpretation
 * in a model (`define-fun` bodies over its parameters) and the values of a derivation. The
 * checkers' printer (lang/smt/smtlib.ts) names every variable by its declaration id (`|x@17|`), so
 * that two declarations never meet; a model is read by other tools, whose parameters are named
 * as the `define-fun` declares them, hence this printer of its own. Shared subterms become `let`
 * bindings (`a!1`, ...), grouped by level, so that a large invariant prints in linear size.
 */
import { postorder, type Expr, type Rational, type VarDecl } from '../../../lang/expr.js';

const SIMPLE = /^[A-Za-z~!@$%^&*_\-+=<>.?/][A-Za-z0-9~!@$%^&*_\-+=<>.?/]*$/;
const RESERVED = new Set(['let', 'forall', 'exists', 'match', 'par', 'as', '_', '!', 'BINARY', 'DECIMAL', 'HEXADECIMAL', 'NUMERAL', 'STRING']);

/** A name as an SMT-LIB symbol: as it is when it is a simple symbol, else between bars. */
export function symbol(name: string): string {
  return SIMPLE.test(name) && !RESERVED.has(name) ? name : `|${name}|`;
}

const OPS: Partial<Record<Expr['op'], string>> = {
  not: 'not', and: 'and', or: 'or', xor: 'xor', imply: '=>', iff: '=', ite: 'ite', eq: '=', neq: 'distinct',
  lt: '<', le: '<=', gt: '>', ge: '>=', add: '+', sub: '-', mul: '*', neg: '-', mod: 'mod', toRat: 'to_real',
};

function literal(e: Expr): string {
  const v = e.value!;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'bigint') return v < 0n ? `(- ${-v})` : String(v);
  const { num, den } = v as Rational;
  const abs = num < 0n ? -num : num;
  const magnitude = den === 1n ? `${abs}.0` : `(/ ${abs}.0 ${den}.0)`;
  return num < 0n ? `(- ${magnitude})` : magnitude;
}

function node(e: Expr, args: readonly string[]): string {
  if (e.op === 'lit') return literal(e);
  // on Int, Vigil's division is SMT-LIB's Euclidean div; on Real, exact division
  const op = e.op === 'div' ? (e.type.kind === 'int' ? 'div' : '/') : OPS[e.op];
  if (!op) throw new Error(`a ${e.op} term has no form in a CHC-COMP model (linear integer and real arithmetic)`);
  return `(${op} ${args.join(' ')})`;
}

/** The term, its variables named by `name`; subterms used twice are let-bound. */
export function printTerm(e: Expr, name: (v: VarDecl) => string = (v) => v.name): string {
  const nodes = postorder(e);
  const refs = new Map<number, number>();
  for (const n of nodes) for (const c of n.args) refs.set(c.id, (refs.get(c.id) ?? 0) + 1);
  const text = new Map<number, string>();
  const level = new Map<number, number>();
  const bindings: string[][] = [];
  let next = 1;
  for (const n of nodes) {
    if (n.op === 'var') {
      text.set(n.id, symbol(name(n.decl!)));
      level.set(n.id, 0);
      continue;
    }
    const t = node(n, n.args.map((c) => text.get(c.id)!));
    const lv = Math.max(0, ...n.args.map((c) => level.get(c.id)!));
    if (n !== e && n.args.length > 0 && (refs.get(n.id) ?? 0) > 1) {
      const b = `a!${next++}`;
      (bindings[lv] ??= []).push(`(${b} ${t})`);
      text.set(n.id, b);
      level.set(n.id, lv + 1);
    } else {
      text.set(n.id, t);
      level.set(n.id, lv);
    }
  }
  let out = text.get(e.id)!;
  for (let i = bindings.length - 1; i >= 0; i--) if (bindings[i]) out = `(let (${bindings[i]!.join(' ')}) ${out})`;
  return out;
}
