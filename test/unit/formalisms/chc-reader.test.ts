/**
 * The CHC-COMP reader and the CFA view: every file of the CHC development set parses, the
 * nonlinear ones (and only they) are refused at their second body atom; the format's features
 * read as SMT-LIB means them; malformed input is reported at its place, and randomly mutated
 * files never crash the reader; a linear system becomes
 * the CFA of cfa.ts (locations, variables, edges) and runs on its concrete semantics.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { chcTasks } from '../../support/chc.js';
import { mulberry32 } from '../../../bench/random.js';
import { readChc } from '../../../formalisms/frontends/chc/read.js';
import { nonlinearClause, type ChcSystem } from '../../../formalisms/frontends/chc/clauses.js';
import { chcCfa } from '../../../formalisms/frontends/chc/cfa.js';
import { clauseView } from '../../../formalisms/frontends/chc/layout.js';
import { chcProblem } from '../../../formalisms/frontends/chc/problem.js';
import { cfaInterpreter } from '../../../formalisms/cfa-semantics.js';
import { cfaDot } from '../../../formalisms/dot.js';
import { InputError } from '../../../lang/errors.js';
import { evaluateIn } from '../../../lang/eval.js';
import { True, bool, int, rat, type Expr } from '../../../lang/expr.js';
import { BoolT, IntT, RatT } from '../../../lang/types.js';

const tasks = chcTasks();

const read = (text: string): ChcSystem => readChc(text, 'test.smt2');

/** The InputError reading `text` throws (nonlinear systems: the CFA view's refusal). */
function error(text: string): InputError {
  try {
    chcCfa(clauseView(read(text)), 'test');
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}

const HEAD = '(set-logic HORN)\n(declare-fun inv (Int Int) Bool)\n';

describe('the CHC development set', () => {
  test('the manifest lists 238 tasks: 217 linear, 21 nonlinear', () => {
    expect(tasks.length).toBe(238);
    expect(tasks.filter((t) => t.track === 'LIA-Nonlin').length).toBe(21);
  });

  test.each(tasks.map((t) => [t.path, t]))('%s parses; refused exactly when nonlinear', (_path, t) => {
    const text = readFileSync(t.file, 'utf8');
    const system = readChc(text, t.path);
    expect(system.predicates.length).toBeGreaterThan(0);
    expect(system.clauses.some((c) => !c.head)).toBe(true);
    const refusal = nonlinearClause(system);
    if (t.track === 'LIA-Nonlin') {
      expect(refusal).toBeInstanceOf(InputError);
      expect(refusal!.reason).toMatch(/^nonlinear clause: its body has \d+ predicate atoms/);
      // the caret is on the second atom, which names a declared predicate
      const line = text.split('\n')[refusal!.line - 1]!;
      const at = line.slice(refusal!.column - 1);
      expect(system.predicates.some((p) => at.startsWith(`(${p.name}`) || at.startsWith(`(|${p.name}|`) || at.startsWith(p.name) || at.startsWith(`|${p.name}|`))).toBe(true);
    } else {
      expect(refusal).toBeUndefined();
      const chc = chcCfa(clauseView(system), 'task');
      expect(chc.cfa.edges.length).toBe(system.clauses.length);
      expect(chc.cfa.locs.length).toBe(system.predicates.length + 2);
    }
  });
});

describe('reading the format', () => {
  test('predicates, facts, clauses and the query of format.md\'s example', () => {
    const s = read(`(set-logic HORN)
(set-info :status sat)
(declare-fun Inv (Int) Bool)
;; fact
(assert (forall ((x Int)) (=> (= x 0) (Inv x))))
;; chc
(assert (forall ((x Int) (y Int))
                (=> (and (Inv x) (<= x 10) (= y (+ x 1)))
                   (Inv y))))
;; query
(assert (forall ((x Int)) (=> (and (Inv x) (> x 15)) false)))
(check-sat)
(exit)
`);
    expect(s.predicates.map((p) => [p.name, p.sorts])).toEqual([['Inv', [IntT]]]);
    expect(s.clauses.map((c) => [c.body.length, c.head?.pred.name ?? 'false', c.vars.length, c.at.line])).toEqual([
      [0, 'Inv', 1, 5], [1, 'Inv', 2, 7], [1, 'false', 1, 11],
    ]);
    const [, step] = s.clauses;
    const [x, y] = step!.vars;
    const values = new Map<typeof x, Expr>([[x!, int(3)], [y!, int(4)]]);
    expect(evaluateIn(step!.constraint, values)).toBe(True);
    expect(evaluateIn(step!.head!.args[0]!, values)).toBe(int(4));
  });

  test('quoted symbols, nullary predicates written ( ) and used bare, Bool and Real arguments', () => {
    const s = read(`(set-logic HORN)
(declare-fun |<Main: void main(JayArray)>_Block6| ( Int Bool ) Bool)
(declare-fun |main@entry| ( ) Bool)
(declare-fun r (Real) Bool)
(assert (forall ((CHC_COMP_UNUSED Bool)) (=> (and true) main@entry)))
(assert (forall ((A Int) (B Bool)) (=> (and main@entry (= B true) (= A 1)) (|<Main: void main(JayArray)>_Block6| A B))))
(assert (forall ((A Int) (B Bool)) (=> (|<Main: void main(JayArray)>_Block6| A B) (r A))))
(assert (forall ((x Real)) (=> (and (r x) (>= x 1.5)) false)))
`);
    expect(s.predicates.map((p) => [p.name, p.sorts.length])).toEqual([['<Main: void main(JayArray)>_Block6', 2], ['main@entry', 0], ['r', 1]]);
    expect(s.predicates[0]!.sorts).toEqual([IntT, BoolT]);
    // an Int term as a Real argument is converted
    expect(s.clauses[2]!.head!.args[0]!.op).toBe('toRat');
    const q = s.clauses[3]!;
    expect(evaluateIn(q.constraint, new Map([[q.vars[0]!, rat(3, 2)]]))).toBe(True);
    expect(evaluateIn(q.constraint, new Map([[q.vars[0]!, rat(7, 5)]]))).toBe(bool(false));
  });

  test('let, ite, chained comparisons and equalities, distinct, n-ary =>, (not BODY) as a query, abs, div, mod, /', () => {
    const s = read(`${HEAD}
(assert (forall ((a Int) (b Int)) (=> (let ((s (+ a b)) (d (- a b))) (and (<= 0 d s 10) (= s (ite (> a 2) 7 8)))) (inv a b))))
(assert (forall ((a Int) (b Int) (c Int)) (=> (inv a b) (= a b c) (distinct a 5 (abs (- b))) (inv (div a 2) (mod c 3)))))
(assert (forall ((a Int) (b Int)) (not (and (inv a b) (> (* 3 a) (/ 9 2)) (=> (>= a 0) (>= b 0) (< a b)) ))))
`);
    const [c0, c1, c2] = s.clauses;
    const v0 = (a: number, b: number) => new Map([[c0!.vars[0]!, int(a)], [c0!.vars[1]!, int(b)]]);
    expect(evaluateIn(c0!.constraint, v0(4, 3))).toBe(True); // s = 7, d = 1, a > 2
    expect(evaluateIn(c0!.constraint, v0(2, 6))).toBe(bool(false)); // s = 8 but d < 0
    expect(evaluateIn(c0!.constraint, v0(1, 7))).toBe(bool(false)); // s = 8 but a <= 2: ite gives 8, so d = -6 < 0
    expect(c1!.body.length).toBe(1);
    const v1 = new Map([[c1!.vars[0]!, int(-7)], [c1!.vars[1]!, int(-7)], [c1!.vars[2]!, int(-7)]]);
    expect(evaluateIn(c1!.constraint, v1)).toBe(True); // -7 = -7 = -7, distinct -7 5 7
    expect(c1!.head!.args.map((t) => evaluateIn(t, v1))).toEqual([int(-4), int(2)]); // Euclidean div and mod
    expect(c2!.head).toBeUndefined();
    expect(c2!.body.map((a) => a.pred.name)).toEqual(['inv']);
    // (* 3 a) > 9/2 is read over the reals: a = 2 satisfies it
    expect(evaluateIn(c2!.constraint, new Map([[c2!.vars[0]!, int(2)], [c2!.vars[1]!, int(3)]]))).toBe(True);
    expect(evaluateIn(c2!.constraint, new Map([[c2!.vars[0]!, int(1)], [c2!.vars[1]!, int(3)]]))).toBe(bool(false));
  });

  test('a fact without implication and a nullary fact without quantifier', () => {
    const s = read('(set-logic HORN)(declare-fun p () Bool)(declare-fun q (Int) Bool)(assert p)(assert (forall ((x Int)) (q x)))(assert (=> (and p (q 3)) false))');
    expect(s.clauses.map((c) => [c.body.length, c.head?.pred.name ?? 'false', c.vars.length])).toEqual([[0, 'p', 0], [0, 'q', 1], [2, 'false', 0]]);
    expect(s.clauses[0]!.constraint).toBe(True);
  });
});

describe('bad input is reported at its place', () => {
  const cases: [string, string, number, number, RegExp][] = [
    ['an unclosed (', `${HEAD}(assert (forall ((x Int)) (inv x x))\n`, 3, 1, /this '\(' is not closed before the end of the file/],
    ['a stray )', `${HEAD}(check-sat))\n`, 3, 12, /this '\)' closes no '\('/],
    ['an unterminated quoted symbol', `${HEAD}(declare-fun |p (Int) Bool)\n`, 3, 14, /quoted symbol is not closed/],
    ['another logic', '(set-logic QF_LIA)\n', 1, 12, /the logic is QF_LIA, not HORN/],
    ['an unknown command', `${HEAD}(frobnicate)\n`, 3, 2, /unknown command 'frobnicate'/],
    ['a function that is no predicate', '(set-logic HORN)\n(declare-fun f (Int) Int)\n', 2, 22, /declared with result 'Int': a CHC-COMP file declares predicates only/],
    ['an unsupported sort', '(set-logic HORN)\n(declare-fun p ((Array Int Int)) Bool)\n', 2, 17, /unsupported sort \(Array \.\.\.\): Vigil reads Int, Bool and Real/],
    ['a predicate declared twice', `${HEAD}(declare-fun inv (Int) Bool)\n`, 3, 14, /predicate 'inv' is already declared/],
    ['an undeclared symbol', `${HEAD}(assert (forall ((x Int)) (=> (> y 0) (inv x x))))\n`, 3, 34, /unknown symbol 'y'/],
    ['a negative number written -1', `${HEAD}(assert (forall ((x Int)) (=> (> x -1) (inv x x))))\n`, 3, 36, /writes a negative number as \(- 1\)/],
    ['an atom of wrong arity', `${HEAD}(assert (forall ((x Int)) (inv x)))\n`, 3, 27, /predicate 'inv' takes 2 arguments, but 1 is given/],
    ['an argument of wrong sort', `${HEAD}(assert (forall ((x Int) (b Bool)) (inv x b)))\n`, 3, 43, /argument 2 of 'inv' must be Int, but it is Bool/],
    ['a variable declared twice', `${HEAD}(assert (forall ((x Int) (x Int)) (inv x x)))\n`, 3, 27, /variable 'x' is declared twice/],
    ['a product of two variables', `${HEAD}(assert (forall ((x Int)) (=> (> (* x x) 0) (inv x x))))\n`, 3, 34, /nonlinear multiplication/],
    ['division by a variable', `${HEAD}(assert (forall ((x Int)) (=> (> (div 1 x) 0) (inv x x))))\n`, 3, 41, /the divisor of div must be a constant/],
    ['division by zero', `${HEAD}(assert (forall ((x Int)) (=> (> (mod x (- 3 3)) 0) (inv x x))))\n`, 3, 41, /the divisor of mod is zero/],
    ['a predicate under or', `${HEAD}(assert (forall ((x Int)) (=> (or (inv x x) (> x 0)) false)))\n`, 3, 35, /predicate 'inv' occurs inside \(or \.\.\.\): in a Horn clause, predicate atoms occur only/],
    ['a head that is no atom', `${HEAD}(assert (forall ((x Int)) (=> (inv x x) (> x 0))))\n`, 3, 41, /a clause's head must be a predicate atom or false/],
    ['an Int conjunct', `${HEAD}(assert (forall ((x Int)) (=> (and (inv x x) (+ x 1)) false)))\n`, 3, 46, /must be Boolean, but this conjunct is Int/],
    ['an operator type error', `${HEAD}(assert (forall ((x Int) (b Bool)) (=> (and (inv x x) (< x b)) false)))\n`, 3, 55, /operands of < must be int or rat/],
    ['a wrong operand count', `${HEAD}(assert (forall ((x Int)) (=> (and (inv x x) (ite (> x 0) 1)) false)))\n`, 3, 46, /ite takes 3 operands, not 2/],
    ['a bit-vector literal', `${HEAD}(assert (forall ((x Int)) (=> (= x #x0f) (inv x x))))\n`, 3, 36, /expected a term but found the bit-vector literal #x0f/],
    ['a nonlinear clause', `${HEAD}(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (> x 0) (inv y x)) false)))\n`, 3, 62, /nonlinear clause: its body has 2 predicate atoms \(inv, inv\); a control-flow automaton has at most one per edge, so only pdr and the portfolio check this system/],
    ['declare-const', `${HEAD}(declare-const c Int)\n`, 3, 2, /constants are not part of the CHC-COMP format/],
  ];
  test.each(cases)('%s', (_what, text, line, column, message) => {
    const e = error(text);
    expect(e.reason).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
    // the rendering quotes the line with a caret under the column
    const [, quoted, caret] = e.render().split('\n');
    expect(quoted!.trim().length).toBeGreaterThan(0);
    expect(caret!.indexOf('^')).toBe(4 + column - 1);
  });
});

describe('mutated files', () => {
  test('are read or refused with a located message, never a crash', () => {
    const rnd = mulberry32(44);
    const pieces = ['(', ')', '|', '"', ' ', 'x', '0', '-1', '(and', 'false', '(=>', ')))', '1.5', '#x1', ':k', '(let ((a 1)) a)', '(* A B)', '(div A 0)', '(forall ((z Int))'];
    const texts = tasks.map((t) => readFileSync(t.file, 'utf8'));
    let refused = 0;
    for (let i = 0; i < 500; i++) {
      let text = texts[Math.floor(rnd() * texts.length)]!;
      for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) {
        const at = Math.floor(rnd() * text.length);
        text = rnd() < 0.4 ? text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 5)) : text.slice(0, at) + pieces[Math.floor(rnd() * pieces.length)] + text.slice(at);
      }
      try {
        chcCfa(clauseView(read(text)), 'mutant');
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        const { line, column } = e as InputError;
        expect(line).toBeGreaterThanOrEqual(1);
        expect(column).toBeGreaterThanOrEqual(1);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(400);
  });
});

describe('the CFA view', () => {
  const system = read(`(set-logic HORN)
(declare-fun p (Int Bool) Bool)
(declare-fun q (Bool Int Int) Bool)
(assert (forall ((a Int)) (=> (>= a 0) (p a false))))
(assert (forall ((a Int) (b Bool) (c Int)) (=> (and (p a b) (= c (+ a 1))) (q b a c))))
(assert (forall ((b Bool) (x Int) (y Int)) (=> (q b x y) (q b y x))))
(assert (forall ((b Bool) (x Int) (y Int)) (=> (and (q b x y) (> x 100)) false)))
`);
  const chc = chcCfa(clauseView(system), 'test');
  const { cfa } = chc;

  test('one location per predicate between a fresh initial and error location; one edge per clause', () => {
    expect(cfa.locs.map((l) => l.name)).toEqual(['init', 'p', 'q', 'false']);
    expect(cfa.edges.map((e) => `${e.source.name}->${e.target.name}`)).toEqual(['init->p', 'p->q', 'q->q', 'q->false']);
    expect([cfa.init.name, cfa.error.name]).toEqual(['init', 'false']);
  });

  test('one variable per argument position and sort', () => {
    expect(cfa.vars.map((v) => `${v.name}:${v.type.key}`)).toEqual(['x0_int:int', 'x0_bool:bool', 'x1_bool:bool', 'x1_int:int', 'x2:int']);
    expect(chc.params.get(system.predicates[1]!)!.map((v) => v.name)).toEqual(['x0_bool', 'x1_int', 'x2']);
  });

  test('the swap q(b, y, x) goes through temporaries; the variables that are not arguments get their defaults', () => {
    const swap = cfa.edges[2]!;
    expect(swap.stmts.filter((s) => s.kind === 'havoc').length).toBe(2);
    const m = cfaInterpreter(cfa);
    const [, x0b, x1b, x1i, x2] = cfa.vars;
    const state = new Map<typeof x2, Expr>([[cfa.vars[0]!, int(9)], [x0b!, bool(true)], [x1b!, bool(true)], [x1i!, int(3)], [x2!, int(4)]]);
    const a = m.actions(chc.locOf.get(system.predicates[1]!)!).find((x) => x.target === swap.target)!;
    const [t1, t2] = a.locals;
    const run = a.execute(state, new Map([[t1!, int(4)], [t2!, int(3)]]));
    expect(run.disabled).toBe(false);
    if (run.disabled) return;
    expect([run.post.get(x0b!), run.post.get(x1i!), run.post.get(x2!)]).toEqual([bool(true), int(4), int(3)]);
    expect([run.post.get(cfa.vars[0]!), run.post.get(x1b!)]).toEqual([int(0), bool(false)]);
    // temporaries that disagree with the values they stand for disable the step
    expect(a.execute(state, new Map([[t1!, int(3)], [t2!, int(3)]])).disabled).toBe(true);
  });

  test('the summary counts predicates, clauses and arities, and the CFA draws', () => {
    const problem = chcProblem('test.smt2', Buffer.from(system.text), system);
    expect(problem.summary()).toBe('chc; 2 predicates (p/2, q/3); 4 clauses: 1 fact, 1 query; linear; 5 variables');
    expect(problem.properties.map((p) => `${p.name}:${p.kind}`)).toEqual(['false:safety']);
    expect([...problem.theories].sort()).toEqual(['bool', 'int']);
    const dot = cfaDot(cfa);
    expect(dot).toContain('label="q"');
    expect(dot).toContain('shape=octagon');
  });

  test('a predicate named like the fresh locations does not clash with them', () => {
    const s = read('(set-logic HORN)(declare-fun init (Real) Bool)(declare-fun false_ () Bool)(assert (forall ((r Real)) (init r)))(assert (forall ((r Real)) (=> (init r) false)))');
    const c = chcCfa(clauseView(s), 'test').cfa;
    expect(c.locs.map((l) => l.name)).toEqual(['init_', 'init', 'false_', 'false']);
    expect(c.vars.map((v) => v.type)).toEqual([RatT]);
  });
});
