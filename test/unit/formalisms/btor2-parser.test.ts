/**
 * The BTOR2 reader: the reference parser's 67 conformance tests (accept or reject, and the line of a
 * rejection), every model of the development set, located errors for malformed lines, and a
 * mutation fuzz of corpus files (random byte and token edits) that must give a model or an
 * InputError, never anything else.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../lang/errors.js';
import { parseBtor2 } from '../../../formalisms/frontends/btor2/reader.js';
import { mulberry32 } from '../../../bench/random.js';
import { BTOR2_DIR, btor2Manifest, readBtor2 } from '../../support/btor2-corpus.js';

const TESTS = `${BTOR2_DIR}parser-tests/`;

function errorOf(text: string, file = 'bad.btor2'): InputError {
  try {
    parseBtor2(text, file);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the reference parser\'s conformance tests', () => {
  const names = readdirSync(TESTS).filter((f) => f.endsWith('.in')).map((f) => f.slice(0, -3)).sort();

  it('are 67: 14 accepted, 53 rejected', () => {
    const outs = names.map((n) => readFileSync(`${TESTS}${n}.out`, 'utf8'));
    expect(names.length).toBe(67);
    expect(outs.filter((o) => o.startsWith('*** catbtor: parse error')).length).toBe(53);
  });

  for (const name of names) {
    const out = readFileSync(`${TESTS}${name}.out`, 'utf8');
    const rejected = /^\*\*\* catbtor: parse error in '[^']*' line (\d+): (.*)/.exec(out);
    it(`${name}: ${rejected ? `rejected on line ${rejected[1]} (${rejected[2]})` : 'accepted'}`, () => {
      const text = readFileSync(`${TESTS}${name}.in`, 'utf8');
      if (!rejected) {
        expect(() => parseBtor2(text, `${name}.in`)).not.toThrow();
        return;
      }
      const e = errorOf(text, `${name}.in`);
      // The reference counts a line end it has read as the start of the next line: where a line
      // ends too early it reports the next line, where Vigil points at the end of the short line.
      const lineText = text.split('\n')[e.line - 1] ?? '';
      const atLineEnd = e.column === lineText.length + 1;
      expect(atLineEnd ? [e.line, e.line + 1] : [e.line]).toContain(Number(rejected[1]));
    });
  }
});

describe('the development set', () => {
  const models = btor2Manifest();

  it('lists 123 models', () => {
    expect(models.length).toBe(123);
  });

  it('parses every model', () => {
    for (const m of models) {
      const model = readBtor2(m.path);
      expect(model.bads.length, m.path).toBeGreaterThan(0);
    }
  });

  it('reads the counts the manifest notes give (bads, constraints, states, inputs)', () => {
    const rows = readFileSync(`${BTOR2_DIR}manifest.csv`, 'utf8').trim().split('\n').slice(1);
    for (const row of rows) {
      const path = row.slice(0, row.indexOf(','));
      const notes = /bad=(\d+); constraints=(\d+); states=(\d+) \((\d+) without init(?:; (\d+) without next)?\); inputs=(\d+)/.exec(row);
      if (!notes) continue;
      const m = readBtor2(path);
      const [, bads, constraints, states, noInit, noNext, inputs] = notes.map(Number);
      expect([m.bads.length, m.constraints.length, m.states.length, m.states.filter((s) => s.init === undefined).length, m.inputs.length], path)
        .toEqual([bads, constraints, states, noInit, inputs]);
      if (!Number.isNaN(noNext)) expect(m.states.filter((s) => s.next === undefined).length, path).toBe(noNext);
    }
  });

  it('reads factorial4even: sorts, symbols, init and next, two bad properties in file order', () => {
    const m = readBtor2('unit/btor2tools/factorial4even.btor2');
    expect(m.states.map((s) => s.node.symbol)).toEqual(['factorial', 'i']);
    expect(m.states.map((s) => [s.init, s.next])).toEqual([[2, 8], [2, 7]]);
    expect(m.bads.map((b) => b.arg)).toEqual([13, 18]);
    expect(m.nodes.get(16)!.value).toBe(3n);
    expect(m.nodes.get(15)!.params).toEqual([0, 0]);
  });
});

describe('BTOR2 lines', () => {
  const head = '1 sort bitvec 8\n2 sort bitvec 1\n3 sort array 1 1\n';
  it.each([
    ['constants in every base', '4 const 1 10000001\n5 constd 1 -1\n6 consth 1 Ff\n7 constd 1 255\n8 constd 1 -128\n', [[4, 129n], [5, 255n], [6, 255n], [7, 255n], [8, 128n]]],
    ['zero, one and ones', '4 zero 1\n5 one 1\n6 ones 1\n', [[4, 0n], [5, 1n], [6, 255n]]],
  ] as const)('%s', (_, body, values) => {
    const m = parseBtor2(head + body, 'ok.btor2');
    for (const [id, v] of values) expect(m.nodes.get(id)!.value).toBe(v);
  });

  it('reads symbols, comments after them, indented lines and CRLF line ends', () => {
    const m = parseBtor2(`${head}   4 input 1 in.x[3] ; a comment\r\n5 state 3 mem\n; done\n`, 'ok.btor2');
    expect(m.inputs[0]!.symbol).toBe('in.x[3]');
    expect(m.states[0]!.node.symbol).toBe('mem');
  });

  it('reads every statement: init with a constant element, next, bad, constraint, output, fair, justice', () => {
    const m = parseBtor2(`${head}4 zero 1\n5 state 3\n6 init 3 5 4\n7 input 2\n8 state 2\n9 next 2 8 -7\n10 bad 8 b\n11 constraint -7\n12 output 4\n13 fair 7\n14 justice 2 7 -8\n`, 'ok.btor2');
    expect(m.states.map((s) => [s.init, s.next])).toEqual([[4, undefined], [undefined, -7]]);
    expect(m.bads).toMatchObject([{ id: 10, arg: 8, symbol: 'b' }]);
    expect([m.constraints[0]!.arg, m.outputs[0]!.arg, m.fairs[0]!.arg, m.justices[0]!.args]).toEqual([-7, 4, 7, [7, -8]]);
  });

  it.each([
    ['a width mismatch', '4 input 1\n5 input 2\n6 add 1 4 5\n', 6, 11, /different widths: bitvec 8 and bitvec 1/],
    ['a comparison of the wrong result width', '4 input 1\n5 ult 1 4 4\n', 5, 7, /'ult' gives bitvec 1, but its sort is bitvec 8/],
    ['a slice past the width', '4 input 1\n5 slice 2 4 8 8\n', 5, 13, /upper bit index 8 is out of range for an argument of width 8/],
    ['a slice of the wrong width', '4 input 1\n5 slice 1 4 3 0\n', 5, 9, /'slice' gives bitvec 4 \(bits 3 down to 0\)/],
    ['an extension of the wrong width', '4 input 2\n5 uext 1 4 3\n', 5, 8, /'uext' gives bitvec 4 \(1 bits extended by 3\)/],
    ['an ite condition wider than 1', '4 input 1\n5 ite 1 4 4 4\n', 5, 9, /condition of 'ite' must be bitvec 1/],
    ['a read of a bit-vector', '4 input 1\n5 read 1 4 4\n', 5, 10, /first argument of 'read' must be an array/],
    ['a write of the wrong element', '4 state 3\n5 input 2\n6 write 3 4 5 4\n', 6, 13, /the index has sort bitvec 1/],
    ['a negated array', '4 state 3\n5 eq 2 -4 4\n', 5, 8, /negates an array/],
    ['an unknown operator', '4 input 1\n5 adc 1 4 4\n', 5, 3, /unknown tag 'adc'/],
    ['a bad of width 8', '4 input 1\n5 bad 4\n', 5, 7, /'bad' needs a bit-vector of width 1, and 4 has sort bitvec 8/],
    ['a next for an input', '4 input 1\n5 next 1 4 4\n', 5, 10, /first argument of 'next' must be a state/],
    ['an init from an input', '4 input 1\n5 add 1 4 4\n6 state 1\n7 init 1 6 5\n', 7, 12, /depends on an input/],
    ['an init with a later id', '4 state 1\n5 zero 1\n6 init 1 4 5\n', 6, 12, /must have an id below the state's 4/],
    ['two inits', '4 zero 1\n5 state 1\n6 init 1 5 4\n7 init 1 5 4\n', 7, 1, /initialised twice: also on line 6/],
    ['an array init with a non-constant element', '4 input 2\n5 state 3\n6 init 3 5 4\n', 6, 12, /needs a constant/],
    ['a constant too wide', '4 const 1 101\n', 4, 11, /has 3 digits, but its sort is bitvec 8/],
    ['a decimal constant too large', '4 constd 1 256\n', 4, 12, /256 does not fit in bitvec 8/],
    ['a negative constant too small', '4 constd 1 -129\n', 4, 12, /-129 does not fit in bitvec 8/],
    ['a hexadecimal constant too large', '4 consth 2 2\n', 4, 12, /does not fit in bitvec 1/],
    ['a bad digit in a constant', '4 const 1 0000000x\n', 4, 18, /unexpected 'x' in the binary constant/],
    ['an array of arrays', '4 sort array 1 3\n5 state 4\n', 5, 9, /arrays of arrays/],
    ['a missing final line end', '4 input 1', 4, 10, /ends without a line end/],
    ['a missing argument at the end of the file', '4 input 1\n5 not 1', 5, 8, /'not' takes one argument, but the line ends after the sort/],
    ['a leading zero in a width', '4 sort bitvec 08\n', 4, 15, /leading zero/],
    ['a width above what Vigil handles', '4 sort bitvec 100000000\n', 4, 15, /above the 16777216 bits Vigil handles/],
  ] as const)('refuses %s, at its place', (_, body, line, column, message) => {
    const e = errorOf(head + body);
    expect(e.reason).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
    expect(e.render()).toContain('^');
  });
});

// ---------------------------------------------------------------- the mutation fuzz

/** Small models of every kind: the unit models and the smaller HWMCC ones. */
const FUZZED = btor2Manifest().map((m) => m.path).filter((p) => p.startsWith('unit/') || /(cal4|gen21|shift_register_top_w32_d8_e0|mul2|easy_zero_array|array_swap|simple-stack-pred1|marlann_compute_fail1-p0)\.btor/.test(p));

const ALPHABET = ['0', '1', '9', ' ', '-', '\n', '\t', ';', 'a', 'x', '\r', '\u00e9', '2147483648', '99999999999999', 'sort', 'array', 'bitvec'];
const TAGS = ['sort', 'input', 'state', 'init', 'next', 'bad', 'constraint', 'fair', 'justice', 'output', 'const', 'constd', 'consth',
  'zero', 'one', 'ones', 'not', 'neg', 'redor', 'uext', 'slice', 'eq', 'ugt', 'add', 'mul', 'sdiv', 'concat', 'read', 'ite', 'write', 'smulo'];

/** One random edit of `text`: a byte replaced, inserted or deleted, a number or tag changed, a line deleted or duplicated. */
function mutate(text: string, rnd: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const at = Math.floor(rnd() * text.length);
  switch (Math.floor(rnd() * 7)) {
    case 0: return text.slice(0, at) + pick(ALPHABET) + text.slice(at + 1);
    case 1: return text.slice(0, at) + pick(ALPHABET) + text.slice(at);
    case 2: return text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 3));
    case 3: {
      // a number: another small number, 0, or the number plus or minus one
      const re = /-?\d+/g;
      const found = [...text.matchAll(re)];
      if (!found.length) return text;
      const m = pick(found);
      const n = Number(m[0]);
      const to = pick([String(n + 1), String(n - 1), '0', String(Math.floor(rnd() * 40)), `-${Math.abs(n)}`, '1']);
      return text.slice(0, m.index) + to + text.slice(m.index! + m[0].length);
    }
    case 4: {
      const found = [...text.matchAll(/ [a-z]+ /g)];
      if (!found.length) return text;
      const m = pick(found);
      return `${text.slice(0, m.index)} ${pick(TAGS)} ${text.slice(m.index! + m[0].length)}`;
    }
    case 5: {
      const lines = text.split('\n');
      lines.splice(Math.floor(rnd() * lines.length), 1);
      return lines.join('\n');
    }
    default: {
      const lines = text.split('\n');
      const k = Math.floor(rnd() * lines.length);
      lines.splice(k, 0, lines[Math.floor(rnd() * lines.length)]!);
      return lines.join('\n');
    }
  }
}

describe('mutated corpus files', () => {
  it(`give a model or a located InputError, never anything else (${FUZZED.length} files)`, () => {
    expect(FUZZED.length).toBeGreaterThan(25);
    const rnd = mulberry32(43);
    let refused = 0;
    let mutants = 0;
    for (const path of FUZZED) {
      const original = readFileSync(BTOR2_DIR + path, 'utf8');
      for (let k = 0; k < 80; k++) {
        let text = original;
        for (let edits = 1 + Math.floor(rnd() * 3); edits > 0; edits--) text = mutate(text, rnd);
        mutants++;
        try {
          parseBtor2(text, path);
        } catch (e) {
          if (!(e instanceof InputError)) throw new Error(`${path}, mutant ${k}: ${(e as Error).stack}\n${text}`);
          const lines = text.split(/\r\n|\r|\n/).length;
          expect(e.line, e.message).toBeGreaterThanOrEqual(1);
          expect(e.line, e.message).toBeLessThanOrEqual(lines);
          expect(e.column, e.message).toBeGreaterThanOrEqual(1);
          expect(e.render()).toContain(e.message);
          refused++;
        }
      }
    }
    // most mutants are wrong, and some are still models
    expect(refused).toBeGreaterThan(mutants / 2);
    expect(refused).toBeLessThan(mutants);
  });
});
