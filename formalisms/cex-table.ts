/**
 * `--cex FILE`: the concrete counterexample as a table, one row per step and one column per
 * variable, with the location (for models that have several) and the action taken from that step
 * to the next, and the choices it made (havoc values). A `.csv` file gets RFC 4180 CSV, any other
 * name a table aligned with spaces. Values print as the front end shows them (in the model's own
 * syntax; circuit bits as 0/1).
 */
import { printExpr } from '../lang/print.js';
import type { Expr } from '../lang/expr.js';
import type { Interpreter } from './interpreter.js';
import type { Trace } from './trace.js';

/** How a value is shown in the table. */
type ShowValue = (v: Expr) => string;

/** A value in the model's own syntax. */
function inDialect(model: Interpreter): ShowValue {
  return (v) => printExpr(v, model.dialect);
}

/** Circuit bits as 0/1, other values in the model's syntax. */
export function asBits(model: Interpreter): ShowValue {
  const other = inDialect(model);
  return (v) => (v.op === 'lit' && typeof v.value === 'boolean' ? (v.value ? '1' : '0') : other(v));
}

/** A step-local variable's name as the user wrote it (`x#havoc0@L` is the havoc of x on an edge from L). */
function userName(name: string): string {
  return name.split('#')[0]!;
}

/** The table's rows, header first. */
function cexRows(model: Interpreter, trace: Trace, show: ShowValue): string[][] {
  const value = (v: Expr | undefined) => (v === undefined ? '?' : show(v));
  const withLoc = model.locations.length > 1;
  const header = ['step', ...(withLoc ? ['location'] : []), ...model.vars.map((v) => v.name), 'action', 'choices'];
  const rows = trace.states.map((s, i) => {
    const a = trace.actions[i];
    const choices = [...(trace.choices[i] ?? new Map<never, never>())].map(([d, v]) => `${userName(d.name)} = ${value(v)}`).join(', ');
    return [
      String(i),
      ...(withLoc ? [s.loc.name] : []),
      ...model.vars.map((v) => value(s.vals.get(v))),
      a ? a.label : '',
      choices,
    ];
  });
  return [header, ...rows];
}

function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function aligned(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ').trimEnd()).join('\n');
}

/** The table of a trace, as CSV when the file name ends in `.csv`, else aligned text. */
export function cexTable(model: Interpreter, trace: Trace, path: string, show: ShowValue = inDialect(model)): string {
  const rows = cexRows(model, trace, show);
  return `${path.toLowerCase().endsWith('.csv') ? rows.map((r) => r.map(csvField).join(',')).join('\r\n') : aligned(rows)}\n`;
}
