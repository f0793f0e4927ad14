/**
 * The verdict at the end of a run: the file's verdict, one line per property when it has several,
 * then one property in detail: SAFE with the certificate's summary, UNSAFE with the
 * counterexample as a table of steps by variables and the action taken at each step, TERMINATING or
 * NONTERMINATING with the lines of the argument, UNKNOWN with
 * the reason and what was reached. Wide and long counterexamples are cut to the terminal: the
 * columns that fit (variables that change first) and the first and last steps.
 */
import { Box, Text } from 'ink';
import type { CounterexampleTable } from '../protocol.js';
import type { CheckResult } from '../protocol.js';
import { answerOf, type Verdict } from '../../formalisms/property-kinds.js';
import { fit, seconds } from './dashboard.js';
import { wordFor } from '../render.js';

/** Steps shown from each end of a long counterexample. */
const ENDS = 6;
/** No cell is wider than this. */
const CELL = 14;

/** The columns worth showing first: the location, then variables whose value changes. */
function columnOrder(t: CounterexampleTable): number[] {
  const idx = t.columns.map((_, i) => i);
  const changes = (i: number) => t.rows.some((r) => r[i] !== t.rows[0]![i]);
  const loc = t.columns[0] === 'location' ? [0] : [];
  const rest = idx.filter((i) => !loc.includes(i));
  return [...loc, ...rest.filter(changes), ...rest.filter((i) => !changes(i))];
}

/** The table as lines of text, at most `width` wide. */
export function tableLines(t: CounterexampleTable, width: number): string[] {
  const cell = (s: string, w: number) => fit(s, w).padEnd(w);
  const stepW = Math.max(4, String(t.rows.length - 1).length);
  const order = columnOrder(t);
  const widths = new Map(order.map((i) => [i, Math.min(CELL, Math.max(t.columns[i]!.length, ...t.rows.map((r) => r[i]!.length)))]));
  const actionMin = 12;
  let used = stepW + 1;
  const shown: number[] = [];
  for (const i of order) {
    if (used + widths.get(i)! + 1 + actionMin > width && shown.length > 0) break;
    shown.push(i);
    used += widths.get(i)! + 1;
  }
  shown.sort((a, b) => a - b);
  const actionW = Math.max(actionMin, width - used);
  const hidden = t.columns.length - shown.length;
  const line = (step: string, cells: string[], action: string) => `${step.padStart(stepW)} ${cells.join(' ')} ${fit(action, actionW)}`.trimEnd();
  const out = [line('step', shown.map((i) => cell(t.columns[i]!, widths.get(i)!)), 'action')];
  const steps = t.rows.map((_, k) => k);
  const visible = steps.length > 2 * ENDS + 1 ? [...steps.slice(0, ENDS), -1, ...steps.slice(-ENDS)] : steps;
  for (const k of visible) {
    if (k < 0) { out.push(`${'⋮'.padStart(stepW)} (${t.rows.length - 2 * ENDS} steps not shown, see --json)`); continue; }
    out.push(line(String(k), shown.map((i) => cell(t.rows[k]![i]!, widths.get(i)!)), t.actions[k] ?? ''));
  }
  if (hidden > 0) out.push(`(${hidden} more variable${hidden === 1 ? '' : 's'} not shown, see --json)`);
  return out;
}

const colour = (v: Verdict) => ({ holds: 'green', fails: 'red', unknown: 'yellow' } as const)[answerOf(v)];

/** The verdict in the format's own words beside Vigil's (`SAFE (CHC-COMP: sat)`), where it has them. */
function said(result: CheckResult, verdict: Verdict) {
  const word = wordFor(result.words, verdict);
  return word === undefined ? null : <Text bold> ({result.words!.by}: {word})</Text>;
}

export function VerdictPanel({ result, width }: { result: CheckResult; width: number }) {
  const inner = Math.max(20, width - 4);
  const p = result.panel;
  const color = colour(result.verdict);
  const several = result.reports.length > 1;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color} paddingX={1} width={width}>
      <Text>
        <Text bold color={color}>{result.verdict.toUpperCase()}</Text>
        {said(result, result.verdict)}
        {result.reason ? <Text color={color}> ({fit(result.reason.detail, inner - 40)})</Text> : null}
        <Text dimColor>  {seconds(result.stats.timeMs)}, {result.stats.solverChecks} solver checks, exit {result.code}</Text>
      </Text>
      {several ? result.reports.map((r) => (
        <Text key={r.name}>
          {'  '}{r.name}: <Text color={colour(r.verdict)}>{r.verdict.toUpperCase()}</Text>
          {said(result, r.verdict)}
          {r.reason ? <Text color={colour(r.verdict)}> ({r.reason.detail})</Text> : null}
          <Text dimColor>  {seconds(r.stats.timeMs)}, {r.stats.solverChecks} solver checks</Text>
        </Text>
      )) : null}
      {several && p !== undefined && p.kind !== 'unknown' ? <Text bold>property {p.property}</Text> : null}
      {p?.kind === 'invariant' ? (
        <>
          <Text>{p.title} of {p.conjuncts} conjunct{p.conjuncts === 1 ? '' : 's'} over {p.locations} location{p.locations === 1 ? '' : 's'}, checked independently</Text>
          {p.invariant.map((l, i) => <Text key={i} dimColor>{fit(`  ${l}`, inner)}</Text>)}
          {p.locations > p.invariant.length ? <Text dimColor>  (+{p.locations - p.invariant.length} more locations, see --json)</Text> : null}
        </>
      ) : null}
      {p?.kind === 'trace' ? (
        <>
          <Text>{p.title}, replayed on the model</Text>
          {tableLines(p.table, inner).map((l, i) => <Text key={i} bold={i === 0}>{l}</Text>)}
        </>
      ) : null}
      {p?.kind === 'text' ? (
        <>
          <Text>{p.title}, checked independently</Text>
          {p.lines.slice(0, 12).map((l, i) => <Text key={i} dimColor>{fit(`  ${l}`, inner)}</Text>)}
          {p.lines.length > 12 ? <Text dimColor>  (+{p.lines.length - 12} more lines, see --certificate)</Text> : null}
        </>
      ) : null}
      {p?.kind === 'unknown' && p.reached ? <Text dimColor>{fit(`reached: ${p.reached}`, inner)}</Text> : null}
    </Box>
  );
}
