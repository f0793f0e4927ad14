/**
 * The engine contract, after Pono's `Prover` (engines/prover.h) and rIC3's `Engine` trait: an engine
 * is made for one problem from its settings, and then checks that problem's properties one at a
 * time, returning a result with a typed certificate. Everything the command line, the worker
 * protocol, the benchmarks, the outputs and the terminal interface need to know about an engine is
 * in its `EngineSpec`: its name, what it applies to, its options; they read the registry
 * (engines/registry.ts) and nothing else, so a new engine is one module and one registry entry.
 */
import type { Formalism } from '../formalisms/interpreter.js';
import type { Problem, Property, PropertyKind, Theory } from '../formalisms/problem.js';
import type { Limits, Reporter, Result } from './result.js';

/** A value or a combination of options that cannot be used: a usage error (exit 2). */
export class OptionError extends Error {}

/** An engine option: `--NAME VALUE` on the command line, key NAME of a bench configuration. */
export interface EngineOption {
  readonly name: string;
  /** The heading it is listed under in `vigil check --help`. */
  readonly group: string;
  /** One line for `--help`, with the default. */
  readonly help: string;
  /** How `--help` names the value (`--bound <k>`); default: the name's first letter. */
  readonly value?: string;
  /** The allowed values (case as written), if they are a fixed list. */
  readonly choices?: readonly string[];
  /** Otherwise: the value normalised, or an OptionError that says what is allowed. */
  readonly parse?: (text: string) => string;
}

/** Option values as given (normalised), by option name; absent options take the engine's default. */
export type Settings = Readonly<Record<string, string>>;

/** An engine made for one problem. */
export interface Engine {
  /** The configuration it runs with, defaults included: `--json`'s `options`, the interface's header. */
  readonly configuration: Readonly<Record<string, string | number>>;
  check(problem: Problem, property: Property, limits: Limits, reporter: Reporter): Result | Promise<Result>;
}

export interface EngineSpec {
  /** The `--algorithm` name; two specs may share one when they apply to different problems (bmc). */
  readonly name: string;
  /** The formalisms it checks. */
  readonly formalisms: readonly Formalism[];
  /** The theories it handles; undefined: all of them. */
  readonly theories?: readonly Theory[];
  /** The kind of property it answers; undefined: safety. */
  readonly property?: PropertyKind;
  readonly options: readonly EngineOption[];
  /** Whether its results carry the final abstract reachability graph (`--arg`). */
  readonly drawsArg?: boolean;
  /** A bit-level engine: it checks the problem's circuit (an AIGER file, or a model bit-blasted into one). */
  readonly bitLevel?: boolean;
  /** Makes the engine for a problem; throws OptionError for settings that do not fit together. */
  create(settings: Settings, problem: Problem): Promise<Engine>;
}

/** What decides whether an engine applies to a problem; `circuit` and `notBlasted` only for models bit-blasted into a circuit. */
export type Applicability = Pick<Problem, 'formalism' | 'theories'> & { readonly circuit?: unknown; readonly notBlasted?: string };

/** Why `spec` cannot check `problem`, or undefined when it can. */
export function inapplicable(spec: EngineSpec, problem: Applicability, kind: PropertyKind = 'safety'): string | undefined {
  if (!spec.formalisms.includes(problem.formalism)) return `checks ${spec.formalisms.map(formalismName).join(' and ')} only`;
  if ((spec.property ?? 'safety') !== kind) return `answers ${spec.property ?? 'safety'} properties, not ${kind}`;
  // a bit-level engine checks a bit-blasted model's circuit, whatever the model's own theories
  if (spec.bitLevel && problem.formalism !== 'aiger') return problem.circuit ? undefined : `checks circuits, and the model is not bit-blasted: ${problem.notBlasted ?? 'no circuit'}`;
  const missing = spec.theories && [...problem.theories].filter((t) => !spec.theories!.includes(t));
  if (missing && missing.length > 0) return `does not handle ${missing.join(', ')} variables`;
  return undefined;
}

function formalismName(f: Formalism): string {
  return { aiger: 'AIGER circuits (.aag, .aig)', btor2: 'BTOR2 models (.btor2, .btor)', cfa: 'control-flow automata', sts: 'symbolic transition systems' }[f];
}
