/**
 * The certificate of an `unsat` answer in the clauses' own terms: a derivation of `false`, the
 * ground instance of each clause used, from facts to a query, with the value of every clause
 * variable; each body atom of a step is the head atom of an earlier step, its premise. In a linear
 * system it is a chain, read off a counterexample of the CFA view (cfa.ts), one step per edge; in
 * a nonlinear one a tree, laid out children first (engines/horn/derivation.ts builds it). Either
 * is replayed by evaluation against the clauses alone (certificates/chc-derivation.ts).
 */
import type { Expr, VarDecl } from '../../../lang/expr.js';
import { evaluateIn } from '../../../lang/eval.js';
import type { Trace } from '../../trace.js';
import type { Atom, ChcSystem, Clause } from './clauses.js';
import { defaultOf, type ChcCfa } from './cfa.js';
import { printTerm, symbol } from './print.js';

export interface DerivationStep {
  readonly clause: Clause;
  /** A literal for every variable of the clause. */
  readonly values: ReadonlyMap<VarDecl, Expr>;
  /** Per body atom, the index of the earlier step that derived it. */
  readonly premises: readonly number[];
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
    return { clause, values, premises: i === 0 ? [] : [i - 1] };
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
 * DERIVED)`, after `;` comment lines that say how to read it. A chain says nothing more; in a tree,
 * a step with body atoms names the steps that derived them, `(from I J)`, before its values.
 */
export function derivationText(system: ChcSystem, d: ChcDerivation): string {
  const chain = d.steps.every((s, i) => s.premises.length <= 1 && s.premises.every((j) => j === i - 1));
  const lines = [
    `; A derivation of false from the clauses of ${system.file}, found and checked by vigil.`,
    '; Each step is a ground instance of a clause: (step N (clause K LINE) ((VARIABLE VALUE) ...) DERIVED),',
    '; clauses numbered from 1 in the order of the file.',
    ...(chain
      ? ['; The first step is a fact, each further step has the atom derived by the step before as its', '; body atom, and the last one derives false.']
      : ['; A step with body atoms says after its clause which steps derived them, in the order of its body:', '; (from I J ...). Steps derive their premises first, and the last one derives false.']),
  ];
  d.steps.forEach((s, i) => {
    const vals = s.clause.vars.map((y) => `(${symbol(y.name)} ${printTerm(s.values.get(y)!)})`).join(' ');
    const from = chain || s.premises.length === 0 ? '' : ` (from ${s.premises.map((j) => j + 1).join(' ')})`;
    lines.push(`(step ${i + 1} (clause ${s.clause.index + 1} ${s.clause.at.line})${from} (${vals}) ${derived(s)})`);
  });
  return `${lines.join('\n')}\n`;
}
