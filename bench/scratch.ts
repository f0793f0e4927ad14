/**
 * The bench process's scratch folder for files made on the way (ABC's binary circuits, cvc5's
 * validation scripts): made on first use, removed when the process exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let scratch: string | undefined;

/** The path of `name` in the scratch folder. */
export function scratchFile(name: string): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return join(scratch, name);
}
