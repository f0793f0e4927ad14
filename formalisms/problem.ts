/**
 * A verification problem: one model file, read once by its front end (formalisms/frontends/), with
 * every property it states, named as the user knows them (`b0`, `b1`, ... and `o0`, ... in a
 * circuit, the property names of an STS specification, the error location of a CFA, `termination`
 * for a CFA or T2 program).
 *
 * The problem owns everything in the file's own terms, after rIC3's `Frontend` trait (the model is
 * loaded once and owns its certificates): the task of each property that the engines check
 * (formalisms/task.ts), the claims an engine's result makes about the file, which the certificate
 * checks decide (certificates/), the views of a result the summaries show, and the writers of
 * every output format the file's format offers. Nothing downstream reads the file again or asks
 * which format it was.
 */
import type { Expr, VarDecl } from '../lang/expr.js';
import type { InputError } from '../lang/errors.js';
import type { Type } from '../lang/types.js';
import type { Location } from './interpreter.js';
import type { Trace } from './trace.js';
import type { Certificate, Claim } from './certificate.js';
import type { Property, PropertyKind } from './property-kinds.js';
import type { Result } from './result.js';
import type { Task, Theory } from './task.js';
import type { ReportView } from './report-view.js';

/** A property and its engine's result, once its certificate has passed its check. */
export interface Checked {
  readonly property: Property;
  readonly result: Result;
}

/** A result that answers: its property holds or fails, with a certificate. */
export type Answer = Exclude<Result, { readonly verdict: 'unknown' }>;

/**
 * A result file a format offers, by the name of its option (`--witness FILE`): one file for the
 * run (`run`: every property's entry in one file, like HWMCC's witnesses) or one per property.
 */
export interface Output {
  /** The option's name; its front end declares it with its help (formalisms/frontends/frontend.ts). */
  readonly name: string;
  readonly scope: 'run' | 'property';
  /**
   * The file's contents for certified results (one of them for a per-property output), or
   * undefined when it has none of what it holds (a counterexample table of a safe property). The
   * path is where it will be written: a format may choose its encoding by the file name's ending,
   * and a binary one where the name leaves it open and the caller prefers binary (HWMCC's harness).
   */
  write(checked: readonly Checked[], path: string, options?: { readonly preferBinary?: boolean }): string | Uint8Array | undefined;
  /** The ending of the file name under which the HTML report offers this file for one property (`.cex.csv`); none: the report does not. */
  readonly download?: string;
}

/**
 * The answers as the format's own field words them, where it has words of its own (CHC-COMP:
 * `sat` for a property that holds, `unsat` for one that fails): shown beside Vigil's verdict,
 * which keeps its exit codes.
 */
export interface VerdictWords {
  readonly holds: string;
  readonly fails: string;
  /** Whose words they are, for people: `CHC-COMP`. */
  readonly by: string;
}

export interface Problem {
  readonly file: string;
  /** The front end that read the file: the run's `formalism` in `--json`. */
  readonly formalism: string;
  /** Recoverable defects the reader tolerated (legacy STS files). */
  readonly warnings: readonly InputError[];
  /** In the file's order; empty when the model states none (see `noProperty`). */
  readonly properties: readonly Property[];
  /** The kind of the properties checked when none is named (safety unless said otherwise). */
  readonly defaultKind?: PropertyKind;
  /** Why there is no safety property to check, at the place in the file that says so. */
  readonly noProperty?: InputError;
  readonly theories: ReadonlySet<Theory>;
  /** The verdicts in the format's field's own words, where it has them. */
  readonly verdictWords?: VerdictWords;
  /** Counts for `vigil parse`. */
  summary(): string;
  /** What the engines check for a property. */
  task(p: Property): Task;
  /**
   * What an answer for `p` (its certificate over `task(p)`) claims about the file: each claim is
   * checked by certificates/check.ts before the verdict is shown. A claim of the file's own kind
   * (an HWMCC witness simulated on the file's circuit) comes beside the claims about the model.
   */
  claims(p: Property, r: Answer): readonly Claim[];
  /** The counterexample of a failing answer as a trace of `task(p).model`, for tables and JSON. */
  trace(p: Property, c: Certificate): Trace;
  /** The invariant per location of `task(p).model` that proves a holding answer, for summaries and JSON. */
  invariant(p: Property, c: Certificate): ReadonlyMap<Location, Expr>;
  /** The certificate in the model's own syntax (`--certificate`, and the summaries of text kinds). */
  certificateText(p: Property, c: Certificate): string;
  /** The result files the format offers, by option name. */
  readonly outputs: readonly Output[];
  /** The model as a Graphviz graph (`vigil show`), where it is an automaton. */
  drawing?(): string;
  /** The model as an AIGER circuit, ASCII or binary (`vigil convert`), where it is or has one. */
  circuitFile?(binary: boolean): string | Uint8Array;
  /** What the HTML report (`--report`, every front end's) shows of the file in its own terms. */
  readonly report: ReportView;
}

/** The theories of a model's variables, array element and index types included. */
export function theoriesOf(vars: readonly VarDecl[]): Set<Theory> {
  const out = new Set<Theory>();
  const visit = (t: Type): void => {
    out.add(t.kind);
    if (t.kind === 'array') { visit(t.index); visit(t.elem); }
  };
  for (const v of vars) visit(v.type);
  return out;
}

/** The per-property views of a problem, each built on first use. */
export class Views<V> {
  private readonly built = new Map<number, V>();

  constructor(private readonly build: (p: Property) => V) {}

  of(p: Property): V {
    let v = this.built.get(p.index);
    if (v === undefined) this.built.set(p.index, (v = this.build(p)));
    return v;
  }
}
