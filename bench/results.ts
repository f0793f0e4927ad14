/**
 * The results CSV: one line per run with the paper's variables (Hajdu and Micskei, Table 2: model,
 * category, the configuration's levels, succ, termination, result, time in ms, memory in bytes)
 * plus our classification, the algorithm, solver calls, wall time, limits and the tool's version.
 *
 * Appending is crash-safe. Each finished run becomes one complete line, written by a single
 * `appendFileSync` on a file opened with O_APPEND, so lines of parallel runs never interleave (one
 * process writes, synchronously). A SIGKILL can still cut a write short (Linux stops a write to a
 * regular file between pages on a fatal signal), leaving a trailing line without its newline:
 * reopening drops such a partial line before anything is appended, so it is neither kept nor
 * duplicated, and that run is simply redone. Runs already in the file are not run again.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const COLUMNS = [
  'model', 'category', 'expected', 'config', 'tool', 'version', 'algorithm',
  'domain', 'maxenum', 'precgranularity', 'predsplit', 'refinement', 'search', 'initprec', 'prunestrategy', 'bound',
  'status', 'succ', 'termination', 'result', 'reason', 'timems', 'walltimems', 'memory', 'solvercalls',
  'timelimits', 'memorylimitmb',
  // Where a queued run ran (bench/queue/): the worker's host, Vigil version and CPU model, and when
  // the run was enqueued, started and finished (epoch ms). Blank for local runs and in older files.
  'host', 'vigilversion', 'cpu', 'worker', 'queuedat', 'startedat', 'finishedat',
  // The run's HTML report (`vigil bench --reports DIR`), blank when none was written.
  'report',
  // The portfolio's members that answered (one per property), blank for other engines and tools.
  'winner',
  // The run's certificate (`vigil bench --certificates DIR`), blank when none was written.
  'certificate',
] as const;

export type Column = (typeof COLUMNS)[number];
export type ResultRow = Record<Column, string>;

/** How a run ended against the expected verdict. `solved`: a verdict on a model without an expected one. */
export const STATUSES = ['correct', 'wrong', 'solved', 'unknown', 'timeout', 'memout', 'error'] as const;
export type Status = (typeof STATUSES)[number];

/** A file given as --out that is not a results file of this or an older version. */
export class ResultsFileError extends Error {}

/** The key that makes a run unique in a results file. */
function runKey(config: string, model: string): string {
  return `${config}\u0000${model}`;
}

/** The rows of a results file; columns its (older) header lacks read as blank. */
export function readResults(file: string): ResultRow[] {
  const text = readFileSync(file, 'utf8');
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  const blank = Object.fromEntries(COLUMNS.map((c) => [c, '']));
  return (parse(complete, { columns: true, skip_empty_lines: true }) as Partial<ResultRow>[]).map((r) => ({ ...blank, ...r }) as ResultRow);
}

/** An append-only results file, resumed if it exists. */
export class ResultsFile {
  private readonly done = new Set<string>();
  /** The file's own columns: a file of an older version (a prefix of COLUMNS) keeps its header. */
  private columns: readonly Column[] = COLUMNS;

  constructor(private readonly file: string) {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, stringify([[...COLUMNS]]));
      return;
    }
    const text = readFileSync(file, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    // The header is checked before anything is cut, so that another file given as --out is left whole.
    const header = end === 0 ? text : text.slice(0, text.indexOf('\n'));
    // A whole header names a prefix of COLUMNS (older versions wrote fewer); a cut one is the start of it.
    const older = COLUMNS.slice(0, header.split(',').length);
    if (end === 0 ? !COLUMNS.join(',').startsWith(header) : older.join(',') !== header) throw new ResultsFileError(`${file} is not a results file of this version (its header differs); choose another --out`);
    if (end < text.length) truncateSync(file, Buffer.byteLength(text.slice(0, end)));
    if (end === 0) appendFileSync(file, stringify([[...COLUMNS]]));
    else this.columns = older;
    for (const r of readResults(file)) this.done.add(runKey(r.config, r.model));
  }

  has(config: string, model: string): boolean {
    return this.done.has(runKey(config, model));
  }

  append(row: ResultRow): void {
    // One physical line per record, so that a cut line is recognisable by its missing newline.
    appendFileSync(this.file, stringify([this.columns.map((c) => (row[c] ?? '').replace(/[\r\n]+/g, ' '))]));
    this.done.add(runKey(row.config, row.model));
  }
}
