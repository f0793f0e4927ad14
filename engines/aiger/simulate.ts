/**
 * Simulation of and-inverter graphs: concrete (one value per node and step), used to replay
 * witnesses independently of the SAT encodings, and ternary (0, 1, X), used to find latches stuck
 * at a constant.
 *
 * Nodes come in binary AIGER order (fanins first), so one ascending loop evaluates a step.
 */
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';

/** Ternary values: 0, 1, and X (unknown). */
export const X = 2;

/** Evaluates one step into `values` (one entry per node, 0/1): latches and inputs given by position. */
export function evaluate(aig: Aig, latches: ArrayLike<number>, inputs: ArrayLike<number>, values: Uint8Array): void {
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  values[0] = 0;
  for (let k = 0; k < aig.inputs.length; k++) values[1 + k] = inputs[k]! ? 1 : 0;
  for (let k = 0; k < aig.latches.length; k++) values[firstLatch + k] = latches[k]! ? 1 : 0;
  const f = aig.fanins;
  for (let g = 0; g < andCount(aig); g++) {
    const a = f[2 * g]!;
    const b = f[2 * g + 1]!;
    values[firstGate + g] = (values[a >> 1]! ^ (a & 1)) & (values[b >> 1]! ^ (b & 1));
  }
}

/** The value of a literal after `evaluate`. */
export function litValue(values: Uint8Array, lit: Lit): number {
  return values[lit >> 1]! ^ (lit & 1);
}

/** A concrete run: latch values at step 0 and one input vector per step, each by position in the graph. */
export interface Run {
  readonly latches: ArrayLike<number>;
  readonly inputs: readonly ArrayLike<number>[];
}

/**
 * Replays `run` on `aig`: the initial latch values must agree with the resets, every constraint must
 * hold at every step, and property `property` must be 1 at the last step. Undefined when all of that
 * holds, else what is wrong.
 */
export function replayRun(aig: Aig, run: Run, property = 0): string | undefined {
  if (run.latches.length !== aig.latches.length) return `the run gives ${run.latches.length} latch values for ${aig.latches.length} latches`;
  if (run.inputs.length === 0) return 'the run has no step';
  for (const [k, latch] of aig.latches.entries()) {
    if (latch.reset !== 'x' && (run.latches[k] ? 1 : 0) !== latch.reset) return `latch ${latch.index} does not start at its reset value ${latch.reset}`;
  }
  const bad = aig.properties[property];
  if (!bad) return `the circuit has no property ${property}`;
  const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
  let state = Uint8Array.from(run.latches, (v) => (v ? 1 : 0));
  for (let t = 0; t < run.inputs.length; t++) {
    const inputs = run.inputs[t]!;
    if (inputs.length !== aig.inputs.length) return `step ${t} gives ${inputs.length} input values for ${aig.inputs.length} inputs`;
    evaluate(aig, state, inputs, values);
    const broken = aig.constraints.find((c) => litValue(values, c.lit) === 0);
    if (broken) return `constraint ${broken.index} is violated at step ${t}`;
    if (t === run.inputs.length - 1) return litValue(values, bad.lit) === 1 ? undefined : `the bad literal is 0 at the last step ${t}`;
    state = Uint8Array.from(aig.latches, (l) => litValue(values, l.next));
  }
  return undefined;
}

/** One ternary step: node values from latch values (inputs are X). */
function ternaryStep(aig: Aig, latches: Uint8Array, values: Uint8Array): void {
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  values[0] = 0;
  values.fill(X, 1, firstLatch);
  values.set(latches, firstLatch);
  const f = aig.fanins;
  for (let g = 0; g < andCount(aig); g++) {
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
