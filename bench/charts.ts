/**
 * The report's charts as Vega-Lite specifications, and their rendering in Node: Vega-Lite compiles
 * to Vega, Vega's headless view writes SVG (`view.toSVG()`), and resvg rasterises the SVG to PNG
 * with the system's DejaVu fonts, the same family the charts are laid out with. Vega and Vega-Lite
 * are ES modules that wait at their top level, imported when a chart is drawn (cli/esm.ts).
 */
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import { Resvg } from '@resvg/resvg-js';
import { importEsm } from '../cli/esm.js';
import { ALL, type CactusPoint, type Cell, type ScatterPoint } from './summary.js';

const FONT = 'DejaVu Sans';
const CONFIG = { font: FONT, view: { stroke: null }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 400 } };

/** Three significant digits, as the paper rounds its heatmap figures. */
function sig3(n: number): string {
  return n === 0 ? '0' : Number(n.toPrecision(3)).toString();
}

export function heatmapSpec(cells: readonly Cell[], configs: readonly string[], categories: readonly string[], title: string): TopLevelSpec {
  const modelsIn = (cat: string) => Math.max(0, ...cells.filter((c) => c.category === cat).map((c) => c.runs));
  const columns = [...categories, ...(categories.length > 1 ? [ALL] : [])].map((c) => `${c} (${modelsIn(c)})`);
  const values = cells.map((c) => ({
    ...c,
    column: `${c.category} (${modelsIn(c.category)})`,
    label: `${c.solved}/${c.runs}\n${sig3(c.timeS)} s\n${sig3(c.memoryMb)} MB`,
  }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: 'solved / runs, total CPU time and peak memory of the solved runs; colour: success rate' },
    config: CONFIG,
    data: { values },
    width: { step: 120 },
    height: { step: 54 },
    encoding: {
      x: { field: 'column', type: 'nominal', sort: columns, axis: { orient: 'top', labelAngle: 0, title: null, domain: false, ticks: false } },
      y: { field: 'config', type: 'nominal', sort: [...configs], axis: { title: null, domain: false, ticks: false, labelLimit: 260 } },
    },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 2 },
        encoding: { color: { field: 'rate', type: 'quantitative', scale: { domain: [0, 1], scheme: 'yellowgreenblue' }, legend: { title: 'success rate', format: '.0%' } } },
      },
      {
        mark: { type: 'text', lineBreak: '\n', fontSize: 11, lineHeight: 14, baseline: 'middle', dy: -14 },
        encoding: {
          text: { field: 'label', type: 'nominal' },
          color: { condition: { test: 'datum.rate > 0.55', value: 'white' }, value: 'black' },
        },
      },
    ],
  } as TopLevelSpec;
}

export function cactusSpec(points: readonly CactusPoint[], configs: readonly string[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Cactus plot', subtitle: 'models solved within a CPU time per model' },
    config: CONFIG,
    data: { values: points.map((p) => ({ ...p, timeS: Math.max(p.timeS, 0.01) })) },
    width: 560,
    height: 340,
    mark: { type: 'line', interpolate: 'step-after', point: { size: 30 } },
    encoding: {
      x: { field: 'timeS', type: 'quantitative', scale: { type: 'log' }, title: 'CPU time (s, log scale)' },
      y: { field: 'solved', type: 'quantitative', title: 'models solved', axis: { tickMinStep: 1 } },
      // ten colours repeat from the eleventh configuration on: twenty then
      color: { field: 'config', type: 'nominal', sort: [...configs], title: 'configuration', scale: { scheme: configs.length > 10 ? 'tableau20' : 'tableau10' } },
      tooltip: [{ field: 'config' }, { field: 'solved' }, { field: 'timeS' }],
    },
  } as TopLevelSpec;
}

export function scatterSpec(points: readonly ScatterPoint[], a: string, b: string): TopLevelSpec {
  const times = points.flatMap((p) => [p.x, p.y]).map((t) => Math.max(t, 0.01));
  const lo = 10 ** Math.floor(Math.log10(Math.min(...times, 0.1)));
  // Room above the time limit, where unsolved runs sit, so that their marks are not cut by the frame.
  const hi = Math.max(...times, 1) * 1.3;
  const scale = { type: 'log', domain: [lo, hi], nice: false };
  const axis = (title: string) => ({ field: 'v', type: 'quantitative', scale, title });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `${a} against ${b}`, subtitle: `CPU time on each of the ${points.length} models both ran (s, log scales); unsolved runs at the time limit` },
    config: CONFIG,
    width: 400,
    height: 400,
    layer: [
      {
        data: { values: [{ v: lo }, { v: hi }] },
        mark: { type: 'line', color: '#999', strokeDash: [4, 4] },
        encoding: { x: axis(`${a} (s)`), y: axis(`${b} (s)`) },
      },
      {
        data: { values: points.map((p) => ({ ...p, x: Math.max(p.x, 0.01), y: Math.max(p.y, 0.01) })) },
        mark: { type: 'point', filled: true, size: 60, opacity: 0.8 },
        encoding: {
          x: { field: 'x', type: 'quantitative', scale },
          y: { field: 'y', type: 'quantitative', scale },
          color: { field: 'category', type: 'nominal', title: 'category', scale: { scheme: 'tableau10' } },
          shape: { field: 'outcome', type: 'nominal', title: 'solved by' },
          tooltip: [{ field: 'model' }, { field: 'x' }, { field: 'y' }],
        },
      },
    ],
  } as TopLevelSpec;
}

/** The chart as SVG text, laid out by Vega's headless view. */
export async function toSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, { compile }] = await Promise.all([importEsm<typeof Vega>('vega'), importEsm<typeof VegaLite>('vega-lite')]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The SVG rasterised at twice its size on a white background. */
export function toPng(svg: string): Buffer {
  const png = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: FONT },
  }).render().asPng();
  return Buffer.from(png);
}
