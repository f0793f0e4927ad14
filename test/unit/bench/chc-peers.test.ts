/**
 * Spacer beside Vigil, never inside it: the `spacer` bench peer answers in its own process under
 * the bench's limits, and no module of Vigil's layers below the bench (expressions and the SMT
 * bridge, front ends, certificates, engines, CEGAR) calls a fixedpoint or HORN entry point of Z3,
 * so that no verdict Vigil prints is Spacer's.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applies, parseConfig } from '../../../bench/configs.js';
import { runTask } from '../../../bench/task.js';
import type { Model } from '../../../bench/suite.js';
import { ROOT } from '../../support/cli.js';
import { CHC_DIR } from '../../support/chc.js';

/** The layers under the bench: whatever they use decides or certifies Vigil's verdicts. */
const LAYERS = ['lang', 'formalisms', 'certificates', 'engines', 'cegar'];
/**
 * Z3's CHC engine is reached through the fixedpoint API, an SMT-LIB script run whole, a solver
 * made for the HORN logic, or the bench's peer module.
 */
const ENTRY_POINTS = [/fixedpoint/i, /eval_smtlib2/i, /solver_for_logic/i, /from '[^']*spacer[^']*'/i];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('no CHC engine of Z3 inside Vigil', () => {
  it('no module below the bench mentions a fixedpoint or HORN entry point', () => {
    const files = LAYERS.flatMap((l) => sources(join(ROOT, l)));
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return ENTRY_POINTS.filter((re) => re.test(text)).map((re) => `${f.slice(ROOT.length)}: ${re}`);
    });
    expect(offending).toEqual([]);
  });
});

const task = (path: string, expected: Model['expected']): Model => ({ name: path, file: CHC_DIR + path, formalism: 'chc', category: 'chc', expected });

describe('the spacer peer', () => {
  const spacer = parseConfig('spacer');

  it('is a peer of CHC files only', () => {
    expect(spacer.tool).toBe('spacer');
    expect([applies(spacer, 'chc'), applies(spacer, 'cfa'), applies(spacer, 'aiger')]).toEqual([true, false, false]);
  });

  it('answers sat as safe and unsat as unsafe, on the unchanged file, with Z3\'s version', async () => {
    const sat = await runTask(task('theta-chc-comp24/chc-comp24-LIA-Lin-012.smt2', 'safe'), spacer, { timeoutS: 60 });
    expect([sat.tool, sat.algorithm, sat.result, sat.status]).toEqual(['spacer', 'spacer', 'safe', 'correct']);
    expect(sat.version).toMatch(/^Z3 \d+\.\d+/);
    const unsat = await runTask(task('chc-comp25/LIA-Nonlin/hcai-bench/svcomp/O0/O0_id_i5_o5_false-unreach-call_true-termination_000.smt2', 'unsafe'), spacer, { timeoutS: 60 });
    expect([unsat.result, unsat.status]).toEqual(['unsafe', 'correct']);
  });

  it('stops at the time limit with unknown (timeout)', async () => {
    const row = await runTask(task('theta-chc-comp24/chc-comp24-LIA-Lin-013.smt2', 'safe'), spacer, { timeoutS: 1 });
    expect([row.result, row.reason, row.status]).toEqual(['unknown', 'timeout', 'timeout']);
  });

  it('reports a file Z3 cannot read as an error with its message', async () => {
    const row = await runTask({ ...task('theta-chc-comp24/chc-comp24-LIA-Lin-012.smt2', 'safe'), file: join(ROOT, 'package.json') }, spacer, { timeoutS: 20 });
    expect(row.status).toBe('error');
    expect(row.reason).toMatch(/error/);
  });
});
