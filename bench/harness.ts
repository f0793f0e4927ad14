/**
 * The bench: every applicable configuration on every model, `jobs` runs at a time, each run in its
 * own limited process (bench/task.ts) or, for campaigns of many short runs, in a long-lived runner
 * (bench/batch.ts), each result appended to the results file as it finishes
 * (bench/results.ts). Runs already in the file are skipped, so a killed bench resumes where it was.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, applies, type RunConfig } from './configs.js';
import { TIME_BIN } from './limits.js';
import { ResultsFile, type ResultRow } from './results.js';
import { ABC, runTask, type TaskLimits, type VigilLaunch } from './task.js';
import type { Model } from './suite.js';

export interface BenchOptions {
  readonly models: readonly Model[];
  readonly configs: readonly RunConfig[];
  readonly limits: TaskLimits;
  readonly jobs: number;
  /** The results CSV; undefined: results are only returned. */
  readonly out?: string;
  readonly onResult?: (row: ResultRow, done: number, total: number) => void;
  /** How Vigil's runs are started; default: each in its own limited process. */
  readonly launch?: VigilLaunch;
  /** A folder for each Vigil run's HTML report (`DIR/CONFIG/MODEL.html`). */
  readonly reports?: string;
}

/** Where a run's report goes: one folder per configuration, the model's path made a file name. */
function reportPath(dir: string, config: string, model: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return join(dir, safe(config), `${safe(model)}.html`);
}

/** Runs what is not in the results file yet; returns the rows of this invocation. */
export async function runBench(o: BenchOptions): Promise<ResultRow[]> {
  if (!existsSync(TIME_BIN)) throw new ConfigError(`vigil bench measures every run with GNU time (${TIME_BIN}): install it (Debian package time)`);
  if (!ABC && o.configs.some((c) => c.tool === 'abc-pdr')) throw new ConfigError('--peer abc-pdr needs ABC (Debian package berkeley-abc)');
  const file = o.out === undefined ? undefined : new ResultsFile(o.out);
  const tasks = o.configs.flatMap((c) => o.models.filter((m) => applies(c, m.formalism) && !file?.has(c.name, m.name)).map((m) => ({ c, m })));
  const rows: ResultRow[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, async () => {
    while (next < tasks.length) {
      const { c, m } = tasks[next++]!;
      const report = o.reports === undefined || c.tool !== 'vigil' ? undefined : reportPath(o.reports, c.name, m.name);
      if (report) mkdirSync(dirname(report), { recursive: true });
      const row = await runTask(m, c, o.limits, o.launch, report);
      file?.append(row);
      rows.push(row);
      o.onResult?.(row, rows.length, tasks.length);
    }
  }));
  return rows;
}
