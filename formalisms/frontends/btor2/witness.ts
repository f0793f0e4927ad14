/**
 * BTOR2 witnesses in btorsim's format (btor2tools' README, "Witness Format"): `sat`, the properties
 * the witness violates (`b0`, `j1`), then one frame per step, each an optional state part (`#k`,
 * assignments to states by their position among the states) and an input part (`@k`, assignments
 * to inputs by position), and a final `.`. An assignment is `POS BITS [SYMBOL]`, or for an array
 * `POS [INDEX] BITS`; `POS [*] BITS` sets every element (btormc's form, here allowed for inputs
 * too). Positions and steps are counted as btorsim counts them, from 0. Comment lines start with
 * `;`.
 *
 * What a witness means is the run it gives (simulate.ts): the states without `init` at step 0 and
 * without `next` later take the values of the state parts, the inputs those of the input parts.
 * Assignments to other states are claims that a check compares with the model's values.
 */
import { InputError } from '../../../lang/errors.js';
import type { Btor2Model, Sort } from './model.js';
import { arrayOf, isArray, zeroOf, type Btor2Run, type Value } from './simulate.js';

/** One assignment line of a witness, as written. */
export interface Assignment {
  readonly pos: number;
  /** For an array element: its index, or `*` for every index. */
  readonly index?: { readonly value: bigint; readonly bits: number } | '*';
  readonly value: bigint;
  /** How many binary digits the value has, which must be the sort's width. */
  readonly bits: number;
  readonly symbol?: string;
  readonly line: number;
}

export interface Frame {
  readonly states: readonly Assignment[];
  readonly inputs: readonly Assignment[];
  /** The line of the frame's `@k`. */
  readonly line: number;
}

export interface Btor2Witness {
  readonly file: string;
  /** The bad state properties it claims to violate (`b<i>`). */
  readonly bads: readonly number[];
  /** The justice properties it names (`j<i>`); Vigil checks none. */
  readonly justices: readonly number[];
  readonly frames: readonly Frame[];
  /** The text, for quoting in messages. */
  readonly text: string;
}

const ASSIGNMENT = /^(0|[1-9][0-9]*) (?:\[([01]+|\*)\] )?([01]+)(?: (.+))?$/;

/** Reads a witness; bad input throws an InputError at its line. */
export function parseWitness(text: string, file: string): Btor2Witness {
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  let k = 0;
  function fail(line: number, reason: string, column = 1): never {
    throw new InputError(file, line, column, reason, text);
  }
  const skipComments = () => { while (k < lines.length && lines[k]!.startsWith(';')) k++; };
  skipComments();
  if (lines[k] !== 'sat') fail(k + 1, k < lines.length ? `expected 'sat', the header of a witness, found '${lines[k]}'` : 'expected \'sat\', the header of a witness, found the end of the file');
  k++;
  const bads: number[] = [];
  const justices: number[] = [];
  const props = lines[k] ?? '';
  for (const m of props.split(' ')) {
    const p = /^([bj])(0|[1-9][0-9]*)$/.exec(m);
    if (!p) fail(k + 1, `expected the properties the witness violates (b0, j1, ...), found '${m}'`, props.indexOf(m) + 1);
    (p[1] === 'b' ? bads : justices).push(Number(p[2]));
  }
  k++;
  const frames: Frame[] = [];
  const assignments = (): Assignment[] => {
    const out: Assignment[] = [];
    for (; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.startsWith(';')) continue;
      if (l.startsWith('#') || l.startsWith('@') || l === '.') break;
      const m = ASSIGNMENT.exec(l);
      if (!m) fail(k + 1, `expected an assignment 'POS BITS' or 'POS [INDEX] BITS', a frame header or '.', found '${l}'`);
      const index = m[2] === undefined ? undefined : m[2] === '*' ? '*' as const : { value: BigInt(`0b${m[2]}`), bits: m[2].length };
      out.push({ pos: Number(m[1]), value: BigInt(`0b${m[3]}`), bits: m[3]!.length, line: k + 1, ...(index === undefined ? {} : { index }), ...(m[4] === undefined ? {} : { symbol: m[4] }) });
    }
    return out;
  };
  for (;;) {
    skipComments();
    if (k >= lines.length) fail(k + 1, "the witness ends without '.'");
    if (lines[k] === '.') break;
    const step = frames.length;
    let states: Assignment[] = [];
    if (lines[k]!.startsWith('#')) {
      if (lines[k] !== `#${step}`) fail(k + 1, `expected the state part '#${step}' of frame ${step}, found '${lines[k]}'`);
      k++;
      states = assignments();
    }
    if (lines[k] !== `@${step}`) fail(k + 1, `expected the input part '@${step}' of frame ${step}, found ${k < lines.length ? `'${lines[k]}'` : 'the end of the file'}`);
    const line = ++k;
    frames.push({ states, inputs: assignments(), line });
  }
  if (k + 1 < lines.length) fail(k + 2, `unexpected '${lines[k + 1]}' after the end of the witness`);
  if (frames.length === 0) fail(k + 1, 'a witness has at least one frame');
  return { file, bads, justices, frames, text };
}

// ---------------------------------------------------------------- writing

const binary = (v: bigint, w: number): string => v.toString(2).padStart(w, '0');

function assignmentLines(pos: number, v: Value, sort: Sort, symbol: string | undefined): string[] {
  const name = symbol === undefined ? '' : ` ${symbol}`;
  if (sort.kind === 'bitvec') return [`${pos} ${binary(v as bigint, sort.width)}${name}`];
  if (!isArray(v)) throw new Error('an array state with a bit-vector value');
  const iw = (sort.index as { width: number }).width;
  const ew = (sort.element as { width: number }).width;
  const out = v.dflt === 0n ? [] : [`${pos} [*] ${binary(v.dflt, ew)}${name}`];
  for (const i of [...v.entries.keys()].sort((a, b) => (a < b ? -1 : 1))) out.push(`${pos} [${binary(i, iw)}] ${binary(v.entries.get(i)!, ew)}${name}`);
  return out;
}

/**
 * The witness of a run that violates `property` (bad state property `b<i>` for a number, else a
 * justice property's name, `j<i>`, whose lasso closes as an AIGER witness's does: the state after
 * the last frame equals an earlier one): at step 0 the states without `init`, at later steps those
 * without `next` (a state part only when there are some), and at every step every input.
 */
export function printWitness(model: Btor2Model, property: number | string, run: Btor2Run): string {
  const lines = ['sat', typeof property === 'number' ? `b${property}` : property];
  run.forEach((choices, step) => {
    const open = model.states.map((s, pos) => ({ s, pos })).filter(({ s }) => (step === 0 ? s.init === undefined : s.next === undefined));
    if (step === 0 || open.length > 0) {
      lines.push(`#${step}`);
      for (const { s, pos } of open) {
        const symbol = s.node.symbol === undefined ? undefined : `${s.node.symbol}#${step}`;
        lines.push(...assignmentLines(pos, choices.states.get(pos) ?? zeroOf(s.node.sort), s.node.sort, symbol));
      }
    }
    lines.push(`@${step}`);
    model.inputs.forEach((n, pos) => {
      const symbol = n.symbol === undefined ? undefined : `${n.symbol}@${step}`;
      lines.push(...assignmentLines(pos, choices.inputs.get(pos) ?? zeroOf(n.sort), n.sort, symbol));
    });
  });
  lines.push('.');
  return `${lines.join('\n')}\n`;
}

/**
 * The run a witness gives, with what it assigns by position (assignments to states the model
 * determines are kept too: a check compares them with the model's values). Throws an InputError
 * at an assignment that does not fit the model: a position past the last state or input, a value
 * or index of the wrong width, an element without index or an index for a bit-vector, an input
 * assigned twice.
 */
export function witnessRun(model: Btor2Model, w: Btor2Witness): Btor2Run {
  function fail(a: Assignment, reason: string): never {
    throw new InputError(w.file, a.line, 1, reason, w.text);
  }
  const values = (list: readonly Assignment[], sorts: readonly Sort[], what: 'state' | 'input'): Map<number, Value> => {
    const out = new Map<number, Value>();
    for (const a of list) {
      const sort = sorts[a.pos];
      if (!sort) fail(a, `${what} ${a.pos} does not exist: the model has ${sorts.length} ${what}s`);
      if (sort.kind === 'bitvec') {
        if (a.index !== undefined) fail(a, `${what} ${a.pos} is a bit-vector, not an array`);
        if (a.bits !== sort.width) fail(a, `${what} ${a.pos} has width ${sort.width}, the value has ${a.bits} bits`);
        if (out.has(a.pos)) fail(a, `${what} ${a.pos} is assigned twice in one frame`);
        out.set(a.pos, a.value);
        continue;
      }
      const iw = (sort.index as { width: number }).width;
      const ew = (sort.element as { width: number }).width;
      if (a.index === undefined) fail(a, `${what} ${a.pos} is an array: an assignment gives an index, 'POS [INDEX] BITS'`);
      if (a.index !== '*' && a.index.bits !== iw) fail(a, `the indices of ${what} ${a.pos} have ${iw} bits, the index has ${a.index.bits}`);
      if (a.bits !== ew) fail(a, `the elements of ${what} ${a.pos} have ${ew} bits, the value has ${a.bits}`);
      const known = (out.get(a.pos) ?? zeroOf(sort)) as { dflt: bigint; entries: ReadonlyMap<bigint, bigint> };
      out.set(a.pos, a.index === '*' ? arrayOf(a.value, known.entries) : arrayOf(known.dflt, [...known.entries, [a.index.value, a.value]]));
    }
    return out;
  };
  const stateSorts = model.states.map((s) => s.node.sort);
  const inputSorts = model.inputs.map((n) => n.sort);
  return w.frames.map((f) => ({ states: values(f.states, stateSorts, 'state'), inputs: values(f.inputs, inputSorts, 'input') }));
}
