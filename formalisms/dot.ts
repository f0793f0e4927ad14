/**
 * Graphs in Graphviz's DOT language: a CFA (`vigil show`) and the final abstract reachability graph
 * of CEGAR (`vigil check --arg`); cli/outputs/svg.ts renders them.
 *
 * CFA: one node per location (initial: bold with an arrow from nowhere, final: double circle,
 * error: red octagon), one edge per CFA edge labelled with its statements.
 * ARG: one node per ARG node, labelled with its location and abstract state (unsafe: red, covered:
 * grey), solid successor edges labelled with the action's source and target, dashed covered-by edges.
 */
import { printExpr } from '../lang/print.js';
import type { Cfa, Stmt } from './cfa.js';
import type { ArgGraph } from './result.js';
import type { Drawing } from './report-view.js';

/** Longest label line before it is shortened: Graphviz lays out huge labels badly. */
const LABEL_MAX = 120;

function quote(s: string): string {
  const short = s.length > LABEL_MAX ? `${s.slice(0, LABEL_MAX - 3)}...` : s;
  return `"${short.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function stmtText(s: Stmt): string {
  switch (s.kind) {
    case 'assign': return `${s.lhs.name} := ${printExpr(s.rhs, 'cfa')}`;
    case 'assume': return `assume ${printExpr(s.cond, 'cfa')}`;
    case 'havoc': return `havoc ${s.v.name}`;
  }
}

/** Joins lines of a label, each quoted part escaped on its own. */
function multiline(lines: readonly string[]): string {
  return lines.map((l) => quote(l).slice(1, -1)).join('\\n');
}

/**
 * `ids`: the HTML report's drawing, whose locations are ellipses (PLC models have long location
 * names) and whose locations and edges have ids (`cfa-loc-<id>`, `cfa-edge-<id>`) to highlight them.
 */
export function cfaDot(cfa: Cfa, ids = false): string {
  const out = [`digraph ${quote(cfa.name)} {`, `  node [shape=${ids ? 'ellipse' : 'circle'}, fontname="Helvetica"];`, '  edge [fontname="Helvetica", fontsize=10];'];
  out.push('  __start [shape=point, style=invis];', `  __start -> L${cfa.init.id};`);
  for (const l of cfa.locs) {
    const attrs = [`label=${quote(l.name)}`, ...(ids ? [`id="cfa-loc-${l.id}"`] : [])];
    if (l === cfa.init) attrs.push('style=bold');
    if (l === cfa.final) attrs.push('shape=doublecircle');
    if (l === cfa.error) attrs.push('shape=octagon', 'color=red', 'fontcolor=red');
    out.push(`  L${l.id} [${attrs.join(', ')}];`);
  }
  for (const e of cfa.edges) out.push(`  L${e.source.id} -> L${e.target.id} [label="${multiline(e.stmts.map(stmtText))}"${ids ? `, id="cfa-edge-${e.id}"` : ''}];`);
  out.push('}');
  return `${out.join('\n')}\n`;
}

/**
 * A clause system's clause graph (`vigil show` of a nonlinear system, which has no CFA): a node
 * per predicate and one for false, and per clause a point with an edge from each body atom's
 * predicate (facts from the start) and one to its head, labelled with the clause's number.
 */
export function clauseDot(name: string, predicates: readonly string[], clauses: readonly { readonly body: readonly number[]; readonly head?: number }[]): string {
  const out = [`digraph ${quote(name)} {`, '  node [shape=ellipse, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];
  out.push('  __start [shape=point, style=invis];');
  predicates.forEach((p, i) => out.push(`  P${i} [label=${quote(p)}];`));
  out.push('  P_false [label="false", shape=octagon, color=red, fontcolor=red];');
  clauses.forEach((c, k) => {
    out.push(`  C${k} [shape=point, xlabel="${k + 1}"];`);
    if (c.body.length === 0) out.push(`  __start -> C${k} [arrowhead=none];`);
    for (const b of c.body) out.push(`  P${b} -> C${k} [arrowhead=none];`);
    out.push(`  C${k} -> ${c.head === undefined ? 'P_false' : `P${c.head}`};`);
  });
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** A CFA drawn for the report: its interpreter views' locations are its locations, their actions its edges (by id). */
export function cfaDrawing(cfa: Cfa): Drawing {
  return { dot: cfaDot(cfa, true), location: (l) => `cfa-loc-${l.id}`, action: (a) => `cfa-edge-${a.id}` };
}

export function argDot(arg: ArgGraph): string {
  const out = ['digraph ARG {', '  node [shape=box, fontname="Helvetica", fontsize=10];', '  edge [fontname="Helvetica", fontsize=9];'];
  for (const n of arg.nodes) {
    const attrs = [`label="${multiline([`${n.id}: ${n.location}`, n.state])}"`];
    if (n.target) attrs.push('color=red', 'fontcolor=red', 'penwidth=2');
    else if (n.coveredBy !== undefined) attrs.push('color=grey', 'fontcolor=grey');
    out.push(`  N${n.id} [${attrs.join(', ')}];`);
  }
  for (const e of arg.edges) out.push(`  N${e.from} -> N${e.to} [label=${quote(e.label)}];`);
  for (const n of arg.nodes) if (n.coveredBy !== undefined) out.push(`  N${n.id} -> N${n.coveredBy} [style=dashed, color=grey, constraint=false];`);
  out.push('}');
  return `${out.join('\n')}\n`;
}
