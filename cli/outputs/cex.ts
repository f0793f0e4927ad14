/**
 * `--cex FILE`: the concrete counterexample as a table, one row per step and one column per
 * variable, with the location (for models that have several) and the action taken from that step
 * to the next, and the choices it made (havoc values). A `.csv` file gets RFC 4180 CSV, any other
 * name a table aligned with spaces. Values print in the model's own syntax; circuit bits as 0/1.
 */
import { printExpr } from '../../lang/print.js';
import type { Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { Trace } from '../../formalisms/trace.js';

export type TableFormat = 'csv' | 'text';

export function tableFormat(file: string): TableFormat {
  return file.toLowerCase().endsWith('.csv') ? 'csv' : 'text';
}

function value(model: Interpreter, v: Expr | undefined): string {
  if (v === undefined) return '?';
  if (model.formalism === 'aiger' && v.op === 'lit' && typeof v.value === 'boolean') return v.value ? '1' : '0';
  return printExpr(v, model.formalism === 'cfa' ? 'cfa' : 'sts');
}

/** A step-local variable's name as the user wrote it (`x#havoc0@L` is the havoc of x on an edge from L). */
function userName(name: string): string {
  return name.split('#')[0]!;
}

/** The table's rows, header first. */
function cexRows(model: Interpreter, trace: Trace): string[][] {
  const withLoc = model.locations.length > 1;
  const header = ['step', ...(withLoc ? ['location'] : []), ...model.vars.map((v) => v.name), 'action', 'choices'];
  const rows = trace.states.map((s, i) => {
    const a = trace.actions[i];
    const choices = [...(trace.choices[i] ?? new Map<never, never>())].map(([d, v]) => `${userName(d.name)} = ${value(model, v)}`).join(', ');
    return [
      String(i),
      ...(withLoc ? [s.loc.name] : []),
      ...model.vars.map((v) => value(model, s.vals.get(v))),
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

export function cexTable(model: Interpreter, trace: Trace, format: TableFormat): string {
  const rows = cexRows(model, trace);
  return `${format === 'csv' ? rows.map((r) => r.map(csvField).join(',')).join('\r\n') : aligned(rows)}\n`;
}
