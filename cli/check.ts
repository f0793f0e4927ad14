/**
 * `vigil check` as one path, in the order a reader follows it: the front end reads the file once
 * (formalisms/frontends/); `plan` chooses the properties and the engine from that problem
 * (engines/registry.ts) and says where the check runs; `runCheck` makes the engine, and for each
 * property applies the passes its options ask for to the property's task, checks it, maps the
 * result back, and has each claim the result makes about the file checked by its kind
 * (certificates/check.ts) before the verdict counts; then it writes the result files (outputs/), the
 * HTML report last (with the progress the engines reported), and renders the result. One kind of
 * event (protocol.ts, `CheckEvent`) reports the run to the terminal interface, the progress lines,
 * `--json` and the benchmarks alike.
 *
 * It runs in this thread when the engine needs no Z3 (the bit-level engines: their SAT solver polls
 * the deadline, and so does the check of their certificates), without the terminal interface and
 * without --memory; else in the checker's worker thread (session.ts), which reads the file again
 * from its bytes (expressions are hash-consed per thread) and follows the plan made here.
 */
import { frontEndOf } from '../formalisms/frontends/index.js';
import { FileError } from '../formalisms/frontends/frontend.js';
import type { Answer, Checked, Problem } from '../formalisms/problem.js';
import type { Property } from '../formalisms/property-kinds.js';
import { EXIT, KIND_NAMES, exitCode, type PropertyKind } from '../formalisms/property-kinds.js';
import { unknown, type Result } from '../formalisms/result.js';
import { InputError } from '../lang/errors.js';
import { CertificateError, checkClaim, claimName } from '../certificates/check.js';
import { OutOfTime } from '../certificates/witness-circuit.js';
import { OptionError, type Engine, type EngineSpec, type Settings } from '../engines/engine.js';
import { offerFor } from '../engines/level.js';
import { checkSettings, chooseEngine, engineFor, passConfiguration, passesFor, usesZ3 } from '../engines/registry.js';
import { forwardAll } from '../engines/passes/pass.js';
import type { Limits, Reporter } from '../engines/run.js';
import { humanVerdict, jsonVerdict, report, summarize } from './render.js';
import { panelOf } from './panel.js';
import { outputProblem, writeOutputs, writeReport } from './outputs/index.js';
import { ProgressLog } from './report/progress-log.js';
import { ENGINE_CONTEXT } from './engine-context.js';
import { VERSION, type CheckEvent, type CheckFailure, type CheckOptions, type CheckResult, type Header, type Plan, type PropertyReport } from './protocol.js';

/**
 * The properties to check: every property of the file's default kind (only the first in HWMCC's
 * harness form), or the one `--property` names, or every property of the kind it names.
 */
function selectProperties(problem: Problem, name: string | undefined, firstOnly: boolean): readonly Property[] {
  const ofKind = (kind: PropertyKind) => {
    const found = problem.properties.filter((p) => p.kind === kind);
    if (found.length === 0) throw (kind === 'safety' && problem.noProperty) || new FileError(`${problem.file}: the model states no ${kind} property to check`);
    return found;
  };
  if (name === undefined) return firstOnly ? ofKind(problem.defaultKind ?? 'safety').slice(0, 1) : ofKind(problem.defaultKind ?? 'safety');
  const p = problem.properties.find((x) => x.name === name);
  if (!p && (KIND_NAMES as readonly string[]).includes(name)) return ofKind(name as PropertyKind);
  if (!p) throw new FileError(`--property ${name}: ${problem.file} has ${problem.properties.length === 1 ? 'one property,' : 'the properties'} ${problem.properties.map((x) => x.name).join(', ')}`);
  return [p];
}

/** The plan of a check and where it runs: here when its engine needs no Z3, there is no interface to draw and no --memory to enforce. */
export function plan(problem: Problem, opts: CheckOptions, tui: boolean): { readonly plan: Plan; readonly here: boolean } {
  const properties = selectProperties(problem, opts.property, opts.hwmcc !== undefined);
  const spec = chooseEngine(problem.task(properties[0]!), { ...opts, arg: opts.arg !== undefined });
  checkSettings(spec, opts.settings);
  const misuse = outputProblem(problem, frontEndOf(problem.file), spec, opts);
  if (misuse) throw new FileError(misuse);
  const here = !tui && opts.memory === undefined && !usesZ3(spec, opts.settings, problem.task(properties[0]!));
  return { plan: { properties: properties.map((p) => p.name), engine: spec.name, panel: tui }, here };
}

/**
 * The result as it may be shown: as it is when every claim it makes passes its check, UNKNOWN
 * (timeout) when a check ran past the deadline. Throws a CertificateError naming the model, the
 * property, the engine and what failed.
 */
export async function certified(problem: Problem, p: Property, engine: string, r: Result, deadline: number | undefined): Promise<Result> {
  if (r.verdict === 'unknown') return r;
  for (const claim of problem.claims(p, r as Answer)) {
    let wrong: string | undefined;
    try {
      wrong = await checkClaim(claim, deadline);
    } catch (e) {
      if (e instanceof OutOfTime) return { verdict: 'unknown', reason: unknown('timeout', `timeout while checking the ${claimName(claim)}`), stats: r.stats };
      throw e;
    }
    if (wrong) throw new CertificateError(`${problem.file}, property ${p.name}: the ${claimName(claim)} found by ${engine} fails its check: ${wrong}`);
  }
  return r;
}

/**
 * One property as `vigil check` checks it: its task through the passes the engine's settings ask
 * for, checked by the engine, the result mapped back and certified.
 */
export async function checkProperty(problem: Problem, property: Property, spec: EngineSpec, engine: Engine, settings: Settings, limits: Limits, reporter: Reporter): Promise<Result> {
  const task = problem.task(property);
  const mapped = await forwardAll(passesFor(spec, settings, task), task, ENGINE_CONTEXT);
  const found = await engine.check(mapped.task, limits, reporter);
  return certified(problem, property, spec.name, await mapped.back(found), limits.deadline);
}

/** Checks the planned properties, certifies each result, writes the result files and renders the result. Throws on a failed certificate. */
export async function runCheck(problem: Problem, planned: Plan, opts: CheckOptions, limits: Limits, onEvent: (e: CheckEvent) => void = () => {}): Promise<CheckResult> {
  for (const w of problem.warnings) onEvent({ kind: 'note', line: `warning: ${w.render()}` });
  const properties = planned.properties.map((name) => problem.properties.find((p) => p.name === name)!);
  const first = problem.task(properties[0]!);
  const spec = engineFor(offerFor(first, opts.settings), planned.engine);
  const engine = await spec.create(opts.settings, ENGINE_CONTEXT);
  const header: Header = {
    file: problem.file, formalism: problem.formalism, algorithm: spec.name, properties: planned.properties,
    options: { timeout: opts.timeout ?? null, ...engine.configuration(first), ...passConfiguration(spec, opts.settings, first) },
  };
  onEvent({ kind: 'start', header });

  const checked: Checked[] = [];
  const reports: PropertyReport[] = [];
  const reportFile = opts.outputs.report;
  // the report draws the engines' progress over time
  const log = reportFile === undefined ? undefined : new ProgressLog();
  for (const property of properties) {
    const tag = properties.length > 1 ? { property: property.name } : {};
    const result = await checkProperty(problem, property, spec, engine, opts.settings, limits, {
      progress: (p) => {
        log?.add(p, property.name);
        onEvent({ kind: 'progress', progress: { ...p, ...tag } });
      },
      note: (line) => onEvent({ kind: 'note', line: `note: ${line}` }),
    });
    checked.push({ property, result });
    reports.push(report(property, result));
    onEvent({ kind: 'property', report: reports.at(-1)! });
  }

  const outputs = writeOutputs(problem, checked, opts);
  const summary = summarize(reports);
  if (reportFile !== undefined) {
    await writeReport(reportFile, problem, checked, summary, { header, ...(opts.memory === undefined ? {} : { memoryMb: opts.memory }), ...(log ? { progress: log } : {}) });
    outputs.push(reportFile);
  }
  return {
    kind: 'result',
    header,
    verdict: summary.verdict,
    ...(summary.reason ? { reason: summary.reason } : {}),
    code: exitCode(summary.verdict),
    stats: summary.stats,
    reports,
    text: opts.json
      ? jsonVerdict(problem, header, checked, summary, { version: VERSION, outputs, ...(reportFile === undefined ? {} : { report: reportFile }) })
      : humanVerdict(problem, header, checked, summary),
    ...(planned.panel ? { panel: panelOf(problem, checked) } : {}),
    ...(problem.verdictWords ? { words: problem.verdictWords } : {}),
  };
}

/**
 * The exit code and one-line message for an error thrown by a check or the command line. An
 * internal error (a failed certificate, a bug) shows its stack only with `--debug`.
 */
export function failure(e: unknown, debug = false): CheckFailure {
  if (e instanceof InputError) return { kind: 'failure', code: EXIT.input, message: e.render() };
  if (e instanceof FileError || e instanceof OptionError) return { kind: 'failure', code: EXIT.input, message: e.message };
  const message = e instanceof Error ? e.message : String(e);
  const stack = debug && e instanceof Error && e.stack ? `\n${e.stack}` : '';
  if (e instanceof CertificateError) {
    return { kind: 'failure', code: EXIT.internal, message: `internal error: ${message} (the verdict was not printed; please report this bug)${stack}` };
  }
  return { kind: 'failure', code: EXIT.internal, message: `internal error: ${message.split('\n')[0]}${debug ? '' : ' (run with --debug for details)'}${stack}` };
}
