/** The shared benchmark corpus (`../shared/benchmarks` beside the repository) and its manifest. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = fileURLToPath(new URL('../../shared/benchmarks/', import.meta.url));

export interface CorpusModel {
  /** Relative to the corpus folder, as in the manifest. */
  readonly path: string;
  readonly file: string;
  readonly formalism: 'cfa' | 'sts' | 'aiger';
  readonly expected: 'safe' | 'unsafe' | 'unknown';
}

/** Splits one CSV line; fields may be quoted with doubled quotes inside. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

export function manifest(): CorpusModel[] {
  const lines = readFileSync(CORPUS_DIR + 'manifest.csv', 'utf8').split(/\r?\n/).filter((l) => l.trim());
  return lines.slice(1).map((line) => {
    const [path, formalism, expected] = csvFields(line);
    return { path: path!, file: CORPUS_DIR + path!, formalism: formalism as CorpusModel['formalism'], expected: expected as CorpusModel['expected'] };
  });
}
