/**
 * Runs one command as its own process group under a wall-time and a memory limit, with time and
 * peak memory measured by the operating system (in the spirit of BenchExec's RunExec).
 *
 * The command runs under GNU `/usr/bin/time -f`, which reports the child's wall and CPU time and
 * its peak resident set (`ru_maxrss` from wait4) into a file. Memory is not limited with
 * RLIMIT_AS: Z3 compiled to WebAssembly reserves gigabytes of address space up front, so an
 * address-space limit makes it fail at start-up. Instead the resident set of the process group is
 * read from `/proc/PID/stat` every POLL_MS and the group is killed when it exceeds the limit;
 * a run whose OS-reported peak ends above the limit (it grew between two polls and finished) counts
 * as out of memory as well. Both limits kill every process of the group except `time` itself, so
 * that `time` still writes its measurements.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TIME_BIN = '/usr/bin/time';
const POLL_MS = 100;
const PAGE_BYTES = 4096;

export interface Limits {
  /** Wall-time limit in milliseconds. */
  readonly wallMs: number;
  /** Resident-memory limit of the whole process group in MB; undefined: no limit. */
  readonly memoryMb?: number;
}

export interface Measured {
  readonly exitCode: number | undefined;
  readonly signal: string | undefined;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Peak resident set of the command as reported by wait4, in bytes. */
  readonly peakBytes: number;
  /** Which limit ended the run, if one did. */
  readonly killedBy: 'time' | 'memory' | undefined;
}

interface ProcStat { pid: number; pgrp: number; rssBytes: number }

/** Processes of one group, from `/proc/PID/stat` (fields after the command name: state, ppid, pgrp, ..., rss at 24). */
function groupMembers(pgrp: number): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try { text = readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgrp) continue;
    out.push({ pid: Number(name), pgrp, rssBytes: Number(fields[21]) * PAGE_BYTES });
  }
  return out;
}

function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
}

/** Runs `cmd args` under the limits, in `env`; never rejects for the command's own failures. */
export function runLimited(cmd: string, args: readonly string[], limits: Limits, env: NodeJS.ProcessEnv = process.env): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-run-'));
  const report = join(dir, 'time');
  const started = Date.now();
  const child = spawn(TIME_BIN, ['-f', '%e %U %S %M', '-o', report, cmd, ...args], { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const timePid = child.pid!;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => { stdout += s; });
  child.stderr.setEncoding('utf8').on('data', (s: string) => { stderr += s; });
  let killedBy: Measured['killedBy'];
  let hardKill: NodeJS.Timeout | undefined;
  const stop = (why: 'time' | 'memory'): void => {
    killedBy ??= why;
    killAll(groupMembers(timePid).map((p) => p.pid).filter((p) => p !== timePid));
    // If `time` does not return promptly (a child forked past the kill), the whole group goes.
    hardKill ??= setTimeout(() => { try { process.kill(-timePid, 'SIGKILL'); } catch { /* gone */ } }, 2000);
  };
  const poll = setInterval(() => {
    if (killedBy) { stop(killedBy); return; }
    if (limits.memoryMb === undefined) return;
    const rss = groupMembers(timePid).filter((p) => p.pid !== timePid).reduce((s, p) => s + p.rssBytes, 0);
    if (rss > limits.memoryMb * 1024 * 1024) stop('memory');
  }, POLL_MS);
  const wall = setTimeout(() => stop('time'), limits.wallMs);
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(wall);
      if (hardKill) clearTimeout(hardKill);
      const wallMs = Date.now() - started;
      let cpuMs = 0;
      let peakBytes = 0;
      let exitCode = code ?? undefined;
      let childSignal: string | undefined = signal ?? undefined;
      try {
        // `time` writes "Command terminated by signal N" or "Command exited with non-zero status N" first.
        const lines = readFileSync(report, 'utf8').trim().split('\n');
        const sig = /signal (\d+)/.exec(lines[0] ?? '');
        if (sig) { childSignal = `signal ${sig[1]}`; exitCode = undefined; }
        const [, user, sys, maxKb] = lines.at(-1)!.split(' ').map(Number);
        cpuMs = Math.round((user! + sys!) * 1000);
        peakBytes = maxKb! * 1024;
      } catch { /* `time` itself was killed: no measurements */ }
      rmSync(dir, { recursive: true, force: true });
      if (!killedBy && limits.memoryMb !== undefined && peakBytes > limits.memoryMb * 1024 * 1024) killedBy = 'memory';
      done({ exitCode, signal: childSignal, stdout, stderr, wallMs, cpuMs, peakBytes, killedBy });
    });
  });
}
