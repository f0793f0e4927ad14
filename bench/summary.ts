/**
 * Aggregates of a results file as the paper presents them (Hajdu and Micskei, Sect. 4.2): per
 * configuration and category the solved count, the total CPU time and the peak memory of the
 * successful runs, with the success rate, plus the virtual best configuration (for each model the
 * best of Vigil's configurations); and the per-run points of cactus and scatter plots.
 */
import type { ResultRow } from './results.js';

export const ALL = 'all';
export const VIRTUAL_BEST = 'virtual best';

export interface Cell {
  readonly config: string;
  readonly category: string;
  readonly runs: number;
  readonly solved: number;
  readonly timeS: number;
  readonly memoryMb: number;
  readonly rate: number;
}

const solvedRow = (r: ResultRow) => r.succ === 'true';

/** Configurations in the order they first appear, Vigil's before the peers. */
export function configsOf(rows: readonly ResultRow[]): string[] {
  const order = [...new Set(rows.map((r) => r.config))];
  const peer = new Set(rows.filter((r) => r.tool !== 'vigil').map((r) => r.config));
  return [...order.filter((c) => !peer.has(c)), ...order.filter((c) => peer.has(c))];
}

export function categoriesOf(rows: readonly ResultRow[]): string[] {
  return [...new Set(rows.map((r) => r.category))].sort();
}

function cell(config: string, category: string, runs: readonly ResultRow[]): Cell {
  const ok = runs.filter(solvedRow);
  return {
    config, category, runs: runs.length, solved: ok.length,
    timeS: ok.reduce((s, r) => s + Number(r.timems), 0) / 1000,
    memoryMb: ok.reduce((s, r) => Math.max(s, Number(r.memory)), 0) / (1024 * 1024),
    rate: runs.length === 0 ? 0 : ok.length / runs.length,
  };
}

/** For each model run by one of Vigil's configurations, its fastest successful run (or any run if none succeeded). */
function virtualBest(rows: readonly ResultRow[]): ResultRow[] {
  const best = new Map<string, ResultRow>();
  for (const r of rows.filter((x) => x.tool === 'vigil')) {
    const b = best.get(r.model);
    const better = !b || (solvedRow(r) && (!solvedRow(b) || Number(r.timems) < Number(b.timems)));
    if (better) best.set(r.model, { ...r, config: VIRTUAL_BEST });
  }
  return [...best.values()];
}

/** The heatmap's cells: configurations (and the virtual best) by categories and all categories. */
export function heatmapCells(rows: readonly ResultRow[]): Cell[] {
  const vbs = virtualBest(rows);
  const table = [...configsOf(rows).map((c) => [c, rows.filter((r) => r.config === c)] as const), ...(vbs.length ? [[VIRTUAL_BEST, vbs] as const] : [])];
  const categories = categoriesOf(rows);
  return table.flatMap(([config, runs]) => [
    ...categories.flatMap((cat) => {
      const inCat = runs.filter((r) => r.category === cat);
      return inCat.length ? [cell(config, cat, inCat)] : [];
    }),
    // The summary column only when there is more than one category to sum.
    ...(categories.length > 1 ? [cell(config, ALL, runs)] : []),
  ]);
}

export interface CactusPoint { readonly config: string; readonly solved: number; readonly timeS: number }

/** For each configuration, the number of models solved within each solved run's time. */
export function cactusPoints(rows: readonly ResultRow[]): CactusPoint[] {
  return configsOf(rows).flatMap((config) => rows.filter((r) => r.config === config && solvedRow(r))
    .map((r) => Number(r.timems) / 1000).sort((a, b) => a - b)
    .map((timeS, i) => ({ config, solved: i + 1, timeS })));
}

export interface ScatterPoint {
  readonly model: string;
  readonly category: string;
  readonly x: number;
  readonly y: number;
  /** Which of the two solved it. */
  readonly outcome: string;
}

/** Per model run by both configurations: their CPU times, an unsolved run placed at its time limit. */
export function scatterPoints(rows: readonly ResultRow[], a: string, b: string): ScatterPoint[] {
  const of = (c: string) => new Map(rows.filter((r) => r.config === c).map((r) => [r.model, r]));
  const ra = of(a);
  const rb = of(b);
  const time = (r: ResultRow) => (solvedRow(r) ? Number(r.timems) / 1000 : Number(r.timelimits));
  return [...ra].flatMap(([model, x]) => {
    const y = rb.get(model);
    if (!y) return [];
    const outcome = solvedRow(x) && solvedRow(y) ? 'both solved' : solvedRow(x) ? `only ${a}` : solvedRow(y) ? `only ${b}` : 'neither';
    return [{ model, category: x.category, x: time(x), y: time(y), outcome }];
  });
}
