/**
 * `vigil report`: the summary figures behind the heatmap (with the virtual best), and the charts
 * written as SVG that a strict XML parser accepts (resvg's, which rejects malformed XML), PNG, and
 * the HTML page.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { COLUMNS, type ResultRow } from '../../bench/results.js';
import { cactusPoints, heatmapCells, scatterPoints, VIRTUAL_BEST } from '../../bench/summary.js';
import { verdictTable } from '../../bench/table.js';
import { vigil } from '../support/cli.js';

function run(config: string, model: string, category: string, succ: boolean, timems: number, tool = 'vigil'): ResultRow {
  return {
    ...Object.fromEntries(COLUMNS.map((c) => [c, ''])),
    config, model, category, tool, expected: 'safe', result: succ ? 'safe' : 'unknown', status: succ ? 'correct' : 'timeout',
    succ: String(succ), timems: String(timems), memory: String(100 * 2 ** 20 + timems), timelimits: '10',
  } as ResultRow;
}

const ROWS = [
  run('A', 'plc/x', 'plc', true, 1000), run('A', 'plc/y', 'plc', false, 10_000), run('A', 'cfa/z', 'cfa', true, 500),
  run('B & <C>', 'plc/x', 'plc', true, 2000), run('B & <C>', 'plc/y', 'plc', true, 3000), run('B & <C>', 'cfa/z', 'cfa', false, 10_000),
  run('abc-pdr', 'cfa/z', 'cfa', true, 10, 'abc-pdr'),
];

describe('summary', () => {
  it('counts solved runs, time and peak memory per configuration and category, with the virtual best of Vigil', () => {
    const cells = heatmapCells(ROWS);
    const get = (config: string, category: string) => cells.find((c) => c.config === config && c.category === category)!;
    expect(get('A', 'plc')).toMatchObject({ runs: 2, solved: 1, timeS: 1, rate: 0.5 });
    expect(get('A', 'all')).toMatchObject({ runs: 3, solved: 2, timeS: 1.5 });
    expect(get(VIRTUAL_BEST, 'all')).toMatchObject({ runs: 3, solved: 3, timeS: 1 + 3 + 0.5 });
    expect(get('abc-pdr', 'cfa').solved).toBe(1);
    expect(cells.some((c) => c.config === 'abc-pdr' && c.category === 'plc')).toBe(false);
  });
  it('gives cactus and scatter points', () => {
    expect(cactusPoints(ROWS).filter((p) => p.config === 'B & <C>').map((p) => [p.solved, p.timeS])).toEqual([[1, 2], [2, 3]]);
    const s = scatterPoints(ROWS, 'A', 'B & <C>');
    expect(s.find((p) => p.model === 'plc/y')).toMatchObject({ x: 10, y: 3, outcome: 'only B & <C>' });
  });
});

describe('the table by folder and verdict', () => {
  it('puts configurations and peers side by side, with the models only one decides and the members that won', () => {
    const rows = [
      { ...run('default', 'hwmcc20/bv/a.btor2', 'bv', true, 2000), winner: 'ic3-no-ctg' },
      { ...run('default', 'hwmcc20/bv/b.btor2', 'bv', true, 1000), winner: 'kind-words' },
      { ...run('default', 'unit/pono/c.btor2', 'pono', false, 3000), expected: 'unsafe' },
      run('abc-pdr', 'hwmcc20/bv/a.btor2', 'bv', true, 500, 'abc-pdr'), run('abc-pdr', 'hwmcc20/bv/b.btor2', 'bv', false, 9500, 'abc-pdr'),
      { ...run('abc-pdr', 'unit/pono/c.btor2', 'pono', true, 100, 'abc-pdr'), expected: 'unsafe' },
    ];
    const lines = verdictTable(rows).split('\n');
    expect(lines[0]).toBe('| folder | verdict | models | default (CPU s) | abc-pdr (CPU s) | only default | only abc-pdr | default won by |');
    expect(lines).toContain('| hwmcc20/bv | safe | 2 | 2/2 (3.0) | 1/2 (10.0) | 1 | 0 | ic3-no-ctg 1, kind-words 1 |');
    expect(lines).toContain('| unit/pono | unsafe | 1 | 0/1 (3.0) | 1/1 (0.1) | 0 | 1 |  |');
    expect(lines.at(-1)).toBe('| all |  | 3 | 2/3 (6.0) | 2/3 (10.1) | 1 | 1 | ic3-no-ctg 1, kind-words 1 |');
    // by category instead: the suite's own groups (a CHC task's track and family)
    const byCategory = verdictTable(rows, 'category').split('\n');
    expect(byCategory[0]).toMatch(/^\| category \| verdict \|/);
    expect(byCategory).toContain('| bv | safe | 2 | 2/2 (3.0) | 1/2 (10.0) | 1 | 0 | ic3-no-ctg 1, kind-words 1 |');
  });
});

describe('vigil report', () => {
  it('writes the heatmap, cactus and scatter plots as valid SVG and PNG, and the page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-report-'));
    const csv = join(dir, 'results.csv');
    writeFileSync(csv, stringify([[...COLUMNS], ...ROWS.map((r) => COLUMNS.map((c) => r[c]))]));
    const r = vigil(['report', csv, '--out', join(dir, 'out'), '--scatter', 'B & <C>,A']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const chart of ['heatmap', 'cactus', 'scatter']) {
      const svg = readFileSync(join(dir, 'out', `${chart}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      const parsed = new Resvg(svg);
      expect(parsed.width).toBeGreaterThan(100);
      const png = readFileSync(join(dir, 'out', `${chart}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(readFileSync(join(dir, 'out', 'heatmap.svg'), 'utf8')).toContain('virtual best');
    const html = readFileSync(join(dir, 'out', 'index.html'), 'utf8');
    expect(html).toContain('<img src="heatmap.svg"');
    expect(html).toContain('B &amp; &lt;C&gt;');
    // The table: A solved x and z (z alone among Vigil's), B solved x and y (y alone); one run each without a verdict.
    const table = readFileSync(join(dir, 'out', 'table.md'), 'utf8');
    expect(table).toContain('| configuration | cfa | plc | solved | unique | wrong | unknown |');
    expect(table).toContain('| A | 1/1 | 1/2 | 2/3 | 1 | 0 | 1 |');
    expect(table).toContain('| B & <C> | 0/1 | 2/2 | 2/3 | 1 | 0 | 1 |');
  });

  it('reports a missing file and an unknown scatter configuration as usage errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-report-'));
    expect(vigil(['report', join(dir, 'none.csv'), '--out', dir]).code).toBe(2);
    const csv = join(dir, 'results.csv');
    writeFileSync(csv, stringify([[...COLUMNS], ...ROWS.map((r) => COLUMNS.map((c) => r[c]))]));
    const r = vigil(['report', csv, '--out', dir, '--scatter', 'A,Z']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no configuration 'Z'");
  });
});
