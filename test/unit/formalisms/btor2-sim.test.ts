/**
 * The BTOR2 simulator and btorsim witnesses: the operators where btorsim's semantics is not the
 * obvious one, hand-written witnesses of the unit models replayed by the witness check (and
 * corrupted ones refused), the witness writer read back, and malformed witnesses refused at their
 * line.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../lang/errors.js';
import { OPERATORS, type Operator } from '../../../formalisms/frontends/btor2/model.js';
import { parseBtor2 } from '../../../formalisms/frontends/btor2/reader.js';
import { Simulation, arrayOf, type Value } from '../../../formalisms/frontends/btor2/simulate.js';
import { parseWitness, printWitness, witnessRun } from '../../../formalisms/frontends/btor2/witness.js';
import { checkBtor2Witness } from '../../../certificates/btor2-witness.js';
import { readBtor2 } from '../../support/btor2-corpus.js';

/** The value of `op` on words `a` and `b` of width `w`, by the simulator. */
function apply(op: Operator, w: number, a: bigint, b = 0n): bigint {
  const kind = OPERATORS[op];
  const out = kind === 'predicate' || kind === 'reduction' || kind === 'equality' || kind === 'boolean' ? 2 : kind === 'concat' ? 3 : 1;
  const args = kind === 'unary' || kind === 'reduction' ? '4' : '4 5';
  const model = parseBtor2(`1 sort bitvec ${w}\n2 sort bitvec 1\n3 sort bitvec ${2 * w}\n4 input 1\n5 input 1\n6 ${op} ${out} ${args}\n`, 'op.btor2');
  const sim = new Simulation(model);
  sim.advance({ inputs: new Map([[0, a], [1, b]]), states: new Map() });
  return sim.value(6) as bigint;
}

const s8 = (x: number) => BigInt.asUintN(8, BigInt(x));

describe('operators as btorsim computes them', () => {
  it.each([
    ['udiv by zero is all ones', 'udiv', 8, 77n, 0n, 255n],
    ['urem by zero is the dividend', 'urem', 8, 77n, 0n, 77n],
    ['sdiv by zero: -1 for a non-negative dividend', 'sdiv', 8, 7n, 0n, 255n],
    ['sdiv by zero: 1 for a negative dividend', 'sdiv', 8, s8(-7), 0n, 1n],
    ['sdiv rounds towards zero', 'sdiv', 8, s8(-7), 2n, s8(-3)],
    ['sdiv of the most negative number by -1 wraps', 'sdiv', 8, 128n, 255n, 128n],
    ['srem takes the dividend\'s sign', 'srem', 8, s8(-7), 2n, s8(-1)],
    ['srem by zero is the dividend', 'srem', 8, s8(-7), 0n, s8(-7)],
    ['smod takes the divisor\'s sign', 'smod', 8, s8(-7), 2n, 1n],
    ['smod with a negative divisor', 'smod', 8, 7n, s8(-2), s8(-1)],
    ['smod by zero is the dividend', 'smod', 8, s8(-7), 0n, s8(-7)],
    ['sll by the width is 0', 'sll', 8, 255n, 8n, 0n],
    ['srl by more than the width is 0', 'srl', 8, 255n, 200n, 0n],
    ['sra by the width is the sign', 'sra', 8, 128n, 9n, 255n],
    ['sra of a positive word', 'sra', 8, 64n, 3n, 8n],
    ['rol goes by the amount modulo the width', 'rol', 8, 0b10000001n, 9n, 0b00000011n],
    ['ror', 'ror', 8, 0b10000001n, 1n, 0b11000000n],
    ['uaddo', 'uaddo', 8, 200n, 56n, 1n],
    ['saddo', 'saddo', 8, 100n, 28n, 1n],
    ['usubo is a borrow', 'usubo', 8, 3n, 4n, 1n],
    ['ssubo', 'ssubo', 8, 128n, 1n, 1n],
    ['umulo', 'umulo', 4, 2n, 12n, 1n],
    ['smulo: 2 * -4 fits 4 bits', 'smulo', 4, 2n, 12n, 0n],
    ['smulo of 1-bit -1 * -1', 'smulo', 1, 1n, 1n, 1n],
    ['sdivo', 'sdivo', 8, 128n, 255n, 1n],
    ['redxor', 'redxor', 8, 0b10110000n, 0n, 1n],
    ['concat puts the first argument high', 'concat', 4, 0b1010n, 0b0011n, 0b10100011n],
    ['neg', 'neg', 8, 1n, 0n, 255n],
    ['dec wraps', 'dec', 8, 0n, 0n, 255n],
  ] as const)('%s', (_, op, w, a, b, expected) => {
    expect(apply(op, w, a, b)).toBe(expected);
  });

  it('reads arrays as maps with a default, and compares them by their elements', () => {
    const model = parseBtor2('1 sort bitvec 1\n2 sort array 1 1\n3 state 2 a\n4 state 2 b\n5 eq 1 3 4\n6 input 1\n7 write 2 3 6 6\n8 read 1 7 6\n', 'a.btor2');
    const sim = new Simulation(model);
    const run = (a: Value, b: Value, i: bigint) => {
      sim.advance({ inputs: new Map([[0, i]]), states: new Map([[0, a], [1, b]]) });
      return [sim.value(5), sim.value(8)];
    };
    // all ones, as a default or as entries, is one array
    expect(run(arrayOf(1n, []), arrayOf(0n, [[0n, 1n], [1n, 1n]]), 1n)).toEqual([1n, 1n]);
    expect(run(arrayOf(1n, []), arrayOf(0n, [[0n, 1n]]), 0n)).toEqual([0n, 0n]);
  });
});

describe('btorsim witnesses of the unit models', () => {
  const frames = (n: number, input = '') => Array.from({ length: n }, (_, k) => `@${k}\n${input}`).join('');
  it.each([
    ['count2 reaches 7 at step 7', 'unit/btor2tools/count2.btor2', 0, `sat\nb0\n#0\n${frames(8)}.\n`],
    ['factorial4even reaches i = 15 at step 14', 'unit/btor2tools/factorial4even.btor2', 0, `sat\nb0\n#0\n${frames(15)}.\n`],
    ['recount4 counts to 15 when enabled', 'unit/btor2tools/recount4.btor2', 0, `sat\nb0\n#0\n${frames(16, '0 1 enable\n1 0 reset\n')}.\n`],
    ['noninitstate starts two free states apart and flips one', 'unit/btor2tools/noninitstate.btor2', 0, 'sat\nb0\n#0\n0 0 state0#0\n1 1 state1#0\n@0\n0 0\n@1\n0 0\n.\n'],
    ['twocount2c counts a and b in turns', 'unit/btor2tools/twocount2c.btor2', 0, `sat\nb0\n${[0, 1, 2, 3, 4, 5, 6].map((k) => `@${k}\n0 ${k % 2 ? 0 : 1}\n1 ${k % 2}\n`).join('')}.\n`],
    ['array_neq: two free arrays differ', 'unit/pono/array_neq.btor2', 0, 'sat\nb0\n#0\n0 [01] 00000001\n@0\n.\n'],
    ['mulo-test: 2 * 12 overflows unsigned, not signed', 'unit/pono/mulo-test.btor2', 0, 'sat\nb0\n#0\n0 0010\n1 1100\n@0\n.\n'],
    ['state2input: a state without next is free after step 0', 'unit/pono/state2input.btor', 0, 'sat\nb0\n#0\n@0\n0 0000\n#1\n0 0001\n@1\n0 0000\n.\n'],
    ['constarrfalse: elem written at x = 0, read back when x wraps', 'unit/pono/constarrfalse.btor2', 0, `sat\nb0\n#0\n1 0000\n2 00000001\n${frames(17).replace(/@(\d+)\n/g, (m, k) => (k === '0' ? m : `#${k}\n2 00000000\n${m}`))}.\n`],
    ['input-in-bad: the input at step 0', 'unit/pono/input-in-bad.btor2', 0, 'sat\nb0\n@0\n0 1\n.\n'],
  ] as const)('%s', (_, path, bad, text) => {
    const model = readBtor2(path);
    expect(checkBtor2Witness(model, parseWitness(text, 'w.wit'), bad)).toBeUndefined();
    // written back and read again, the run is the same witness
    const again = printWitness(model, bad, witnessRun(model, parseWitness(text, 'w.wit')));
    expect(checkBtor2Witness(model, parseWitness(again, 'again.wit'), bad)).toBeUndefined();
  });

  it.each([
    ['a property it does not claim', 'unit/btor2tools/count2.btor2', 0, `sat\nb1\n#0\n${frames(8)}.\n`, /does not claim b0/],
    ['too few steps', 'unit/btor2tools/count2.btor2', 0, `sat\nb0\n#0\n${frames(7)}.\n`, /b0 is not reached in the witness's 7 steps/],
    ['the unreachable b1 of factorial4even', 'unit/btor2tools/factorial4even.btor2', 1, `sat\nb1\n#0\n${frames(20)}.\n`, /b1 is not reached/],
    ['an initial value that contradicts init', 'unit/btor2tools/count2.btor2', 0, `sat\nb0\n#0\n0 011\n${frames(5)}.\n`, /step 0: state 0 .* determined by its init, and the model gives 0, the witness 11/],
    ['a next value that contradicts next', 'unit/btor2tools/count2.btor2', 0, `sat\nb0\n#0\n@0\n#1\n0 111\n@1\n.\n`, /step 1: .* determined by its next/],
    ['a broken constraint', 'unit/btor2tools/twocount2c.btor2', 0, `sat\nb0\n${frames(8, '0 1\n1 1\n')}.\n`, /step 0: constraint 23 \(line 23\) does not hold/],
    ['the input-in-bad input after step 0', 'unit/pono/input-in-bad.btor2', 0, 'sat\nb0\n@0\n0 0\n@1\n0 1\n.\n', /step 1: constraint/],
    ['a value of the wrong width', 'unit/pono/input-in-bad.btor2', 0, 'sat\nb0\n@0\n0 11\n.\n', /input 0 has width 1, the value has 2 bits/],
    ['an input that does not exist', 'unit/btor2tools/count2.btor2', 0, 'sat\nb0\n@0\n0 1\n.\n', /input 0 does not exist: the model has 0 inputs/],
  ] as const)('refuses %s', (_, path, bad, text, message) => {
    expect(checkBtor2Witness(readBtor2(path), parseWitness(text, 'w.wit'), bad)).toMatch(message);
  });

  it('refuses malformed witnesses at their line', () => {
    const lineOf = (text: string) => {
      try {
        parseWitness(text, 'w.wit');
      } catch (e) {
        if (e instanceof InputError) return [e.line, e.reason];
        throw e;
      }
      return undefined;
    };
    expect(lineOf('unsat\n')).toEqual([1, "expected 'sat', the header of a witness, found 'unsat'"]);
    expect(lineOf('sat\nb0 x\n@0\n.\n')).toEqual([2, "expected the properties the witness violates (b0, j1, ...), found 'x'"]);
    expect(lineOf('sat\nb0\n@1\n.\n')).toEqual([3, "expected the input part '@0' of frame 0, found '@1'"]);
    expect(lineOf('sat\nb0\n@0\n0 2\n.\n')?.[0]).toBe(4);
    expect(lineOf('sat\nb0\n@0\n')).toEqual([4, "the witness ends without '.'"]);
    expect(lineOf('; by hand\nsat\nb0\n#0\n; none\n@0\n.\n')).toBeUndefined();
  });
});
