/**
 * And-inverter graphs (AIGs) and their classic reductions: cone of influence and constant
 * propagation with structural hashing.
 *
 * Nodes are numbered in the order of the binary AIGER format: node 0 is the constant false, then
 * the inputs, the latches, and the AND gates, each gate after its two fanins. A literal is
 * `2 * node + negated`, as in AIGER. Because fanins always come first, every pass over the graph is
 * a plain loop over node numbers; nothing recurses, however deep the circuit.
 *
 * Node counts follow Theta's convention (formats.md 4.8): one node for the constant, one per input,
 * latch and gate. A graph read from a file counts the constant; a reduced graph counts it only when
 * something in the cone still refers to it.
 */
import type { AigerFile, Reset } from './frontends/aiger/read.js';
import { VarTable } from '../lang/var-table.js';
import { PairTable } from './pair-table.js';
import { resized } from '../lang/sat/resized.js';
import { IntList } from '../lang/int-list.js';

/** `2 * node + 1` for the negation of a node, `2 * node` for the node itself. */
export type Lit = number;

export const FALSE_LIT: Lit = 0;
export const TRUE_LIT: Lit = 1;

export interface AigInput {
  /** Position among the file's inputs (kept through reductions, for witnesses). */
  readonly index: number;
  readonly name?: string;
}

export interface AigLatch {
  /** Position among the file's latches (kept through reductions, for witnesses). */
  readonly index: number;
  readonly name?: string;
  readonly next: Lit;
  readonly reset: Reset;
}

/** A bad-state property, a constraint or a fairness constraint: a literal with where it came from. */
export interface AigSignal {
  readonly lit: Lit;
  /** The file section: bad states, outputs (bad states when the file has no B or J section), constraints, or fairness. */
  readonly section: 'bad' | 'output' | 'constraint' | 'fairness';
  /** Position in that section. */
  readonly index: number;
  readonly name?: string;
}

/** A justice property (AIGER 1.9): it fails on a run on which each of its literals is 1 infinitely often. */
interface AigJustice {
  readonly lits: readonly Lit[];
  /** Position among the file's justice properties. */
  readonly index: number;
  readonly name?: string;
}

/** The signals of a graph: what its reductions keep the cones of and carry through. */
interface AigSignals {
  /** Each literal is a bad state: the property holds when it is never 1. */
  readonly properties: readonly AigSignal[];
  /** Invariant constraints: only executions where they stay 1 count. */
  readonly constraints: readonly AigSignal[];
  /** Justice properties: each holds when no run satisfying the constraints and the fairness has all its literals 1 infinitely often. */
  readonly justice: readonly AigJustice[];
  /** Fairness constraints, global to the justice properties (not to the bad states): only runs on which each is 1 infinitely often count. */
  readonly fairness: readonly AigSignal[];
}

export interface Aig extends AigSignals {
  readonly file: string;
  /** Input k is node 1 + k. */
  readonly inputs: readonly AigInput[];
  /** Latch k is node 1 + inputs + k. */
  readonly latches: readonly AigLatch[];
  /** Gate k is node 1 + inputs + latches + k; its fanin literals are `fanins[2k]` and `fanins[2k + 1]`. */
  readonly fanins: Int32Array;
  /** Whether the constant node is part of the graph (see the module comment). */
  readonly hasConstant: boolean;
}

export function andCount(aig: Aig): number {
  return aig.fanins.length / 2;
}

export function nodeCount(aig: Aig): number {
  return (aig.hasConstant ? 1 : 0) + aig.inputs.length + aig.latches.length + andCount(aig);
}

export function firstGateNode(aig: Aig): number {
  return 1 + aig.inputs.length + aig.latches.length;
}

interface AigSummary {
  readonly inputs: number;
  readonly latches: number;
  readonly ands: number;
  readonly properties: number;
}

export function aigSummary(aig: Aig): AigSummary {
  return { inputs: aig.inputs.length, latches: aig.latches.length, ands: andCount(aig), properties: aig.properties.length };
}

/**
 * `a & b` with structural hashing in `table`: folded when trivial (x & 0, x & 1, x & x, x & ~x),
 * else the literal the table holds for the pair (the larger literal first), else the one `create`
 * makes, which the table then remembers.
 */
function hashedAnd(table: PairTable, a: Lit, b: Lit, create: (a: Lit, b: Lit) => Lit): Lit {
  if (a < b) { const t = a; a = b; b = t; }
  if (b === FALSE_LIT || a === (b ^ 1)) return FALSE_LIT;
  if (b === TRUE_LIT || a === b) return a;
  const known = table.get(a, b);
  if (known >= 0) return known;
  const lit = create(a, b);
  table.set(a, b, lit);
  return lit;
}

/** Builds a graph node by node: inputs first, then latches, then gates over earlier nodes. */
class AigBuilder {
  readonly inputs: AigInput[] = [];
  readonly latches: { index: number; name?: string; next: Lit; reset: Reset }[] = [];
  /**
   * The fanin pairs of the `gates` gates so far, in a typed array sized for the gates expected and
   * doubled when full: a JS array grown by `push` allocates about three times its final size on
   * the way, at eight bytes an element, and a check copies the graph three or four times.
   */
  private fanins: Int32Array;
  private gates = 0;
  /** Gates by fanin pair (the larger literal first). */
  private readonly hashed: PairTable;
  /** `rawAnd` as a function, made once: `and` hands it to the hashing on every new gate. */
  private readonly newGate = (a: Lit, b: Lit): Lit => this.rawAnd(a, b);

  /** `gates`: about how many gates the graph will have; `hashed`: how many of them `and` makes (the hash table is sized for them). */
  constructor(readonly file: string, gates = 0, hashed = gates) {
    this.fanins = new Int32Array(2 * Math.max(gates, 16));
    this.hashed = new PairTable(hashed);
  }

  private get nodes(): number {
    return 1 + this.inputs.length + this.latches.length + this.gates;
  }

  input(info: AigInput): Lit {
    this.inputs.push(info);
    return 2 * this.inputs.length;
  }

  /** A latch whose next-state literal is set once the gates exist. */
  latch(info: AigLatch): Lit {
    this.latches.push({ ...info });
    return 2 * (this.inputs.length + this.latches.length);
  }

  /** A gate exactly as given, without folding or sharing (graphs read from files keep their gates). */
  rawAnd(a: Lit, b: Lit): Lit {
    const lit = 2 * this.nodes;
    if (2 * this.gates === this.fanins.length) this.fanins = resized(this.fanins, 2 * this.fanins.length);
    this.fanins[2 * this.gates] = a;
    this.fanins[2 * this.gates + 1] = b;
    this.gates++;
    return lit;
  }

  /**
   * The graph's gates, before any other, as their fan-in pairs: the array becomes the builder's, or
   * with `room` a copy of it with room for that many more gates does. Code that runs over every
   * gate of a large file, once and cold, writes the pairs in one loop instead of calling `rawAnd`
   * per gate.
   */
  firstGates(pairs: Int32Array, room = 0): void {
    if (this.gates !== 0) throw new Error('firstGates: the graph has gates already');
    if (room > 0) {
      this.fanins = new Int32Array(pairs.length + 2 * room);
      this.fanins.set(pairs);
    } else {
      this.fanins = pairs;
    }
    this.gates = pairs.length / 2;
  }

  /** A gate with trivial cases folded and structural hashing: `a & b` and `b & a` are one node. */
  and(a: Lit, b: Lit): Lit {
    return hashedAnd(this.hashed, a, b, this.newGate);
  }

  finish(signals: AigSignals, hasConstant: boolean): Aig {
    const used = 2 * this.gates;
    const fanins = used === this.fanins.length ? this.fanins : this.fanins.slice(0, used);
    return { file: this.file, inputs: this.inputs, latches: this.latches, fanins, ...signals, hasConstant };
  }
}

/** Rewrites a literal through a node map (old node -> new literal). */
function through(map: Int32Array, lit: Lit): Lit {
  return map[lit >> 1]! ^ (lit & 1);
}

function mapSignals(signals: readonly AigSignal[], map: Int32Array): AigSignal[] {
  return signals.map((s) => ({ ...s, lit: through(map, s.lit) }));
}

/** Every signal of `aig` rewritten through a node map. */
function mapAll(aig: AigSignals, map: Int32Array): AigSignals {
  return {
    properties: mapSignals(aig.properties, map),
    constraints: mapSignals(aig.constraints, map),
    justice: aig.justice.map((j) => ({ ...j, lits: j.lits.map((l) => through(map, l)) })),
    fairness: mapSignals(aig.fairness, map),
  };
}

/** The literals of every signal: the roots of the cone of influence. */
function signalLits(aig: AigSignals): Lit[] {
  return [...aig.properties, ...aig.constraints, ...aig.fairness].map((s) => s.lit).concat(aig.justice.flatMap((j) => j.lits));
}

/**
 * The graph of a file, gate for gate: one node per input, latch and AND gate, and the constant.
 * The properties are the bad-state literals, or the outputs when the file has no B section (4.6)
 * and no justice properties (AIGER 1.9: outputs are properties only in files without B and J).
 */
export function aigFromFile(file: AigerFile): Aig {
  const ands = file.ands;
  const inOrder = numberedAsGraph(file);
  const b = new AigBuilder(file.file, inOrder ? 0 : ands.length / 3, 0);
  let lit = (l: number): Lit => l;
  if (inOrder) {
    file.inputs.forEach((_, index) => b.input({ index, name: file.symbols.inputs.get(index) }));
    file.latches.forEach((latch, index) => b.latch({ index, name: file.symbols.latches.get(index), next: FALSE_LIT, reset: latch.reset }));
    // the triples `lhs, rhs0, rhs1` of the graph's own gates, in order: their fan-ins as they stand
    const gates = ands.length / 3;
    const pairs = new Int32Array(2 * gates);
    for (let g = 0; g < gates; g++) {
      pairs[2 * g] = ands[3 * g + 1]!;
      pairs[2 * g + 1] = ands[3 * g + 2]!;
    }
    b.firstGates(pairs);
  } else {
    const byVar = new VarTable(file.maxVar, file.inputs.length + file.latches.length + ands.length / 3);
    byVar.set(0, FALSE_LIT);
    lit = (l: number): Lit => byVar.get(l >> 1) ^ (l & 1);
    file.inputs.forEach((l, index) => byVar.set(l >> 1, b.input({ index, name: file.symbols.inputs.get(index) })));
    file.latches.forEach((latch, index) => {
      byVar.set(latch.lit >> 1, b.latch({ index, name: file.symbols.latches.get(index), next: FALSE_LIT, reset: latch.reset }));
    });
    for (let i = 0; i < ands.length; i += 3) byVar.set(ands[i]! >> 1, b.rawAnd(lit(ands[i + 1]!), lit(ands[i + 2]!)));
  }
  file.latches.forEach((latch, k) => { b.latches[k]!.next = lit(latch.next); });
  const signals = (lits: readonly number[], section: AigSignal['section'], names: ReadonlyMap<number, string>) =>
    lits.map((l, index) => ({ lit: lit(l), section, index, name: names.get(index) }));
  const properties = file.bads.length || file.justice.length
    ? signals(file.bads, 'bad', file.symbols.bads)
    : signals(file.outputs, 'output', file.symbols.outputs);
  const justice = file.justice.map((lits, index) => ({ lits: lits.map(lit), index, name: file.symbols.justice.get(index) }));
  return b.finish({
    properties, constraints: signals(file.constraints, 'constraint', file.symbols.constraints),
    justice, fairness: signals(file.fairness, 'fairness', file.symbols.fairness),
  }, true);
}

/**
 * Whether the file's variables are the graph's nodes: inputs 1 to I, then the latches, then the
 * gates in order, and nothing beyond. Every binary file is (AIGER 1.9 fixes its numbering), and so
 * are most ASCII ones; their literals are then the graph's as they stand.
 */
function numberedAsGraph(file: AigerFile): boolean {
  const inputs = file.inputs.length;
  const latches = file.latches.length;
  const ands = file.ands;
  if (file.maxVar !== inputs + latches + ands.length / 3) return false;
  if (file.binary) return true;
  for (let k = 0; k < inputs; k++) if (file.inputs[k] !== 2 * (1 + k)) return false;
  for (let k = 0; k < latches; k++) if (file.latches[k]!.lit !== 2 * (1 + inputs + k)) return false;
  for (let i = 0, v = 1 + inputs + latches; i < ands.length; i += 3, v++) if (ands[i] !== 2 * v) return false;
  return true;
}

/** The gates reading each node (compressed rows): those of node n are `gates[start[n]]` up to `gates[start[n + 1]]`. */
interface Fanouts {
  readonly start: Int32Array;
  readonly gates: Int32Array;
}

export function gateFanouts(aig: Aig): Fanouts {
  const fanins = aig.fanins;
  const firstGate = firstGateNode(aig);
  const total = firstGate + andCount(aig);
  const start = new Int32Array(total + 1);
  for (let i = 0; i < fanins.length; i++) start[(fanins[i]! >> 1) + 1]!++;
  for (let n = 0; n < total; n++) start[n + 1]! += start[n]!;
  const gates = new Int32Array(fanins.length);
  const fill = start.slice(0, total);
  for (let i = 0; i < fanins.length; i++) gates[fill[fanins[i]! >> 1]!++] = firstGate + (i >> 1);
  return { start, gates };
}

/**
 * The nodes the literals `roots` depend on within one step (gates, and the inputs and latches they
 * end in), marked 1: fanins precede their gates, so one descending pass finds them all.
 */
export function combinationalCone(aig: Aig, roots: Iterable<Lit>): Uint8Array {
  const firstGate = firstGateNode(aig);
  const marked = new Uint8Array(firstGate + andCount(aig));
  for (const r of roots) marked[r >> 1] = 1;
  for (let n = marked.length - 1; n >= firstGate; n--) {
    if (!marked[n]) continue;
    marked[aig.fanins[2 * (n - firstGate)]! >> 1] = 1;
    marked[aig.fanins[2 * (n - firstGate) + 1]! >> 1] = 1;
  }
  return marked;
}

/**
 * Cone-of-influence reduction: keeps the nodes the properties, constraints, justice properties and
 * fairness constraints depend on, through gate fanins and latch next-state functions, renumbered in
 * the same order.
 */
export function coneOfInfluence(aig: Aig): Aig {
  const fanins = aig.fanins;
  const firstGate = firstGateNode(aig);
  const firstLatch = 1 + aig.inputs.length;
  const total = firstGate + andCount(aig);
  const keep = new Uint8Array(total);
  // a node is pushed when first kept, so the stack never holds more than the graph; typed and
  // without calls, since this runs over every gate of the file, cold
  const stack = new Int32Array(total);
  let top = 0;
  for (const l of signalLits(aig)) if (!keep[l >> 1]) { keep[l >> 1] = 1; stack[top++] = l >> 1; }
  while (top > 0) {
    const n = stack[--top]!;
    if (n >= firstGate) {
      const left = fanins[2 * (n - firstGate)]! >> 1;
      const right = fanins[2 * (n - firstGate) + 1]! >> 1;
      if (!keep[left]) { keep[left] = 1; stack[top++] = left; }
      if (!keep[right]) { keep[right] = 1; stack[top++] = right; }
    } else if (n >= firstLatch) {
      const m = aig.latches[n - firstLatch]!.next >> 1;
      if (!keep[m]) { keep[m] = 1; stack[top++] = m; }
    }
  }
  // the whole graph is the cone (as for most single-property circuits): renumbering would change nothing
  if (keep.indexOf(0, 1) < 0) return { ...aig, hasConstant: keep[0] === 1 };
  const b = new AigBuilder(aig.file, 0, 0);
  const map = new Int32Array(total);
  for (let n = 1; n < firstGate; n++) {
    if (!keep[n]) continue;
    map[n] = n < firstLatch ? b.input(aig.inputs[n - 1]!) : b.latch(aig.latches[n - firstLatch]!);
  }
  // the kept gates in order, their fan-ins written as they are renumbered
  let kept = 0;
  for (let n = firstGate; n < total; n++) kept += keep[n]!;
  const pairs = new Int32Array(2 * kept);
  for (let n = firstGate, g = 0, lit = 2 * (1 + b.inputs.length + b.latches.length); n < total; n++) {
    if (!keep[n]) continue;
    const x = fanins[2 * (n - firstGate)]!;
    const y = fanins[2 * (n - firstGate) + 1]!;
    map[n] = lit;
    pairs[g++] = map[x >> 1]! ^ (x & 1);
    pairs[g++] = map[y >> 1]! ^ (y & 1);
    lit += 2;
  }
  b.firstGates(pairs);
  for (const latch of b.latches) latch.next = through(map, latch.next);
  return b.finish(mapAll(aig, map), keep[0] === 1);
}

/**
 * Constant propagation with structural hashing. Gates are rebuilt with trivial cases folded
 * (x & 0 = 0, x & 1 = x, x & x = x, x & ~x = 0) and equal gates shared. A latch is constant when
 * it has a reset value and its next-state function, with the constant latches replaced by their
 * values, is that same value: then by induction it never changes (`constantLatches` finds them).
 * The result still contains everything; apply `coneOfInfluence` to drop what became irrelevant.
 *
 * The graph is the one the search for constant latches hashed last: each gate's literal there is
 * its folded, shared rebuild, so the gates are made from those literals in the order of the nodes
 * that first reach them, as hashing them again would make them, without a second table.
 */
export function propagateConstants(aig: Aig): Aig {
  const { constant, map, fresh } = latchFixpoint(aig);
  const freshFanins = fresh.data;
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  const total = firstGate + andCount(aig);
  const b = new AigBuilder(aig.file, fresh.size / 2, 0);
  // the fixpoint's nodes (the graph's inputs and latches, then its fresh gates) -> the result's literals
  const out = new Int32Array(total + fresh.size / 2);
  const of = (lit: Lit): Lit => (lit >> 1 === 0 ? lit : out[lit >> 1]! ^ (lit & 1));
  aig.inputs.forEach((input, k) => { out[1 + k] = b.input(input); });
  aig.latches.forEach((latch, k) => { if (!constant[k]) out[firstLatch + k] = b.latch(latch); });
  for (let n = firstGate; n < total; n++) {
    const node = map[n]! >> 1;
    if (node < total || out[node] !== 0) continue;
    // its fanins are the literals of lower nodes, made already; the larger first, as hashing orders them
    const x = of(freshFanins[2 * (node - total)]!);
    const y = of(freshFanins[2 * (node - total) + 1]!);
    out[node] = x > y ? b.rawAnd(x, y) : b.rawAnd(y, x);
  }
  const result = new Int32Array(total);
  for (let n = 1; n < total; n++) result[n] = of(map[n]!);
  for (const latch of b.latches) latch.next = through(result, latch.next);
  return b.finish(mapAll(aig, result), true);
}

/**
 * The latches that stay at their reset value, by structural hashing: the greatest set of
 * initialised latches whose next-state functions, rebuilt with folding and sharing as in
 * `propagateConstants` and with the latches of the set replaced by their values, are those values.
 * The candidates start as all initialised latches and shrink until they agree (a latch with reset 0
 * driven by constant 0 is the simplest case); uninitialised latches are never constant.
 */
export function constantLatches(aig: Aig): boolean[] {
  return latchFixpoint(aig).constant;
}

/**
 * The search of `constantLatches`, with the graph it hashed last: `map` gives every node's literal,
 * over the graph's inputs and latches (their own literals, constants for the constant latches) and
 * fresh gates numbered from the graph's size up, whose fanin pairs (the larger first) are listed
 * in `fresh`.
 *
 * Each round only rebuilds the gates whose fanins changed since the last one and that the
 * candidates' next-state functions read (a chain of latches can take dozens of rounds on a graph
 * of tens of thousands of gates); the others are rebuilt once, after the last round. For that the
 * gates are hashed into one table kept across rounds: a gate's literal then depends only on what
 * it computes, exactly as in a fresh rebuild, so the constants found are the same.
 */
function latchFixpoint(aig: Aig): { constant: boolean[]; map: Int32Array; fresh: IntList } {
  const fanins = aig.fanins;
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  const gates = andCount(aig);
  const total = firstGate + gates;
  const constant = aig.latches.map((l) => l.reset !== 'x');
  // the gates to redo when a node's literal changes
  const { start, gates: fanout } = gateFanouts(aig);
  const table = new PairTable(gates);
  const fresh = new IntList(2 * gates);
  const freshLit = (a: Lit, b: Lit): Lit => {
    fresh.push(a);
    fresh.push(b);
    return 2 * (total + fresh.size / 2 - 1);
  };
  const and = (a: Lit, b: Lit): Lit => hashedAnd(table, a, b, freshLit);
  const map = new Int32Array(total);
  for (let n = 1; n < firstGate; n++) map[n] = 2 * n;
  aig.latches.forEach((latch, k) => { if (constant[k]) map[firstLatch + k] = latch.reset === 1 ? TRUE_LIT : FALSE_LIT; });
  const dirty = new Uint8Array(total);
  dirty.fill(1, firstGate);
  // the candidates' cone shrinks as they drop
  const cone = new CandidateCone(aig, constant);
  const readers = cone.readers;
  const rebuild = (from: number, all: boolean): void => {
    for (let n = from; n < total; n++) {
      if (!dirty[n] || (!all && readers[n] === 0)) continue;
      dirty[n] = 0;
      const g = n - firstGate;
      const lit = and(through(map, fanins[2 * g]!), through(map, fanins[2 * g + 1]!));
      if (lit === map[n]) continue;
      map[n] = lit;
      for (let i = start[n]!; i < start[n + 1]!; i++) dirty[fanout[i]!] = 1;
    }
  };
  let lowest = firstGate;
  for (;;) {
    rebuild(lowest, false);
    lowest = total;
    let dropped = false;
    aig.latches.forEach((latch, k) => {
      const n = firstLatch + k;
      if (!constant[k] || through(map, latch.next) === map[n]) return;
      constant[k] = false;
      dropped = true;
      cone.release(latch.next);
      map[n] = 2 * n;
      for (let i = start[n]!; i < start[n + 1]!; i++) {
        dirty[fanout[i]!] = 1;
        lowest = Math.min(lowest, fanout[i]!);
      }
    });
    if (!dropped) break;
  }
  rebuild(firstGate, true);
  return { constant, map, fresh };
}

/**
 * The gates the next-state functions of the candidate latches read, with a count of the readers
 * (gates of the cone, candidates' next-state functions) of every node, so that a candidate's drop
 * takes off the gates only it read, each once over the whole search.
 */
class CandidateCone {
  /** Per node: its readers; a gate is in the cone while it has any. */
  readonly readers: Int32Array;
  private readonly firstGate: number;
  /** The walk's stack, kept from drop to drop: an array per dropped latch was most of the search's garbage. */
  private readonly stack = new IntList();

  constructor(private readonly aig: Aig, candidate: readonly boolean[]) {
    this.firstGate = firstGateNode(aig);
    const total = this.firstGate + andCount(aig);
    this.readers = new Int32Array(total);
    aig.latches.forEach((l, k) => { if (candidate[k]) this.readers[l.next >> 1]!++; });
    // fanins precede their gates: one descending pass counts every gate of the cone's readers
    for (let n = total - 1; n >= this.firstGate; n--) {
      if (this.readers[n] === 0) continue;
      this.readers[this.aig.fanins[2 * (n - this.firstGate)]! >> 1]!++;
      this.readers[this.aig.fanins[2 * (n - this.firstGate) + 1]! >> 1]!++;
    }
  }

  /** Takes off one reader of `lit`'s node, and the gates left without readers. */
  release(lit: Lit): void {
    const stack = this.stack;
    stack.push(lit >> 1);
    while (stack.size > 0) {
      const n = stack.pop();
      if (--this.readers[n]! > 0 || n < this.firstGate) continue;
      stack.push(this.aig.fanins[2 * (n - this.firstGate)]! >> 1);
      stack.push(this.aig.fanins[2 * (n - this.firstGate) + 1]! >> 1);
    }
  }
}

/**
 * The graph with nodes replaced, rebuilt with folding and structural hashing as in
 * `propagateConstants`: `replacement[n]` is a literal over nodes below n (or a constant) that stands
 * for node n, or -1 to keep it. A replaced latch disappears with its next-state function; what
 * referred to a replaced node refers to its replacement. Merging proven equivalences (SAT sweeping,
 * latch correspondence) is done this way; apply `coneOfInfluence` afterwards.
 */
export function substitute(aig: Aig, replacement: Int32Array): Aig {
  const fanins = aig.fanins;
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  const map = new Int32Array(firstGate + andCount(aig));
  const b = new AigBuilder(aig.file, andCount(aig));
  aig.inputs.forEach((input, k) => { map[1 + k] = b.input(input); });
  aig.latches.forEach((latch, k) => {
    const r = replacement[firstLatch + k]!;
    map[firstLatch + k] = r >= 0 ? through(map, r) : b.latch(latch);
  });
  for (let g = 0, gates = andCount(aig); g < gates; g++) {
    const r = replacement[firstGate + g]!;
    map[firstGate + g] = r >= 0 ? through(map, r) : b.and(through(map, fanins[2 * g]!), through(map, fanins[2 * g + 1]!));
  }
  for (const latch of b.latches) latch.next = through(map, latch.next);
  return b.finish(mapAll(aig, map), true);
}

/**
 * The graph with gates appended (folded and shared as `AigBuilder.and` does) and new properties:
 * `build` gets the gate constructor and returns the properties over old and new literals, which
 * replace the old ones (justice properties and fairness included). Inputs, latches, existing gates
 * and constraints stay as they are, so the result simulates the original node for node (witness
 * circuits are made this way).
 */
export function extendAig(aig: Aig, build: (and: (a: Lit, b: Lit) => Lit) => AigSignal[]): Aig {
  const b = new AigBuilder(aig.file, 0, 0);
  aig.inputs.forEach((input) => b.input(input));
  aig.latches.forEach((latch) => b.latch(latch));
  b.firstGates(aig.fanins, 16 + (andCount(aig) >> 4));
  const properties = build((x, y) => b.and(x, y));
  return b.finish({ properties, constraints: [...aig.constraints], justice: [], fairness: [] }, aig.hasConstant);
}

/** A latch that `extendAigWithLatches` appends: its next-state literal and reset. */
export interface NewLatch {
  readonly next: Lit;
  readonly reset: 0 | 1;
  readonly name?: string;
}

/** What the `build` of `extendAigWithLatches` returns: the new latches, and the signals that replace the old ones (none where left out). */
interface Extension {
  readonly latches: NewLatch[];
  readonly properties: AigSignal[];
  readonly justice?: AigJustice[];
  readonly fairness?: AigSignal[];
}

/**
 * The graph with `count` latches appended after its own (so gates move up by `count` nodes) and
 * `inputs` inputs after its own (so latches move up by `inputs` nodes), gates appended, and new
 * properties. `build` gets the gate constructor, the literal of each old literal in the new graph,
 * the new latches' literals and the new inputs' literals; it returns the latches' next states and
 * resets and the signals. Inputs and latches keep their positions, so the result still simulates
 * the original on them (witness circuits with latches of their own are made this way, and the
 * liveness-to-safety and k-liveness circuits). The new ones get the positions from `positions` on:
 * by default those after the graph's own (a cone's new latches take the positions they have over
 * the whole file when given the file's counts).
 */
export function extendAigWithLatches(
  aig: Aig, count: number,
  build: (and: (a: Lit, b: Lit) => Lit, old: (lit: Lit) => Lit, latches: readonly Lit[], inputs: readonly Lit[]) => Extension,
  inputs = 0,
  positions: { readonly input: number; readonly latch: number } = {
    input: aig.inputs.reduce((n, x) => Math.max(n, x.index + 1), 0),
    latch: aig.latches.reduce((n, x) => Math.max(n, x.index + 1), 0),
  },
): Aig {
  const b = new AigBuilder(aig.file, andCount(aig), 0);
  const firstGate = firstGateNode(aig);
  const map = new Int32Array(firstGate + andCount(aig));
  aig.inputs.forEach((input, k) => { map[1 + k] = b.input(input); });
  const { input: firstInput, latch: firstLatch } = positions;
  const addedInputs = Array.from({ length: inputs }, (_, k) => b.input({ index: firstInput + k }));
  aig.latches.forEach((latch, k) => { map[1 + aig.inputs.length + k] = b.latch(latch); });
  const added = Array.from({ length: count }, (_, k) => b.latch({ index: firstLatch + k, next: FALSE_LIT, reset: 0 }));
  const fanins = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) map[firstGate + g] = b.rawAnd(through(map, fanins[2 * g]!), through(map, fanins[2 * g + 1]!));
  for (const latch of b.latches.slice(0, aig.latches.length)) latch.next = through(map, latch.next);
  const old = (lit: Lit) => through(map, lit);
  const built = build((x, y) => b.and(x, y), old, added, addedInputs);
  built.latches.forEach((l, k) => Object.assign(b.latches[aig.latches.length + k]!, l));
  return b.finish({
    properties: built.properties, constraints: mapSignals(aig.constraints, map), justice: built.justice ?? [], fairness: built.fairness ?? [],
  }, aig.hasConstant);
}

/** The literal of every node of `aig` rebuilt over the given leaves (inputs, then latches, by position) with `and`. */
export function instantiate(aig: Aig, leaves: readonly Lit[], and: (a: Lit, b: Lit) => Lit): (lit: Lit) => Lit {
  const firstGate = firstGateNode(aig);
  const map = new Int32Array(firstGate + andCount(aig));
  leaves.forEach((l, k) => { map[1 + k] = l; });
  const fanins = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) map[firstGate + g] = and(through(map, fanins[2 * g]!), through(map, fanins[2 * g + 1]!));
  return (lit) => through(map, lit);
}

/** Only bad-state property `index` of the graph (its cone is then what a reduction keeps; fairness belongs to justice properties only). */
export function withProperty(aig: Aig, index: number): Aig {
  return { ...aig, properties: [aig.properties[index]!], justice: [], fairness: [] };
}

/** Only justice property `index` of the graph, with the fairness constraints, which belong to every justice property. */
export function withJustice(aig: Aig, index: number): Aig {
  return { ...aig, properties: [], justice: [aig.justice[index]!] };
}

/** Constant propagation, then cone of influence (also once before, so the propagation has less to do). */
export function reduceAig(aig: Aig): Aig {
  return coneOfInfluence(propagateConstants(coneOfInfluence(aig)));
}
