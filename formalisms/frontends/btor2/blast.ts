/**
 * Bit-blasting a BTOR2 model into an AIGER circuit (the parser's `AigerFile`, so that the circuit
 * front end and the circuit engines take it as they take a file), as btor2aiger does: every bit of
 * a word becomes an input, a latch or a gate, named `name[i]` in the symbol table (a width-1 word
 * keeps its name).
 *
 * Inputs are inputs. A state with `next` is a latch per bit, reset to its `init` when that is a
 * constant and uninitialised otherwise; a state without `next` is a fresh input per bit at every
 * step. Where a state's value at step 0 is its `init` but not a latch reset (an initial value
 * computed from other states, or the `init` of a state without `next`), one more latch, `started`
 * (reset 0, then 1), chooses between the `init` expression at step 0 and the latch or input after
 * it. Every bad state property is a bad-state literal (`b<i>` stays `b<i>`), every constraint an
 * invariant constraint, every `justice` line a justice property (`j<i>`) and every `fair` line a
 * fairness constraint, as AIGER 1.9 has them; outputs are left out.
 *
 * An array whose index has at most MAX_INDEX_BITS bits is expanded into one word per element
 * (reads are multiplexer trees over the index bits, writes compare the index with every element's
 * position); larger arrays, and circuits beyond MAX_GATES AND gates, are refused with the reason,
 * and the word-level engines check those models. The widest arrays expanded (8 index bits, 256
 * elements) cost up to 256 latches per element bit; see the guide for the sizes measured on the
 * development set.
 *
 * Each state's and input's value is kept as the literals of its bits, so that a run of the circuit
 * is read back as a run of the model (`runOfCircuit`), which the BTOR2 witness check replays on
 * the simulator.
 */
import type { AigerFile, AigerLatch, Reset } from '../aiger/read.js';
import { aigFromFile } from '../../aig.js';
import { litValue, runSteps, type Run } from '../../aig-eval.js';
import { CONSTANTS, nodeName, sortText, type Btor2Model, type Node, type Sort } from './model.js';
import {
  FALSE, GateBudget, Gates, TRUE, add, constant, equal, magnitude, mul, muxWord, neg, not, rotate, shift, slt, sub, udivrem, ult,
  type Lit, type Word,
} from './bits.js';
import { coneOf } from './words.js';
import { arrayOf, zeroOf, type Btor2Run, type Value } from './simulate.js';

/** Arrays with at most this many index bits are expanded into latches (2^8 = 256 elements). */
const MAX_INDEX_BITS = 8;
/** The largest circuit made, in AND gates. */
const MAX_GATES = 4_000_000;

/** A word's bits, or an array's elements, each its bits. */
type Bits = Word | readonly Word[];

export interface Blasted {
  readonly aiger: AigerFile;
  /** The literals of each state's value at every step (an array's elements one after the other), by state position; undefined outside the properties' cone. */
  readonly states: readonly (readonly Lit[] | undefined)[];
  readonly inputs: readonly (readonly Lit[] | undefined)[];
  /** The latch or input literals that hold each state, by state position (its value is them but at step 0 where `started` chooses the init). */
  readonly leaves: readonly (readonly Lit[] | undefined)[];
}

type BlastResult = { readonly blasted: Blasted } | { readonly refused: string };

const isArrayBits = (b: Bits): b is readonly Word[] => b.length > 0 && Array.isArray(b[0]);

/** Bits per element and elements of a sort (one element for a bit-vector). */
function shape(sort: Sort): { width: number; elements: number } {
  if (sort.kind === 'bitvec') return { width: sort.width, elements: 1 };
  return { width: (sort.element as { width: number }).width, elements: 2 ** (sort.index as { width: number }).width };
}

function flat(b: Bits): Lit[] {
  return isArrayBits(b) ? b.flat() : [...b];
}

/** Splits a flat list of literals into the sort's value. */
function shaped(lits: readonly Lit[], sort: Sort): Bits {
  if (sort.kind === 'bitvec') return lits;
  const { width, elements } = shape(sort);
  return Array.from({ length: elements }, (_, k) => lits.slice(k * width, (k + 1) * width));
}

/** Why the model cannot be blasted, or undefined. */
function refusal(model: Btor2Model, cone: ReadonlySet<number>): string | undefined {
  for (const n of model.order) {
    if (!cone.has(n.id) || n.sort.kind !== 'array') continue;
    const iw = (n.sort.index as { width: number }).width;
    if (iw > MAX_INDEX_BITS) {
      return `${nodeName(n)} (line ${n.line}) is an array with ${iw} index bits, ${sortText(n.sort)}: `
        + `Vigil expands arrays of up to ${MAX_INDEX_BITS} index bits (${2 ** MAX_INDEX_BITS} elements) into latches`;
    }
  }
  let leaves = 0;
  for (const n of [...model.inputs, ...model.states.map((s) => s.node)]) {
    const { width, elements } = shape(n.sort);
    if (cone.has(n.id)) leaves += width * elements;
  }
  if (leaves > MAX_GATES) return `the circuit would need ${leaves} inputs and latches, more than the ${MAX_GATES} Vigil makes`;
  return undefined;
}

/** The circuit of a model, with every bad state property and constraint, or why it is not made. */
export function blast(model: Btor2Model): BlastResult {
  const cone = coneOf(model, [...model.bads.map((b) => b.arg), ...model.constraints.map((c) => c.arg), ...model.fairs.map((f) => f.arg), ...model.justices.flatMap((j) => j.args)]);
  const refused = refusal(model, cone);
  if (refused) return { refused };
  try {
    return { blasted: new Blaster(model, cone).run() };
  } catch (e) {
    if (e instanceof GateBudget) return { refused: `${e.message}: the word-level engines check this model` };
    throw e;
  }
}

const isConstant = (n: Node) => (CONSTANTS as readonly string[]).includes(n.tag);

class Blaster {
  private readonly bits = new Map<number, Bits>();
  private readonly inputLits: (Lit[] | undefined)[];
  private readonly stateLits: (Lit[] | undefined)[];
  /** Per state position with a latch: its first latch's index among the latches. */
  private readonly latchOf: (number | undefined)[];
  private readonly latches: { lit: Lit; next: Lit; reset: Reset }[] = [];
  private readonly inputs: Lit[] = [];
  private readonly names = { inputs: new Map<number, string>(), latches: new Map<number, string>() };
  private readonly started: Lit | undefined;
  private readonly leaves: (Lit[] | undefined)[];
  private readonly gates: Gates;

  constructor(private readonly model: Btor2Model, private readonly cone: ReadonlySet<number>) {
    const inCone = (n: Node) => cone.has(n.id);
    // a state whose value at step 0 is an init expression that no reset can hold needs `started`
    const needsStart = model.states.some((s) => inCone(s.node) && s.init !== undefined
      && (s.next === undefined || !isConstant(model.nodes.get(Math.abs(s.init))!)));
    let v = 0;
    const newInputs = (n: Node, name: string): Lit[] => {
      const { width, elements } = shape(n.sort);
      return Array.from({ length: width * elements }, (_, i) => {
        this.names.inputs.set(this.inputs.length, bitName(name, n.sort, i));
        const lit = 2 * ++v;
        this.inputs.push(lit);
        return lit;
      });
    };
    this.inputLits = model.inputs.map((n) => (inCone(n) ? newInputs(n, wordName(n)) : undefined));
    const free = model.states.map((s) => (inCone(s.node) && s.next === undefined ? newInputs(s.node, wordName(s.node)) : undefined));
    this.latchOf = model.states.map((s) => {
      if (!inCone(s.node) || s.next === undefined) return undefined;
      const first = this.latches.length;
      const { width, elements } = shape(s.node.sort);
      for (let i = 0; i < width * elements; i++) {
        this.names.latches.set(this.latches.length, bitName(wordName(s.node), s.node.sort, i));
        this.latches.push({ lit: 2 * ++v, next: FALSE, reset: 'x' });
      }
      return first;
    });
    if (needsStart) {
      this.names.latches.set(this.latches.length, 'started');
      this.started = 2 * ++v;
      this.latches.push({ lit: this.started, next: TRUE, reset: 0 });
    }
    this.stateLits = free;
    this.leaves = model.states.map((s, k) => {
      const first = this.latchOf[k];
      if (first === undefined) return free[k];
      const { width, elements } = shape(s.node.sort);
      return this.latches.slice(first, first + width * elements).map((l) => l.lit);
    });
    this.gates = new Gates(v + 1, MAX_GATES);
  }

  run(): Blasted {
    const { model, gates } = this;
    const stateAt = new Map(model.states.map((s, k) => [s.node.id, k]));
    const inputAt = new Map(model.inputs.map((n, k) => [n.id, k]));
    for (const n of model.order) {
      if (!this.cone.has(n.id)) continue;
      if (n.tag === 'input') this.bits.set(n.id, shaped(this.inputLits[inputAt.get(n.id)!]!, n.sort));
      else if (n.tag === 'state') this.bits.set(n.id, this.state(stateAt.get(n.id)!));
      else if (n.value !== undefined) this.bits.set(n.id, constant(n.value, (n.sort as { width: number }).width));
      else this.bits.set(n.id, this.operator(n));
    }
    model.states.forEach((s, k) => {
      const first = this.latchOf[k];
      if (first === undefined) return;
      flat(this.arg(s.next!)).forEach((l, i) => { this.latches[first + i]!.next = l; });
    });
    const latches: AigerLatch[] = this.latches.map((l) => ({ lit: l.lit, next: l.next, reset: l.reset }));
    const word = (ref: number) => (this.arg(ref) as Word)[0]!;
    const bads = model.bads.map((b) => word(b.arg));
    const constraints = model.constraints.map((c) => word(c.arg));
    const justice = model.justices.map((j) => j.args.map(word));
    const fairness = model.fairs.map((f) => word(f.arg));
    const named = (lines: readonly { readonly symbol?: string }[]) => new Map(lines.flatMap((l, k) => (l.symbol === undefined ? [] : [[k, l.symbol] as const])));
    const symbols = {
      inputs: this.names.inputs,
      latches: this.names.latches,
      outputs: new Map<number, string>(),
      bads: named(model.bads),
      constraints: named(model.constraints),
      justice: named(model.justices),
      fairness: named(model.fairs),
    };
    const aiger: AigerFile = {
      file: model.file, binary: false, maxVar: this.inputs.length + latches.length + gates.count,
      inputs: this.inputs, latches, outputs: [], bads, constraints, justice, fairness, ands: Int32Array.from(gates.ands), symbols,
      comments: [`bit-blasted from ${model.file} by vigil`],
    };
    return { aiger, states: this.stateLits, inputs: this.inputLits, leaves: this.leaves };
  }

  /** The value of state k at every step: its latches or inputs, or its init at step 0 where no reset holds it. */
  private state(k: number): Bits {
    const s = this.model.states[k]!;
    const sort = s.node.sort;
    const first = this.latchOf[k];
    const { elements } = shape(sort);
    let lits = this.leaves[k]!;
    if (s.init !== undefined) {
      const init = this.arg(s.init);
      // an array initialised with an element holds it everywhere
      const initial = sort.kind === 'array' && !isArrayBits(init) ? Array.from({ length: elements }, () => init).flat() : flat(init);
      const resettable = first !== undefined && isConstant(this.model.nodes.get(Math.abs(s.init))!);
      if (resettable) {
        initial.forEach((l, i) => { this.latches[first + i]!.reset = l === TRUE ? 1 : 0; });
      } else {
        lits = lits.map((l, i) => this.gates.mux(this.started!, l, initial[i]!));
      }
    }
    this.stateLits[k] = lits;
    return shaped(lits, sort);
  }

  /** The bits of a signed id (a negated word is its bits negated). */
  private arg(ref: number): Bits {
    const b = this.bits.get(Math.abs(ref))!;
    return ref > 0 ? b : not(b as Word);
  }

  private operator(n: Node): Bits {
    const g = this.gates;
    const args = n.args.map((a) => this.arg(a));
    const [a, b, c] = args as [Word, Word, Word];
    const w = a.length;
    const msb = (x: Word) => x[x.length - 1]!;
    const one = (l: Lit): Word => [l];
    switch (n.tag) {
      case 'not': return not(a);
      case 'inc': return add(g, a, constant(0n, w), TRUE).sum;
      case 'dec': return add(g, a, constant(-1n, w)).sum;
      case 'neg': return neg(g, a);
      case 'redand': return one(g.all(a));
      case 'redor': return one(g.any(a));
      case 'redxor': return one(a.reduce((x, y) => g.xor(x, y), FALSE));
      case 'uext': return [...a, ...constant(0n, n.params[0]!)];
      case 'sext': return [...a, ...Array.from({ length: n.params[0]! }, () => msb(a))];
      case 'slice': return a.slice(n.params[1]!, n.params[0]! + 1);
      case 'iff': return one(g.xor(a[0]!, b[0]!) ^ 1);
      case 'implies': return one(g.or(a[0]! ^ 1, b[0]!));
      case 'eq': case 'neq': {
        const same = isArrayBits(args[0]!)
          ? g.all((args[0] as readonly Word[]).map((x, k) => equal(g, x, (args[1] as readonly Word[])[k]!)))
          : equal(g, a, b);
        return one(n.tag === 'eq' ? same : same ^ 1);
      }
      case 'ugt': return one(ult(g, b, a));
      case 'ugte': return one(ult(g, a, b) ^ 1);
      case 'ult': return one(ult(g, a, b));
      case 'ulte': return one(ult(g, b, a) ^ 1);
      case 'sgt': return one(slt(g, b, a));
      case 'sgte': return one(slt(g, a, b) ^ 1);
      case 'slt': return one(slt(g, a, b));
      case 'slte': return one(slt(g, b, a) ^ 1);
      case 'uaddo': return one(add(g, a, b).carry);
      case 'saddo': case 'ssubo': {
        const r = n.tag === 'saddo' ? add(g, a, b).sum : sub(g, a, b).diff;
        const signs = n.tag === 'saddo' ? g.xor(msb(a), msb(b)) ^ 1 : g.xor(msb(a), msb(b));
        return one(g.and(signs, g.xor(msb(r), msb(a))));
      }
      case 'usubo': return one(ult(g, a, b));
      case 'umulo': {
        const p = mul(g, [...a, ...constant(0n, w)], [...b, ...constant(0n, w)]);
        return one(g.any(p.slice(w)));
      }
      case 'smulo': {
        const ext = (x: Word) => [...x, ...Array.from({ length: w }, () => msb(x))];
        const p = mul(g, ext(a), ext(b));
        const sign = p[w - 1]!;
        return one(g.any(p.slice(w).map((l) => g.xor(l, sign))));
      }
      case 'sdivo': return one(g.and(equal(g, a, constant(1n << BigInt(w - 1), w)), g.all(b)));
      case 'and': return a.map((l, i) => g.and(l, b[i]!));
      case 'nand': return a.map((l, i) => g.and(l, b[i]!) ^ 1);
      case 'or': return a.map((l, i) => g.or(l, b[i]!));
      case 'nor': return a.map((l, i) => g.or(l, b[i]!) ^ 1);
      case 'xor': return a.map((l, i) => g.xor(l, b[i]!));
      case 'xnor': return a.map((l, i) => g.xor(l, b[i]!) ^ 1);
      case 'sll': case 'srl': case 'sra': return shift(g, n.tag, a, b);
      case 'rol': case 'ror': return rotate(g, n.tag === 'rol', a, b);
      case 'add': return add(g, a, b).sum;
      case 'sub': return sub(g, a, b).diff;
      case 'mul': return mul(g, a, b);
      case 'udiv': return udivrem(g, a, b).q;
      case 'urem': return udivrem(g, a, b).r;
      case 'sdiv': {
        const q = udivrem(g, magnitude(g, a), magnitude(g, b)).q;
        return muxWord(g, g.xor(msb(a), msb(b)), neg(g, q), q);
      }
      case 'srem': {
        const r = udivrem(g, magnitude(g, a), magnitude(g, b)).r;
        return muxWord(g, msb(a), neg(g, r), r);
      }
      case 'smod': {
        const u = udivrem(g, magnitude(g, a), magnitude(g, b)).r;
        const zero = g.any(u) ^ 1;
        const minus = neg(g, u);
        const differ = g.xor(msb(a), msb(b));
        // same signs or u = 0: u with a's sign; else (a negative) b - u, (a positive) u + b
        const plain = muxWord(g, msb(a), minus, u);
        const mixed = muxWord(g, msb(a), add(g, b, minus).sum, add(g, u, b).sum);
        return muxWord(g, g.and(differ, zero ^ 1), mixed, plain);
      }
      case 'concat': return [...b, ...a];
      case 'ite': {
        const cond = a[0]!;
        if (isArrayBits(args[1]!)) return (args[1] as readonly Word[]).map((x, k) => muxWord(g, cond, x, (args[2] as readonly Word[])[k]!));
        return muxWord(g, cond, b, c);
      }
      case 'read': return this.read(args[0] as readonly Word[], b);
      case 'write': {
        const arr = args[0] as readonly Word[];
        return arr.map((x, k) => muxWord(g, equal(g, b, constant(BigInt(k), b.length)), c, x));
      }
      default: throw new Error(`cannot blast '${n.tag}'`);
    }
  }

  /** A read as a multiplexer tree over the index bits, the lowest bit at the leaves. */
  private read(arr: readonly Word[], index: Word): Word {
    let layer: readonly Word[] = arr;
    for (const bit of index) {
      const up: Word[] = [];
      for (let k = 0; k < layer.length; k += 2) up.push(muxWord(this.gates, bit, layer[k + 1]!, layer[k]!));
      layer = up;
    }
    return layer[0]!;
  }
}

/** How a word is named in the symbol table: its symbol, or its tag and id. */
function wordName(n: Node): string {
  return n.symbol ?? `${n.tag}${n.id}`;
}

/** The symbol of bit i of a word or array: `name[i]`, `name[k][i]` for element k, the name itself for width 1. */
function bitName(name: string, sort: Sort, i: number): string {
  const { width } = shape(sort);
  if (sort.kind === 'array') return `${name}[${Math.floor(i / width)}][${i % width}]`;
  return width === 1 ? name : `${name}[${i}]`;
}

/** The value of a word or array from its bits' values. */
function valueOf(lits: readonly Lit[], sort: Sort, bit: (l: Lit) => number): Value {
  const word = (ls: readonly Lit[]) => ls.reduce((v, l, i) => (bit(l) ? v | (1n << BigInt(i)) : v), 0n);
  if (sort.kind === 'bitvec') return word(lits);
  const { width, elements } = shape(sort);
  return arrayOf(0n, Array.from({ length: elements }, (_, k) => [BigInt(k), word(lits.slice(k * width, (k + 1) * width))] as const));
}

/**
 * A run of the blasted circuit (initial latches and one input vector per step, by position) as a
 * run of the model: the inputs, and the states the model leaves open, read off the circuit's
 * literals at each step.
 */
export function runOfCircuit(model: Btor2Model, blasted: Blasted, run: Run): Btor2Run {
  const aig = aigFromFile(blasted.aiger);
  const steps: Btor2Run[number][] = [];
  for (const values of runSteps(aig, run)) {
    const step = steps.length;
    const bit = (l: Lit) => litValue(values, l);
    const inputs = new Map<number, Value>();
    blasted.inputs.forEach((lits, k) => { if (lits) inputs.set(k, valueOf(lits, model.inputs[k]!.sort, bit)); });
    const states = new Map<number, Value>();
    blasted.states.forEach((lits, k) => {
      const s = model.states[k]!;
      if (lits && (step === 0 ? s.init === undefined : s.next === undefined)) states.set(k, valueOf(lits, s.node.sort, bit));
    });
    steps.push({ inputs, states });
  }
  return steps;
}

/** The bits of a word or array value, an array's elements one after the other. */
function bitsOf(v: Value, sort: Sort): number[] {
  const { width, elements } = shape(sort);
  const word = (x: bigint) => Array.from({ length: width }, (_, i) => Number((x >> BigInt(i)) & 1n));
  if (typeof v === 'bigint') return word(v);
  return Array.from({ length: elements }, (_, k) => word(v.entries.get(BigInt(k)) ?? v.dflt)).flat();
}

/**
 * A run of the model as a run of the blasted circuit: the latches' initial values (the open states'
 * values, the resets, 0 for `started` and for latches an init expression overrides) and each step's
 * input vector (the inputs, and the states without next; 0 where an init overrides them).
 */
export function circuitRunOf(model: Btor2Model, blasted: Blasted, run: Btor2Run): Run {
  const file = blasted.aiger;
  const I = file.inputs.length;
  const latches: number[] = file.latches.map((l) => (l.reset === 1 ? 1 : 0));
  const inputs = run.map(() => new Array<number>(I).fill(0));
  const place = (lits: readonly Lit[], bits: readonly number[], step: number) => lits.forEach((lit, i) => {
    const p = lit / 2 - 1;
    if (p < I) inputs[step]![p] = bits[i]!;
    else if (step === 0) latches[p - I] = bits[i]!;
  });
  run.forEach((choices, step) => {
    model.inputs.forEach((n, k) => {
      const lits = blasted.inputs[k];
      if (lits) place(lits, bitsOf(choices.inputs.get(k) ?? zeroOf(n.sort), n.sort), step);
    });
    model.states.forEach((s, k) => {
      const lits = blasted.leaves[k];
      const open = step === 0 ? s.init === undefined : s.next === undefined;
      if (lits && open) place(lits, bitsOf(choices.states.get(k) ?? zeroOf(s.node.sort), s.node.sort), step);
    });
  });
  return { latches, inputs };
}
