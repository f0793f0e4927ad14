/**
 * The script of Vigil's worker threads in the build (dist/bin/worker.js, cli/threads.ts): runs the
 * bundle's entry named in the thread's data, the bundle loaded from its code cache (load-core.cts).
 */
import { workerData } from 'node:worker_threads';
import { loadCore } from './load-core.cjs';

void loadCore(__dirname, false).worker(workerData);
