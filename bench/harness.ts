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
import { ABC, runTask, type RunOutputs, type TaskLimits, type VigilLaunch } from './task.js';
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
  /** A folder for each Vigil run's certificate (`DIR/CONFIG/MODEL.cert.EXT`, EXT the model's own). */
  readonly certificates?: string;
}

/** Where a run's result file goes: one folder per configuration, the model's path made a file name. */
function outputPath(dir: string, config: string, model: string, suffix: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');
  const path = join(dir, safe(config), `${safe(model)}${suffix}`);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

/**
 * The result files a run writes. A certificate keeps the model's extension (`.aig` binary, `.aag`
 * text, `.smt2` a CHC model), since the front end writes the form its name asks for.
 */
function runOutputs(o: BenchOptions, c: RunConfig, m: Model): RunOutputs {
  if (c.tool !== 'vigil') return {};
  return {
    ...(o.reports === undefined ? {} : { report: outputPath(o.reports, c.name, m.name, '.html') }),
    ...(o.certificates === undefined ? {} : { certificate: outputPath(o.certificates, c.name, m.name.replace(/(\.[A-Za-z0-9]+)?$/, '.cert$1'), '') }),
  };
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
      const row = await runTask(m, c, o.limits, o.launch, runOutputs(o, c, m));
      file?.append(row);
      rows.push(row);
      o.onResult?.(row, rows.length, tasks.length);
    }
  }));
  return rows;
}
