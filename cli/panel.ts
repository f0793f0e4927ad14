/**
 * The verdict panel's data, made in the thread that owns the model: plain strings and numbers, so
 * it can be posted to the terminal interface. It shows one property in detail: the first that
 * fails, else the first still unknown, else the first. The counterexample is a table of steps by
 * variables with the action taken at each step; the interface decides how much of it fits. A
 * (non-)termination argument is shown as the lines of its certificate text.
 */
import { conjuncts, type Expr } from '../lang/expr.js';
import { printExpr } from '../lang/print.js';
import type { Problem } from '../formalisms/problem.js';
import { fails } from '../engines/result.js';
import { invariantName, terminationTitle, type Checked } from './render.js';

export interface CounterexampleTable {
  /** Column names: `location` first when the model has more than one, then the variables. */
  readonly columns: readonly string[];
  /** One row per state, aligned with `columns`. */
  readonly rows: readonly (readonly string[])[];
  /** The action taken from each state but the last (rows.length - 1 entries). */
  readonly actions: readonly string[];
}

interface Of { readonly property: string }

export type Panel =
  | Of & { readonly kind: 'safe'; readonly invariantName: string; readonly locations: number; readonly conjuncts: number; readonly invariant: readonly string[] }
  | Of & { readonly kind: 'unsafe'; readonly table: CounterexampleTable }
  /** A termination or non-termination argument, as the certificate text shows it. */
  | Of & { readonly kind: 'terminating' | 'nonterminating'; readonly title: string; readonly lines: readonly string[] }
  | Of & { readonly kind: 'unknown'; readonly reason: string; readonly reached?: string };

const show = (v: Expr | undefined) => (v === undefined ? '?' : printExpr(v, 'cfa'));

/** The panel for certified results (the invariant text is cut per location; the panel shows a few). */
export function panelOf(problem: Problem, checked: readonly Checked[]): Panel {
  const shown = checked.find((c) => fails(c.result.verdict)) ?? checked.find((c) => c.result.verdict === 'unknown') ?? checked[0]!;
  const { property: p, result: r } = shown;
  const property = p.name;
  if (r.verdict === 'unknown') return { property, kind: 'unknown', reason: r.reason.detail };
  if (r.verdict === 'safe') {
    const inv = [...problem.invariant(p, r.certificate)];
    return {
      property,
      kind: 'safe',
      invariantName: invariantName(r.certificate),
      locations: inv.length,
      conjuncts: inv.reduce((n, [, e]) => n + conjuncts(e).length, 0),
      invariant: inv.slice(0, 8).map(([l, e]) => {
        const text = printExpr(e, 'cfa');
        return `${l.name}: ${text.length > 200 ? `${text.slice(0, 197)}...` : text}`;
      }),
    };
  }
  if (r.verdict === 'terminating' || r.verdict === 'nonterminating') {
    const lines = problem.terminationText!(p, r.certificate).split('\n').filter((l) => l !== '' && !l.startsWith('//'));
    return { property, kind: r.verdict, title: terminationTitle(r.certificate), lines };
  }
  const model = problem.model(p);
  const trace = problem.trace(p, r.certificate);
  const located = model.locations.length > 1;
  const columns = [...(located ? ['location'] : []), ...model.vars.map((d) => d.name)];
  const rows = trace.states.map((s) => [...(located ? [s.loc.name] : []), ...model.vars.map((d) => show(s.vals.get(d)))]);
  return { property, kind: 'unsafe', table: { columns, rows, actions: trace.actions.map((a) => a.label) } };
}
