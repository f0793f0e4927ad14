/**
 * The checker's worker thread: reads the file the command line read and planned (its bytes come
 * with the job), runs the check (check.ts) and posts its events, progress throttled, and its result
 * to the main thread, which keeps the terminal responsive and enforces the time and memory limits
 * by terminating this thread.
 */
import { parentPort } from 'node:worker_threads';
import { loadProblem } from '../formalisms/frontends/index.js';
import type { Progress } from '../engines/run.js';
import { failure, runCheck } from './check.js';
import { isOutOfMemory, type CheckEvent, type Job, type WorkerMessage } from './protocol.js';

/**
 * At most this many progress messages per second within one phase of one iteration (CEGAR reports
 * every abstraction step); a new phase or iteration is always posted, so each iteration's last
 * state reaches the main thread.
 */
const PROGRESS_EVERY_MS = 50;

/** The checker thread's entry (threads.ts): waits for its job, runs it, posts what happens. */
export async function checkerWorker(): Promise<void> {
  const job = await new Promise<Job>((resolve) => parentPort!.once('message', resolve));
  const post = (m: WorkerMessage) => parentPort!.postMessage(m);

  let last: Progress | undefined;
  let lastPosted = 0;
  /** The newest progress held back by the throttle, posted before the next verdict and the result. */
  let held: Progress | undefined;
  const flush = () => {
    if (held) post({ kind: 'progress', progress: held });
    held = undefined;
  };
  const onEvent = (e: CheckEvent): void => {
    if (e.kind !== 'progress') {
      if (e.kind === 'property') flush();
      post(e);
      return;
    }
    const p = e.progress;
    const now = Date.now();
    if (last && last.phase === p.phase && last.iteration === p.iteration && last.property === p.property && now - lastPosted < PROGRESS_EVERY_MS) {
      held = p;
      return;
    }
    last = p;
    held = undefined;
    lastPosted = now;
    post(e);
  };

  try {
    const problem = await loadProblem(job.file, job.bytes);
    const result = await runCheck(problem, job.plan, job.options, job.deadline === undefined ? {} : { deadline: job.deadline }, onEvent);
    flush();
    post(result);
  } catch (e) {
    // Memory that ran out inside Z3 surfaces here as an error; rethrown, it ends this thread and the
    // main thread reports UNKNOWN (out of memory), as for the JavaScript heap.
    if (isOutOfMemory(e)) throw e;
    post(failure(e, job.options.debug));
  }
}
