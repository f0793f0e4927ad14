/**
 * The check of an AIGER liveness counterexample (a lasso) by the rules of the HWMCC simulator
 * (aigsim -w) for justice properties ("AIGER 1.9 And Beyond", witness format): the file's whole
 * circuit, unreduced, starts from the witness's latch values, which must agree with every reset;
 * each step reads one input vector and every invariant constraint must be 1 at every step. There is
 * no loop marker: the state reached after the last input vector must equal the state at some
 * earlier step, and the earliest such step opens the loop. Repeating the loop's input vectors then
 * runs forever, so every fairness literal and every literal of the justice set must be 1 at some
 * step of the loop. Nothing of the engines' encodings or reductions takes part.
 */
import { andCount, firstGateNode, type Aig } from '../formalisms/aig.js';
import { evaluate, litValue, type Run } from '../formalisms/aig-eval.js';

/**
 * Runs `aig` from the run's latch values through its input vectors; `visit` sees each step's values
 * and may stop the run with what is wrong. The state of every step (as text, for finding the
 * earliest repeat) and the state after the last step, or what was wrong.
 */
function simulate(aig: Aig, run: Run, visit: (values: Uint8Array, t: number) => string | undefined): { states: string[]; final: string } | string {
  const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
  const states: string[] = [];
  let state = Uint8Array.from(run.latches, (v) => (v ? 1 : 0));
  for (let t = 0; t < run.inputs.length; t++) {
    const inputs = run.inputs[t]!;
    if (inputs.length !== aig.inputs.length) return `step ${t} gives ${inputs.length} input values for ${aig.inputs.length} inputs`;
    states.push(state.join(''));
    evaluate(aig, state, inputs, values);
    const wrong = visit(values, t);
    if (wrong) return wrong;
    state = Uint8Array.from(aig.latches, (l) => litValue(values, l.next));
  }
  return { states, final: state.join('') };
}

/** Undefined when `run` is a fair lasso of justice property `justice` of `aig` under its constraints and fairness, else what is wrong. */
export function checkLassoWitness(aig: Aig, justice: number, run: Run): string | undefined {
  const property = aig.justice[justice];
  if (!property) return `the circuit has no justice property ${justice}`;
  if (run.latches.length !== aig.latches.length) return `the witness gives ${run.latches.length} latch values for ${aig.latches.length} latches`;
  if (run.inputs.length === 0) return 'the witness has no step';
  for (const [k, latch] of aig.latches.entries()) {
    if (latch.reset !== 'x' && (run.latches[k] ? 1 : 0) !== latch.reset) return `latch ${latch.index} does not start at its reset value ${latch.reset}`;
  }
  const lits = [...property.lits, ...aig.fairness.map((f) => f.lit)];
  // the step at which each literal was last 1
  const lastTrue = lits.map(() => -1);
  const r = simulate(aig, run, (values, t) => {
    const broken = aig.constraints.find((c) => litValue(values, c.lit) === 0);
    if (broken) return `constraint ${broken.index} is violated at step ${t}`;
    lits.forEach((l, k) => { if (litValue(values, l) === 1) lastTrue[k] = t; });
    return undefined;
  });
  if (typeof r === 'string') return r;
  const loop = r.states.indexOf(r.final);
  if (loop < 0) return `the state after the last step ${run.inputs.length - 1} is not the state of any earlier step: the loop does not close`;
  const missing = lits.findIndex((_, k) => lastTrue[k]! < loop);
  if (missing < 0) return undefined;
  const what = missing < property.lits.length ? `literal ${missing} of justice property ${justice}` : `fairness constraint ${missing - property.lits.length}`;
  return `${what} is never 1 in the loop from step ${loop} to step ${run.inputs.length - 1}`;
}
