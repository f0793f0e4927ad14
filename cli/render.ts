/**
 * Turns checked results into what the user reads: a human summary (the file's verdict, then one
 * line per property when there are several, then each property's counterexample or invariant), or
 * one JSON object for tools (cli/verdict.schema.json). A file with one property reads as it always
 * did.
 */
import { printExpr } from '../lang/print.js';
import type { Expr, FpValue } from '../lang/expr.js';
import { toDecimal } from '../lang/float.js';
import type { FpType } from '../lang/types.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Problem, Property } from '../formalisms/problem.js';
import type { Result, Statistics, UnknownReason, Verdict } from '../engines/result.js';
import type { SafeCertificate } from '../certificates/certificate.js';
import type { Header, PropertyReport } from './protocol.js';

/** A property and its engine's result, whose certificate has passed its check. */
export interface Checked {
  readonly property: Property;
  readonly result: Result;
}

/** Above this many variables the human view shows only what changed. */
const WIDE = 12;

function show(v: Expr | undefined): string {
  return v === undefined ? '?' : printExpr(v, 'cfa');
}

/** A value for people: a float literal gets its decimal reading too, `2'b00.2'b10 (0.5)`. */
function showHuman(v: Expr | undefined): string {
  if (v?.op !== 'fplit') return show(v);
  return `${show(v)} (${toDecimal(v.type as FpType, v.value as FpValue)})`;
}

export function traceLines(model: Interpreter, trace: Trace): string[] {
  const out: string[] = [];
  const wide = model.vars.length > WIDE;
  trace.states.forEach((s, i) => {
    const prev = trace.states[i - 1];
    const vars = wide && prev ? model.vars.filter((v) => prev.vals.get(v) !== s.vals.get(v)) : model.vars;
    const shown = wide && !prev ? vars.slice(0, WIDE) : vars;
    const values = shown.map((v) => `${v.name} = ${showHuman(s.vals.get(v))}`).join(', ');
    const more = shown.length < vars.length ? ` (+${vars.length - shown.length} more, see --json)` : '';
    const loc = model.locations.length > 1 ? `${s.loc.name}  ` : '';
    out.push(`  ${String(i).padStart(3)}  ${loc}${values || (prev ? '(no change)' : '')}${more}`);
    const a = trace.actions[i];
    if (a) {
      const choices = [...(trace.choices[i] ?? new Map()).entries()].map(([d, v]) => `${d.name} = ${showHuman(v)}`);
      out.push(`         ${a.label}${choices.length ? `  [${choices.join(', ')}]` : ''}`);
    }
  });
  return out;
}

/** What a SAFE certificate proves with, as the summary names it. */
export function invariantName(c: SafeCertificate): string {
  return c.kind === 'k-invariant' ? `${c.k}-inductive invariant${c.simplePath ? ' over simple paths' : ''}` : 'inductive invariant';
}

/** The invariant per location, shortened past a screenful. */
function invariantLines(title: string, inv: ReadonlyMap<Location, Expr>): string[] {
  const lines = [...inv].map(([l, e]) => {
    const text = printExpr(e, 'cfa');
    return `  ${l.name}: ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`;
  });
  const shown = lines.slice(0, 12);
  if (lines.length > shown.length) shown.push(`  (+${lines.length - shown.length} more locations, see --json)`);
  return [`${title} (checked independently):`, ...shown];
}

export function traceJson(trace: Trace): unknown {
  return trace.states.map((s, i) => ({
    location: s.loc.name,
    values: Object.fromEntries([...s.vals].map(([d, v]) => [d.name, show(v)])),
    ...(trace.actions[i] ? {
      action: trace.actions[i]!.label,
      choices: Object.fromEntries([...(trace.choices[i] ?? new Map())].map(([d, v]) => [d.name, show(v)])),
    } : {}),
  }));
}

export function report(property: Property, r: Result): PropertyReport {
  return { name: property.name, verdict: r.verdict, ...(r.verdict === 'unknown' ? { reason: r.reason } : {}), stats: r.stats };
}

/**
 * The file's verdict: UNSAFE if any property fails, SAFE only if all hold, UNKNOWN otherwise, with
 * the reason of the one unknown property, or the kind of the first and every property's detail.
 */
export function fileVerdict(reports: readonly PropertyReport[]): { verdict: Verdict; reason?: UnknownReason } {
  if (reports.some((r) => r.verdict === 'unsafe')) return { verdict: 'unsafe' };
  const open = reports.filter((r) => r.verdict === 'unknown');
  if (open.length === 0) return { verdict: 'safe' };
  if (reports.length === 1) return { verdict: 'unknown', reason: open[0]!.reason! };
  const detail = `${open.length} of ${reports.length} properties unknown: ${open.map((r) => `${r.name} ${r.reason!.detail}`).join(', ')}`;
  return { verdict: 'unknown', reason: { kind: open[0]!.reason!.kind, detail } };
}

/** The run's statistics: a single property's own, or the sums of the counters every property has. */
export function totals(stats: readonly Statistics[]): Statistics {
  if (stats.length === 1) return stats[0]!;
  const sum = (k: string) => stats.reduce((n, s) => n + (s[k] ?? 0), 0);
  return { timeMs: sum('timeMs'), solverChecks: sum('solverChecks'), solverTimeMs: sum('solverTimeMs'), properties: stats.length };
}

function bracket(algorithm: string | undefined, stats: Statistics): string {
  return `[${algorithm ? `${algorithm}, ` : ''}${(stats.timeMs / 1000).toFixed(2)} s, ${stats.solverChecks} solver checks]`;
}

function verdictText(verdict: Verdict, reason: UnknownReason | undefined): string {
  return `${verdict.toUpperCase()}${reason ? ` (${reason.detail})` : ''}`;
}

/** The first line of the human summary: file, verdict, algorithm, time and solver checks. */
export function headline(file: string, algorithm: string | undefined, verdict: Verdict, reason: UnknownReason | undefined, stats: Statistics): string {
  return `${file}: ${verdictText(verdict, reason)}  ${bracket(algorithm, stats)}`;
}

/** A property's counterexample or invariant, as lines. */
function details(problem: Problem, c: Checked): string[] {
  const { property: p, result: r } = c;
  if (r.verdict === 'unknown') return [];
  if (r.verdict === 'safe') return invariantLines(invariantName(r.certificate), problem.invariant(p, r.certificate));
  const trace = problem.trace(p, r.certificate);
  const steps = trace.actions.length;
  return [`counterexample of ${steps} step${steps === 1 ? '' : 's'} (replayed on the model):`, ...traceLines(problem.model(p), trace)];
}

export function humanVerdict(problem: Problem, header: Header, checked: readonly Checked[]): string {
  const reports = checked.map((c) => report(c.property, c.result));
  const { verdict, reason } = fileVerdict(reports);
  const head = headline(problem.file, header.algorithm, verdict, reason, totals(checked.map((c) => c.result.stats)));
  if (checked.length === 1) return [head, ...details(problem, checked[0]!)].join('\n');
  const lines = [head, ...reports.map((r) => `  ${r.name}: ${verdictText(r.verdict, r.reason)}  ${bracket(undefined, r.stats)}`)];
  for (const c of checked) {
    const more = details(problem, c);
    if (more.length > 0) lines.push(`${c.property.name}: ${more[0]}`, ...more.slice(1));
  }
  return lines.join('\n');
}

/** What `--json` reports beyond the verdicts: the tool's version and the files written. */
export interface JsonContext {
  readonly version: string;
  readonly outputs: readonly string[];
}

/** A property's certificate as JSON: its kind, and the counterexample or invariant. */
function certificateJson(problem: Problem, c: Checked): Record<string, unknown> {
  const { property: p, result: r } = c;
  if (r.verdict === 'unknown') return {};
  const cert = r.certificate;
  const kind = { kind: cert.kind, ...(cert.kind === 'k-invariant' ? { k: cert.k, simplePath: cert.simplePath } : {}) };
  if (r.verdict === 'unsafe') return { certificate: kind, counterexample: traceJson(problem.trace(p, r.certificate)) };
  const inv = problem.invariant(p, r.certificate);
  return { certificate: kind, invariant: Object.fromEntries([...inv].map(([l, e]) => [l.name, printExpr(e, 'cfa')])) };
}

/** One JSON object, described by cli/verdict.schema.json. */
export function jsonVerdict(problem: Problem, header: Header, checked: readonly Checked[], context: JsonContext): string {
  const reports = checked.map((c) => report(c.property, c.result));
  const { verdict, reason } = fileVerdict(reports);
  const stats = totals(checked.map((c) => c.result.stats));
  const single = checked.length === 1;
  const { certificate: _kind, ...only } = single ? certificateJson(problem, checked[0]!) : {};
  return JSON.stringify({
    vigil: context.version,
    file: problem.file,
    formalism: problem.formalism,
    verdict,
    ...(reason ? { reason: reason.detail, reasonKind: reason.kind } : {}),
    algorithm: header.algorithm,
    options: header.options,
    timeMs: stats.timeMs,
    statistics: stats,
    ...only,
    properties: checked.map((c, i) => {
      const r = reports[i]!;
      const cert = certificateJson(problem, c);
      return {
        name: r.name,
        verdict: r.verdict,
        ...(r.reason ? { reason: r.reason.detail, reasonKind: r.reason.kind } : {}),
        timeMs: r.stats.timeMs,
        statistics: r.stats,
        ...(single ? (cert.certificate ? { certificate: cert.certificate } : {}) : cert),
      };
    }),
    outputs: context.outputs,
  }, null, 2);
}

/**
 * The result of a run ended from outside (a limit, or the user): the properties certified before
 * it, and the others UNKNOWN for `reason`. Its counterexamples and invariants stayed in the worker.
 */
export function endedVerdict(file: string, header: Header | undefined, reports: readonly PropertyReport[], stats: Statistics, json: boolean, version: string): string {
  const { verdict, reason } = fileVerdict(reports);
  if (!json) {
    const head = headline(file, header?.algorithm, verdict, reason, stats);
    if (reports.length <= 1) return head;
    return [head, ...reports.map((r) => `  ${r.name}: ${verdictText(r.verdict, r.reason)}  ${bracket(undefined, r.stats)}`)].join('\n');
  }
  return JSON.stringify({
    vigil: version,
    file,
    formalism: header?.formalism ?? null,
    verdict,
    ...(reason ? { reason: reason.detail, reasonKind: reason.kind } : {}),
    algorithm: header?.algorithm ?? null,
    options: header?.options ?? {},
    timeMs: stats.timeMs,
    statistics: stats,
    properties: reports.map((r) => ({
      name: r.name, verdict: r.verdict, ...(r.reason ? { reason: r.reason.detail, reasonKind: r.reason.kind } : {}), timeMs: r.stats.timeMs, statistics: r.stats,
    })),
    outputs: [],
  }, null, 2);
}
