/**
 * The `vigil` command's entry, above every layer (app/bin/vigil.cts runs it from the command's
 * bundle, scripts/bundle.js): `run`, the command line with the benchmark commands added to it, and
 * `worker`, which Vigil's worker threads call (app/bin/worker.cts). The command line and the
 * benchmarks are initialised only when `run` imports them.
 */
import { endOnClosedPipes, pendingStreams } from '../cli/stdio.js';
import { dropOwnEnv } from '../cli/node-flags.js';

export { runWorker as worker } from '../cli/worker-entry.js';

/** Runs the command line `argv` (as `process.argv`) and sets the process's exit code. */
export async function run(argv: string[]): Promise<void> {
  endOnClosedPipes();
  dropOwnEnv();
  const [{ program, report }, { addBenchCommands }] = await Promise.all([import('../cli/command-line.js'), import('../bench/command.js')]);
  let pending: Promise<number> | number = 0;
  try {
    const p = program((c) => { pending = c; });
    addBenchCommands(p, (c) => { pending = c; });
    p.parse(argv);
    process.exitCode = await pending;
  } catch (e) {
    process.exitCode = await report(e);
  }
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
