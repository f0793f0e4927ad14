/**
 * The certificates of a NONTERMINATING verdict, checked by their kind whoever found them:
 *
 * - `lasso-run`: a run replayed in TypeScript from an initial state whose last state (location
 *   and every value) equals the state at `loopStart`; repeating the steps after it runs forever.
 * - `recurrent-set`: a stem replayed in TypeScript into a state at the loop head that satisfies
 *   the set, and a cycle of actions from the head back to it such that from every state of the set
 *   the cycle can be taken into the set again (a recurrent set, Gupta et al., POPL 2008): the
 *   violation set(x0) and not exists x1..xn, locals. step_1 and ... and step_n and set(xn) is
 *   unsatisfiable, asked of a fresh Z3 context (`checkConditions`). The set is over V; it is read
 *   at step 0 (x0).
 */
import { True, and, atStep, conjuncts, exists, indexed, leafVar, mapLeaves, not, postorder, ref, substitute, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn } from '../lang/eval.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import type { Action, Interpreter } from '../formalisms/interpreter.js';
import { replayRun } from '../formalisms/trace.js';
import type { NonterminationCertificate } from '../formalisms/certificate.js';
import { checkConditions, type CheckOptions } from './smt-check.js';

/**
 * The states at step 0 from which the cycle can be taken into `set`, as a formula over step 0:
 * exists x1..xn and the locals. Where a step's formula defines every next value by a term (a
 * conjunct v' = t for each variable, as CFA edges have), the next state is substituted instead of
 * quantified, which leaves the solver only the havoc values to find.
 */
function successorIn(model: Interpreter, cycle: readonly Action[], set: Expr): Expr {
  const bound: VarDecl[] = [];
  const parts: Expr[] = [];
  let cur = new Map<VarDecl, Expr>(model.vars.map((v) => [v, ref(indexed(v, 0))]));
  cycle.forEach((a, k) => {
    const local = new Map<VarDecl, Expr>(a.locals.map((l) => { bound.push(indexed(l, k)); return [l, ref(indexed(l, k))]; }));
    const at = new Map([...cur, ...local]);
    const next = new Map<VarDecl, Expr>();
    const rest: Expr[] = [];
    for (const c of conjuncts(a.formula)) {
      const lhs = c.op === 'eq' ? c.args[0]! : undefined;
      if (lhs?.op === 'prime' && lhs.args[0]!.op === 'var' && !next.has(lhs.args[0]!.decl!) && !postorder(c.args[1]!).some((n) => n.op === 'prime')) {
        next.set(lhs.args[0]!.decl!, c.args[1]!);
      } else rest.push(c);
    }
    const functional = model.vars.every((v) => next.has(v));
    if (functional) {
      parts.push(...rest.map((g) => substitute(g, at)));
      cur = new Map(model.vars.map((v) => [v, substitute(next.get(v)!, at)]));
    } else {
      const after = new Map(model.vars.map((v) => { bound.push(indexed(v, k + 1)); return [v, ref(indexed(v, k + 1))]; }));
      parts.push(mapLeaves(a.formula, (leaf) => {
        const { decl, primes } = leafVar(leaf);
        return primes === 0 ? at.get(decl) : after.get(decl);
      }));
      cur = after;
    }
  });
  const inSet = substitute(set, cur);
  const body = and(...parts, inSet);
  return bound.length === 0 ? body : exists(bound, body);
}

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
  const stays = successorIn(model, c.cycle, c.set);
  return checkConditions(new SmtScript(), [{
    violation: and(atStep(c.set, 0), not(stays)),
    failure: `some state of the recurrent set at ${head.name} cannot take the cycle back into the set`,
  }], opts);
}
