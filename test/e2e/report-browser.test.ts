/**
 * The HTML report (`vigil check --report`) in a real browser: Debian's Chromium, headless, driven by
 * playwright-core. Each test checks a real model with the real `vigil`, opens the report from
 * file:// and compares what the page shows with what the run certified (its `--json`, `--cex`,
 * `--certificate`, `--witness` and `--vcd` files, a circuit's witness replayed on the independent
 * simulator of test/aiger-sim.ts, an invariant proved equivalent by Z3): the stepper is clicked
 * and keyed through, and at every step the values, the changed marks, the edge highlighted in the
 * drawing and the lines highlighted in the source must be those of the certified trace. Every page
 * must load without a console error and without a single network request. Screenshots are kept in
 * artifacts/report-browser/ (two of them are docs/guide/report-*.png).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iff, not, ref, substitute, type Expr } from '../../lang/expr.js';
import { parseCfa } from '../../formalisms/frontends/cfa/read.js';
import { printCfa } from '../../formalisms/cfa-print.js';
import type { Cfa } from '../../formalisms/cfa.js';
import { latchStates, readAiger, readWitness } from '../support/aiger-sim.js';
import { ROOT, vigil } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { unsatChecker } from '../support/z3.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-report-'));
const ARTIFACTS = join(ROOT, 'artifacts', 'report-browser');
const unsat = unsatChecker();
let browser: BrowserContext;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-')), {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 1000 },
  });
});

afterAll(async () => {
  await browser?.close();
});

interface Opened {
  readonly page: Page;
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
  /** Every request the page made but the one for itself. */
  readonly requests: string[];
}

async function open(file: string): Promise<Opened> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const self = pathToFileURL(file).href;
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => { if (r.url() !== self) requests.push(r.url()); });
  await page.goto(self);
  return { page, errors, requests };
}

async function closeClean(o: Opened, screenshot: string): Promise<void> {
  await o.page.screenshot({ path: join(ARTIFACTS, screenshot) });
  expect(o.errors).toEqual([]);
  expect(o.requests).toEqual([]);
  await o.page.close();
}

/** `vigil check` with a report and the given outputs, and its --json. */
function check(model: string, name: string, extra: readonly string[], code: number): { report: string; json: any } {
  const report = join(dir, `${name}.html`);
  const r = vigil(['check', model, '--quiet', '--json', '--report', report, ...extra]);
  expect(r.code, r.stderr).toBe(code);
  const json = JSON.parse(r.stdout);
  expect(json.report).toBe(report);
  expect(json.outputs).toContain(report);
  return { report, json };
}

interface JsonStep { location: string; values: Record<string, string>; action?: string }

/** The stepper's state as the page shows it: status, table rows, the drawing's and the source's highlights. */
async function shown(page: Page, stepper: string) {
  return page.evaluate((id) => {
    const root = document.getElementById(id)!;
    const rows = Array.from(root.querySelectorAll('table.step-values tbody tr')).map((tr) => ({
      name: tr.querySelector('th')!.textContent!,
      value: tr.querySelector('td')!.textContent!.replace(' (changed)', ''),
      changed: tr.classList.contains('changed') && tr.querySelector('mark') !== null,
    }));
    const edge = document.querySelector('#drawing g.current');
    const loc = document.querySelector('#drawing g.current-loc');
    return {
      step: Number(root.dataset.step),
      status: root.querySelector('.step-status')!.textContent!,
      field: root.querySelector<HTMLInputElement>('input.step-field')!.value,
      rows,
      edgeTitle: edge?.querySelector('title')?.textContent ?? null,
      edgeText: edge ? Array.from(edge.querySelectorAll('text')).map((t) => t.textContent!).join('; ') : null,
      locTitle: loc?.querySelector('title')?.textContent ?? null,
      locText: loc?.querySelector('text')?.textContent ?? null,
      lines: Array.from(document.querySelectorAll('#source .current-line')).map((l) => l.textContent!),
      cursorX: root.querySelector('.wave-cursor')?.getAttribute('x') ?? null,
    };
  }, stepper);
}

/** At the page's current step: the values, the changed marks, the location, the edge and the source lines are the certified step's. */
async function expectStep(page: Page, stepper: string, trace: readonly JsonStep[], i: number): Promise<void> {
  const s = await shown(page, stepper);
  const step = trace[i]!;
  expect(s.step).toBe(i);
  expect(s.field).toBe(String(i));
  expect(s.status).toContain(`Step ${i} of ${trace.length - 1} at ${step.location}`);
  const values = Object.fromEntries(s.rows.map((r) => [r.name, r.value]));
  expect(values).toEqual(step.values);
  const changed = Object.keys(step.values).filter((v) => i > 0 && trace[i - 1]!.values[v] !== step.values[v]);
  expect(s.rows.filter((r) => r.changed).map((r) => r.name)).toEqual(changed);
  expect(s.locText).toBe(step.location);
  if (!step.action) {
    expect(s.edgeTitle).toBeNull();
    expect(s.lines).toEqual([]);
    return;
  }
  // the edge leaves the current location, with the action's statements, and its source lines are highlighted
  expect(s.edgeTitle!.startsWith(`${s.locTitle}->`), JSON.stringify({ ...s, rows: undefined })).toBe(true);
  const [, from, to, stmts] = /^(\S+) -> (\S+)(?: \{ (.*) \})?$/.exec(step.action)!;
  expect(s.edgeText).toBe(stmts === undefined ? '' : stmts);
  expect(s.status).toContain(`next: ${step.action}`);
  expect(s.lines.length).toBeGreaterThan(0);
  expect(s.lines[0]!.replace(/\s+/g, ' ')).toMatch(new RegExp(`(^| )${from!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -> ${to!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)|^FROM: ${from};`));
}

const base64Text = (href: string) => Buffer.from(href.slice(href.indexOf(',') + 1), 'base64').toString('utf8');

/** A formula the page or a certificate prints, parsed back over the model's variables (as test/outputs.test.ts does). */
function parseOver(cfa: Cfa, text: string): Expr {
  const decls = printCfa(cfa).split('\n').filter((l) => /^\s+var /.test(l));
  const probe = parseCfa(`main process probe {\n${decls.join('\n')}\n  init loc A\n  error loc E\n  A -> E { assume ${text} }\n}\n`, 'probe.cfa');
  const stmt = probe.edges[0]!.stmts[0]!;
  if (stmt.kind !== 'assume') throw new Error('an assume was expected');
  return substitute(stmt.cond, new Map(probe.vars.map((v) => [v, ref(cfa.vars.find((w) => w.name === v.name)!)])));
}

describe('the report in headless Chromium', () => {
  it('unsafe PLC model: the stepper, clicked and keyed through, shows the certified trace, its edges in the drawing and its lines in the source', async () => {
    const model = join(CORPUS_DIR, 'plc/SimpleCounterexample.scl-noreduction.theta');
    const cex = join(dir, 'plc.csv');
    const { report, json } = check(model, 'plc', ['--cex', cex], 1);
    const trace = json.counterexample as JsonStep[];
    expect(trace.length).toBeGreaterThan(10);
    const o = await open(report);
    const { page } = o;
    await expectStep(page, 'stepper-0', trace, 0);
    expect(await page.isDisabled('#stepper-0 button[data-go="prev"]')).toBe(true);
    for (let i = 1; i <= 12; i++) {
      await page.click('#stepper-0 button[data-go="next"]');
      await expectStep(page, 'stepper-0', trace, i);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'plc-mid-stepper.png') });
    await page.click('#stepper-0 button[data-go="prev"]');
    await expectStep(page, 'stepper-0', trace, 11);
    // the keyboard: Next by Enter on the focused button, a step typed into the field
    await page.focus('#stepper-0 button[data-go="next"]');
    await page.keyboard.press('Enter');
    await expectStep(page, 'stepper-0', trace, 12);
    await page.fill('#stepper-0 input.step-field', '20');
    await page.press('#stepper-0 input.step-field', 'Enter');
    await expectStep(page, 'stepper-0', trace, 20);
    await page.click('#stepper-0 button[data-go="last"]');
    await expectStep(page, 'stepper-0', trace, trace.length - 1);
    expect(await page.isDisabled('#stepper-0 button[data-go="next"]')).toBe(true);
    await page.click('#stepper-0 button[data-go="first"]');
    await expectStep(page, 'stepper-0', trace, 0);
    // the CSV to download is the --cex file
    const href = await page.getAttribute('#stepper-0 .downloads a[download$=".csv"]', 'href');
    expect(base64Text(href!)).toBe(readFileSync(cex, 'utf8'));
    // the whole trace as one table has every step
    expect(await page.locator('#stepper-0 details.whole-trace tbody tr').count()).toBe(trace.length);
    await closeClean(o, 'plc-first-step.png');
  });

  it('safe CFA: the invariant shown per location is the certified one (Z3), searchable, and marked on the drawing', async () => {
    const model = join(ROOT, 'models/counter.cfa');
    const cert = join(dir, 'counter.inv');
    const { report, json } = check(model, 'counter', ['--algorithm', 'cegar', '--certificate', cert], 0);
    const certified = new Map(readFileSync(cert, 'utf8').split('\n').filter((l) => l && !l.startsWith('//')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    const locations = Object.keys(json.invariant);
    expect(locations.every((l) => certified.has(l))).toBe(true);
    const o = await open(report);
    const { page } = o;
    const rows = await page.$$eval('#invariant-0 tbody tr', (trs) => trs.map((tr) => ({
      location: tr.querySelector('th')!.childNodes[0]!.textContent!.trim(),
      shown: tr.querySelector('td.shown')!.textContent!,
      checked: tr.querySelector('code.checked')?.textContent ?? null,
    })));
    const cfa = parseCfa(readFileSync(model, 'utf8'), model);
    expect(rows.map((r) => r.location)).toEqual(locations);
    for (const r of rows) {
      const exact = certified.get(r.location)!;
      expect(r.checked ?? r.shown).toBe(exact);
      expect(unsat(not(iff(parseOver(cfa, r.shown), parseOver(cfa, exact)))), `${r.location}: ${r.shown}`).toBe(true);
    }
    // constrained locations are marked in the drawing; a location's button marks it
    const constrained = await page.$$eval('#drawing g.constrained text', (ts) => ts.map((t) => t.textContent));
    expect(constrained).toEqual(rows.filter((r) => r.shown !== 'true').map((r) => r.location));
    await page.click('#invariant-0 button.locate >> nth=1');
    expect(await page.textContent('#drawing g.located text')).toBe(rows[1]!.location);
    await page.fill('input.invariant-search', 'loop');
    expect(await page.locator('#invariant-0 tbody tr:not([hidden])').count()).toBe(1);
    expect(await page.textContent('#invariant-0-count')).toBe('1 of 2 shown');
    // CEGAR's final ARG, with its covered nodes
    expect(await page.textContent('details.arg summary')).toMatch(new RegExp(`Final ARG: ${json.statistics.argNodes} nodes, ${json.statistics.argCovered} covered`));
    await closeClean(o, 'counter-invariant.png');
  });

  it('unsafe circuit: the values at each step and the waveform\'s cursor are those of the certified witness, replayed independently', async () => {
    const model = join(CORPUS_DIR, 'hwmcc24/split-vis_arrays_vsa16a_p6b0.aag');
    const [witnessFile, vcdFile] = [join(dir, 'vsa.wit'), join(dir, 'vsa.vcd')];
    const { report } = check(model, 'vsa16a', ['--witness', witnessFile, '--vcd', vcdFile], 1);
    const circuit = readAiger(readFileSync(model));
    const witness = readWitness(readFileSync(witnessFile, 'utf8'));
    const latches = latchStates(circuit, witness);
    const symbol = new Map<string, (t: number) => string>([
      ...circuit.inputs.map((_, k) => [circuit.symbols?.get(`i${k}`) ?? `i${k}`, (t: number) => witness.inputs[t]![k]!] as const),
      ...circuit.latches.map((_, k) => [circuit.symbols?.get(`l${k}`) ?? `l${k}`, (t: number) => String(latches[t]![k])] as const),
    ]);
    const o = await open(report);
    const { page } = o;
    await page.uncheck('#stepper-0 input.only-changed');
    const cycleWidth = Number(await page.getAttribute('#stepper-0 svg.waveform', 'data-cycle-width'));
    const labelWidth = Number(await page.getAttribute('#stepper-0 svg.waveform', 'data-label-width'));
    for (let t = 0; t < witness.inputs.length; t++) {
      if (t > 0) await page.click('#stepper-0 button[data-go="next"]');
      const s = await shown(page, 'stepper-0');
      expect(s.step).toBe(t);
      expect(s.rows.length).toBeGreaterThan(100);
      for (const r of s.rows) expect(r.value, `${r.name} at cycle ${t}`).toBe(symbol.get(r.name)!(t));
      expect(Number(s.cursorX)).toBe(labelWidth + cycleWidth * t);
    }
    expect(await page.isDisabled('#stepper-0 button[data-go="next"]')).toBe(true);
    // the files to download are the ones --witness and --vcd wrote, but for the VCD's comment
    const hrefs = await page.$$eval('#stepper-0 .downloads a', (as) => as.map((a) => [a.getAttribute('download'), a.getAttribute('href')]));
    const file = (ext: string) => base64Text(hrefs.find(([name]) => name!.endsWith(ext))![1]!);
    expect(file('.wit')).toBe(readFileSync(witnessFile, 'utf8'));
    const tail = (v: string) => v.slice(v.indexOf('$timescale'));
    expect(tail(file('.vcd'))).toBe(tail(readFileSync(vcdFile, 'utf8')));
    // the property's signal rises at the last cycle
    const bad = (await page.$eval('#stepper-0 svg.waveform g.wave-row.bad path', (p) => p.getAttribute('d')))!;
    expect(bad).toMatch(/^M\d+ \d+(H\d+V\d+)*H\d+$/);
    const low = /^M\d+ (\d+)/.exec(bad)![1];
    const levels = [...bad.matchAll(/V(\d+)/g)].map((m) => m[1]);
    expect(levels.slice(0, -1).every((y) => y === low) && levels.at(-1) !== low).toBe(true);
    await closeClean(o, 'circuit-unsafe.png');
  });

  it('safe circuit: the invariant is the certified one, named from the symbol table, with the latches its clauses mention', async () => {
    const model = join(CORPUS_DIR, 'hwmcc24/split-h_Arbiterb0.aag');
    const { report, json } = check(model, 'arbiter', [], 0);
    const o = await open(report);
    const { page } = o;
    const row = await page.$eval('#invariant-0 tbody tr', (tr) => ({
      shown: tr.querySelector('td.shown')!.textContent!,
      checked: tr.querySelector('code.checked')?.textContent ?? null,
    }));
    // the view's variables are the symbols made identifiers: controllerC.state[0] is controllerC_state_0_
    const asView = (s: string) => s.replace(/[A-Za-z_][\w.[\]]*/g, (w) => w.replace(/[^A-Za-z0-9_]/g, '_'));
    expect(asView(row.checked ?? row.shown)).toBe(json.invariant.o0);
    expect(row.shown).toMatch(/controllerC\.state\[0\]/);
    const clauses = await page.$$eval('table.clauses tbody tr', (trs) => trs.map((tr) => [tr.children[0]!.textContent!, tr.children[1]!.textContent!]));
    expect(clauses.length).toBeGreaterThan(0);
    for (const [text, latches] of clauses) {
      expect(text.replace(/\bnot /g, '').split(' or ').sort()).toEqual(latches!.split(', ').sort());
    }
    await page.locator('#property-0').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'circuit-invariant.png') });
    await closeClean(o, 'circuit-safe.png');
  });

  it('termination: a ranked loop head is marked and its certificate shown; a lasso is stepped through on the drawing', async () => {
    const terminating = join(CORPUS_DIR, 'termination/t2/byron-1.t2');
    const cert = join(dir, 'byron.rank');
    const t = check(terminating, 'byron', ['--certificate', cert], 0);
    const o = await open(t.report);
    const heads = await o.page.$$eval('#drawing g.head text', (ts) => ts.map((x) => x.textContent));
    expect(heads).toEqual(t.json.transitionInvariant.heads.map((h: { head: string }) => h.head));
    expect(await o.page.textContent('pre.certificate')).toBe(readFileSync(cert, 'utf8'));
    await closeClean(o, 'terminating.png');

    const nonterminating = join(CORPUS_DIR, 'termination/t2/2.t2');
    const n = check(nonterminating, 'lasso', [], 1);
    const lasso = n.json.lasso;
    const run = (lasso.run ?? lasso.stem) as JsonStep[];
    const l = await open(n.report);
    for (let i = 0; i < run.length; i++) {
      if (i > 0) await l.page.click('#lasso-0 button[data-go="next"]');
      await expectStep(l.page, 'lasso-0', run, i);
    }
    // the cycle's edges are marked in the drawing
    expect(await l.page.locator('#drawing g.cycle').count()).toBeGreaterThan(0);
    await closeClean(l, 'nonterminating.png');
  });

  it('every front end offers the report: its source highlighted, its automaton drawn and stepped, its own files to download', async () => {
    const theta = join(CORPUS_DIR, 'theta-regression');
    const cases = [
      { model: join(theta, 'sts/counter_bad.system'), code: 1, title: 'symbolic transition system', output: 'cex', download: '.cex.csv' },
      { model: join(ROOT, 'models/step2.system'), code: 0, title: 'symbolic transition system', output: 'certificate', download: '.certificate.sts' },
      { model: join(theta, 'sts/simple1.lisp.sts'), code: 0, title: 'symbolic transition system', output: 'certificate', download: '.certificate.sts' },
      { model: join(theta, 'cfa/counter5_true.lisp.cfa'), code: 0, title: 'control-flow automaton (Lisp form)', output: 'certificate', download: '.certificate.txt' },
      { model: join(ROOT, 'models/lamp-broken.graph'), code: 1, title: 'explicit state graph', output: 'cex', download: '.cex.txt' },
      { model: join(ROOT, 'models/lamp.graph'), code: 0, title: 'explicit state graph', output: 'certificate', download: '.certificate.txt' },
      { model: join(CORPUS_DIR, 'btor2/unit/btor2tools/factorial4even.btor2'), code: 1, title: 'BTOR2 model', output: 'vcd', download: '.vcd', extra: ['--property', 'b0'] },
    ];
    for (const c of cases) {
      const name = c.model.replace(/^.*\//, '');
      const file = join(dir, `${name}${c.download}`);
      const { report } = check(c.model, name, ['--timeout', '60', `--${c.output}`, file, ...(c.extra ?? [])], c.code);
      const o = await open(report);
      const { page } = o;
      expect(await page.textContent('#summary dd'), name).toContain(`(${c.title})`);
      // every line of the file, with the format's keywords marked
      const lines = readFileSync(c.model, 'utf8').replace(/\n$/, '').split('\n');
      expect(await page.$$eval('#source .line', (ls) => ls.map((l) => l.textContent)), name).toEqual(lines);
      expect(await page.locator('#source .k').count(), name).toBeGreaterThan(0);
      // the file to download is the one the front end's own output wrote
      const href = await page.getAttribute(`#property-0 .downloads a[download$="${c.download}"]`, 'href');
      expect(base64Text(href!), name).toBe(readFileSync(file, 'utf8'));
      if (c.model.endsWith('.btor2')) {
        // a BTOR2 counterexample is drawn as the words of the model
        expect(await page.$$eval('#stepper-0 svg.waveform g.wave-row title', (ts) => ts.map((t) => t.textContent))).toEqual(['bad b0', 'bad b1', 'latch factorial[3:0]', 'latch i[3:0]']);
      }
      if (c.model.endsWith('.graph') && c.code === 1) {
        // the graph's counterexample is stepped on its drawing and its source: each step's edge leaves
        // the step's state, and the line it is written on (the init statement's, for the first) is marked
        const steps = await page.$eval('#stepper-0 input.step-field', (f) => Number((f as HTMLInputElement).max));
        for (let i = 0; i < steps; i++) {
          const s = await shown(page, 'stepper-0');
          expect(s.edgeTitle!.startsWith(`${s.locTitle}->`), `${name} step ${i}`).toBe(true);
          expect(s.lines, `${name} step ${i}`).toHaveLength(1);
          expect(s.lines[0], `${name} step ${i}`).toMatch(s.locText === '(start)' ? /^init / : new RegExp(`(^| )${s.locText}( |$)`));
          await page.click('#stepper-0 button[data-go="next"]');
        }
      }
      await closeClean(o, `${name}.png`);
    }
  });

  it('vigil bench --reports and vigil report: each run links to its report, in the same page style', async () => {
    const suite = join(dir, 'manifest.csv');
    writeFileSync(suite, `path,formalism,expected\n${join(ROOT, 'models/counter.cfa')},cfa,safe\n${join(ROOT, 'models/mutex-bug.cfa')},cfa,unsafe\n`);
    const [results, reports, out] = [join(dir, 'results.csv'), join(dir, 'reports'), join(dir, 'bench-report')];
    const bench = vigil(['bench', '--suite', suite, '--config', 'default', '--timeout', '60', '--reports', reports, '--out', results], 300_000);
    expect(bench.code, bench.stderr).toBe(0);
    const page = vigil(['report', results, '--out', out]);
    expect(page.code, page.stderr).toBe(0);
    const o = await open(join(out, 'index.html'));
    const links = await o.page.$$eval('details.runs tbody tr', (trs) => trs.map((tr) => [tr.children[0]!.textContent!, tr.querySelector('a')?.getAttribute('href') ?? null]));
    expect(links.length).toBe(2);
    await o.page.screenshot({ path: join(ARTIFACTS, 'bench-report.png') });
    for (const [model, href] of links) {
      expect(href, model!).not.toBeNull();
      await o.page.click(`a[href="${href}"]`);
      await o.page.waitForSelector('header.page h1');
      expect(await o.page.textContent('header.page h1')).toContain(model!.endsWith('counter.cfa') ? 'SAFE' : 'UNSAFE');
      await o.page.goBack();
    }
    expect(o.errors).toEqual([]);
    // the index's own images, and the reports it links to, are files beside it: nothing else is asked for
    expect(o.requests.every((u) => u.startsWith('file://'))).toBe(true);
    await o.page.close();
  });
});
