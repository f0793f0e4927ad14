/**
 * What the CHC tests share: the development set's manifest and reading a task into its problem.
 * (cvc5, the second validator of models, is bench/cvc5.ts: the CHC campaign uses it too.)
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { CORPUS_DIR } from './corpus.js';
import { readChc } from '../../formalisms/frontends/chc/read.js';
import { chcProblem, type ChcProblem } from '../../formalisms/frontends/chc/problem.js';

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
