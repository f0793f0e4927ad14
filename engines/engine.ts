/**
 * The engine contract, after Pono's `Prover` (engines/prover.h) and rIC3's `Engine` trait: an engine
 * is made from its settings, and then checks tasks (formalisms/task.ts), one property at a time,
 * returning a result with a typed certificate over the view it checked. Everything the command
 * line, the portfolio, the benchmarks, the outputs and the terminal interface need to know about an
 * engine is in its `EngineSpec`: its name, which view and theories it needs, its options; they read
 * the registry (engines/registry.ts) and nothing else, so a new engine is one module and one
 * registry entry.
 *
 * What an engine needs from its surroundings comes in its `EngineContext` rather than being
 * reached for: Z3 (loaded once per thread by whoever runs the engine) and the way to start a worker
 * thread (the portfolio's members).
 */
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Z3Context } from '../lang/smt/context.js';
import type { PropertyKind } from '../formalisms/property-kinds.js';
import type { Result } from '../formalisms/result.js';
import type { Task, Theory } from '../formalisms/task.js';
import type { Limits, Reporter } from './run.js';

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
  /** The value when none is given, where the option has one that a run's configuration shows. */
  readonly default?: string;
}

/** Option values as given (normalised), by option name; absent options take the engine's default. */
export type Settings = Readonly<Record<string, string>>;

/** Starts a worker thread that runs `entry` (engines/race.ts's members) on `data`, plain data copied into the thread. */
export type Spawn = (entry: 'member', data: unknown, transfer?: readonly MessagePort[]) => Worker;

export interface EngineContext {
  /** Z3 for this thread, loaded on first call (the word-level engines, and the certificate checks). */
  readonly z3: () => Promise<Z3Context>;
  /** How a portfolio starts its members' threads. */
  readonly spawn: Spawn;
  /** The cores a portfolio may use. */
  readonly cores: number;
  /** The registry's engines by their lines, for a portfolio's members. */
  readonly engines: EngineLines;
}

/**
 * What a portfolio needs of the registry, given through the context (engines/registry.ts makes
 * it), so that no engine imports the registry that lists it.
 */
export interface EngineLines {
  /** An engine line's name and settings, read as the command line reads options (throws OptionError). */
  parse(line: string): { readonly name: string; readonly settings: Settings };
  /** Whether an engine of this name, other than the portfolio, applies to the offer. */
  applies(name: string, offer: Offer): boolean;
  /** Whether the engine of this name that applies to the offer takes the option. */
  takes(name: string, offer: Offer, option: string): boolean;
  /**
   * Runs an engine line on a task whose circuit passes have run (or, for a bit-level engine on a
   * model richer than its circuit, only bit-blasting is left): the engine made with the passes of
   * its own options, its result mapped back to the task.
   */
  run(line: string, task: Task, limits: Limits, reporter: Reporter, context: EngineContext): Promise<Result>;
}

/** An engine made from its settings. */
export interface Engine {
  /** The configuration it runs with on a task, defaults included: `--json`'s `options`, the interface's header. */
  configuration(task: Task): Readonly<Record<string, string | number>>;
  check(task: Task, limits: Limits, reporter: Reporter): Result | Promise<Result>;
}

export interface EngineSpec {
  /** The `--algorithm` name; two specs may share one when they need different views (the bit-level and word-level bmc). */
  readonly name: string;
  /**
   * The view it checks: `circuit` for the bit-level engines, `clauses` for the engines over a
   * clause system, `any` for the portfolio (its members need what they need); else the
   * interpreter view, which every task but a nonlinear clause system's has.
   */
  readonly needs?: 'circuit' | 'clauses' | 'any';
  /** The view it checks where the task has both: the portfolio races circuit members on a task with a circuit. */
  readonly prefers?: 'circuit';
  /** The theories it handles; undefined: all of them. */
  readonly theories?: readonly Theory[];
  /** The kind of property it answers; undefined: safety. */
  readonly property?: PropertyKind;
  readonly options: readonly EngineOption[];
  /** Whether its results carry the final abstract reachability graph (`--arg`). */
  readonly drawsArg?: boolean;
  /** Passes it applies itself rather than having them applied before it (the circuit portfolio's latch correspondence). */
  readonly defers?: readonly string[];
  /**
   * Whether a run on the task calls Z3 in the thread that runs the engine, its own or the check of
   * its certificates (which, synchronous, only ending the thread can interrupt); undefined: unless
   * it needs a circuit (the bit-level engines run on Vigil's SAT solver, as do their checks).
   */
  readonly usesZ3?: (settings: Settings, task: Task) => boolean;
  /** Makes the engine; throws OptionError for settings that do not fit together. */
  create(settings: Settings, context: EngineContext): Promise<Engine>;
}

/** What a task offers the engines, as the registry matches them: its views, the theories of its variables, its property's kind. */
export interface Offer {
  readonly circuit: boolean;
  /** The interpreter view: all but nonlinear clause systems have it. */
  readonly model: boolean;
  readonly clauses: boolean;
  readonly theories: ReadonlySet<Theory>;
  readonly kind: PropertyKind;
}

export function offerOf(task: Task): Offer {
  return {
    circuit: task.circuit !== undefined, model: task.clauses?.linear ?? true, clauses: task.clauses !== undefined,
    theories: task.theories, kind: task.property.kind,
  };
}

/** Why `spec` cannot check a task with this offer, or undefined when it can. */
export function inapplicable(spec: EngineSpec, offer: Offer): string | undefined {
  if (spec.needs === 'circuit' && !offer.circuit) return 'checks circuits only';
  if (spec.needs === 'clauses' && !offer.clauses) return 'checks clause systems only';
  if (spec.needs === undefined && !offer.model) return 'checks transition systems and linear clause systems, and this clause system is nonlinear (pdr checks it)';
  if ((spec.property ?? 'safety') !== offer.kind) return `answers ${spec.property ?? 'safety'} properties, not ${offer.kind}`;
  const missing = spec.theories && [...offer.theories].filter((t) => !spec.theories!.includes(t));
  if (missing && missing.length > 0) return `does not handle ${missing.join(', ')} variables`;
  return undefined;
}
