/** Runs the built `vigil` binary as a user would, capturing exit code and output. */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../dist/bin/vigil.js', import.meta.url));

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `nodeFlags`: Node's own options for the process (`--max-old-space-size=48`). */
export function vigil(args: readonly string[], timeoutMs = 120_000, nodeFlags: readonly string[] = []): Run {
  const r = spawnSync(process.execPath, [...nodeFlags, BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs `vigil` with its standard output closed by the reader before anything is written (as `| head` does). */
export function vigilIntoClosedPipe(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}
