/**
 * The certificates of a NONTERMINATING verdict, checked by their kind whoever found them:
 *
 * - `lasso-run`: a run replayed in TypeScript from an initial state whose last state (location
 *   and every value) equals the state at `loopStart`; repeating the steps after it runs forever.
 * - `recurrent-set`: a stem replayed in TypeScript into a state at the loop head that satisfies
 *   the set, and a cycle of actions from the head back to it such that from every state of the set
 *   the cycle can be taken into the set again (a recurrent set, Gupta et al., POPL 2008): the
 *   violation set(x0) and not exists x1..xn, locals. step_1 and ... and step_n and set(xn) is
 *   unsatisfiable, asked of a fresh Z3 context (`checkConditions`).
 */
import { True, and, atStep, exists, indexed, not, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn } from '../lang/eval.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { replayRun } from '../formalisms/trace.js';
import type { NonterminationCertificate } from './certificate.js';
import { checkConditions, type CheckOptions } from './smt-check.js';

/** Undefined when the lasso proves an infinite run of `model`, else what fails. */
export async function checkLasso(model: Interpreter, c: NonterminationCertificate, opts: CheckOptions = {}): Promise<string | undefined> {
  if (c.kind === 'lasso-run') {
    const wrong = replayRun(model, c.trace);
    if (wrong) return wrong;
    const { states } = c.trace;
    if (!(c.loopStart >= 0 && c.loopStart < states.length - 1)) return `the loop start ${c.loopStart} is not a step before the last`;
    const [first, last] = [states[c.loopStart]!, states[states.length - 1]!];
    if (first.loc !== last.loc) return `the run ends at ${last.loc.name}, not at ${first.loc.name} where the loop starts`;
    const differs = model.vars.find((v) => first.vals.get(v) !== last.vals.get(v));
    return differs && `the last state differs from the state at step ${c.loopStart} in ${differs.name}`;
  }

  const wrong = replayRun(model, c.stem);
  if (wrong) return `the stem: ${wrong}`;
  const end = c.stem.states[c.stem.states.length - 1]!;
  if (c.cycle.length === 0) return 'the cycle is empty';
  const head = c.cycle[0]!.source;
  if (end.loc !== head) return `the stem ends at ${end.loc.name}, not at the loop head ${head.name}`;
  for (const [i, a] of c.cycle.entries()) {
    if (!model.actions(a.source).includes(a)) return `cycle step ${i}: ${a.label} is not an action of the model`;
    const next = c.cycle[i + 1]?.source ?? head;
    if (a.target !== next) return `cycle step ${i}: ${a.label} does not lead to ${next.name}`;
  }
  if (evaluateIn(c.set, end.vals) !== True) return `the state the stem reaches is not in the recurrent set`;

  // every state of the set has a successor along the cycle that is again in the set
  const n = c.cycle.length;
  const bound: VarDecl[] = [];
  for (let k = 1; k <= n; k++) for (const v of model.vars) bound.push(indexed(v, k));
  const steps: Expr[] = c.cycle.map((a, k) => {
    for (const l of a.locals) bound.push(indexed(l, k));
    return atStep(a.formula, k);
  });
  const stays = exists(bound, and(...steps, atStep(c.set, n)));
  return checkConditions(new SmtScript(), [{
    violation: and(atStep(c.set, 0), not(stays)),
    failure: `some state of the recurrent set at ${head.name} cannot take the cycle back into the set`,
  }], opts);
}
