/**
 * An STS through the interpreter interface: one location, one action (the transition relation,
 * executed relationally: formalisms/relation-action.ts).
 */
import { not, type VarDecl } from '../lang/expr.js';
import type { Dialect } from '../lang/print.js';
import type { Action, Interpreter, Location } from './interpreter.js';
import { relationAction } from './relation-action.js';
import { initFormula, transFormula, type Sts } from './sts.js';

/** The label of an STS's one action. */
const TRANSITION = 'transition';

/** `loc` is the interpreter's one location, given when a view names it before the interpreter exists. */
export function stsInterpreter(sts: Sts, dialect: Dialect = 'sts', inputs: readonly VarDecl[] = [], loc: Location = { id: 0, name: sts.propName }): Interpreter {
  const action = relationAction({ id: 0, source: loc, target: loc, label: TRANSITION, formula: transFormula(sts), locals: [] }, sts.vars);
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

/**
 * The interpreter of an STS that `build` makes when its formulas are first read: its name and
 * variables are known before. A circuit's counterexample is printed over the variables alone, and
 * its STS (a Boolean expression per gate) cost a large circuit more than the rest of a short check.
 */
export function lazyStsInterpreter(name: string, vars: readonly VarDecl[], build: () => Sts, inputs: readonly VarDecl[], loc: Location): Interpreter {
  let built: Interpreter | undefined;
  const full = () => (built ??= stsInterpreter(build(), 'sts', inputs, loc));
  const step = () => full().actions(loc)[0]!;
  const action: Action = {
    id: 0, source: loc, target: loc, label: TRANSITION, locals: [],
    get formula() { return step().formula; },
    execute: (state, choices) => step().execute(state, choices),
  };
  return {
    dialect: 'sts', name, vars, locations: [loc], initLoc: loc, errorLoc: loc, inputs,
    get init() { return full().init; },
    get bad() { return full().bad; },
    actions: () => [action],
  };
}
