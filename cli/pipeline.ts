/**
 * `vigil check` as one plain function: load the model, run the algorithm, certify the verdict
 * independently, write the requested result files (`outputs/`, only after certification), render
 * the result. It runs in the checker's worker thread (expressions are hash-consed per thread, so a
 * model and its verdict never leave the thread that built them) and returns only plain data: the
 * rendered text, the exit code and what the terminal interface's verdict panel shows. Tests and
 * benchmarks may call it in-process.
 */
import { FileError, loadModel } from '../formalisms/load.js';
import { InputError } from '../lang/errors.js';
import { NoPropertyError } from '../formalisms/cfa-semantics.js';
import { replay } from '../formalisms/trace.js';
import { bmc } from '../engines/bmc.js';
import type { Progress, Verdict } from '../engines/verdict.js';
import { checkAiger } from '../engines/aiger/check.js';
import { isAigerFile } from '../formalisms/files.js';
import { checkInvariant } from '../engines/invariant-check.js';
import { cegar } from '../cegar/checker.js';
import { admits, describeConfig, type CegarConfig } from '../cegar/config.js';
import { searchWeights } from '../cegar/search.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { loadZ3 } from '../lang/smt/context.js';
import { defaultCegarConfig } from './defaults.js';
import { humanVerdict, jsonVerdict } from './render.js';
import { panelOf } from './panel.js';
import { outputProblem, writeOutputs } from './outputs/index.js';
import type { Arg } from '../cegar/arg.js';
import type { AbstractState } from '../cegar/domain.js';
import { EXIT, VERSION, defaultAlgorithm, type Algorithm, type CheckFailure, type CheckOptions, type CheckResult, type Header } from './protocol.js';

export interface PipelineHooks {
  /** Absolute time (ms since the epoch) after which the algorithm gives up. */
  readonly deadline?: number;
  readonly onStart?: (h: Header) => void;
  readonly onProgress?: (p: Progress) => void;
  /** Warnings about the input and notes about the configuration, one line each. */
  readonly onNote?: (line: string) => void;
}

/** Raised when a verdict's certificate fails its check: a bug that must not pass silently. */
export class CertificateError extends Error {}

/** The CEGAR configuration: the formalism's default with the options given on the command line. */
function cegarConfig(model: Interpreter, o: CheckOptions): CegarConfig {
  const d = defaultCegarConfig(model.vars);
  const searchName = o.search ?? d.search;
  const c: CegarConfig = {
    domain: o.domain ?? d.domain,
    maxEnum: o.maxenum ?? d.maxEnum,
    refinement: o.refinement ?? d.refinement,
    search: searchName,
    weights: searchWeights(searchName)!,
    predSplit: o.predsplit ?? d.predSplit,
    precGranularity: o.precgranularity ?? d.precGranularity,
    initPrec: o.initprec ?? d.initPrec,
    pruneStrategy: o.prunestrategy ?? d.pruneStrategy,
  };
  if (!admits(c.domain, c.refinement)) throw new FileError(`--refinement ${c.refinement} works with --domain EXPL only`);
  return c;
}

/** What a run gives: the verdict, the model its certificate speaks about, and CEGAR's final ARG. */
interface Run {
  readonly header: Header;
  readonly model: Interpreter;
  readonly verdict: Verdict;
  readonly arg?: Arg<AbstractState>;
}

/** Runs the algorithm (the verdict is not yet certified). */
async function run(file: string, opts: CheckOptions, hooks: PipelineHooks): Promise<Run> {
  const { deadline, onProgress } = hooks;
  const aiger = isAigerFile(file);
  const algorithm: Algorithm = opts.algorithm ?? defaultAlgorithm(file);
  const problem = outputProblem(file, algorithm, opts);
  if (problem) throw new FileError(problem);
  const base = { timeout: opts.timeout ?? null };
  if (aiger && algorithm !== 'cegar') {
    // IC3 has no bound; BMC, k-induction and the portfolio's BMC have.
    const bounded = algorithm !== 'ic3';
    const header: Header = { file, formalism: 'aiger', algorithm, options: { ...base, ...(bounded ? { bound: opts.bound } : {}) } };
    hooks.onStart?.(header);
    return { header, ...await checkAiger(file, algorithm, { bound: opts.bound, deadline, onProgress }) };
  }
  if (algorithm !== 'bmc' && algorithm !== 'cegar') throw new FileError(`${file}: --algorithm ${algorithm} checks AIGER circuits (.aag, .aig) only`);
  const loaded = await loadModel(file);
  for (const w of loaded.warnings) hooks.onNote?.(`warning: ${w.render()}`);
  const model = loaded.interpreter();
  await loadZ3();
  if (algorithm === 'bmc') {
    const header: Header = { file, formalism: model.formalism, algorithm, options: { ...base, bound: opts.bound } };
    hooks.onStart?.(header);
    return { header, model, verdict: bmc(model, { bound: opts.bound, deadline, onProgress }) };
  }
  const config = cegarConfig(model, opts);
  const header: Header = { file, formalism: model.formalism, algorithm, options: { ...base, ...describeConfig(config) } };
  hooks.onStart?.(header);
  let arg: Arg<AbstractState> | undefined;
  const verdict = cegar(model, config, { deadline, onProgress, onNote: (n) => hooks.onNote?.(`note: ${n}`), onArg: (a) => { arg = a; } });
  return { header, model, verdict, arg };
}

/**
 * Checks the certificate by code independent of the algorithm: a CEGAR invariant by a fresh
 * solver, any counterexample by replay on the model. (The AIGER engines certify their own verdicts
 * on the unreduced circuit before returning them, so an invariant from there is already checked.)
 */
function certify(header: Header, model: Interpreter, verdict: Verdict): void {
  if (verdict.result === 'safe' && header.algorithm === 'cegar') {
    const wrong = checkInvariant(model, verdict.invariant);
    if (wrong) throw new CertificateError(`the invariant CEGAR found for ${header.file} fails its check: ${wrong}`);
  }
  if (verdict.result === 'unsafe') {
    const wrong = replay(model, verdict.trace);
    if (wrong) throw new CertificateError(`the counterexample ${header.algorithm} found for ${header.file} does not replay on the model: ${wrong}`);
  }
}

/** Load, check, certify, render. Throws on bad input or a failed certificate (see `failure`). */
export async function checkPipeline(file: string, opts: CheckOptions, hooks: PipelineHooks = {}): Promise<CheckResult> {
  const { header, model, verdict, arg } = await run(file, opts, hooks);
  certify(header, model, verdict);
  const outputs = await writeOutputs(file, model, verdict, opts, { arg });
  return {
    kind: 'result',
    ...header,
    verdict: verdict.result,
    ...(verdict.result === 'unknown' ? { reason: verdict.reason } : {}),
    code: EXIT[verdict.result],
    stats: verdict.stats,
    text: opts.json
      ? jsonVerdict(file, header.algorithm, header.options, verdict, { version: VERSION, formalism: model.formalism, outputs })
      : humanVerdict(file, header.algorithm, model, verdict),
    panel: panelOf(model, verdict),
  };
}

/** The exit code and message for an error thrown by the pipeline or the command line. */
export function failure(e: unknown): CheckFailure {
  if (e instanceof InputError) return { kind: 'failure', code: EXIT.input, message: e.render() };
  if (e instanceof FileError || e instanceof NoPropertyError) return { kind: 'failure', code: EXIT.input, message: e.message };
  if (e instanceof CertificateError) {
    return { kind: 'failure', code: EXIT.internal, message: `\nINTERNAL ERROR: ${e.message}\nThe verdict was not printed. Please report this bug.` };
  }
  return { kind: 'failure', code: EXIT.internal, message: `internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}` };
}
