/**
 * Concrete counterexample traces and their replay. A trace is a sequence of states (location and a
 * value for every variable) joined by actions, with the choices each step made (havoc values, inputs
 * the relation leaves open). Replay re-runs the trace on the model in TypeScript, without a solver
 * and without the code that found it: an UNSAFE verdict is printed only if its trace replays.
 */
import { True } from '../lang/expr.js';
import { evaluateIn, type Valuation } from '../lang/eval.js';
import type { Action, Interpreter, Location } from './interpreter.js';

export interface TraceState {
  readonly loc: Location;
  readonly vals: Valuation;
}

export interface Trace {
  /** states.length = actions.length + 1. */
  readonly states: readonly TraceState[];
  readonly actions: readonly Action[];
  /** Per step, the values of the action's locals. */
  readonly choices: readonly Valuation[];
  /**
   * Where the trace is a lasso (a justice property's counterexample): the step whose state the
   * last step leads back to, the loop repeated forever from there.
   */
  readonly loopStart?: number;
}

/** Undefined when the trace is a real run of the model into a bad state, else what is wrong. */
export function replay(model: Interpreter, trace: Trace): string | undefined {
  const wrong = replayRun(model, trace);
  if (wrong) return wrong;
  const last = trace.states[trace.states.length - 1]!;
  if (last.loc !== model.errorLoc || evaluateIn(model.bad, last.vals) !== True) return 'the last state is not bad';
  return undefined;
}

/** Undefined when the trace is a real run of the model from an initial state, else what is wrong. */
export function replayRun(model: Interpreter, trace: Trace): string | undefined {
  const { states, actions } = trace;
  if (states.length !== actions.length + 1) return 'the trace has a wrong number of states';
  for (const [i, s] of states.entries()) {
    for (const v of model.vars) if (!s.vals.has(v)) return `step ${i} gives no value to ${v.name}`;
  }
  const first = states[0]!;
  if (first.loc !== model.initLoc) return `the trace starts at ${first.loc.name}, not at the initial location`;
  if (evaluateIn(model.init, first.vals) !== True) return 'the first state is not initial';
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    const [from, to] = [states[i]!, states[i + 1]!];
    if (!model.actions(from.loc).includes(a)) return `step ${i}: ${a.label} is not an action of ${from.loc.name}`;
    if (a.target !== to.loc) return `step ${i}: ${a.label} does not lead to ${to.loc.name}`;
    const choices = new Map([...to.vals, ...(trace.choices[i] ?? new Map<never, never>())]);
    const run = a.execute(from.vals, choices);
    if (run.disabled) return `step ${i}: ${a.label} is not enabled`;
    if (!run.exact) return `step ${i}: ${a.label} cannot be decided on these values`;
    for (const v of model.vars) {
      if (run.post.get(v) !== to.vals.get(v)) return `step ${i}: ${a.label} does not produce the next value of ${v.name}`;
    }
  }
  return undefined;
}
