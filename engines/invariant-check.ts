/**
 * The independent check of a SAFE verdict's certificate: an invariant per location must hold in
 * the initial states, be closed under every action (Inv(l) and the action's formula imply Inv(l')
 * over the next state), and exclude the bad states. It uses a fresh solver and only the model's
 * interpreter, none of the code of the algorithm that produced the invariant.
 */
import { False, and, not, prime, type Expr } from '../lang/expr.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { Solver } from '../lang/smt/solver.js';

/** Undefined when `inv` is an inductive invariant that excludes the bad states, else what fails. */
export function checkInvariant(model: Interpreter, inv: ReadonlyMap<Location, Expr>): string | undefined {
  const at = (l: Location) => inv.get(l) ?? False;
  const solver = new Solver();
  const sat = (e: Expr): boolean => {
    solver.push();
    solver.add(e);
    const r = solver.check();
    solver.pop();
    if (r === 'unknown') throw new Error(`the invariant check could not decide: ${solver.reasonUnknown()}`);
    return r === 'sat';
  };
  try {
    if (sat(and(model.init, not(at(model.initLoc))))) return `the invariant does not hold initially at ${model.initLoc.name}`;
    for (const l of model.locations) {
      if (at(l) === False) continue;
      for (const a of model.actions(l)) {
        if (sat(and(at(l), a.formula, not(prime(at(a.target)))))) return `the invariant is not closed under ${a.label}`;
      }
    }
    if (sat(and(at(model.errorLoc), model.bad))) return `the invariant does not exclude the bad states at ${model.errorLoc.name}`;
    return undefined;
  } finally {
    solver.dispose();
  }
}
