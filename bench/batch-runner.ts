/**
 * A long-lived bench runner (bench/batch.ts starts it with an IPC channel): loads Vigil and Z3 once
 * and then checks one model after another through the same pipeline as `vigil check --json`
 * (load, algorithm, certificate check, rendering), answering each job with what a `vigil check`
 * process would have printed and exited with, and this run's time and the runner's memory.
 *
 * Each run gets a fresh Z3 context (the WebAssembly module stays loaded): Z3's answers depend on
 * the context's history, and runs that inherited one took other paths than `vigil check` does
 * (on fischer3_bool, 3,353 solver calls and a timeout instead of 1,906 calls and SAFE in 5 s).
 */
import { failure, plan, runCheck } from '../cli/check.js';
import { loadProblem } from '../formalisms/frontends/index.js';
import { shutdown } from '../lang/smt/context.js';
import type { CheckOptions } from '../cli/protocol.js';
import type { Measured } from './limits.js';

/** One run: the model, `vigil check`'s options, and the time limit from which its deadline follows. */
export interface BatchJob {
  readonly file: string;
  readonly options: CheckOptions;
  readonly timeoutS: number;
}

async function run(job: BatchJob): Promise<Measured> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let stdout = '';
  let stderr = '';
  let exitCode: number;
  try {
    const deadline = Date.now() + job.timeoutS * 1000;
    const problem = await loadProblem(job.file);
    const r = await runCheck(problem, plan(problem, job.options, false).plan, job.options, { deadline });
    stdout = r.text;
    exitCode = r.code;
  } catch (e) {
    const f = failure(e);
    stderr = f.message;
    exitCode = f.code;
  }
  const used = process.cpuUsage(cpu);
  const measured: Measured = {
    exitCode, signal: undefined, stdout, stderr, killedBy: undefined,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakBytes: process.memoryUsage().rss,
  };
  await shutdown();
  return measured;
}

// One job at a time: the pool sends the next only after this one's answer.
process.on('message', (job: BatchJob) => {
  void run(job).then((m) => process.send!(m));
});
