/**
 * `npm run bench:reports`: the HTML report of every corpus model with a known verdict, as a
 * campaign writes them (`vigil bench --reports`, the default configuration, one run at a time), and
 * what they cost: each report's size, and for the largest ones the time to write them (the report
 * built from the certified run, rendered and written, measured in-process on a second check of the
 * model, the median of three writes). Every report is then opened in headless Chromium (Debian's,
 * driven by playwright-core, a development dependency), which must log no console error and ask
 * for nothing. Writes `reports.csv` and `README.md` (the table, with the machine's load) to --out.
 *
 * Options: --timeout SECONDS per run (default 60), --out DIR (default docs/bench/report), --largest N
 * (the reports whose write is timed, default 5).
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import type * as Playwright from 'playwright-core';
import { loadProblem } from '../formalisms/frontends/index.js';
import type { Checked } from '../formalisms/problem.js';
import { offerOf } from '../engines/engine.js';
import { engineFor } from '../engines/registry.js';
import { shutdown } from '../lang/smt/context.js';
import { checkProperty, plan } from '../cli/check.js';
import { ENGINE_CONTEXT } from '../cli/engine-context.js';
import { report, summarize } from '../cli/render.js';
import { buildReport } from '../cli/report/build.js';
import { reportHtml } from '../cli/report/page.js';
import { ProgressLog } from '../cli/report/progress-log.js';
import { VERSION, type CheckOptions, type Header } from '../cli/protocol.js';
import { parseConfig } from './configs.js';
import { runBench } from './harness.js';
import { suiteModels, type Model } from './suite.js';

const opts = new Command('bench:reports')
  .option('--timeout <s>', 'time limit per run, seconds', '60')
  .option('--out <dir>', 'where reports.csv and README.md go', 'docs/bench/report')
  .option('--largest <n>', 'how many of the largest reports have their write timed', '5')
  .parse()
  .opts<{ timeout: string; out: string; largest: string }>();

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();
const scratch = mkdtempSync(join(tmpdir(), 'vigil-reports-'));
const models = suiteModels(undefined);
process.stderr.write(`${models.length} models with a known verdict; reports in ${scratch}\n`);
const rows = await runBench({
  models, configs: [parseConfig('default')], jobs: 1, reports: scratch,
  limits: { timeoutS: Number(opts.timeout) },
  onResult: (r, done, total) => process.stderr.write(`[${done}/${total}] ${r.model}: ${r.result || r.status} ${(Number(r.walltimems) / 1000).toFixed(1)} s\n`),
});
const written = rows.filter((r) => r.report !== '').map((r) => ({ row: r, bytes: statSync(r.report).size }));

/** The time to build, render and write the report of a second, in-process check of the model (ms, median of three writes). */
async function writeTime(model: Model): Promise<{ ms: number; bytes: number }> {
  const problem = await loadProblem(model.file);
  const options: CheckOptions = { timeout: Number(opts.timeout), settings: {}, outputs: {}, ...(model.property ? { property: model.property } : {}) };
  const planned = plan(problem, options, false).plan;
  const property = problem.properties.find((p) => p.name === planned.properties[0])!;
  const task = problem.task(property);
  const spec = engineFor(offerOf(task), planned.engine);
  const engine = await spec.create({}, ENGINE_CONTEXT);
  const log = new ProgressLog();
  const deadline = Date.now() + Number(opts.timeout) * 1000;
  const result = await checkProperty(problem, property, spec, engine, {}, { deadline }, { progress: (p) => log.add(p, property.name), note: () => {} });
  const checked: Checked[] = [{ property, result }];
  const header: Header = { file: model.file, formalism: problem.formalism, algorithm: spec.name, options: { timeout: Number(opts.timeout), ...engine.configuration(task) }, properties: [property.name] };
  const times: number[] = [];
  let bytes = 0;
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    const html = await reportHtml(buildReport(problem, checked, summarize([report(property, result)]), { version: VERSION, header, progress: log }));
    writeFileSync(join(scratch, 'timed.html'), html);
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(html);
  }
  await shutdown();
  return { ms: times.sort((a, b) => a - b)[1]!, bytes };
}

const largest = [...written].sort((a, b) => b.bytes - a.bytes).slice(0, Number(opts.largest));
const timed = new Map<string, { ms: number; bytes: number }>();
for (const w of largest) timed.set(w.row.model, await writeTime(models.find((m) => m.name === w.row.model)!));

const { chromium } = await import('playwright-core') as typeof Playwright;
const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-')), {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const opened = new Map<string, { errors: number; requests: number }>();
for (const w of written) {
  const page = await browser.newPage();
  const self = pathToFileURL(w.row.report).href;
  let errors = 0;
  let requests = 0;
  page.on('console', (m) => { if (m.type() === 'error') errors++; });
  page.on('pageerror', () => { errors++; });
  page.on('request', (r) => { if (r.url() !== self) requests++; });
  await page.goto(self);
  await page.close();
  opened.set(w.row.model, { errors, requests });
}
await browser.close();

mkdirSync(opts.out, { recursive: true });
const table = written.map((w) => ({
  model: w.row.model, expected: w.row.expected, result: w.row.result || w.row.status, bytes: w.bytes,
  writeMs: timed.get(w.row.model)?.ms.toFixed(0) ?? '', consoleErrors: opened.get(w.row.model)!.errors, requests: opened.get(w.row.model)!.requests,
}));
writeFileSync(join(opts.out, 'reports.csv'), stringify(table, { header: true }));
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const sizes = written.map((w) => w.bytes).sort((a, b) => a - b);
const md = [
  '# Size of the HTML reports, and the time to write them',
  '',
  `\`npm run bench:reports\` (bench/report-sizes.ts) with Vigil ${VERSION}: the default configuration on the ${models.length} corpus models with a known verdict, ${opts.timeout} s each, one run at a time, each writing its report (\`vigil bench --reports\`); ${written.length} reports written (runs that answered UNKNOWN write one too).`,
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; load average (1, 5, 15 min) ${loadBefore} before the campaign and ${load()} after it (other sessions share the machine).`,
  '',
  `Sizes: median ${kb(sizes[Math.floor(sizes.length / 2)] ?? 0)}, largest ${kb(sizes.at(-1) ?? 0)}. Opened in headless Chromium: ${table.filter((t) => t.consoleErrors === 0 && t.requests === 0).length} of ${table.length} reports without a console error and without a request.`,
  '',
  'The largest reports, and the time to build, render and write each (median of three writes, in-process, after a second check of the model):',
  '',
  '| model | verdict | size | write time |',
  '| --- | --- | ---: | ---: |',
  ...largest.map((w) => `| ${w.row.model} | ${w.row.result || w.row.status} | ${kb(w.bytes)} | ${timed.get(w.row.model)!.ms.toFixed(0)} ms |`),
  '',
  'Every report: reports.csv.',
  '',
];
writeFileSync(join(opts.out, 'README.md'), md.join('\n'));
process.stdout.write(`${md.join('\n')}\n`);
