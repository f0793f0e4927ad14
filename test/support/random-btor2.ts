/**
 * Random small BTOR2 models for the differential tests, from a seed: bit-vectors of widths 1 to 6,
 * an array of 2 to 8 elements now and then, inputs, states with and without `init` (a constant, or
 * an expression over earlier states) and with and without `next`, every operator of the format
 * over the nodes made so far (arguments negated now and then), one bad state property and
 * sometimes a constraint. Written for the tests, as BTOR2 text, sharing no code with Vigil's reader.
 */
import { mulberry32 } from '../../bench/random.js';

const UNARY = ['not', 'inc', 'dec', 'neg'];
const REDUCTIONS = ['redand', 'redor', 'redxor'];
const PREDICATES = ['ugt', 'ugte', 'ult', 'ulte', 'sgt', 'sgte', 'slt', 'slte', 'uaddo', 'saddo', 'usubo', 'ssubo', 'umulo', 'smulo', 'sdivo'];
const BINARY = ['and', 'nand', 'nor', 'or', 'xnor', 'xor', 'rol', 'ror', 'sll', 'sra', 'srl', 'add', 'sub', 'mul', 'udiv', 'sdiv', 'urem', 'srem', 'smod'];
/** Every operator of the format, for the tests' coverage check. */
export const ALL_OPERATORS = [...UNARY, ...REDUCTIONS, 'uext', 'sext', 'slice', 'iff', 'implies', 'eq', 'neq', ...PREDICATES, ...BINARY, 'concat', 'read', 'ite', 'write'];

const MAX_WIDTH = 6;

/** A random model as BTOR2 text. */
export function randomBtor2(seed: number): string {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const lines: string[] = [];
  let id = 0;
  const line = (text: string) => { lines.push(`${++id} ${text}`); return id; };
  // sorts: bitvec 1..MAX_WIDTH at ids 1..MAX_WIDTH, then maybe an array sort
  for (let w = 1; w <= MAX_WIDTH; w++) line(`sort bitvec ${w}`);
  const arrays = rnd() < 0.35;
  const indexWidth = int(1, 3);
  const elemWidth = int(1, 4);
  const arraySort = arrays ? line(`sort array ${indexWidth} ${elemWidth}`) : 0;
  // nodes by sort: bit-vectors by width, the array apart
  const byWidth: number[][] = Array.from({ length: MAX_WIDTH + 1 }, () => []);
  const arrayNodes: number[] = [];
  const stateNodes: { id: number; sort: number }[] = [];
  const add = (w: number, n: number) => { byWidth[w]!.push(n); return n; };
  const constant = (w: number) => add(w, rnd() < 0.5
    ? line(`const ${w} ${Array.from({ length: w }, () => int(0, 1)).join('')}`)
    : rnd() < 0.5 ? line(`${pick(['zero', 'one', 'ones'])} ${w}`) : line(`constd ${w} ${int(-(2 ** (w - 1)), 2 ** w - 1)}`));
  /** A node of width w, negated now and then; a new constant when there is none. */
  const of = (w: number, negate = true): string => {
    const pool = byWidth[w]!;
    const n = pool.length > 0 && rnd() < 0.85 ? pick(pool) : constant(w);
    return negate && rnd() < 0.2 ? `-${n}` : String(n);
  };
  const anyWidth = () => int(1, MAX_WIDTH);

  for (let k = 0; k < int(1, 3); k++) constant(anyWidth());
  // states, some initialised with an expression over earlier states
  const stateCount = int(1, 4);
  for (let k = 0; k < stateCount; k++) {
    const w = anyWidth();
    const earlier = stateNodes.filter((s) => s.sort === w);
    // the initial value comes before the state: an expression over an earlier state, or a constant
    const r = rnd();
    const init = earlier.length > 0 && r < 0.3 ? add(w, line(`add ${w} ${earlier[0]!.id} ${of(w, false)}`)) : r < 0.7 ? constant(w) : undefined;
    const s = add(w, line(`state ${w} s${k}`));
    stateNodes.push({ id: s, sort: w });
    if (init !== undefined) line(`init ${w} ${s} ${init}`);
  }
  if (arrays) {
    const element = rnd() < 0.6 ? constant(elemWidth) : undefined;
    const a = line(`state ${arraySort} mem`);
    arrayNodes.push(a);
    stateNodes.push({ id: a, sort: arraySort });
    if (element !== undefined) line(`init ${arraySort} ${a} ${element}`);
    if (rnd() < 0.2) arrayNodes.push(line(`input ${arraySort} amem`));
  }
  for (let k = 0, inputs = int(0, 3); k < inputs; k++) {
    const w = anyWidth();
    add(w, line(`input ${w} i${k}`));
  }

  const operators = int(4, 16);
  for (let k = 0; k < operators; k++) {
    const op = pick(ALL_OPERATORS);
    const w = anyWidth();
    if (UNARY.includes(op)) add(w, line(`${op} ${w} ${of(w)}`));
    else if (REDUCTIONS.includes(op)) add(1, line(`${op} 1 ${of(w)}`));
    else if (op === 'uext' || op === 'sext') {
      const e = int(0, MAX_WIDTH - w);
      add(w + e, line(`${op} ${w + e} ${of(w)} ${e}`));
    } else if (op === 'slice') {
      const lo = int(0, w - 1);
      const hi = int(lo, w - 1);
      add(hi - lo + 1, line(`slice ${hi - lo + 1} ${of(w)} ${hi} ${lo}`));
    } else if (op === 'iff' || op === 'implies') add(1, line(`${op} 1 ${of(1)} ${of(1)}`));
    else if (op === 'eq' || op === 'neq') {
      add(1, arrayNodes.length > 0 && rnd() < 0.3 ? line(`${op} 1 ${pick(arrayNodes)} ${pick(arrayNodes)}`) : line(`${op} 1 ${of(w)} ${of(w)}`));
    } else if (PREDICATES.includes(op)) add(1, line(`${op} 1 ${of(w)} ${of(w)}`));
    else if (BINARY.includes(op)) add(w, line(`${op} ${w} ${of(w)} ${of(w)}`));
    else if (op === 'concat') {
      const w2 = int(1, MAX_WIDTH - 1);
      const w1 = int(1, MAX_WIDTH - w2);
      add(w1 + w2, line(`concat ${w1 + w2} ${of(w1)} ${of(w2)}`));
    } else if (op === 'ite') {
      if (arrayNodes.length > 0 && rnd() < 0.3) arrayNodes.push(line(`ite ${arraySort} ${of(1)} ${pick(arrayNodes)} ${pick(arrayNodes)}`));
      else add(w, line(`ite ${w} ${of(1)} ${of(w)} ${of(w)}`));
    } else if (op === 'read' && arrayNodes.length > 0) add(elemWidth, line(`read ${elemWidth} ${pick(arrayNodes)} ${of(indexWidth)}`));
    else if (op === 'write' && arrayNodes.length > 0) arrayNodes.push(line(`write ${arraySort} ${pick(arrayNodes)} ${of(indexWidth)} ${of(elemWidth)}`));
  }
  if (arrays) add(elemWidth, line(`read ${elemWidth} ${pick(arrayNodes)} ${of(indexWidth)}`));
  // next values: most states get one of their sort
  for (const s of stateNodes) {
    if (rnd() < 0.15) continue;
    const value = s.sort === arraySort ? String(pick(arrayNodes)) : of(s.sort);
    line(`next ${s.sort} ${s.id} ${value}`);
  }
  if (arrays && byWidth[1]!.length === 0) add(1, line(`eq 1 ${arrayNodes[0]} ${pick(arrayNodes)}`));
  if (rnd() < 0.35) line(`constraint ${of(1)}`);
  line(`bad ${of(1)}`);
  return `${lines.join('\n')}\n`;
}
