/**
 * An action given by its transition formula alone (an STS's transition relation, a sliced model's
 * edge), executed relationally: conjuncts of the form `x' = e` (or `x' iff e`) define next values;
 * what the relation leaves open comes from `choices` or stays unknown; then every conjunct is
 * evaluated to decide whether the step is possible. The step-locals read their values from
 * `choices` too.
 */
import { False, conjuncts, leafVar, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn, type Valuation } from '../lang/eval.js';
import type { Action, Execution } from './interpreter.js';

/** `x' = e` with one prime on x: the variable it defines and the defining expression. */
export function definition(c: Expr): [VarDecl, Expr] | undefined {
  if (c.op !== 'eq' && c.op !== 'iff') return undefined;
  for (const [lhs, rhs] of [[c.args[0]!, c.args[1]!], [c.args[1]!, c.args[0]!]] as const) {
    if (lhs.op === 'prime' && lhs.args[0]!.op === 'var') return [leafVar(lhs).decl, rhs];
  }
  return undefined;
}

/**
 * The action of `shape`, executed relationally; `vars` are the model's variables, whose next
 * values `choices` may give.
 */
export function relationAction(shape: Omit<Action, 'execute'>, vars: readonly VarDecl[]): Action {
  const parts = conjuncts(shape.formula);
  const defs = parts.map(definition).filter((d): d is [VarDecl, Expr] => d !== undefined);
  return { ...shape, execute: (state, choices) => execute(shape.locals, vars, parts, defs, state, choices) };
}

function execute(locals: readonly VarDecl[], vars: readonly VarDecl[], parts: readonly Expr[], defs: readonly [VarDecl, Expr][], state: Valuation, choices?: Valuation): Execution {
  let cur = state;
  if (choices && locals.length > 0) {
    const withLocals = new Map(state);
    for (const l of locals) {
      const c = choices.get(l);
      if (c !== undefined) withLocals.set(l, c);
    }
    cur = withLocals;
  }
  const post = new Map<VarDecl, Expr>();
  // definitions may read other next values (y' = x' + 1): repeat until nothing new is learnt
  for (let changed = true; changed;) {
    changed = false;
    for (const [v, e] of defs) {
      if (post.has(v)) continue;
      const value = evaluateIn(e, cur, post);
      if (value !== undefined) { post.set(v, value); changed = true; }
    }
  }
  for (const v of vars) {
    const c = choices?.get(v);
    if (!post.has(v) && c !== undefined) post.set(v, c);
  }
  let exact = true;
  for (const p of parts) {
    const r = evaluateIn(p, cur, post);
    if (r === False) return { disabled: true };
    if (r === undefined) exact = false;
  }
  return { disabled: false, post, exact };
}
