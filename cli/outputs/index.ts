/**
 * The result files of `vigil check`, written after the verdict has been certified: `--cex` (the
 * counterexample table, UNSAFE only), `--witness` (HWMCC witness, AIGER circuits, any verdict),
 * `--certificate` (the invariant in the model's syntax, SAFE only) and `--arg` (the final ARG of
 * CEGAR in DOT, any verdict). One module per format; this one only dispatches and writes.
 */
import { isAigerFile } from '../../formalisms/files.js';
import { writeFileSync } from 'node:fs';
import type { Interpreter } from '../../formalisms/interpreter.js';
import { FileError, loadModel } from '../../formalisms/load.js';
import type { Verdict } from '../../engines/verdict.js';
import type { Arg } from '../../cegar/arg.js';
import type { AbstractState } from '../../cegar/domain.js';
import { cexTable, tableFormat } from './cex.js';
import { readCircuit, type Circuit } from './circuit.js';
import { aigerWitness } from './witness.js';
import { aigerCertificate, cfaCertificate, stsCertificate } from './certificate.js';
import { argDot } from './dot.js';

export interface OutputOptions {
  readonly cex?: string;
  readonly witness?: string;
  readonly certificate?: string;
  readonly arg?: string;
}

/** What the run can give beyond the verdict. */
export interface RunArtifacts {
  /** The final ARG, when CEGAR ran. */
  readonly arg?: Arg<AbstractState>;
}

/** A usage error in the output options for this model and algorithm, checked before the run. */
export function outputProblem(file: string, algorithm: string, opts: OutputOptions): string | undefined {
  if (opts.witness !== undefined && !isAigerFile(file)) return `--witness writes AIGER witnesses: ${file} is not an AIGER circuit (.aag, .aig)`;
  if (opts.arg !== undefined && algorithm !== 'cegar') return `--arg writes the ARG of CEGAR: use it with --algorithm cegar, not ${algorithm}`;
  return undefined;
}

function write(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FileError(`${path}: cannot write: ${(e as Error).message}`);
  }
}

async function certificate(file: string, model: Interpreter, invariant: Extract<Verdict, { result: 'safe' }>['invariant'], circuit: () => Circuit): Promise<string> {
  if (model.formalism === 'cfa') return cfaCertificate(file, model, invariant);
  const inv = invariant.get(model.initLoc)!;
  if (model.formalism === 'aiger') return aigerCertificate(file, circuit(), inv);
  return stsCertificate(file, (await loadModel(file)).sts!, inv);
}

/** Writes the requested files for a certified verdict on `model` (read from `file`); returns the paths written. */
export async function writeOutputs(file: string, model: Interpreter, verdict: Verdict, opts: OutputOptions, artifacts: RunArtifacts = {}): Promise<string[]> {
  const written: string[] = [];
  let read: Circuit | undefined;
  const circuit = () => (read ??= readCircuit(file));
  const put = (path: string, text: string) => { write(path, text); written.push(path); };
  if (opts.cex !== undefined && verdict.result === 'unsafe') put(opts.cex, cexTable(model, verdict.trace, tableFormat(opts.cex)));
  if (opts.witness !== undefined) put(opts.witness, aigerWitness(circuit(), model, verdict));
  if (opts.certificate !== undefined && verdict.result === 'safe') put(opts.certificate, await certificate(file, model, verdict.invariant, circuit));
  if (opts.arg !== undefined && artifacts.arg) put(opts.arg, argDot(artifacts.arg));
  return written;
}
