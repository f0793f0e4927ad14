/**
 * The AIG mapped into cells of up to four inputs for its CNF, as Eén, Mishchenko and Sörensson map
 * a circuit before encoding it ("Applying logic synthesis for speeding up SAT", SAT 2007, and ABC's
 * `write_cnf` and `pdr`): each gate gets a cut, at most four nodes its value is a function of, and
 * the cell is that function (a truth table). The encoding gives a cell one variable and the clauses
 * of irredundant covers of its function and its complement (cnf.ts); the gates inside a cell get
 * none. The cut is chosen by area flow: a cut costs its own clauses and a share of the cost of each
 * leaf that is a gate, divided among the leaf's readers.
 *
 * A cut's own clauses are counted as an AND's, one per leaf and one more. Counting the covers'
 * cubes instead, as ABC does, mapped pdtvisgoodbakery2's property cone into 2,271 cells whose covers
 * have 9,779 clauses, against 2,235 and 9,822, and pj2016's into 11,932 and 47,369 against 12,193
 * and 49,035, but it computes a cover for every new table the enumeration meets.
 *
 * Cuts are enumerated bottom-up, keeping the best few per gate (priority cuts, Mishchenko, Cho,
 * Chatterjee and Brayton, ICCAD 2007): a gate's cuts are the unions of a cut of each fan-in (the
 * fan-in itself among them) with at most four leaves, shrunk to the leaves the function depends on.
 * A leaf dropped that way can leave a path from the gate to the inputs that no leaf blocks: the
 * cell's function then holds of the values its leaves take in the circuit, which is all the
 * encoding needs, not of any values.
 */
import { andCount, firstGateNode, type Aig } from '../../formalisms/aig.js';
import { dropVariable, FULL, popcount, stretch, support, VAR } from '../../lang/sat/truth-table.js';
import { IntList } from '../../lang/int-list.js';

/** At most this many leaves per cut: the functions' tables are 16 bits. */
const K = 4;
/**
 * Cuts kept per gate. pj2016's cone takes 50,438 clauses with 4 and 49,035 with 6; with 8 and the
 * covers' counts, 45,790 against 47,369 with 6. On circuits of a few thousand gates the mapping's
 * time is mostly V8 compiling it, the same with 3, 4 or 6.
 */
const C = 6;
/** Past every node, ending a merge's leaf list. */
const NONE = 0x7fffffff;

export class CutMapping {
  private readonly cuts: PriorityCuts;
  /** Per gate (node minus the first gate's): 1 once its cuts are enumerated. */
  private readonly mapped: Uint8Array;
  private readonly firstGate: number;
  private readonly fanins: Int32Array | readonly number[];
  private readonly stack = new IntList();
  private readonly cone = new IntList();

  private constructor(aig: Aig) {
    this.firstGate = firstGateNode(aig);
    this.fanins = aig.fanins;
    this.cuts = new PriorityCuts(aig);
    this.mapped = new Uint8Array(andCount(aig));
  }

  /** The number of leaves of gate node `n`'s cell. */
  size(n: number): number {
    return this.cuts.size[this.slot(n)]!;
  }

  /** Leaf i (a node) of gate node `n`'s cell. */
  leaf(n: number, i: number): number {
    return this.cuts.leaves[this.slot(n) * K + i]!;
  }

  /** The truth table of gate node `n` over its cell's leaves. */
  table(n: number): number {
    return this.cuts.table[this.slot(n)]!;
  }

  /** Where gate node `n`'s best cut lies, its cone mapped first if it was not. */
  private slot(n: number): number {
    const g = n - this.firstGate;
    if (this.mapped[g] === 0) this.mapCone(g);
    return g * C;
  }

  /**
   * Enumerates the cuts of gate g's cone where they are not yet: a mapping is asked for cone by cone
   * (BMC's first frames read a small part of the circuit), and a gate's cuts depend only on its
   * fan-ins' and the readers of its leaves, so the cells come out as a mapping of the whole graph
   * would give them.
   */
  private mapCone(g: number): void {
    this.collectCone(g);
    // fan-ins before their readers: the graph's order
    const order = this.cone.view().sort();
    for (let i = 0; i < order.length; i++) this.cuts.enumerate(order[i]!);
  }

  /**
   * Into `cone`: gate g and the gates below it not yet mapped, which it marks mapped. A function of
   * its own with nothing after the walk: compiled on the stack within a first long walk (lang/sat/
   * heap.ts, takeEveryPath), mapCone's enumeration had no type feedback and deoptimised at every
   * later call (50 times in one check of gen35, 804 with V8 compiling on the main thread).
   */
  private collectCone(g: number): void {
    const { stack, cone, mapped, fanins, firstGate } = this;
    stack.truncate(0);
    cone.truncate(0);
    stack.push(g);
    mapped[g] = 1;
    while (stack.size > 0) {
      const h = stack.pop();
      cone.push(h);
      for (let side = 0; side < 2; side++) {
        const f = (fanins[2 * h + side]! >> 1) - firstGate;
        if (f >= 0 && mapped[f] === 0) { mapped[f] = 1; stack.push(f); }
      }
    }
  }

  private static readonly known = new WeakMap<Aig, CutMapping>();

  static of(aig: Aig): CutMapping {
    let m = CutMapping.known.get(aig);
    if (!m) CutMapping.known.set(aig, (m = new CutMapping(aig)));
    return m;
  }
}

/** The enumeration: every gate's best C cuts, best first, gate by gate in topological order. */
class PriorityCuts {
  /** Per gate, C slots each: the cut's leaves (K slots each), their count, its table and its area flow. */
  readonly leaves: Int32Array;
  readonly size: Uint8Array;
  readonly table: Uint16Array;
  private readonly flow: Float64Array;
  /** Per gate: how many of its slots hold cuts. */
  private readonly count: Uint8Array;
  /** Per node: the area flow of its best cut (0 for an input or latch), and its readers. */
  private readonly area: Float64Array;
  private readonly readers: Uint32Array;
  private readonly first: number;
  private readonly fanins: Int32Array | readonly number[];
  /** The union of two cuts' leaves. */
  private readonly merged = new Int32Array(K + 1);
  /** Each fan-in's cuts, its trivial cut last, and how many. */
  private readonly sideLeaves = [new Int32Array((C + 1) * K), new Int32Array((C + 1) * K)] as const;
  private readonly sideSize = [new Uint8Array(C + 1), new Uint8Array(C + 1)] as const;
  private readonly sideTable = [new Uint16Array(C + 1), new Uint16Array(C + 1)] as const;
  /** Per cut of each side: one bit per leaf, at the leaf's node modulo 32; two cuts whose bits together exceed K have more than K leaves. */
  private readonly sideSign = [new Int32Array(C + 1), new Int32Array(C + 1)] as const;
  private readonly sideCount = [0, 0];

  constructor(aig: Aig) {
    const first = (this.first = firstGateNode(aig));
    const gates = andCount(aig);
    const fanins = (this.fanins = aig.fanins);
    const readers = (this.readers = new Uint32Array(first + gates));
    for (let i = 0; i < fanins.length; i++) readers[fanins[i]! >> 1]!++;
    for (const l of aig.latches) readers[l.next >> 1]!++;
    for (const p of aig.properties) readers[p.lit >> 1]!++;
    for (const c of aig.constraints) readers[c.lit >> 1]!++;
    for (const f of aig.fairness) readers[f.lit >> 1]!++;
    for (const j of aig.justice) for (const l of j.lits) readers[l >> 1]!++;
    this.leaves = new Int32Array(gates * C * K);
    this.size = new Uint8Array(gates * C);
    this.table = new Uint16Array(gates * C);
    this.flow = new Float64Array(gates * C);
    this.count = new Uint8Array(gates);
    this.area = new Float64Array(first + gates);
  }

  /** Gate g's cuts, from its fan-ins' (enumerated before it). */
  enumerate(g: number): void {
    this.load(0, this.fanins[2 * g]!);
    this.load(1, this.fanins[2 * g + 1]!);
    const la = this.sideLeaves[0], lb = this.sideLeaves[1];
    const sa = this.sideSize[0], sb = this.sideSize[1];
    const ta = this.sideTable[0], tb = this.sideTable[1];
    const ga = this.sideSign[0], gb = this.sideSign[1];
    const merged = this.merged;
    let kept = 0;
    for (let a = 0; a < this.sideCount[0]!; a++) {
      for (let b = 0; b < this.sideCount[1]!; b++) {
        if (popcount(ga[a]! | gb[b]!) > K) continue;
        const na = sa[a]!;
        const nb = sb[b]!;
        // the union of the two sorted leaf lists, given up past K leaves
        let i = 0, j = 0, m = 0;
        while (m <= K && (i < na || j < nb)) {
          const x = i < na ? la[a * K + i]! : NONE;
          const y = j < nb ? lb[b * K + j]! : NONE;
          if (x <= y) { merged[m++] = x; i++; if (x === y) j++; } else { merged[m++] = y; j++; }
        }
        if (m > K) continue;
        // each side's table over the union (a side with all its leaves there has it already)
        let t = (na === m ? ta[a]! : stretch(ta[a]!, la, a * K, na, merged, m)) & (nb === m ? tb[b]! : stretch(tb[b]!, lb, b * K, nb, merged, m));
        // leaves the function does not depend on leave the cut
        const needed = support(t);
        if (needed !== (1 << m) - 1) {
          for (let v = m - 1; v >= 0; v--) {
            if ((needed >> v) & 1) continue;
            t = dropVariable(t, v, m);
            for (let w = v; w < m - 1; w++) merged[w] = merged[w + 1]!;
            m--;
          }
        }
        // a cell's clauses, about: an AND of m leaves takes m + 1
        let f = m + 1;
        for (let v = 0; v < m; v++) {
          const leaf = merged[v]!;
          if (leaf >= this.first) f += this.area[leaf]! / Math.max(1, this.readers[leaf]!);
        }
        kept = this.insert(g, kept, m, t, f);
      }
    }
    this.count[g] = kept;
    this.area[this.first + g] = this.flow[g * C]!;
  }

  /** Loads the cuts of fan-in literal `lit` into `side`: its node's cuts, complemented if it is, then the node alone. */
  private load(side: number, lit: number): void {
    const n = lit >> 1;
    const neg = lit & 1 ? FULL : 0;
    const sl = this.sideLeaves[side]!;
    const ss = this.sideSize[side]!;
    const st = this.sideTable[side]!;
    const sg = this.sideSign[side]!;
    let c = 0;
    if (n >= this.first) {
      const g = n - this.first;
      for (; c < this.count[g]!; c++) {
        const at = g * C + c;
        ss[c] = this.size[at]!;
        let sign = 0;
        for (let i = 0; i < ss[c]!; i++) sign |= 1 << (sl[c * K + i] = this.leaves[at * K + i]!);
        sg[c] = sign;
        st[c] = this.table[at]! ^ neg;
      }
    }
    ss[c] = 1;
    sl[c * K] = n;
    sg[c] = 1 << n;
    st[c] = VAR[0] ^ neg;
    this.sideCount[side] = c + 1;
  }

  /** Puts the cut in `merged` into gate g's sorted list of `kept` cuts unless it is there or worse than all C; returns the new count. */
  private insert(g: number, kept: number, m: number, t: number, f: number): number {
    const leaves = this.leaves, size = this.size, table = this.table, flow = this.flow, merged = this.merged;
    const base = g * C;
    if (kept === C && (flow[base + C - 1]! < f || (flow[base + C - 1] === f && size[base + C - 1]! <= m))) return kept;
    let at = kept;
    while (at > 0 && (flow[base + at - 1]! > f || (flow[base + at - 1] === f && size[base + at - 1]! > m))) at--;
    // the same leaves have the same function and flow: a repeat sits just before `at`
    for (let c = at - 1; c >= 0 && flow[base + c] === f && size[base + c] === m; c--) {
      let same = true;
      for (let v = 0; v < m && same; v++) same = leaves[(base + c) * K + v] === merged[v];
      if (same) return kept;
    }
    for (let c = Math.min(kept, C - 1); c > at; c--) {
      flow[base + c] = flow[base + c - 1]!;
      size[base + c] = size[base + c - 1]!;
      table[base + c] = table[base + c - 1]!;
      for (let v = 0; v < K; v++) leaves[(base + c) * K + v] = leaves[(base + c - 1) * K + v]!;
    }
    flow[base + at] = f;
    size[base + at] = m;
    table[base + at] = t;
    for (let v = 0; v < m; v++) leaves[(base + at) * K + v] = merged[v]!;
    return Math.min(kept + 1, C);
  }
}
