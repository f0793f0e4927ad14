/**
 * Writes the fixed set of generated benchmark families into a folder, each model as an STS and as a
 * CFA, with a manifest in the corpus's format (path, formalism, expected, source, notes) that
 * `vigil bench --suite families` reads. The set in the repository (`models/families/`) is this
 * command's output; regenerating it gives the same files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { FIXED_SET, plcModel } from './plc.js';

export const FAMILIES_FOLDERS = { sts: 'plc-sts', cfa: 'plc-cfa' } as const;

/** Writes the models and `manifest.csv` under `dir`; returns the number of model files. */
export function writeFamilies(dir: string): number {
  const rows: string[][] = [['path', 'formalism', 'expected', 'source', 'notes']];
  for (const [formalism, folder] of Object.entries(FAMILIES_FOLDERS) as [keyof typeof FAMILIES_FOLDERS, string][]) {
    mkdirSync(join(dir, folder), { recursive: true });
    for (const params of FIXED_SET) {
      const model = plcModel(params);
      const path = `${folder}/${model.name}.${formalism === 'sts' ? 'system' : 'cfa'}`;
      writeFileSync(join(dir, path), model[formalism]);
      const depth = model.depth ? `; shortest counterexample ${model.depth[formalism]} ${formalism === 'sts' ? 'transitions' : 'edges'}` : '';
      rows.push([path, formalism, model.expected, 'bench/families/plc.ts',
        `PLC scan cycle: n ${params.n} variables in 0..255, m ${params.m} cycle positions, threshold k ${params.k}, seed ${params.seed}${depth}`]);
    }
  }
  writeFileSync(join(dir, 'manifest.csv'), stringify(rows));
  return rows.length - 1;
}
