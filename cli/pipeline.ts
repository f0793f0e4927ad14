/**
 * `vigil check` as one plain function, in the order a reader follows it: the front end reads the
 * problem once (formalisms/frontends/); the registry makes the engine (engines/registry.ts); each
 * property is checked by the engine and its certificate by the check of its kind
 * (certificates/check.ts) before its verdict counts; the result files are written (outputs/), and
 * the result rendered. It runs in the checker's worker thread (expressions are hash-consed per
 * thread, so a model and its certificates never leave the thread that built them) and returns only
 * plain data: the rendered text, the exit code and what the terminal interface shows. Tests and
 * the bench runners call it in-process.
 */
import { FileError, circuitProblem, loadProblem } from '../formalisms/frontends/index.js';
import type { AigerFile } from '../formalisms/frontends/aiger/read.js';
import type { Problem, Property, PropertyKind } from '../formalisms/problem.js';
import { InputError } from '../lang/errors.js';
import { CertificateError } from '../certificates/certificate.js';
import { checkCertificate } from '../certificates/check.js';
import { OptionError, type EngineSpec, type Settings } from '../engines/engine.js';
import { chooseEngine, declaring } from '../engines/registry.js';
import type { Progress } from '../engines/result.js';
import { humanVerdict, jsonVerdict, report, summarize, type Checked } from './render.js';
import { panelOf } from './panel.js';
import { outputProblem, writeOutputs } from './outputs/index.js';
import { EXIT, VERSION, type CheckFailure, type CheckOptions, type CheckResult, type Header, type PropertyReport } from './protocol.js';

export interface PipelineHooks {
  /** Absolute time (ms since the epoch) after which the engine, and a certificate check on Vigil's SAT solver, give up. */
  readonly deadline?: number;
  /** Polled by the bit-level engines with the clock: true ends the check as the deadline would (engines/result.ts, Limits). */
  readonly stop?: () => boolean;
  readonly onStart?: (h: Header) => void;
  readonly onProgress?: (p: Progress) => void;
  /** Warnings about the input and notes about the configuration, one line each. */
  readonly onNote?: (line: string) => void;
  /** Each property's verdict once its certificate has passed its check. */
  readonly onProperty?: (r: PropertyReport) => void;
}

/**
 * The properties to check: every property of the file's default kind (only the first in HWMCC's
 * harness form), or the one `--property` names, or every property of the kind it names (`safety`,
 * `termination`).
 */
function selectProperties(problem: Problem, name: string | undefined, firstOnly: boolean): readonly Property[] {
  const ofKind = (kind: PropertyKind) => {
    const found = problem.properties.filter((p) => p.kind === kind);
    if (found.length === 0) throw (kind === 'safety' && problem.noProperty) || new FileError(`${problem.file}: the model states no ${kind} property to check`);
    return found;
  };
  if (name === undefined) return firstOnly ? ofKind(problem.defaultKind ?? 'safety').slice(0, 1) : ofKind(problem.defaultKind ?? 'safety');
  const p = problem.properties.find((x) => x.name === name);
  if (!p && (name === 'safety' || name === 'termination')) return ofKind(name);
  if (!p) throw new FileError(`--property ${name}: ${problem.file} has ${problem.properties.length === 1 ? 'one property,' : 'the properties'} ${problem.properties.map((x) => x.name).join(', ')}`);
  return [p];
}

/** Engine options the chosen engine does not have are a usage error, not something to ignore. */
function checkSettings(spec: EngineSpec, settings: Settings): void {
  for (const name of Object.keys(settings)) {
    if (!spec.options.some((o) => o.name === name)) throw new OptionError(`--${name} is an option of ${declaring(name)}, not of ${spec.name}`);
  }
}

/**
 * Load, check every property and its certificate, write, render. Throws on bad input or a failed
 * certificate. `circuit` is the file already read, when the command line read a small circuit ahead.
 */
export async function checkPipeline(file: string, opts: CheckOptions, hooks: PipelineHooks = {}, circuit?: AigerFile): Promise<CheckResult> {
  const problem = circuit ? await circuitProblem(file, circuit) : await loadProblem(file);
  for (const w of problem.warnings) hooks.onNote?.(`warning: ${w.render()}`);
  // HWMCC's harness and certifaiger certify a file's first property
  const properties = selectProperties(problem, opts.property, opts.hwmcc !== undefined);
  const kind = properties[0]!.kind;
  const spec = chooseEngine(problem, opts, kind);
  checkSettings(spec, opts.settings);
  const misuse = outputProblem(problem, spec, opts);
  if (misuse) throw new FileError(misuse);
  const engine = await spec.create(opts.settings, problem);
  const header: Header = {
    file, formalism: problem.formalism, algorithm: spec.name,
    options: { timeout: opts.timeout ?? null, ...engine.configuration }, properties: properties.map((p) => p.name),
  };
  hooks.onStart?.(header);

  const checked: Checked[] = [];
  const reports: PropertyReport[] = [];
  for (const property of properties) {
    const tag = properties.length > 1 ? { property: property.name } : {};
    const found = await engine.check(problem, property, { deadline: hooks.deadline, stop: hooks.stop }, {
      progress: (p) => hooks.onProgress?.({ ...p, ...tag }),
      note: (line) => hooks.onNote?.(`note: ${line}`),
    });
    const result = await checkCertificate(problem, property, spec.name, found, hooks.deadline);
    checked.push({ property, result });
    reports.push(report(property, result));
    hooks.onProperty?.(reports.at(-1)!);
  }

  const outputs = writeOutputs(problem, checked, opts);
  const summary = summarize(reports);
  return {
    kind: 'result',
    header,
    verdict: summary.verdict,
    ...(summary.reason ? { reason: summary.reason } : {}),
    code: EXIT[summary.verdict],
    stats: summary.stats,
    reports,
    text: opts.json
      ? jsonVerdict(problem, header, checked, summary, { version: VERSION, outputs })
      : humanVerdict(problem, header, checked, summary),
    panel: panelOf(problem, checked),
  };
}

/**
 * The exit code and one-line message for an error thrown by the pipeline or the command line. An
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
