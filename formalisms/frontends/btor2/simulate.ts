/**
 * A BTOR2 simulator, written from the format's operator tables with btorsim's semantics (btor2tools,
 * src/btorsim/btorsimbv.c and btorsimam.cpp), on bigint words and on arrays as maps with a default.
 * It shares no code with the word-level translation or the bit-blaster, so that replaying a
 * witness on it checks them independently.
 *
 * The semantics where the tables leave it open, as btorsim implements them (and SMT-LIB defines
 * them): division by zero gives all ones (`udiv`), the dividend (`urem`, `srem`, `smod`), and
 * for `sdiv` all ones for a non-negative dividend and 1 for a negative one; the signed division and
 * remainders work on magnitudes, `srem` takes the dividend's sign and `smod` the divisor's; a shift
 * by the width or more gives 0 (`sll`, `srl`) or the sign in every bit (`sra`); rotations go by the
 * amount modulo the width. btorsim has no overflow predicates; they follow Boolector's definitions:
 * the exact result of the unsigned or signed operation does not fit in the width (`usubo`: a < b;
 * `sdivo`: the most negative number divided by -1). An array is a default with the entries that
 * differ from it; two arrays are equal when they agree at every index (extensionality), so
 * arrays whose entries cover every index are equal whatever their defaults.
 *
 * A run is given by what the model leaves open at each step: the inputs, the states without `init`
 * at step 0 and the states without `next` after it, by their position among the inputs or states
 * (as witnesses number them); what a run does not give is 0, or the array of zeros, as in btorsim.
 */
import type { Btor2Model, Node, Sort } from './model.js';

/** An array value: `entries` maps indices to elements that differ from `dflt`; every other index holds `dflt`. */
interface ArrayValue {
  readonly dflt: bigint;
  readonly entries: ReadonlyMap<bigint, bigint>;
}

export type Value = bigint | ArrayValue;

/** The choices of one step: inputs and open states by position. */
interface StepChoices {
  readonly inputs: ReadonlyMap<number, Value>;
  readonly states: ReadonlyMap<number, Value>;
}

/** A run of the model: one entry per step. */
export type Btor2Run = readonly StepChoices[];

export function isArray(v: Value): v is ArrayValue {
  return typeof v !== 'bigint';
}

/** The value a run gives what it leaves out: 0, or the array of zeros. */
export function zeroOf(sort: Sort): Value {
  return sort.kind === 'bitvec' ? 0n : { dflt: 0n, entries: new Map() };
}

/** The element of `a` at index `i`. */
export function readArray(a: ArrayValue, i: bigint): bigint {
  return a.entries.get(i) ?? a.dflt;
}

function writeArray(a: ArrayValue, i: bigint, v: bigint): ArrayValue {
  const entries = new Map(a.entries);
  if (v === a.dflt) entries.delete(i);
  else entries.set(i, v);
  return { dflt: a.dflt, entries };
}

/** An array with entries given in any order, in canonical form (no entry equal to the default). */
export function arrayOf(dflt: bigint, entries: Iterable<readonly [bigint, bigint]>): ArrayValue {
  const kept = new Map<bigint, bigint>();
  for (const [i, v] of entries) {
    if (v === dflt) kept.delete(i);
    else kept.set(i, v);
  }
  return { dflt, entries: kept };
}

/** Extensional equality of two arrays over indices of `indexWidth` bits. */
function arraysEqual(a: ArrayValue, b: ArrayValue, indexWidth: number): boolean {
  const keys = new Set([...a.entries.keys(), ...b.entries.keys()]);
  if (a.dflt !== b.dflt && BigInt(keys.size) < 1n << BigInt(indexWidth)) return false;
  for (const k of keys) if (readArray(a, k) !== readArray(b, k)) return false;
  return true;
}

export function valuesEqual(a: Value, b: Value, sort: Sort): boolean {
  if (!isArray(a) || !isArray(b)) return a === b;
  return arraysEqual(a, b, (sort as { index: { width: number } }).index.width);
}

// ---------------------------------------------------------------- bit-vector operators

const mask = (w: number): bigint => (1n << BigInt(w)) - 1n;

/** The two's complement reading of a w-bit word. */
function signed(a: bigint, w: number): bigint {
  return a >> BigInt(w - 1) ? a - (1n << BigInt(w)) : a;
}

/** A mathematical integer as a w-bit word. */
function word(x: bigint, w: number): bigint {
  return BigInt.asUintN(w, x);
}

function fitsSigned(x: bigint, w: number): boolean {
  const half = 1n << BigInt(w - 1);
  return x >= -half && x < half;
}

const bit = (b: boolean): bigint => (b ? 1n : 0n);

function popcount(a: bigint): number {
  let n = 0;
  for (; a; a &= a - 1n) n++;
  return n;
}

/** Magnitude of a signed w-bit word, as a w-bit word (the most negative number is its own). */
function magnitude(a: bigint, w: number): bigint {
  return a >> BigInt(w - 1) ? word(-a, w) : a;
}

function udiv(a: bigint, b: bigint, w: number): bigint {
  return b === 0n ? mask(w) : a / b;
}

function urem(a: bigint, b: bigint): bigint {
  return b === 0n ? a : a % b;
}

/** The value of a bit-vector operator on argument words of width `w` (the arguments' width). */
function bitvecOperator(n: Node, args: readonly bigint[], w: number): bigint {
  const [a = 0n, b = 0n] = args;
  const m = mask(w);
  const W = BigInt(w);
  switch (n.tag) {
    case 'not': return a ^ m;
    case 'inc': return word(a + 1n, w);
    case 'dec': return word(a - 1n, w);
    case 'neg': return word(-a, w);
    case 'redand': return bit(a === m);
    case 'redor': return bit(a !== 0n);
    case 'redxor': return BigInt(popcount(a) & 1);
    case 'uext': return a;
    case 'sext': return word(signed(a, w), w + n.params[0]!);
    case 'slice': return (a >> BigInt(n.params[1]!)) & mask(n.params[0]! - n.params[1]! + 1);
    case 'iff': return bit(a === b);
    case 'implies': return bit(a === 0n || b === 1n);
    case 'ugt': return bit(a > b);
    case 'ugte': return bit(a >= b);
    case 'ult': return bit(a < b);
    case 'ulte': return bit(a <= b);
    case 'sgt': return bit(signed(a, w) > signed(b, w));
    case 'sgte': return bit(signed(a, w) >= signed(b, w));
    case 'slt': return bit(signed(a, w) < signed(b, w));
    case 'slte': return bit(signed(a, w) <= signed(b, w));
    case 'uaddo': return bit(a + b > m);
    case 'saddo': return bit(!fitsSigned(signed(a, w) + signed(b, w), w));
    case 'usubo': return bit(a < b);
    case 'ssubo': return bit(!fitsSigned(signed(a, w) - signed(b, w), w));
    case 'umulo': return bit(a * b > m);
    case 'smulo': return bit(!fitsSigned(signed(a, w) * signed(b, w), w));
    case 'sdivo': return bit(a === 1n << (W - 1n) && b === m);
    case 'and': return a & b;
    case 'nand': return (a & b) ^ m;
    case 'nor': return (a | b) ^ m;
    case 'or': return a | b;
    case 'xnor': return (a ^ b) ^ m;
    case 'xor': return a ^ b;
    case 'sll': return b >= W ? 0n : (a << b) & m;
    case 'srl': return b >= W ? 0n : a >> b;
    case 'sra': return b >= W ? (a >> (W - 1n) ? m : 0n) : word(signed(a, w) >> b, w);
    case 'rol': {
      const r = b % W;
      return r === 0n ? a : ((a << r) | (a >> (W - r))) & m;
    }
    case 'ror': {
      const r = b % W;
      return r === 0n ? a : ((a >> r) | (a << (W - r))) & m;
    }
    case 'add': return word(a + b, w);
    case 'sub': return word(a - b, w);
    case 'mul': return word(a * b, w);
    case 'udiv': return udiv(a, b, w);
    case 'urem': return urem(a, b);
    case 'sdiv': {
      const q = udiv(magnitude(a, w), magnitude(b, w), w);
      return (a >> (W - 1n)) !== (b >> (W - 1n)) ? word(-q, w) : q;
    }
    case 'srem': {
      const r = urem(magnitude(a, w), magnitude(b, w));
      return a >> (W - 1n) ? word(-r, w) : r;
    }
    case 'smod': {
      const u = urem(magnitude(a, w), magnitude(b, w));
      const aNeg = a >> (W - 1n) === 1n;
      const bNeg = b >> (W - 1n) === 1n;
      if (u === 0n || aNeg === bNeg) return aNeg ? word(-u, w) : u;
      return aNeg ? word(b - u, w) : word(u + b, w);
    }
    default: throw new Error(`'${n.tag}' is not a bit-vector operator`);
  }
}

/** The value of an operator node on its arguments' values (negations already applied). */
function applyOperator(n: Node, args: readonly Value[], argSorts: readonly Sort[]): Value {
  switch (n.tag) {
    case 'eq': return bit(valuesEqual(args[0]!, args[1]!, argSorts[0]!));
    case 'neq': return bit(!valuesEqual(args[0]!, args[1]!, argSorts[0]!));
    case 'ite': return args[0] === 1n ? args[1]! : args[2]!;
    case 'read': return readArray(args[0] as ArrayValue, args[1] as bigint);
    case 'write': return writeArray(args[0] as ArrayValue, args[1] as bigint, args[2] as bigint);
    case 'concat': return ((args[0] as bigint) << BigInt((argSorts[1] as { width: number }).width)) | (args[1] as bigint);
    default: return bitvecOperator(n, args as readonly bigint[], (argSorts[0] as { width: number }).width);
  }
}

// ---------------------------------------------------------------- running the model

/**
 * The model step by step: `advance` computes every node's value at the next step from the run's
 * choices; `value` reads them. Nodes are computed in file order, which puts arguments first (and
 * a state's initial value before the state).
 */
export class Simulation {
  /** The values at the current step, by position in `model.order`. */
  private values: Value[] = [];
  /** The states' next values, by state position, for the step after the current one. */
  private nextValues: (Value | undefined)[] = [];
  private readonly position = new Map<number, number>();
  private readonly statePos = new Map<number, number>();
  private readonly inputPos = new Map<number, number>();
  private readonly argSorts: Sort[][];
  /** The current step, -1 before the first. */
  step = -1;

  constructor(readonly model: Btor2Model) {
    model.order.forEach((n, k) => this.position.set(n.id, k));
    model.states.forEach((s, k) => this.statePos.set(s.node.id, k));
    model.inputs.forEach((n, k) => this.inputPos.set(n.id, k));
    this.argSorts = model.order.map((n) => n.args.map((a) => model.nodes.get(Math.abs(a))!.sort));
  }

  /** The value of a signed id at the current step. */
  value(ref: number): Value {
    const v = this.values[this.position.get(Math.abs(ref))!]!;
    if (ref > 0) return v;
    return (v as bigint) ^ mask((this.model.nodes.get(-ref)!.sort as { width: number }).width);
  }

  /** Computes the next step (the first call: step 0) with the choices the run makes there. */
  advance(choices: StepChoices): void {
    this.step++;
    const { model } = this;
    const values: Value[] = new Array(model.order.length);
    this.values = values;
    model.order.forEach((n, k) => {
      if (n.value !== undefined) values[k] = n.value;
      else if (n.tag === 'input') values[k] = choices.inputs.get(this.inputPos.get(n.id)!) ?? zeroOf(n.sort);
      else if (n.tag === 'state') values[k] = this.stateValue(n, choices);
      else values[k] = applyOperator(n, n.args.map((a) => this.value(a)), this.argSorts[k]!);
    });
    this.nextValues = model.states.map((s) => (s.next === undefined ? undefined : this.value(s.next)));
  }

  private stateValue(n: Node, choices: StepChoices): Value {
    const k = this.statePos.get(n.id)!;
    const s = this.model.states[k]!;
    if (this.step > 0) return this.nextValues[k] ?? choices.states.get(k) ?? zeroOf(n.sort);
    if (s.init === undefined) return choices.states.get(k) ?? zeroOf(n.sort);
    const v = this.value(s.init);
    // an array state initialised with an element holds it at every index
    return n.sort.kind === 'array' && !isArray(v) ? { dflt: v, entries: new Map() } : v;
  }
}
