/**
 * An STS through the interpreter interface: one location, one action (the transition relation,
 * executed relationally: formalisms/relation-action.ts).
 */
import { not, type VarDecl } from '../lang/expr.js';
import type { Dialect } from '../lang/print.js';
import type { Interpreter, Location } from './interpreter.js';
import { relationAction } from './relation-action.js';
import { initFormula, transFormula, type Sts } from './sts.js';

/** `loc` is the interpreter's one location, given when a view names it before the interpreter exists. */
export function stsInterpreter(sts: Sts, dialect: Dialect = 'sts', inputs: readonly VarDecl[] = [], loc: Location = { id: 0, name: sts.propName }): Interpreter {
  const action = relationAction({ id: 0, source: loc, target: loc, label: 'transition', formula: transFormula(sts), locals: [] }, sts.vars);
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
