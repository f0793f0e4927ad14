/**
 * `npm run bench:liveness`: the liveness engines on the development circuits of
 * `../shared/benchmarks/liveness/` (AIGER justice properties), every justice property of every file,
 * each run in a process of its own with a time limit, checked as `vigil check` checks it (the
 * engine's passes, its result mapped back and certified: a lasso by aigsim's rule, a proof by the
 * liveness witness circuit check, which gets its own time beyond the run's). Writes one CSV row per run and a Markdown
 * table per family and per file, with the verdicts the manifest states (its `expected` column, or
 * `j0=safe j1=unsafe` in the notes of the files with several justice properties).
 *
 * Options: --timeout SECONDS per run (default 60); --engine NAME (repeatable; default `live`; any
 * engine line that applies to justice properties: `klive`, `lasso-bmc`, `ic3` or `kind` through
 * liveness-to-safety, ...);
 * --only TEXT (files whose path contains it); --dir the benchmark folder; --out the CSV (the table
 * goes next to it, same name, `.md`); --table NOTE writes only the table of that CSV, with NOTE on
 * the load. `--child FILE J ENGINE SECONDS` is the run itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { parseAiger } from '../formalisms/frontends/aiger/read.js';
import { loadProblem } from '../formalisms/frontends/index.js';
import type { Answer } from '../formalisms/problem.js';
import { answerOf } from '../formalisms/property-kinds.js';
import { offerOf } from '../engines/engine.js';
import { ENGINE_LINES, engineFor, passesFor } from '../engines/registry.js';
import { forwardAll } from '../engines/passes/pass.js';
import { certified } from '../cli/check.js';
import { ENGINE_CONTEXT } from '../cli/engine-context.js';
import { CertificateError } from '../certificates/check.js';

/** What a run prints: its verdict, times, the winning member of `live`, and its certificate's check. */
interface RunResult {
  readonly verdict: 'holds' | 'fails' | 'unknown';
  readonly wallS: number;
  readonly cpuS: number;
  readonly winner: string;
  readonly certificate: string;
  readonly detail: string;
}

/** How long the certificate check of a run may take beyond the run's own limit. */
const CHECK_SECONDS = 120;

async function child(path: string, j: number, line: string, seconds: number): Promise<RunResult> {
  const cpu = process.cpuUsage();
  const started = Date.now();
  const problem = await loadProblem(path);
  const property = problem.properties.find((p) => p.name === `j${j}`)!;
  const task = problem.task(property);
  const { name, settings } = ENGINE_LINES.parse(line);
  const spec = engineFor(offerOf(task), name);
  const engine = await spec.create(settings, ENGINE_CONTEXT);
  const mapped = await forwardAll(passesFor(spec, settings, task), task, ENGINE_CONTEXT);
  const found = await mapped.back(await engine.check(mapped.task, { deadline: started + seconds * 1000 }, { progress: () => {}, note: () => {} }));
  const wallS = (Date.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  let certificate = '';
  let r = found;
  if (found.verdict !== 'unknown') {
    try {
      r = await certified(problem, property, spec.name, found, Date.now() + CHECK_SECONDS * 1000);
      const kind = problem.claims(property, found as Answer)[0]!.kind;
      certificate = r.verdict === 'unknown' ? 'check out of time' : kind === 'lasso-witness' ? 'lasso replays' : `${kind} passes`;
    } catch (e) {
      if (!(e instanceof CertificateError)) throw e;
      certificate = e.message;
    }
  }
  const stats = found.stats;
  return {
    verdict: answerOf(found.verdict),
    wallS,
    cpuS: (used.user + used.system) / 1e6,
    winner: Object.keys(stats).filter((k) => k.startsWith('won.')).map((k) => k.slice(4)).join(' ') || line,
    certificate,
    detail: found.verdict === 'unknown' ? found.reason.detail : stats.k !== undefined ? `K = ${stats.k}` : '',
  };
}

interface ManifestRow {
  readonly path: string;
  readonly expected: string;
  readonly notes: string;
}

/** The verdict the manifest states for justice property `j` ('holds', 'fails' or ''). */
function stated(row: ManifestRow, j: number): string {
  const perProperty = new RegExp(`\\bj${j}=(safe|unsafe)\\b`).exec(row.notes)?.[1];
  const word = row.expected !== '' ? (j === 0 ? row.expected : '') : (perProperty ?? '');
  return word === 'safe' ? 'holds' : word === 'unsafe' ? 'fails' : '';
}

async function main(): Promise<void> {
  const opts = new Command('bench:liveness')
    .option('--timeout <s>', 'time limit per run, seconds', '60')
    .option('--engine <line>', 'an engine line that applies to justice properties (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--only <text>', 'only the files whose path contains it')
    .option('--dir <dir>', 'the benchmark folder', '../shared/benchmarks/liveness')
    .option('--out <csv>', 'the CSV to write', 'docs/bench/liveness/results.csv')
    .option('--child <args...>', 'run one check: FILE J ENGINE SECONDS')
    .option('--table <load>', 'only write the table of the CSV --out names, with this note on the load')
    .parse()
    .opts<{ timeout: string; engine: string[]; only?: string; dir: string; out: string; child?: string[]; table?: string }>();
  if (opts.table !== undefined) {
    const rows = parse(readFileSync(opts.out), { columns: true }) as Record<string, string>[];
    writeFileSync(opts.out.replace(/\.csv$/, '.md'), table(rows, Number(opts.timeout), opts.table));
    return;
  }
  if (opts.child) {
    const [path, j, engine, seconds] = opts.child as [string, string, string, string];
    process.stdout.write(`${JSON.stringify(await child(path, Number(j), engine, Number(seconds)))}\n`);
    return;
  }
  const engines = opts.engine.length ? opts.engine : ['live'];
  const timeout = Number(opts.timeout);
  const manifest = parse(readFileSync(join(opts.dir, 'manifest.csv')), { columns: true }) as ManifestRow[];
  const self = fileURLToPath(import.meta.url);
  const rows: Record<string, string | number>[] = [];
  const loadBefore = loadavg()[0]!.toFixed(2);
  for (const m of manifest.filter((r) => !opts.only || r.path.includes(opts.only))) {
    const path = join(opts.dir, m.path);
    const justice = parseAiger(readFileSync(path), path).justice.length;
    for (let j = 0; j < justice; j++) {
      for (const engine of engines) {
        const r = spawnSync(process.execPath, ['--max-old-space-size=4096', self, '--child', path, String(j), engine, String(timeout)], {
          encoding: 'utf8', timeout: (timeout + CHECK_SECONDS + 30) * 1000, maxBuffer: 1 << 26,
        });
        const line = r.stdout?.trim().split('\n').pop() ?? '';
        const result: RunResult = r.status === 0 && line.startsWith('{')
          ? JSON.parse(line) as RunResult
          : { verdict: 'unknown', wallS: NaN, cpuS: NaN, winner: '', certificate: '', detail: r.error ? 'killed at the hard limit' : `exit ${r.status}: ${(r.stderr ?? '').trim().split('\n').pop()}` };
        const expected = stated(m, j);
        const wrong = expected !== '' && result.verdict !== 'unknown' && result.verdict !== expected;
        const certified = result.verdict === 'unknown' || /passes|replays/.test(result.certificate);
        rows.push({
          path: m.path, family: m.path.split('/')[0]!, property: `j${j}`, engine, expected, verdict: result.verdict,
          wrong: wrong ? 'WRONG' : '', time_s: result.wallS.toFixed(2), cpu_s: result.cpuS.toFixed(2), winner: result.winner,
          certificate: certified ? result.certificate : `FAILED: ${result.certificate}`, detail: result.detail,
        });
        process.stderr.write(`${m.path} j${j} ${engine}: ${result.verdict}${expected ? ` (stated ${expected})` : ''} ${result.wallS.toFixed(1)} s ${result.certificate} ${result.detail}\n`);
      }
    }
  }
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, stringify(rows, { header: true }));
  writeFileSync(opts.out.replace(/\.csv$/, '.md'), table(rows, timeout, `load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after`));
}

/** The Markdown summary: per engine and family, then per run. */
function table(rows: readonly Record<string, string | number>[], timeout: number, load: string): string {
  const out = [`# Liveness engines on the development circuits, ${timeout} s per justice property`, '', `Measured on 2 shared cores (${load}); one process per run.`, ''];
  out.push('| engine | family | properties | decided | holds | fails | unknown | stated | agrees | wrong | CPU s | winners |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const groups = new Map<string, Record<string, string | number>[]>();
  for (const r of rows) {
    const key = `${r.engine}|${r.family}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, rs] of groups) {
    const [engine, family] = key.split('|');
    const count = (p: (r: Record<string, string | number>) => boolean) => rs.filter(p).length;
    const cpu = rs.reduce((s, r) => s + (Number(r.cpu_s) || 0), 0);
    const wins = new Map<string, number>();
    for (const r of rs) if (r.verdict !== 'unknown') wins.set(String(r.winner), (wins.get(String(r.winner)) ?? 0) + 1);
    const winners = [...wins].map(([w, n]) => `${w} ${n}`).join(', ');
    out.push(`| ${engine} | ${family} | ${rs.length} | ${count((r) => r.verdict !== 'unknown')} | ${count((r) => r.verdict === 'holds')} | ${count((r) => r.verdict === 'fails')} | ${count((r) => r.verdict === 'unknown')} | ${count((r) => r.expected !== '')} | ${count((r) => r.expected !== '' && r.verdict === r.expected)} | ${count((r) => r.wrong !== '')} | ${cpu.toFixed(0)} | ${winners} |`);
  }
  out.push('', '| file | property | engine | stated | verdict | s | winner | certificate | detail |', '|---|---|---|---|---|---:|---|---|---|');
  for (const r of rows) out.push(`| ${r.path} | ${r.property} | ${r.engine} | ${r.expected} | ${r.verdict}${r.wrong ? ' **WRONG**' : ''} | ${r.time_s} | ${r.winner} | ${r.certificate} | ${r.detail} |`);
  return `${out.join('\n')}\n`;
}

await main();
