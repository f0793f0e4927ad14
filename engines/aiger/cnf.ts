/**
 * Tseitin encoding of an AIG's time frames into a SAT solver, on the fly: a node gets a SAT literal
 * in a frame only when something asks for it, so each frame holds just the cone actually queried.
 * Constants are folded while encoding (a gate with a false fanin is false, a true fanin makes the
 * gate its other fanin, equal or opposite fanins collapse), so an initial frame whose latches are
 * reset to constants shrinks to the logic that still depends on inputs and uninitialised latches.
 *
 * How gates become variables is the `encoding`'s choice. `gates`: one variable and three clauses per
 * AND gate (SAT sweeping, which asks for every node). `trees`, the default: a tree of AND gates
 * becomes one n-ary AND (one variable, one clause per leaf and one back), as in the compact
 * encodings of circuit SAT solvers: a gate read once, un-negated, by another gate and by nothing
 * else (not a latch's next state, the property, a constraint, a justice or fairness literal) is
 * absorbed into its reader, whose leaves are then the fan-ins below it. An absorbed gate has no
 * variable of its own, so the solver assigns, propagates and decides fewer variables (a third fewer
 * on pj2016). Asked for directly, it is encoded as a tree of its own.
 *
 * Among `trees`, a multiplexer, `n = AND(NOT AND(s, t), NOT AND(NOT s, e))` whose two inner gates
 * nothing else reads, becomes one variable for `n = ITE(s, NOT t, NOT e)` with its six clauses (an
 * XOR is the case `e = NOT t`, four clauses) instead of three variables and nine clauses. Unit
 * propagation on those clauses also settles `n` when both data inputs agree, whatever the
 * selector; on the three gates it waits for the selector. A fifth to a half of the gates of the
 * HWMCC circuits of hwmcc19-20 are in such shapes.
 *
 * `cells`: the circuit mapped into functions of up to four inputs first, as ABC maps its circuits
 * before encoding them (cut-mapping.ts), each cell one variable with the clauses of irredundant
 * covers of its function and its complement; a cell that comes out an AND of literals, a
 * multiplexer or an XOR is encoded as such. pdtvisgoodbakery2's property cone then takes 2,131
 * variables and 9,413 clauses, where `trees` takes 4,346 and 15,728 (ABC's `write_cnf`: 2,302 and
 * 9,848). The mapping enumerates cuts cone by cone as the encoding reaches gates; IC3 pays for it
 * only once a run is long (frames.ts), BMC from its first frame (bmc.ts).
 *
 * On request the unroller records the fan-in of each variable it defines (SatCones), so that IC3's
 * frame solvers can walk a query's cone in the solver's own variables.
 *
 * Who owns a frame's latches is the caller's business (`latchAt`): BMC chains them to the previous
 * frame's next-state literals, IC3 gives them fresh variables. The traversal uses an explicit
 * stack, so circuits of any depth encode without recursion (only a latch that asks for the previous
 * frame recurses, once per frame).
 */
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';
import type { SatCones } from './sat-cones.js';
import { GATE_AND, GATE_CELL, GATE_ITE } from '../../lang/sat/justification.js';
import { cofactor, cover, dropVariable, FULL, support, VAR } from '../../lang/sat/truth-table.js';
import { CutMapping } from './cut-mapping.js';
import { IntList } from '../../lang/int-list.js';

/** A gate's shape, as GateShapes keeps it per node (0: not asked for yet). */
const AND_SHAPE = 1;
const ABSORBED = 2;
const MUX = 3;

/**
 * The shape of each gate in the encoding: absorbed into its reader, a multiplexer, or an n-ary AND
 * of its leaves, each found when first asked for. Shared by every unrolling of the graph. Only the
 * counts of each node's readers are taken over the whole graph: IC3's frame solvers ask for the
 * cones of their queries, and shapes and leaves for every gate, in arrays of the graph's size,
 * were 13 ms and about 700 page faults of a check of `cal182` (93,000 gates).
 */
class GateShapes {
  /** Per node: 1 if it is read once, un-negated, by a gate and by nothing else. */
  private readonly readOnce: Uint8Array;
  /** Per node: how often it is read, up to 2. */
  private readonly count: Uint8Array;
  /** Per gate: its shape once asked for (AND_SHAPE, ABSORBED, MUX), else 0. */
  private readonly shape: Uint8Array;
  /** Per gate asked for: its leaves. */
  private readonly leaves = new Map<number, Int32Array>();
  /** Per multiplexer gate: its selector and data literals, `[s, t, e]` for `ITE(s, t, e)`. */
  private readonly muxes = new Map<number, Int32Array>();
  private readonly firstGate: number;
  /** The walk of `of`, and the leaves it finds, reused from gate to gate (see Unroller). */
  private readonly stack = new IntList();
  private readonly out = new IntList();

  constructor(private readonly aig: Aig) {
    this.firstGate = firstGateNode(aig);
    const size = this.firstGate + andCount(aig);
    // per node: 0 unread, 1 read once un-negated by a gate, 2 anything else; and how often it is read (up to 2)
    const reads = new Uint8Array(size);
    const count = new Uint8Array(size);
    const read = (l: number, byGate: boolean) => {
      reads[l >> 1] = byGate && reads[l >> 1] === 0 && (l & 1) === 0 ? 1 : 2;
      count[l >> 1] = Math.min(2, count[l >> 1]! + 1);
    };
    const fanins = aig.fanins;
    for (let i = 0; i < fanins.length; i++) read(fanins[i]!, true);
    for (const l of aig.latches) read(l.next, false);
    for (const p of aig.properties) read(p.lit, false);
    for (const c of aig.constraints) read(c.lit, false);
    for (const f of aig.fairness) read(f.lit, false);
    for (const j of aig.justice) for (const l of j.lits) read(l, false);
    for (let n = 0; n < size; n++) reads[n] = reads[n] === 1 ? 1 : 0;
    this.readOnce = reads;
    this.count = count;
    this.shape = new Uint8Array(size);
  }

  /** The shape of gate `n`, found now if it was not yet. */
  private shapeOf(n: number): number {
    const known = this.shape[n]!;
    if (known !== 0) return known;
    const mux = this.muxAt(n);
    if (mux !== undefined) this.muxes.set(n, mux);
    // a multiplexer keeps its variable: absorbed, its reader would take its two inner gates instead
    const shape = mux !== undefined ? MUX : this.readOnce[n] === 1 ? ABSORBED : AND_SHAPE;
    this.shape[n] = shape;
    return shape;
  }

  /** `[s, t, e]` if gate `n` is `ITE(s, t, e)` over two inner gates read by `n` alone. */
  private muxAt(n: number): Int32Array | undefined {
    const fanins = this.aig.fanins;
    const count = this.count;
    const first = this.firstGate;
    const x = fanins[2 * (n - first)]!;
    const y = fanins[2 * (n - first) + 1]!;
    if ((x & 1) === 0 || (y & 1) === 0 || x >> 1 < first || y >> 1 < first || x >> 1 === y >> 1) return undefined;
    if (count[x >> 1] !== 1 || count[y >> 1] !== 1) return undefined;
    const xi = 2 * ((x >> 1) - first);
    const yi = 2 * ((y >> 1) - first);
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        const s = fanins[xi + i]!;
        if (fanins[yi + j] !== (s ^ 1)) continue;
        // NOT n = (s AND t') OR (NOT s AND e'), so n = ITE(s, NOT t', NOT e')
        return Int32Array.of(s, fanins[xi + 1 - i]! ^ 1, fanins[yi + 1 - j]! ^ 1);
      }
    }
    return undefined;
  }

  /** The selector and data literals of a multiplexer gate, else undefined. */
  mux(gate: number): Int32Array | undefined {
    return this.shapeOf(gate) === MUX ? this.muxes.get(gate) : undefined;
  }

  /** The literals a gate is the AND of: its fan-ins, with absorbed gates replaced by theirs. */
  of(gate: number): Int32Array {
    let found = this.leaves.get(gate);
    if (found) return found;
    const fanins = this.aig.fanins;
    const out = this.out;
    const stack = this.stack;
    out.truncate(0);
    stack.push(fanins[2 * (gate - this.firstGate) + 1]!);
    stack.push(fanins[2 * (gate - this.firstGate)]!);
    while (stack.size > 0) {
      const l = stack.pop();
      const n = l >> 1;
      if (n >= this.firstGate && this.shapeOf(n) === ABSORBED) {
        stack.push(fanins[2 * (n - this.firstGate) + 1]!);
        stack.push(fanins[2 * (n - this.firstGate)]!);
      } else {
        out.push(l);
      }
    }
    found = out.data.slice(0, out.size);
    this.leaves.set(gate, found);
    return found;
  }

  private static readonly known = new WeakMap<Aig, GateShapes>();

  static of(aig: Aig): GateShapes {
    let t = GateShapes.known.get(aig);
    if (!t) GateShapes.known.set(aig, (t = new GateShapes(aig)));
    return t;
  }
}

/** Whether `x` has exactly one bit set. */
function oneBit(x: number): boolean {
  return x !== 0 && (x & (x - 1)) === 0;
}

/** The part of a SAT solver the encoder writes to: a clause is the first `size` literals of `lits`, which the sink copies. */
export interface ClauseSink {
  newVar(): number;
  addClause(lits: ArrayLike<number>, size: number): boolean;
}

/** A copy of the clause a ClauseSink is given. */
export function clauseOf(lits: ArrayLike<number>, size: number): number[] {
  const c = new Array<number>(size);
  for (let i = 0; i < size; i++) c[i] = lits[i]!;
  return c;
}

/** Where the gates' definitions go as well as their clauses (a solver deciding by justification). */
interface GateSink {
  define(g: number, kind: number, lits: ArrayLike<number>, size: number, table?: number): void;
}

/**
 * How gates become variables: one per AND gate (`gates`), one per tree of ANDs and per multiplexer
 * (`trees`), or one per cell of a mapping into functions of up to four inputs (`cells`).
 */
export type Encoding = 'gates' | 'trees' | 'cells';

export class Unroller {
  /** A SAT literal that is always true; its negation is the constant false. */
  readonly trueLit: number;
  /** Per frame, per node: its SAT literal, 0 while not encoded. */
  private readonly frames: Int32Array[] = [];
  private readonly firstLatch: number;
  private readonly firstGate: number;
  private readonly size: number;
  /** The shapes of the graph's gates (`trees`), or undefined. */
  private readonly shapes: GateShapes | undefined;
  /** The graph's cells (`cells`), or undefined. */
  private readonly cells: CutMapping | undefined;
  /**
   * The SAT literals of one gate's leaves, and its clauses, reused from gate to gate (the sinks
   * copy them), and the stack of the encoding's walk: this runs once per encoded gate, mostly
   * before V8 optimises it, where a fresh array per clause, or a JS array emptied and refilled,
   * is an allocation per gate.
   */
  private readonly inputs = new IntList(16);
  private readonly clause = new Int32Array(3);
  private readonly back = new IntList(16);
  private readonly stack = new IntList();
  /** Where the fan-in of each variable defined here is recorded, if anywhere. */
  private readonly cones: SatCones | undefined;
  /** Where each gate's definition is recorded, if anywhere. */
  private readonly gates: GateSink | undefined;

  constructor(
    readonly aig: Aig,
    private readonly sat: ClauseSink,
    private readonly latchAt: (frame: number, latch: number) => number,
    { encoding = 'trees', cones, gates }: { readonly encoding?: Encoding; readonly cones?: SatCones; readonly gates?: GateSink } = {},
  ) {
    this.shapes = encoding === 'trees' ? GateShapes.of(aig) : undefined;
    this.cells = encoding === 'cells' ? CutMapping.of(aig) : undefined;
    this.cones = cones;
    this.gates = gates;
    this.trueLit = sat.newVar();
    sat.addClause([this.trueLit], 1);
    this.firstLatch = 1 + aig.inputs.length;
    this.firstGate = firstGateNode(aig);
    this.size = this.firstGate + andCount(aig);
  }

  private frame(t: number): Int32Array {
    while (this.frames.length <= t) {
      const f = new Int32Array(this.size);
      f[0] = -this.trueLit;
      this.frames.push(f);
    }
    return this.frames[t]!;
  }

  /** The SAT literal of AIG literal `lit` in frame `t`, encoding its cone if needed. */
  lit(t: number, lit: Lit): number {
    const f = this.frame(t);
    const n = lit >> 1;
    if (f[n] === 0) this.encode(t, f, n);
    return lit & 1 ? -f[n]! : f[n]!;
  }

  /** The SAT literal of a node in frame `t` if it was encoded, else 0 (its value never mattered). */
  peek(t: number, node: number): number {
    return t < this.frames.length ? this.frames[t]![node]! : 0;
  }

  private encode(t: number, f: Int32Array, root: number): void {
    // a latch that asks for the previous frame encodes it on the same stack, above `base`
    const stack = this.stack;
    const base = stack.size;
    stack.push(root);
    const fanins = this.aig.fanins;
    const shapes = this.shapes;
    const cells = this.cells;
    while (stack.size > base) {
      const n = stack.data[stack.size - 1]!;
      if (f[n] !== 0) { stack.pop(); continue; }
      if (n < this.firstLatch) {
        f[n] = this.sat.newVar();
      } else if (n < this.firstGate) {
        f[n] = this.latchAt(t, n - this.firstLatch);
      } else if (cells) {
        const size = cells.size(n);
        let ready = true;
        for (let i = 0; i < size; i++) {
          const m = cells.leaf(n, i);
          if (f[m] === 0) { stack.push(m); ready = false; }
        }
        if (!ready) continue;
        const inputs = this.inputs;
        inputs.truncate(0);
        for (let i = 0; i < size; i++) inputs.push(f[cells.leaf(n, i)]!);
        f[n] = this.cell(inputs, cells.table(n));
      } else if (shapes) {
        const mux = shapes.mux(n);
        const leaves = mux ?? shapes.of(n);
        let ready = true;
        for (let i = 0; i < leaves.length; i++) {
          const m = leaves[i]! >> 1;
          if (f[m] === 0) { stack.push(m); ready = false; }
        }
        if (!ready) continue;
        const inputs = this.inputs;
        inputs.truncate(0);
        for (let i = 0; i < leaves.length; i++) {
          const l = leaves[i]!;
          inputs.push(l & 1 ? -f[l >> 1]! : f[l >> 1]!);
        }
        f[n] = mux ? this.ite(inputs.data[0]!, inputs.data[1]!, inputs.data[2]!) : this.andOf(inputs);
      } else {
        const la = fanins[2 * (n - this.firstGate)]!;
        const lb = fanins[2 * (n - this.firstGate) + 1]!;
        const fa = f[la >> 1]!;
        const fb = f[lb >> 1]!;
        if (fa === 0 || fb === 0) {
          if (fa === 0) stack.push(la >> 1);
          if (fb === 0) stack.push(lb >> 1);
          continue;
        }
        f[n] = this.gate(la & 1 ? -fa : fa, lb & 1 ? -fb : fb);
      }
      stack.pop();
    }
  }

  /**
   * The cell with truth table `table` over the SAT literals `list` (compacted in place). Constant
   * inputs are folded into the table, a repeated or opposite input merged with the first, and inputs
   * the function no longer depends on dropped. What is left is a constant, an input, an AND of
   * literals, a multiplexer or an XOR (each as its own encoding has it), or a cell: a fresh variable
   * with the clauses of the covers of its function and its complement.
   */
  private cell(list: IntList, table: number): number {
    const tr = this.trueLit;
    const lits = list.data;
    let k = list.size;
    let t = table;
    for (let i = k - 1; i >= 0; i--) {
      const l = lits[i]!;
      if (l === tr || l === -tr) {
        t = cofactor(t, i, l === tr);
      } else {
        let j = 0;
        while (j < i && lits[j] !== l && lits[j] !== -l) j++;
        if (j === i) continue;
        // x_i is x_j or its negation: the table at x_i's value read off x_j's
        t = (cofactor(t, i, lits[j] !== l) & ~VAR[j]!) | (cofactor(t, i, lits[j] === l) & VAR[j]!);
      }
      k = this.dropInput(list, k, i);
      t = dropVariable(t, i, k + 1);
    }
    // dropping input i renumbers only the inputs above it, which were looked at before
    const needed = support(t);
    for (let i = k - 1; i >= 0; i--) {
      if ((needed >> i) & 1) continue;
      k = this.dropInput(list, k, i);
      t = dropVariable(t, i, k + 1);
    }
    if (k === 0) return t & 1 ? tr : -tr;
    if (k === 1) return t === VAR[0] ? lits[0]! : -lits[0]!;
    // one minterm of the function or of its complement: an AND of literals, or its negation
    const used = (1 << (1 << k)) - 1;
    const on = t & used;
    const off = ~t & used;
    if (oneBit(on) || oneBit(off)) {
      const minterm = 31 - Math.clz32(oneBit(on) ? on : off);
      for (let i = 0; i < k; i++) if (((minterm >> i) & 1) === 0) lits[i] = -lits[i]!;
      list.truncate(k);
      const g = this.andOf(list);
      return oneBit(on) ? g : -g;
    }
    // a multiplexer: one variable selects a literal of each of the two others
    if (k <= 3) {
      for (let s = 0; s < k; s++) {
        const hi = this.literalOf(cofactor(t, s, true), lits, k, s);
        const lo = this.literalOf(cofactor(t, s, false), lits, k, s);
        // both are literals of one other variable only where the third is no input: an XOR
        if (hi !== 0 && lo !== 0) return this.ite(lits[s]!, hi, lo);
      }
    }
    const g = this.sat.newVar();
    const clause = this.back;
    for (let polarity = 1; polarity >= -1; polarity -= 2) {
      const cubes = cover(polarity === 1 ? t : ~t & FULL);
      for (let c = 0; c < cubes.length; c++) {
        const cube = cubes[c]!;
        clause.truncate(0);
        for (let i = 0; i < k; i++) if ((cube >> i) & 1) clause.push((cube >> (4 + i)) & 1 ? -lits[i]! : lits[i]!);
        clause.push(polarity * g);
        this.sat.addClause(clause.data, clause.size);
      }
    }
    this.cones?.define(g, lits, k);
    this.gates?.define(g, GATE_CELL, lits, k, t);
    return g;
  }

  /** Removes the i-th of the first k literals of `list`; returns k - 1. */
  private dropInput(list: IntList, k: number, i: number): number {
    const lits = list.data;
    for (let m = i; m < k - 1; m++) lits[m] = lits[m + 1]!;
    return k - 1;
  }

  /** The literal among `lits` (other than the s-th) whose table `t` is, or 0. */
  private literalOf(t: number, lits: ArrayLike<number>, k: number, s: number): number {
    for (let i = 0; i < k; i++) {
      if (i === s) continue;
      if (t === VAR[i]) return lits[i]!;
      if (t === (~VAR[i]! & FULL)) return -lits[i]!;
    }
    return 0;
  }

  /**
   * The AND of SAT literals (compacted in place) with constants, repeats and opposites folded; a
   * fresh variable g with the clauses g -> l for each literal and (all literals) -> g otherwise.
   * Runs once per encoded gate, mostly before V8 optimises it: short lists (almost all) are
   * compared pairwise rather than sorted.
   */
  private andOf(list: IntList): number {
    const t = this.trueLit;
    const lits = list.data;
    // a long list is sorted by variable: a repeat or an opposite is then the last literal kept
    const sorted = list.size > 16;
    if (sorted) lits.subarray(0, list.size).sort((a, b) => (a < 0 ? -a : a) - (b < 0 ? -b : b) || a - b);
    let k = 0;
    next: for (let i = 0; i < list.size; i++) {
      const l = lits[i]!;
      if (l === t) continue;
      if (l === -t) return -t;
      for (let j = sorted && k > 0 ? k - 1 : 0; j < k; j++) {
        if (lits[j] === l) continue next;
        if (lits[j] === -l) return -t;
      }
      lits[k++] = l;
    }
    if (k === 0) return t;
    if (k === 1) return lits[0]!;
    const g = this.sat.newVar();
    const back = this.back;
    back.truncate(0);
    for (let i = 0; i < k; i++) {
      this.clause2(-g, lits[i]!);
      back.push(-lits[i]!);
    }
    back.push(g);
    this.sat.addClause(back.data, back.size);
    this.cones?.define(g, lits, k);
    this.gates?.define(g, GATE_AND, lits, k);
    return g;
  }

  /**
   * `ITE(s, t, e)` with constants and repeats folded (to an AND or an OR where one input is
   * constant); a fresh variable with its clauses otherwise, the two that need no selector included.
   */
  private ite(s: number, t: number, e: number): number {
    const tr = this.trueLit;
    if (s === tr || t === e) return t;
    if (s === -tr) return e;
    if (t === s) t = tr; else if (t === -s) t = -tr;
    if (e === s) e = -tr; else if (e === -s) e = tr;
    if (t === tr) return -this.gate(-s, -e);
    if (t === -tr) return this.gate(-s, e);
    if (e === tr) return -this.gate(s, -t);
    if (e === -tr) return this.gate(s, t);
    const g = this.sat.newVar();
    this.clause3(-s, -t, g);
    this.clause3(-s, t, -g);
    this.clause3(s, -e, g);
    this.clause3(s, e, -g);
    if (t !== -e) {
      this.clause3(-t, -e, g);
      this.clause3(t, e, -g);
    }
    this.defined(g, GATE_ITE, s, t, e);
    return g;
  }

  /** `a AND b` with constants folded; a fresh variable with its three clauses otherwise. */
  private gate(a: number, b: number): number {
    const t = this.trueLit;
    if (a === -t || b === -t || a === -b) return -t;
    if (a === t || a === b) return b;
    if (b === t) return a;
    const g = this.sat.newVar();
    this.clause2(-g, a);
    this.clause2(-g, b);
    this.clause3(g, -a, -b);
    this.defined(g, GATE_AND, a, b, 0);
    return g;
  }

  private clause2(a: number, b: number): void {
    this.clause[0] = a;
    this.clause[1] = b;
    this.sat.addClause(this.clause, 2);
  }

  private clause3(a: number, b: number, c: number): void {
    this.clause[0] = a;
    this.clause[1] = b;
    this.clause[2] = c;
    this.sat.addClause(this.clause, 3);
  }

  /** Records gate `g` over `a`, `b` (an AND) or `a`, `b`, `c` (an ITE) where cones or definitions are kept. */
  private defined(g: number, kind: number, a: number, b: number, c: number): void {
    if (!this.cones && !this.gates) return;
    const size = kind === GATE_ITE ? 3 : 2;
    this.clause[0] = a;
    this.clause[1] = b;
    this.clause[2] = c;
    this.cones?.define(g, this.clause, size);
    this.gates?.define(g, kind, this.clause, size);
  }
}

/**
 * Time frames in one solver, chained: the latches of frame t are the next states of frame t - 1.
 * Cones (Unroller) encode the nodes each query reaches; the simplified step (step-cnf.ts) copies
 * the whole step into each frame, and reads only the property's, the constraints' and the latches'
 * literals.
 */
export interface Frames {
  /** The latches the frames hold: every latch where cones are encoded, the step's cone otherwise. */
  readonly latches: readonly number[];
  /** The solver literal of circuit literal `l` at step `t`. */
  lit(t: number, l: Lit): number;
  /** The values of step `t`'s inputs and latches (by node) in the solver's last model; false where never encoded. */
  values(t: number): (node: number) => boolean;
}

/** Frames whose nodes are encoded as the queries reach them; frame 0's latches from `initial` (undefined: a fresh variable). */
export class ConeFrames implements Frames {
  readonly latches: readonly number[];
  private readonly u: Unroller;

  constructor(
    aig: Aig,
    private readonly sat: ClauseSink & { value(lit: number): boolean | undefined },
    initial: (latch: number, trueLit: number) => number | undefined,
    encoding: Encoding = 'trees',
  ) {
    const u: Unroller = new Unroller(aig, sat, (t, k) => (t > 0 ? u.lit(t - 1, aig.latches[k]!.next) : initial(k, u.trueLit) ?? sat.newVar()), { encoding });
    this.u = u;
    this.latches = aig.latches.map((_, k) => k);
  }

  lit(t: number, l: Lit): number {
    return this.u.lit(t, l);
  }

  values(t: number): (node: number) => boolean {
    return (node) => {
      const s = this.u.peek(t, node);
      return s !== 0 && this.sat.value(s) === true;
    };
  }
}
