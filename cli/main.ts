/**
 * The command's bundle's entry (scripts/bundle.js): `run`, which the `vigil` command calls
 * (cli/bin/vigil.cts), and `worker`, which its worker threads call (cli/bin/worker.cts). For
 * `check` and `hwmcc`, `run` starts the checker's worker thread first, so that the worker loads while
 * this thread loads the command line (checker-thread.ts); the command line itself is
 * command-line.ts, initialised only when `run` imports it.
 */
import { prestartChecker } from './checker-thread.js';
import { endOnClosedPipes, pendingStreams } from './stdio.js';

export { runWorker as worker } from './threads.js';

/** Runs the command line `argv` (as `process.argv`) and sets the process's exit code. */
export async function run(argv: string[]): Promise<void> {
  endOnClosedPipes();
  prestartChecker(argv);
  const { main } = await import('./command-line.js');
  process.exitCode = await main(argv);
  if (argv[2] === 'check' || argv[2] === 'hwmcc') exitWhenWritten();
}

/**
 * Ends the process once its output is written. Left to end by itself, Node would first wait for
 * what V8 still compiles in the background and for the portfolio's terminated workers to wind
 * down: 15 to 60 ms of a short check's wall time (zipcpu-busdelay-p09 185 -> 178 ms, a16-p085
 * 369 -> 311 ms, medians of 12 interleaved runs), for nothing the check needs.
 */
function exitWhenWritten(): void {
  const pending = pendingStreams();
  let left = pending.length;
  if (left === 0) process.exit();
  for (const s of pending) s.once('drain', () => { if (--left === 0) process.exit(); });
}
