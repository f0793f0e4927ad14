/**
 * `npm run bench -- --matrix`: the CEGAR configuration matrix of Hajdu and Micskei's experiments
 * on the corpus models with known verdicts (CFA, PLC, STS and the classic AIGER circuits): every
 * domain with every refiner it admits, every search, both precision granularities and, for the
 * predicate domains, every predicate splitting. Each run is `vigil check --json` in its own process;
 * the output is one line per configuration (solved, wrong, unknown, total time) and the exit code
 * is 1 if any verdict is wrong. `--limit N` runs only the first N configurations; `--suite TEXT`
 * keeps the models whose path contains TEXT.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { DOMAINS, GRANULARITIES, PRED_SPLITS, REFINEMENTS, admits } from '../cegar/config.js';
import { SEARCHES } from '../cegar/search.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = `${ROOT}../shared/benchmarks/`;
const BIN = `${ROOT}dist/cli/main.js`;

const opts = new Command('bench')
  .option('--matrix', 'run the configuration matrix')
  .option('--timeout <s>', 'time limit per model and configuration, seconds', '10')
  .option('--jobs <n>', 'runs at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .option('--limit <n>', 'only the first n configurations', '')
  .parse()
  .opts<{ timeout: string; jobs: string; suite: string; limit: string }>();

interface Row { path: string; expected: string }

function configurations(): string[][] {
  const out: string[][] = [];
  for (const domain of DOMAINS) {
    for (const refinement of REFINEMENTS) {
      if (!admits(domain, refinement)) continue;
      for (const search of Object.keys(SEARCHES)) {
        for (const gran of GRANULARITIES) {
          const splits = domain === 'EXPL' ? [undefined] : PRED_SPLITS;
          for (const split of splits) {
            out.push(['--domain', domain, '--refinement', refinement, '--search', search, '--precgranularity', gran,
              ...(split ? ['--predsplit', split] : [])]);
          }
        }
      }
    }
  }
  return opts.limit ? out.slice(0, Number(opts.limit)) : out;
}

function verdictOf(row: Row, config: string[]): Promise<{ verdict: string; ms: number }> {
  const started = Date.now();
  const args = [BIN, 'check', CORPUS + row.path, '--algorithm', 'cegar', ...config, '--timeout', opts.timeout, '--json', '--quiet'];
  return new Promise((done) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 28, timeout: (Number(opts.timeout) + 30) * 1000 }, (_err, stdout) => {
      let verdict = 'error';
      try { verdict = (JSON.parse(stdout) as { verdict: string }).verdict; } catch { /* counted as error */ }
      done({ verdict, ms: Date.now() - started });
    });
  });
}

const rows = (parse(readFileSync(CORPUS + 'manifest.csv', 'utf8'), { columns: true }) as (Row & { formalism: string })[])
  .filter((r) => r.expected !== 'unknown' && !r.path.startsWith('hwmcc24/') && r.path.includes(opts.suite));
const configs = configurations();
const tasks = configs.flatMap((c, ci) => rows.map((r) => ({ c, ci, r })));
const tally = configs.map(() => ({ solved: 0, wrong: 0, unknown: 0, error: 0, ms: 0 }));
let next = 0;
await Promise.all(Array.from({ length: Number(opts.jobs) }, async () => {
  while (next < tasks.length) {
    const { c, ci, r } = tasks[next++]!;
    const { verdict, ms } = await verdictOf(r, c);
    const t = tally[ci]!;
    t.ms += ms;
    if (verdict === 'safe' || verdict === 'unsafe') {
      if (verdict === r.expected) t.solved++;
      else { t.wrong++; process.stderr.write(`WRONG: ${r.path} ${c.join(' ')}: ${verdict}\n`); }
    } else if (verdict === 'unknown') t.unknown++;
    else t.error++;
  }
}));
console.log(`| configuration | solved | wrong | unknown | error | total s |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
configs.forEach((c, i) => {
  const t = tally[i]!;
  console.log(`| ${c.filter((_, k) => k % 2 === 1).join(' ')} | ${t.solved}/${rows.length} | ${t.wrong} | ${t.unknown} | ${t.error} | ${(t.ms / 1000).toFixed(1)} |`);
});
process.exitCode = tally.some((t) => t.wrong > 0 || t.error > 0) ? 1 : 0;
