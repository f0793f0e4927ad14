/**
 * The CLI tests run the real `vigil` binary, so the build must be current: compile once before the
 * suite, and bundle the checker's worker thread as `npm run build` does (scripts/bundle.js).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/bundle.js'], { cwd: root, stdio: 'inherit' });
}
