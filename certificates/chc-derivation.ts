/**
 * The replay of a CHC derivation (the certificate of `unsat`), by evaluation in TypeScript against
 * the clauses as the file states them, without a solver and without the CFA view the engines
 * searched: every step is a ground instance of one of the system's clauses (a literal of the right
 * sort for each of its variables, under which its constraint is true), each body atom is the atom
 * its premise, an earlier step, derived, argument by argument (so the first step is a fact), and
 * the last step, and only it, derives false.
 */
import { True, isLit, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn } from '../lang/eval.js';
import { clauseName, type Atom, type ChcSystem } from '../formalisms/frontends/chc/clauses.js';
import type { ChcDerivation } from '../formalisms/frontends/chc/derivation.js';

/** The argument values of a ground atom, or what is wrong. */
function ground(a: Atom, values: ReadonlyMap<VarDecl, Expr>): Expr[] | string {
  const out: Expr[] = [];
  for (const [k, t] of a.args.entries()) {
    const v = evaluateIn(t, values);
    if (v === undefined || !isLit(v)) return `argument ${k + 1} of ${a.pred.name} has no value`;
    out.push(v);
  }
  return out;
}

/** Undefined when `d` derives false from the clauses of `system`, else what is wrong. */
export function replayDerivation(system: ChcSystem, d: ChcDerivation): string | undefined {
  if (d.steps.length === 0) return 'the derivation has no step';
  const derived: { atom: Atom; args: Expr[] }[] = [];
  for (const [i, { clause: c, values, premises }] of d.steps.entries()) {
    const at = `step ${i + 1} (${clauseName(c)})`;
    if (system.clauses[c.index] !== c) return `${at}: not a clause of ${system.file}`;
    for (const y of c.vars) {
      const v = values.get(y);
      if (v === undefined) return `${at}: no value for ${y.name}`;
      if (!isLit(v) || v.type !== y.type) return `${at}: the value of ${y.name} is not a ${y.type.key} literal`;
    }
    if (evaluateIn(c.constraint, values) !== True) return `${at}: the constraint is not true under these values`;
    if (premises.length !== c.body.length) return `${at}: ${premises.length} premises for ${c.body.length} body atoms`;
    for (const [b, atom] of c.body.entries()) {
      const j = premises[b]!;
      if (!(j >= 0 && j < i)) return `${at}: the premise of body atom ${b + 1} is not an earlier step`;
      const premise = derived[j]!;
      if (atom.pred !== premise.atom.pred) return `${at}: body atom ${b + 1} is ${atom.pred.name}, but step ${j + 1} derived ${premise.atom.pred.name}`;
      const args = ground(atom, values);
      if (typeof args === 'string') return `${at}: ${args}`;
      const k = args.findIndex((v, m) => v !== premise.args[m]);
      if (k >= 0) return `${at}: argument ${k + 1} of ${atom.pred.name} differs from the atom step ${j + 1} derived`;
    }
    if (!c.head) return i === d.steps.length - 1 ? undefined : `${at}: derives false before the last step`;
    const args = ground(c.head, values);
    if (typeof args === 'string') return `${at}: ${args}`;
    derived.push({ atom: c.head, args });
  }
  return 'the last step does not derive false';
}
