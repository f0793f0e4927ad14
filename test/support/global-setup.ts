/**
 * The CLI tests run the real `vigil` binary, so the build must be current: compile once before the
 * suite, and bundle the command with its code cache as `npm run build` does (scripts/bundle.js).
 *
 * Everything the tests and the programs they start write to the temporary directory goes into one
 * directory of this run (TMPDIR, which `os.tmpdir()` reads and the test workers inherit), removed at
 * the end: repeated runs must not fill the disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): () => void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/bundle.js'], { cwd: root, stdio: 'inherit' });
  const scratch = mkdtempSync(join(tmpdir(), 'vigil-tests-'));
  process.env.TMPDIR = scratch;
  return () => rmSync(scratch, { recursive: true, force: true });
}
