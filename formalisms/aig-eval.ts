/**
 * Concrete evaluation of an and-inverter graph, the semantics of one step of a circuit: inputs and
 * latches given by position, every gate computed in node order (fanins come first, so one ascending
 * loop suffices, however deep the circuit). Witnesses are replayed with it and traces of a circuit's
 * STS are read off it.
 */
import { andCount, firstGateNode, type Aig, type Lit } from './aig.js';

/** Evaluates one step into `values` (one entry per node, 0/1): latches and inputs given by position. */
export function evaluate(aig: Aig, latches: ArrayLike<number>, inputs: ArrayLike<number>, values: Uint8Array): void {
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  values[0] = 0;
  // the leaves' loops in a function of their own: compiled on the stack within a first long loop,
  // the loops after it had no type feedback and deoptimised at every later step (lang/sat/heap.ts,
  // takeEveryPath)
  loadBits(values, 1, inputs, aig.inputs.length);
  loadBits(values, firstLatch, latches, aig.latches.length);
  const f = aig.fanins;
  for (let g = 0, gates = andCount(aig); g < gates; g++) {
    const a = f[2 * g]!;
    const b = f[2 * g + 1]!;
    values[firstGate + g] = (values[a >> 1]! ^ (a & 1)) & (values[b >> 1]! ^ (b & 1));
  }
}

/** `values[at + k]` = `bits[k]` as 0 or 1, for k below n. */
function loadBits(values: Uint8Array, at: number, bits: ArrayLike<number>, n: number): void {
  for (let k = 0; k < n; k++) values[at + k] = bits[k]! ? 1 : 0;
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
 * The run's steps in order: after each, the values of every node at that step (one array, reused:
 * read it before asking for the next step), the latches starting from the run's initial ones.
 */
export function* runSteps(aig: Aig, run: Run): Generator<Uint8Array> {
  const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
  let latches: ArrayLike<number> = run.latches;
  for (const vector of run.inputs) {
    evaluate(aig, latches, vector, values);
    yield values;
    latches = Uint8Array.from(aig.latches, (l) => litValue(values, l.next));
  }
}

/**
 * The run cut after its first step where `bad` holds with every constraint held so far: IC3's
 * chain of lifted cubes can pass through a bad state before its last step, and a counterexample
 * ends at its first one. A run whose constraints fail first, or that never meets `bad`, is returned
 * as it is, for its check to refuse.
 */
export function toFirstBad(aig: Aig, run: Run, bad: Lit): Run {
  let t = 0;
  for (const values of runSteps(aig, run)) {
    t++;
    if (aig.constraints.some((c) => litValue(values, c.lit) === 0)) return run;
    if (litValue(values, bad) === 1) return t === run.inputs.length ? run : { latches: run.latches, inputs: run.inputs.slice(0, t) };
  }
  return run;
}
