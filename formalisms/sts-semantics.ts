/**
 * An STS through the interpreter interface: one location, one action (the transition relation).
 * Executing a relation in TypeScript needs its functional part: conjuncts of the form `x' = e`
 * (or `x' iff e`) define next values; what the relation leaves open comes from `choices` or stays
 * unknown; then every conjunct is evaluated to decide whether the step is possible.
 */
import { False, conjuncts, leafVar, not, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn, type Valuation } from '../lang/eval.js';
import type { Dialect } from '../lang/print.js';
import type { Action, Execution, Interpreter, Location } from './interpreter.js';
import { initFormula, transFormula, type Sts } from './sts.js';

/** `x' = e` with one prime on x: the variable it defines and the defining expression. */
function definition(c: Expr): [VarDecl, Expr] | undefined {
  if (c.op !== 'eq' && c.op !== 'iff') return undefined;
  for (const [lhs, rhs] of [[c.args[0]!, c.args[1]!], [c.args[1]!, c.args[0]!]] as const) {
    if (lhs.op === 'prime' && lhs.args[0]!.op === 'var') return [leafVar(lhs).decl, rhs];
  }
  return undefined;
}

class TransitionAction implements Action {
  readonly id = 0;
  readonly label = 'transition';
  readonly locals: VarDecl[] = [];
  private readonly parts: Expr[];
  private readonly defs: [VarDecl, Expr][];

  constructor(readonly source: Location, readonly formula: Expr, private readonly vars: readonly VarDecl[]) {
    this.parts = conjuncts(formula);
    this.defs = this.parts.map(definition).filter((d): d is [VarDecl, Expr] => d !== undefined);
  }

  get target(): Location { return this.source; }

  execute(state: Valuation, choices?: Valuation): Execution {
    const post = new Map<VarDecl, Expr>();
    // definitions may read other next values (y' = x' + 1): repeat until nothing new is learnt
    for (let changed = true; changed;) {
      changed = false;
      for (const [v, e] of this.defs) {
        if (post.has(v)) continue;
        const value = evaluateIn(e, state, post);
        if (value !== undefined) { post.set(v, value); changed = true; }
      }
    }
    for (const v of this.vars) {
      const c = choices?.get(v);
      if (!post.has(v) && c !== undefined) post.set(v, c);
    }
    let exact = true;
    for (const p of this.parts) {
      const r = evaluateIn(p, state, post);
      if (r === False) return { disabled: true };
      if (r === undefined) exact = false;
    }
    return { disabled: false, post, exact };
  }
}

/** `loc` is the interpreter's one location, given when a view names it before the interpreter exists. */
export function stsInterpreter(sts: Sts, dialect: Dialect = 'sts', inputs: readonly VarDecl[] = [], loc: Location = { id: 0, name: sts.propName }): Interpreter {
  const action = new TransitionAction(loc, transFormula(sts), sts.vars);
  return {
    dialect,
    name: sts.name,
    vars: sts.vars,
    locations: [loc],
    initLoc: loc,
    init: initFormula(sts),
    errorLoc: loc,
    bad: not(sts.prop),
    actions: () => [action],
    inputs,
  };
}
