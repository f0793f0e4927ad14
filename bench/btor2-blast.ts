/**
 * `node dist/bench/btor2-blast.js [OUT_DIR]`: the BTOR2 development set (`../shared/benchmarks/btor2/`)
 * read and bit-blasted, one row per model: its size, the reader's and the blaster's CPU time (the
 * best of three, the machine may be shared), the circuit's inputs, latches and AND gates, or why
 * it was not blasted, and the header of the official bit-blasted AIGER twin where the design has
 * one. Writes `blast.csv` and `blast.md` into OUT_DIR (default docs/bench/btor2).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { parseBtor2 } from '../formalisms/frontends/btor2/reader.js';
import { blast } from '../formalisms/frontends/btor2/blast.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, '..', 'shared', 'benchmarks', 'btor2');
const out = process.argv[2] ?? join(ROOT, 'docs', 'bench', 'btor2');

/** The least CPU time of three runs of `f`, in milliseconds, and its last result. */
function cpuMs<T>(f: () => T): { ms: number; value: T } {
  let best = Infinity;
  let value: T | undefined;
  for (let k = 0; k < 3; k++) {
    const started = process.cpuUsage();
    value = f();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: Math.round(best * 10) / 10, value: value! };
}

const rows: Record<string, string>[] = parse(readFileSync(join(DIR, 'manifest.csv'), 'utf8'), { columns: true });
const table = rows.map((r) => {
  const text = readFileSync(join(DIR, r.path!), 'utf8');
  const read = cpuMs(() => parseBtor2(text, r.path!));
  const blasted = cpuMs(() => blast(read.value));
  const b = blasted.value;
  const twin = r.aiger_twin ? readFileSync(join(DIR, '..', r.aiger_twin), 'latin1') : '';
  return {
    model: r.path!,
    expected: r.expected || 'unknown',
    bytes: String(text.length),
    nodes: String(read.value.order.length),
    read_ms: String(read.ms),
    blast_ms: String(blasted.ms),
    inputs: 'blasted' in b ? String(b.blasted.aiger.inputs.length) : '',
    latches: 'blasted' in b ? String(b.blasted.aiger.latches.length) : '',
    ands: 'blasted' in b ? String(b.blasted.aiger.ands.length / 3) : '',
    refused: 'refused' in b ? b.refused : '',
    aiger_twin_header: twin.slice(0, twin.indexOf('\n')),
  };
});

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'blast.csv'), stringify(table, { header: true }));
const blasted = table.filter((t) => t.refused === '');
const sum = (k: 'read_ms' | 'blast_ms') => table.reduce((s, t) => s + Number(t[k]), 0).toFixed(0);
const md = [
  `# The BTOR2 development set read and bit-blasted`,
  '',
  `${table.length} models; ${blasted.length} blasted, ${table.length - blasted.length} refused (arrays of more than 2^8 elements). `
    + `Reading all: ${sum('read_ms')} ms, blasting all: ${sum('blast_ms')} ms of CPU (the best of three runs each). `
    + 'Written by `node dist/bench/btor2-blast.js`; the data is in blast.csv.',
  '',
  '| model | nodes | read ms | blast ms | inputs | latches | ands | official AIGER twin (M I L O A) |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
  ...table.map((t) => `| ${t.model} | ${t.nodes} | ${t.read_ms} | ${t.blast_ms} | ${t.refused ? `refused: ${t.refused.replace(/\|/g, '\\|')}` : `${t.inputs} | ${t.latches} | ${t.ands}`}${t.refused ? ' | | ' : ''} | ${t.aiger_twin_header.replace(/^aig /, '')} |`),
];
writeFileSync(join(out, 'blast.md'), `${md.join('\n')}\n`);
console.log(`${table.length} models, ${blasted.length} blasted: ${join(out, 'blast.csv')}, ${join(out, 'blast.md')}`);
