/**
 * What the CHC tests share: the development set's manifest, reading a task into its problem, and
 * Debian's cvc5 as a second, independent validator of models: it reads the model as written and
 * each clause as the file writes it (the text of its assertion), and must find every negated
 * clause unsatisfiable.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CORPUS_DIR } from './corpus.js';
import { readChc } from '../../formalisms/frontends/chc/read.js';
import { chcProblem, type ChcProblem } from '../../formalisms/frontends/chc/problem.js';
import { clauseName, type ChcSystem } from '../../formalisms/frontends/chc/clauses.js';

export const CHC_DIR = `${CORPUS_DIR}chc/`;

export interface ChcTask {
  readonly path: string;
  readonly file: string;
  readonly track: string;
  /** `sat` or `unsat`. */
  readonly chc: string;
}

export function chcTasks(): ChcTask[] {
  const rows = parse(readFileSync(`${CHC_DIR}manifest.csv`, 'utf8'), { columns: true }) as Record<string, string>[];
  return rows.map((r) => ({ path: r.path!, file: CHC_DIR + r.path!, track: r.track!, chc: r.chc! }));
}

/** A file of the development set (its path in the manifest) as a problem. */
export function chcTaskProblem(path: string): ChcProblem {
  const bytes = readFileSync(CHC_DIR + path);
  return chcProblem(path, bytes, readChc(bytes.toString('utf8'), path));
}

let scratch: string | undefined;

/**
 * The clauses cvc5 does not find valid under the model text (an empty list: the model passes):
 * for each clause `(push 1) (assert (not CLAUSE)) (check-sat) (pop 1)` with the clause as the
 * file writes it.
 */
export function cvc5Rejects(system: ChcSystem, model: string): string[] {
  scratch ??= mkdtempSync(join(tmpdir(), 'vigil-cvc5-'));
  const checks = system.clauses.map((c) => `(push 1)\n(assert (not ${system.text.slice(c.span.start, c.span.end)}))\n(check-sat)\n(pop 1)`);
  const file = join(scratch, 'validate.smt2');
  writeFileSync(file, `(set-logic ALL)\n${model}\n${checks.join('\n')}\n`);
  const r = spawnSync('cvc5', ['--incremental', '--tlimit-per=60000', file], { encoding: 'utf8' });
  const answers = r.stdout.trim().split('\n');
  if (r.status !== 0 || answers.length !== system.clauses.length) throw new Error(`cvc5 failed: ${r.stderr || r.stdout}`);
  return system.clauses.filter((_, i) => answers[i] !== 'unsat').map(clauseName);
}
