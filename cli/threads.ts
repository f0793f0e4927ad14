/**
 * The worker threads Vigil starts: the checker of `vigil check` (checker.ts) and the portfolio's
 * members (engines/race.ts). Each thread starts one script, `worker.js` beside this module, with the
 * entry to run as its data: in the build that is the command's bundle's worker script
 * (dist/bin/worker.js, which loads the bundle from its code cache, scripts/bundle.js), elsewhere
 * cli/worker.ts. worker-entry.ts runs the entry.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export type WorkerEntry = 'checker' | 'member';

/** What a worker thread is started with: the entry to run and its data. */
export interface WorkerStart {
  readonly entry: WorkerEntry;
  readonly data: unknown;
}

/** A worker thread running `entry` on `data` (plain data: it is copied into the thread). */
export function startWorker(entry: WorkerEntry, data: unknown, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  return new Worker(new URL('./worker.js', import.meta.url), { ...options, workerData: { entry, data } satisfies WorkerStart });
}
