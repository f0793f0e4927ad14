/**
 * What the word-level front ends (CFA, T2, STS) share: a property's task is its interpreter view,
 * its certificates are traces and invariants of that view (and termination arguments), and the
 * claims they make are about the view; the outputs are the counterexample table and the
 * certificate in the model's own syntax, both also offered by the HTML report.
 */
import type { Expr } from '../../lang/expr.js';
import { cexTable } from '../cex-table.js';
import { modelClaims, type Certificate } from '../certificate.js';
import type { Interpreter, Location } from '../interpreter.js';
import type { Checked, Output, Problem } from '../problem.js';
import { keywordHighlighter } from '../report-view.js';
import type { Property } from '../property-kinds.js';
import { shownAs } from '../property-kinds.js';
import type { Task, Theory } from '../task.js';
import type { Trace } from '../trace.js';
import type { ClauseView } from './chc/layout.js';

/** What a word-level front end says of its file; the rest of its problem is made here. */
type WordLevelReading = Omit<Problem, 'task' | 'claims' | 'trace' | 'invariant' | 'outputs'> & {
  /** The interpreter view of a property, built when first asked for. */
  model(p: Property): Interpreter;
  /** The file's contents as read. */
  readonly source: Uint8Array;
  /** The ending under which the report offers the certificate file (`.certificate.sts`: it is a model file of its own). */
  readonly certificateFile?: string;
  /** Proofs in the format's terms are inductive invariants only (Task `inductiveProofs`). */
  readonly inductiveProofs?: boolean;
  /** The clause view of a clause system (Task `clauses`). */
  readonly clauses?: ClauseView;
};

export function wordLevelProblem(reading: WordLevelReading): Problem {
  const { model, source, certificateFile, inductiveProofs, clauses, ...rest } = reading;
  const task = (property: Property): Task => ({
    file: reading.file, property, theories: reading.theories as ReadonlySet<Theory>, source, ...(inductiveProofs ? { inductiveProofs } : {}), ...(clauses ? { clauses } : {}),
    get model() { return model(property); },
  });
  const problem: Problem = {
    ...rest,
    task,
    claims: (p, r) => modelClaims(model(p), r.certificate),
    trace: (_p, c) => traceOf(c),
    invariant: (_p, c) => invariantOf(c),
    outputs: [cexOutput((p) => model(p), (p, c) => problem.trace(p, c)), certificateOutput(reading, certificateFile)],
  };
  return problem;
}

function traceOf(c: Certificate): Trace {
  if (c.kind !== 'trace') throw new Error(`a ${c.kind} is not a counterexample of a word-level model`);
  return c.trace;
}

function invariantOf(c: Certificate): ReadonlyMap<Location, Expr> {
  if (c.kind !== 'invariant' && c.kind !== 'k-invariant') throw new Error(`a ${c.kind} is not an invariant of a word-level model`);
  return c.invariant;
}

/** `--cex`: the counterexample of each failing property as a table (formalisms/cex-table.ts). */
export function cexOutput(model: (p: Property) => Interpreter, trace: (p: Property, c: Certificate) => Trace, show?: (m: Interpreter) => (v: Expr) => string): Output {
  return {
    name: 'cex',
    scope: 'property',
    download: '.cex.csv',
    write: ([c], path) => {
      const { property: p, result: r } = c!;
      if (r.verdict === 'unknown' || shownAs(r.verdict, r.certificate) !== 'trace') return undefined;
      const m = model(p);
      return cexTable(m, trace(p, r.certificate), path, show?.(m));
    },
  };
}

/** `--certificate`: the certificate of each answer that is not a counterexample (`--cex` has those), in the model's own syntax. */
function certificateOutput(problem: Pick<Problem, 'certificateText'>, download = '.certificate.txt'): Output {
  return {
    name: 'certificate',
    scope: 'property',
    download,
    write: ([c]: readonly Checked[]) => {
      const { property: p, result: r } = c!;
      if (r.verdict === 'unknown' || shownAs(r.verdict, r.certificate) === 'trace') return undefined;
      return problem.certificateText(p, r.certificate);
    },
  };
}

/** "Inductive invariant", or "3-inductive invariant": the first words of a certificate file. */
export function invariantTitle(c: Certificate & { kind: 'invariant' | 'k-invariant' }): string {
  return c.kind === 'k-invariant' ? `${c.k}-inductive invariant` : 'Inductive invariant';
}

/** The Lisp forms' highlighting (`.lisp.cfa`, `.lisp.sts`): their keywords, `;` comments. */
export const lispHighlight = keywordHighlighter(['process', 'var', 'loc', 'edge', 'init', 'final', 'error', 'assume', 'havoc', 'assign',
  'and', 'or', 'not', 'true', 'false', 'ite', 'sts', 'system', 'trans', 'prop', 'prime', 'Int', 'Bool', 'Real'], ';');

