/**
 * The result files of `vigil check`, written after every certificate has passed its check. The
 * formats are the problem's to know: its front end offers its outputs by name (formalisms/
 * frontends/frontend.ts) and writes them (`Problem.outputs`); this module only checks that the
 * ones asked for exist, chooses the paths and writes. `--arg` is the engine's: the final ARG of
 * the engines that build one. `--report`, which every front end offers, is laid out here for all
 * of them (cli/report/) from the problem's report view, after the other files.
 *
 * An output of the whole run (an HWMCC witness file holds every property) is one file; one that is
 * per property writes one file per property when there are several, the property's name inserted
 * before the extension (`cert.aag` gives `cert.b0.aag`, `cert.b1.aag`).
 */
import { writeFileSync } from 'node:fs';
import { FileError, REPORT, type FrontEnd } from '../../formalisms/frontends/frontend.js';
import type { Checked, Problem } from '../../formalisms/problem.js';
import { answerOf } from '../../formalisms/property-kinds.js';
import { argDot } from '../../formalisms/dot.js';
import type { EngineSpec } from '../../engines/engine.js';
import type { Summary } from '../render.js';
import type { ProgressLog } from '../report/progress-log.js';
import { VERSION, type CheckOptions, type Header } from '../protocol.js';

/**
 * The outputs the command line has options for: every front end's, once each; the help once when
 * every front end offers it and says the same (`--report`), else a line per help text, after the
 * front ends that give it.
 */
export function outputOptions(frontEnds: readonly FrontEnd[]): { readonly name: string; readonly help: string }[] {
  const seen = new Map<string, { help: string; title: string }[]>();
  for (const f of frontEnds) for (const o of f.outputs) seen.set(o.name, [...(seen.get(o.name) ?? []), { help: o.help, title: f.title }]);
  return [...seen].map(([name, offers]) => ({ name, help: offers.length === frontEnds.length && offers.every((o) => o.help === offers[0]!.help) ? offers[0]!.help : byHelp(offers) }));
}

/** One line per help text, after the titles of the front ends that give it (each title once: several front ends share one). */
function byHelp(offers: readonly { help: string; title: string }[]): string {
  const titles = new Map<string, string[]>();
  for (const o of offers) {
    const t = titles.get(o.help) ?? [];
    if (!t.includes(o.title)) t.push(o.title);
    titles.set(o.help, t);
  }
  return [...titles].map(([help, t]) => `${t.join(', ')}: ${help}`).join('\n');
}

/** A usage error in the output options for this problem and engine, found before the run. */
export function outputProblem(problem: Problem, frontEnd: FrontEnd, engine: EngineSpec, opts: CheckOptions): string | undefined {
  const offered = frontEnd.outputs.map((o) => `--${o.name}`).join(', ');
  // the report's writer is cli/report/, for every front end that offers it
  const writes = (name: string) => (name === REPORT.name ? frontEnd.outputs.includes(REPORT) : problem.outputs.some((o) => o.name === name));
  for (const name of Object.keys(opts.outputs)) {
    if (!writes(name)) return `--${name}: ${problem.file} is one of the ${frontEnd.title}, which offer ${offered}`;
  }
  if (opts.hwmcc !== undefined && !['witness', 'certificate'].every((n) => problem.outputs.some((o) => o.name === n))) {
    return `vigil hwmcc writes witnesses and certificates: ${problem.file} is one of the ${frontEnd.title}, which offer ${offered}`;
  }
  if (opts.arg !== undefined && !engine.drawsArg) return `--arg writes the ARG of CEGAR: use it with --algorithm cegar, not ${engine.name}`;
  return undefined;
}

function write(path: string, text: string | Uint8Array): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FileError(`${path}: cannot write: ${(e as Error).message}`);
  }
}

/** `base` itself for one property, else with the property's name before the extension. */
function pathFor(base: string, property: string, several: boolean): string {
  if (!several) return base;
  const dot = base.lastIndexOf('.');
  const slash = base.lastIndexOf('/');
  return dot > slash + 1 ? `${base.slice(0, dot)}.${property}${base.slice(dot)}` : `${base}.${property}`;
}

/** Writes the requested files for certified results; returns the paths written. */
export function writeOutputs(problem: Problem, checked: readonly Checked[], opts: CheckOptions): string[] {
  const written: string[] = [];
  const put = (path: string, text: string | Uint8Array | undefined) => {
    if (text === undefined) return;
    write(path, text);
    written.push(path);
  };
  const several = checked.length > 1;
  const output = (name: string) => problem.outputs.find((o) => o.name === name)!;
  for (const [name, base] of Object.entries(opts.outputs)) {
    if (name === REPORT.name) continue;
    const o = output(name);
    if (o.scope === 'run') put(base, o.write(checked, base));
    else for (const c of checked) put(pathFor(base, c.property.name, several), o.write([c], pathFor(base, c.property.name, several)));
  }
  if (opts.arg !== undefined) for (const c of checked) if (c.result.arg) put(pathFor(opts.arg, c.property.name, several), argDot(c.result.arg()));
  if (opts.hwmcc !== undefined) {
    const first = checked[0]!;
    if (checked.some((c) => c.result.verdict !== 'unknown' && answerOf(c.result.verdict) === 'fails')) put(opts.hwmcc.sat, output('witness').write(checked, opts.hwmcc.sat));
    else if (first.result.verdict !== 'unknown' && answerOf(first.result.verdict) === 'holds') put(opts.hwmcc.unsat, output('certificate').write([first], opts.hwmcc.unsat, { preferBinary: true }));
  }
  return written;
}

/** `--report`: the HTML report of the certified run (cli/report/), with the progress logged. */
export async function writeReport(path: string, problem: Problem, checked: readonly Checked[], summary: Summary, context: { readonly header: Header; readonly memoryMb?: number; readonly progress?: ProgressLog }): Promise<void> {
  // loaded only for a report: the other checks start without them
  const [{ buildReport }, { reportHtml }] = await Promise.all([import('../report/build.js'), import('../report/page.js')]);
  write(path, await reportHtml(buildReport(problem, checked, summary, { version: VERSION, ...context })));
}
