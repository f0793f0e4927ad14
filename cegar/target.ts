/**
 * Reaching a bad state as a step of its own. At a node of the error location whose state may be
 * bad, the abstractor follows this pseudo-action (every variable unchanged) into an unsafe node,
 * whose state the path formula then joins with the bad condition. A counterexample so always has a
 * state after the last real one, and refiners can interpolate between the path and the bad states:
 * that is what refines the very first state of an STS whose initial states the abstraction cannot
 * yet tell from the bad ones. What a refiner learns at the unsafe node is about its parent (same
 * location, same precision), so the checker prunes from the parent. The step is removed from
 * concrete traces.
 */
import { and, eq, prime, ref } from '../lang/expr.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Execution, Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';

export class TargetAction implements Action {
  readonly id = -1;
  readonly label = 'bad state';
  readonly locals = [];
  readonly source: Location;
  readonly target: Location;
  readonly formula;

  constructor(model: Interpreter) {
    this.source = this.target = model.errorLoc;
    this.formula = and(...model.vars.map((v) => eq(prime(ref(v)), ref(v))));
  }

  execute(state: Valuation): Execution {
    return { disabled: false, post: state, exact: true };
  }
}

/** The trace without its final pseudo-step into the bad state. */
export function withoutTargetStep(trace: Trace): Trace {
  const n = trace.actions.length;
  if (n === 0 || !(trace.actions[n - 1] instanceof TargetAction)) return trace;
  return { states: trace.states.slice(0, -1), actions: trace.actions.slice(0, -1), choices: trace.choices.slice(0, -1) };
}
