/** A worker thread's script outside the command's bundle (threads.ts): runs the entry it was started with. */
import { workerData } from 'node:worker_threads';
import { runWorker } from './worker-entry.js';
import type { WorkerStart } from './threads.js';

void runWorker(workerData as WorkerStart);
