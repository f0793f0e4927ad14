/**
 * Reaching a bad state as a step of its own. At the error location the abstractor follows this
 * pseudo-action ("assume bad", every variable unchanged) into an unsafe node, so a counterexample
 * ends with the bad condition as its own transition: refiners then interpolate between the path and
 * the bad states too, which is what refines the very first state of an STS whose initial states
 * the abstraction cannot yet separate from the bad ones (Theta keeps the target as a separate item
 * of its traces for the same reason). The step is removed from concrete traces.
 */
import { False, True, and, eq, prime, ref } from '../lang/expr.js';
import { evaluateIn, type Valuation } from '../lang/eval.js';
import type { Action, Execution, Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';

export class TargetAction implements Action {
  readonly id = -1;
  readonly label = 'bad state';
  readonly locals = [];
  readonly source: Location;
  readonly target: Location;
  readonly formula;

  constructor(private readonly model: Interpreter) {
    this.source = this.target = model.errorLoc;
    this.formula = and(model.bad, ...model.vars.map((v) => eq(prime(ref(v)), ref(v))));
  }

  execute(state: Valuation): Execution {
    const b = evaluateIn(this.model.bad, state);
    if (b === False) return { disabled: true };
    return { disabled: false, post: state, exact: b === True };
  }
}

/** The trace without its final pseudo-step into the bad state. */
export function withoutTargetStep(trace: Trace): Trace {
  const n = trace.actions.length;
  if (n === 0 || !(trace.actions[n - 1] instanceof TargetAction)) return trace;
  return { states: trace.states.slice(0, -1), actions: trace.actions.slice(0, -1), choices: trace.choices.slice(0, -1) };
}
