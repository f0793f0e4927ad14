/**
 * The progress of a check over time, for the report: the engines' progress reports
 * (engines/run.ts `Progress`) as they arrive, kept per property and condensed into what the
 * page draws: each portfolio member's iterations over time, CEGAR's precision after each
 * iteration, IC3's lemma count per frame, and the phases. Reports that repeat the last one's phase
 * and iteration are merged (CEGAR reports every abstraction step), and past LIMIT points a series
 * keeps every other one, so a long run's log stays small.
 */
import type { Progress } from '../../engines/run.js';
import type { ProgressData } from './data.js';

const LIMIT = 400;

/** Appends to a series, keeping every other point once it is full. */
function push<T>(series: T[], x: T): void {
  series.push(x);
  if (series.length > LIMIT) {
    const kept = series.filter((_, i) => i % 2 === 0 || i === series.length - 1);
    series.splice(0, series.length, ...kept);
  }
}

interface Log {
  members: Map<string, { t: number; iteration: number; state: string }[]>;
  precision: Map<number, { iteration: number; size: number; newest: readonly string[] }>;
  frames: Map<number, number>;
  phases: { t: number; phase: string; iteration: number; detail?: string }[];
}

export class ProgressLog {
  private readonly logs = new Map<string, Log>();

  constructor(private readonly started = Date.now(), private readonly clock: () => number = Date.now) {}

  /** `property`: the property being checked (the report's own name for it, when the progress does not say). */
  add(p: Progress, property: string): void {
    const name = p.property ?? property;
    let log = this.logs.get(name);
    if (!log) this.logs.set(name, (log = { members: new Map(), precision: new Map(), frames: new Map(), phases: [] }));
    const t = this.clock() - this.started;
    const last = log.phases.at(-1);
    if (!last || last.phase !== p.phase || last.iteration !== p.iteration) {
      push(log.phases, { t, phase: p.phase, iteration: p.iteration, ...(p.detail === undefined ? {} : { detail: p.detail }) });
    }
    for (const m of p.members ?? []) {
      let points = log.members.get(m.label);
      if (!points) log.members.set(m.label, (points = []));
      const before = points.at(-1);
      const iteration = m.iteration ?? 0;
      if (!before || before.iteration !== iteration || before.state !== m.state) push(points, { t, iteration, state: m.state });
    }
    const size = p.stats?.precisionSize;
    if (size !== undefined) log.precision.set(p.iteration, { iteration: p.iteration, size, newest: p.newest ?? [] });
    const clauses = p.stats?.clauses;
    if (clauses !== undefined && (p.phase === 'ic3' || p.phase === 'ic3ia')) log.frames.set(p.iteration, clauses);
  }

  /** What the page draws of a property's progress; undefined when its engine reported none. */
  of(property: string): ProgressData | undefined {
    const log = this.logs.get(property);
    if (!log) return undefined;
    return {
      members: [...log.members].map(([label, points]) => ({ label, points })),
      precision: [...log.precision.values()].sort((a, b) => a.iteration - b.iteration),
      frames: [...log.frames].sort((a, b) => a[0] - b[0]).map(([frame, clauses]) => ({ frame, clauses })),
      phases: log.phases,
    };
  }
}
