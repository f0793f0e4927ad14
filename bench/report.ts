/**
 * `vigil report results.csv --out DIR`: the heatmap of configurations by categories (with the
 * virtual best), the cactus plot of every configuration and peer, and the scatter plot of two
 * configurations, each as SVG and PNG, the table of `vigil table` as `table.md`, and an `index.html`
 * that shows them with the run counts and every run, linked to its HTML report where the bench
 * wrote one (`vigil bench --reports`). The page has the look of those reports (cli/report/style.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { escapeHtml, htmlPage } from '../cli/report/style.js';
import { cactusSpec, heatmapSpec, scatterSpec, toPng, toSvg } from './charts.js';
import { readResults, STATUSES, type ResultRow } from './results.js';
import { ReportError } from './errors.js';
import { solvedTable } from './table.js';
import { cactusPoints, categoriesOf, configsOf, heatmapCells, scatterPoints, VIRTUAL_BEST } from './summary.js';


export interface ReportOptions {
  readonly out: string;
  /** The two configurations of the scatter plot; default the first two. */
  readonly scatter?: readonly [string, string];
  readonly title?: string;
}

/** Runs per configuration and status, for the page's table. */
function statusTable(rows: readonly ResultRow[]): string {
  const head = `<tr><th>configuration</th>${STATUSES.map((s) => `<th>${s}</th>`).join('')}</tr>`;
  const body = configsOf(rows).map((c) => {
    const mine = rows.filter((r) => r.config === c);
    return `<tr><td>${escapeHtml(c)}</td>${STATUSES.map((s) => `<td>${mine.filter((r) => r.status === s).length}</td>`).join('')}</tr>`;
  });
  return `<table>${head}${body.join('')}</table>`;
}

/** Every run: model, configuration, status and times, linked to its report when it has one. */
function runTable(rows: readonly ResultRow[], out: string): string {
  const link = (r: ResultRow) => (r.report && existsSync(r.report) ? `<a href="${escapeHtml(relative(resolve(out), resolve(r.report)).split('\\').join('/'))}">report</a>` : '');
  const body = rows.map((r) => `<tr><td>${escapeHtml(r.model)}</td><td>${escapeHtml(r.config)}</td><td>${escapeHtml(r.expected)}</td>`
    + `<td><span class="verdict ${escapeHtml(r.status)}">${escapeHtml(r.status)}</span></td><td>${escapeHtml(r.result)}${r.reason ? ` <span class="muted">(${escapeHtml(r.reason)})</span>` : ''}</td>`
    + `<td class="num">${(Number(r.timems) / 1000).toFixed(2)}</td><td class="num">${(Number(r.walltimems) / 1000).toFixed(2)}</td><td>${link(r)}</td></tr>`);
  return `<details class="runs"${rows.length <= 200 ? ' open' : ''}><summary>Every run (${rows.length})</summary><table><thead><tr><th>model</th><th>configuration</th><th>expected</th><th>status</th><th>result</th>`
    + `<th class="num">CPU s</th><th class="num">wall s</th><th>report</th></tr></thead><tbody>${body.join('')}</tbody></table></details>`;
}

/** Writes the charts and the page; returns the written files. */
export async function writeReport(csv: string, o: ReportOptions): Promise<string[]> {
  if (!existsSync(csv)) throw new ReportError(`${csv}: no such results file`);
  const rows = readResults(csv);
  if (rows.length === 0) throw new ReportError(`${csv}: no results yet`);
  const configs = configsOf(rows);
  const [a, b] = o.scatter ?? [configs[0]!, configs[1] ?? configs[0]!];
  for (const c of [a, b]) if (!configs.includes(c)) throw new ReportError(`--scatter: no configuration '${c}' in ${csv} (there are: ${configs.join(', ')})`);
  mkdirSync(o.out, { recursive: true });
  const title = o.title ?? basename(csv);
  const charts = {
    heatmap: heatmapSpec(heatmapCells(rows), [...configs, VIRTUAL_BEST], categoriesOf(rows), title),
    cactus: cactusSpec(cactusPoints(rows), configs),
    scatter: scatterSpec(scatterPoints(rows, a, b), a, b),
  };
  const written: string[] = [];
  for (const [name, spec] of Object.entries(charts)) {
    const svg = await toSvg(spec);
    writeFileSync(join(o.out, `${name}.svg`), svg);
    writeFileSync(join(o.out, `${name}.png`), toPng(svg));
    written.push(join(o.out, `${name}.svg`), join(o.out, `${name}.png`));
  }
  writeFileSync(join(o.out, 'table.md'), `${solvedTable(rows)}\n`);
  written.push(join(o.out, 'table.md'));
  const wrong = rows.filter((r) => r.status === 'wrong');
  const body = `<header class="page"><h1>${escapeHtml(title)}</h1>
<p>${rows.length} runs of ${configs.length} configurations on ${new Set(rows.map((r) => r.model)).size} models
(version ${escapeHtml([...new Set(rows.filter((r) => r.tool === 'vigil').map((r) => r.version))].join(', '))}); wrong verdicts: ${wrong.length}${wrong.length ? ` (${wrong.map((r) => escapeHtml(`${r.config} on ${r.model}`)).join('; ')})` : ''}.</p></header>
<main>${statusTable(rows)}
<h2>Configurations by categories</h2><img src="heatmap.svg" alt="heatmap">
<h2>Cactus plot</h2><img src="cactus.svg" alt="cactus plot">
<h2>${escapeHtml(a)} against ${escapeHtml(b)}</h2><img src="scatter.svg" alt="scatter plot">
<h2>Runs</h2>${runTable(rows, o.out)}</main>`;
  const html = htmlPage({ title, style: 'main{max-width:1400px}img{max-width:100%;margin:1em 0}', body });
  writeFileSync(join(o.out, 'index.html'), html);
  written.push(join(o.out, 'index.html'));
  return written;
}
