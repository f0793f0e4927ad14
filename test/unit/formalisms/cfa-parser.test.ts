/**
 * The CFA front ends and printer: every corpus CFA parses, printing and re-parsing gives the same
 * model, the precedence and literal rules of formats.md 2.7 hold, and malformed inputs are
 * reported at the right token.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { manifest } from '../../support/corpus.js';
import { parseCfa } from '../../../formalisms/frontends/cfa/read.js';
import { parseLispCfa } from '../../../formalisms/frontends/cfa/lisp.js';
import { printCfa } from '../../../formalisms/cfa-print.js';
import type { Cfa } from '../../../formalisms/cfa.js';
import { InputError } from '../../../lang/errors.js';
import { evaluate } from '../../../lang/eval.js';
import { printExpr } from '../../../lang/print.js';
import { type Expr, add, and, bool, bv, bvop, concat, eq, extend, extract, forall, gt, imply, int, ite, lt, mul, neg, not, or, rat, prime, read, ref, sub, toRat, xor, iff, declareVar, fpLit, neq } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, bvType, fpType } from '../../../lang/types.js';

const cfaModels = manifest().filter((m) => m.formalism === 'cfa');
const parseAny = (file: string, path: string): Cfa =>
  (path.endsWith('.lisp.cfa') ? parseLispCfa : parseCfa)(readFileSync(file, 'utf8'), path);

describe('corpus', () => {
  test('the manifest lists the 45 CFA models', () => {
    expect(cfaModels.length).toBe(45);
  });

  test.each(cfaModels.map((m) => [m.path, m.file]))('%s parses and round-trips through the printer', (path, file) => {
    const cfa = parseAny(file, path);
    expect(cfa.init).toBeDefined();
    const printed = printCfa(cfa);
    const again = parseCfa(printed, `${path}.printed`);
    expect(printCfa(again)).toBe(printed);
    expect(again.vars.length).toBe(cfa.vars.length);
    expect(again.locs.length).toBe(cfa.locs.length);
    expect(again.edges.length).toBe(cfa.edges.length);
    expect(again.edges.map((e) => e.stmts.length)).toEqual(cfa.edges.map((e) => e.stmts.length));
    expect([again.init.id, again.final?.id, again.error?.id]).toEqual([cfa.init.id, cfa.final?.id, cfa.error?.id]);
  });

  test('locking.cfa keeps its 6 locations and 7 edges, statements not expanded', () => {
    const m = cfaModels.find((x) => x.path.endsWith('/locking.cfa'))!;
    const cfa = parseAny(m.file, m.path);
    expect(cfa.locs.map((l) => l.name)).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'ERR']);
    expect(cfa.edges.map((e) => e.stmts.length)).toEqual([1, 1, 3, 2, 0, 1, 1]);
    expect(cfa.vars.map((v) => `${v.name}:${v.type.key}`)).toEqual(['lock:bool', 'old:int', 'new:int']);
    expect([cfa.init.name, cfa.final?.name, cfa.error?.name]).toEqual(['L0', 'L4', 'ERR']);
    expect(cfa.edges.map((e) => e.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('the lisp variant gives the same automaton as counter5_true.cfa', () => {
    const lisp = cfaModels.find((x) => x.path.endsWith('counter5_true.lisp.cfa'))!;
    const plain = cfaModels.find((x) => x.path.endsWith('/counter5_true.cfa'))!;
    const a = parseAny(lisp.file, lisp.path);
    const b = parseAny(plain.file, plain.path);
    expect(a.locs.length).toBe(6);
    expect(a.edges.length).toBe(6);
    expect(a.locs.length).toBe(b.locs.length);
    expect(a.edges.length).toBe(b.edges.length);
    expect(a.vars.map((v) => v.type)).toEqual(b.vars.map((v) => v.type));
    expect([a.init.name, a.final?.name, a.error?.name]).toEqual(['L0', 'END', 'ERR']);
  });

  test('floating point is read, not rejected: fp1.cfa keeps operator names and parameters', () => {
    const m = cfaModels.find((x) => x.path.endsWith('/fp1.cfa'))!;
    const cfa = parseAny(m.file, m.path);
    const conv = cfa.edges[1]!.stmts[0]!;
    expect(conv.kind === 'assign' && conv.rhs.op).toBe('fpop');
    expect(conv.kind === 'assign' && conv.rhs.params).toEqual(['fptofp', '11,53', 'RNE']);
    expect(conv.kind === 'assign' && conv.rhs.type.key).toBe('fp[11,53]');
    const m2 = cfaModels.find((x) => x.path.endsWith('/fp2.cfa'))!;
    const div = parseAny(m2.file, m2.path).edges[3]!.stmts[0]!;
    expect(div.kind === 'assign' && div.rhs.params).toEqual(['/']);
  });
});

/** A one-edge model with the given declarations, assuming `cond`. */
function model(decls: string, stmts: string): string {
  return `main process p {\n${decls}\ninit loc L\nL -> L { ${stmts} }\n}\n`;
}

/** Parses `e` under the declarations, returning it with the declared variables by name. */
function parseExpr(decls: Record<string, string>, e: string): { e: Expr; v: Record<string, Expr> } {
  const lines = Object.entries(decls).map(([n, t]) => `var ${n} : ${t}`).join('\n');
  const cfa = parseCfa(model(`${lines}\nvar result__ : bool`, `assume result__ = (${e})`), 'test.cfa');
  const s = cfa.edges[0]!.stmts[0]!;
  if (s.kind !== 'assume') throw new Error('expected an assume');
  return { e: s.cond.args[1]!, v: Object.fromEntries(cfa.vars.map((d) => [d.name, ref(d)])) };
}

/** Parses the value of `e` of any type: assigned to a variable of that type. */
function parseValue(decls: Record<string, string>, type: string, e: string): { e: Expr; v: Record<string, Expr> } {
  const lines = Object.entries(decls).map(([n, t]) => `var ${n} : ${t}`).join('\n');
  const cfa = parseCfa(model(`${lines}\nvar result__ : ${type}`, `result__ := ${e}`), 'test.cfa');
  const s = cfa.edges[0]!.stmts[0]!;
  if (s.kind !== 'assign') throw new Error('expected an assignment');
  return { e: s.rhs, v: Object.fromEntries(cfa.vars.map((d) => [d.name, ref(d)])) };
}

describe('precedence (formats.md 2.7)', () => {
  const ints = { a: 'int', b: 'int', c: 'int', d: 'int' };
  const bools = { p: 'bool', q: 'bool', r: 'bool' };

  test('x bvand 4\'b0100 = 4\'b0100 compares the conjunction', () => {
    const { e, v } = parseExpr({ x: 'bv[4]' }, "x bvand 4'b0100 = 4'b0100");
    expect(e).toBe(eq(bvop('bvand', v.x!, bv(4, 4)), bv(4, 4)));
  });

  test('arithmetic: * binds tighter, chains are left-associative and n-ary', () => {
    let { e, v } = parseValue(ints, 'int', 'a + b * c');
    expect(e).toBe(add(v.a!, mul(v.b!, v.c!)));
    ({ e, v } = parseValue(ints, 'int', 'a - b - c'));
    expect(e).toBe(sub(sub(v.a!, v.b!), v.c!));
    ({ e, v } = parseValue(ints, 'int', 'a + b + c'));
    expect(e).toBe(add(v.a!, v.b!, v.c!));
    ({ e, v } = parseValue(ints, 'int', 'a + b - c + d'));
    expect(e).toBe(add(sub(add(v.a!, v.b!), v.c!), v.d!));
    ({ e, v } = parseValue(ints, 'int', 'a * b * c'));
    expect(e).toBe(mul(v.a!, v.b!, v.c!));
  });

  test('Boolean connectives: and over or, imply and iff and xor to the right', () => {
    let { e, v } = parseExpr(bools, 'p and q or r');
    expect(e).toBe(or(and(v.p!, v.q!), v.r!));
    ({ e, v } = parseExpr(bools, 'p imply q imply r'));
    expect(e).toBe(imply(v.p!, imply(v.q!, v.r!)));
    ({ e, v } = parseExpr(bools, 'p iff q iff r'));
    expect(e).toBe(iff(v.p!, iff(v.q!, v.r!)));
    ({ e, v } = parseExpr(bools, 'p xor q xor r'));
    expect(e).toBe(xor(v.p!, xor(v.q!, v.r!)));
    ({ e, v } = parseExpr(bools, 'p or q and r'));
    expect(e).toBe(or(v.p!, and(v.q!, v.r!)));
  });

  test('- x[3] negates the read', () => {
    const { e, v } = parseValue({ x: '[int] -> int' }, 'int', '- x[3]');
    expect(e).toBe(neg(read(v.x!, int(3))));
  });

  test('not is looser than comparisons', () => {
    let { e, v } = parseExpr({ x: 'int' }, 'not x = 2');
    expect(e).toBe(not(eq(v.x!, int(2))));
    ({ e, v } = parseExpr({ y: 'int' }, 'not y < 2'));
    expect(e).toBe(not(lt(v.y!, int(2))));
  });

  test('the else-branch extends to the right, and else-if chains nest', () => {
    let { e, v } = parseValue({ p: 'bool', x: 'int' }, 'int', 'if p then 1 else 2 + x');
    expect(e).toBe(ite(v.p!, int(1), add(int(2), v.x!)));
    ({ e, v } = parseValue({ p: 'bool', q: 'bool' }, 'int', 'if p then 1 else if q then 2 else 3'));
    expect(e).toBe(ite(v.p!, int(1), ite(v.q!, int(2), int(3))));
  });

  test('quantifier bodies stop at imply, and bound names are visible only inside', () => {
    const { e, v } = parseExpr({ p: 'bool', q: 'bool' }, 'forall (i : int) i > 0 or p imply q');
    expect(e.op).toBe('imply');
    const quant = e.args[0]!;
    const i = quant.bound![0]!;
    expect(quant).toBe(forall([i], or(gt(ref(i), int(0)), v.p!)));
    expect(e).toBe(imply(quant, v.q!));
    expect(() => parseExpr({}, '(forall (i : int) i > 0) and i > 0')).toThrow(/unknown identifier 'i'/);
  });

  test('quantifier variables shadow process variables', () => {
    const { e, v } = parseExpr({ i: 'bool' }, '(exists (i : int) i > 0) and i');
    expect(e.args[1]).toBe(v.i);
    expect(e.args[0]!.bound![0]!.type).toBe(IntT);
  });

  test('bit-vector levels: bvor < bvxor < bvand < shifts < + < * < ++', () => {
    const bvs = { x: 'bv[4]', y: 'bv[4]', z: 'bv[4]' };
    let { e, v } = parseValue(bvs, 'bv[4]', 'x bvor y bvand z');
    expect(e).toBe(bvop('bvor', v.x!, bvop('bvand', v.y!, v.z!)));
    ({ e, v } = parseValue(bvs, 'bv[4]', 'x bvshl y bvadd z'));
    expect(e).toBe(bvop('bvshl', v.x!, bvop('bvadd', v.y!, v.z!)));
    ({ e, v } = parseValue(bvs, 'bv[4]', 'x + y * z - x'));
    expect(e).toBe(bvop('bvsub', bvop('bvadd', v.x!, bvop('bvmul', v.y!, v.z!)), v.x!));
    ({ e, v } = parseValue({ x: 'bv[2]', y: 'bv[2]' }, 'bv[4]', 'x ++ y'));
    expect(e).toBe(concat(v.x!, v.y!));
    ({ e, v } = parseValue({ x: 'bv[4]' }, 'bv[4]', '- - bvnot bvnot x'));
    expect(e).toBe(bvop('bvneg', bvop('bvneg', bvop('bvnot', bvop('bvnot', v.x!)))));
    // bvnot (level 22) is tighter than the other prefix operators (level 21)
    expect(() => parseValue({ x: 'bv[4]' }, 'bv[4]', 'bvnot - x')).toThrow(/expected an expression but found '-'/);
  });

  test('mixed int and rat unify; assignments do not convert', () => {
    const { e, v } = parseValue({ r: 'rat' }, 'rat', 'r + 1');
    expect(e).toBe(add(v.r!, toRat(int(1))));
    expect(e.type).toBe(RatT);
    expect(parseValue({}, 'rat', '1 % 2').e).toBe(rat(1, 2));
    expect(parseValue({}, 'rat', '0%1').e).toBe(rat(0, 1));
    expect(() => parseValue({}, 'rat', '1')).toThrow(/cannot assign a value of type int/);
  });
});

describe('literals', () => {
  const lit = (text: string) => parseValue({}, `bv[${text.split("'")[0]}]`, text).e;

  test('bit-vector literals in three bases', () => {
    expect(lit("4'b0101")).toBe(bv(5, 4));
    expect(lit("8'd200")).toBe(bv(200, 8));
    expect(lit("16'xBEEF")).toBe(bv(0xbeef, 16));
    expect(lit("16'xbeef")).toBe(bv(0xbeef, 16));
    expect(lit("8'd-1")).toBe(bv(255, 8));
    expect(lit("8'd-128")).toBe(bv(128, 8));
    expect(lit("8'd255")).toBe(bv(255, 8));
  });

  test('shorter binary and hex literals are zero-extended; every written digit counts', () => {
    expect(lit("4'b01")).toBe(bv(1, 4));
    expect(lit("8'x0F")).toBe(bv(15, 8));
    expect(lit("4'b0000")).toBe(bv(0, 4));
    expect(() => lit("4'b00000")).toThrow(/5 bits, more than its width 4/);
    expect(() => lit("4'x01")).toThrow(/8 bits, more than its width 4/);
    expect(() => lit("8'd256")).toThrow(/out of range/);
    expect(() => lit("8'd-129")).toThrow(/out of range/);
    expect(() => lit("4'b0102")).toThrow(/bad digits/);
    expect(() => lit("4'q1")).toThrow(/unknown base/);
  });

  test('extract has an exclusive upper bound; ++ puts the left operand high', () => {
    const { e, v } = parseValue({ x: 'bv[5]' }, 'bv[2]', 'x[5:3]');
    expect(e).toBe(extract(v.x!, 5, 3));
    expect(e.type).toBe(bvType(2));
    expect(() => parseValue({ x: 'bv[5]' }, 'bv[6]', 'x[6:0]')).toThrow(/out of range/);
    const cat = parseValue({}, 'bv[5]', "2'b10 ++ 2'b01 ++ 1'b1").e;
    expect(cat).toBe(concat(bv(2, 2), bv(1, 2), bv(1, 1)));
    expect(evaluate(cat, () => undefined)).toBe(bv(0b10011, 5));
    expect(evaluate(extract(bv(0b10011, 5), 5, 3), () => undefined)).toBe(bv(0b10, 2));
  });

  test('zero and sign extension take the target type', () => {
    const { e } = parseValue({}, 'bv[4]', "2'b10 bv_sign_extend bv[4]");
    expect(e).toBe(extend('sext', bv(2, 2), 4));
    expect(evaluate(e, () => undefined)).toBe(bv(0b1110, 4));
  });

  test('array literals: pairs with commas, default, and the <T> form', () => {
    const { e } = parseValue({ x: 'int' }, '[int] -> int', '[0 <- 1, 1 <- x + 2, default <- 0]');
    expect(e.op).toBe('arraylit');
    expect(e.args.length).toBe(5);
    const empty = parseValue({}, '[int] -> bool', '[<int> default <- false]').e;
    expect(empty.args).toEqual([bool(false)]);
    expect(parseValue({}, '[bool] -> int', '[true <- 1, <bool> default <- 0]').e.type.key).toBe('[bool] -> int');
    expect(parseValue({}, '[int] -> [int] -> bool', '[<int> default <- [<int> default <- true]]').e.type.key).toBe('[int] -> [int] -> bool');
  });

  test('floating-point literals: exponent and fraction fields, sign by unary minus', () => {
    const one = parseValue({}, 'fp[8,24]', "8'b01111111.23'd0").e;
    expect(one.op).toBe('fplit');
    expect(one.value).toEqual({ sign: false, exp: 127n, sig: 0n });
    const minus = parseValue({}, 'fp[8,24]', "-8'b01111111.23'd0").e;
    expect(minus.value).toEqual({ sign: true, exp: 127n, sig: 0n });
    const sum = parseValue({ f: 'fp[8,24]' }, 'fp[8,24]', "f + f fpadd[RTZ] f").e;
    expect(sum.params).toEqual(['fpadd', 'RTZ']);
    expect(sum.args[0]!.params).toEqual(['+']);
    expect(parseExpr({ f: 'fp[8,24]' }, 'f < f').e.params).toEqual(['<']);
  });

  test('floats print back as they read: every fp[2,3] literal, and SMT-LIB `=` as an equivalent CFA formula', () => {
    const t = fpType(2, 3);
    const values = new Set<Expr>();
    for (const sign of [false, true]) for (let e = 0n; e < 4n; e++) for (let f = 0n; f < 4n; f++) values.add(fpLit(t, { sign, exp: e, sig: f }));
    expect(values.size).toBe(27); // 32 patterns, the 6 NaN patterns one value
    for (const c of values) expect(parseValue({}, 'fp[2,3]', printExpr(c, 'cfa')).e).toBe(c);
    // `eq` (NaN = NaN, +0 /= -0) is not the language's IEEE `=`: its print must mean the same, value by value
    const x = ref(declareVar('x', t));
    const y = ref(declareVar('y', t));
    const reread = (e: Expr) => parseExpr({ x: 'fp[2,3]', y: 'fp[2,3]' }, printExpr(e, 'cfa'));
    for (const c of values) {
      const same = reread(eq(x, c));
      const differs = reread(neq(x, c));
      for (const a of values) {
        const at = (v: Record<string, Expr>) => (leaf: Expr) => (leaf === v.x ? a : undefined);
        expect(evaluate(same.e, at(same.v)), `${printExpr(a, 'cfa')} vs ${printExpr(c, 'cfa')}`).toBe(bool(a === c));
        expect(evaluate(differs.e, at(differs.v))).toBe(bool(a !== c));
      }
    }
    const { e: both, v } = reread(eq(x, y));
    for (const a of values) for (const b of values) expect(evaluate(both, (leaf) => (leaf === v.x ? a : leaf === v.y ? b : undefined))).toBe(bool(a === b));
  });
});

/** Line and column of the `nth` occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 1): { line: number; column: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`no ${needle} in the test input`);
  const before = text.slice(0, i).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function failure(text: string): InputError {
  try {
    parseCfa(text, 'bad.cfa');
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('malformed input', () => {
  const body = (decls: string, edge: string) => `main process p {\n  var x : int\n  var b : bool\n${decls}\n  init loc L0\n  error loc E\n  ${edge}\n}\n`;

  const cases: [string, string, string, number, RegExp][] = [
    // [name, input, token to point at, its occurrence, message]
    ['truncated file', 'main process p {\n  init loc L0\n  L0 -> L0 { assume', '', 0, /expected an expression but found end of file/],
    ['unknown identifier', body('', 'L0 -> E { assume y > 0 }'), 'y >', 1, /unknown identifier 'y'/],
    ['type error in assume', body('', 'L0 -> E { assume x + b > 0 }'), 'x + b', 1, /operands of \+ must be int or rat/],
    ['non-Boolean assumption', body('', 'L0 -> E { assume x + 1 }'), 'x + 1', 1, /must be bool/],
    ['type mismatch in assignment', body('', 'L0 -> E { b := 1 }'), '1 }', 1, /cannot assign a value of type int to 'b' of type bool/],
    ['duplicate variable', body('  var x : bool', 'L0 -> E'), 'x : bool', 1, /'x' is already declared/],
    ['duplicate location', body('  loc L0', 'L0 -> E'), 'L0', 2, /'L0' is already declared/],
    ['location named like a variable', body('  loc x', 'L0 -> E'), 'x\n', 1, /'x' is already declared/],
    ['two main processes', 'main process p { init loc L }\nmain process q { init loc L }\n', 'main', 2, /second main process/],
    ['no main process', 'process p { init loc L }\n', 'process', 1, /no process is marked 'main'/],
    ['no init location', 'main process p {\n  loc L\n}\n', 'p {', 1, /no init location/],
    ['two init locations', 'main process p {\n  init loc A\n  init loc B\n}\n', 'init', 2, /second init location/],
    ['two error locations', body('  error loc E2', 'L0 -> E'), 'error', 2, /second error location/],
    ['two final locations', 'main process p {\n  init loc A\n  final loc B\n  final loc C\n}\n', 'final', 2, /second final location/],
    ['not not', body('', 'L0 -> E { assume not not b }'), 'not b', 1, /found 'not' \(not does not stack/],
    ['a = b = c', body('', 'L0 -> E { assume x = x = x }'), '= x }', 1, /found '=' \(= does not chain/],
    ['bad character', body('', 'L0 -> E { assume x # 1 }'), '#', 1, /unexpected character '#'/],
    ['empty file', '', '', 0, /empty file/],
    ['only comments', '// nothing here\n/* at all */', '', 0, /empty file/],
    ['bit-vector literal too wide', body('  var v : bv[4]', "L0 -> E { v := 4'b10101 }"), "4'b", 1, /5 bits, more than its width 4/],
    ['decimal bit-vector out of range', body('  var v : bv[4]', "L0 -> E { v := 4'd16 }"), "4'd", 1, /out of range for bv\[4\]/],
    ['return statement', body('', 'L0 -> E { return x }'), 'return', 1, /return statements are not supported/],
    ['function type', body('  var f : (int) -> int', 'L0 -> E'), '(int)', 1, /function types are not supported/],
    ['function application', body('', 'L0 -> E { assume x(1) = 2 }'), 'x(1)', 1, /function applications are not supported/],
    ['function literal', body('', 'L0 -> E { assume ((y : int) -> y) = x }'), '(y', 1, /function literals are not supported/],
    ['assignment to a location', body('', 'L0 -> E { L0 := 1 }'), 'L0 :=', 1, /cannot assign to location 'L0'/],
    ['havoc of an unknown name', body('', 'L0 -> E { havoc z }'), 'z', 1, /unknown identifier 'z'/],
    ['edge to an unknown location', body('', 'L0 -> L9'), 'L9', 1, /unknown location 'L9'/],
    ['edge to a variable', body('', 'L0 -> x'), 'x\n}', 1, /'x' is a variable, not a location/],
    ['location in an expression', body('', 'L0 -> E { assume L0 }'), 'L0 }', 1, /'L0' is a location, not a variable/],
    ['generic < on bit-vectors', body('  var v : bv[4]', 'L0 -> E { assume v < v }'), '< v', 1, /< is not defined on bit-vectors: use bvult or bvslt/],
    ['generic / on bit-vectors', body('  var v : bv[4]', 'L0 -> E { v := v / v }'), '/ v', 1, /use bvudiv or bvsdiv/],
    ['unknown type', body('  var y : integer', 'L0 -> E'), 'integer', 1, /expected a type but found identifier 'integer'/],
    ['unterminated comment', body('', 'L0 -> E /* open'), '/*', 1, /unterminated comment/],
    ['missing arrow', body('', 'L0 E'), 'E\n}', 1, /expected '->' but found identifier 'E'/],
    ['statement outside a block', body('', 'L0 -> E assume b'), 'assume', 1, /expected a variable, location or edge declaration, or '}' but found 'assume'/],
    ['trailing text', 'main process p { init loc L }\n}', '}', 2, /expected a variable or process declaration but found '}'/],
    ['array literal without index type', body('  var a : [int] -> int', 'L0 -> E { a := [default <- 0] }'), '[default', 1, /needs its index type/],
    ['extract out of range', body('  var v : bv[4]', 'L0 -> E { assume v[5:1] = v[3:0] }'), 'v[5', 1, /out of range/],
    ['array index of the wrong type', body('  var a : [int] -> int', 'L0 -> E { assume a[b] = 0 }'), 'a[b]', 1, /array index must be int/],
  ];

  test('at least 15 malformed inputs are covered', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  test.each(cases)('%s', (_name, text, token, nth, message) => {
    const err = failure(text);
    expect(err.message).toMatch(message);
    expect(err.file).toBe('bad.cfa');
    const want = nth === 0 ? at(text + '\u0000', '\u0000') : at(text, token, nth);
    expect({ line: err.line, column: err.column }).toEqual(want);
    expect(err.render()).toContain('^');
  });

  test('lisp CFA errors are positioned too', () => {
    const bad = (text: string) => {
      try {
        parseLispCfa(text, 'bad.lisp.cfa');
      } catch (e) {
        if (e instanceof InputError) return e;
        throw e;
      }
      throw new Error('expected an InputError');
    };
    let err = bad('(process (var x Int)\n  (init L0)\n  (edge L0 L0 (assume (< x 5))');
    expect(err.message).toMatch(/expected '\)' but found end of file/);
    err = bad('(process (var x Int)\n  (init L0)\n  (edge L0 L0 (assume (< y 5))))');
    expect([err.line, err.column]).toEqual([3, 26]);
    expect(err.message).toMatch(/unknown identifier 'y'/);
    err = bad('(process (var x Int)\n  (init L0)\n  (edge L0 L0 (assign x true)))');
    expect([err.line, err.column]).toEqual([3, 25]);
    expect(err.message).toMatch(/cannot assign a value of type bool/);
    err = bad('(process (var x Int) (loc L0))');
    expect(err.message).toMatch(/no \(init \.\.\.\) location/);
    err = bad('');
    expect(err.message).toMatch(/empty file/);
  });
});

describe('names', () => {
  test('edges may mention locations and variables declared further down', () => {
    const cfa = parseCfa('main process p {\n  init loc A\n  A -> B { n := n + 1 }\n  var n : int\n  loc B\n}\n', 'late.cfa');
    expect(cfa.edges[0]!.target.name).toBe('B');
    expect(cfa.vars.map((v) => v.name)).toEqual(['n']);
  });

  test('locals shadow globals; the printer keeps both apart', () => {
    const text = 'var x : bool\nmain process p {\n  var x : int\n  init loc A\n  A -> A { x := x + 1 }\n}\n';
    const cfa = parseCfa(text, 'shadow.cfa');
    const [global, local] = cfa.vars;
    expect([global!.type, local!.type]).toEqual([BoolT, IntT]);
    const s = cfa.edges[0]!.stmts[0]!;
    expect(s.kind === 'assign' && s.lhs).toBe(local);
    const printed = printCfa(cfa);
    const back = parseCfa(printed, 'shadow2.cfa');
    expect(back.vars.map((v) => `${v.name}:${v.type.key}`)).toEqual(['x:bool', 'x_1:int']);
    expect(printCfa(back)).toBe(printed);
  });

  test('prime is accepted in expressions and printed back', () => {
    const { e, v } = parseExpr({ x: 'int' }, "x' = x + 1");
    expect(e).toBe(eq(prime(v.x!), add(v.x!, int(1))));
    const cfa = parseCfa(model('var x : int', "assume x' > x"), 'prime.cfa');
    expect(printCfa(cfa)).toContain("assume x' > x");
  });
});

describe('printer', () => {
  test('names the language cannot take are renamed consistently', () => {
    const loc = declareVar('loc', IntT);
    const clash = declareVar('L', BoolT);
    const L = { id: 0, name: 'L' };
    const M = { id: 1, name: 'a.b' };
    const cfa: Cfa = {
      name: 'main',
      vars: [loc, clash],
      locs: [L, M],
      edges: [{ id: 0, source: L, target: M, stmts: [{ kind: 'assign', lhs: loc, rhs: add(ref(loc), int(1)) }, { kind: 'assume', cond: ref(clash) }] }],
      init: L,
      error: M,
    };
    const printed = printCfa(cfa);
    const back = parseCfa(printed, 'renamed.cfa');
    expect(printCfa(back)).toBe(printed);
    expect(back.vars.map((v) => v.name)).toEqual(['loc_', 'L_1']);
    expect(back.locs.map((l) => l.name)).toEqual(['L', 'a_b']);
    expect(back.name).toBe('main_');
  });

  test('a model prints as a main process with markers and statement blocks', () => {
    const text = 'main process c {\n  var n : int\n  init loc A\n  error loc B\n  A -> B { n := 0 assume n > 0 }\n  A -> A\n}\n';
    expect(printCfa(parseCfa(text, 'c.cfa'))).toBe(
      'main process c {\n    var n : int\n\n    init loc A\n    error loc B\n\n    A -> B {\n        n := 0\n        assume n > 0\n    }\n    A -> A\n}\n',
    );
  });

  test('globals become locals of the printed process', () => {
    const text = 'var g : int\nprocess other { init loc Q }\nmain process m(k : int) {\n  var x : bool\n  init loc A\n  A -> A { g := g + 1 }\n}\n';
    const cfa = parseCfa(text, 'g.cfa');
    expect(cfa.vars.map((v) => v.name)).toEqual(['g', 'x']);
    const back = parseCfa(printCfa(cfa), 'g2.cfa');
    expect(back.vars.map((v) => v.name)).toEqual(['g', 'x']);
  });
});
