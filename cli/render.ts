/**
 * Turns verdicts into what the user reads: a human summary with the counterexample as a table of
 * steps, or one JSON object for tools.
 */
import { printExpr } from '../lang/print.js';
import type { Expr, FpValue } from '../lang/expr.js';
import { toDecimal } from '../lang/float.js';
import type { FpType } from '../lang/types.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Verdict } from '../engines/verdict.js';

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

/** The invariant per location, shortened past a screenful. */
function invariantLines(inv: ReadonlyMap<Location, Expr>): string[] {
  const lines = [...inv].map(([l, e]) => {
    const text = printExpr(e, 'cfa');
    return `  ${l.name}: ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`;
  });
  const shown = lines.slice(0, 12);
  if (lines.length > shown.length) shown.push(`  (+${lines.length - shown.length} more locations, see --json)`);
  return ['inductive invariant (checked independently):', ...shown];
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

export function verdictWord(v: Verdict): string {
  return v.result.toUpperCase();
}

/** The first line of the human summary: file, verdict, algorithm, time and solver checks. */
export function headline(file: string, algorithm: string, v: Verdict): string {
  const secs = (v.stats.timeMs / 1000).toFixed(2);
  return `${file}: ${verdictWord(v)}${v.result === 'unknown' ? ` (${v.reason})` : ''}  [${algorithm}, ${secs} s, ${v.stats.solverChecks} solver checks]`;
}

export function humanVerdict(file: string, algorithm: string, model: Interpreter, v: Verdict): string {
  const head = headline(file, algorithm, v);
  if (v.result === 'safe') return [head, ...invariantLines(v.invariant)].join('\n');
  if (v.result !== 'unsafe') return head;
  const steps = v.trace.actions.length;
  return [head, `counterexample of ${steps} step${steps === 1 ? '' : 's'} (replayed on the model):`, ...traceLines(model, v.trace)].join('\n');
}

/** What `--json` reports beyond the verdict: the tool's version, the formalism, the files written. */
export interface JsonContext {
  readonly version: string;
  readonly formalism: string;
  readonly outputs: readonly string[];
}

/** One JSON object, described by cli/verdict.schema.json. */
export function jsonVerdict(file: string, algorithm: string, options: Record<string, unknown>, v: Verdict, context: JsonContext): string {
  return JSON.stringify({
    vigil: context.version,
    file,
    formalism: context.formalism,
    verdict: v.result,
    ...(v.result === 'unknown' ? { reason: v.reason } : {}),
    algorithm,
    options,
    timeMs: v.stats.timeMs,
    statistics: v.stats,
    ...(v.result === 'unsafe' ? { counterexample: traceJson(v.trace) } : {}),
    ...(v.result === 'safe' ? { invariant: Object.fromEntries([...v.invariant].map(([l, e]) => [l.name, printExpr(e, 'cfa')])) } : {}),
    outputs: context.outputs,
  }, null, 2);
}
