/**
 * The certificate of an `unsat` answer in the clauses' own terms: a derivation of `false`, the
 * ground instance of each clause used, from a fact to a query, with the value of every clause
 * variable. In a linear system it is a chain: each step's head atom is the next step's body atom.
 * It is read off a counterexample of the CFA view (cfa.ts), one step per edge, and replayed by
 * evaluation against the clauses alone (certificates/chc-derivation.ts).
 */
import type { Expr, VarDecl } from '../../../lang/expr.js';
import { evaluateIn } from '../../../lang/eval.js';
import type { Trace } from '../../trace.js';
import type { Atom, ChcSystem, Clause } from './clauses.js';
import { defaultOf, type ChcCfa } from './cfa.js';
import { printTerm, symbol } from './print.js';

interface DerivationStep {
  readonly clause: Clause;
  /** A literal for every variable of the clause. */
  readonly values: ReadonlyMap<VarDecl, Expr>;
}

export interface ChcDerivation {
  readonly steps: readonly DerivationStep[];
}

/** The derivation that a counterexample of the CFA view follows, step by step. */
export function derivationOfTrace(chc: ChcCfa, trace: Trace): ChcDerivation {
  const steps = trace.actions.map((action, i): DerivationStep => {
    const { clause, bound, havocked } = chc.edges[action.id]!;
    const before = trace.states[i]!.vals;
    const choices = trace.choices[i];
    const values = new Map(clause.vars.map((y) => {
      const x = bound.get(y);
      const k = havocked.indexOf(y);
      const v = x ? before.get(x) : k >= 0 ? choices?.get(action.locals[k]!) : defaultOf(y.type);
      if (v === undefined) throw new Error(`the counterexample gives no value to ${y.name} at step ${i} (${action.label})`);
      return [y, v];
    }));
    return { clause, values };
  });
  return { steps };
}

/** The ground atom a step derives, or `false`. */
function derived(step: DerivationStep): string {
  const h = step.clause.head;
  return h ? groundAtom(h, step.values) : 'false';
}

function groundAtom(a: Atom, values: ReadonlyMap<VarDecl, Expr>): string {
  const args = a.args.map((t) => printTerm(evaluateIn(t, values) ?? t));
  return args.length ? `(${symbol(a.pred.name)} ${args.join(' ')})` : symbol(a.pred.name);
}

/**
 * The derivation as text: one S-expression per step, `(step N (clause K LINE) ((VAR VALUE) ...)
 * DERIVED)`, after `;` comment lines that say how to read it.
 */
export function derivationText(system: ChcSystem, d: ChcDerivation): string {
  const lines = [
    `; A derivation of false from the clauses of ${system.file}, found and checked by vigil.`,
    '; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),',
    '; clauses numbered from 1 in the order of the file. The first step is a fact, each further step',
    '; has the atom derived by the step before as its body atom, and the last one derives false.',
  ];
  d.steps.forEach((s, i) => {
    const vals = s.clause.vars.map((y) => `(${symbol(y.name)} ${printTerm(s.values.get(y)!)})`).join(' ');
    lines.push(`(step ${i + 1} (clause ${s.clause.index + 1} ${s.clause.at.line}) (${vals}) ${derived(s)})`);
  });
  return `${lines.join('\n')}\n`;
}
