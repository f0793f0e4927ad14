/**
 * A circuit's counterexample drawn as a timing diagram in SVG: one row per signal, one column per
 * cycle, a bit as a line low or high, a word as a band with its hexadecimal value where it changes,
 * and a cursor on the stepper's current cycle that the page's script moves (`.wave-cursor`, its
 * column width in `data-cycle-width`).
 *
 * Hand-written rather than drawn by WaveDrom: WaveDrom lays out its lanes from measured text widths,
 * so the cursor would depend on its internals, and it is made for diagrams of a few lanes: measured
 * on 30 cycles (WaveDrom 3.7.0 in Node), 200 lanes made 0.7 MB of SVG in 160 ms and 2,000 lanes
 * 6.6 MB, where one path per lane here takes a few hundred bytes. Signals are drawn in this order:
 * the properties, then the signals that change, then constant ones, up to ROWS rows.
 */
import { escapeHtml } from './style.js';
import type { WaveformData } from './data.js';

const ROWS = 256;
const ROW = 22;
const CYCLE = 46;
const LABEL = 190;
const HIGH = 4;
const LOW = ROW - 6;

export function waveformSvg(w: WaveformData, title: string): { svg: string; hidden: number } {
  const changes = (s: WaveformData['signals'][number]) => s.values.some((v) => v !== s.values[0]);
  const order = [...w.signals.filter((s) => s.kind === 'bad'), ...w.signals.filter((s) => s.kind !== 'bad' && changes(s)), ...w.signals.filter((s) => s.kind !== 'bad' && !changes(s))];
  const rows = order.slice(0, ROWS);
  const width = LABEL + CYCLE * w.cycles + 8;
  const height = ROW * (rows.length + 1) + 4;
  const out: string[] = [];
  out.push(`<svg class="waveform" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" data-cycle-width="${CYCLE}" data-label-width="${LABEL}">`);
  out.push(`<rect class="wave-cursor" x="${LABEL}" y="0" width="${CYCLE}" height="${height}"/>`);
  for (let t = 0; t < w.cycles; t++) {
    out.push(`<text class="wave-cycle" x="${LABEL + CYCLE * t + CYCLE / 2}" y="14">${t}</text>`);
    out.push(`<line class="wave-grid" x1="${LABEL + CYCLE * t}" y1="${ROW}" x2="${LABEL + CYCLE * t}" y2="${height}"/>`);
  }
  rows.forEach((s, r) => {
    const y = ROW * (r + 1);
    out.push(`<g class="wave-row ${s.kind}"><title>${escapeHtml(`${s.kind} ${s.name}`)}</title>`);
    out.push(`<text class="wave-name" x="${LABEL - 6}" y="${y + ROW / 2 + 4}">${escapeHtml(s.name.length > 28 ? `…${s.name.slice(-27)}` : s.name)}</text>`);
    if (s.width === 1) {
      let d = '';
      s.values.forEach((v, t) => {
        const x = LABEL + CYCLE * t;
        const level = y + (v === '1' ? HIGH : LOW);
        d += t === 0 ? `M${x} ${level}` : `V${level}`;
        d += `H${x + CYCLE}`;
      });
      out.push(`<path class="wave-bit" d="${d}"/>`);
    } else {
      s.values.forEach((v, t) => {
        if (t > 0 && v === s.values[t - 1]) return;
        let end = t + 1;
        while (end < w.cycles && s.values[end] === v) end++;
        const [x0, x1] = [LABEL + CYCLE * t, LABEL + CYCLE * end];
        out.push(`<path class="wave-word" d="M${x0 + 3} ${y + HIGH}H${x1 - 3}L${x1} ${y + ROW / 2 - 1}L${x1 - 3} ${y + LOW}H${x0 + 3}L${x0} ${y + ROW / 2 - 1}Z"/>`);
        const label = (x1 - x0) / 7.2 < v.length ? '…' : v;
        out.push(`<text class="wave-value" x="${(x0 + x1) / 2}" y="${y + ROW / 2 + 3}">${escapeHtml(label)}</text>`);
      });
    }
    out.push('</g>');
  });
  out.push('</svg>');
  return { svg: out.join(''), hidden: order.length - rows.length };
}
