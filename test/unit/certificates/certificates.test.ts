/**
 * The certificate checkers (certificates/) with the real Z3 and the real corpus: the SMT-LIB printer
 * means what the translator means, operator by operator and on every corpus formula; valid
 * certificates (CEGAR's invariants, hand-made k-inductive ones, witness circuits from IC3's
 * invariants) pass; corrupted ones fail with the message of the check that catches them; and the
 * checkers leave the engines' Z3 context alone, and work without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BV_ARITH, BV_CMP, BV_UNARY, False, True, add, and, arrayLit, arrayValue, atStep, bv, bvop, concat, declareVar, div, eq, exists, extend, extract, forall, fpLit, fpOp, ge, gt, iff, imply, indexed, int, ite, le, lt, mod, mul, neg, neq, not, or, prime, rat, read, ref, rem, sub, toRat, write, xor, type Expr } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, arrayType, bvType, fpType, type Type } from '../../../lang/types.js';
import { ROUNDING_MODES, inf, nan, one, zero } from '../../../lang/float.js';
import { freshZ3, loadZ3, shutdown, type Z3Context } from '../../../lang/smt/context.js';
import { translator, type Translator } from '../../../lang/smt/translate.js';
import { SmtScript, symbolOf } from '../../../lang/smt/smtlib.js';
import { parseSmtlib } from '../../../certificates/smt-check.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';
import { checkKInductiveInvariant } from '../../../certificates/k-invariant.js';
import { checkWitnessCircuit } from '../../../certificates/witness-circuit.js';
import { loadProblem } from '../../../formalisms/frontends/index.js';
import { theoriesOf } from '../../../formalisms/problem.js';
import type { Interpreter, Location } from '../../../formalisms/interpreter.js';
import { cfaInterpreter } from '../../../formalisms/cfa-semantics.js';
import { stsInterpreter } from '../../../formalisms/sts-semantics.js';
import { parseCfa } from '../../../formalisms/frontends/cfa/read.js';
import { parseSts } from '../../../formalisms/frontends/sts/read.js';
import { andCount, firstGateNode, type Aig, type Lit } from '../../../formalisms/aig.js';
import { resultOf } from '../../../engines/aiger/outcome.js';
import { ENGINE_CONTEXT } from '../../../cli/engine-context.js';
import type { Clause } from '../../../formalisms/certificate.js';
import { LCORR_PASS, SIMPLIFY_PASS } from '../../../engines/passes/circuit.js';
import { forwardAll } from '../../../engines/passes/pass.js';
import { Ic3 } from '../../../engines/aiger/ic3.js';
import { cegar } from '../../../cegar/checker.js';
import { searchWeights } from '../../../cegar/search.js';
import { defaultCegarConfig } from '../../../cegar/defaults.js';
import { manifest } from '../../support/corpus.js';

beforeAll(async () => {
  await loadZ3();
});

// ---------------------------------------------------------------- the printer against the translator

/**
 * A fresh context with the translator's terms and a solver: `disagreeing` prints formulas into one
 * script, parses it into the same context with the script's constants bound to the translator's,
 * and returns the formulas where `(distinct printed translated)` is not unsatisfiable.
 */
class Agreement {
  private solver = 0;

  constructor(readonly z3: Z3Context, readonly t: Translator) {
    const { em, ctx } = z3;
    this.solver = z3.ok(em._Z3_mk_simple_solver(ctx));
    em._Z3_solver_inc_ref(ctx, this.solver);
  }

  static async create(): Promise<Agreement> {
    const z3 = await freshZ3();
    return new Agreement(z3, translator(z3));
  }

  /** `script` must assert exactly `expected`, in order (with whatever definitions it needs). */
  disagreeing(script: SmtScript, expected: readonly Expr[]): Expr[] {
    const { em, ctx } = this.z3;
    const known = new Map(script.constants().map((l) => [symbolOf(l), em._Z3_get_app_decl(ctx, this.t.toZ3(l))]));
    const parsed = parseSmtlib(this.z3, script.commands(), known);
    expect(parsed.length).toBe(expected.length);
    const wrong: Expr[] = [];
    for (const [i, e] of expected.entries()) {
      em._Z3_solver_push(ctx, this.solver);
      em._Z3_solver_assert(ctx, this.solver, em._Z3_mk_not(ctx, em._Z3_mk_eq(ctx, parsed[i]!, this.t.toZ3(e))));
      if (em._Z3_solver_check(ctx, this.solver) !== -1) wrong.push(e);
      em._Z3_solver_pop(ctx, this.solver, 1);
      this.z3.check();
    }
    for (const p of parsed) this.z3.release(p);
    return wrong;
  }

  /** Each formula asserted in its own script and in one shared script: both must agree. */
  check(formulas: readonly Expr[]): Expr[] {
    const shared = new SmtScript();
    for (const f of formulas) shared.assert(f);
    const wrong = this.disagreeing(shared, formulas);
    for (const f of formulas) {
      const alone = new SmtScript();
      alone.assert(f);
      wrong.push(...this.disagreeing(alone, [f]));
    }
    return wrong;
  }

  dispose(): void {
    this.z3.em._Z3_solver_dec_ref(this.z3.ctx, this.solver);
    this.z3.dispose();
  }
}

const v = (name: string, t: Type): Expr => ref(declareVar(name, t));
/** A term as a formula: equal to a fresh variable (equivalent terms give equivalent formulas). */
const named = (e: Expr): Expr => (e.type === BoolT ? e : eq(e, v('value', e.type)));

function bitVectorFormulas(): Expr[] {
  const [a, b] = [v('a', bvType(8)), v('b', bvType(8))];
  return [
    ...BV_ARITH.map((op) => bvop(op, a, b)), ...BV_CMP.map((op) => bvop(op, a, b)), ...BV_UNARY.map((op) => bvop(op, a)),
    bvop('bvrol', a, bv(3, 8)), bvop('bvror', a, bv(-1, 8)), bvop('bvudiv', a, bv(0, 8)), bvop('bvsrem', a, bv(0, 8)),
    concat(a, b), concat(a, extract(b, 4, 1), a), extract(a, 8, 0), extract(a, 1, 0), extract(a, 7, 3),
    extend('zext', a, 12), extend('sext', a, 12), extend('zext', a, 8), bv(2n ** 40n + 5n, 64), bv(-1, 33),
  ].map(named);
}

function arrayFormulas(): Expr[] {
  const t = arrayType(IntT, IntT);
  const [m, n] = [v('m', t), v('n', t)];
  const [i, j] = [v('i', IntT), v('j', IntT)];
  const bvs = v('bits', arrayType(bvType(4), BoolT));
  const nested = v('nested', arrayType(IntT, t));
  return [
    read(m, i), write(m, i, j), eq(m, n), neq(write(m, i, int(1)), n), read(write(write(m, i, j), j, i), i),
    arrayLit(IntT, [[int(1), int(2)], [int(1), int(3)], [i, j]], int(0)), arrayValue(IntT, [[int(5), int(-7)], [int(2), int(9)]], int(0)),
    arrayLit(IntT, [], j), read(bvs, bv(3, 4)), write(bvs, bv(15, 4), True), arrayLit(bvType(4), [[bv(1, 4), False]], True),
    read(read(nested, i), j), write(nested, i, write(read(nested, i), j, int(4))), arrayLit(IntT, [[int(0), m]], n),
  ].map(named);
}

function arithmeticFormulas(): Expr[] {
  const [x, y] = [v('x', IntT), v('y', IntT)];
  const [r, s] = [v('r', RatT), v('s', RatT)];
  return [
    div(x, y), mod(x, y), rem(x, y), div(x, int(-3)), mod(x, int(-3)), rem(x, int(-3)), rem(int(-7), int(2)), div(x, int(0)),
    neg(x), sub(x, y), mul(x, y, int(-2)), add(x, int(-5), y), int(-123456789012345678901234567890n),
    div(r, s), div(r, rat(0)), neg(r), toRat(x), add(x, r), mul(r, rat(-3, 4)), rat(-7, 2), rat(5), sub(r, rat(1, 3)),
    lt(x, y), le(r, s), gt(x, r), ge(r, int(2)), ite(lt(x, y), x, y), ite(le(r, s), r, toRat(y)),
  ].map(named);
}

function booleanFormulas(): Expr[] {
  const [p, q] = [v('p', BoolT), v('q', BoolT)];
  const x = declareVar('x', IntT);
  // two variables named alike, a variable, its primes and its step copies: all different constants
  const [x1, x2] = [ref(x), v('x', IntT)];
  const y = declareVar('y', IntT);
  return [
    xor(p, q), iff(p, q), imply(p, q), neq(p, q), not(and(p, or(q, not(p)))), ite(p, q, not(q)),
    lt(x1, x2), eq(prime(x1), add(x1, int(1))), lt(prime(prime(x1)), prime(x1)), lt(ref(indexed(x, 3)), ref(indexed(x, 4))),
    forall([x], lt(ref(x), add(ref(x), int(1)))), and(gt(x1, int(0)), exists([x], lt(ref(x), x1))),
    forall([x, y], imply(lt(ref(x), ref(y)), exists([x], and(lt(ref(y), ref(x)), p)))),
    exists([declareVar('b', BoolT)], p), forall([x], or(eq(prime(ref(x)), ref(x)), lt(ref(x), x2))),
  ];
}

function floatFormulas(): Expr[] {
  const f = fpType(3, 5);
  const [a, b] = [v('fa', f), v('fb', f)];
  const out: Expr[] = [];
  for (const rm of [[], ...ROUNDING_MODES.map((m) => [m])]) {
    for (const name of ['+', '-', '*', '/', 'fpadd', 'fpsub', 'fpmul', 'fpdiv']) out.push(fpOp(name, rm, f, [a, b]));
    out.push(fpOp('fpsqrt', rm, f, [a]), fpOp('fproundtoint', rm, f, [a]));
    out.push(fpOp('fptofp', ['5,11', ...rm], fpType(5, 11), [a]), fpOp('fptofp', ['2,3', ...rm], fpType(2, 3), [a]));
    for (const sign of ['u', 's']) out.push(fpOp('fpfrombv', ['3,5', sign, ...rm], f, [v('bits', bvType(6))]));
    for (const sign of ["6'u", "6's"]) out.push(fpOp('fptobv', [sign, ...rm], bvType(6), [a]));
  }
  for (const name of ['=', '<', '<=', '>', '>=', '/=']) out.push(fpOp(name, [], BoolT, [a, b]));
  for (const name of ['fprem', 'fpmin', 'fpmax']) out.push(fpOp(name, [], f, [a, b]));
  for (const name of ['fpabs', 'fpneg', 'fppos', '-']) out.push(fpOp(name, [], f, [a]));
  out.push(fpOp('fpisnan', [], BoolT, [a]), eq(a, b), neq(a, b));
  const lits = [nan(f), inf(f, true), inf(f, false), zero(f, true), zero(f, false), one(f), { sign: true, exp: 0n, sig: 3n }, { sign: false, exp: 5n, sig: 9n }];
  for (const value of lits) out.push(eq(a, fpLit(f, value)));
  out.push(eq(v('double', fpType(11, 53)), fpLit(fpType(11, 53), one(fpType(11, 53)))));
  return out.map(named);
}

/** Deep and shared DAGs: an and-chain beyond the nesting limit, a doubling chain (2^200 as a tree). */
function dagFormulas(): Expr[] {
  const bits = Array.from({ length: 10 }, (_, i) => v(`c${i}`, BoolT));
  let chain = v('c', BoolT);
  for (let i = 0; i < 3000; i++) chain = and(chain, i % 3 ? bits[i % 10]! : not(bits[i % 10]!));
  let doubled = v('h', IntT);
  for (let i = 0; i < 200; i++) doubled = add(doubled, doubled);
  return [chain, lt(doubled, int(7)), or(chain, lt(doubled, int(0)))];
}

/** A step relation with locals, printed as a function and applied at steps 2 and 5, against `atStep`. */
function unrollingDisagrees(agree: Agreement): Expr[] {
  const x = v('x', IntT);
  const local = v('havoc', IntT);
  const arr = v('arr', arrayType(IntT, BoolT));
  const body = and(eq(prime(x), add(x, local)), iff(read(prime(arr), x), not(read(arr, prime(x)))), forall([local.decl!], le(x, add(x, int(0)))));
  const script = new SmtScript();
  const f = script.define(body);
  const expected = [2, 5].map((k) => atStep(body, k));
  for (const k of [2, 5]) script.assert(script.instantiate(f, k));
  return agree.disagreeing(script, expected);
}

/** The interpreter view of a model's first safety property (throws when it states none). */
async function interpreterOf(file: string): Promise<Interpreter> {
  const problem = await loadProblem(file);
  const safety = problem.properties.find((p) => p.kind === 'safety');
  if (!safety) throw problem.noProperty;
  return problem.task(safety).model;
}

/** The CFA and STS models of the corpus that load and have an error location, with their interpreters. */
async function corpusModels(): Promise<{ path: string; model: Interpreter; expected: string }[]> {
  const out: { path: string; model: Interpreter; expected: string }[] = [];
  for (const m of manifest().filter((e) => e.formalism !== 'aiger')) {
    try {
      out.push({ path: m.path, model: await interpreterOf(m.file), expected: m.expected });
    } catch {
      // no error location, or a defect this corpus keeps on purpose: nothing to print
    }
  }
  return out;
}

describe('the SMT-LIB printer means what the translator means', () => {
  let agree: Agreement;
  beforeAll(async () => { agree = await Agreement.create(); });
  afterAll(() => agree.dispose());

  it('on every operator of the language', () => {
    for (const formulas of [bitVectorFormulas(), arrayFormulas(), arithmeticFormulas(), booleanFormulas(), floatFormulas(), dagFormulas()]) {
      expect(agree.check(formulas)).toEqual([]);
    }
  });

  it('on a step relation printed once and applied per step', () => {
    expect(unrollingDisagrees(agree)).toEqual([]);
  });

  it('on the initial, bad and action formulas of every corpus CFA and STS model', async () => {
    const models = await corpusModels();
    expect(models.length).toBeGreaterThan(50);
    for (const { path, model } of models) {
      const formulas = [model.init, model.bad, ...model.locations.flatMap((l) => model.actions(l).map((a) => a.formula))];
      const shared = new SmtScript();
      for (const f of formulas) shared.assert(f);
      expect(agree.disagreeing(shared, formulas), path).toEqual([]);
    }
  });

  it('shares nodes and names leaves by declaration', () => {
    let doubled = v('h', IntT);
    for (let i = 0; i < 100; i++) doubled = add(doubled, doubled);
    const script = new SmtScript();
    script.assert(lt(doubled, int(1)));
    expect(script.toString().length).toBeLessThan(10_000);
    const x = declareVar('x', IntT);
    expect(new Set([ref(x), v('x', IntT), prime(ref(x)), ref(indexed(x, 0))].map(symbolOf)).size).toBe(4);
  });
});

// ---------------------------------------------------------------- invariants and k-invariants

async function cegarInvariant(model: Interpreter): Promise<ReadonlyMap<Location, Expr> | undefined> {
  const c = defaultCegarConfig(theoriesOf(model.vars));
  const r = cegar(model, { ...c, weights: searchWeights(c.search)! }, await loadZ3(), { deadline: Date.now() + 10_000 });
  return r.verdict === 'safe' && r.certificate.kind === 'invariant' ? r.certificate.invariant : undefined;
}

const sts = (text: string): Interpreter => stsInterpreter(parseSts(text, 'test.system')[0]!);
const cfa = (text: string): Interpreter => cfaInterpreter(parseCfa(text, 'test.cfa'));
const everywhere = (m: Interpreter, inv: Expr = True): Map<Location, Expr> => new Map(m.locations.map((l) => [l, inv]));
const byName = (m: Interpreter, name: string): Location => m.locations.find((l) => l.name === name)!;

/** 0 → 1 → 2 → 0 is reachable; 5 → 4 → 3 (bad) is not, and x = 3 is three steps from a dead end. */
const THREE_INDUCTIVE = `specification KInd {
  property safe : {
    var x : int
    initial x = 0
    transition (x < 2 and x >= 0 and x' = x + 1) or (x = 2 and x' = 0) or (x = 5 and x' = 4) or (x = 4 and x' = 3)
      or ((x > 5 or x < 0) and x' = x)
  } models G(not (x = 3))
}`;

/** 0 ↔ 1 is reachable; 2 loops on itself and may step to 3 (bad): only simple paths rule that out. */
const SIMPLE_PATH = `specification Loop {
  property safe : {
    var x : int
    initial x = 0
    transition (x = 0 and x' = 1) or (x = 1 and x' = 0) or (x = 2 and (x' = 2 or x' = 3)) or ((x > 2 or x < 0) and x' = x)
  } models G(not (x = 3))
}`;

/** At L1 x is 0, but only because the one edge into L1 sets it: 2-inductive with true everywhere. */
const TWO_INDUCTIVE_CFA = `main process cfa {
  var x : int
  init loc L0
  loc L1
  error loc ERR
  L0 -> L1 { x := 0 }
  L1 -> L0 { havoc x }
  L1 -> ERR { assume not (x = 0) }
}`;

describe('inductive invariants', () => {
  it('CEGAR\'s invariants of the corpus pass both checks, and k = 1 agrees with the inductive check', async () => {
    // fischer3 to fischer6 take CEGAR longer than this file may
    const models = (await corpusModels()).filter((m) => m.expected !== 'unsafe' && !/fischer[3-6]\.system/.test(m.path));
    let proved = 0;
    for (const { path, model } of models) {
      const inv = await cegarInvariant(model);
      if (!inv) continue;
      proved++;
      expect(await checkInductiveInvariant(model, inv), path).toBeUndefined();
      expect(await checkKInductiveInvariant(model, inv, 1, false), path).toBeUndefined();
    }
    expect(proved).toBeGreaterThanOrEqual(30);
  });

  it('a strengthened or weakened location fails, naming the action or location', async () => {
    const m = await interpreterOf(manifest().find((e) => e.path.endsWith('counter5_true.cfa'))!.file);
    const inv = (await cegarInvariant(m))!;
    const strengthened = new Map(inv).set(byName(m, 'L1'), False);
    expect(await checkInductiveInvariant(m, strengthened)).toMatch(/^the invariant is not closed under L0 -> L1/);
    expect(await checkKInductiveInvariant(m, strengthened, 1, false)).toBe('the invariant is not 1-inductive');
    expect(await checkKInductiveInvariant(m, strengthened, 2, false)).toBe('the base case fails at step 1');
    const weakened = new Map(inv).set(byName(m, 'L3'), True);
    expect(await checkInductiveInvariant(m, weakened)).toMatch(/^the invariant is not closed under L3 -> /);
    expect(await checkKInductiveInvariant(m, weakened, 1, false)).toBe('the invariant is not 1-inductive');
    const missingInit = new Map(inv);
    missingInit.delete(m.initLoc);
    expect(await checkInductiveInvariant(m, missingInit)).toBe('the invariant does not hold initially at L0');
    expect(await checkKInductiveInvariant(m, missingInit, 2, true)).toBe('the base case fails at step 0');
    expect(await checkInductiveInvariant(m, everywhere(m))).toBe('the invariant does not exclude the bad states at ERR');
  });

  it('each condition fails with its own message on an STS', async () => {
    const m = sts(THREE_INDUCTIVE);
    const x = ref(m.vars[0]!);
    expect(await checkInductiveInvariant(m, everywhere(m, and(ge(x, int(0)), le(x, int(2)))))).toBeUndefined();
    expect(await checkInductiveInvariant(m, everywhere(m, and(ge(x, int(1)), le(x, int(2)))))).toBe('the invariant does not hold initially at safe');
    expect(await checkInductiveInvariant(m, everywhere(m, and(ge(x, int(0)), le(x, int(1)))))).toBe('the invariant is not closed under transition');
    expect(await checkInductiveInvariant(m, everywhere(m))).toBe('the invariant does not exclude the bad states at safe');
  });

  it('a check the solver cannot decide in time fails, saying so', async () => {
    // bad: a 64-bit number is the product of two 32-bit factors, a search no solver ends in 1 ms
    const [x, y] = [v('x', bvType(32)), v('y', bvType(32))];
    const product = bvop('bvmul', extend('zext', x, 64), extend('zext', y, 64));
    const loc = { id: 0, name: 'factoring' };
    const m: Interpreter = {
      dialect: 'sts', name: 'factoring', vars: [x.decl!, y.decl!], locations: [loc], initLoc: loc, init: True, errorLoc: loc,
      bad: and(eq(product, bv(2147483647n * 2147483629n, 64)), bvop('bvugt', x, bv(1, 32)), bvop('bvugt', y, bv(1, 32))),
      actions: () => [], inputs: [],
    };
    // with 1 ms even the first, trivial check may run out of time: whichever does, it is named
    expect(await checkInductiveInvariant(m, everywhere(m), { timeoutMs: 1 }))
      .toMatch(/^the solver could not decide whether the invariant does not (hold initially|exclude the bad states) at factoring \((canceled|timeout)\)$/);
  });
});

describe('k-inductive invariants', () => {
  it('a property that is 3-inductive, not 2-inductive', async () => {
    const m = sts(THREE_INDUCTIVE);
    const inv = everywhere(m);
    expect(await checkKInductiveInvariant(m, inv, 3, false)).toBeUndefined();
    expect(await checkKInductiveInvariant(m, inv, 4, true)).toBeUndefined();
    expect(await checkKInductiveInvariant(m, inv, 2, false)).toBe('the invariant is not 2-inductive');
    expect(await checkKInductiveInvariant(m, inv, 2, true)).toBe('the invariant is not 2-inductive on simple paths');
    expect(await checkKInductiveInvariant(m, inv, 1, false)).toBe('the invariant is not 1-inductive');
    expect(await checkKInductiveInvariant(m, inv, 0, false)).toMatch(/positive/);
  });

  it('a property that is k-inductive on simple paths only', async () => {
    const m = sts(SIMPLE_PATH);
    const inv = everywhere(m);
    expect(await checkKInductiveInvariant(m, inv, 2, true)).toBeUndefined();
    expect(await checkKInductiveInvariant(m, inv, 1, true)).toBe('the invariant is not 1-inductive on simple paths');
    for (const k of [2, 6]) expect(await checkKInductiveInvariant(m, inv, k, false)).toBe(`the invariant is not ${k}-inductive`);
  });

  it('a CFA with locations: 2-inductive with true everywhere, and the base case catches a missing location', async () => {
    const m = cfa(TWO_INDUCTIVE_CFA);
    const inv = new Map([...everywhere(m)].filter(([l]) => l !== m.errorLoc));
    expect(await checkKInductiveInvariant(m, inv, 2, false)).toBeUndefined();
    expect(await checkKInductiveInvariant(m, inv, 1, false)).toBe('the invariant is not 1-inductive');
    expect(await checkInductiveInvariant(m, inv)).toMatch(/^the invariant is not closed under L1 -> ERR/);
    const noL1 = new Map(inv);
    noL1.delete(byName(m, 'L1'));
    expect(await checkKInductiveInvariant(m, noL1, 2, false)).toBe('the base case fails at step 1');
  });

  it('a bad initial state fails the base case at step 0, a reachable one later', async () => {
    const reachable = sts(THREE_INDUCTIVE.replace('initial x = 0', 'initial x = 5'));
    expect(await checkKInductiveInvariant(reachable, everywhere(reachable), 3, false)).toBe('the base case fails at step 2');
    const initial = sts(THREE_INDUCTIVE.replace('initial x = 0', 'initial x = 3'));
    expect(await checkKInductiveInvariant(initial, everywhere(initial), 3, true)).toBe('the base case fails at step 0');
  });
});

// ---------------------------------------------------------------- witness circuits

/** The base circuit with gates for the clauses: bad' = bad OR NOT (clause_1 AND ... AND clause_n). */
function witnessCircuit(aig: Aig, clauses: readonly Clause[]): Aig {
  const fanins = [...aig.fanins];
  let node = firstGateNode(aig) + andCount(aig);
  const and2 = (a: Lit, b: Lit): Lit => { fanins.push(a, b); return 2 * node++; };
  const all = (lits: readonly Lit[]): Lit => (lits.length === 0 ? 1 : lits.reduce(and2));
  const inv = all(clauses.map((c) => all(c.map((l) => l ^ 1)) ^ 1));
  const bad = all([aig.properties[0]!.lit ^ 1, inv]) ^ 1;
  return { ...aig, fanins: Int32Array.from(fanins), properties: [{ lit: bad, section: 'bad', index: 0 }] };
}

const HWMCC = ['split-a16-p152b0', 'split-stack-p2b0', 'split-s3_srvr_1b.cilb0', 'split-vgasim_imgfifo-p040b0', 'split-zipversa_composecrc_prf-p12b0'];

/** IC3's invariant of a circuit's cone as clauses over the cone's latches (`base` here), found on the prepared circuit and mapped back. */
async function ic3Problem(name: string): Promise<{ problem: { base: Aig }; clauses: readonly Clause[] }> {
  const m = manifest().find((e) => e.path.includes(name))!;
  const problem = await loadProblem(m.file);
  const task = problem.task(problem.properties[0]!);
  const mapped = await forwardAll([SIMPLIFY_PASS, LCORR_PASS], task, ENGINE_CONTEXT);
  const found = new Ic3(mapped.task.circuit!, { deadline: Date.now() + 20_000 }).check();
  const r = await mapped.back(resultOf(found, { timeMs: 0, solverChecks: 0, solverTimeMs: 0 }));
  if (r.verdict !== 'safe' || r.certificate.kind !== 'latch-clauses') throw new Error(`IC3 should prove ${name}`);
  return { problem: { base: task.circuit! }, clauses: r.certificate.clauses };
}

describe('witness circuits', () => {
  const cases = new Map<string, { problem: { base: Aig }; clauses: readonly Clause[] }>();
  beforeAll(async () => { for (const name of HWMCC) cases.set(name, await ic3Problem(name)); });

  it('IC3\'s invariants of HWMCC\'24 circuits make valid witness circuits', () => {
    for (const [name, { problem, clauses }] of cases) {
      expect(checkWitnessCircuit(problem.base, 0, witnessCircuit(problem.base, clauses)), name).toBeUndefined();
    }
  });

  it('a dropped clause fails the Step check', () => {
    const { problem, clauses } = cases.get('split-s3_srvr_1b.cilb0')!;
    const failures = clauses.map((_, j) => checkWitnessCircuit(problem.base, 0, witnessCircuit(problem.base, clauses.filter((_c, i) => i !== j))));
    expect(failures.some((f) => f?.startsWith('the Step check fails'))).toBe(true);
    expect(failures.every((f) => f === undefined || f.startsWith('the Step check fails'))).toBe(true);
    expect(checkWitnessCircuit(problem.base, 0, witnessCircuit(problem.base, []))).toMatch(/^the Step check fails/);
  });

  it('a wrong reset fails the Reset check, an uninitialised one the Base check', () => {
    const { problem, clauses } = cases.get('split-stack-p2b0')!;
    const w = witnessCircuit(problem.base, clauses);
    const k = w.latches.findIndex((l) => l.reset !== 'x');
    const flipped = w.latches.map((l, i) => (i === k ? { ...l, reset: l.reset === 1 ? 0 as const : 1 as const } : l));
    expect(checkWitnessCircuit(problem.base, 0, { ...w, latches: flipped })).toBe('the Reset check fails');
    const free = w.latches.map((l) => ({ ...l, reset: 'x' as const }));
    expect(checkWitnessCircuit(problem.base, 0, { ...w, latches: free })).toBe('the Base check fails');
  });

  it('a changed next-state function fails the Transition check', () => {
    const { problem, clauses } = cases.get('split-a16-p152b0')!;
    const w = witnessCircuit(problem.base, clauses);
    const latches = w.latches.map((l, i) => (i === 0 ? { ...l, next: l.next ^ 1 } : l));
    expect(checkWitnessCircuit(problem.base, 0, { ...w, latches })).toBe('the Transition check fails');
  });

  it('a witness whose property does not imply the model\'s fails the Property check', () => {
    const { problem, clauses } = cases.get('split-vgasim_imgfifo-p040b0')!;
    const never = { ...witnessCircuit(problem.base, clauses), properties: [{ lit: 0, section: 'bad' as const, index: 0 }] };
    expect(checkWitnessCircuit(problem.base, 0, never)).toBe('the Property check fails');
  });

  it('circuits that cannot be compared are rejected', () => {
    const { problem } = cases.get('split-stack-p2b0')!;
    const empty: Aig = { ...problem.base, inputs: [], latches: [], fanins: new Int32Array(0), constraints: [], properties: [{ lit: 0, section: 'bad', index: 0 }] };
    expect(checkWitnessCircuit(problem.base, 0, empty)).toMatch(/^the witness \(0 inputs, 0 latches\) cannot simulate the model/);
    expect(checkWitnessCircuit(problem.base, 3, problem.base)).toBe('the model has no property 3');
    const fanins = problem.base.fanins.slice();
    fanins[fanins.length - 1] = 2 * (firstGateNode(problem.base) + andCount(problem.base));
    const forward = { ...problem.base, fanins };
    expect(checkWitnessCircuit(problem.base, 0, forward)).toMatch(/not an earlier node/);
  });
});

// ---------------------------------------------------------------- independence from the engines' Z3

describe('independence from the engines\' Z3 context', () => {
  it('leaves the engines\' context and translator cache untouched, and works after their shutdown', async () => {
    const engines = await loadZ3();
    const cache = translator(engines)['cache'];
    const m = sts(THREE_INDUCTIVE);
    translator(engines).toZ3(m.init);
    const cached = cache.size;
    const symbol = engines.freshSymbol();
    expect(await checkKInductiveInvariant(m, everywhere(m), 3, true)).toBeUndefined();
    expect(await checkInductiveInvariant(m, everywhere(m))).toBe('the invariant does not exclude the bad states at safe');
    expect(cache.size).toBe(cached);
    expect(engines.freshSymbol()).toBe(symbol + 1);
    expect(await loadZ3()).toBe(engines);
    await shutdown();
    expect(engines.alive).toBe(false);
    expect(await checkKInductiveInvariant(m, everywhere(m), 3, false)).toBeUndefined();
    expect(await checkKInductiveInvariant(m, everywhere(m), 2, false)).toBe('the invariant is not 2-inductive');
  });
});
