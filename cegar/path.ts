/**
 * Abstract counterexamples as formulas (Hajdu and Micskei, Sect. 2.2.2): for a path
 * s_1 op_1 s_2 ... op_(n-1) s_n the parts are A_1 = init<0> and s_1<0>, A_(i+1) = op_i<i-1..i> and
 * s_(i+1)<i>, with the bad condition joined to the last part. Their conjunction is satisfiable iff
 * a concrete path follows the abstract one; a model gives the concrete trace.
 */
import { and, atStep, indexed, mapLeaves, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace, TraceState } from '../formalisms/trace.js';
import type { SmtModel } from '../lang/smt/model.js';
import type { ArgPath } from './arg.js';
import type { AbstractState } from './domain.js';

/** The parts A_1 .. A_n of a path, over step-indexed variables (step i for the i-th state, from 0). */
export function pathParts<S extends AbstractState>(model: Interpreter, path: ArgPath<S>): Expr[] {
  const { nodes, actions } = path;
  const parts = [and(atStep(model.init, 0), atStep(nodes[0]!.state.expr, 0))];
  for (let i = 0; i < actions.length; i++) parts.push(and(atStep(actions[i]!.formula, i), atStep(nodes[i + 1]!.state.expr, i + 1)));
  const last = parts.length - 1;
  parts[last] = and(parts[last]!, atStep(model.bad, last));
  return parts;
}

/** An interpolant over the variables of one step, read back over V (v<i> becomes v). */
export function unindexed(e: Expr): Expr {
  return mapLeaves(e, (leaf) => (leaf.op === 'var' && leaf.decl!.base ? ref(leaf.decl!.base) : undefined));
}

/** A path through the model: its nodes' locations and the actions between them (an ARG path, or IMPACT's). */
interface LocatedPath {
  readonly nodes: readonly { readonly loc: Location }[];
  readonly actions: readonly Action[];
}

/** The concrete trace along `path` in a model of the conjunction of its parts (v<i> the i-th state). */
export function concreteTrace(model: Interpreter, path: LocatedPath, m: SmtModel): Trace {
  const value = (v: VarDecl, i: number) => m.eval(ref(indexed(v, i)));
  const states: TraceState[] = path.nodes.map((n, i) => ({ loc: n.loc, vals: new Map(model.vars.map((v) => [v, value(v, i)])) }));
  const choices: Valuation[] = path.actions.map((a, i) => new Map(a.locals.map((l) => [l, value(l, i)])));
  return { states, actions: path.actions, choices };
}
