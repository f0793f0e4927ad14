/**
 * The check of a BTOR2 witness by btorsim's rules: the witness's run is replayed on the model by
 * the BTOR2 simulator (formalisms/frontends/btor2/simulate.ts), which shares no code with the
 * engines, the word-level translation or the bit-blaster. The witness is good for bad state
 * property i when it claims `b<i>` and, at some step, `b<i>` holds while every constraint has held
 * at every step up to and including that one. Its assignments to states the model determines (with
 * `init` at step 0, with `next` later) must agree with the model's values; btorsim compares those
 * with `next` only, and lets an assignment override an `init` of a state without `next`, which
 * this check refuses.
 */
import { InputError } from '../lang/errors.js';
import type { Btor2Model } from '../formalisms/frontends/btor2/model.js';
import { Simulation, isArray, readArray, type Value } from '../formalisms/frontends/btor2/simulate.js';
import { witnessRun, type Assignment, type Btor2Witness } from '../formalisms/frontends/btor2/witness.js';

const bits = (v: bigint): string => v.toString(2);

/** Where a witness's assignment to a determined state disagrees with the model's value, or undefined. */
function disagreement(a: Assignment, v: Value): string | undefined {
  if (!isArray(v)) return a.value === v ? undefined : `the model gives ${bits(v)}, the witness ${bits(a.value)}`;
  if (a.index === undefined) return 'the witness gives no index';
  const model = a.index === '*' ? v.dflt : readArray(v, a.index.value);
  return model === a.value ? undefined : `the model's element is ${bits(model)}, the witness's ${bits(a.value)}`;
}

/**
 * What is wrong with `witness` as a counterexample to bad state property `bad` of `model`, or
 * undefined when it is one.
 */
export function checkBtor2Witness(model: Btor2Model, witness: Btor2Witness, bad: number): string | undefined {
  if (bad >= model.bads.length) return `the model has no bad state property b${bad}`;
  if (!witness.bads.includes(bad)) return `the witness does not claim b${bad} (it claims ${witness.bads.map((b) => `b${b}`).join(' ') || 'nothing'})`;
  let run;
  try {
    run = witnessRun(model, witness);
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  const sim = new Simulation(model);
  for (let step = 0; step < run.length; step++) {
    sim.advance(run[step]!);
    for (const a of witness.frames[step]!.states) {
      const s = model.states[a.pos]!;
      if (step === 0 ? s.init === undefined : s.next === undefined) continue;
      const wrong = disagreement(a, sim.value(s.node.id));
      if (wrong) return `step ${step}: state ${a.pos} (${s.node.symbol ?? `id ${s.node.id}`}) is determined by its ${step === 0 ? 'init' : 'next'}, and ${wrong}`;
    }
    const broken = model.constraints.find((c) => sim.value(c.arg) !== 1n);
    if (broken) return `step ${step}: constraint ${broken.id} (line ${broken.line}) does not hold before b${bad} is reached`;
    if (sim.value(model.bads[bad]!.arg) === 1n) return undefined;
  }
  return `b${bad} is not reached in the witness's ${run.length} step${run.length === 1 ? '' : 's'}`;
}
