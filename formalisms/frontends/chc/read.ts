/**
 * The CHC-COMP reader (chc-comp.github.io format.md, the `HORN` fragment of SMT-LIB 2.6):
 *
 *     (set-logic HORN)
 *     (declare-fun P (Int Bool Real) Bool)                        ; a predicate, nullary as ( )
 *     (assert (forall ((x Int) ...) (=> BODY HEAD)))              ; HEAD a predicate atom
 *     (assert (forall ((x Int) ...) HEAD))                        ; a fact
 *     (assert (forall ((x Int) ...) (=> BODY false)))             ; a query
 *     (check-sat) (exit)
 *
 * with `set-info`, `set-option` and `get-model` read and ignored. BODY is a conjunction (nested
 * `and`s and `let`s) of predicate atoms and constraints; the terms are those of terms.ts. Every
 * clause is read, linear or not: whether the system can be checked is the CFA view's question
 * (clauses.ts, `nonlinearClause`). Bad input is an InputError at its place, never a crash.
 */
import { and, declareVar, ref, toRat, type Expr, type VarDecl } from '../../../lang/expr.js';
import { BoolT, IntT, RatT } from '../../../lang/types.js';
import { endOf, describe, head, readSx, type Sx, type SxList } from './syntax.js';
import { Terms, positionOfToken, type Env } from './terms.js';
import type { Atom, ChcSystem, Clause, Predicate } from './clauses.js';

/** Commands that say nothing about the clauses. */
const IGNORED = new Set(['set-info', 'set-option', 'get-model', 'get-info', 'check-sat']);

/** Commands of SMT-LIB that a CHC-COMP file does not have, and why Vigil does not read them. */
const REFUSED: Record<string, string> = {
  'declare-const': 'constants are not part of the CHC-COMP format (declare predicates with (declare-fun NAME (SORT ...) Bool))',
  'define-fun': 'definitions are not part of the CHC-COMP format',
  'define-fun-rec': 'definitions are not part of the CHC-COMP format',
  'define-funs-rec': 'definitions are not part of the CHC-COMP format',
  'declare-datatypes': 'algebraic data types are not supported: Vigil reads Int, Bool and Real arguments',
  'declare-datatype': 'algebraic data types are not supported: Vigil reads Int, Bool and Real arguments',
  'declare-sort': 'uninterpreted sorts are not supported: Vigil reads Int, Bool and Real arguments',
  'define-sort': 'sort definitions are not supported: Vigil reads Int, Bool and Real arguments',
  push: 'incremental commands are not part of the CHC-COMP format',
  pop: 'incremental commands are not part of the CHC-COMP format',
};

export function readChc(text: string, file: string): ChcSystem {
  return new Reader(text, file).system();
}

class Reader {
  private readonly byName = new Map<string, Predicate>();
  private readonly predicates: Predicate[] = [];
  private readonly clauses: Clause[] = [];
  private readonly terms: Terms;

  constructor(private readonly text: string, private readonly file: string) {
    this.terms = new Terms(file, text, this.byName);
  }

  system(): ChcSystem {
    const fail = (s: Sx, reason: string) => this.terms.fail(s, reason);
    for (const cmd of readSx(this.text, this.file)) {
      const name = head(cmd);
      if (cmd.kind !== 'list' || name === undefined) throw fail(cmd, `expected a command such as (assert ...) but found ${describe(cmd)}`);
      if (name === 'exit') break;
      if (IGNORED.has(name)) continue;
      if (REFUSED[name]) throw fail(cmd.items[0]!, REFUSED[name]);
      if (name === 'set-logic') this.logic(cmd);
      else if (name === 'declare-fun') this.declare(cmd);
      else if (name === 'assert') this.clauses.push(this.clause(cmd));
      else throw fail(cmd.items[0]!, `unknown command '${name}'`);
    }
    return { file: this.file, text: this.text, predicates: this.predicates, clauses: this.clauses };
  }

  private logic(cmd: SxList): void {
    const logic = cmd.items[1];
    if (cmd.items.length !== 2 || logic?.kind !== 'symbol') throw this.terms.fail(cmd, 'expected (set-logic HORN)');
    if (logic.text !== 'HORN') throw this.terms.fail(logic, `the logic is ${logic.text}, not HORN: Vigil reads constrained Horn clauses in the CHC-COMP format`);
  }

  private declare(cmd: SxList): void {
    const [, name, sorts, result] = cmd.items;
    if (cmd.items.length !== 4 || name?.kind !== 'symbol' || sorts?.kind !== 'list') throw this.terms.fail(cmd, 'expected (declare-fun NAME (SORT ...) Bool)');
    if (result!.kind !== 'symbol' || result!.text !== 'Bool') {
      throw this.terms.fail(result!, `'${name.text}' is declared with result ${describe(result!)}: a CHC-COMP file declares predicates only (result Bool)`);
    }
    if (this.byName.has(name.text)) throw this.terms.fail(name, `predicate '${name.text}' is already declared`);
    const p: Predicate = { name: name.text, sorts: sorts.items.map((s) => this.terms.sort(s)), at: positionOfToken(cmd.tok) };
    this.byName.set(p.name, p);
    this.predicates.push(p);
  }

  /** `(assert F)`: the quantifiers, then implications and lets down to the head. */
  private clause(cmd: SxList): Clause {
    const fail = (s: Sx, reason: string) => this.terms.fail(s, reason);
    if (cmd.items.length !== 2) throw fail(cmd, 'expected (assert FORMULA)');
    const formula = cmd.items[1]!;
    const vars: VarDecl[] = [];
    let env: Env = new Map();
    let f = formula;
    while (head(f) === 'forall') {
      const [, bindings, body] = (f as SxList).items;
      if ((f as SxList).items.length !== 3 || bindings?.kind !== 'list' || bindings.items.length === 0) throw fail(f, 'expected (forall ((NAME SORT) ...) FORMULA)');
      const scope = new Map(env);
      const here = new Set<string>();
      for (const b of bindings.items) {
        const name = b.kind === 'list' ? b.items[0] : undefined;
        if (b.kind !== 'list' || b.items.length !== 2 || name?.kind !== 'symbol') throw fail(b, 'expected a variable declaration (NAME SORT)');
        if (here.has(name.text)) throw fail(name, `variable '${name.text}' is declared twice in this forall`);
        here.add(name.text);
        const v = declareVar(name.text, this.terms.sort(b.items[1]!));
        vars.push(v);
        scope.set(name.text, ref(v));
      }
      env = scope;
      f = body!;
    }
    // the body's conjuncts with their scopes, down to the head
    const tail: [Sx, Env][] = [];
    let query = false;
    for (;;) {
      const op = head(f);
      if (op === 'let') {
        env = this.terms.letScope(f as SxList, env);
        f = (f as SxList).items[2]!;
      } else if (op === '=>') {
        const items = (f as SxList).items;
        if (items.length < 3) throw fail(f, '=> takes at least 2 operands');
        for (const t of items.slice(1, -1)) tail.push([t, env]);
        f = items[items.length - 1]!;
      } else if (op === 'not' && (f as SxList).items.length === 2) {
        // (not BODY): BODY => false
        tail.push([(f as SxList).items[1]!, env]);
        query = true;
        break;
      } else break;
    }
    let headAtom: Atom | undefined;
    if (!query && !(f.kind === 'symbol' && f.text === 'false' && !env.has('false'))) {
      headAtom = this.atom(f, env);
      if (!headAtom) throw fail(f, `a clause's head must be a predicate atom or false, but this is ${describe(f)}`);
    }
    const body: Atom[] = [];
    const constraints: Expr[] = [];
    for (const [t, scope] of tail) this.conjuncts(t, scope, body, constraints);
    return {
      index: this.clauses.length,
      vars,
      constraint: and(...constraints),
      body,
      ...(headAtom ? { head: headAtom } : {}),
      at: positionOfToken(cmd.tok),
      span: { start: formula.tok.startOffset, end: endOf(formula) },
    };
  }

  /** Splits a body formula into its predicate atoms and its constraints. */
  private conjuncts(s: Sx, env: Env, atoms: Atom[], constraints: Expr[]): void {
    const op = head(s);
    if (op === 'and') {
      for (const c of (s as SxList).items.slice(1)) this.conjuncts(c, env, atoms, constraints);
      return;
    }
    if (op === 'let') {
      this.conjuncts((s as SxList).items[2]!, this.terms.letScope(s as SxList, env), atoms, constraints);
      return;
    }
    const atom = this.atom(s, env);
    if (atom) {
      atoms.push(atom);
      return;
    }
    const c = this.terms.term(s, env);
    if (c.type !== BoolT) throw this.terms.fail(s, `a clause's body must be Boolean, but this conjunct is ${c.type.key === 'rat' ? 'Real' : 'Int'}`);
    constraints.push(c);
  }

  /** `P` or `(P t ...)` for a declared predicate P (not shadowed by a variable), else undefined. */
  private atom(s: Sx, env: Env): Atom | undefined {
    const name = s.kind === 'symbol' ? s.text : head(s);
    const pred = name === undefined || env.has(name) ? undefined : this.byName.get(name);
    if (!pred) return undefined;
    const given = s.kind === 'list' ? s.items.slice(1) : [];
    if (given.length !== pred.sorts.length) {
      throw this.terms.fail(s, `predicate '${pred.name}' takes ${pred.sorts.length} argument${pred.sorts.length === 1 ? '' : 's'}, but ${given.length} ${given.length === 1 ? 'is' : 'are'} given`);
    }
    const args = given.map((a, i) => {
      const e = this.terms.term(a, env, pred.name);
      const want = pred.sorts[i]!;
      if (e.type === want) return e;
      if (e.type === IntT && want === RatT) return toRat(e);
      const sortName = (t: typeof want) => (t === RatT ? 'Real' : t === IntT ? 'Int' : 'Bool');
      throw this.terms.fail(a, `argument ${i + 1} of '${pred.name}' must be ${sortName(want)}, but it is ${sortName(e.type)}`);
    });
    return { pred, args, at: positionOfToken(s.tok) };
  }
}
