/**
 * The checker's worker thread: runs one `vigil check` pipeline and posts its start, throttled
 * progress, notes, each property's certified verdict and the final result to the main thread, which keeps the terminal responsive and
 * enforces the time and memory limits by terminating this thread.
 */
import { parentPort } from 'node:worker_threads';
import type { Progress } from '../engines/result.js';
import { preloadCircuitEngine } from '../engines/registry.js';
import { preloadCircuitFrontEnd } from '../formalisms/frontends/index.js';
import { checkPipeline, failure } from './pipeline.js';
import { isOutOfMemory, type Job, type WorkerHint, type WorkerMessage } from './protocol.js';

/**
 * At most this many progress messages per second within one phase of one iteration (CEGAR reports
 * every abstraction step); a new phase or iteration is always posted, so each iteration's last
 * state reaches the main thread.
 */
const PROGRESS_EVERY_MS = 50;

/** The checker thread's entry (threads.ts): waits for its job, runs it, posts what happens. */
export async function checkerWorker(hint: unknown): Promise<void> {
  // The job comes after this thread has loaded the pipeline (checker-thread.ts starts it early); a
  // circuit's front end and engine load meanwhile when the arguments name one (their failure, if
  // any, is reported when the pipeline imports them again).
  if ((hint as WorkerHint | undefined)?.circuit) void Promise.all([preloadCircuitFrontEnd(), preloadCircuitEngine()]).catch(() => undefined);
  const job = await new Promise<Job>((resolve) => parentPort!.once('message', resolve));
  const post = (m: WorkerMessage) => parentPort!.postMessage(m);

  let last: Progress | undefined;
  let lastPosted = 0;
  /** The newest progress held back by the throttle, posted before the result. */
  let held: Progress | undefined;
  const onProgress = (p: Progress): void => {
    const now = Date.now();
    if (last && last.phase === p.phase && last.iteration === p.iteration && last.property === p.property && now - lastPosted < PROGRESS_EVERY_MS) {
      held = p;
      return;
    }
    last = p;
    held = undefined;
    lastPosted = now;
    post({ kind: 'progress', progress: p });
  };

  try {
    const result = await checkPipeline(job.file, job.options, {
      deadline: job.deadline,
      onStart: (header) => post({ kind: 'start', header }),
      onProgress,
      onNote: (line) => post({ kind: 'note', line }),
      onProperty: (report) => {
        if (held) post({ kind: 'progress', progress: held });
        held = undefined;
        post({ kind: 'property', report });
      },
    }, job.circuit);
    if (held) post({ kind: 'progress', progress: held });
    post(result);
  } catch (e) {
    // Memory that ran out inside Z3 surfaces here as an error; rethrown, it ends this thread and the
    // main thread reports UNKNOWN (out of memory), as for the JavaScript heap.
    if (isOutOfMemory(e)) throw e;
    post(failure(e, job.options.debug));
  }
}
