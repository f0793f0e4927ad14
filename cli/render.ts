/**
 * Turns checked results into what the user reads: a human summary (the file's verdict, then one
 * line per property when there are several, then each property's counterexample or invariant), or
 * one JSON object for tools (cli/verdict.schema.json). A file with one property reads as it always
 * did.
 */
import { printExpr } from '../lang/print.js';
import { readable } from '../lang/readable.js';
import type { Expr } from '../lang/expr.js';
import type { FpValue } from '../lang/float.js';
import { toDecimal } from '../lang/float.js';
import type { FpType } from '../lang/types.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Checked, Problem } from '../formalisms/problem.js';
import type { Property } from '../formalisms/property-kinds.js';
import { answerOf, fails, shownAs, type Verdict } from '../formalisms/property-kinds.js';
import type { Result, Statistics, UnknownReason } from '../formalisms/result.js';
import { certificateTitle, type Certificate, type NonterminationCertificate, type TerminationCertificate } from '../formalisms/certificate.js';
import type { Header, PropertyReport } from './protocol.js';

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

function traceLines(model: Interpreter, trace: Trace): string[] {
  const out: string[] = [];
  const wide = model.vars.length > WIDE;
  trace.states.forEach((s, i) => {
    const prev = trace.states[i - 1];
    const vars = wide && prev ? model.vars.filter((v) => prev.vals.get(v) !== s.vals.get(v)) : model.vars;
    const shown = wide && !prev ? vars.slice(0, WIDE) : vars;
    const values = shown.map((v) => `${v.name} = ${showHuman(s.vals.get(v))}`).join(', ');
    const more = shown.length < vars.length ? ` (+${vars.length - shown.length} more, see --json)` : '';
    const loc = model.locations.length > 1 ? `${s.loc.name}  ` : '';
    out.push(`  ${String(i).padStart(3)}  ${loc}${values || (prev ? '(no change)' : '')}${more}${i === trace.loopStart ? '  <- the loop starts here' : ''}`);
    const a = trace.actions[i];
    if (a) {
      const choices = [...(trace.choices[i] ?? new Map()).entries()].map(([d, v]) => `${d.name} = ${showHuman(v)}`);
      out.push(`         ${a.label}${choices.length ? `  [${choices.join(', ')}]` : ''}`);
    }
  });
  return out;
}

/** The invariant per location in its readable form (the certificate file keeps the exact one), shortened past a screenful. */
function invariantLines(title: string, inv: ReadonlyMap<Location, Expr>): string[] {
  const lines = [...inv].map(([l, e]) => {
    const text = printExpr(readable(e), 'cfa');
    return `  ${l.name}: ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`;
  });
  const shown = lines.slice(0, 12);
  if (lines.length > shown.length) shown.push(`  (+${lines.length - shown.length} more locations, see --json)`);
  return [`${title} (checked independently):`, ...shown];
}

function traceJson(trace: Trace): unknown {
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

/** What every rendering of a run starts from: each property's report and the file's verdict. */
export interface Summary {
  readonly reports: readonly PropertyReport[];
  /** UNSAFE (NONTERMINATING) if any property fails, SAFE (TERMINATING) only if all hold, UNKNOWN otherwise. */
  readonly verdict: Verdict;
  readonly reason?: UnknownReason;
  readonly stats: Statistics;
}

/**
 * The file's verdict with the reason of the one unknown property, or the kind of the first and
 * every property's detail; the statistics are a single property's own, or the sums of the
 * counters every property has.
 */
export function summarize(reports: readonly PropertyReport[]): Summary {
  const sum = (k: string) => reports.reduce((n, r) => n + (r.stats[k] ?? 0), 0);
  const total = reports.length === 1 ? reports[0]!.stats
    : { timeMs: sum('timeMs'), solverChecks: sum('solverChecks'), solverTimeMs: sum('solverTimeMs'), properties: reports.length };
  const failed = reports.find((r) => fails(r.verdict));
  if (failed) return { reports, verdict: failed.verdict, stats: total };
  const open = reports.filter((r) => r.verdict === 'unknown');
  if (open.length === 0) return { reports, verdict: reports[0]?.verdict ?? 'safe', stats: total };
  const reason = reports.length === 1 ? open[0]!.reason!
    : { kind: open[0]!.reason!.kind, detail: `${open.length} of ${reports.length} properties unknown: ${open.map((r) => `${r.name} ${r.reason!.detail}`).join(', ')}` };
  return { reports, verdict: 'unknown', reason, stats: total };
}

function bracket(algorithm: string | undefined, stats: Statistics): string {
  return `[${algorithm ? `${algorithm}, ` : ''}${(stats.timeMs / 1000).toFixed(2)} s, ${stats.solverChecks} solver checks]`;
}

type Words = Problem['verdictWords'];

/** The verdict in the words of the format's field, where the problem has them (CHC-COMP's `sat`). */
export function wordFor(words: Words, verdict: Verdict): string | undefined {
  const answer = answerOf(verdict);
  return words && answer !== 'unknown' ? words[answer] : undefined;
}

function verdictText(verdict: Verdict, reason: UnknownReason | undefined, words: Words): string {
  const word = wordFor(words, verdict);
  return `${verdict.toUpperCase()}${reason ? ` (${reason.detail})` : ''}${word ? ` (${words!.by}: ${word})` : ''}`;
}

/** The file's line (verdict, algorithm, time, solver checks), then one line per property when there are several. */
function summaryLines(file: string, algorithm: string | undefined, s: Summary, words?: Words): string[] {
  const head = `${file}: ${verdictText(s.verdict, s.reason, words)}  ${bracket(algorithm, s.stats)}`;
  if (s.reports.length <= 1) return [head];
  return [head, ...s.reports.map((r) => `  ${r.name}: ${verdictText(r.verdict, r.reason, words)}  ${bracket(undefined, r.stats)}`)];
}

/** The lines of a certificate's text in the model's syntax, without its comments (`//`, and SMT-LIB's `;`). */
export function certificateLines(problem: Problem, p: Property, c: Certificate): string[] {
  return problem.certificateText(p, c).split('\n').filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith(';'));
}

/** A property's counterexample, invariant or certificate text, as lines. */
function details(problem: Problem, c: Checked): string[] {
  const { property: p, result: r } = c;
  if (r.verdict === 'unknown') return [];
  switch (shownAs(r.verdict, r.certificate)) {
    case 'invariant': return invariantLines(certificateTitle(r.certificate), problem.invariant(p, r.certificate));
    case 'text': {
      const lines = certificateLines(problem, p, r.certificate);
      const shown = lines.length > 40 ? [...lines.slice(0, 40), `(+${lines.length - 40} more lines, see --certificate)`] : lines;
      return [`${certificateTitle(r.certificate)} (checked independently):`, ...shown.map((l) => `  ${l}`)];
    }
    case 'trace': {
      const trace = problem.trace(p, r.certificate);
      const steps = trace.actions.length;
      const how = trace.loopStart === undefined ? 'replayed on the model' : `then back to step ${trace.loopStart} after the last, forever; checked independently`;
      return [`counterexample of ${steps} step${steps === 1 ? '' : 's'} (${how}):`, ...traceLines(problem.task(p).model, trace)];
    }
  }
}

export function humanVerdict(problem: Problem, header: Header, checked: readonly Checked[], summary: Summary): string {
  const lines = summaryLines(problem.file, header.algorithm, summary, problem.verdictWords);
  if (checked.length === 1) return [...lines, ...details(problem, checked[0]!)].join('\n');
  for (const c of checked) {
    const more = details(problem, c);
    if (more.length > 0) lines.push(`${c.property.name}: ${more[0]}`, ...more.slice(1));
  }
  return lines.join('\n');
}

const reasonJson = (r: UnknownReason | undefined) => (r ? { reason: r.detail, reasonKind: r.kind } : {});

/**
 * One JSON object, described by cli/verdict.schema.json: the run and the file's verdict, `top`
 * (the one property's counterexample or invariant), and each property with its `extras`.
 */
function summaryJson(
  file: string, header: Header | undefined, s: Summary, version: string,
  top: Record<string, unknown>, extras: readonly Record<string, unknown>[], outputs: readonly string[], words?: Words,
): string {
  const said = (v: Verdict) => {
    const word = wordFor(words, v);
    return word ? { formatVerdict: word } : {};
  };
  return JSON.stringify({
    vigil: version,
    file,
    formalism: header?.formalism ?? null,
    verdict: s.verdict,
    ...said(s.verdict),
    ...reasonJson(s.reason),
    algorithm: header?.algorithm ?? null,
    options: header?.options ?? {},
    timeMs: s.stats.timeMs,
    statistics: s.stats,
    ...top,
    properties: s.reports.map((r, i) => ({
      name: r.name, verdict: r.verdict, ...said(r.verdict), ...reasonJson(r.reason), timeMs: r.stats.timeMs, statistics: r.stats, ...extras[i],
    })),
    outputs,
  }, null, 2);
}

/** What `--json` reports beyond the verdicts: the tool's version and the files written, the HTML report among them. */
interface JsonContext {
  readonly version: string;
  readonly outputs: readonly string[];
  readonly report?: string;
}

/** A property's certificate, as the kind of what it claims about the file, and its counterexample or invariant. */
function certificateJson(problem: Problem, c: Checked): { certificate?: Record<string, unknown>; proof?: Record<string, unknown> } {
  const { property: p, result: r } = c;
  if (r.verdict === 'unknown') return {};
  const cert = r.certificate;
  const certificate = {
    kind: problem.claims(p, r)[0]!.kind,
    ...(cert.kind === 'k-invariant' ? { k: cert.k, simplePath: cert.simplePath } : {}),
    ...(cert.kind === 'k-induction' ? { k: cert.depth } : {}),
  };
  switch (shownAs(r.verdict, r.certificate)) {
    case 'text':
      if (cert.kind === 'derivation') return { certificate, proof: { derivation: certificateLines(problem, p, cert) } };
      return { certificate, proof: terminationJson(cert as TerminationCertificate | NonterminationCertificate) };
    case 'trace': return { certificate, proof: { counterexample: traceJson(problem.trace(p, cert)) } };
    case 'invariant': {
      const inv = problem.invariant(p, cert);
      return { certificate, proof: { invariant: Object.fromEntries([...inv].map(([l, e]) => [l.name, printExpr(e, 'cfa')])) } };
    }
  }
}

/** A termination argument or a lasso for `--json`: formulas printed in the CFA syntax, relations over V and V'. */
function terminationJson(c: TerminationCertificate | NonterminationCertificate): Record<string, unknown> {
  const text = (e: Expr) => printExpr(e, 'cfa');
  switch (c.kind) {
    case 'transition-invariant':
      return {
        transitionInvariant: {
          reach: Object.fromEntries([...c.reach].map(([l, e]) => [l.name, text(e)])),
          heads: c.heads.map((h) => ({
            head: h.head.name,
            relations: Object.fromEntries([...h.relations].map(([l, e]) => [l.name, text(e)])),
            ranked: h.ranked.map((r) => ({ relation: text(r.relation), rank: text(r.rank), bound: r.bound.toString() })),
          })),
        },
      };
    case 'recurrent-set':
      return { lasso: { stem: traceJson(c.stem), cycle: c.cycle.map((a) => a.label), recurrentSet: text(c.set) } };
    case 'lasso-run':
      return { lasso: { run: traceJson(c.trace), loopStart: c.loopStart } };
  }
}

/** With one property its counterexample or invariant stands at the top, as it always did; with several, each property has its own. */
export function jsonVerdict(problem: Problem, header: Header, checked: readonly Checked[], summary: Summary, context: JsonContext): string {
  const certs = checked.map((c) => certificateJson(problem, c));
  const single = checked.length === 1;
  const extras = certs.map(({ certificate, proof }) => ({ ...(certificate ? { certificate } : {}), ...(single ? {} : proof) }));
  const top = { ...(single ? certs[0]!.proof ?? {} : {}), ...(context.report === undefined ? {} : { report: context.report }) };
  return summaryJson(problem.file, header, summary, context.version, top, extras, context.outputs, problem.verdictWords);
}

/**
 * The result of a run ended from outside (a limit, or the user): the properties certified before
 * it, and the others UNKNOWN. Its counterexamples and invariants stayed in the worker.
 */
export function endedVerdict(file: string, header: Header | undefined, summary: Summary, json: boolean, version: string): string {
  if (json) return summaryJson(file, header, summary, version, {}, [], []);
  return summaryLines(file, header?.algorithm, summary).join('\n');
}
