/**
 * The search's compiled code stays compiled: no function of a check deoptimises over and over. When
 * V8 compiles a function before one of its paths has run, that path has no type feedback and the
 * compiled code deoptimises on it; code compiled on the stack, within a long loop, stays cached
 * for the loop, and Node 20's V8 enters it again at every later call, to deoptimise again. A
 * restriction's set-up did so a thousand times a run on `gen35` (lang/sat/heap.ts,
 * `takeEveryPath`). V8's own trace (Node's `--trace-deopt`) tells, per function and position in
 * its bytecode, how often.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { vigil } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';

/** Deoptimisations per function and bytecode position, from `--trace-deopt`'s lines. */
function deoptimisations(trace: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of trace.matchAll(/deoptimizing \S+ <JSFunction (\S*) .*?bytecode offset (\d+)/g)) {
    const at = `${m[1]}@${m[2]}`;
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  return counts;
}

describe('compiled code', () => {
  it.each(['hwmcc19-20/hwmcc20/gen35.aig', 'hwmcc19-20/hwmcc13/6s403rb0609.aig'])('is not deoptimised over and over in a check of %s', (file) => {
    const r = vigil(['check', join(CORPUS_DIR, file)], 120_000, ['--v8-pool-size=0', '--trace-deopt']);
    expect(r.code).toBe(0);
    const counts = deoptimisations(r.stdout + r.stderr);
    expect(counts.size).toBeGreaterThan(0);
    const worst = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(worst[1], `${worst[0]} deoptimised ${worst[1]} times`).toBeLessThan(20);
  });
});
