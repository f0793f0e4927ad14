/**
 * The result files of `vigil check`, written after every certificate has passed its check:
 * `--cex` (the counterexample table, UNSAFE properties), `--witness` (the HWMCC witness of a
 * circuit, one entry per property whatever its verdict; for a BTOR2 model the btorsim witness of
 * each UNSAFE property), `--certificate` (the proof in the model's
 * own syntax, SAFE properties, binary AIGER for a circuit when the name ends in `.aig`; and the
 * (non-)termination argument of the termination property) and `--arg` (the final ARG, engines that
 * build one). The formats are
 * the problem's to know (its front end writes certificates and witnesses) or are generic over the
 * interpreter view (cex.ts, dot.ts); this module only chooses the paths and writes.
 *
 * With several properties, `--cex`, `--certificate` and `--arg` write one file per property, its
 * name inserted before the extension (`cert.aag` gives `cert.b0.aag`, `cert.b1.aag`); the HWMCC
 * witness format holds several properties, so `--witness` stays one file.
 */
import { writeFileSync } from 'node:fs';
import { FileError } from '../../formalisms/frontends/index.js';
import type { Problem } from '../../formalisms/problem.js';
import type { EngineSpec } from '../../engines/engine.js';
import type { Checked } from '../render.js';
import { cexTable, tableFormat } from './cex.js';
import { argDot } from './dot.js';

export interface OutputOptions {
  readonly cex?: string;
  readonly witness?: string;
  readonly certificate?: string;
  readonly arg?: string;
  /**
   * HWMCC's harness form (`vigil hwmcc`): the HWMCC witness goes to `sat` when a property fails,
   * the first property's certificate to `unsat` when it holds, nothing to the other file.
   */
  readonly hwmcc?: { readonly sat: string; readonly unsat: string };
}

/** A usage error in the output options for this problem and engine, found before the run. */
export function outputProblem(problem: Problem, engine: EngineSpec, opts: OutputOptions): string | undefined {
  if (opts.hwmcc !== undefined && problem.formalism !== 'aiger') return `vigil hwmcc checks AIGER circuits: ${problem.file} is not one (.aag, .aig)`;
  if (opts.witness !== undefined && !problem.circuit && !problem.btor2) return `--witness writes AIGER witnesses: ${problem.file} is not an AIGER circuit (.aag, .aig) or a BTOR2 model (.btor2, .btor: btorsim witnesses)`;
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
export function writeOutputs(problem: Problem, checked: readonly Checked[], opts: OutputOptions): string[] {
  const written: string[] = [];
  const put = (path: string, text: string | Uint8Array) => { write(path, text); written.push(path); };
  const several = checked.length > 1;
  for (const { property: p, result: r } of checked) {
    if (opts.cex !== undefined && r.verdict === 'unsafe') {
      put(pathFor(opts.cex, p.name, several), cexTable(problem.model(p), problem.trace(p, r.certificate), tableFormat(opts.cex)));
    }
    if (opts.certificate !== undefined && r.verdict === 'safe') {
      const path = pathFor(opts.certificate, p.name, several);
      // a circuit's certificate is binary AIGER when the file name says so (a BTOR2 model's, when it is a witness circuit)
      const binary = problem.circuit && path.endsWith('.aig') && (problem.formalism === 'aiger' || r.certificate.kind === 'witness-circuit');
      put(path, binary ? problem.circuit!.certificateFile(p, r.certificate, 'aig') : problem.certificateText(p, r.certificate));
    }
    if (opts.certificate !== undefined && (r.verdict === 'terminating' || r.verdict === 'nonterminating')) {
      put(pathFor(opts.certificate, p.name, several), problem.terminationText!(p, r.certificate));
    }
    if (opts.arg !== undefined && r.arg) put(pathFor(opts.arg, p.name, several), argDot(r.arg));
  }
  const btor2 = problem.btor2;
  if (btor2 && opts.witness !== undefined) {
    // btorsim's format holds one counterexample: a file per UNSAFE property when there are several
    const unsafe = checked.filter((c) => c.result.verdict === 'unsafe');
    for (const { property: p, result: r } of unsafe) {
      if (r.verdict === 'unsafe') put(pathFor(opts.witness, p.name, unsafe.length > 1), btor2.witness(p, r.certificate));
    }
  }
  const circuit = problem.formalism === 'aiger' ? problem.circuit : undefined;
  if (!circuit) return written;
  const witness = () => circuit.witnessText(checked.map(({ property, result: r }) => ({
    property,
    verdict: r.verdict,
    ...(r.verdict === 'unsafe' ? { run: r.certificate.kind === 'witness' ? r.certificate.run : circuit.run(property, r.certificate.trace) } : {}),
  })));
  if (opts.witness !== undefined) put(opts.witness, witness());
  if (opts.hwmcc !== undefined) {
    const first = checked[0]!;
    if (checked.some((c) => c.result.verdict === 'unsafe')) put(opts.hwmcc.sat, witness());
    else if (first.result.verdict === 'safe') {
      put(opts.hwmcc.unsat, circuit.certificateFile(first.property, first.result.certificate, opts.hwmcc.unsat.endsWith('.aag') ? 'aag' : 'aig'));
    }
  }
  return written;
}
