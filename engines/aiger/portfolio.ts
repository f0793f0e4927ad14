/**
 * The AIGER portfolio: IC3 and BMC side by side in two worker threads (one per core). Each worker
 * reads the file, prepares the circuit and runs its engine; the first SAFE or UNSAFE answer wins,
 * the other worker is terminated, and the answer is certified here before it becomes a verdict (an
 * engine's UNKNOWN, such as BMC's bound, waits for the other one).
 *
 * This module is also the workers' entry point: loaded in a worker thread with portfolio work data,
 * it runs the engine named there and posts its outcome.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { parseAiger } from '../../lang/grammar/aiger.js';
import type { Progress, Statistics, Verdict } from '../verdict.js';
import { bmcOutcome, type AigerEngineOptions } from './bmc.js';
import { certify, type Outcome } from './certify.js';
import { Ic3 } from './ic3.js';
import { prepareAiger, type AigerProblem } from './prepare.js';

type Engine = 'ic3' | 'bmc';

interface Job {
  readonly portfolio: true;
  readonly file: string;
  readonly engine: Engine;
  readonly deadline?: number;
}

type Message =
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'done'; readonly outcome: Outcome; readonly stats: Statistics };

/** Runs one engine on a prepared problem; the outcome and its statistics (certified by the caller). */
function runEngine(problem: AigerProblem, engine: Engine, opts: AigerEngineOptions): { outcome: Outcome; stats: Statistics } {
  const started = Date.now();
  if (engine === 'ic3') {
    const ic3 = new Ic3(problem.circuit, opts);
    const outcome = ic3.check();
    return { outcome, stats: { timeMs: Date.now() - started, solverChecks: 0, solverTimeMs: 0, ...ic3.stats() } };
  }
  const reached = { bound: -1 };
  const { sat, ...outcome } = bmcOutcome(problem.circuit, opts, reached);
  return { outcome, stats: { timeMs: Date.now() - started, solverChecks: sat.stats.solves, solverTimeMs: sat.stats.timeMs, bound: reached.bound } };
}

function workerMain(job: Job): void {
  const problem = prepareAiger(parseAiger(readFileSync(job.file), job.file));
  const post = (m: Message) => parentPort!.postMessage(m);
  const onProgress = job.engine === 'ic3' ? (progress: Progress) => post({ kind: 'progress', progress }) : undefined;
  const { outcome, stats } = runEngine(problem, job.engine, { deadline: job.deadline, onProgress });
  post({ kind: 'done', outcome, stats });
}

if (!isMainThread && (workerData as Job | undefined)?.portfolio) workerMain(workerData as Job);

/** Runs IC3 and BMC on `problem` (read from `file`) in parallel; the first certified answer. */
export function portfolio(problem: AigerProblem, file: string, opts: AigerEngineOptions): Promise<Verdict> {
  const started = Date.now();
  const engines: Engine[] = ['ic3', 'bmc'];
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const unknown: string[] = [];
    let settled = false;
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      try { f(); } catch (e) { reject(e); }
    };
    for (const engine of engines) {
      const job: Job = { portfolio: true, file, engine, deadline: opts.deadline };
      const w = new Worker(new URL(import.meta.url), { workerData: job });
      workers.push(w);
      w.on('message', (m: Message) => {
        if (m.kind === 'progress') { if (!settled) opts.onProgress?.(m.progress); return; }
        const stats: Statistics = { ...m.stats, timeMs: Date.now() - started, ic3Won: engine === 'ic3' ? 1 : 0 };
        if (m.outcome.result !== 'unknown') {
          finish(() => resolve(certify(problem, m.outcome, stats)));
          return;
        }
        unknown.push(`${engine}: ${m.outcome.reason}`);
        if (unknown.length === engines.length) finish(() => resolve(certify(problem, { result: 'unknown', reason: unknown.join('; ') }, stats)));
      });
      w.on('error', (e) => finish(() => reject(e)));
    }
  });
}
