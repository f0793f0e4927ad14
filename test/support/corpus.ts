/** The shared benchmark corpus (`../shared/benchmarks` beside the repository) and its manifest. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/benchmarks/', import.meta.url));

export interface CorpusModel {
  /** Relative to the corpus folder, as in the manifest. */
  readonly path: string;
  readonly file: string;
  readonly formalism: 'cfa' | 'sts' | 'aiger';
  readonly expected: 'safe' | 'unsafe' | 'unknown';
}

export function manifest(): CorpusModel[] {
  const rows: Record<string, string>[] = parse(readFileSync(CORPUS_DIR + 'manifest.csv', 'utf8'), { columns: true });
  return rows.map((r) => ({
    path: r.path!,
    file: CORPUS_DIR + r.path!,
    formalism: r.formalism as CorpusModel['formalism'],
    expected: r.expected as CorpusModel['expected'],
  }));
}
