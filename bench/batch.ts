/**
 * Long-lived runner processes for campaigns of many short runs (the configuration matrix). A fresh
 * `vigil check` process spends about a second loading Node's modules and Z3's WebAssembly before
 * it checks anything, as much as a typical matrix run itself; a runner (bench/batch-runner.ts)
 * pays that once and then checks run after run through the same pipeline, certificate check
 * included, so the verdicts are those of `vigil check`.
 *
 * Limits: the runner gives each run its deadline, as `--timeout` does, and a run that has not
 * answered GRACE_MS after it (stuck inside one Z3 call) kills its runner; it counts as a timeout,
 * and the next run starts a fresh runner. A runner is also replaced after RUNS_PER_RUNNER runs, so
 * that what one process accumulates (hash-consed terms, Z3's heap) stays small. There is no memory
 * limit: a run's memory is the runner's resident set when it answers, and a killed run's CPU time is
 * its wall time (the runner's own measurement dies with it).
 *
 * Timing: CPU and wall time are the run's own, without start-up, so they are not comparable with
 * rows measured by bench/task.ts's one-process-per-run harness (`npm run bench`), which is what
 * speed comparisons use.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CheckOptions } from '../cli/protocol.js';
import type { BatchJob } from './batch-runner.js';
import type { RunConfig } from './configs.js';
import type { Measured } from './limits.js';
import { GRACE_MS, type RunOutputs, type TaskLimits, type VigilLaunch } from './task.js';
import type { Model } from './suite.js';
import { NODE_FLAGS, vigilEnv } from '../cli/node-flags.js';

// by way of bench/: this module may also be part of the command's bundle, in dist/bin/ (scripts/bundle.js)
const RUNNER = fileURLToPath(new URL('../bench/batch-runner.js', import.meta.url));
const RUNS_PER_RUNNER = 200;

/** `vigil check`'s options for a configuration's levels, as its command line would parse them. */
function checkOptions(c: RunConfig): CheckOptions {
  const settings = Object.fromEntries(Object.entries(c.options).filter((e): e is [string, string] => e[1] !== undefined));
  return { json: true, quiet: true, ...(c.algorithm ? { algorithm: c.algorithm } : {}), settings, outputs: {} };
}

/** One runner process and how many runs it has done. */
class Runner {
  readonly child: ChildProcess;
  runs = 0;
  stderr = '';

  constructor() {
    this.child = fork(RUNNER, [], { execArgv: [...process.execArgv, ...NODE_FLAGS], env: vigilEnv(), stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr!.setEncoding('utf8').on('data', (s: string) => { this.stderr += s; });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/** At most one run per runner at a time; a pool of `jobs` runners serves `jobs` concurrent launches. */
export class RunnerPool {
  private readonly idle: Runner[] = [];

  /** Runs `vigil check` for the configuration on the model in an idle (or new) runner. */
  readonly launch: VigilLaunch = (model: Model, c: RunConfig, limits: TaskLimits, outputs: RunOutputs) => {
    const runner = this.idle.pop() ?? new Runner();
    const job: BatchJob = { file: model.file, options: { ...checkOptions(c), outputs }, timeoutS: limits.timeoutS };
    const started = Date.now();
    runner.stderr = '';
    return new Promise<Measured>((done) => {
      const finish = (m: Measured, keep: boolean): void => {
        clearTimeout(timer);
        runner.child.off('message', answer).off('exit', died);
        if (keep && ++runner.runs < RUNS_PER_RUNNER) this.idle.push(runner);
        else runner.kill();
        done(m);
      };
      const lost = (killedBy: Measured['killedBy'], stderr: string): Measured => ({
        exitCode: undefined, signal: killedBy ? 'SIGKILL' : 'exit', stdout: '', stderr, killedBy,
        wallMs: Date.now() - started, cpuMs: Date.now() - started, peakBytes: 0,
      });
      const answer = (m: Measured): void => finish(m, true);
      const died = (): void => finish(lost(undefined, runner.stderr || 'the bench runner stopped without an answer'), false);
      const timer = setTimeout(() => finish(lost('time', ''), false), limits.timeoutS * 1000 + GRACE_MS);
      runner.child.on('message', answer).on('exit', died);
      runner.child.send(job);
    });
  };

  close(): void {
    for (const r of this.idle.splice(0)) r.kill();
  }
}
