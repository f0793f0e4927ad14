/**
 * `npm run bench`: runs `vigil check` on every corpus model with a known verdict, each in its own
 * process, and prints a table (verdict, wall time, solver checks) with a summary that compares the
 * answers with the manifest. A wrong verdict makes the run exit 1.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = `${ROOT}../shared/benchmarks/`;
const BIN = `${ROOT}dist/cli/main.js`;

interface Row { path: string; formalism: string; expected: string }
interface Result { row: Row; verdict: string; reason: string; wallMs: number; checks: number; bound: number | undefined }

const opts = new Command('bench')
  .option('--algorithm <name>', 'algorithm to run', 'bmc')
  .option('--bound <k>', 'BMC bound', '50')
  .option('--timeout <s>', 'time limit per model, seconds', '60')
  .option('--jobs <n>', 'models checked at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .parse()
  .opts<{ algorithm: string; bound: string; timeout: string; jobs: string; suite: string }>();

function runOne(row: Row): Promise<Result> {
  const started = Date.now();
  const args = [BIN, 'check', CORPUS + row.path, '--algorithm', opts.algorithm, '--bound', opts.bound, '--timeout', opts.timeout, '--json'];
  return new Promise((done) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 28, timeout: (Number(opts.timeout) + 60) * 1000 }, (err, stdout, stderr) => {
      const wallMs = Date.now() - started;
      try {
        const j = JSON.parse(stdout) as { verdict: string; reason?: string; statistics: { solverChecks: number; bound?: number } };
        done({ row, verdict: j.verdict, reason: j.reason ?? '', wallMs, checks: j.statistics.solverChecks, bound: j.statistics.bound });
      } catch {
        done({ row, verdict: 'error', reason: (stderr || String(err)).split('\n')[0]!, wallMs, checks: 0, bound: undefined });
      }
    });
  });
}

const rows = (parse(readFileSync(CORPUS + 'manifest.csv', 'utf8'), { columns: true }) as Row[])
  .filter((r) => r.expected !== 'unknown' && r.path.includes(opts.suite));
const results: Result[] = [];
let next = 0;
await Promise.all(Array.from({ length: Number(opts.jobs) }, async () => {
  while (next < rows.length) {
    const r = await runOne(rows[next++]!);
    results.push(r);
    process.stderr.write(`${r.row.path}: ${r.verdict} ${(r.wallMs / 1000).toFixed(1)} s\n`);
  }
}));
results.sort((a, b) => a.row.path.localeCompare(b.row.path));

const wrong = results.filter((r) => (r.verdict === 'safe' || r.verdict === 'unsafe') && r.verdict !== r.row.expected);
console.log(`| model | expected | verdict | wall s | solver checks | bound reached |`);
console.log(`|---|---|---|---:|---:|---:|`);
for (const r of results) {
  const v = r.verdict === 'unknown' ? `unknown (${r.reason})` : r.verdict;
  console.log(`| ${r.row.path} | ${r.row.expected} | ${v} | ${(r.wallMs / 1000).toFixed(2)} | ${r.checks} | ${r.bound ?? ''} |`);
}
const count = (p: (r: Result) => boolean) => results.filter(p).length;
console.log(`\n${opts.algorithm}, bound ${opts.bound}, timeout ${opts.timeout} s: ${results.length} models; `
  + `unsafe found ${count((r) => r.verdict === 'unsafe' && r.row.expected === 'unsafe')} of ${count((r) => r.row.expected === 'unsafe')}; `
  + `safe proved ${count((r) => r.verdict === 'safe' && r.row.expected === 'safe')} of ${count((r) => r.row.expected === 'safe')}; `
  + `unknown ${count((r) => r.verdict === 'unknown')}; errors ${count((r) => r.verdict === 'error')}; wrong ${wrong.length}; `
  + `total wall ${(results.reduce((s, r) => s + r.wallMs, 0) / 1000).toFixed(1)} s`);
process.exitCode = wrong.length > 0 || results.some((r) => r.verdict === 'error') ? 1 : 0;
