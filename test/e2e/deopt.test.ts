/**
 * The search's compiled code stays compiled: no function of a check deoptimises over and over. When
 * V8 compiles a function before one of its paths has run, that path has no type feedback and the
 * compiled code deoptimises on it; code compiled on the stack, within a long loop, stays cached
 * for the loop, and Node 20's V8 enters it again at every later call, to deoptimise again. A
 * restriction's set-up did so a thousand times a run on `gen35` (lang/sat/heap.ts,
 * `takeEveryPath`). V8's own trace (Node's `--trace-deopt`) tells, per function and position in
 * its bytecode, how often. The checks compile on the stack on the main thread (`--no-concurrent-osr`):
 * the compiled code then arrives within the long loop that asked for it, where compiled in the
 * background it arrives there only when the compiler is quick, and a check deoptimised over and
 * over only now and then (mapCone, 50 times in one CI run on gen35 and none in six runs here).
 *
 * Compiled code is also thrown away when a field it read as a constant is written: V8 takes a field
 * no object of its class has written since its initialiser for one. The SAT solver writes such
 * fields again in its constructor (lang/sat/solver.ts, `writeRareFields`), so that a long first
 * search keeps its `propagate` and `search`.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT, vigil } from '../support/cli.js';
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
  it.each(['hwmcc19-20/hwmcc20/gen35.aig', 'hwmcc19-20/hwmcc13/6s403rb0609.aig', 'hwmcc24/split-float8b0.aag'])('is not deoptimised over and over in a check of %s', (file) => {
    const r = vigil(['check', join(CORPUS_DIR, file)], 120_000, ['--v8-pool-size=0', '--no-concurrent-osr', '--trace-deopt']);
    expect(r.code).toBe(0);
    const counts = deoptimisations(r.stdout + r.stderr);
    expect(counts.size).toBeGreaterThan(0);
    const worst = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(worst[1], `${worst[0]} deoptimised ${worst[1]} times`).toBeLessThan(20);
  });

  it('is not thrown away for a constant field in a long first search', () => {
    // the bench's pigeonhole instance in its slices of 20,000 conflicts: a mode switch within the first, then the first call's end
    const script = [
      `import { solverFor } from './dist/lang/sat/dimacs.js';`,
      `import { pigeonhole } from './dist/bench/cnf-gen.js';`,
      `const s = solverFor(pigeonhole(8));`,
      `let r; do r = s.solve([], { conflictLimit: 20000 }); while (r === undefined);`,
      `if (r !== false) throw new Error('PHP(9,8) is unsatisfiable');`,
    ].join('\n');
    const r = spawnSync(process.execPath, ['--v8-pool-size=0', '--trace-deopt', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const discarded = [...r.stdout.matchAll(/marking dependent code .*?<SharedFunctionInfo (\S*)>.*reason: code dependencies/g)].map((m) => m[1]);
    expect(discarded).toEqual([]);
  });
});
