/** A worker thread's entry (threads.ts): the checker, or a portfolio's member; a failure ends the thread with an error event, which its starter reports. */
import type { WorkerStart } from './threads.js';

export async function runWorker(start: WorkerStart): Promise<void> {
  switch (start.entry) {
    case 'checker': return (await import('./checker.js')).checkerWorker();
    case 'member': {
      const [{ memberWorker }, { ENGINE_CONTEXT }] = await Promise.all([import('../engines/race.js'), import('./engine-context.js')]);
      return memberWorker(start.data, ENGINE_CONTEXT);
    }
  }
}
