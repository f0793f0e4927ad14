/**
 * The worker threads Vigil starts: the checker of `vigil check` (check-worker.ts), the circuit
 * portfolio's members (engines/aiger/portfolio.ts) and the word-level portfolio's members
 * (engines/portfolio.ts). Each starts one script, `worker.js` beside this module, with the entry to
 * run as its data: in the build that is the command's bundle's worker script (dist/bin/worker.js,
 * which loads the bundle from its code cache, scripts/bundle.js), elsewhere cli/worker.ts.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export type WorkerEntry = 'checker' | 'circuit-member' | 'portfolio-member';

/** What a worker thread is started with: the entry to run and its data. */
export interface WorkerStart {
  readonly entry: WorkerEntry;
  readonly data: unknown;
}

/** A worker thread running `entry` on `data` (plain data: it is copied into the thread). */
export function startWorker(entry: WorkerEntry, data: unknown, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  return new Worker(new URL('./worker.js', import.meta.url), { ...options, workerData: { entry, data } satisfies WorkerStart });
}

/** Runs a worker thread's entry; a failure ends the thread with an error event, which its starter reports. */
export async function runWorker(start: WorkerStart): Promise<void> {
  switch (start.entry) {
    case 'checker': return (await import('./check-worker.js')).checkerWorker(start.data);
    case 'circuit-member': return (await import('../engines/aiger/portfolio.js')).memberWorker(start.data);
    case 'portfolio-member': return (await import('../engines/portfolio.js')).memberWorker(start.data);
  }
}
