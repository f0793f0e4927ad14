/**
 * `vigil report results.csv --out DIR`: the heatmap of configurations by categories (with the
 * virtual best), the cactus plot of every configuration and peer, and the scatter plot of two
 * configurations, each as SVG and PNG, the table of `vigil table` as `table.md`, and an `index.html`
 * that shows them with the run counts.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
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
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:'DejaVu Sans',sans-serif;margin:2em;max-width:1400px}img{max-width:100%;margin:1em 0}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}td:first-child{text-align:left}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>${rows.length} runs of ${configs.length} configurations on ${new Set(rows.map((r) => r.model)).size} models
(version ${escapeHtml([...new Set(rows.filter((r) => r.tool === 'vigil').map((r) => r.version))].join(', '))}); wrong verdicts: ${wrong.length}${wrong.length ? ` (${wrong.map((r) => escapeHtml(`${r.config} on ${r.model}`)).join('; ')})` : ''}.</p>
${statusTable(rows)}
<h2>Configurations by categories</h2><img src="heatmap.svg" alt="heatmap">
<h2>Cactus plot</h2><img src="cactus.svg" alt="cactus plot">
<h2>${escapeHtml(a)} against ${escapeHtml(b)}</h2><img src="scatter.svg" alt="scatter plot">
</body></html>
`;
  writeFileSync(join(o.out, 'index.html'), html);
  written.push(join(o.out, 'index.html'));
  return written;
}
