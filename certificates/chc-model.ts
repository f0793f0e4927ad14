/**
 * The check of a CHC model (the certificate of `sat`), clause by clause as the CHC-COMP model
 * validator does: under the interpretation, every clause is valid, that is, its body's constraint
 * and interpreted atoms, with its head's negation (nothing for a query), is unsatisfiable. It
 * reads the clause system as the file states it, not the CFA view the engines checked, and runs
 * on the checkers' own fresh Z3 context (smt-check.ts). A model claimed by a result is checked as
 * the text its writer prints, read back, so that what is checked is what `--certificate` writes.
 */
import { InputError } from '../lang/errors.js';
import { True, and, not, substitute, type Expr } from '../lang/expr.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import { clauseName, type Atom, type ChcSystem } from '../formalisms/frontends/chc/clauses.js';
import { readModel, type ChcModel } from '../formalisms/frontends/chc/model.js';
import { checkConditions, type CheckOptions, type Condition } from './smt-check.js';

/** Undefined when every clause of `system` is valid under `model`, else what fails. */
export async function checkChcModel(system: ChcSystem, model: ChcModel, opts: CheckOptions = {}): Promise<string | undefined> {
  const missing = system.predicates.find((p) => !model.has(p));
  if (missing) return `the model does not interpret predicate ${missing.name}`;
  const holds = (a: Atom): Expr => {
    const { params, body } = model.get(a.pred)!;
    return substitute(body, new Map(params.map((v, k) => [v, a.args[k]!])));
  };
  const conditions: Condition[] = system.clauses.map((c) => ({
    violation: and(c.constraint, ...c.body.map(holds), c.head ? not(holds(c.head)) : True),
    failure: `${clauseName(c)} is not valid under the model`,
  }));
  return checkConditions(new SmtScript(), conditions, opts);
}

/** Undefined when the model text reads back as an interpretation of every predicate under which every clause is valid, else what fails. */
export async function checkChcModelText(system: ChcSystem, text: string): Promise<string | undefined> {
  let model: ChcModel;
  try {
    model = readModel(system, text, `the model of ${system.file}`);
  } catch (e) {
    if (e instanceof InputError) return `the model does not read back: ${e.message}`;
    throw e;
  }
  return checkChcModel(system, model);
}
