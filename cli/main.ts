/**
 * The command's bundle's entry (scripts/bundle.js): `run`, which the `vigil` command calls
 * (cli/bin/vigil.cts), and `worker`, which its worker threads call (cli/bin/worker.cts). For
 * `check` and `hwmcc`, `run` starts the checker's worker thread first, so that the worker loads while
 * this thread loads the command line (checker-thread.ts); the command line itself is
 * command-line.ts, initialised only when `run` imports it.
 */
import { prestartChecker } from './checker-thread.js';

export { runWorker as worker } from './threads.js';

/** Runs the command line `argv` (as `process.argv`) and sets the process's exit code. */
export async function run(argv: string[]): Promise<void> {
  // A reader that stops early (`vigil check --help | head`) closes the pipe: what it did not read is
  // not wanted, so the command ends there instead of failing on the next write.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit(process.exitCode ?? 0);
    });
  }
  prestartChecker(argv);
  const { main } = await import('./command-line.js');
  process.exitCode = await main(argv);
}
