/**
 * `npm run bench -- --matrix`: the CEGAR configuration matrix of Hajdu and Micskei's experiments
 * on the corpus models with known verdicts (CFA, PLC, STS and the classic AIGER circuits): every
 * domain with every refiner it admits, every search, both precision granularities and, for the
 * predicate domains, every predicate splitting.
 *
 * The runs go through the bench harness into a results CSV, `docs/bench/matrix.csv` unless `--out`
 * says otherwise, in long-lived runners (bench/batch.ts) since most runs take less time than a
 * process's start-up. The matrix is too large for one sitting (tens of thousands of runs), so the
 * file is kept in the repository and a stopped matrix resumes from it; `vigil report` draws it.
 * The output is one line per configuration (solved, wrong, unknown, timeouts, errors, CPU time)
 * over every run in the file; the exit code is 1 if any verdict is wrong or any run ended in
 * an error. `--limit N` runs only the first N configurations; `--suite TEXT` keeps the models whose
 * path contains TEXT.
 */
import { Command } from 'commander';
import { DOMAINS, GRANULARITIES, PRED_SPLITS, REFINEMENTS, admits } from '../cegar/config.js';
import { SEARCHES } from '../cegar/search.js';
import { parseConfig, type RunConfig } from './configs.js';
import { RunnerPool } from './batch.js';
import { runBench } from './harness.js';
import { readResults, type ResultRow } from './results.js';
import { suiteModels } from './suite.js';

const opts = new Command('bench')
  .option('--matrix', 'run the configuration matrix')
  .option('--timeout <s>', 'time limit per model and configuration, seconds', '10')
  .option('--jobs <n>', 'runs at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .option('--limit <n>', 'only the first n configurations', '')
  .option('--out <file.csv>', 'the results CSV (resumed when it exists)', 'docs/bench/matrix.csv')
  .parse()
  .opts<{ timeout: string; jobs: string; suite: string; limit: string; out: string }>();

function configurations(): RunConfig[] {
  const out: RunConfig[] = [];
  for (const domain of DOMAINS) {
    for (const refinement of REFINEMENTS) {
      if (!admits(domain, refinement)) continue;
      for (const search of Object.keys(SEARCHES)) {
        for (const precgranularity of GRANULARITIES) {
          for (const predsplit of domain === 'EXPL' ? [undefined] : PRED_SPLITS) {
            out.push(parseConfig(JSON.stringify({ domain, refinement, search, precgranularity, ...(predsplit ? { predsplit } : {}) })));
          }
        }
      }
    }
  }
  return opts.limit ? out.slice(0, Number(opts.limit)) : out;
}

const models = suiteModels(undefined).filter((m) => m.category !== 'hwmcc24' && m.name.includes(opts.suite));
const configs = configurations();
const pool = new RunnerPool();
await runBench({
  models, configs, jobs: Number(opts.jobs), out: opts.out, launch: pool.launch,
  limits: { timeoutS: Number(opts.timeout) },
  onResult: (r, done, total) => {
    if (r.status === 'wrong') process.stderr.write(`WRONG: ${r.model} ${r.config}: ${r.result}\n`);
    if (done % 100 === 0 || done === total) process.stderr.write(`${done}/${total} runs\n`);
  },
});
pool.close();

const byConfig = new Map<string, ResultRow[]>();
for (const r of readResults(opts.out)) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), r]);
const count = (rs: readonly ResultRow[], s: string) => rs.filter((r) => r.status === s).length;
console.log(`| configuration | runs | solved | wrong | unknown | timeout | memout | error | CPU s |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
for (const c of configs) {
  const rs = byConfig.get(c.name) ?? [];
  const cpu = rs.reduce((s, r) => s + Number(r.timems), 0) / 1000;
  console.log(`| ${c.name} | ${rs.length}/${models.length} | ${count(rs, 'correct')} | ${count(rs, 'wrong')} | ${count(rs, 'unknown')} | ${count(rs, 'timeout')} | ${count(rs, 'memout')} | ${count(rs, 'error')} | ${cpu.toFixed(1)} |`);
}
const all = [...byConfig.values()].flat();
console.log(`\n${all.length} runs of ${configs.length * models.length} in ${opts.out}: ${count(all, 'correct')} correct, ${count(all, 'wrong')} wrong, `
  + `${count(all, 'unknown')} unknown, ${count(all, 'timeout')} timeouts, ${count(all, 'memout')} out of memory, ${count(all, 'error')} errors`);
process.exitCode = count(all, 'wrong') + count(all, 'error') > 0 ? 1 : 0;
