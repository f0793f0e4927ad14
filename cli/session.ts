/**
 * One `vigil check` run seen from the main thread: starts the pipeline in a worker thread, relays
 * its messages, and enforces the limits from outside. A synchronous Z3 call cannot be interrupted
 * from its own thread, but a worker can be terminated in the middle of one (measured: about 15 ms),
 * so the main thread keeps its own deadline and memory watch and, when either is exceeded, ends the
 * worker and reports what was certified before, the rest UNKNOWN, with the last progress it saw.
 * An exhausted WebAssembly heap aborts only the worker, which is reported as UNKNOWN (out of memory)
 * as well. What the run is (formalism, engine, properties) is only known from the worker's start.
 */
import type { Worker } from 'node:worker_threads';
import { EXIT, exitCode } from '../formalisms/property-kinds.js';
import { OUT_OF_MEMORY, STOPPED, TIMEOUT, type Statistics, type UnknownReason } from '../formalisms/result.js';
import type { Progress } from '../engines/run.js';
import { endedVerdict, summarize } from './render.js';
import { VERSION, isOutOfMemory, type CheckEvent, type CheckFailure, type CheckOptions, type CheckResult, type Header, type Job, type Plan, type PropertyReport, type WorkerMessage } from './protocol.js';
import { progressLine } from './progress.js';
import { startWorker } from './threads.js';

/**
 * How often the memory is sampled (and the interface's clock and memory figures refreshed).
 * Sampling RSS costs 10–25 µs, nothing at 10 Hz. Measured growth: BMC on a hard circuit about
 * 20 MB/s, Z3 allocating flat out about 2 GB/s; so a limit is overshot by a few MB in practice
 * and by at most about 200 MB before the worker is ended.
 */
const POLL_MS = 100;

/**
 * How long after the deadline the worker may still answer by itself (its engines check the
 * deadline between solver calls, and then report their own statistics) before it is terminated.
 */
const GRACE_MS = 400;

/** How a session ends: with a result (certified, or reached when it was ended from outside), or a failure. */
export type SessionEnd = CheckResult | CheckFailure;

/** A check's events, and every POLL_MS the elapsed time and the process's resident memory. */
export type SessionEvent = CheckEvent | { readonly kind: 'tick'; readonly elapsedMs: number; readonly rssMb: number };

/** What a run that was ended from outside reached: the last progress, as statistics and a line. */
function reachedStats(last: Progress | undefined, elapsedMs: number): Statistics {
  const s = last?.stats ?? {};
  return {
    ...s,
    solverChecks: s.solverChecks ?? s.satCalls ?? 0,
    solverTimeMs: s.solverTimeMs ?? 0,
    ...(last ? { iteration: last.iteration } : {}),
    timeMs: elapsedMs,
  };
}

/** Why a run can be ended from outside. */
type Ending = 'timeout' | 'memory' | 'stopped';
const ENDINGS: Record<Ending, UnknownReason> = { timeout: TIMEOUT, memory: OUT_OF_MEMORY, stopped: STOPPED };

/** What a run had done when it was ended: its header once known, the properties reported, the last progress. */
interface Reached {
  readonly header: Header | undefined;
  readonly reports: readonly PropertyReport[];
  readonly last: Progress | undefined;
}

/**
 * The result of a run ended from outside (the user pressed q, a limit was hit): the properties
 * reported so far keep their verdicts, the others are UNKNOWN with what was reached.
 */
export function endedResult(file: string, options: CheckOptions, reached: Reached, why: Ending, elapsedMs: number): CheckResult {
  const { header, last } = reached;
  const reason = ENDINGS[why];
  const done = new Set(reached.reports.map((r) => r.name));
  const open = (header?.properties ?? ['']).filter((name) => !done.has(name));
  const reports = [...reached.reports, ...open.map((name, i) => ({
    name, verdict: 'unknown' as const, reason, stats: i === 0 ? reachedStats(last, elapsedMs) : { timeMs: 0, solverChecks: 0, solverTimeMs: 0 },
  }))];
  const summed = summarize(reports);
  // with several properties, the run's time is the wall time until it was ended
  const summary = reports.length === 1 ? summed : { ...summed, stats: { ...summed.stats, timeMs: elapsedMs } };
  const line = last ? progressLine(last) : undefined;
  const text = endedVerdict(file, header, summary, options.json === true, VERSION);
  return {
    kind: 'result',
    ...(header ? { header } : {}),
    verdict: summary.verdict,
    ...(summary.reason ? { reason: summary.reason } : {}),
    code: exitCode(summary.verdict),
    stats: summary.stats,
    reports,
    // A run ended from outside writes no result files: they are written by the worker after certification.
    text: options.json || !line ? text : `${text}\nreached: ${line}`,
    panel: { property: open[0] ?? '', kind: 'unknown', reason: reason.detail, ...(line ? { reached: line } : {}) },
  };
}

export class Session {
  readonly done: Promise<SessionEnd>;
  private readonly worker: Worker;
  private header: Header | undefined;
  private readonly reports: PropertyReport[] = [];
  private last: Progress | undefined;
  private settle!: (o: SessionEnd) => void;
  private finished = false;
  private readonly timers: NodeJS.Timeout[] = [];

  /**
   * `started` is when the clock of --timeout started: the process's start for `vigil check`, so
   * that the limit bounds the wall time the user sees, start-up included.
   */
  constructor(
    readonly file: string,
    bytes: Uint8Array,
    readonly options: CheckOptions,
    plan: Plan,
    private readonly onEvent: (e: SessionEvent) => void = () => {},
    readonly started = Date.now(),
  ) {
    this.done = new Promise((resolve) => { this.settle = resolve; });
    const deadline = options.timeout === undefined ? undefined : this.started + options.timeout * 1000;
    const job: Job = { file, bytes, options, plan, ...(deadline === undefined ? {} : { deadline }) };
    this.worker = startWorker('checker', undefined, {
      stderr: true,
      // The JavaScript heap's own limit, so that an engine's runaway JS heap ends the worker with
      // ERR_WORKER_OUT_OF_MEMORY instead of the process.
      ...(options.memory === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: options.memory } }),
    });
    this.worker.postMessage(job);
    this.worker.on('message', (m: WorkerMessage) => this.receive(m));
    this.worker.on('error', (e: Error & { code?: string }) => {
      if (isOutOfMemory(e)) this.end('memory');
      else this.finish({ kind: 'failure', code: EXIT.internal, message: `internal error: ${options.debug ? e.stack ?? e.message : e.message}` });
    });
    this.worker.on('exit', () => this.finish({ kind: 'failure', code: EXIT.internal, message: 'internal error: the checker stopped without an answer' }));
    this.worker.stderr.setEncoding('utf8');
    this.worker.stderr.on('data', (s: string) => {
      // Emscripten prints its abort message before the error event that reports it as out of memory.
      for (const line of s.split('\n')) if (line && !line.startsWith('Aborted(')) this.onEvent({ kind: 'note', line });
    });
    if (deadline !== undefined) this.timers.push(setTimeout(() => this.end('timeout'), deadline - Date.now() + GRACE_MS));
    this.timers.push(setInterval(() => this.poll(), POLL_MS));
  }

  /**
   * Ends the run from outside (the user pressed q, a limit was hit): the properties certified so far
   * keep their verdicts, the others are UNKNOWN with what was reached.
   */
  end(why: Ending): void {
    if (this.finished) return;
    this.finish(endedResult(this.file, this.options, { header: this.header, reports: this.reports, last: this.last }, why, Math.round(Date.now() - this.started)));
  }

  private receive(m: WorkerMessage): void {
    if (this.finished) return;
    if (m.kind === 'result' || m.kind === 'failure') {
      this.finish(m);
      return;
    }
    if (m.kind === 'start') this.header = m.header;
    else if (m.kind === 'progress') this.last = m.progress;
    else if (m.kind === 'property') this.reports.push(m.report);
    this.onEvent(m);
  }

  private poll(): void {
    const rss = process.memoryUsage.rss();
    if (this.options.memory !== undefined && rss > this.options.memory * 2 ** 20) this.end('memory');
    else this.onEvent({ kind: 'tick', elapsedMs: Math.round(Date.now() - this.started), rssMb: rss / 2 ** 20 });
  }

  /** The outcome is final; the worker is ended either way (it may be inside a Z3 call). */
  private finish(o: SessionEnd): void {
    if (this.finished) return;
    this.finished = true;
    for (const t of this.timers) clearTimeout(t);
    void this.worker.terminate();
    this.settle(o);
  }
}
