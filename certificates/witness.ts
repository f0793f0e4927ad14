/**
 * The check of an AIGER counterexample by the rules of the HWMCC simulator (aigsim -w): the file's
 * whole circuit, unreduced, starts from the witness's latch values, which must agree with every
 * reset; each step reads one input vector; every invariant constraint must be 1 at every step, and
 * the checked bad-state literal must be 1 at the last one. Nothing of the engines' encodings or
 * reductions takes part.
 */
import { andCount, firstGateNode, type Aig } from '../formalisms/aig.js';
import { evaluate, litValue, type Run } from '../formalisms/aig-eval.js';

/** Undefined when `run` drives `aig` into bad state `property` under its constraints, else what is wrong. */
export function checkWitness(aig: Aig, property: number, run: Run): string | undefined {
  if (run.latches.length !== aig.latches.length) return `the witness gives ${run.latches.length} latch values for ${aig.latches.length} latches`;
  if (run.inputs.length === 0) return 'the witness has no step';
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
