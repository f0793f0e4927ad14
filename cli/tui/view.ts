/**
 * The terminal interface's state and how events change it: a plain reducer, so the components stay
 * pure and tests can drive them without a checker. `Feed` holds the state for React
 * (`useSyncExternalStore`) and is what the session's events are pushed into.
 */
import type { Progress } from '../../engines/run.js';
import type { Header, PropertyReport } from '../protocol.js';
import type { SessionEnd, SessionEvent } from '../session.js';

/** The chart keeps this many iterations. */
const HISTORY = 64;
/** Notes and warnings shown at once. */
const NOTES = 4;

export interface View {
  readonly header?: Header;
  readonly progress?: Progress;
  /** Per iteration, the size of the proof under construction (ARG nodes, IC3 clauses, IMPACT nodes). */
  readonly history: readonly number[];
  readonly lastIteration?: number;
  /** The verdicts of the properties checked so far. */
  readonly reports: readonly PropertyReport[];
  readonly notes: readonly string[];
  readonly elapsedMs: number;
  readonly rssMb: number;
  readonly outcome?: SessionEnd;
}

/** The session's events (a check's, and the clock's ticks), then its outcome. */
export type FeedEvent = SessionEvent | { readonly kind: 'outcome'; readonly outcome: SessionEnd };

export const initialView: View = { history: [], reports: [], notes: [], elapsedMs: 0, rssMb: 0 };

/** The size the chart plots: ARG nodes for CEGAR, clauses for IC3, unwinding nodes for IMPACT. */
function proofSize(p: Progress): number | undefined {
  return p.stats?.argNodes ?? p.stats?.clauses ?? p.stats?.unwindingNodes;
}

export function reduce(v: View, e: FeedEvent): View {
  switch (e.kind) {
    case 'start': return { ...v, header: e.header };
    case 'note': return { ...v, notes: [...v.notes, e.line].slice(-NOTES) };
    case 'tick': return { ...v, elapsedMs: e.elapsedMs, rssMb: e.rssMb };
    case 'outcome': return { ...v, outcome: e.outcome };
    // the chart starts again with each property
    case 'property': return { ...v, reports: [...v.reports, e.report], history: [], lastIteration: undefined };
    case 'progress': {
      const size = proofSize(e.progress);
      if (size === undefined) return { ...v, progress: e.progress };
      const same = v.lastIteration === e.progress.iteration && v.history.length > 0;
      const history = [...(same ? v.history.slice(0, -1) : v.history), size].slice(-HISTORY);
      return { ...v, progress: e.progress, history, lastIteration: e.progress.iteration };
    }
  }
}

export class Feed {
  private view: View = initialView;
  private readonly listeners = new Set<() => void>();

  readonly get = (): View => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  push(e: FeedEvent): void {
    this.view = reduce(this.view, e);
    for (const l of this.listeners) l();
  }
}
