/**
 * The certificate of a SAFE verdict by k-induction: an invariant per location whose property
 * P(s) = Inv(loc(s))(vals) ∧ ¬(loc(s) = errorLoc ∧ bad(vals)) is k-inductive.
 *
 * - Base case: no path of j < k steps from an initial state (the initial location under `init`)
 *   ends in a state violating P, for j = 0 .. k-1.
 * - Inductive step: no path s_0 → … → s_k from any state has P(s_0), …, P(s_{k-1}) and ¬P(s_k).
 *
 * Together they exclude every reachable violation: a shortest path to one of length n < k
 * contradicts the base case, and for n ≥ k its last k+1 states contradict the step.
 *
 * Simple paths. With `simplePath` the step asks only for paths whose states are pairwise distinct
 * over the location and the non-input variables (`vars` minus `inputs`), which proves more
 * properties. It stays sound because a shortest path to a violation repeats no such state. Say s_i
 * and s_j (i < j) agree outside the inputs: then s_j is s_i with other input values, and the path
 * s_0 … s_{i-1} s_j … s_n is shorter and still ends in the violation. It is a path because inputs
 * are fresh each step: the step from s_{i-1} to s_i relates s_{i-1} to the non-input part of s_i,
 * which s_j shares, and constrains the new inputs only through conditions on the new state alone
 * (AIGER constraints), which s_j meets as the target of a step itself; the same holds for the
 * initial condition when i = 0. So
 * the last k+1 states of a shortest violating path of n ≥ k steps are pairwise distinct, and the
 * simple-path step case rules them out as well as the plain one.
 *
 * The unrolling is built here from the interpreter: a location variable per step when there is
 * more than one location, the step relation T(s, s') = ⋁ over actions (loc = source ∧ loc' = target
 * ∧ formula) with each action's locals copied per step (`atStep`), printed once as a function and
 * applied per step (`SmtScript.define`/`instantiate`), as is P. k = 1 is the inductive-invariant
 * check of `invariant.ts` on P: for an invariant that excludes the bad states P is the invariant
 * itself, and both checks accept the same certificates.
 */
import { False, True, and, atStep, declareVar, eq, indexed, int, neq, not, or, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import { IntT } from '../lang/types.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { checkConditions, type CheckOptions, type Condition } from './smt-check.js';

/** The states of a model over one location variable (none when there is a single location). */
class States {
  private readonly loc: VarDecl | undefined;

  constructor(private readonly model: Interpreter) {
    this.loc = model.locations.length > 1 ? declareVar('loc', IntT) : undefined;
  }

  /** loc = l, over the current (primes = 0) or next (primes = 1) state; true with a single location. */
  at(l: Location, primes: 0 | 1 = 0): Expr {
    if (!this.loc) return True;
    const v = ref(this.loc);
    return eq(primes ? prime(v) : v, int(l.id));
  }

  /** P over the current state. */
  property(invariant: ReadonlyMap<Location, Expr>): Expr {
    const { model } = this;
    return or(...model.locations.flatMap((l) => {
      const inv = invariant.get(l) ?? False;
      if (inv === False) return [];
      return [and(this.at(l), inv, l === model.errorLoc ? not(model.bad) : True)];
    }));
  }

  /** The step relation T over the current and next state and the actions' locals. */
  step(): Expr {
    return or(...this.model.locations.flatMap((l) => this.model.actions(l).map((a) =>
      and(this.at(l), this.at(a.target, 1), a.formula))));
  }

  /** The state at step i differs from the state at step j (location or a non-input variable). */
  differ(i: number, j: number): Expr {
    const inputs = new Set(this.model.inputs);
    const kept = this.model.vars.filter((v) => !inputs.has(v));
    if (this.loc) kept.push(this.loc);
    return or(...kept.map((v) => neq(ref(indexed(v, i)), ref(indexed(v, j)))));
  }

  /** The initial states, at step 0. */
  initial(): Expr {
    return atStep(and(this.at(this.model.initLoc), this.model.init), 0);
  }
}

/** Undefined when `invariant` is a k-inductive invariant of `model` (on simple paths if `simplePath`), else what fails. */
export async function checkKInductiveInvariant(
  model: Interpreter, invariant: ReadonlyMap<Location, Expr>, k: number, simplePath: boolean, opts: CheckOptions = {},
): Promise<string | undefined> {
  if (!Number.isInteger(k) || k < 1) return `k must be a positive integer, not ${k}`;
  const states = new States(model);
  const script = new SmtScript();
  const T = script.define(states.step());
  const P = script.define(states.property(invariant));
  const steps = Array.from({ length: k }, (_, j) => script.instantiate(T, j));
  const good = Array.from({ length: k + 1 }, (_, j) => script.instantiate(P, j));
  const init = states.initial();
  const conditions: Condition[] = good.slice(0, k).map((p, j) => ({
    violation: and(init, ...steps.slice(0, j), not(p)),
    failure: `the base case fails at step ${j}`,
  }));
  const distinct: Expr[] = [];
  if (simplePath) for (let j = 1; j <= k; j++) for (let i = 0; i < j; i++) distinct.push(states.differ(i, j));
  conditions.push({
    violation: and(...good.slice(0, k), ...steps, not(good[k]!), ...distinct),
    failure: `the invariant is not ${k}-inductive${simplePath ? ' on simple paths' : ''}`,
  });
  return checkConditions(script, conditions, opts);
}
