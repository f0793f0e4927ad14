/**
 * The models a bench runs on: the shared corpus's manifest (models with an expected verdict), a
 * part of it (`plc`, `theta-regression/cfa`, ...), another manifest file, or a folder of model files
 * (whose expected verdicts come from the corpus manifest when it lists them), or `families`: the
 * repository's generated families (models/families/manifest.csv).
 *
 * A model's category, the paper's grouping of results, is the folder it lies in (plc, cfa, sts,
 * aiger, hwmcc24 on our corpus). The termination corpus (`--suite termination`, its own manifest
 * with a `format` column) is checked for termination and grouped by its expected verdict
 * (terminating, nonterminating). CHC tasks are grouped by their track and family (chcFamily).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

/** The repository: this module runs built (`dist/bench/`) or, in the tests, from source (`bench/`). */
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = basename(dirname(HERE)) === 'dist' ? dirname(dirname(HERE)) : dirname(HERE);
const CORPUS_DIR = join(ROOT, '..', 'shared', 'benchmarks');
/** The repository's own generated families. */
export const FAMILIES_MANIFEST = join(ROOT, 'models', 'families', 'manifest.csv');

export interface Model {
  /** The name in results: the path relative to the manifest's folder (or to the working folder). */
  readonly name: string;
  readonly file: string;
  readonly formalism: string;
  readonly category: string;
  readonly expected: 'safe' | 'unsafe' | 'terminating' | 'nonterminating' | 'unknown';
  /** The `--property` to check, when not the file's default. */
  readonly property?: string;
}

const VERDICTS = new Set(['safe', 'unsafe', 'terminating', 'nonterminating']);

const EXTENSIONS: Record<string, string> = { '.cfa': 'cfa', '.theta': 'cfa', '.t2': 'cfa', '.system': 'sts', '.sts': 'sts', '.aag': 'aiger', '.aig': 'aiger', '.btor2': 'btor2', '.btor': 'btor2', '.smt2': 'chc' };

export class SuiteError extends Error {}

function categoryOf(name: string): string {
  return basename(dirname(name)) || '.';
}

/**
 * A CHC task's group: its track and family (`LIA-Lin hcai-bench/svcomp`), the family from the
 * manifest's notes (`family X; ...`) to two folders, since the folders of the files themselves mix
 * families and the 2024 tasks have none.
 */
function chcFamily(track: string, notes: string): string {
  const family = /family ([^;(]+)/.exec(notes)?.[1]?.trim().split('/').slice(0, 2).join('/');
  return family ? `${track} ${family}` : track;
}

function readManifest(file: string): Model[] {
  const dir = dirname(file);
  const rows: Record<string, string>[] = parse(readFileSync(file, 'utf8'), { columns: true });
  return rows.map((r) => {
    const expected = (VERDICTS.has(r.expected!) ? r.expected : 'unknown') as Model['expected'];
    // the termination manifest names a format (t2, cfa) instead of a formalism: both read into CFAs
    if (r.format !== undefined) return { name: r.path!, file: resolve(dir, r.path!), formalism: 'cfa', category: expected, expected, property: 'termination' };
    const category = r.track !== undefined ? chcFamily(r.track, r.notes ?? '') : categoryOf(r.path!);
    return { name: r.path!, file: resolve(dir, r.path!), formalism: r.formalism!, category, expected };
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

function fromFolder(dir: string): Model[] {
  const known = new Map(existsSync(join(CORPUS_DIR, 'manifest.csv')) ? readManifest(join(CORPUS_DIR, 'manifest.csv')).map((m) => [resolve(m.file), m]) : []);
  return walk(dir).sort().flatMap((file) => {
    const formalism = EXTENSIONS[file.slice(file.lastIndexOf('.'))];
    if (!formalism) return [];
    const name = relative(process.cwd(), file);
    return [{ name, file, formalism, category: categoryOf(name), expected: known.get(resolve(file))?.expected ?? 'unknown' }];
  });
}

/**
 * The models of one `--suite` argument: a manifest file, a folder, or a folder of the corpus.
 * `families` is the repository's generated set. Manifests and corpus folders give the models with an
 * expected verdict only; a folder, or a corpus folder with its own manifest (`hwmcc19-20`, where 56
 * circuits have no stated verdict), gives all.
 */
export function suiteModels(spec: string | undefined): Model[] {
  const withVerdict = (ms: Model[]) => ms.filter((m) => m.expected !== 'unknown');
  if (spec === undefined) return withVerdict(readManifest(join(CORPUS_DIR, 'manifest.csv')));
  if (spec === 'families') return withVerdict(readManifest(FAMILIES_MANIFEST));
  if (spec.endsWith('.csv') && existsSync(spec)) return withVerdict(readManifest(spec));
  if (spec === 'termination') return withVerdict(readManifest(join(CORPUS_DIR, 'termination', 'manifest.csv')));
  if (existsSync(spec) && statSync(spec).isDirectory()) return fromFolder(spec);
  // A corpus folder with a manifest of its own (hwmcc19-20): all its models, stated verdict or not.
  const own = join(CORPUS_DIR, spec, 'manifest.csv');
  if (!spec.includes('..') && existsSync(own)) return readManifest(own);
  const prefix = spec.replace(/\/+$/, '') + '/';
  const part = withVerdict(readManifest(join(CORPUS_DIR, 'manifest.csv'))).filter((m) => m.name.startsWith(prefix));
  if (part.length === 0) throw new SuiteError(`--suite ${spec}: neither a manifest, a folder, nor a part of the corpus with known verdicts`);
  return part;
}
