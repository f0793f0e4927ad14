/**
 * CHC certificates in the field's terms: models (the `define-fun`s of `sat`) checked clause by
 * clause in a fresh Z3 context and by cvc5 on the text as written, derivations (the ground clause
 * instances of `unsat`) replayed by evaluation; corrupted ones fail both. On a sample of the
 * development set's small linear tasks, the engines run on the CFA view agree with the manifest,
 * and their certificates, read back in the clauses' terms, pass.
 */
import { describe, expect, test } from 'vitest';
import { checkWith } from '../../support/engines.js';
import { chcTaskProblem, chcTasks } from '../../support/chc.js';
import { cvc5Rejects } from '../../../bench/cvc5.js';
import { readChc } from '../../../formalisms/frontends/chc/read.js';
import { chcProblem } from '../../../formalisms/frontends/chc/problem.js';
import { readModel, modelText, type ChcModel } from '../../../formalisms/frontends/chc/model.js';
import { derivationText, type ChcDerivation, type DerivationStep } from '../../../formalisms/frontends/chc/derivation.js';
import type { ChcSystem } from '../../../formalisms/frontends/chc/clauses.js';
import { checkChcModel } from '../../../certificates/chc-model.js';
import { checkClaim, claimName } from '../../../certificates/check.js';
import type { Certificate, Claim } from '../../../formalisms/certificate.js';
import type { Answer } from '../../../formalisms/problem.js';
import { replayDerivation } from '../../../certificates/chc-derivation.js';
import { False, True, bool, int, rat, type Expr, type VarDecl } from '../../../lang/expr.js';
import { InputError } from '../../../lang/errors.js';

const COUNTER = `(set-logic HORN)
(declare-fun |inv x| (Int Bool) Bool)
(declare-fun done () Bool)
(assert (forall ((x Int) (b Bool)) (=> (and (= x 0) (not b)) (|inv x| x b))))
(assert (forall ((x Int) (b Bool) (y Int) (c Bool)) (=> (and (|inv x| x b) (< x 10) (= y (+ x 2)) (= c (not b))) (|inv x| y c))))
(assert (forall ((x Int) (b Bool)) (=> (and (|inv x| x b) (>= x 10)) done)))
(assert (=> (and done (> 1 0)) false))
(check-sat)
`;

/** The counter reaches 10, so done holds: unsat. With the query x = 7 instead, sat (x stays even). */
const counter = readChc(COUNTER, 'counter.smt2');
const even = readChc(COUNTER.replace('(assert (=> (and done (> 1 0)) false))', '(assert (forall ((x Int) (b Bool)) (=> (and (|inv x| x b) (= x 7)) false)))'), 'even.smt2');

const model = (system: ChcSystem, text: string): ChcModel => readModel(system, text, 'model.smt2');

const EVEN_MODEL = `; the counter is even, between 0 and 11, odd steps with b
(define-fun |inv x| ((x Int) (b Bool)) Bool (and (<= 0 x 11) (= (mod x 2) 0) (= b (= (mod x 4) 2))))
(define-fun done () Bool true)
`;

describe('models', () => {
  test('a model written by hand passes Z3 and cvc5; a weaker one fails at the clause it breaks', async () => {
    expect(await checkChcModel(even, model(even, EVEN_MODEL))).toBeUndefined();
    expect(cvc5Rejects(even, EVEN_MODEL)).toEqual([]);
    const weak = EVEN_MODEL.replace('(= (mod x 2) 0)', 'true');
    expect(await checkChcModel(even, model(even, weak))).toBe('clause 2 (line 5) is not valid under the model');
    expect(cvc5Rejects(even, weak)).toEqual(['clause 2 (line 5)', 'clause 4 (line 7)']);
    const notInitial = EVEN_MODEL.replace('(<= 0 x 11)', '(<= 1 x 11)');
    expect(await checkChcModel(even, model(even, notInitial))).toBe('clause 1 (line 4) is not valid under the model');
    expect(cvc5Rejects(even, notInitial)).toEqual(['clause 1 (line 4)']);
  });

  test('writing a model and reading it back gives the same interpretations', () => {
    const m = model(even, EVEN_MODEL);
    const again = model(even, modelText(even, m));
    expect(modelText(even, again)).toBe(modelText(even, m));
    expect(modelText(even, m)).toContain('(define-fun |inv x| ((x Int) (b Bool)) Bool');
  });

  test('a model file is read with located errors', () => {
    const bad: [string, RegExp][] = [
      ['(define-fun |inv x| ((x Int)) Bool true)', /takes 2 arguments, but 1 parameters are declared/],
      ['(define-fun |inv x| ((x Int) (b Int)) Bool true)', /argument 2 of 'inv x' is Bool, not Int/],
      ['(define-fun nope () Bool true)', /declares no predicate 'nope'/],
      ['(define-fun done () Bool 1)', /must be a formula, but it is Int/],
      ['(define-fun done () Bool true)', /does not interpret predicate 'inv x'/],
      ['(define-fun done () Bool true)(define-fun done () Bool false)', /interpreted twice/],
    ];
    for (const [text, message] of bad) {
      expect(() => model(even, text)).toThrow(InputError);
      expect(() => model(even, text)).toThrow(message);
    }
  });
});

describe('derivations', () => {
  const [fact, step, exit, query] = counter.clauses;
  const at = (x: number, b: boolean, y: number, c: boolean) => new Map<VarDecl, Expr>([
    [step!.vars[0]!, int(x)], [step!.vars[1]!, bool(b)], [step!.vars[2]!, int(y)], [step!.vars[3]!, bool(c)],
  ]);
  /** Steps as a chain: each body atom derived by the step before. */
  const chain = (ss: readonly Omit<DerivationStep, 'premises'>[]): DerivationStep[] => ss.map((s, i) => ({ ...s, premises: s.clause.body.length > 0 ? [i - 1] : [] }));
  const steps = chain([
    { clause: fact!, values: new Map([[fact!.vars[0]!, int(0)], [fact!.vars[1]!, bool(false)]]) },
    ...[0, 2, 4, 6, 8].map((x) => ({ clause: step!, values: at(x, x % 4 === 2, x + 2, x % 4 === 0) })),
    { clause: exit!, values: new Map([[exit!.vars[0]!, int(10)], [exit!.vars[1]!, bool(true)]]) },
    { clause: query!, values: new Map() },
  ]);

  test('a derivation written by hand replays, and prints one step per line', () => {
    expect(replayDerivation(counter, { steps })).toBeUndefined();
    const text = derivationText(counter, { steps });
    expect(text.split('\n').filter((l) => l.startsWith('(step'))).toEqual([
      '(step 1 (clause 1 4) ((x 0) (b false)) (|inv x| 0 false))',
      '(step 2 (clause 2 5) ((x 0) (b false) (y 2) (c true)) (|inv x| 2 true))',
      '(step 3 (clause 2 5) ((x 2) (b true) (y 4) (c false)) (|inv x| 4 false))',
      '(step 4 (clause 2 5) ((x 4) (b false) (y 6) (c true)) (|inv x| 6 true))',
      '(step 5 (clause 2 5) ((x 6) (b true) (y 8) (c false)) (|inv x| 8 false))',
      '(step 6 (clause 2 5) ((x 8) (b false) (y 10) (c true)) (|inv x| 10 true))',
      '(step 7 (clause 3 6) ((x 10) (b true)) done)',
      '(step 8 (clause 4 7) () false)',
    ]);
  });

  test('corrupted derivations fail their replay', () => {
    const wrongValue = steps.map((s, i) => (i === 3 ? { ...s, values: at(2, true, 5, false) } : s));
    expect(replayDerivation(counter, { steps: wrongValue })).toBe('step 4 (clause 2 (line 5)): the constraint is not true under these values');
    const wrongLink = steps.map((s, i) => (i === 3 ? { ...s, values: at(3, true, 5, false) } : s));
    expect(replayDerivation(counter, { steps: wrongLink })).toBe('step 4 (clause 2 (line 5)): argument 1 of inv x differs from the atom step 3 derived');
    expect(replayDerivation(counter, { steps: chain(steps.filter((_, i) => i !== 2)) })).toMatch(/^step 3 .*: argument 1 of inv x differs/);
    expect(replayDerivation(counter, { steps: chain(steps.slice(1)) })).toBe('step 1 (clause 2 (line 5)): the premise of body atom 1 is not an earlier step');
    expect(replayDerivation(counter, { steps: steps.map((s, i) => (i === 3 ? { ...s, premises: [] } : s)) })).toBe('step 4 (clause 2 (line 5)): 0 premises for 1 body atoms');
    expect(replayDerivation(counter, { steps: steps.slice(0, -1) })).toBe('the last step does not derive false');
    expect(replayDerivation(counter, { steps: [] })).toBe('the derivation has no step');
    const missing = steps.map((s, i) => (i === 1 ? { ...s, values: new Map([...s.values].slice(1)) } : s));
    expect(replayDerivation(counter, { steps: missing })).toBe('step 2 (clause 2 (line 5)): no value for x');
    const sort = steps.map((s, i) => (i === 0 ? { ...s, values: new Map([[fact!.vars[0]!, rat(0)], [fact!.vars[1]!, bool(false)]]) } : s));
    expect(replayDerivation(counter, { steps: sort })).toBe('step 1 (clause 1 (line 4)): the value of x is not a int literal');
    const foreign = readChc(COUNTER, 'again.smt2');
    expect(replayDerivation(foreign, { steps })).toBe(`step 1 (clause 1 (line 4)): not a clause of again.smt2`);
  });
});

/** The first step whose head has a variable argument, with that variable's value changed. */
function corrupted(d: ChcDerivation): ChcDerivation | undefined {
  const i = d.steps.findIndex((s) => s.clause.head?.args.some((a) => a.op === 'var'));
  if (i < 0) return undefined;
  const s = d.steps[i]!;
  const y = s.clause.head!.args.find((a) => a.op === 'var')!.decl!;
  const v = s.values.get(y)!;
  const changed = typeof v.value === 'boolean' ? bool(!v.value) : typeof v.value === 'bigint' ? int(v.value + 1n) : rat(7, 3);
  return { steps: d.steps.map((x, j) => (j === i ? { ...x, values: new Map([...x.values, [y, changed]]) } : x)) };
}

/** Every predicate false: a fact whose constraint can hold breaks it. */
function allFalse(system: ChcSystem, m: ChcModel): ChcModel {
  return new Map(system.predicates.map((p) => [p, { params: m.get(p)!.params, body: False }]));
}

const SAMPLE: [string, readonly string[]][] = [
  ['theta-chc-comp24/chc-comp24-LIA-Lin-002.smt2', ['cegar', 'bmc', 'kind']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-015.smt2', ['cegar', 'bmc', 'ic3']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-022.smt2', ['cegar', 'bmc', 'impact']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-040.smt2', ['bmc', 'ic3']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-203.smt2', ['cegar', 'bmc']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-012.smt2', ['cegar', 'ic3', 'impact']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-021.smt2', ['cegar', 'ic3']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-056.smt2', ['ic3', 'impact']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-123.smt2', ['cegar', 'ic3', 'impact']],
  ['theta-chc-comp24/chc-comp24-LIA-Lin-140.smt2', ['cegar', 'ic3']],
  ['chc-comp25/LIA-Lin/eldarica-misc/LIA/reve/003-horn_000.smt2', ['cegar', 'ic3']],
  ['chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/traffic_000.smt2', ['cegar', 'ic3']],
  ['chc-comp25/LIA-Lin/rust-horn/bmc-2-test-bmc-2-unsafe_000.smt2', ['cegar', 'bmc', 'ic3']],
  ['chc-comp25/LRA-Lin/vmt-chc-benchmarks/cav12/kbfiltr_simpl1.cil_000.smt2', ['cegar', 'bmc']],
  // CEGAR proves this one in 1-5 s mostly, but its Boolean predicate abstraction over 20-odd
  // predicates can take a minute when Z3's models (which vary with the context's history within one
  // process) give it other interpolants: PDR and IC3 prove it every time
  ['chc-comp25/LRA-Lin/sally-chc-benchmarks/misc/inc_cas_prop1_000.smt2', ['pdr', 'ic3']],
];

describe('engines on the development set, certified in the clauses\' terms', () => {
  const expected = new Map(chcTasks().map((t) => [t.path, t.chc === 'sat' ? 'safe' : 'unsafe']));
  const cases = SAMPLE.flatMap(([path, engines]) => engines.map((e) => [path, e] as const));

  test.each(cases)('%s with %s', async (path, engine) => {
    const problem = chcTaskProblem(path);
    const r = await checkWith(engine, problem, { ms: 60_000 });
    expect(r.verdict, r.verdict === 'unknown' ? r.reason.detail : undefined).toBe(expected.get(path));
    const { system } = problem.view;
    if (r.verdict === 'safe') {
      const text = problem.certificateText(problem.properties[0]!, r.certificate);
      const m = model(system, text);
      expect(await checkChcModel(system, m)).toBeUndefined();
      expect(cvc5Rejects(system, text)).toEqual([]);
      const broken = allFalse(system, m);
      expect(await checkChcModel(system, broken)).toMatch(/^clause \d+ \(line \d+\) is not valid under the model$/);
      expect(cvc5Rejects(system, modelText(system, broken)).length).toBeGreaterThan(0);
    } else if (r.verdict === 'unsafe') {
      const d = problem.derivationOf(r.certificate);
      expect(d.steps.length).toBe(r.certificate.kind === 'trace' ? r.certificate.trace.actions.length : -1);
      expect(replayDerivation(system, d)).toBeUndefined();
      const bad = corrupted(d);
      if (bad) expect(replayDerivation(system, bad)).toMatch(/^step \d+ \(clause \d+ \(line \d+\)\): /);
    }
  });

  const ACYCLIC = '(set-logic HORN)(declare-fun p (Int) Bool)(declare-fun q (Int) Bool)(assert (forall ((x Int)) (=> (> x 0) (p x))))'
    + '(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (+ x 1))) (q y))))(assert (forall ((x Int)) (=> (and (q x) (< x 0)) false)))';
  // k-induction's proofs on CHC tasks lean on its auxiliary invariants, whose timing decides k and
  // whether a simple-path constraint was needed; BMC's exhausted unrolling is the same every run
  test('BMC\'s exhausted unrolling: its k-inductive invariant is strengthened into a model', async () => {
    const problem = chcProblem('k.smt2', Buffer.from(ACYCLIC), readChc(ACYCLIC, 'k.smt2'));
    const r = await checkWith('bmc', problem);
    expect(r.verdict).toBe('safe');
    if (r.verdict !== 'safe') return;
    expect(r.certificate.kind).toBe('invariant');
    expect(r.stats.strengthenedFromK).toBeGreaterThan(1);
    const text = problem.certificateText(problem.properties[0]!, r.certificate);
    const { system } = problem.view;
    expect(await checkChcModel(system, model(system, text))).toBeUndefined();
    expect(cvc5Rejects(system, text)).toEqual([]);
  });

  test('a k-inductive invariant that is not strengthened is no model: the certificate file says so and shows it in comments', () => {
    const problem = chcProblem('acyclic.smt2', Buffer.from(ACYCLIC), readChc(ACYCLIC, 'acyclic.smt2'));
    const view = problem.task(problem.properties[0]!).model;
    const c: Certificate = { kind: 'k-invariant', k: 4, simplePath: true, invariant: new Map(view.locations.map((l) => [l, l === view.errorLoc ? False : True])) };
    expect(problem.modelOf(c)).toBeUndefined();
    const text = problem.certificateText(problem.properties[0]!, c);
    expect(text.split('\n').filter((l) => l !== '').every((l) => l.startsWith('; '))).toBe(true);
    expect(text).toMatch(/^; No model of the clauses of acyclic\.smt2: vigil proved them sat \(false is not derivable\) by\n; 4-induction/);
    expect(text).toContain('; (define-fun q ((x0 Int)) Bool true)');
  });
});

describe('the claims of an answer, checked by the checks\' table', () => {
  test('sat: the CFA view\'s invariant and the model as written; a model text that fails or does not read back fails its check', async () => {
    const problem = chcTaskProblem('theta-chc-comp24/chc-comp24-LIA-Lin-012.smt2');
    const p = problem.properties[0]!;
    const r = await checkWith('ic3', problem);
    expect(r.verdict).toBe('safe');
    const claims = problem.claims(p, r as Answer);
    expect(claims.map((c) => c.kind)).toEqual(['invariant', 'chc-model']);
    const claim = claims[1] as Claim & { kind: 'chc-model' };
    expect(claimName(claim)).toBe('model of the clauses');
    expect(await checkClaim(claim)).toBeUndefined();
    const { system } = problem.view;
    const broken = modelText(system, allFalse(system, model(system, claim.text)));
    expect(await checkClaim({ ...claim, text: broken })).toMatch(/^clause \d+ \(line \d+\) is not valid under the model$/);
    expect(await checkClaim({ ...claim, text: '(define-fun nope () Bool true)' })).toMatch(/^the model does not read back: .*declares no predicate 'nope'/);
  });

  test('unsat: the CFA view\'s trace and the derivation; a derivation with a wrong value fails its check', async () => {
    const problem = chcTaskProblem('theta-chc-comp24/chc-comp24-LIA-Lin-015.smt2');
    const p = problem.properties[0]!;
    const r = await checkWith('bmc', problem);
    expect(r.verdict).toBe('unsafe');
    const claims = problem.claims(p, r as Answer);
    expect(claims.map((c) => c.kind)).toEqual(['trace', 'chc-derivation']);
    const claim = claims[1] as Claim & { kind: 'chc-derivation' };
    expect(claimName(claim)).toBe('derivation of false');
    expect(await checkClaim(claim)).toBeUndefined();
    expect(await checkClaim({ ...claim, derivation: corrupted(claim.derivation)! })).toMatch(/^step \d+ \(clause \d+ \(line \d+\)\): /);
  });
});
