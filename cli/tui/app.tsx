/**
 * The terminal interface of one run: the dashboard while the checker works, then the final
 * header, a summary line and the verdict panel, which stay on the screen when ink exits. `q` or
 * Ctrl-C asks the run to stop (it then ends with UNKNOWN and what was reached).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { Dashboard, HeaderLine } from './dashboard.js';
import { VerdictPanel } from './verdict-panel.js';
import type { Feed } from './view.js';

interface CheckAppProps {
  readonly feed: Feed;
  readonly file: string;
  /** Called when the user presses q or Ctrl-C. */
  readonly onStop: () => void;
  /** Whether keys can be read (standard input is a terminal). */
  readonly interactive: boolean;
}

export function CheckApp({ feed, file, onStop, interactive }: CheckAppProps) {
  const view = useSyncExternalStore(feed.subscribe, feed.get);
  const { exit } = useApp();
  const width = Math.min(100, useStdout().stdout.columns || 80);
  useInput((input, key) => {
    if (input === 'q' || (key.ctrl && input === 'c')) onStop();
  }, { isActive: interactive && view.outcome === undefined });
  useEffect(() => {
    if (view.outcome) exit();
  }, [view.outcome, exit]);

  const o = view.outcome;
  if (!o) return <Dashboard view={view} file={file} width={width} interactive={interactive} />;
  if (o.kind === 'failure') return null;
  const s = { ...view.progress?.stats, ...o.stats };
  const facts = [
    view.progress ? `last phase ${view.progress.phase}, iteration ${view.progress.iteration}` : undefined,
    s.argNodes !== undefined ? `${s.argNodes} ARG nodes` : undefined,
    s.precisionSize !== undefined ? `precision ${s.precisionSize}` : undefined,
    s.clauses !== undefined ? `${s.clauses} clauses` : undefined,
    s.lassos !== undefined ? `${s.lassos} lassos, ${s.transitionPredicates ?? 0} transition predicates` : undefined,
    `memory ${Math.round(view.rssMb)} MB`,
  ].filter((f) => f !== undefined).join(' · ');
  return (
    <Box flexDirection="column">
      <HeaderLine header={o.header ?? view.header} file={file} />
      <Text dimColor>{facts}</Text>
      <VerdictPanel result={o} width={width} />
    </Box>
  );
}
