/**
 * `npm run bench`: runs `vigil check` on every corpus model with a known verdict, each in its own
 * process, and prints a table (verdict, wall time, solver checks) with a summary that compares the
 * answers with the manifest. A wrong verdict makes the run exit 1.
 *
 * For AIGER circuits it also records the child's peak memory (through `/usr/bin/time`) and SAT
 * calls, and, when ABC is installed (Debian's `berkeley-abc`), runs ABC's `pdr` on the same circuit
 * with the same time limit (ABC reads binary AIGER only: the circuit is written to a temporary
 * `.aig`; `&r` is its reader that honours uninitialised latches).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { parseAiger } from '../lang/grammar/aiger.js';
import { aigFromFile } from '../formalisms/aig.js';
import { binaryAiger } from './aiger-binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = `${ROOT}../shared/benchmarks/`;
const BIN = `${ROOT}dist/cli/main.js`;

interface Row { path: string; formalism: string; expected: string }
interface Abc { verdict: string; wallMs: number }
interface Result {
  row: Row; verdict: string; reason: string; wallMs: number; checks: number; bound: number | undefined;
  /** AIGER only: peak resident memory of the child, SAT calls, and ABC's pdr on the same circuit. */
  peakMb?: number; satCalls?: number; abc?: Abc;
}

const opts = new Command('bench')
  .option('--algorithm <name>', 'algorithm to run', 'bmc')
  .option('--bound <k>', 'BMC bound', '50')
  .option('--timeout <s>', 'time limit per model, seconds', '60')
  .option('--jobs <n>', 'models checked at once', '2')
  .option('--suite <text>', 'only models whose path contains this text', '')
  .parse()
  .opts<{ algorithm: string; bound: string; timeout: string; jobs: string; suite: string }>();

const TIME = '/usr/bin/time';
const hasTime = spawnSync(TIME, ['-f', '%M', 'true']).status === 0;
const ABC = ['berkeley-abc', 'abc'].find((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status === 0);
const scratch = mkdtempSync(join(tmpdir(), 'vigil-bench-'));

function runOne(row: Row): Promise<Result> {
  const started = Date.now();
  const args = [BIN, 'check', CORPUS + row.path, '--algorithm', opts.algorithm, '--bound', opts.bound, '--timeout', opts.timeout, '--json', '--quiet'];
  const measured = row.formalism === 'aiger' && hasTime;
  const [cmd, argv] = measured ? [TIME, ['-f', 'peak-kb %M', process.execPath, ...args]] : [process.execPath, args];
  return new Promise((done) => {
    execFile(cmd, argv, { maxBuffer: 1 << 28, timeout: (Number(opts.timeout) + 60) * 1000 }, (err, stdout, stderr) => {
      const wallMs = Date.now() - started;
      const peak = /peak-kb (\d+)/.exec(stderr);
      const peakMb = peak ? Number(peak[1]) / 1024 : undefined;
      try {
        const j = JSON.parse(stdout) as { verdict: string; reason?: string; statistics: { solverChecks: number; bound?: number; satCalls?: number } };
        done({
          row, verdict: j.verdict, reason: j.reason ?? '', wallMs, checks: j.statistics.solverChecks, bound: j.statistics.bound, peakMb,
          satCalls: row.formalism === 'aiger' ? j.statistics.satCalls ?? j.statistics.solverChecks : undefined,
        });
      } catch {
        done({ row, verdict: 'error', reason: (stderr || String(err)).split('\n')[0]!, wallMs, checks: 0, bound: undefined, peakMb });
      }
    });
  });
}

/** ABC's pdr on the circuit, with the same time limit. */
function runAbc(row: Row): Promise<Abc> {
  const file = join(scratch, `${row.path.replace(/[^A-Za-z0-9_.-]/g, '_')}.aig`);
  writeFileSync(file, binaryAiger(aigFromFile(parseAiger(readFileSync(CORPUS + row.path), row.path))));
  const started = Date.now();
  return new Promise((done) => {
    execFile(ABC!, ['-c', `&r ${file}; &put; pdr -T ${opts.timeout}`], { timeout: (Number(opts.timeout) + 30) * 1000 }, (_err, stdout) => {
      const verdict = /Property proved/.test(stdout) ? 'safe' : /was asserted in frame/.test(stdout) ? 'unsafe' : 'unknown';
      done({ verdict, wallMs: Date.now() - started });
    });
  });
}

const rows = (parse(readFileSync(CORPUS + 'manifest.csv', 'utf8'), { columns: true }) as Row[])
  .filter((r) => r.expected !== 'unknown' && r.path.includes(opts.suite));
const results: Result[] = [];
let next = 0;
await Promise.all(Array.from({ length: Number(opts.jobs) }, async () => {
  while (next < rows.length) {
    const row = rows[next++]!;
    const r = await runOne(row);
    if (ABC && row.formalism === 'aiger') r.abc = await runAbc(row);
    results.push(r);
    process.stderr.write(`${r.row.path}: ${r.verdict} ${(r.wallMs / 1000).toFixed(1)} s\n`);
  }
}));
results.sort((a, b) => a.row.path.localeCompare(b.row.path));

const wrong = results.filter((r) => (r.verdict === 'safe' || r.verdict === 'unsafe') && r.verdict !== r.row.expected);
const aiger = results.some((r) => r.row.formalism === 'aiger');
const abcHead = aiger ? ` peak MB | SAT calls |${ABC ? ' ABC pdr | ABC s |' : ''}` : '';
console.log(`| model | expected | verdict | wall s | solver checks | bound reached |${abcHead}`);
console.log(`|---|---|---|---:|---:|---:|${aiger ? `---:|---:|${ABC ? '---|---:|' : ''}` : ''}`);
for (const r of results) {
  const v = r.verdict === 'unknown' ? `unknown (${r.reason})` : r.verdict;
  const extra = !aiger ? '' : ` ${r.peakMb?.toFixed(0) ?? ''} | ${r.satCalls ?? ''} |`
    + (ABC ? ` ${r.abc?.verdict ?? ''} | ${r.abc ? (r.abc.wallMs / 1000).toFixed(2) : ''} |` : '');
  console.log(`| ${r.row.path} | ${r.row.expected} | ${v} | ${(r.wallMs / 1000).toFixed(2)} | ${r.checks} | ${r.bound ?? ''} |${extra}`);
}
const count = (p: (r: Result) => boolean) => results.filter(p).length;
console.log(`\n${opts.algorithm}, bound ${opts.bound}, timeout ${opts.timeout} s: ${results.length} models; `
  + `unsafe found ${count((r) => r.verdict === 'unsafe' && r.row.expected === 'unsafe')} of ${count((r) => r.row.expected === 'unsafe')}; `
  + `safe proved ${count((r) => r.verdict === 'safe' && r.row.expected === 'safe')} of ${count((r) => r.row.expected === 'safe')}; `
  + `unknown ${count((r) => r.verdict === 'unknown')}; errors ${count((r) => r.verdict === 'error')}; wrong ${wrong.length}; `
  + `total wall ${(results.reduce((s, r) => s + r.wallMs, 0) / 1000).toFixed(1)} s`);
if (ABC && aiger) {
  const abcRows = results.filter((r) => r.abc);
  const solved = (p: (r: Result) => string | undefined) => abcRows.filter((r) => p(r) === 'safe' || p(r) === 'unsafe').length;
  const abcWrong = abcRows.filter((r) => (r.abc!.verdict === 'safe' || r.abc!.verdict === 'unsafe') && r.abc!.verdict !== r.row.expected).length;
  console.log(`ABC pdr (${ABC}) on the same ${abcRows.length} circuits: solved ${solved((r) => r.abc!.verdict)} (wrong ${abcWrong}); `
    + `vigil ${opts.algorithm} solved ${solved((r) => r.verdict)}`);
}
process.exitCode = wrong.length > 0 || results.some((r) => r.verdict === 'error') ? 1 : 0;
