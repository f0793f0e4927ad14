/**
 * Tseitin encoding of an AIG's time frames into a SAT solver, on the fly: a node gets a SAT literal
 * in a frame only when something asks for it, so each frame holds just the cone actually queried.
 * Constants are folded while encoding (a gate with a false fanin is false, a true fanin makes the
 * gate its other fanin, equal or opposite fanins collapse), so an initial frame whose latches are
 * reset to constants shrinks to the logic that still depends on inputs and uninitialised latches.
 *
 * Who owns a frame's latches is the caller's business (`latchAt`): BMC chains them to the previous
 * frame's next-state literals, IC3 gives them fresh variables. The traversal uses an explicit
 * stack, so circuits of any depth encode without recursion (only a latch that asks for the previous
 * frame recurses, once per frame).
 */
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';

/** The part of a SAT solver the encoder writes to. */
export interface ClauseSink {
  newVar(): number;
  addClause(lits: readonly number[]): boolean;
}

export class Unroller {
  /** A SAT literal that is always true; its negation is the constant false. */
  readonly trueLit: number;
  /** Per frame, per node: its SAT literal, 0 while not encoded. */
  private readonly frames: Int32Array[] = [];
  private readonly firstLatch: number;
  private readonly firstGate: number;
  private readonly size: number;

  constructor(
    readonly aig: Aig,
    private readonly sat: ClauseSink,
    private readonly latchAt: (frame: number, latch: number) => number,
  ) {
    this.trueLit = sat.newVar();
    sat.addClause([this.trueLit]);
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
    const stack = [root];
    const fanins = this.aig.fanins;
    while (stack.length > 0) {
      const n = stack[stack.length - 1]!;
      if (f[n] !== 0) { stack.pop(); continue; }
      if (n < this.firstLatch) {
        f[n] = this.sat.newVar();
      } else if (n < this.firstGate) {
        f[n] = this.latchAt(t, n - this.firstLatch);
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

  /** `a AND b` with constants folded; a fresh variable with its three clauses otherwise. */
  private gate(a: number, b: number): number {
    const t = this.trueLit;
    if (a === -t || b === -t || a === -b) return -t;
    if (a === t || a === b) return b;
    if (b === t) return a;
    const g = this.sat.newVar();
    this.sat.addClause([-g, a]);
    this.sat.addClause([-g, b]);
    this.sat.addClause([g, -a, -b]);
    return g;
  }
}
