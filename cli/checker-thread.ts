/**
 * The checker's worker thread, started as early as possible. A worker is a fresh V8 isolate that
 * loads the whole pipeline (front ends, engines, certificate checks) again; started before this
 * thread loads the command line (commander, the engine registry), the two loads overlap on two
 * cores, which is most of `vigil check`'s start-up on a small circuit. The worker loads the
 * command's bundle (threads.ts), then waits for its job (check-worker.ts); when the arguments name
 * a circuit it loads the circuit's front end and engine meanwhile, while the command line reads a
 * small circuit ahead (readCircuitAhead), so the two threads share that work too.
 *
 * The only option that must be known at the start is --memory (a worker's heap limit is fixed when
 * it starts): it is read from the raw arguments here, and a session whose parsed limit differs
 * (say, an invalid value that commander rejects) starts its own worker instead.
 *
 * No worker is started when the run will likely check a circuit in this thread (in-thread.ts): the
 * raw arguments name a circuit of at most IN_THREAD_BYTES, without the terminal interface or
 * --memory. Whether it does is decided once the command line is parsed (`inThreadAllowed`); if it
 * does not after all, its worker starts then.
 */
import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { WorkerHint } from './protocol.js';
import { startWorker } from './threads.js';

/**
 * The largest circuit file checked in the command's own thread: its reading cannot be interrupted
 * there (a 1.1 MB circuit of HWMCC'24 reads in 0.1 to 0.15 s), and on larger circuits a worker's
 * start-up is a small part of the run.
 */
export const IN_THREAD_BYTES = 4 * 2 ** 20;

let early: { readonly worker: Worker; readonly memory: number | undefined } | undefined;
/** Whether the raw arguments allowed a check in this thread, so that no worker was started for it. */
let inThread = false;

/**
 * A checker worker with the given heap limit in megabytes (none when undefined); `hint` lets it load
 * a circuit's modules while it waits for the job.
 */
export function startChecker(memory: number | undefined, hint: WorkerHint = { circuit: false }): Worker {
  return startWorker('checker', hint, {
    stderr: true,
    // The JavaScript heap's own limit, so that an engine's runaway JS heap ends the worker with
    // ERR_WORKER_OUT_OF_MEMORY instead of the process.
    ...(memory === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: memory } }),
  });
}

/** The value of `--memory` in raw arguments, as commander will read it when it is valid. */
function memoryArgument(argv: readonly string[]): number | undefined {
  let value: string | undefined;
  argv.forEach((a, i) => {
    if (a === '--memory') value = argv[i + 1];
    else if (a.startsWith('--memory=')) value = a.slice('--memory='.length);
  });
  const n = Number(value);
  return value !== undefined && n > 0 && Number.isFinite(n) ? n : undefined;
}

/**
 * Starts the checker for `vigil check` and `vigil hwmcc` before the command line is parsed. The
 * worker does not keep the process alive until a session takes it, so other commands and usage
 * errors exit as before.
 */
export function prestartChecker(argv: readonly string[]): void {
  const command = argv[2];
  if (command !== 'check' && command !== 'hwmcc') return;
  const memory = memoryArgument(argv);
  inThread = inThreadLikely(argv, memory);
  if (inThread) return;
  // an option's value may be a circuit too (--certificate proof.aag): then the hint only costs a load
  const worker = startChecker(memory, { circuit: argv.slice(3).some((a) => /\.(aag|aig)$/i.test(a)) });
  worker.unref();
  early = { worker, memory };
}

/**
 * Whether the raw arguments allow a check in this thread: a small circuit, no terminal interface
 * (`hwmcc` never has one; `check` when standard output is no terminal, or with --json or --quiet),
 * no --memory (a limit on the whole process, which a worker's end enforces). An option's value may
 * name a circuit too (--certificate proof.aag): then the guess is wrong, and costs only the early start.
 */
function inThreadLikely(argv: readonly string[], memory: number | undefined): boolean {
  if (memory !== undefined || argv.some((a) => a === '--memory' || a.startsWith('--memory='))) return false;
  const args = argv.slice(3);
  if (argv[2] === 'check' && !args.includes('--json') && !args.includes('--quiet') && process.stdout.isTTY) return false;
  return args.some((a) => {
    if (!/\.(aag|aig)$/i.test(a)) return false;
    try {
      return statSync(a).size <= IN_THREAD_BYTES;
    } catch {
      return false;
    }
  });
}

/** Whether no worker was started early because the check may run in this thread. */
export function inThreadAllowed(): boolean {
  return inThread;
}

/** The worker started early if its heap limit is `memory`, else a new one; either way the session's. */
export function takeChecker(memory: number | undefined): Worker {
  const taken = early;
  early = undefined;
  if (taken && taken.memory === memory) {
    taken.worker.ref();
    return taken.worker;
  }
  void taken?.worker.terminate();
  return startChecker(memory);
}
