/**
 * The verdict panel's data, made in the thread that owns the model: plain strings and numbers, so
 * it can be posted to the terminal interface. It shows one property in detail: the first that
 * fails, else the first still unknown, else the first; and its certificate as its property kind
 * says it is shown (formalisms/property-kinds.ts): the invariant per location, the counterexample
 * as a table of steps by variables with the action taken at each step (the interface decides how
 * much of it fits), or the lines of the certificate's text.
 */
import { conjuncts, type Expr } from '../lang/expr.js';
import { printExpr } from '../lang/print.js';
import { readable } from '../lang/readable.js';
import type { Checked, Problem } from '../formalisms/problem.js';
import { fails, shownAs } from '../formalisms/property-kinds.js';
import { certificateTitle } from '../formalisms/certificate.js';
import { certificateLines } from './render.js';
import type { Panel } from './protocol.js';

const show = (v: Expr | undefined) => (v === undefined ? '?' : printExpr(v, 'cfa'));

/** The panel for certified results (the invariant text is cut per location; the panel shows a few). */
export function panelOf(problem: Problem, checked: readonly Checked[]): Panel {
  const shown = checked.find((c) => fails(c.result.verdict)) ?? checked.find((c) => c.result.verdict === 'unknown') ?? checked[0]!;
  const { property: p, result: r } = shown;
  const property = p.name;
  if (r.verdict === 'unknown') return { property, kind: 'unknown', reason: r.reason.detail };
  const title = certificateTitle(r.certificate);
  switch (shownAs(r.verdict, r.certificate)) {
    case 'invariant': {
      // shown in its readable form; the certificate file keeps the exact formula
      const inv = [...problem.invariant(p, r.certificate)].map(([l, e]) => [l, readable(e)] as const);
      return {
        property, title,
        kind: 'invariant',
        locations: inv.length,
        conjuncts: inv.reduce((n, [, e]) => n + conjuncts(e).length, 0),
        invariant: inv.slice(0, 8).map(([l, e]) => {
          const text = printExpr(e, 'cfa');
          return `${l.name}: ${text.length > 200 ? `${text.slice(0, 197)}...` : text}`;
        }),
      };
    }
    case 'text': return { property, title, kind: 'text', lines: certificateLines(problem, p, r.certificate) };
    case 'trace': {
      const model = problem.task(p).model;
      const trace = problem.trace(p, r.certificate);
      const located = model.locations.length > 1;
      const columns = [...(located ? ['location'] : []), ...model.vars.map((d) => d.name)];
      const rows = trace.states.map((s) => [...(located ? [s.loc.name] : []), ...model.vars.map((d) => show(s.vals.get(d)))]);
      return { property, title: `counterexample of ${trace.actions.length} step${trace.actions.length === 1 ? '' : 's'}`, kind: 'trace', table: { columns, rows, actions: trace.actions.map((a) => a.label) } };
    }
  }
}
