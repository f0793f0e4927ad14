/**
 * Bit-parallel simulation of and-inverter graphs: 32 patterns per word, `words` words per node,
 * node-major in one Int32Array. The callers (SAT sweeping, latch and signal correspondence) set the
 * leaves (inputs and latches), simulate the gates in one ascending loop (fanins come first), and
 * compare nodes by their words. The random patterns come from a fixed seed, so preprocessing is
 * repeatable.
 */
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';

/** Simulates every gate from the leaves already in `values`; node 0 (the constant) is set to 0. */
export function simulateGates(aig: Aig, values: Int32Array, words: number): void {
  values.fill(0, 0, words);
  const f = aig.fanins;
  const firstGate = firstGateNode(aig);
  for (let g = 0, gates = andCount(aig); g < gates; g++) {
    const a = f[2 * g]!;
    const b = f[2 * g + 1]!;
    const ia = (a >> 1) * words;
    const ib = (b >> 1) * words;
    const ma = -(a & 1);
    const mb = -(b & 1);
    const o = (firstGate + g) * words;
    for (let w = 0; w < words; w++) values[o + w] = (values[ia + w]! ^ ma) & (values[ib + w]! ^ mb);
  }
}

/** Word `w` of a literal's patterns. */
export function litWord(values: Int32Array, words: number, lit: Lit, w: number): number {
  return values[(lit >> 1) * words + w]! ^ -(lit & 1);
}

/**
 * Simulation from the resets over `steps` steps, `words` words of patterns: an unknown reset and
 * every input in every step take random words. `observe` sees every node's values after each
 * step's gates and says whether to go on; then the latches take their next states.
 */
export function simulateFromResets(aig: Aig, words: number, steps: number, observe: (values: Int32Array, step: number) => boolean): void {
  const rng = new Patterns();
  const firstLatch = 1 + aig.inputs.length;
  const values = new Int32Array((firstGateNode(aig) + andCount(aig)) * words);
  aig.latches.forEach((l, k) => {
    for (let w = 0; w < words; w++) values[(firstLatch + k) * words + w] = l.reset === 'x' ? rng.word() : -l.reset;
  });
  const state = new Int32Array(aig.latches.length * words);
  for (let t = 0; t < steps; t++) {
    for (let i = words; i < firstLatch * words; i++) values[i] = rng.word();
    simulateGates(aig, values, words);
    if (!observe(values, t)) return;
    aig.latches.forEach((l, k) => { for (let w = 0; w < words; w++) state[k * words + w] = litWord(values, words, l.next, w); });
    values.set(state, firstLatch * words);
  }
}

/** A xorshift generator of 32-bit words with a fixed seed. */
export class Patterns {
  private state = 0x2545f491;

  word(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x;
    return x | 0;
  }

  bit(): number {
    return this.word() & 1;
  }
}

/**
 * Candidate classes refined by a new word per node: members of a class stay together when
 * `key(node)` agrees; classes left with one member are dropped. Members keep their order, so the
 * first (the lowest node, the representative) stays first.
 */
export function splitClasses(classes: readonly number[][], key: (node: number) => number): number[][] {
  const out: number[][] = [];
  for (const c of classes) {
    const groups = new Map<number, number[]>();
    for (const n of c) {
      const k = key(n);
      const g = groups.get(k);
      if (g) g.push(n);
      else groups.set(k, [n]);
    }
    for (const g of groups.values()) if (g.length > 1) out.push(g);
  }
  return out;
}
