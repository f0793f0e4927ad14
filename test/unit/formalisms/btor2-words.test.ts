/**
 * The word-level view of BTOR2 models: every operator translated to Vigil's expressions and
 * evaluated by the real Z3 agrees with the BTOR2 simulator on random values at widths 1 to 65
 * (with the corner values division, shifts and overflow care about), arrays included; and BMC on
 * the views of the unit models finds the known counterexamples, whose traces, written as btorsim
 * witnesses, pass the witness check.
 */
import { describe, expect, it } from 'vitest';
import { False, True, and, arrayLit, bv, eq, not, substitute, type Expr, type VarDecl } from '../../../lang/expr.js';
import { evaluate } from '../../../lang/eval.js';
import { bvType } from '../../../lang/types.js';
import { OPERATORS, type Operator } from '../../../formalisms/frontends/btor2/model.js';
import { parseBtor2 } from '../../../formalisms/frontends/btor2/reader.js';
import { Simulation, arrayOf, type Value } from '../../../formalisms/frontends/btor2/simulate.js';
import { WordLevel, runOfTrace } from '../../../formalisms/frontends/btor2/words.js';
import { printWitness, parseWitness } from '../../../formalisms/frontends/btor2/witness.js';
import { checkBtor2Witness } from '../../../certificates/btor2-witness.js';
import { stsInterpreter } from '../../../formalisms/sts-semantics.js';
import { replay } from '../../../formalisms/trace.js';
import { bmc } from '../../../engines/bmc.js';
import { mulberry32 } from '../../../bench/random.js';
import { testSolver } from '../../support/z3.js';
import { btor2Manifest, readBtor2 } from '../../support/btor2-corpus.js';
import { testContext } from '../../support/z3.js';

const z3 = testContext();

const smt = testSolver();

/** Random words of width w, mostly corner values: 0, 1, all ones, the signed extremes, and their neighbours. */
function sampler(seed: number) {
  const rnd = mulberry32(seed);
  return (w: number): bigint => {
    const W = BigInt(w);
    const corners = [0n, 1n, (1n << W) - 1n, 1n << (W - 1n), (1n << (W - 1n)) - 1n, W, W - 1n, 2n];
    if (rnd() < 0.4) return BigInt.asUintN(w, corners[Math.floor(rnd() * corners.length)]!);
    let x = 0n;
    for (let i = 0; i < w; i += 30) x = (x << 30n) | BigInt(Math.floor(rnd() * 2 ** 30));
    // now and then a small number, where division and shifts do interesting things
    return BigInt.asUintN(w, rnd() < 0.3 ? x % (W + 3n) : x);
  };
}

/** The model `6 op` over two inputs of width w, with its result sort. */
function opModel(op: Operator, w: number) {
  const kind = OPERATORS[op];
  const result = kind === 'predicate' || kind === 'reduction' || kind === 'equality' || kind === 'boolean' ? 2 : kind === 'concat' ? 3 : 1;
  const args = kind === 'unary' || kind === 'reduction' || kind === 'extension' || kind === 'slice' ? '4' : '4 5';
  const params = op === 'uext' || op === 'sext' ? ` ${w}` : op === 'slice' ? ` ${w - 1} ${Math.floor((w - 1) / 2)}` : '';
  const sort = op === 'uext' || op === 'sext' ? 3 : op === 'slice' ? 6 : result;
  const sliceSort = `6 sort bitvec ${w - Math.floor((w - 1) / 2)}\n`;
  return parseBtor2(`1 sort bitvec ${w}\n2 sort bitvec 1\n3 sort bitvec ${2 * w}\n4 input 1\n5 input 1\n${sliceSort}7 ${op} ${sort} ${args}${params}\n`, `${op}.btor2`);
}

const BITVEC_OPERATORS = (Object.keys(OPERATORS) as Operator[]).filter((op) => !['read', 'write', 'ite'].includes(op) && OPERATORS[op] !== 'boolean');

describe('operators: the simulator and Z3 agree', () => {
  const WIDTHS = Array.from({ length: 65 }, (_, k) => k + 1);
  const SAMPLES = 6;

  it(`${BITVEC_OPERATORS.length} bit-vector operators at widths 1 to 65, ${SAMPLES} random argument pairs each`, () => {
    const random = sampler(65);
    const wrong: string[] = [];
    for (const op of BITVEC_OPERATORS) {
      for (const w of WIDTHS) {
        const model = opModel(op, w);
        const words = new WordLevel(model);
        const [va, vb] = [words.variable(4), words.variable(5)];
        const sim = new Simulation(model);
        const claims: { a: bigint; b: bigint; expected: bigint; claim: Expr }[] = [];
        for (let k = 0; k < SAMPLES; k++) {
          const a = random(w);
          const b = random(w);
          sim.advance({ inputs: new Map([[0, a], [1, b]]), states: new Map() });
          const expected = sim.value(7) as bigint;
          const e = substitute(words.word(7), new Map<VarDecl, Expr>([[va, bv(a, w)], [vb, bv(b, w)]]));
          claims.push({ a, b, expected, claim: eq(e, bv(expected, (model.nodes.get(7)!.sort as { width: number }).width)) });
        }
        if (smt.solver.check([not(and(...claims.map((c) => c.claim)))]) === 'unsat') continue;
        for (const c of claims) {
          if (smt.solver.check([not(c.claim)]) !== 'unsat') wrong.push(`${op} at width ${w} on ${c.a}, ${c.b}: the simulator gives ${c.expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('iff and implies, and ite on words and on Booleans', () => {
    const model = parseBtor2('1 sort bitvec 1\n2 sort bitvec 7\n3 input 1\n4 input 1\n5 iff 1 3 -4\n6 implies 1 -3 4\n7 input 2\n8 ite 2 5 7 -7\n9 ult 1 7 7\n10 ite 1 6 9 -9\n', 'b.btor2');
    const words = new WordLevel(model);
    const sim = new Simulation(model);
    for (const [a, b, x] of [[0n, 0n, 5n], [0n, 1n, 0n], [1n, 0n, 127n], [1n, 1n, 64n]] as const) {
      sim.advance({ inputs: new Map([[0, a], [1, b], [2, x]]), states: new Map() });
      const vals = new Map<VarDecl, Expr>([[words.variable(3), bv(a, 1)], [words.variable(4), bv(b, 1)], [words.variable(7), bv(x, 7)]]);
      for (const id of [5, 6, 8, 10]) {
        const w = (model.nodes.get(id)!.sort as { width: number }).width;
        expect(smt.solver.check([not(eq(substitute(words.word(id), vals), bv(sim.value(id) as bigint, w)))]), `node ${id} on ${a} ${b} ${x}`).toBe('unsat');
      }
    }
  });

  it('arrays: read, write, equality and constant initial arrays', () => {
    const model = parseBtor2(
      '1 sort bitvec 2\n2 sort bitvec 3\n3 sort array 1 2\n4 sort bitvec 1\n5 state 3 a\n6 state 3 b\n7 input 1 i\n8 input 2 v\n'
      + '9 write 3 5 7 8\n10 read 2 9 7\n11 read 2 5 7\n12 eq 4 9 6\n13 neq 4 5 6\n14 write 3 6 -7 -8\n15 eq 4 14 9\n', 'arr.btor2');
    const words = new WordLevel(model);
    const sim = new Simulation(model);
    const random = sampler(7);
    const rnd = mulberry32(8);
    const literal = (v: Value): Expr => {
      const arr = v as { dflt: bigint; entries: ReadonlyMap<bigint, bigint> };
      return arrayLit(bvType(2), [...arr.entries].map(([i, x]) => [bv(i, 2), bv(x, 3)] as const), bv(arr.dflt, 3));
    };
    for (let k = 0; k < 60; k++) {
      const arr = () => arrayOf(random(3), Array.from({ length: Math.floor(rnd() * 5) }, () => [random(2), random(3)] as const));
      const [a, b, i, v] = [arr(), arr(), random(2), random(3)];
      sim.advance({ inputs: new Map([[0, i], [1, v]]), states: new Map([[0, a], [1, b]]) });
      const vals = new Map<VarDecl, Expr>([[words.variable(5), literal(a)], [words.variable(6), literal(b)], [words.variable(7), bv(i, 2)], [words.variable(8), bv(v, 3)]]);
      for (const id of [10, 11, 12, 13, 15]) {
        const w = (model.nodes.get(id)!.sort as { width: number }).width;
        expect(smt.solver.check([not(eq(substitute(words.word(id), vals), bv(sim.value(id) as bigint, w)))]), `node ${id}, sample ${k}`).toBe('unsat');
      }
    }
  });
});

/**
 * Z3 takes a minute to find constarrfalse's counterexample at step 16 (the unsatisfiable steps
 * before it take 4 s in all), so word-level BMC stops short of it here; the bit-blasted circuit
 * finds it (test/unit/formalisms/btor2-blast.test.ts). BMC on array models goes to a smaller bound.
 */
const DEEP_ARRAY_BUG = 'unit/pono/constarrfalse.btor2';

describe('array values in traces', () => {
  it('are one array when their entries cover every index, whatever their defaults (as in Z3)', () => {
    const t = bvType(1);
    const ones = arrayLit(t, [], bv(1, 1));
    const covered = arrayLit(t, [[bv(0, 1), bv(1, 1)], [bv(1, 1), bv(1, 1)]], bv(0, 1));
    const half = arrayLit(t, [[bv(0, 1), bv(1, 1)]], bv(0, 1));
    expect(evaluate(eq(ones, covered), () => undefined)).toBe(True);
    expect(evaluate(eq(ones, half), () => undefined)).toBe(False);
    expect(smt.solver.check([not(eq(ones, covered))])).toBe('unsat');
  });
});

describe('BMC on the word-level views of the unit models', () => {
  const units = btor2Manifest().filter((m) => m.path.startsWith('unit/'));
  for (const m of units) {
    it(`${m.path} (${m.expected})`, () => {
      const model = readBtor2(m.path);
      const words = new WordLevel(model);
      const verdicts: string[] = [];
      for (let bad = 0; bad < model.bads.length; bad++) {
        const view = words.view(bad, m.path);
        const interpreter = stsInterpreter(view.sts, 'sts', view.inputs.filter((v): v is VarDecl => v !== undefined));
        const arrays = model.states.some((s) => s.node.sort.kind === 'array');
        const r = bmc(interpreter, { z3: z3(), bound: arrays ? 12 : 20, deadline: Date.now() + 30_000 });
        verdicts.push(r.verdict);
        if (m.expected === 'safe') expect(r.verdict, `b${bad}`).not.toBe('unsafe');
        if (r.verdict !== 'unsafe') continue;
        if (r.certificate.kind !== 'trace') throw new Error('word-level BMC gives traces');
        const trace = r.certificate.trace;
        expect(replay(interpreter, trace)).toBeUndefined();
        const witness = printWitness(model, bad, runOfTrace(model, view, trace.states));
        expect(checkBtor2Witness(model, parseWitness(witness, 'bmc.wit'), bad), witness).toBeUndefined();
      }
      // factorial4even: b0 is reached, b1 never
      if (m.expected === 'unsafe' && m.path !== DEEP_ARRAY_BUG) expect(verdicts).toContain('unsafe');
    });
  }
});
