/** The script of Vigil's worker threads in the build (dist/bin/worker.js, cli/threads.ts): the bundle's entry named in the thread's data. */
import { workerData } from 'node:worker_threads';
import { loadCore } from './load-core.cjs';

void loadCore(__dirname).worker(workerData);
