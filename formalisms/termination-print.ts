/**
 * Termination and non-termination certificates as text, with formulas in the model's own syntax
 * (CFA or T2): what `--certificate` writes and what the summary shows. Relations are formulas over
 * the variables (the state before) and the primed variables (the state after).
 */
import { True, type Expr } from '../lang/expr.js';
import { printExpr, type Dialect } from '../lang/print.js';
import type { NonterminationCertificate, TerminationCertificate } from './certificate.js';
import type { Interpreter } from './interpreter.js';
import type { TraceState } from './trace.js';

function state(model: Interpreter, s: TraceState, dialect: Dialect): string {
  const values = model.vars.map((v) => `${v.name} = ${s.vals.get(v) ? printExpr(s.vals.get(v)!, dialect) : '?'}`).join(', ');
  return `${s.loc.name}: ${values || '(no variables)'}`;
}

export function terminationLines(c: TerminationCertificate, dialect: Dialect): string[] {
  const show = (e: Expr) => printExpr(e, dialect);
  const lines = [
    '// Reachability invariant, LOCATION: EXPRESSION, where it is not true:',
    ...[...c.reach].filter(([, e]) => e !== True).map(([l, e]) => `reach ${l.name}: ${show(e)}`),
    '// Per loop head h, at each cutpoint c of its component: a relation between the state at h',
    '// (unprimed) and any later state at c (primed) that contains every path from a reachable state',
    '// at h to c; at h it lies in the union of the ranked relations, each well-founded by its',
    '// ranking function (RANK >= BOUND before, RANK decreases by at least 1).',
  ];
  for (const h of c.heads) {
    lines.push(`head ${h.head.name}:`);
    for (const [l, e] of h.relations) lines.push(`  at ${l.name}: ${show(e)}`);
    for (const r of h.ranked) lines.push(`  ranked: ${show(r.relation)}  by ${show(r.rank)} >= ${r.bound}`);
  }
  return lines;
}

export function nonterminationLines(model: Interpreter, c: NonterminationCertificate, dialect: Dialect): string[] {
  if (c.kind === 'lasso-run') {
    const lines = [`// A run that comes back to the state of step ${c.loopStart}: repeating its last ${c.trace.actions.length - c.loopStart} steps runs forever.`];
    c.trace.states.forEach((s, i) => {
      lines.push(`${String(i).padStart(3)}  ${state(model, s, dialect)}${i === c.loopStart ? '   <- loop' : ''}`);
      const a = c.trace.actions[i];
      if (a) lines.push(`       ${a.label}`);
    });
    return lines;
  }
  const lines = ['// A stem to the loop head, then a cycle that can be taken forever from every state of the recurrent set.', 'stem:'];
  c.stem.states.forEach((s, i) => {
    lines.push(`${String(i).padStart(3)}  ${state(model, s, dialect)}`);
    const a = c.stem.actions[i];
    if (a) lines.push(`       ${a.label}`);
  });
  lines.push('cycle:', ...c.cycle.map((a) => `       ${a.label}`));
  lines.push(`recurrent set at ${c.cycle[0]!.source.name}: ${printExpr(c.set, dialect)}`);
  return lines;
}
