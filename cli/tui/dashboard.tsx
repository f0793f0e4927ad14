/**
 * The live view of a run: what is being checked and how, the algorithm's phase and iteration, the
 * proof under construction (ARG, precision, IC3 frames, IC3IA's refinements and predicates, IMPACT's
 * unwinding, BMC bound, transition predicates and lassos), the solver's share of the time, elapsed time and
 * memory, and the ARG size (IC3: clauses) per iteration as a bar chart. Rows appear only for the
 * counters the running algorithm reports; a portfolio has a row per member.
 */
import { Box, Text } from 'ink';
import type { Header } from '../protocol.js';
import type { MemberProgress } from '../../engines/run.js';
import { Sparkline } from './sparkline.js';
import type { View } from './view.js';

/** Shortens a line to the width available, marking the cut. */
export function fit(s: string, width: number): string {
  return s.length <= width ? s : `${s.slice(0, Math.max(0, width - 1))}…`;
}

function configuration(h: Header): string {
  return Object.entries(h.options).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${k} ${v}`).join(', ');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Box width={11} flexShrink={0}><Text dimColor>{label}</Text></Box>
      <Text>{children}</Text>
    </Box>
  );
}

export function HeaderLine({ header, file }: { header?: Header; file: string }) {
  return (
    <Text>
      <Text bold>{header?.file ?? file}</Text>
      {header ? <Text>  <Text color="cyan">{header.algorithm}</Text> <Text dimColor>{configuration(header)}</Text></Text> : null}
    </Text>
  );
}

/** A portfolio member's row: its state or phase, how far it got (bound, frame, iteration), its solver calls. */
function memberLine(m: MemberProgress): string {
  const s = m.stats ?? {};
  const reach = s.frame !== undefined ? `frame ${s.frame}` : m.phase === 'bmc' || m.phase === 'k-induction' ? `bound ${m.iteration ?? 0}` : `iteration ${m.iteration ?? 0}`;
  const calls = s.solverChecks ?? s.satCalls;
  const state = m.state === 'running' ? m.phase ?? 'starting' : m.state === 'unknown' ? `unknown (${m.detail ?? ''})` : m.state;
  return [state, ...(m.state === 'waiting' ? [] : [reach]), ...(calls === undefined ? [] : [`${calls} solver calls`])].join(', ');
}

export function Dashboard({ view, file, width, interactive }: { view: View; file: string; width: number; interactive: boolean }) {
  const p = view.progress;
  const s = p?.stats ?? {};
  const inner = Math.max(20, width - 4);
  const solverCalls = s.solverChecks ?? s.satCalls;
  // The share of the algorithm's own time (its statistics' clock), not of the process's start-up.
  const engineMs = s.timeMs ?? view.elapsedMs;
  const share = s.solverTimeMs !== undefined && engineMs > 0 ? ` (${Math.min(100, Math.round((100 * s.solverTimeMs) / engineMs))}% of the time)` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="gray" paddingX={1} width={width}>
      <HeaderLine header={view.header} file={file} />
      <Row label="phase">
        <Text color="yellow">{p ? p.phase : 'loading'}</Text>
        {p ? <Text>  iteration {p.iteration}</Text> : null}
        {p?.phase === 'bmc' ? <Text>  bound {p.iteration}</Text> : null}
      </Row>
      {view.header && view.header.properties.length > 1 ? (
        <Row label="property">
          {p?.property ?? view.header.properties[view.reports.length] ?? ''} ({Math.min(view.reports.length + 1, view.header.properties.length)} of {view.header.properties.length})
          {view.reports.length > 0 ? <Text dimColor>  {fit(view.reports.map((r) => `${r.name} ${r.verdict}`).join(', '), inner - 30)}</Text> : null}
        </Row>
      ) : null}
      {p?.members?.map((m) => (
        <Row key={m.label} label={m.label}>
          <Text color={m.state === 'won' ? 'green' : m.state === 'running' ? undefined : 'gray'}>{fit(memberLine(m), inner - 11)}</Text>
        </Row>
      ))}
      {s.argNodes !== undefined ? <Row label="ARG">{s.argNodes} nodes, {s.argCovered ?? 0} covered, {s.waitlist ?? 0} waiting</Row> : null}
      {s.precisionSize !== undefined ? (
        <Row label="precision">
          {s.precisionSize}{p?.newest?.length ? fit(`, newest: ${p.newest.join(', ')}`, inner - 11 - String(s.precisionSize).length) : ''}
        </Row>
      ) : null}
      {s.lassos !== undefined ? (
        <Row label="TPA">
          {s.transitionPredicates ?? 0} transition predicates, {s.lassos} lasso{s.lassos === 1 ? '' : 's'} refined, {s.abstractRelations ?? 0} abstract relations
          {p?.newest?.length ? <Text dimColor>{fit(`, newest: ${p.newest.join(', ')}`, Math.max(10, inner - 70))}</Text> : null}
        </Row>
      ) : null}
      {s.lassos !== undefined && p?.detail ? <Row label="lasso">{fit(p.detail, inner - 12)}</Row> : null}
      {s.frame !== undefined ? (
        <Row label="IC3">
          frame {s.frame}, {s.obligations ?? 0} obligations, {s.clauses ?? 0} clauses{s.refinements !== undefined ? `, ${s.refinements} refinements` : ''}
        </Row>
      ) : null}
      {s.unwindingNodes !== undefined ? (
        <Row label="unwinding">
          {s.unwindingNodes} nodes, {s.coveredNodes ?? 0} covered, {s.forcedCoverings ?? 0} forced coverings, {s.refinements ?? 0} refinements
        </Row>
      ) : null}
      {s.predicates !== undefined ? (
        <Row label="predicates">
          {s.predicates}{p?.newest?.length ? fit(`, newest: ${p.newest.join(', ')}`, inner - 11 - String(s.predicates).length) : ''}
        </Row>
      ) : null}
      {solverCalls !== undefined ? <Row label="solver">{solverCalls} calls{share}</Row> : null}
      <Row label="time">{seconds(view.elapsedMs)}, memory {Math.round(view.rssMb)} MB</Row>
      {view.history.length > 0 ? (
        <Row label={s.argNodes !== undefined ? 'ARG/iter' : s.unwindingNodes !== undefined ? 'nodes/ref' : 'clauses'}>
          <Sparkline values={view.history} width={Math.max(8, inner - 32)} />
        </Row>
      ) : null}
      {view.notes.map((n, i) => <Text key={i} dimColor>{fit(n, inner)}</Text>)}
      {interactive ? <Text dimColor>press q to stop</Text> : null}
    </Box>
  );
}
