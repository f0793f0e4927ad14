/**
 * A verification problem: one model file, read once by its front end (formalisms/frontends/), with
 * every property it states, named as the user knows them (`b0`, `b1`, ... and `o0`, ... in a
 * circuit, the property names of an STS specification, the error location of a CFA, `termination`
 * for a CFA or T2 program).
 *
 * Everything downstream works on this object and never reads the file again: the word-level engines
 * on the interpreter view of a property (`model`), the bit-level engines on the circuit
 * (`circuit`), the certificate checks on both, and the writers on what the front end knows of the
 * file's own syntax and positions. The per-property views are built once, when first asked for.
 * This follows rIC3's `Frontend` trait: the model is loaded once and owns its certificates.
 */
import type { Expr, VarDecl } from '../lang/expr.js';
import type { InputError } from '../lang/errors.js';
import type { Type } from '../lang/types.js';
import type { Formalism, Interpreter, Location } from './interpreter.js';
import type { Trace } from './trace.js';
import type { CircuitModel } from './frontends/aiger.js';
import type { Btor2Certificates } from './frontends/btor2/problem.js';
import type { Cfa } from './cfa.js';
import type { NonterminationCertificate, SafeCertificate, TerminationCertificate, UnsafeCertificate } from '../certificates/certificate.js';

/** Safety: the bad states are unreachable. Termination: every run is finite. */
export type PropertyKind = 'safety' | 'termination';

/** One property of the file: a verification task of its own. */
export interface Property {
  readonly name: string;
  readonly kind: PropertyKind;
  /** Position among the problem's properties. */
  readonly index: number;
}

/** The kinds of values a model's variables range over; engines declare which they handle. */
export type Theory = Type['kind'];

export interface Problem {
  readonly file: string;
  readonly formalism: Formalism;
  /** Recoverable defects the reader tolerated (legacy STS files). */
  readonly warnings: readonly InputError[];
  /** In the file's order; empty when the model states none (see `noProperty`). */
  readonly properties: readonly Property[];
  /** The kind of the properties checked when none is named (safety unless said otherwise). */
  readonly defaultKind?: PropertyKind;
  /** Why there is no safety property to check, at the place in the file that says so. */
  readonly noProperty?: InputError;
  readonly theories: ReadonlySet<Theory>;
  /** Counts for `vigil parse`. */
  summary(): string;
  /** The interpreter view of a property: what word-level engines check and certificates speak about. */
  model(p: Property): Interpreter;
  /** The and-inverter graph of a circuit, for the bit-level engines and AIGER certificates. */
  readonly circuit?: CircuitModel;
  /** A BTOR2 model's counterexamples as btorsim witnesses, which the certificate check replays. */
  readonly btor2?: Btor2Certificates;
  /** Why a BTOR2 model has no circuit (it was not bit-blasted). */
  readonly notBlasted?: string;
  /** The automaton as read, for drawing it. */
  readonly cfa?: Cfa;
  /** A certified SAFE certificate in the model's own syntax (`--certificate`). */
  certificateText(p: Property, c: SafeCertificate): string;
  /** The counterexample of an UNSAFE certificate as a trace of `model(p)`, for tables and JSON. */
  trace(p: Property, c: UnsafeCertificate): Trace;
  /** The invariant of a SAFE certificate per location of `model(p)`, for the summary and JSON. */
  invariant(p: Property, c: SafeCertificate): ReadonlyMap<Location, Expr>;
  /** A certified termination or non-termination argument in the model's own syntax (`--certificate`). */
  terminationText?(p: Property, c: TerminationCertificate | NonterminationCertificate): string;
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
