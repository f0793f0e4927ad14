/** Runs the built `vigil` binary as a user would, capturing exit code and output. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function vigil(args: readonly string[], timeoutMs = 120_000): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
