/**
 * The certificate of a SAFE verdict that names an inductive invariant, one formula per location,
 * checked by its kind whoever produced it: it holds in the initial states (at the initial location
 * under `init`), it is closed under every action (Inv(source) and the action's formula imply
 * Inv(target) over the next state, the action's locals free, hence existential per step), and it
 * excludes the bad states at the error location. A location without a formula has `false`.
 *
 * Each condition is checked as the unsatisfiability of its violation on the checkers' own solver
 * (`checkConditions`: one script, one parse, one cheap check per condition).
 */
import { False, and, not, prime, type Expr } from '../lang/expr.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { checkConditions, type CheckOptions, type Condition } from './smt-check.js';

/** Undefined when `invariant` is an inductive invariant of `model` that excludes the bad states, else what fails. */
export function checkInductiveInvariant(
  model: Interpreter, invariant: ReadonlyMap<Location, Expr>, opts: CheckOptions = {},
): Promise<string | undefined> {
  const at = (l: Location): Expr => invariant.get(l) ?? False;
  const conditions: Condition[] = [{
    violation: and(model.init, not(at(model.initLoc))),
    failure: `the invariant does not hold initially at ${model.initLoc.name}`,
  }];
  for (const l of model.locations) {
    // from a location whose invariant is false no step needs checking
    if (at(l) === False) continue;
    for (const a of model.actions(l)) {
      conditions.push({
        violation: and(at(l), a.formula, not(prime(at(a.target)))),
        failure: `the invariant is not closed under ${a.label}`,
      });
    }
  }
  conditions.push({
    violation: and(at(model.errorLoc), model.bad),
    failure: `the invariant does not exclude the bad states at ${model.errorLoc.name}`,
  });
  return checkConditions(new SmtScript(), conditions, opts);
}
