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
 * The output is Markdown tables of correct, wrong, unknown, timeouts, errors and CPU time over the
 * runs in the file: per level of each factor (domain with refinement, search, granularity,
 * splitting), then per configuration. The exit code is 1 if any verdict is wrong or any run ended
 * in an error. `--limit N` runs only the first N configurations; `--suite TEXT` keeps the models
 * whose path contains TEXT; `--no-run` only prints the tables; `--queue redis://HOST:PORT` runs
 * the missing runs through the job queue of `vigil worker` processes (bench/queue/), which use
 * long-lived runners for them as well.
 */
import { Command } from 'commander';
import { DOMAINS, GRANULARITIES, PRED_SPLITS, REFINEMENTS, admits } from '../cegar/config.js';
import { SEARCHES } from '../cegar/search.js';
import { parseConfig, type RunConfig } from './configs.js';
import { RunnerPool } from './batch.js';
import { runBench } from './harness.js';
import { readResults, type ResultRow } from './results.js';
import { suiteModels } from './suite.js';
import { progressWriter } from './queue/progress.js';

const opts = new Command('bench')
  .option('--matrix', 'run the configuration matrix')
  .option('--timeout <s>', 'time limit per model and configuration, seconds', '10')
  .option('--jobs <n>', 'runs at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .option('--limit <n>', 'only the first n configurations', '')
  .option('--out <file.csv>', 'the results CSV (resumed when it exists)', 'docs/bench/matrix.csv')
  .option('--queue <redis://host:port[/db]>', 'run through a Redis job queue served by `vigil worker` processes (bench/queue/)')
  .option('--no-run', 'only print the tables of what the results CSV holds')
  .parse()
  .opts<{ timeout: string; jobs: string; suite: string; limit: string; out: string; queue?: string; run: boolean }>();

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
const progress = progressWriter(process.stderr);
const onResult = (r: ResultRow, done: number, total: number): void => {
  if (r.status === 'wrong') progress.line(`WRONG: ${r.model} ${r.config}: ${r.result}`);
  if (done % 100 === 0 || done === total) progress.line(`${done}/${total} runs`);
};
if (opts.run && opts.queue !== undefined) {
  const { runQueued } = await import('./queue/coordinator.js');
  const { QueueError } = await import('./queue/connection.js');
  try {
    const { failed } = await runQueued({ models, configs, out: opts.out, queue: opts.queue, launch: 'runner', limits: { timeoutS: Number(opts.timeout) }, onResult, onProgress: progress.status });
    progress.end();
    for (const f of failed) process.stderr.write(`failed in the queue: ${f.config} ${f.model}: ${f.reason}\n`);
  } catch (e) {
    if (!(e instanceof QueueError)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  }
} else if (opts.run) {
  const pool = new RunnerPool();
  await runBench({ models, configs, jobs: Number(opts.jobs), out: opts.out, launch: pool.launch, limits: { timeoutS: Number(opts.timeout) }, onResult });
  pool.close();
}

const planned = new Map(configs.map((c) => [c.name, c]));
const rows = readResults(opts.out).filter((r) => planned.has(r.config) && models.some((m) => m.name === r.model));
const count = (rs: readonly ResultRow[], s: string) => rs.filter((r) => r.status === s).length;

/** One table: a line per group of runs (a configuration, or one level of a factor). */
function table(title: string, groups: ReadonlyMap<string, readonly ResultRow[]>, planned: (key: string) => number): void {
  console.log(`\n| ${title} | runs | correct | wrong | unknown | timeout | error | CPU s |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
  for (const [key, rs] of groups) {
    const cpu = rs.reduce((s, r) => s + Number(r.timems), 0) / 1000;
    console.log(`| ${key} | ${rs.length}/${planned(key)} | ${count(rs, 'correct')} | ${count(rs, 'wrong')} | ${count(rs, 'unknown')} | ${count(rs, 'timeout')} | ${count(rs, 'error')} | ${cpu.toFixed(1)} |`);
  }
}

/** The runs grouped by a key of their configuration, in the matrix's order, with how many runs each group plans. */
function byKey(key: (c: RunConfig) => string): [Map<string, ResultRow[]>, (k: string) => number] {
  const groups = new Map<string, ResultRow[]>(configs.map((c) => [key(c), []]));
  for (const r of rows) groups.get(key(planned.get(r.config)!))!.push(r);
  const sizes = new Map<string, number>();
  for (const c of configs) sizes.set(key(c), (sizes.get(key(c)) ?? 0) + models.length);
  return [groups, (k) => sizes.get(k)!];
}

const o = (n: string) => (c: RunConfig) => c.options[n as keyof RunConfig['options']] ?? '-';
table('domain, refinement', ...byKey((c) => `${o('domain')(c)} ${o('refinement')(c)}`));
table('search', ...byKey(o('search')));
table('precision granularity', ...byKey(o('precgranularity')));
table('predicate splitting', ...byKey(o('predsplit')));
table('configuration', ...byKey((c) => c.name));
console.log(`\n${rows.length} runs of ${configs.length * models.length} in ${opts.out}: ${count(rows, 'correct')} correct, ${count(rows, 'wrong')} wrong, `
  + `${count(rows, 'unknown')} unknown, ${count(rows, 'timeout')} timeouts, ${count(rows, 'memout')} out of memory, ${count(rows, 'error')} errors`);
process.exitCode = count(rows, 'wrong') + count(rows, 'error') > 0 ? 1 : 0;
