/**
 * The verdict panel's data, made in the thread that owns the model: plain strings and numbers, so
 * it can be posted to the terminal interface. The counterexample is a table of steps by variables
 * with the action taken at each step; the interface decides how much of it fits the screen.
 */
import { conjuncts, type Expr } from '../lang/expr.js';
import { printExpr } from '../lang/print.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import type { Verdict } from '../engines/verdict.js';

export interface CounterexampleTable {
  /** Column names: `location` first when the model has more than one, then the variables. */
  readonly columns: readonly string[];
  /** One row per state, aligned with `columns`. */
  readonly rows: readonly (readonly string[])[];
  /** The action taken from each state but the last (rows.length - 1 entries). */
  readonly actions: readonly string[];
}

export type Panel =
  | { readonly kind: 'safe'; readonly locations: number; readonly conjuncts: number; readonly invariant: readonly string[] }
  | { readonly kind: 'unsafe'; readonly table: CounterexampleTable }
  | { readonly kind: 'unknown'; readonly reason: string; readonly reached?: string };

const show = (v: Expr | undefined) => (v === undefined ? '?' : printExpr(v, 'cfa'));

/** The panel for a certified verdict (the invariant text is cut per location; the panel shows a few). */
export function panelOf(model: Interpreter, v: Verdict): Panel {
  if (v.result === 'unknown') return { kind: 'unknown', reason: v.reason };
  if (v.result === 'safe') {
    const inv = [...v.invariant];
    return {
      kind: 'safe',
      locations: inv.length,
      conjuncts: inv.reduce((n, [, e]) => n + conjuncts(e).length, 0),
      invariant: inv.slice(0, 8).map(([l, e]) => {
        const text = printExpr(e, 'cfa');
        return `${l.name}: ${text.length > 200 ? `${text.slice(0, 197)}...` : text}`;
      }),
    };
  }
  const located = model.locations.length > 1;
  const columns = [...(located ? ['location'] : []), ...model.vars.map((d) => d.name)];
  const rows = v.trace.states.map((s) => [...(located ? [s.loc.name] : []), ...model.vars.map((d) => show(s.vals.get(d)))]);
  return { kind: 'unsafe', table: { columns, rows, actions: v.trace.actions.map((a) => a.label) } };
}
