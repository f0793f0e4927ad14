/**
 * Spacer as a bench peer (`vigil bench --peer spacer`, CHC files only): Z3's CHC engine on the
 * unchanged file, in its own process (spacer-run.ts) under the same limits as Vigil's runs, its
 * answer in the CHC-COMP words read as verdicts (`sat`: safe, `unsat`: unsafe). A peer is
 * compared with, never trusted: its answers are not certified.
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLimited, type Measured } from './limits.js';
import type { Answer } from './classify.js';
import type { ResultRow } from './results.js';
import type { Model } from './suite.js';

/** The repository: this module runs bundled (`dist/bin/`), built (`dist/bench/`) or, in the tests, from source (`bench/`). */
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = basename(dirname(HERE)) === 'dist' ? dirname(dirname(HERE)) : dirname(HERE);
/** The peer's script, as tsc builds it. */
const SCRIPT = join(ROOT, 'dist', 'bench', 'spacer-run.js');
/** Start-up and the time-out's own report, after the limit. */
const GRACE_MS = 3000;

const VERDICTS: Record<string, Answer['result']> = { sat: 'safe', unsat: 'unsafe', unknown: 'unknown' };

/** The peer's run under the bench's limits (task.ts `TaskLimits`, by shape: task.ts runs the peers). */
export async function runSpacer(model: Model, limits: { readonly timeoutS: number; readonly memoryMb?: number }): Promise<{ m: Measured; o: Answer; row: Partial<ResultRow> }> {
  const m = await runLimited(process.execPath, [SCRIPT, model.file, String(limits.timeoutS)], { wallMs: limits.timeoutS * 1000 + GRACE_MS, memoryMb: limits.memoryMb });
  const [first = '', version = ''] = m.stdout.trim().split('\n');
  const [word, why] = first.split(' ');
  const result = m.exitCode === 0 ? VERDICTS[word!] : undefined;
  const reason = result === undefined ? (m.stderr.trim().split('\n')[0] ?? '') : why ?? '';
  return {
    m,
    o: { result, reason, ...(why === 'timeout' ? { reasonKind: 'timeout' as const } : {}), killedBy: m.killedBy },
    row: { tool: 'spacer', version: version || 'Z3', algorithm: 'spacer', solvercalls: '' },
  };
}
