/**
 * The AIGER front end: the reader (ASCII and binary), the and-inverter graph with its reductions,
 * and the translation to an STS, on the corpus and on small circuits written here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../lang/errors.js';
import { False, True, and, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { evaluateIn } from '../../../lang/eval.js';
import { parseAiger, type AigerFile } from '../../../formalisms/frontends/aiger/read.js';
import {
  aigFromFile, aigSummary, coneOfInfluence, constantLatches, nodeCount, propagateConstants, reduceAig, withJustice, withProperty, type Aig,
} from '../../../formalisms/aig.js';
import { printAag, printAig } from '../../../formalisms/aig-print.js';
import { aigerToSts, type AigerSts } from '../../../formalisms/aiger-sts.js';
import { CircuitTask } from '../../../formalisms/circuit-task.js';
import { stsInterpreter } from '../../../formalisms/sts-semantics.js';
import { replay } from '../../../formalisms/trace.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const bin = (head: string, ...rest: number[]) => new Uint8Array([...bytes(head), ...rest]);
const read = (path: string): AigerFile => parseAiger(readFileSync(CORPUS_DIR + path), path);
const regression = (name: string): Aig => aigFromFile(read(`theta-regression/aiger/${name}.aag`));

// ---------------------------------------------------------------- helpers: binary encoding, simulation

/** The file's gates as `[lhs, rhs0, rhs1]` triples. */
function gatesOf(f: AigerFile): number[][] {
  return Array.from({ length: f.ands.length / 3 }, (_, k) => [...f.ands.subarray(3 * k, 3 * k + 3)]);
}

/** ASCII -> binary `aig`: inputs, latches and gates renumbered 1..M in that order (the reader sorts gates). */
function toBinary(f: AigerFile): Uint8Array {
  const i = f.inputs.length;
  const l = f.latches.length;
  const a = f.ands.length / 3;
  const index = new Map<number, number>([[0, 0]]);
  f.inputs.forEach((lit, k) => index.set(lit >> 1, 1 + k));
  f.latches.forEach((latch, k) => index.set(latch.lit >> 1, 1 + i + k));
  gatesOf(f).forEach(([lhs], k) => index.set(lhs! >> 1, 1 + i + l + k));
  const r = (lit: number) => 2 * index.get(lit >> 1)! + (lit & 1);
  const counts = [i + l + a, i, l, f.outputs.length, a];
  if (f.bads.length || f.constraints.length) counts.push(f.bads.length, f.constraints.length);
  let head = `aig ${counts.join(' ')}\n`;
  f.latches.forEach((latch, k) => {
    const reset = latch.reset === 'x' ? ` ${2 * (1 + i + k)}` : latch.reset === 1 ? ' 1' : k % 2 ? ' 0' : '';
    head += `${r(latch.next)}${reset}\n`;
  });
  for (const lit of [...f.outputs, ...f.bads, ...f.constraints]) head += `${r(lit)}\n`;
  const gates: number[] = [];
  const varint = (x: number) => {
    while (x >= 0x80) { gates.push((x & 0x7f) | 0x80); x >>>= 7; }
    gates.push(x);
  };
  gatesOf(f).forEach(([, rhs0, rhs1], k) => {
    const lhs = 2 * (1 + i + l + k);
    const [hi, lo] = [r(rhs0), r(rhs1)].sort((x, y) => y - x) as [number, number];
    varint(lhs - hi);
    varint(hi - lo);
  });
  let tail = '';
  for (const [kind, names] of [['i', f.symbols.inputs], ['l', f.symbols.latches], ['o', f.symbols.outputs]] as const) {
    for (const [k, name] of names) tail += `${kind}${k} ${name}\n`;
  }
  if (f.comments.length) tail += `c\n${f.comments.join('\n')}\n`;
  return new Uint8Array([...bytes(head), ...gates, ...bytes(tail)]);
}

/** Pseudo-random bits by position (an integer hash), so both readings of a circuit see the same values. */
function bitsFrom(seed: number): (k: number) => boolean {
  return (k) => {
    let h = Math.imul(k ^ Math.imul(seed, 0x9e3779b9), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) & 1) === 1;
  };
}

/**
 * Runs the STS for `steps` steps with inputs and uninitialised latches drawn from `bit` by file
 * position, checking the initial condition and every transition; returns the property's value and
 * the latches' values at each step.
 */
function simulate(aig: Aig, t: AigerSts, steps: number, bit: (k: number) => boolean): string[] {
  const { sts } = t;
  const inputAt = (step: number, index: number) => bit(step * 100_003 + index);
  const inputsAt = (step: number, into: Map<VarDecl, Expr>) => {
    for (const [index, v] of t.inputs) into.set(v, inputAt(step, index) ? True : False);
  };
  let cur = new Map<VarDecl, Expr>();
  inputsAt(0, cur);
  for (const latch of aig.latches) {
    const value = latch.reset === 'x' ? bit(50_000_000 + latch.index) : latch.reset === 1;
    cur.set(t.latches.get(latch.index)!, value ? True : False);
  }
  expect(evaluateIn(and(...sts.inits), cur)).toBe(True);
  const trace: string[] = [];
  for (let step = 0; step < steps; step++) {
    const latchBits = aig.latches.map((l) => (cur.get(t.latches.get(l.index)!) === True ? '1' : '0')).join('');
    trace.push(`${evaluateIn(sts.prop, cur) === True ? 'ok' : 'bad'} ${latchBits}`);
    const next = new Map<VarDecl, Expr>();
    inputsAt(step + 1, next);
    aig.latches.forEach((latch, k) => next.set(t.latches.get(latch.index)!, evaluateIn(sts.transitions[k]!.args[1]!, cur)!));
    expect(evaluateIn(and(...sts.transitions), cur, next)).toBe(True);
    cur = next;
  }
  return trace;
}

// ---------------------------------------------------------------- the toy counter of formats.md 4.3

const GATES = '8 4 3\n10 5 2\n12 9 11\n14 4 2\n16 6 15\n18 7 14\n20 17 19\n22 6 4\n';
const COUNTER_2007 = `aag 11 1 2 1 8\n2\n4 13\n6 21\n22\n${GATES}i0 en\nl0 bit0\nl1 bit1\no0 both_set\nc\ntoy counter, written for the format description\n`;
const COUNTER_19 = `aag 11 1 2 0 8 1\n2\n4 13 4\n6 21 1\n22\n${GATES}b0 both_set\n`;

describe('the toy counter (formats.md 4.3)', () => {
  it('reads the 2007 variant with its symbols and comments', () => {
    const f = parseAiger(bytes(COUNTER_2007), 'counter.aag');
    expect(f.maxVar).toBe(11);
    expect(f.inputs).toEqual([2]);
    expect(f.latches).toEqual([{ lit: 4, next: 13, reset: 0 }, { lit: 6, next: 21, reset: 0 }]);
    expect(f.outputs).toEqual([22]);
    expect(f.bads).toEqual([]);
    expect(f.ands).toHaveLength(3 * 8);
    expect(f.symbols.inputs.get(0)).toBe('en');
    expect(f.symbols.latches.get(1)).toBe('bit1');
    expect(f.symbols.outputs.get(0)).toBe('both_set');
    expect(f.comments).toEqual(['toy counter, written for the format description']);
    expect(aigSummary(aigFromFile(f))).toEqual({ inputs: 1, latches: 2, ands: 8, properties: 1 });
  });

  it('counts to 3 with en = 1, reaching the bad output after three steps', () => {
    const aig = aigFromFile(parseAiger(bytes(COUNTER_2007), 'counter.aag'));
    const t = aigerToSts(aig);
    expect(t.sts.vars.map((v) => v.name)).toEqual(['en', 'bit0', 'bit1']);
    expect(t.sts.propName).toBe('both_set');
    expect(t.sts.inits).toHaveLength(2);
    expect(simulate(aig, t, 4, () => true)).toEqual(['ok 00', 'ok 10', 'ok 01', 'bad 11']);
  });

  it('reads the 1.9 variant: a bad-state line, bit0 uninitialised, bit1 starting at 1', () => {
    const f = parseAiger(bytes(COUNTER_19), 'counter19.aag');
    expect(f.outputs).toEqual([]);
    expect(f.bads).toEqual([22]);
    expect(f.latches.map((l) => l.reset)).toEqual(['x', 1]);
    const aig = aigFromFile(f);
    const t = aigerToSts(aig);
    expect(t.property).toMatchObject({ section: 'bad', index: 0, name: 'both_set' });
    expect(t.sts.inits).toEqual([ref(t.latches.get(1)!)]);
    // bit1 = 1 from the start; with bit0 = 1 as well the bad state is already initial
    expect(simulate(aig, t, 1, () => true)).toEqual(['bad 11']);
    expect(simulate(aig, t, 3, (k) => k < 50_000_000)).toEqual(['ok 01', 'bad 11', 'ok 00']);
  });
});

describe('the circuit task\'s view', () => {
  const aig = () => withProperty(aigFromFile(parseAiger(bytes(COUNTER_2007), 'counter.aag')), 0);
  const prop = { name: 'both_set', kind: 'safety', index: 0 } as const;

  it('gives a trace its variables and action before its formulas are read', () => {
    const task = new CircuitTask('counter.aag', prop, aig());
    const trace = task.trace({ latches: [0, 0], inputs: [[1], [1], [1], [1]] });
    expect((task as unknown as { view?: AigerSts }).view).toBeUndefined();
    expect(task.model.vars.map((v) => v.name)).toEqual(['en', 'bit0', 'bit1']);
    expect(trace.actions.map((a) => a.label)).toEqual(['transition', 'transition', 'transition']);
    expect((task as unknown as { view?: AigerSts }).view).toBeUndefined();
    // read, its formulas are the STS's, and the trace replays on it
    expect(replay(task.model, trace)).toBeUndefined();
    expect(task.model.bad).toBe(stsInterpreter(task.sts.sts).bad);
    expect(task.model.actions(task.model.initLoc)[0]!.formula).toBe(stsInterpreter(task.sts.sts).actions(task.model.initLoc)[0]!.formula);
  });
});

// ---------------------------------------------------------------- the corpus

const corpus = manifest().filter((m) => m.formalism === 'aiger');

describe('the AIGER corpus', () => {
  it('has the 11 classic and 42 HWMCC\'24 circuits', () => {
    expect(corpus.filter((m) => m.path.startsWith('theta-regression/'))).toHaveLength(11);
    expect(corpus.filter((m) => m.path.startsWith('hwmcc24/'))).toHaveLength(42);
  });

  it.each(corpus.map((m) => [m.path]))('%s parses and converts', (path) => {
    const text = readFileSync(CORPUS_DIR + path, 'latin1');
    const [, ...counts] = text.slice(0, text.search(/\r?\n/)).split(' ').map(Number);
    const f = read(path);
    const aig = aigFromFile(f);
    expect(aigSummary(aig)).toEqual({ inputs: counts[1], latches: counts[2], ands: counts[4], properties: 1 });
    expect(nodeCount(aig)).toBe(1 + counts[1]! + counts[2]! + counts[4]!);
    const t = aigerToSts(aig);
    expect(t.sts.vars).toHaveLength(counts[1]! + counts[2]!);
    expect(t.sts.transitions).toHaveLength(counts[2]!);
    for (const v of t.sts.vars) expect(v.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(new Set(t.sts.vars.map((v) => v.name)).size).toBe(t.sts.vars.length);
    const reduced = reduceAig(aig);
    expect(nodeCount(reduced)).toBeLessThanOrEqual(nodeCount(aig));
    expect(aigerToSts(reduced).sts.transitions).toHaveLength(reduced.latches.length);
  });

  it('honours latch resets: the initial condition fixes exactly the latches with reset 0 or 1', () => {
    const f = read('hwmcc24/split-a16-p085b0.aag');
    const resets = f.latches.map((l) => l.reset);
    expect(resets.filter((r) => r === 0)).toHaveLength(462);
    expect(resets.filter((r) => r === 1)).toHaveLength(173);
    expect(resets.filter((r) => r === 'x')).toHaveLength(503);
    const t = aigerToSts(aigFromFile(f));
    const fixed = new Map<VarDecl, boolean>();
    for (const init of t.sts.inits) {
      if (init.op === 'var') fixed.set(init.decl!, true);
      else {
        expect(init.op).toBe('not');
        fixed.set(init.args[0]!.decl!, false);
      }
    }
    expect(fixed.size).toBe(t.sts.inits.length);
    f.latches.forEach((latch, k) => {
      const v = t.latches.get(k)!;
      expect(fixed.get(v)).toBe(latch.reset === 'x' ? undefined : latch.reset === 1);
    });
  });

  it('makes unique identifiers of symbol names with spaces, brackets and dollars', () => {
    const f = read('hwmcc24/split-rast-p10b0.aag');
    expect([...f.symbols.latches.values()].some((n) => /[$[\]]/.test(n))).toBe(true);
    const t = aigerToSts(aigFromFile(f));
    expect(t.latches.get(2601)!.name).toBe('_auto_async2sync_cc_104_execute_11896_0_');
  });
});

// ---------------------------------------------------------------- binary round trip

describe('binary aig', () => {
  it('encodes the toy counter as formats.md 4.4 says', () => {
    const bin = toBinary(parseAiger(bytes(COUNTER_2007), 'counter.aag'));
    const f = parseAiger(bin, 'counter.aig');
    expect(f.binary).toBe(true);
    expect(gatesOf(f)[0]).toEqual([8, 4, 3]);
    expect(gatesOf(f)[7]).toEqual([22, 6, 4]);
    expect(f.symbols.inputs.get(0)).toBe('en');
    expect(f.comments).toEqual(['toy counter, written for the format description']);
    const aig = aigFromFile(f);
    expect(simulate(aig, aigerToSts(aig), 4, () => true)).toEqual(['ok 00', 'ok 10', 'ok 01', 'bad 11']);
  });

  it('decodes multi-byte differences', () => {
    // gate k has LHS 2k + 4; most read input 1 twice (differences 2 and 0)
    const gates: number[] = [];
    for (let k = 0; k < 298; k++) gates.push(...(k === 149 ? [0xac, 0x02, 0x00] : [2, 0]));
    gates.push(0xd6, 0x04, 0x02); // gate 298: 600 - 598 = 2, 2 - 2 = 0
    const f = parseAiger(bin('aig 300 1 0 1 299\n600\n', ...gates), 'wide.aig');
    expect(gatesOf(f)[0]).toEqual([4, 2, 2]);
    expect(gatesOf(f)[149]).toEqual([302, 2, 2]);
    expect(gatesOf(f)[298]).toEqual([600, 2, 0]);
  });

  const circuits = [
    'theta-regression/aiger/coi1.aag', 'theta-regression/aiger/simple3.aag', 'theta-regression/aiger/hw1_false.aag',
    'hwmcc24/split-sw_ball2004_2b0.aag', 'hwmcc24/split-h_Arbiterb0.aag', 'hwmcc24/split-gcdb0.aag',
  ];
  it.each(circuits.map((c) => [c]))('%s reads the same in binary', (path) => {
    const ascii = read(path);
    const binary = parseAiger(toBinary(ascii), path.replace(/aag$/, 'aig'));
    expect(binary.latches.map((l) => l.reset)).toEqual(ascii.latches.map((l) => l.reset));
    const [a, b] = [aigFromFile(ascii), aigFromFile(binary)];
    expect(aigSummary(b)).toEqual(aigSummary(a));
    expect(nodeCount(b)).toBe(nodeCount(a));
    expect(nodeCount(reduceAig(b))).toBe(nodeCount(reduceAig(a)));
    expect(nodeCount(coneOfInfluence(b))).toBe(nodeCount(coneOfInfluence(a)));
    const [ta, tb] = [aigerToSts(a), aigerToSts(b)];
    expect(tb.sts.vars.map((v) => v.name)).toEqual(ta.sts.vars.map((v) => v.name));
    for (const seed of [1, 2, 3]) {
      expect(simulate(b, tb, 12, bitsFrom(seed))).toEqual(simulate(a, ta, 12, bitsFrom(seed)));
    }
  });

  it('reads the largest corpus circuit the same in binary', () => {
    const ascii = read('hwmcc24/split-rast-p10b0.aag');
    const binary = parseAiger(toBinary(ascii), 'split-rast-p10b0.aig');
    expect(binary.ands).toHaveLength(ascii.ands.length);
    expect(aigSummary(aigFromFile(binary))).toEqual(aigSummary(aigFromFile(ascii)));
    expect(nodeCount(reduceAig(aigFromFile(binary)))).toBe(nodeCount(reduceAig(aigFromFile(ascii))));
  });
});

// ---------------------------------------------------------------- reductions

describe('reductions (Theta\'s node counts, formats.md 4.8)', () => {
  it.each([['coi1', 8, 3], ['coi2', 5, 3], ['simple', 6, 5], ['simple2', 6, 5], ['simple3', 7, 6]] as const)(
    'cone of influence of %s: %i -> %i nodes', (name, before, after) => {
      const aig = regression(name);
      expect(nodeCount(aig)).toBe(before);
      expect(nodeCount(coneOfInfluence(aig))).toBe(after);
    });

  it.each([['coi1', 8, 3], ['coi2', 5, 1], ['constprop1', 6, 1], ['constprop2', 6, 4], ['simple', 6, 5]] as const)(
    'constant propagation and cone of influence of %s: %i -> %i nodes', (name, before, after) => {
      const aig = regression(name);
      expect(nodeCount(aig)).toBe(before);
      expect(nodeCount(reduceAig(aig))).toBe(after);
    });

  it('turns the output of constprop1 into the constant', () => {
    const aig = reduceAig(regression('constprop1'));
    expect(aig.properties[0]!.lit).toBe(0);
    expect(aigerToSts(aig).sts.prop).toBe(True);
  });

  const latchFile = (reset: string, next: string) => parseAiger(bytes(`aag 3 1 1 1 1\n2\n4 ${next}${reset}\n6\n6 4 2\n`), 'l.aag');
  it.each([
    ['reset 0, next 0', ' 0', '0', 1],
    ['reset 1, next 1', ' 1', '1', 1],
    ['reset 0, next itself', '', '4', 1],
    ['reset 1, next itself', ' 1', '4', 1],
    ['uninitialised, next 0', ' 4', '0', 4],
    ['reset 1, next 0', ' 1', '0', 4],
  ] as const)('a latch with %s', (_, reset, next, nodes) => {
    expect(nodeCount(reduceAig(aigFromFile(latchFile(reset, next))))).toBe(nodes);
  });

  it('shares equal gates and folds x & x and x & ~x', () => {
    const f = parseAiger(bytes('aag 6 2 0 2 4\n2\n4\n12\n13\n6 2 4\n8 4 2\n10 6 8\n12 10 11\n'), 'h.aag');
    const aig = propagateConstants(aigFromFile(f));
    expect(aig.properties.map((p) => p.lit)).toEqual([0, 1]);
    expect(nodeCount(coneOfInfluence(aig))).toBe(1);
    const g = propagateConstants(aigFromFile(parseAiger(bytes('aag 5 2 0 1 3\n2\n4\n10\n6 2 4\n8 4 2\n10 6 9\n'), 'g.aag')));
    expect(g.properties[0]!.lit).toBe(0);
  });

  it('drops a latch whose next state is another latch that was dropped, with no gate between them', () => {
    // l0 <- l1 <- l2 <- input: only the last one is seen to change in the first round
    const chain = aigFromFile(parseAiger(bytes('aag 4 1 3 0 0 1\n2\n4 6\n6 8\n8 2\n4\n'), 'c.aag'));
    expect(constantLatches(chain)).toEqual([false, false, false]);
    expect(propagateConstants(chain).latches).toHaveLength(3);
  });
});

// ---------------------------------------------------------------- 1.9 sections

describe('AIGER 1.9 sections', () => {
  const file = 'aag 4 2 1 0 1 2 1\n2\n4\n6 8 1\n8\n7\n3\n8 2 4\ni0 a\ni1 b\nl0 r\nb0 both\nb1 not r\nc0 a holds\n';
  it('reads bad-state and constraint sections and picks a property', () => {
    const f = parseAiger(bytes(file), 'p.aag');
    expect(f.bads).toEqual([8, 7]);
    expect(f.constraints).toEqual([3]);
    expect(f.symbols.bads.get(1)).toBe('not r');
    expect(f.symbols.constraints.get(0)).toBe('a holds');
    const aig = aigFromFile(f);
    expect(aigSummary(aig).properties).toBe(2);
    const t0 = aigerToSts(aig);
    const t1 = aigerToSts(aig, 1);
    expect(t0.sts.propName).toBe('both');
    expect(t1.sts.propName).toBe('not_r');
    expect(t1.sts.invariants).toHaveLength(1);
    // the constraint says input a is 0; latch r starts at 1 and then follows a & b
    expect(simulate(aig, t0, 3, () => false)).toEqual(['ok 1', 'ok 0', 'ok 0']);
    expect(simulate(aig, t0, 2, () => true)).toEqual(['bad 1', 'bad 1']);
    expect(evaluateIn(t0.sts.invariants[0]!, new Map([[t0.inputs.get(0)!, True]]))).toBe(False);
    expect(evaluateIn(t0.sts.invariants[0]!, new Map([[t0.inputs.get(0)!, False]]))).toBe(True);
    expect(() => aigerToSts(aig, 2)).toThrow(/property 2 does not exist/);
  });

  it('reads gates in any order, CRLF line ends and a missing final newline', () => {
    const f = parseAiger(bytes('aag 4 1 0 1 3\r\n2\r\n8\r\n8 6 7\r\n6 4 3\r\n4 2 2'), 'order.aag');
    expect(gatesOf(f).map((g) => g[0])).toEqual([4, 6, 8]);
    expect(nodeCount(aigFromFile(f))).toBe(5);
  });

  it('reads a gate section in its usual form (read by hand) as in any other form (read from tokens)', () => {
    const path = 'hwmcc24/split-vgasim_imgfifo-p020b0.aag';
    const text = readFileSync(CORPUS_DIR + path, 'utf8');
    const usual = parseAiger(bytes(text), path);
    // the gate lines with tabs and CRLF line ends: no longer the form read by hand
    const [, , i, l, o, a] = text.slice(0, text.indexOf('\n')).split(' ').map(Number) as number[];
    const lines = text.split('\n');
    const first = 1 + i! + l! + o!;
    const gates = lines.slice(first, first + a!).map((g) => g.replace(/ /g, '\t') + '\r');
    const other = parseAiger(bytes([...lines.slice(0, first), ...gates, ...lines.slice(first + a!)].join('\n')), path);
    expect(other.ands).toEqual(usual.ands);
    expect(other.symbols).toEqual(usual.symbols);
    expect(aigSummary(aigFromFile(other))).toEqual(aigSummary(aigFromFile(usual)));
  });

  it('reads a header whose M is far above the variables defined (no table of M entries)', () => {
    const f = parseAiger(bytes('aag 1000000000 1 0 1 2\n2\n4\n4 2 1999999999\n1999999998 2 2\n'), 'sparse.aag');
    expect(gatesOf(f).map((g) => g[0])).toEqual([1999999998, 4]);
    const aig = aigFromFile(f);
    expect(aigSummary(aig)).toEqual({ inputs: 1, latches: 0, ands: 2, properties: 1 });
  });

  it('reads justice and fairness sections (sizes, then the literals of each property, then the fairness literals) and their names', () => {
    // a toggling latch r; j0 = {r, not r}, j1 = {a}; fairness {not a}; an output that is no property next to justice
    const text = 'aag 3 1 1 1 1 0 1 2 1\n2\n4 7\n6\n3\n2\n1\n4\n5\n2\n3\n6 5 5\ni0 a\nl0 r\nj0 toggles\nj1 a often\nf0 not a\nc0 never a\n';
    for (const f of [parseAiger(bytes(text), 'live.aag'), parseAiger(bytes(text.replace(/\n/g, '\r\n')), 'crlf.aag')]) {
      expect(f.justice).toEqual([[4, 5], [2]]);
      expect(f.fairness).toEqual([3]);
      expect(f.outputs).toEqual([6]);
      expect(f.symbols.justice.get(1)).toBe('a often');
      expect(f.symbols.fairness.get(0)).toBe('not a');
      const aig = aigFromFile(f);
      // AIGER 1.9: with justice properties the outputs are not properties
      expect(aig.properties).toEqual([]);
      expect(aig.justice.map((j) => [j.lits, j.name])).toEqual([[[4, 5], 'toggles'], [[2], 'a often']]);
      expect(aig.fairness.map((x) => [x.lit, x.section, x.name])).toEqual([[3, 'fairness', 'not a']]);
      // the cone of a justice property keeps the cones of its literals and of the fairness
      expect(coneOfInfluence(withJustice(aig, 0)).latches).toHaveLength(1);
      expect(coneOfInfluence(withJustice(aig, 1)).latches).toHaveLength(0);
      expect(coneOfInfluence(withJustice(aig, 1)).inputs).toHaveLength(1);
      expect(reduceAig(withJustice(aig, 0)).justice[0]!.lits).toHaveLength(2);
      // printed and read back: the same sections and names
      for (const printed of [printAag(aig), printAig(aig)]) {
        const again = aigFromFile(parseAiger(typeof printed === 'string' ? bytes(printed) : printed, 'again.aig'));
        expect(again.justice.map((j) => [j.lits, j.name])).toEqual([[[4, 5], 'toggles'], [[2], 'a often']]);
        expect(again.fairness.map((x) => [x.lit, x.name])).toEqual([[3, 'not a']]);
        expect(again.constraints.map((x) => [x.lit, x.name])).toEqual([[3, 'never a']]);
      }
    }
  });

  it('keeps the bad states as properties next to justice, and outputs as properties only without B and J', () => {
    const both = aigFromFile(parseAiger(bytes('aag 1 1 0 1 0 1 0 1\n2\n2\n3\n1\n2\n'), 'both.aag'));
    expect(both.properties.map((p) => [p.lit, p.section])).toEqual([[3, 'bad']]);
    expect(both.justice).toHaveLength(1);
    // a safety property's cone drops the justice properties and the fairness
    expect(withProperty(both, 0).justice).toEqual([]);
    const outputs = aigFromFile(parseAiger(bytes('aag 1 1 0 1 0 0 0 0 1\n2\n2\n3\n'), 'fair.aag'));
    expect(outputs.properties.map((p) => p.section)).toEqual(['output']);
  });

  it('reports a circuit without properties when translating it', () => {
    const aig = aigFromFile(parseAiger(bytes('aag 1 1 0 0 0\n2\n'), 'none.aag'));
    expect(() => aigerToSts(aig)).toThrow(InputError);
  });
});

// ---------------------------------------------------------------- malformed input

function errorOf(input: string | Uint8Array, file = 'bad.aag'): InputError {
  try {
    parseAiger(typeof input === 'string' ? bytes(input) : input, file);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}


/** Seven gates, the sixth with difference 10 (a line feed byte), the seventh 13 (a carriage return), then a bad line. */
const symbolAfterGates = bin('aig 8 1 0 1 7\n16\n', 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 10, 0, 13, 0, ...bytes('x1 bad\n'));

describe('malformed AIGER', () => {
  it.each([
    ['an empty file', '', 1, 1, /empty file/],
    ['a bad header word', 'aog 1 1 0 0 0\n2\n', 1, 1, /bad header.*'aog'/],
    ['a header without counts', 'aag 1 1 0\n2\n', 1, 10, /the header needs at least 5 numbers, found 3/],
    ['too few input lines', 'aag 3 3 0 0 0\n2\n4\n', 4, 1, /end of file: expected input 2 \(the header announces 3 inputs\)/],
    ['too many lines', 'aag 1 1 0 0 0\n2\n4\n', 3, 1, /unexpected '4'/],
    ['a literal out of range', 'aag 1 1 0 1 0\n2\n5\n', 3, 1, /literal 5 is out of range: M = 1 allows literals up to 3/],
    ['M smaller than the definitions', 'aag 1 1 0 0 1\n2\n4 2 2\n', 1, 5, /M = 1 is smaller/],
    ['an odd input literal', 'aag 1 1 0 0 0\n3\n', 2, 1, /input literal must be even/],
    ['an odd gate literal', 'aag 2 1 0 0 1\n2\n5 2 2\n', 3, 1, /AND gate literal must be even/],
    ['a variable defined twice', 'aag 2 1 0 0 1\n2\n2 4 4\n', 3, 1, /variable 1 \(literal 2\) is defined twice: it is already an input on line 2/],
    ['a combinational cycle', 'aag 3 1 0 1 2\n2\n6\n4 6 2\n6 4 2\n', 4, 1, /combinational cycle through AND gates: 4 -> 6 -> 4/],
    ['an undefined gate used', 'aag 3 1 0 1 1\n2\n6\n6 2 4\n', 4, 5, /literal 4 refers to variable 2, which is not defined/],
    ['an undefined latch next', 'aag 2 0 1 0 0\n2 4\n', 2, 3, /literal 4 refers to variable 2/],
    ['a bad reset', 'aag 2 0 1 0 0\n2 2 3\n', 2, 5, /latch reset must be 0, 1 or the latch's own literal 2/],
    ['binary garbage in aag', 'aag 1 1 0 0 0\n2\n\x01\x02\n', 3, 1, /unexpected byte 0x01 \(an 'aag' file is text/],
    ['a missing justice size', 'aag 1 1 0 0 0 0 0 1\n2\n', 3, 1, /end of file: expected the size of justice property 0 \(the header announces 1 justice properties\)/],
    ['a missing justice literal', 'aag 1 1 0 0 0 0 0 2\n2\n1\n2\n2\n2\n', 7, 1, /end of file: expected literal 1 of justice property 1 \(it has 2\)/],
    ['a justice literal out of range', 'aag 1 1 0 0 0 0 0 1\n2\n1\n4\n', 4, 1, /literal 4 is out of range/],
    ['a missing fairness line', 'aag 1 1 0 0 0 0 0 0 2\n2\n3\n', 4, 1, /end of file: expected fairness 1 \(the header announces 2 fairness constraints\)/],
    ['a justice symbol out of range', 'aag 1 1 0 0 0 0 0 1\n2\n1\n2\nj1 x\n', 5, 1, /symbol for justice property 1, but the header announces 1 of them/],
    ['a symbol out of range', 'aag 1 1 0 0 0\n2\ni1 x\n', 3, 1, /symbol for input 1, but the header announces 1 of them/],
    ['a misplaced comment marker', 'aag 1 1 0 1 0\n2\nc\n', 3, 1, /expected a number in output line, found the comment section/],
  ] as const)('%s', (_, input, line, column, message) => {
    const e = errorOf(input);
    expect(e.reason).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
    expect(e.file).toBe('bad.aag');
  });

  it.each([
    ['M != I + L + A', bin('aig 4 1 1 1 1\n2\n6\n', 2, 2), 1, 5, /binary 'aig' header needs M = I \+ L \+ A = 3, but M is 4/],
    ['truncated gates', bin('aig 3 1 0 1 2\n6\n', 2, 1), 3, 1, /truncated binary AND gate section: the file ends at byte offset 18, in gate 1 of 2/],
    ['a gate whose RHS0 is its LHS', bin('aig 2 1 0 1 1\n4\n', 0, 0), 3, 1, /gate 0 \(literal 4\) at byte offset 16: difference 0 needs LHS > RHS0/],
    ['a gate whose RHS1 is negative', bin('aig 2 1 0 1 1\n4\n', 1, 9), 3, 1, /difference 9 needs RHS0 >= RHS1 >= 0/],
    ['a truncated latch section', bin('aig 2 1 1 0 0\n'), 2, 1, /end of file: expected latch 0/],
    ['a literal out of range', bin('aig 2 1 1 0 0\n6\n'), 2, 1, /literal 6 is out of range/],
    ['a bad symbol line', symbolAfterGates, 4, 4, /unexpected 'x1': after the last section only symbols/],
  ] as const)('binary: %s', (_, input, line, column, message) => {
    const e = errorOf(input, 'bad.aig');
    expect(e.reason).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
  });

  it('quotes the line in ASCII parts and not in the binary gate section', () => {
    expect(errorOf('aag 1 1 0 1 0\n2\n5\n').render()).toContain('\n    5\n    ^');
    expect(errorOf(bin('aig 3 1 0 1 2\n6\n', 2, 1)).render()).not.toContain('\n');
    // the gate bytes hold a line feed and a carriage return; the quote shows them blanked out
    expect(errorOf(symbolAfterGates).render()).toMatch(/\n {4} {3}x1 bad\n {4} {3}\^$/);
  });
});
