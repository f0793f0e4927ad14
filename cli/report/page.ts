/**
 * The report of a check as one self-contained HTML page (`vigil check --report FILE.html`): the
 * summary, then per property its counterexample as a stepper (with the circuit's waveform and the
 * files to download), its invariant, its termination argument, CEGAR's final ARG and the engine's
 * progress, and beside them the model: the automaton drawn by Graphviz (@viz-js/viz, at writing
 * time, as SVG) and the source, highlighted. Styles, script and data are inlined and a content
 * security policy forbids loading anything, so the page opens from file:// without a network and
 * can be mailed on. The script (client.ts) only adds interaction: everything is in the HTML, so
 * the page also reads without it and prints whole.
 */
import type { Token } from '../../formalisms/report-view.js';
import { svg } from '../outputs/svg.js';
import { lineChart } from './chart-svg.js';
import { reportClient } from './client.js';
import type { ArgData, InvariantData, ProgressData, PropertyData, ReportData, TerminationData, TraceData } from './data.js';
import { escapeHtml as esc, htmlPage } from './style.js';
import { waveformSvg } from './waveform-svg.js';

/** A trace table of at most this many cells is also given whole (for print and for comparing steps); a circuit's has its waveform instead. */
const WHOLE_TABLE_CELLS = 5000;

const STYLE = `
.layout{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:0 2em}
@media (max-width:1100px){.layout{grid-template-columns:minmax(0,1fr)}}
.model-pane{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding-bottom:1em}
#drawing{margin:0;max-height:58vh;overflow:auto;border:1px solid var(--line)}#drawing svg{max-width:100%;height:auto}
#drawing g.current path{stroke:var(--bad);stroke-width:3}
#drawing g.current polygon{stroke:var(--bad);fill:var(--bad)}
#drawing g.current text{fill:var(--bad);font-weight:700}
#drawing g.current-loc ellipse,#drawing g.current-loc polygon{fill:var(--hl);stroke-width:3}
#drawing g.constrained ellipse,#drawing g.constrained polygon{fill:#e6f0ff}
#drawing g.head ellipse{fill:#efe6ff;stroke-width:2}
#drawing g.cycle path{stroke:#6f42c1;stroke-width:2.5}
#drawing g.located ellipse,#drawing g.located polygon{stroke:var(--accent);stroke-width:4}
.source{position:relative;max-height:75vh;overflow:auto;border:1px solid var(--line);background:var(--panel);margin:.4em 0;padding:.3em 0;counter-reset:line}
#drawing~.source{max-height:28vh}
.source .line{display:block;white-space:pre;padding:0 .6em 0 4.2em;text-indent:-3.6em;min-height:1.2em;counter-increment:line}
.source .line::before{content:counter(line);display:inline-block;width:3em;margin-right:.6em;text-align:right;color:var(--muted)}
.source .current-line{background:var(--hl)}
.k{color:#8250df;font-weight:600}.c{color:#6e7781;font-style:italic}.n{color:#0550ae}.s{color:#1a7f37}
.stepper{border:1px solid var(--line);border-radius:6px;padding:.6em .8em;margin:.6em 0}
.controls{display:flex;gap:.4em;align-items:center;flex-wrap:wrap}
.controls input.step-field{width:5em}
.step-status{margin:.5em 0;font-weight:600}
table.step-values{min-width:50%}
tr.changed th,tr.changed td{background:#fff8d6}
mark{background:var(--hl);padding:0 .15em}
.wave-scroll{overflow-x:auto;margin:.4em 0;border:1px solid var(--line)}
.waveform text{font:11px 'DejaVu Sans Mono',monospace;fill:var(--fg)}
.waveform .wave-name{text-anchor:end}.waveform .wave-cycle,.waveform .wave-value{text-anchor:middle}
.wave-cursor{fill:var(--hl)}.wave-grid{stroke:#eaeef2}
.wave-bit{fill:none;stroke:var(--good);stroke-width:1.5}.bad .wave-bit{stroke:var(--bad);stroke-width:2}
.wave-word{fill:#e6f0ff;stroke:var(--accent)}
.chart .axis{fill:none;stroke:var(--muted)}.chart .series{fill:none;stroke-width:2}
.chart text{font:11px 'DejaVu Sans',sans-serif;fill:var(--muted)}
.invariant td.formula{font-family:'DejaVu Sans Mono',monospace;font-size:.88em;word-break:break-word}
.arg ul{list-style:none;padding-left:1.2em;margin:0;border-left:1px dotted var(--line)}
.arg .covered{color:var(--muted)}.arg .abstract-path>span{background:#fde7e4}.arg .unsafe{color:var(--bad);font-weight:700}
.downloads a{margin-right:1em}
pre.certificate{white-space:pre-wrap;background:var(--panel);padding:.5em;border:1px solid var(--line)}
@media print{.model-pane{position:static;max-height:none;overflow:visible}.source{max-height:none;overflow:visible}
.controls,.invariant-search,button.locate{display:none}.layout{display:block}a{color:inherit}}
`;

const TOKEN_CLASS = { keyword: 'k', comment: 'c', number: 'n', name: 's' } as const;
/** A source line's tokens as HTML, each kind of token in its span. */
const lineHtml = (tokens: readonly Token[]) => tokens.map((t) => (t.kind ? `<span class="${TOKEN_CLASS[t.kind]}">${esc(t.text)}</span>` : esc(t.text))).join('');
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdictSpan = (v: string) => `<span class="verdict ${esc(v)}">${esc(v.toUpperCase())}</span>`;

interface Stepper { id: string; columns: readonly string[]; steps: TraceData['steps']; loopStart?: number }

/** What the page's script needs: the steppers' steps, the drawing's elements by location, the marks. */
class Script {
  readonly steppers: Stepper[] = [];
  readonly marks: { element: string; mark: string }[] = [];

  stepper(s: Stepper): string {
    this.steppers.push(s);
    return s.id;
  }
}

function summary(d: ReportData): string {
  const members = typeof d.options.members === 'string' ? d.options.members : undefined;
  const checks = d.properties.reduce((n, p) => n + p.solverChecks, 0);
  const timeout = d.options.timeout;
  const facts: [string, string][] = [
    ['file', `<code>${esc(d.file)}</code> (${esc(d.title)})`],
    ['verdict', `${verdictSpan(d.verdict)}${d.reason ? ` (${esc(d.reason)})` : ''}`],
    ['engine', `${esc(d.algorithm)}${members ? `, a portfolio of ${esc(members)}` : ''}`],
    ['time', `${seconds(d.timeMs)}, ${plural(checks, 'solver check')}`],
    ['limits', `${timeout === null || timeout === undefined ? 'no timeout' : `timeout ${esc(String(timeout))} s`}, ${d.memoryMb === undefined ? 'no memory limit' : `memory ${d.memoryMb} MB`}`],
    ['options', `<code>${esc(Object.entries(d.options).filter(([k]) => k !== 'timeout' && k !== 'members').map(([k, v]) => `${k}=${String(v)}`).join(', ') || 'defaults')}</code>`],
    ['checked by', `Vigil ${esc(d.vigil)}; every verdict shown was checked independently of the engine that found it`],
  ];
  const rows = d.properties.map((p, i) => `<tr><td><a href="#property-${i}">${esc(p.name)}</a></td><td>${esc(p.kind)}</td><td>${verdictSpan(p.verdict)}${p.reason ? ` ${esc(p.reason)}` : ''}</td>`
    + `<td class="num">${seconds(p.timeMs)}</td><td class="num">${p.solverChecks}</td><td>${p.certificate ? `${esc(p.certificate.title)} (<code>${esc(p.certificate.kind)}</code>), ${esc(p.certificate.check)}` : '—'}</td></tr>`);
  return `<section id="summary" aria-labelledby="summary-title"><h2 id="summary-title">Summary</h2>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
<table class="properties"><caption class="sr-only">Properties</caption><thead><tr><th>property</th><th>kind</th><th>verdict</th><th class="num">time</th><th class="num">solver checks</th><th>certificate</th></tr></thead>
<tbody>${rows.join('')}</tbody></table></section>`;
}

function wholeTable(t: TraceData): string {
  if (t.waveform || t.columns.length * t.steps.length > WHOLE_TABLE_CELLS) return '';
  const hasLoc = t.steps.some((s) => s.location !== undefined);
  const head = `<tr><th>step</th>${hasLoc ? '<th>location</th>' : ''}${t.columns.map((c) => `<th>${esc(c)}</th>`).join('')}<th>action</th></tr>`;
  const body = t.steps.map((s, i) => {
    const changed = new Set(s.changed);
    const cells = s.values.map((v, k) => (changed.has(k) ? `<td class="mono"><mark>${esc(v)}</mark></td>` : `<td class="mono">${esc(v)}</td>`)).join('');
    return `<tr><td class="num">${i}</td>${hasLoc ? `<td>${esc(s.location ?? '')}</td>` : ''}${cells}<td class="mono">${esc(s.action?.label ?? '')}</td></tr>`;
  });
  return `<details class="whole-trace"><summary>Every step as one table</summary><div class="wave-scroll"><table><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div></details>`;
}

function downloadsHtml(files: PropertyData['downloads']): string {
  const links = files.map((f) => (f.base64 === undefined
    ? `<span class="muted">${esc(f.name)} (${Math.round(f.bytes / 1024)} KB, too large to embed: <code>--${esc(f.option)}</code> writes it)</span>`
    : `<a download="${esc(f.name)}" href="data:${f.type};base64,${f.base64}">${esc(f.name)}</a>`));
  return links.length ? `<p class="downloads">Download: ${links.join(' ')}</p>` : '';
}

function stepperHtml(script: Script, id: string, t: TraceData, label: string, loopStart?: number, files: PropertyData['downloads'] = []): string {
  script.stepper({ id, columns: t.columns, steps: t.steps, ...(loopStart === undefined ? {} : { loopStart }) });
  const last = t.steps.length - 1;
  const wave = t.waveform ? waveformSvg(t.waveform, `Waveform of ${label}: ${t.waveform.signals.length} signals over ${t.waveform.cycles} cycles`) : undefined;
  return `<section class="stepper" id="${id}" aria-label="${esc(label)}">
<div class="controls" role="group" aria-label="Steps of ${esc(label)}">
<button type="button" data-go="first">First</button><button type="button" data-go="prev">Previous</button>
<label>Step <input class="step-field" type="number" min="0" max="${last}" value="0"></label><span>of ${last}</span>
<button type="button" data-go="next">Next</button><button type="button" data-go="last">Last</button>
<label><input type="checkbox" class="only-changed"${t.columns.length > 40 ? ' checked' : ''}> only the values that changed</label>
</div>
<p class="step-status" role="status" aria-live="polite">Step 0 of ${last}</p>
${wave ? `<h4>Waveform</h4><div class="wave-scroll">${wave.svg}</div>${wave.hidden > 0 ? `<p class="muted">${plural(wave.hidden, 'more signal')} that never change not drawn (see the VCD file).</p>` : ''}` : ''}
<table class="step-values"><caption class="sr-only">Values at the current step</caption><thead><tr><th>variable</th><th>value</th></tr></thead><tbody></tbody></table>
${downloadsHtml(files)}
${wholeTable(t)}
</section>`;
}

function invariantHtml(script: Script, inv: InvariantData, i: number): string {
  const id = `invariant-${i}`;
  for (const l of inv.locations) if (l.element && l.shown !== 'true') script.marks.push({ element: l.element, mark: 'constrained' });
  const rows = inv.locations.map((l) => `<tr><th scope="row">${esc(l.location)}${l.element ? ` <button type="button" class="locate" data-element="${l.element}" aria-label="Mark ${esc(l.location)} in the drawing">show</button>` : ''}</th>`
    + `<td class="formula shown">${esc(l.shown)}</td><td>${l.mentions.length ? esc(l.mentions.join(', ')) : '—'}</td>`
    + `<td>${l.checked === l.shown ? '<span class="muted">as shown</span>' : `<details><summary>as checked</summary><code class="checked">${esc(l.checked)}</code></details>`}</td></tr>`);
  const clauses = inv.clauses?.length
    ? `<h4>The witness circuit's invariant as clauses over the file's latches (${inv.clauses.length})</h4><table class="clauses"><thead><tr><th>clause</th><th>latches</th></tr></thead><tbody>${inv.clauses.map((c) => `<tr><td class="formula">${esc(c.text)}</td><td>${esc(c.latches.join(', '))}</td></tr>`).join('')}</tbody></table>`
    : '';
  return `<div class="invariant">
<p><label>Search the invariant <input type="search" class="invariant-search" data-table="${id}"></label> <span id="${id}-count" class="muted" role="status">${plural(inv.locations.length, 'location')}</span></p>
<table id="${id}"><caption class="sr-only">${esc(inv.title)} per location</caption><thead><tr><th>location</th><th>invariant (simplified for reading)</th><th>mentions</th><th>formula checked</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>${clauses}</div>`;
}

function terminationHtml(script: Script, t: TerminationData, i: number): string {
  const perLocation = (rows: readonly { location: string; text: string }[]) => `<table><tbody>${rows.map((r) => `<tr><th scope="row">${esc(r.location)}</th><td class="formula mono">${esc(r.text)}</td></tr>`).join('')}</tbody></table>`;
  const cert = `<details><summary>The certificate as written by <code>--certificate</code></summary><pre class="certificate">${esc(t.certificate)}</pre></details>`;
  if (t.kind === 'transition-invariant') {
    for (const h of t.heads) if (h.element) script.marks.push({ element: h.element, mark: 'head' });
    const heads = t.heads.map((h) => `<h4>Loop head ${esc(h.head)}</h4>
<table><thead><tr><th>ranking relation</th><th>rank</th><th class="num">bound</th></tr></thead><tbody>${h.ranked.map((r) => `<tr><td class="mono">${esc(r.relation)}</td><td class="mono">${esc(r.rank)}</td><td class="num">${esc(r.bound)}</td></tr>`).join('')}</tbody></table>
<details><summary>Transition invariant per cutpoint</summary>${perLocation(h.relations)}</details>`);
    return `${heads.join('')}<details><summary>Reachability invariant</summary>${perLocation(t.reach)}</details>${cert}`;
  }
  for (const a of t.cycle) if (a.element) script.marks.push({ element: a.element, mark: 'cycle' });
  const cycle = `<h4>The cycle (${plural(t.cycle.length, 'action')})</h4><ol class="mono">${t.cycle.map((a) => `<li>${esc(a.label)}</li>`).join('')}</ol>`;
  const set = t.recurrentSet ? `<p>Recurrent set at the head: <code>${esc(t.recurrentSet)}</code></p>` : '';
  return `${stepperHtml(script, `lasso-${i}`, t.run, `run of the lasso, the loop from step ${t.loopStart}`, t.loopStart)}${cycle}${set}${cert}`;
}

function argHtml(a: ArgData): string {
  const children = new Map<number | undefined, ArgData['nodes'][number][]>();
  for (const n of a.nodes) {
    const list = children.get(n.parent) ?? [];
    list.push(n);
    children.set(n.parent, list);
  }
  const onPath = new Set<number>();
  const byId = new Map(a.nodes.map((n) => [n.id, n]));
  for (const n of a.nodes.filter((x) => x.unsafe)) {
    for (let m: ArgData['nodes'][number] | undefined = n; m; m = m.parent === undefined ? undefined : byId.get(m.parent)) onPath.add(m.id);
  }
  const item = (n: ArgData['nodes'][number]): string => {
    const cls = [n.coveredBy !== undefined ? 'covered' : '', n.unsafe ? 'unsafe' : '', onPath.has(n.id) ? 'abstract-path' : ''].filter(Boolean).join(' ');
    const text = `${n.id}: ${n.location} — ${n.state}${n.coveredBy !== undefined ? ` (covered by ${n.coveredBy})` : ''}${n.unsafe ? ' (unsafe)' : ''}`;
    const kids = children.get(n.id) ?? [];
    const label = `<span title="${esc(n.action ?? 'root')}">${esc(text)}</span>`;
    return `<li${cls ? ` class="${cls}"` : ''}>${kids.length ? `<details${onPath.has(n.id) || n.parent === undefined ? ' open' : ''}><summary>${label}</summary><ul>${kids.map(item).join('')}</ul></details>` : label}</li>`;
  };
  const roots = children.get(undefined) ?? [];
  return `<details class="arg"><summary>Final ARG: ${plural(a.total, 'node')}, ${a.nodes.filter((n) => n.coveredBy !== undefined).length} covered${a.total > a.nodes.length ? ` (the first ${a.nodes.length} listed)` : ''}</summary><ul>${roots.map(item).join('')}</ul></details>`;
}

function progressHtml(p: ProgressData): string {
  const out: string[] = [];
  if (p.members.length > 0) {
    out.push(lineChart(p.members.map((m) => ({ name: `${m.label} (${m.points.at(-1)?.state ?? '?'})`, points: m.points.map((x) => ({ x: x.t / 1000, y: x.iteration })) })),
      { title: 'Portfolio members: iteration over time', x: 'seconds', y: 'iteration' }));
  }
  if (p.frames.length > 1) {
    out.push(lineChart([{ name: 'lemmas', points: p.frames.map((f) => ({ x: f.frame, y: f.clauses })) }], { title: 'IC3: lemmas when each frame was opened', x: 'frame', y: 'lemmas' }));
  }
  if (p.precision.length > 0) {
    out.push(`<table class="precision"><caption>Precision per CEGAR iteration</caption><thead><tr><th class="num">iteration</th><th class="num">size</th><th>newest</th></tr></thead><tbody>${p.precision.map((r) => `<tr><td class="num">${r.iteration}</td><td class="num">${r.size}</td><td class="mono">${esc(r.newest.join('; '))}</td></tr>`).join('')}</tbody></table>`);
  }
  if (p.members.length === 0 && p.phases.length > 1) {
    out.push(lineChart([{ name: 'iteration', points: p.phases.map((x) => ({ x: x.t / 1000, y: x.iteration })) }], { title: 'Iterations over time', x: 'seconds', y: 'iteration' }));
  }
  return out.length ? `<details class="progress"><summary>Progress of the engine</summary>${out.join('')}</details>` : '';
}

function propertyHtml(script: Script, p: PropertyData, i: number): string {
  const parts = [`<section id="property-${i}" aria-labelledby="property-${i}-title"><h2 id="property-${i}-title">Property ${esc(p.name)}: ${verdictSpan(p.verdict)}</h2>`];
  if (p.reason) parts.push(`<p>No verdict: ${esc(p.reason)}.</p>`);
  if (p.certificate) parts.push(`<p class="certificate-line">${esc(sentence(p.certificate.title))}, ${esc(p.certificate.check)}.</p>`);
  if (p.counterexample) {
    const steps = p.counterexample.steps.length - 1;
    parts.push(`<h3>Counterexample of ${plural(steps, 'step')}</h3>`, stepperHtml(script, `stepper-${i}`, p.counterexample, `counterexample to ${p.name}`, undefined, p.downloads));
  }
  if (p.invariant) parts.push(`<h3>${esc(sentence(p.invariant.title))}</h3>`, invariantHtml(script, p.invariant, i));
  if (p.termination) parts.push(`<h3>${esc(sentence(p.termination.title))}</h3>`, terminationHtml(script, p.termination, i));
  if (p.derivation) parts.push(`<h3>${esc(sentence(p.certificate!.title))}</h3>`, `<pre class="derivation">${esc(p.derivation.join('\n'))}</pre>`);
  if (!p.counterexample) parts.push(downloadsHtml(p.downloads));
  if (p.arg) parts.push(argHtml(p.arg));
  if (p.progress) parts.push(progressHtml(p.progress));
  const stats = Object.entries(p.statistics).map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td class="num">${Number.isInteger(v) ? v : v.toFixed(1)}</td></tr>`);
  parts.push(`<details><summary>Every counter of the engine</summary><table><tbody>${stats.join('')}</tbody></table></details></section>`);
  return parts.join('\n');
}

async function modelHtml(d: ReportData): Promise<string> {
  const drawing = d.automaton
    ? `<figure id="drawing" aria-label="The automaton: ${plural(d.automaton.locations.length, 'location')}, ${plural(d.automaton.edges, 'edge')}">${(await svg(d.automaton.dot)).replace(/^[\s\S]*?(?=<svg)/, '')}</figure>`
    : '';
  const s = d.source;
  // numbered by a CSS counter: the script finds line n as the code's n-th child
  const lines = s.lines.map((tokens) => `<span class="line">${lineHtml(tokens)}</span>`);
  const more = s.totalLines > s.lines.length ? `<p class="muted">The first ${s.lines.length} of ${s.totalLines} lines.</p>` : '';
  const text = s.lines.length
    ? `<pre class="source" id="source" tabindex="0" aria-label="Source of ${esc(d.file)}"><code>${lines.join('')}</code></pre>${more}`
    : `<p class="muted">A binary file of ${s.bytes} bytes.</p>`;
  return `<section id="model" class="model-pane" aria-labelledby="model-title"><h2 id="model-title">Model</h2>${drawing}${text}</section>`;
}

/** The page: a summary, each property, and the model beside them. */
export async function reportHtml(d: ReportData): Promise<string> {
  const script = new Script();
  const properties = d.properties.map((p, i) => propertyHtml(script, p, i));
  const body = `<header class="page"><h1>${esc(d.file)}: ${verdictSpan(d.verdict)}</h1>
<p>Report of <code>vigil check</code> by Vigil ${esc(d.vigil)}: ${esc(d.algorithm)}, ${seconds(d.timeMs)}.</p></header>
<main class="layout"><div class="results">${summary(d)}${properties.join('\n')}</div>${await modelHtml(d)}</main>
<script type="application/json" id="report-data">${JSON.stringify({
    steppers: script.steppers,
    locations: Object.fromEntries((d.automaton?.locations ?? []).map((l) => [l.name, l.element])),
    marks: script.marks,
  }).replace(/</g, '\\u003c')}</script>`;
  return htmlPage({ title: `${d.file}: ${d.verdict.toUpperCase()} (Vigil report)`, style: STYLE, body, script: `(${reportClient.toString()})();`, csp: true });
}
