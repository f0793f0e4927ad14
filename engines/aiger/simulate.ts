/**
 * Ternary simulation of and-inverter graphs (0, 1, X), used to find latches stuck at a constant.
 * Nodes come in binary AIGER order (fanins first), so one ascending loop evaluates a step.
 */
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';

/** Ternary values: 0, 1, and X (unknown). */
const X = 2;

/** One ternary step: node values from latch values (inputs are X). */
function ternaryStep(aig: Aig, latches: Uint8Array, values: Uint8Array): void {
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  values[0] = 0;
  values.fill(X, 1, firstLatch);
  values.set(latches, firstLatch);
  const f = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) {
    const a = ternaryLit(values, f[2 * g]!);
    const b = ternaryLit(values, f[2 * g + 1]!);
    values[firstGate + g] = a === 0 || b === 0 ? 0 : a === 1 && b === 1 ? 1 : X;
  }
}

function ternaryLit(values: Uint8Array, lit: Lit): number {
  const v = values[lit >> 1]!;
  return v === X ? X : v ^ (lit & 1);
}

/**
 * Latches stuck at a constant, by ternary simulation: start from the resets (X for uninitialised
 * latches), inputs X, and widen every latch whose next value differs from its current one to X
 * until nothing changes. What is left 0 or 1 holds in every reachable state (constraints only remove
 * executions, so ignoring them is sound). Each round widens at least one latch, so at most L+1
 * rounds run. The result maps latch positions in `aig` to their constant.
 */
export function stuckLatches(aig: Aig): Map<number, 0 | 1> {
  const latches = Uint8Array.from(aig.latches, (l) => (l.reset === 'x' ? X : l.reset));
  const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
  for (let changed = true; changed;) {
    changed = false;
    ternaryStep(aig, latches, values);
    for (let k = 0; k < latches.length; k++) {
      if (latches[k] !== X && ternaryLit(values, aig.latches[k]!.next) !== latches[k]) {
        latches[k] = X;
        changed = true;
      }
    }
  }
  const stuck = new Map<number, 0 | 1>();
  latches.forEach((v, k) => { if (v !== X) stuck.set(k, v as 0 | 1); });
  return stuck;
}
