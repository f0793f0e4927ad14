/**
 * `npm run bench`: one algorithm on the corpus models with known verdicts, through the bench
 * harness (each run in its own process, time and peak memory measured by the OS), printed as a
 * table with a summary that compares the answers with the manifest. On AIGER circuits ABC's `pdr`
 * (Debian's `berkeley-abc`) runs beside it, when installed, with the same limits. A wrong verdict
 * makes the run exit 1. `--out FILE` also keeps the results CSV (and resumes from it).
 */
import { Command } from 'commander';
import { parseConfig, type RunConfig } from './configs.js';
import { ENGINES } from '../engines/registry.js';
import { runBench } from './harness.js';
import { ABC } from './task.js';
import { readResults, type ResultRow } from './results.js';
import { suiteModels } from './suite.js';

const opts = new Command('bench')
  .option('--algorithm <name>', 'algorithm to run', 'bmc')
  .option('--bound <k>', 'BMC bound', '50')
  .option('--timeout <s>', 'time limit per model, seconds', '60')
  .option('--memory <MB>', 'memory limit per run, MB')
  .option('--jobs <n>', 'runs at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .option('--out <file.csv>', 'also write the results CSV')
  .parse()
  .opts<{ algorithm: string; bound: string; timeout: string; memory?: string; jobs: string; suite: string; out?: string }>();

const models = suiteModels(undefined).filter((m) => m.name.includes(opts.suite));
const bounded = ENGINES.some((e) => e.name === opts.algorithm && e.options.some((o) => o.name === 'bound'));
const vigil = parseConfig(JSON.stringify({ name: opts.algorithm, algorithm: opts.algorithm, ...(bounded ? { bound: opts.bound } : {}) }));
const configs: RunConfig[] = [vigil, ...(ABC !== undefined && models.some((m) => m.formalism === 'aiger') ? [parseConfig('abc-pdr')] : [])];
const sitting = await runBench({
  models, configs, jobs: Number(opts.jobs), ...(opts.out ? { out: opts.out } : {}),
  limits: { timeoutS: Number(opts.timeout), ...(opts.memory ? { memoryMb: Number(opts.memory) } : {}) },
  onResult: (r) => process.stderr.write(`${r.config} ${r.model}: ${r.result || r.status} ${(Number(r.walltimems) / 1000).toFixed(1)} s\n`),
});

// A resumed bench reports every run in the file, not only this sitting's.
const modelNames = new Set(models.map((m) => m.name));
const rows = (opts.out ? readResults(opts.out) : sitting).filter((r) => modelNames.has(r.model));
const mine = rows.filter((r) => r.config === vigil.name).sort((a, b) => a.model.localeCompare(b.model));
const abc = new Map(rows.filter((r) => r.tool === 'abc-pdr').map((r) => [r.model, r]));
const secs = (ms: string) => (Number(ms) / 1000).toFixed(2);
const verdict = (r: ResultRow) => (r.status === 'timeout' || r.status === 'memout' || r.status === 'error' ? r.status : r.result === 'unknown' ? `unknown (${r.reason})` : r.result);
const withAbc = abc.size > 0;
console.log(`| model | expected | verdict | wall s | CPU s | peak MB | solver/SAT calls |${withAbc ? ' ABC pdr | ABC s |' : ''}`);
console.log(`|---|---|---|---:|---:|---:|---:|${withAbc ? '---|---:|' : ''}`);
for (const r of mine) {
  const a = abc.get(r.model);
  const peer = !withAbc ? '' : ` ${a ? verdict(a) : ''} | ${a ? secs(a.walltimems) : ''} |`;
  console.log(`| ${r.model} | ${r.expected} | ${verdict(r)} | ${secs(r.walltimems)} | ${secs(r.timems)} | ${(Number(r.memory) / 2 ** 20).toFixed(0)} | ${r.solvercalls} |${peer}`);
}
const count = (rs: ResultRow[], p: (r: ResultRow) => boolean) => rs.filter(p).length;
const solved = (rs: ResultRow[]) => count(rs, (r) => r.status === 'correct');
const wrong = (rs: ResultRow[]) => count(rs, (r) => r.status === 'wrong');
console.log(`\n${opts.algorithm}, bound ${opts.bound}, timeout ${opts.timeout} s: ${mine.length} models; `
  + `unsafe found ${count(mine, (r) => r.status === 'correct' && r.expected === 'unsafe')} of ${count(mine, (r) => r.expected === 'unsafe')}; `
  + `safe proved ${count(mine, (r) => r.status === 'correct' && r.expected === 'safe')} of ${count(mine, (r) => r.expected === 'safe')}; `
  + `unknown ${count(mine, (r) => r.status === 'unknown')}; timeout ${count(mine, (r) => r.status === 'timeout')}; `
  + `out of memory ${count(mine, (r) => r.status === 'memout')}; errors ${count(mine, (r) => r.status === 'error')}; wrong ${wrong(mine)}; `
  + `total wall ${(mine.reduce((s, r) => s + Number(r.walltimems), 0) / 1000).toFixed(1)} s`);
if (withAbc) {
  const peers = [...abc.values()];
  console.log(`ABC pdr on the same ${peers.length} circuits: solved ${solved(peers)} (wrong ${wrong(peers)}); `
    + `vigil ${opts.algorithm} solved ${solved(mine.filter((r) => abc.has(r.model)))}`);
}
process.exitCode = wrong(mine) > 0 || mine.some((r) => r.status === 'error') ? 1 : 0;
