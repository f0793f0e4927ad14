/**
 * The certificate of a `sat` answer in the clauses' own terms: a model, an interpretation of every
 * predicate as a formula over its arguments, written as the CHC-COMP model validator reads it,
 *
 *     (define-fun inv ((x0 Int) (x1 Bool)) Bool (and (<= 0 x0) x1))
 *
 * one per predicate. It is made from an inductive invariant per predicate location (layout.ts), of
 * the CFA view or of the clauses: the formula at a predicate's location with the variables that
 * are not its arguments at their defaults. The
 * check that it makes every clause valid (certificates/chc-model.ts) reads the clauses only; the
 * text is read back with the clause reader's terms, so that what is checked is what was written.
 */
import { False, substitute, type Expr, type VarDecl, declareVar, ref } from '../../../lang/expr.js';
import { errorAtEnd } from '../../../lang/grammar/syntax-errors.js';
import { simplify } from '../../../lang/simplify.js';
import { BoolT } from '../../../lang/types.js';
import type { Location } from '../../interpreter.js';
import type { ChcSystem, Predicate } from './clauses.js';
import { defaultOf } from './cfa.js';
import type { ClauseView } from './layout.js';
import { printTerm, symbol } from './print.js';
import { describe, head, readSx } from './syntax.js';
import { Terms } from './terms.js';

/** `(lambda params. body)`: the predicate holds of the arguments that satisfy the body. */
interface Interpretation {
  readonly params: readonly VarDecl[];
  readonly body: Expr;
}

export type ChcModel = ReadonlyMap<Predicate, Interpretation>;

/** The model of an inductive invariant (a formula per predicate location; none: false). */
export function modelOfInvariant(view: ClauseView, invariant: ReadonlyMap<Location, Expr>): ChcModel {
  return new Map(view.system.predicates.map((p) => {
    const params = view.params.get(p)!;
    const mine = new Set(params);
    const others = new Map(view.vars.filter((v) => !mine.has(v)).map((v) => [v, defaultOf(v.type)]));
    const body = simplify(substitute(invariant.get(view.locOf.get(p)!) ?? False, others));
    return [p, { params, body }];
  }));
}

const SORT_NAMES: Record<string, string> = { int: 'Int', bool: 'Bool', rat: 'Real' };

/** The model as `define-fun`s, one per predicate in declaration order, after `;` comment lines. */
export function modelText(system: ChcSystem, model: ChcModel, comment: readonly string[] = []): string {
  const lines = comment.map((c) => `; ${c}`);
  for (const p of system.predicates) {
    const { params, body } = model.get(p)!;
    const decls = params.map((v) => `(${symbol(v.name)} ${SORT_NAMES[v.type.kind]})`).join(' ');
    lines.push(`(define-fun ${symbol(p.name)} (${decls}) Bool ${printTerm(body)})`);
  }
  return `${lines.join('\n')}\n`;
}

/** A model file read back: a `define-fun` of the right signature for every predicate of the system. */
export function readModel(system: ChcSystem, text: string, file: string): ChcModel {
  const terms = new Terms(file, text, new Map());
  const byName = new Map(system.predicates.map((p) => [p.name, p]));
  const model = new Map<Predicate, Interpretation>();
  for (const s of readSx(text, file)) {
    const [, name, decls, result, body] = s.kind === 'list' ? s.items : [];
    if (head(s) !== 'define-fun' || s.kind !== 'list' || s.items.length !== 5 || name?.kind !== 'symbol' || decls?.kind !== 'list') {
      throw terms.fail(s, `expected (define-fun PREDICATE ((NAME SORT) ...) Bool FORMULA) but found ${describe(s)}`);
    }
    const p = byName.get(name.text);
    if (!p) throw terms.fail(name, `${system.file} declares no predicate '${name.text}'`);
    if (model.has(p)) throw terms.fail(name, `predicate '${p.name}' is interpreted twice`);
    if (decls.items.length !== p.sorts.length) throw terms.fail(decls, `predicate '${p.name}' takes ${p.sorts.length} arguments, but ${decls.items.length} parameters are declared`);
    const env = new Map<string, Expr>();
    const params = decls.items.map((d, k) => {
      const pname = d.kind === 'list' ? d.items[0] : undefined;
      if (d.kind !== 'list' || d.items.length !== 2 || pname?.kind !== 'symbol') throw terms.fail(d, 'expected a parameter (NAME SORT)');
      if (env.has(pname.text)) throw terms.fail(pname, `parameter '${pname.text}' is declared twice`);
      const sort = terms.sort(d.items[1]!);
      if (sort !== p.sorts[k]) throw terms.fail(d.items[1]!, `argument ${k + 1} of '${p.name}' is ${SORT_NAMES[p.sorts[k]!.kind]}, not ${SORT_NAMES[sort.kind]}`);
      const v = declareVar(pname.text, sort);
      env.set(pname.text, ref(v));
      return v;
    });
    if (result!.kind !== 'symbol' || result!.text !== 'Bool') throw terms.fail(result!, 'an interpretation of a predicate has result Bool');
    const formula = terms.term(body!, env);
    if (formula.type !== BoolT) throw terms.fail(body!, `the interpretation of '${p.name}' must be a formula, but it is ${SORT_NAMES[formula.type.kind]}`);
    model.set(p, { params, body: formula });
  }
  const missing = system.predicates.find((p) => !model.has(p));
  if (missing) throw errorAtEnd(file, text, `the model does not interpret predicate '${missing.name}'`);
  return model;
}
