import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { InputError } from '../../../lang/errors.js';
import { parseLispSts } from '../../../formalisms/frontends/sts/lisp.js';
import { parseSts as parseTasks } from '../../../formalisms/frontends/sts/read.js';
import { printExpr } from '../../../lang/print.js';
import { printSts } from '../../../formalisms/sts-print.js';
import type { Sts } from '../../../formalisms/sts.js';
import { manifest } from '../../support/corpus.js';

const stsModels = manifest().filter((m) => m.formalism === 'sts');

/** The task of a specification with one property. */
function parseSts(text: string, file: string, warn?: (w: InputError) => void): Sts {
  const tasks = parseTasks(text, file, warn);
  expect(tasks).toHaveLength(1);
  return tasks[0]!;
}

/** Known defects of legacy files (formats.md 3.7): one warning per repaired spot. */
const WARNINGS: Record<string, number> = {
  'theta-regression/sts/thesis_sequence.system': 1,
  'theta-regression/sts/simple2cnf.system': 2,
};

function load(path: string, file: string, warnings: InputError[] = []): Sts {
  const text = readFileSync(file, 'utf8');
  return path.endsWith('.lisp.sts') ? parseLispSts(text, path) : parseSts(text, path, (w) => warnings.push(w));
}

function sizes(s: Sts): number[] {
  return [s.vars.length, s.invariants.length, s.inits.length, s.transitions.length];
}

describe('the STS corpus', () => {
  test('has STS models, including the lisp ones and the two malformed ones', () => {
    const paths = stsModels.map((m) => m.path);
    expect(paths.filter((p) => p.endsWith('.lisp.sts'))).toHaveLength(2);
    for (const p of Object.keys(WARNINGS)) expect(paths).toContain(p);
  });

  test.each(stsModels.map((m) => [m.path, m.file]))('%s parses', (path, file) => {
    const warnings: InputError[] = [];
    const sts = load(path, file, warnings);
    expect(warnings.map((w) => w.message)).toHaveLength(WARNINGS[path] ?? 0);
    expect(sts.vars.length).toBeGreaterThan(0);
    expect(sts.prop.type.kind).toBe('bool');
  });

  test.each(stsModels.map((m) => [m.path, m.file]))('%s prints and parses back to the same model', (path, file) => {
    const sts = load(path, file);
    const printed = printSts(sts);
    const warnings: InputError[] = [];
    const again = parseSts(printed, 'printed.system', (w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(printSts(again)).toBe(printed);
    expect(sizes(again)).toEqual(sizes(sts));
    expect(again.vars.map((v) => `${v.name}:${v.type.key}`)).toEqual(sts.vars.map((v) => `${v.name}:${v.type.key}`));
  });

  test('the legacy defects are reported where they are', () => {
    const thesis = stsModels.find((m) => m.path.endsWith('thesis_sequence.system'))!;
    const w1: InputError[] = [];
    load(thesis.path, thesis.file, w1);
    expect([w1[0]!.line, w1[0]!.column, w1[0]!.reason]).toEqual([28, 2, "unbalanced ')' ignored"]);
    const cnf = stsModels.find((m) => m.path.endsWith('simple2cnf.system'))!;
    const w2: InputError[] = [];
    const sts = load(cnf.path, cnf.file, w2);
    expect(w2.map((w) => [w.line, w.column])).toEqual([[11, 20], [12, 20]]);
    // `invariant y >= 0 and invariant y <= 2` counts as two invariants
    expect(sts.invariants.map((e) => printExpr(e, 'sts'))).toEqual([
      'x >= 1 and x <= 2', 'y >= 0', 'y <= 2', 'z >= 0', 'z <= 2',
    ]);
  });

  test('the lisp files mean what their STS twins mean', () => {
    const lisp = stsModels.find((m) => m.path.endsWith('simple1.lisp.sts'))!;
    const sts = load(lisp.path, lisp.file);
    expect(sts.name).toBe('simple1');
    expect(sts.propName).toBe('prop');
    expect(sizes(sts)).toEqual([2, 0, 2, 6]);
    expect(printExpr(sts.transitions[2]!, 'sts')).toBe("x' >= 1");
    expect(printExpr(sts.transitions[4]!, 'sts')).toBe("x' = (if x < 4 and not r then x + 1 else 1)");
    expect(printExpr(sts.prop, 'sts')).toBe('r imply x /= 2');
  });
});

/** A one-property specification around the given body and property. */
function spec(body: string, prop = 'true'): string {
  return `specification S {\n  property p : {\n${body}\n  } models G(${prop})\n}\n`;
}

describe('the STS language', () => {
  test('formats.md 3.5: the else branch extends to the right', () => {
    const sts = parseSts(spec("var x : int\ninitial x = 0\ntransition if x < 10 then x' = x + 1 or x' = 0 else x' = 0", 'x <= 10'), 'f');
    const t = sts.transitions[0]!;
    expect(t.op).toBe('ite');
    expect(t.args[1]!.op).toBe('or');
    expect(t.args[2]!.op).toBe('eq');
    expect(printExpr(t, 'sts')).toBe("if x < 10 then x' = x + 1 or x' = 0 else x' = 0");
  });

  test('formats.md 3.6: TwoCounters', () => {
    const text = `specification TwoCounters {
    property bounded : {
        var a : int
        var b : int
        var toggle : bool

        invariant a >= 0 and b >= 0

        initial a = 0 and b = 0
        initial not toggle

        transition toggle' equal not toggle
        transition a' = (if toggle then a + 1 else a)
        transition b' = (if toggle then b else b + 1)
    } models G(a - b <= 1 and b - a <= 1)
}`;
    const sts = parseSts(text, 'two.system');
    expect(sts.name).toBe('TwoCounters');
    expect(sts.propName).toBe('bounded');
    expect(sizes(sts)).toEqual([3, 1, 2, 3]);
    expect(sts.transitions[0]!.op).toBe('iff');
    expect(printSts(sts)).toBe(`specification TwoCounters {
    property bounded : {
        var a : int
        var b : int
        var toggle : bool

        invariant a >= 0 and b >= 0

        initial a = 0 and b = 0
        initial not toggle

        transition toggle' equal not toggle
        transition a' = (if toggle then a + 1 else a)
        transition b' = (if toggle then b else b + 1)
    } models G(a - b <= 1 and b - a <= 1)
}
`);
  });

  test('precedence and associativity', () => {
    const show = (e: string, decls = 'var p : bool var q : bool var r : bool var a : int var b : int var c : int') =>
      printExpr(parseSts(spec(decls, e), 'f').prop, 'sts');
    const sts = parseSts(spec('var p : bool var q : bool var r : bool var a : int var b : int var c : int',
      'p and q or r'), 'f');
    expect(sts.prop.op).toBe('or');
    expect(show('p imply q imply r')).toBe('p imply q imply r');
    expect(parseSts(spec('var p : bool var q : bool var r : bool', 'p imply q imply r'), 'f').prop.args[1]!.op).toBe('imply');
    expect(parseSts(spec('var a : int var b : int var c : int', 'a - b - c = 0'), 'f').prop.args[0]!.args[0]!.op).toBe('sub');
    expect(parseSts(spec('var a : int', 'not a = 2'), 'f').prop.op).toBe('not');
    const primed = parseSts(spec("var p : bool var q : bool var r : bool\ntransition (p and q)' = r"), 'f').transitions[0]!;
    expect(printExpr(primed, 'sts')).toBe("(p' and q') = r");
    expect(show('a >= -32768')).toBe('a >= -32768');
    expect(show('a - -3 = b * - c')).toBe('a - -3 = b * -c');
  });

  test('legacy dialects: type names, qualifiers, CRLF, rationals', () => {
    const text = 'specification Old {\r\n\tproperty safe : {\r\n\t\tinput var d : real\r\n\t\tlocal var v : boolean\r\n'
      + '\t\tglobal var n : integer\r\n\t\tinvariant d >= 0%1\r\n\t\tinitial v equal n = 0\r\n\t\ttransition n\' = n / 2\r\n'
      + '\t} models G(d + 1 % 2 >= 0)\r\n}\r\n';
    const sts = parseSts(text, 'old.system');
    expect(sts.vars.map((v) => `${v.name}:${v.type.key}`)).toEqual(['d:rat', 'v:bool', 'n:int']);
    expect(printExpr(sts.inits[0]!, 'sts')).toBe('v equal n = 0');
    expect(printExpr(sts.prop, 'sts')).toBe('d + 1 % 2 >= 0');
  });

  test('legacy dialects: != for /=, and not not', () => {
    const sts = parseSts(spec('var x : int var p : bool\ninitial x != 1 and not not p', 'not not (x != 0) or p'), 'old.system');
    // printed in the current dialect, which Theta reads too
    expect(printExpr(sts.inits[0]!, 'sts')).toBe('x /= 1 and not (not p)');
    expect(printExpr(sts.prop, 'sts')).toBe('not (not x /= 0) or p');
  });

  test('spec-level vars and consts, named systems with parameters', () => {
    const text = `specification Consts {
  const max : int := 3
  const seed : int
  var shared : bool
  system counter(bound : int) := {
    var x : int
    initial x = 0
    transition x' = (if x < bound then x + 1 else seed)
  }
  property safe : counter(max + 1) models G(x <= max + 1 or shared)
}`;
    const sts = parseSts(text, 'c.system');
    expect(sts.vars.map((v) => v.name)).toEqual(['seed', 'shared', 'x']);
    expect(sts.transitions.map((e) => printExpr(e, 'sts'))).toEqual([
      "seed' = seed",
      "x' = (if x < 3 + 1 then x + 1 else seed)",
    ]);
    expect(printExpr(sts.prop, 'sts')).toBe('x <= 3 + 1 or shared');
    const again = parseSts(printSts(sts), 'again');
    expect(printSts(again)).toBe(printSts(sts));
  });

  test('specification parameters and valueless consts are rigid unknowns', () => {
    const text = `specification P(limit : int) {
  property safe : {
    const step : int
    var x : int
    initial x = 0
    transition x' = x + step
  } models G(x <= limit)
}`;
    const sts = parseSts(text, 'p.system');
    expect(sts.vars.map((v) => v.name)).toEqual(['limit', 'step', 'x']);
    expect(sts.transitions.map((e) => printExpr(e, 'sts'))).toEqual(["limit' = limit", "step' = step", "x' = x + step"]);
  });

  test('a system that no property uses is still checked', () => {
    const text = 'specification S {\n system unused(n : int) := { var y : int initial y = n }\n'
      + ' system broken := { initial ‸z }\n property p : { var x : int } models G(true)\n}';
    const { error, line, column } = errorOf(text, sts);
    expect(error.reason).toBe("unknown identifier 'z'");
    expect([error.line, error.column]).toEqual([line, column]);
  });

  test('arrays, quantifiers and comments', () => {
    const text = spec(`/* a block
      comment */ var a : [int] -> bool // and a line comment
      var i : int
      invariant forall (k : int) a[k] or k < 0
      transition a'[i] = a[i + 1]`, 'exists (k : int) a[k]');
    const sts = parseSts(text, 'arr.system');
    expect(sts.vars[0]!.type.key).toBe('[int] -> bool');
    expect(printExpr(sts.invariants[0]!, 'sts')).toBe('forall (k : int) a[k] or k < 0');
    expect(printExpr(sts.transitions[0]!, 'sts')).toBe("a'[i] = a[i + 1]");
  });
});

/**
 * Malformed inputs: `‸` marks where the error must be reported (it is removed before parsing);
 * a mark at the very end stands for the end of the file.
 */
function errorOf(marked: string, parse: (text: string) => unknown): { error: InputError; line: number; column: number } {
  const at = marked.indexOf('‸');
  const text = marked.replace('‸', '');
  const before = text.slice(0, at).split('\n');
  try {
    parse(text);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { error: e, line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  throw new Error('no error');
}

const sts = (text: string) => parseSts(text, 'bad.system');
const lisp = (text: string) => parseLispSts(text, 'bad.lisp.sts');

const malformed: [string, string, RegExp, (text: string) => unknown][] = [
  ['truncated file', spec('var x : int', 'x > 0').slice(0, 50) + '‸', /expected .* but found end of file/, sts],
  ['truncated expression', 'specification S { property p : { var x : int } models G(x >‸', /expected an expression but found end of file/, sts],
  ['unknown identifier', spec('var x : int\ninitial x = 0', '‸y > 0'), /unknown identifier 'y'/, sts],
  ['type error', spec('var x : int\ninitial ‸x = true'), /operands of = must have the same type, but they are int and bool/, sts],
  ['type error in an operand', spec('var x : int\ntransition x\' = ‸x + (x > 0)'), /operands of \+ must be int or rat/, sts],
  ['duplicate var', spec('var x : int\nvar ‸x : bool'), /duplicate declaration of 'x' \(first declared on line 3\)/, sts],
  ['two properties of one name', 'specification S {\n property p : { var x : int } models G(x > 0)\n property ‸p : { var y : int } models G(y > 0)\n}',
    /duplicate declaration of 'p'/, sts],
  ['no property', 'specification S {\n var x : int\n‸}', /no property/, sts],
  ['prime in the property', spec('var x : int', "x‸' > x"), /the property cannot refer to the next state/, sts],
  ['prime in an initial constraint', spec("var x : int\ninitial (x + 1)‸' = 0"), /an initial constraint cannot refer to the next state/, sts],
  ['prime in an invariant', spec("var x : int\ninvariant x‸' >= 0"), /an invariant cannot refer to the next state/, sts],
  ['two primes in a transition', spec("var x : int\ntransition x'‸' = x"), /a transition can refer to the next state only/, sts],
  ['non-Boolean invariant', spec('var x : int\ninvariant ‸x + 1'), /an invariant must be Boolean, but it is int/, sts],
  ['non-Boolean property', spec('var x : int', '‸x'), /the property must be Boolean, but it is int/, sts],
  ['bad character', spec('var x : int\ninitial x ‸@ 0'), /unexpected character '@'/, sts],
  ['unterminated comment', spec('var x : int\n‸/* initial x = 0'), /unterminated comment/, sts],
  ['empty file', '‸', /empty file/, sts],
  ['file with only a comment', '// nothing here\n‸', /empty file/, sts],
  ['unknown system', 'specification S {\n property p : ‸counter models G(true)\n}', /unknown system 'counter'/, sts],
  ['reference to a non-system', 'specification S {\n var x : bool\n property p : ‸x models G(true)\n}', /'x' is not a system/, sts],
  ['wrong number of system arguments', 'specification S {\n system c(n : int) := { var x : int }\n property p : ‸c models G(true)\n}',
    /takes 1 argument/, sts],
  ['system argument of the wrong type', 'specification S {\n system c(n : int) := { var x : int }\n property p : c(‸true) models G(true)\n}',
    /argument for parameter 'n' must be int, but it is bool/, sts],
  ['system that refers to itself', 'specification S {\n system c := ‸c\n property p : c models G(true)\n}', /system 'c' refers to itself/, sts],
  ['const value of the wrong type', spec('const k : bool := ‸1\ninitial k'), /value of const 'k' must be bool, but it is int/, sts],
  ['const that refers to itself', spec('const k : int := ‸k + 1\nvar x : int\ninitial x = k'), /const 'k' refers to itself/, sts],
  ['missing models', 'specification S {\n property p : { var x : int } ‸G(x > 0)\n}', /expected 'models' but found 'G'/, sts],
  ['unknown type', spec('var x : ‸integr'), /unknown type 'integr'/, sts],
  ['unknown qualifier', spec('‸output var x : int'), /found identifier 'output'/, sts],
  ['not without an operand', spec('var p : bool', 'not not ‸'), /expected an expression but found '\)'/, sts],
  ['chained equality', spec('var a : int var b : int var c : int', 'a = b ‸= c'), /expected '\)' but found '='/, sts],
  ['text after the specification', `${spec('var x : int')}‸}`, /unexpected '}' after the end of the input/, sts],
  ['keyword as a name', spec('var ‸models : int'), /expected identifier but found 'models'/, sts],
  ['and invariant outside an invariant', spec('var x : int\ninitial x = 0 and ‸initial x = 1'), /expected an expression but found 'initial'/, sts],
  ['stray ) elsewhere', spec('var x : int\ninitial x = 0‸)'), /expected .* but found '\)'/, sts],
  ['rational with zero denominator', spec('var r : rat\ninitial r = ‸1 % 0'), /zero denominator/, sts],
  ['lisp: unknown operator', '(system (var x Int)\n  (init (‸== x 0))\n  (prop (> x 0)))', /unknown operator '=='/, lisp],
  ['lisp: wrong arity', '(system (var x Int)\n  (init (‸ite x 0))\n  (prop (> x 0)))', /'ite' takes 3 operand/, lisp],
  ['lisp: unbalanced', '(system (var x Int)\n  (prop (> x 0))‸', /expected .* but found end of file/, lisp],
  ['lisp: prime in the property', '(system (var x Int)\n  (prop (> (‸prime x) 0)))', /the property cannot refer to the next state/, lisp],
  ['lisp: no property', '(‸system (var x Int)\n  (init (> x 0)))', /no property/, lisp],
  ['lisp: text after the system', '(system (var x Int) (prop (> x 0)))\n‸(prop true)', /unexpected text after the system/, lisp],
  ['lisp: two properties', '(system (var x Int)\n  (prop (> x 0))\n  (‸prop (< x 0)))', /several properties/, lisp],
  ['lisp: unknown identifier', '(system (var x Int)\n  (prop (> ‸y 0)))', /unknown identifier 'y'/, lisp],
  ['lisp: type error', '(system (var x Int)\n  (prop ‸(and x true)))', /operand of and must be bool/, lisp],
];

describe('several properties', () => {
  const text = `specification Two {
    var shared : int
    system counter := {
        var x : int
        initial x = 0 and shared = 0
        transition x' = x + 1 and shared' = shared
    }
    property positive : counter models G(x >= 0)
    property small : counter models G(x < 5)
    property inline : {
        var y : bool
        initial y
        transition y' = y
    } models G(y and shared = shared)
}`;

  test('each property is a task of its own, in the file\'s order, over its own instance of the system', () => {
    const tasks = parseTasks(text, 'two.system');
    expect(tasks.map((t) => t.propName)).toEqual(['positive', 'small', 'inline']);
    expect(tasks.map((t) => t.vars.map((v) => v.name))).toEqual([['shared', 'x'], ['shared', 'x'], ['shared', 'y']]);
    // the specification's variable is one and the same; the system is instantiated per property
    expect(tasks[0]!.vars[0]).toBe(tasks[1]!.vars[0]);
    expect(tasks[0]!.vars[1]).not.toBe(tasks[1]!.vars[1]);
    expect(printExpr(tasks[1]!.prop, 'sts')).toBe('x < 5');
  });

  test('each task prints back as a specification of its own', () => {
    for (const t of parseTasks(text, 'two.system')) expect(parseSts(printSts(t), 'again.system').propName).toBe(t.propName);
  });
});

describe('malformed STS input', () => {
  test.each(malformed)('%s', (_name, marked, message, parse) => {
    const { error, line, column } = errorOf(marked, parse);
    expect(error.reason).toMatch(message);
    expect([error.line, error.column]).toEqual([line, column]);
    expect(error.file).toMatch(/^bad\./);
  });

  test('an error quotes the offending line', () => {
    const { error } = errorOf(spec('var x : int\ninitial ‸y = 0'), sts);
    expect(error.render()).toBe("bad.system:4:9: unknown identifier 'y'\n    initial y = 0\n            ^");
  });
});
