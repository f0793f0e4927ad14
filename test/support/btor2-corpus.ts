/** The BTOR2 development set (`../shared/benchmarks/btor2/`) and its manifest, for the BTOR2 tests. */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { CORPUS_DIR } from './corpus.js';
import { parseBtor2 } from '../../formalisms/frontends/btor2/reader.js';
import type { Btor2Model } from '../../formalisms/frontends/btor2/model.js';

export const BTOR2_DIR = `${CORPUS_DIR}btor2/`;

export interface Btor2Entry {
  /** Relative to the BTOR2 folder, as in its manifest. */
  readonly path: string;
  readonly file: string;
  readonly expected: 'safe' | 'unsafe' | 'unknown';
  /** The bit-blasted AIGER original, relative to the corpus folder, when the design has one. */
  readonly aigerTwin?: string;
}

export function btor2Manifest(): Btor2Entry[] {
  const rows: Record<string, string>[] = parse(readFileSync(`${BTOR2_DIR}manifest.csv`, 'utf8'), { columns: true });
  return rows.map((r) => ({
    path: r.path!,
    file: BTOR2_DIR + r.path!,
    expected: (r.expected || 'unknown') as Btor2Entry['expected'],
    ...(r.aiger_twin ? { aigerTwin: r.aiger_twin } : {}),
  }));
}

export function readBtor2(path: string): Btor2Model {
  return parseBtor2(readFileSync(BTOR2_DIR + path, 'utf8'), path);
}
