/**
 * Non-termination of a lasso (a stem from the initial location to a loop head, and a cycle from
 * the head back to it), two ways:
 *
 * - a repeating state: a run along the stem and then the cycle, once or twice, that ends in the
 *   state where the cycle started (one satisfiability query, the run rebuilt by executing the
 *   actions on the model's values);
 * - a recurrent set (Gupta, Henzinger, Majumdar, Rybalchenko and Xu, POPL 2008): a set S of states
 *   at the head from which the cycle can always be taken into S again, and a stem into S. The
 *   candidates are the cycle's guards on the state it starts from (with and without the
 *   reachability invariant at the head), strengthened by their own
 *   weakest precondition along the cycle while that is a substitution (no havoc in the way), each
 *   checked by the query "S(x) and no choice of the havoc values leads into S".
 */
import { False, True, and, atStep, conjuncts, eq, exists, freeVars, indexed, leafVar, not, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import type { Action, Interpreter } from '../../formalisms/interpreter.js';
import type { Trace, TraceState } from '../../formalisms/trace.js';
import type { SmtModel } from '../../lang/smt/model.js';
import type { NonterminationCertificate } from '../../formalisms/certificate.js';
import { pathAt } from '../../formalisms/control-graph.js';
import type { Oracle } from './oracle.js';

/** The run along `actions` from the model's values of the step copies, executed on the model. */
function concreteRun(model: Interpreter, actions: readonly Action[], m: SmtModel): Trace | undefined {
  let vals = new Map(model.vars.map((v) => [v, m.eval(ref(indexed(v, 0)))]));
  const states: TraceState[] = [{ loc: actions[0]?.source ?? model.initLoc, vals }];
  const choices = actions.map((a, k) => new Map(a.locals.map((l) => [l, m.eval(ref(indexed(l, k)))])));
  for (const [k, a] of actions.entries()) {
    const run = a.execute(vals, choices[k]);
    if (run.disabled || !run.exact) return undefined;
    vals = new Map(model.vars.map((v) => [v, run.post.get(v)!]));
    if (model.vars.some((v) => vals.get(v) === undefined)) return undefined;
    states.push({ loc: a.target, vals });
  }
  return { states, actions, choices };
}

/** A run along the stem and the cycle (once or twice) that comes back to the state the cycle started in. */
export function repeatingState(oracle: Oracle, model: Interpreter, stem: readonly Action[], cycle: readonly Action[]): NonterminationCertificate | undefined {
  for (const times of [1, 2]) {
    const actions = [...stem, ...Array.from({ length: times }, () => cycle).flat()];
    const s = stem.length;
    const e = actions.length;
    const query = and(atStep(model.init, 0), pathAt(actions, 0), ...model.vars.map((v) => eq(ref(indexed(v, s)), ref(indexed(v, e)))));
    let trace: Trace | undefined;
    if (oracle.sat(query, (m) => { trace = concreteRun(model, actions, m); }) !== 'sat' || !trace) continue;
    const t: Trace = trace;
    const [a, b] = [t.states[s]!, t.states[e]!];
    if (model.vars.every((v) => a.vals.get(v) === b.vals.get(v))) return { kind: 'lasso-run', trace: t, loopStart: s };
  }
  return undefined;
}

/** The cycle as guards over the start state and havoc values, and the end state as terms over them. */
function compose(model: Interpreter, cycle: readonly Action[]): { guards: Expr[]; post: Map<VarDecl, Expr>; locals: VarDecl[] } {
  let cur = new Map(model.vars.map((v) => [v, ref(v)]));
  const guards: Expr[] = [];
  const locals: VarDecl[] = [];
  cycle.forEach((a, k) => {
    const at = new Map(cur);
    for (const l of a.locals) { const c = indexed(l, k); locals.push(c); at.set(l, ref(c)); }
    const next = new Map(cur);
    for (const c of conjuncts(a.formula)) {
      const lhs = c.op === 'eq' ? c.args[0]! : undefined;
      if (lhs?.op === 'prime' && leafVar(lhs).primes === 1) next.set(leafVar(lhs).decl, substitute(c.args[1]!, at));
      else guards.push(substitute(c, at));
    }
    cur = next;
  });
  return { guards, post: cur, locals };
}

/** A stem into a recurrent set of the cycle, from the candidates above. */
export function recurrentSet(
  oracle: Oracle, model: Interpreter, stemPaths: readonly Action[][], cycle: readonly Action[], invariant: Expr,
): NonterminationCertificate | undefined {
  const { guards, post, locals } = compose(model, cycle);
  const havocked = new Set(locals);
  const pure = (e: Expr) => !freeVars(e).some((v) => havocked.has(v));
  const enabled = and(...guards.filter(pure));
  for (const start of new Set([and(invariant, enabled), enabled])) {
    const found = strengthen(oracle, model, stemPaths, cycle, start, { guards, post, locals }, pure);
    if (found) return found;
  }
  return undefined;
}

function strengthen(
  oracle: Oracle, model: Interpreter, stemPaths: readonly Action[][], cycle: readonly Action[], start: Expr,
  { guards, post, locals }: { guards: Expr[]; post: Map<VarDecl, Expr>; locals: VarDecl[] }, pure: (e: Expr) => boolean,
): NonterminationCertificate | undefined {
  let set = start;
  for (let round = 0; round < 4 && set !== False; round++) {
    const after = substitute(set, post);
    const stays = locals.length === 0 ? and(...guards, after) : exists(locals, and(...guards, after));
    if (oracle.sat(and(set, not(stays))) === 'unsat') {
      for (const stem of stemPaths) {
        const n = stem.length;
        let trace: Trace | undefined;
        const query = and(atStep(model.init, 0), pathAt(stem, 0), atStep(set, n));
        if (oracle.sat(query, (m) => { trace = concreteRun(model, stem, m); }) === 'sat' && trace) {
          return { kind: 'recurrent-set', stem: trace, cycle, set };
        }
      }
      return undefined;
    }
    if (!pure(after) || after === True) return undefined;
    set = and(set, after);
  }
  return undefined;
}
