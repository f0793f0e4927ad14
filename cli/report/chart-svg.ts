/**
 * Small line charts in SVG for the report: a few series of (x, y) points drawn as steps, with the
 * axes' ranges written at their ends and a legend of coloured names. Written by hand rather than
 * with Vega-Lite (which draws the benchmark report's charts): loading Vega in the checker's thread
 * took about a second per report (measured: 0.7 s to import, 0.3 s to draw one chart), for charts
 * of a handful of lines that need neither scales nor layout.
 */
import { escapeHtml } from './style.js';

interface Series {
  readonly name: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

const COLOURS = ['#0a5bd3', '#b3261e', '#1a7f37', '#8a5a00', '#6f42c1', '#d1242f', '#0e7490', '#57606a'];
const W = 520;
const H = 180;
const PAD = { left: 48, right: 12, top: 10, bottom: 30 };

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function lineChart(series: readonly Series[], o: { readonly title: string; readonly x: string; readonly y: string }): string {
  const all = series.flatMap((s) => s.points);
  const maxX = Math.max(1e-9, ...all.map((p) => p.x));
  const maxY = Math.max(1, ...all.map((p) => p.y));
  const sx = (x: number) => PAD.left + ((W - PAD.left - PAD.right) * x) / maxX;
  const sy = (y: number) => H - PAD.bottom - ((H - PAD.top - PAD.bottom) * y) / maxY;
  const out = [`<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H + 18 * Math.ceil(series.length / 3)}" role="img" aria-label="${escapeHtml(o.title)}">`];
  out.push(`<title>${escapeHtml(o.title)}</title>`);
  out.push(`<path class="axis" d="M${PAD.left} ${PAD.top}V${H - PAD.bottom}H${W - PAD.right}"/>`);
  out.push(`<text class="tick" x="${PAD.left - 4}" y="${PAD.top + 8}" text-anchor="end">${fmt(maxY)}</text>`);
  out.push(`<text class="tick" x="${PAD.left - 4}" y="${H - PAD.bottom}" text-anchor="end">0</text>`);
  out.push(`<text class="tick" x="${W - PAD.right}" y="${H - PAD.bottom + 14}" text-anchor="end">${fmt(maxX)}</text>`);
  out.push(`<text class="axis-title" x="${(W + PAD.left) / 2}" y="${H - 4}" text-anchor="middle">${escapeHtml(o.x)}</text>`);
  out.push(`<text class="axis-title" x="12" y="${(H - PAD.bottom + PAD.top) / 2}" text-anchor="middle" transform="rotate(-90 12 ${(H - PAD.bottom + PAD.top) / 2})">${escapeHtml(o.y)}</text>`);
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    if (s.points.length > 0) {
      let d = `M${sx(s.points[0]!.x).toFixed(1)} ${sy(s.points[0]!.y).toFixed(1)}`;
      for (const p of s.points.slice(1)) d += `H${sx(p.x).toFixed(1)}V${sy(p.y).toFixed(1)}`;
      out.push(`<path class="series" stroke="${colour}" d="${d}"><title>${escapeHtml(s.name)}</title></path>`);
    }
    const lx = PAD.left + (i % 3) * 160;
    const ly = H + 14 + 18 * Math.floor(i / 3);
    out.push(`<rect x="${lx}" y="${ly - 9}" width="12" height="4" fill="${colour}"/><text class="legend" x="${lx + 16}" y="${ly - 4}">${escapeHtml(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('');
}
