/**
 * What a check reports and what crosses between the command line (main thread) and the checker's
 * worker thread, all plain data (structured clone): the options, the plan the command line made
 * from the problem, one kind of event (start, progress, notes, each property's verdict as it is
 * certified) for the terminal interface, the progress lines, `--json` and the benchmarks alike, and
 * the finished result.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { VerdictWords } from '../formalisms/problem.js';
import type { Progress } from '../engines/run.js';
import type { Settings } from '../engines/engine.js';
import type { Statistics, UnknownReason } from '../formalisms/result.js';
import type { Verdict } from '../formalisms/property-kinds.js';

/**
 * Vigil's version, from the nearest package.json above this module that has one (in dist/, or the
 * sources under test; dist/bin/package.json only says that the bundle is CommonJS).
 */
function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    const version = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version : undefined;
    if (version !== undefined) return version;
    if (dir.pathname === '/') throw new Error('package.json not found');
  }
}

export const VERSION = packageVersion();

/**
 * Whether an error is memory running out: the worker's JavaScript heap limit, or Z3's WebAssembly
 * heap (Z3's own out-of-memory error, or Emscripten's abort when the heap cannot grow).
 */
export function isOutOfMemory(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | undefined;
  return err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /\bOOM\b|out of memory|Cannot enlarge memory|Aborted\(/i.test(err?.message ?? '');
}

/** The options of `vigil check`. */
export interface CheckOptions {
  /** The engine's name; undefined: the default for the properties' kind. */
  readonly algorithm?: string;
  /** Check only this property (by default every property of the file). */
  readonly property?: string;
  readonly timeout?: number;
  readonly memory?: number;
  readonly json?: boolean;
  readonly quiet?: boolean;
  /** Internal errors with their stack trace. */
  readonly debug?: boolean;
  /** The engine options given (`--bound`, `--domain`, ...), by name. */
  readonly settings: Settings;
  /** The result files asked for, by output name (`witness`: its path), each offered by the file's front end. */
  readonly outputs: Readonly<Record<string, string>>;
  /** `--arg`: the final abstract reachability graph, from engines that build one. */
  readonly arg?: string;
  /**
   * HWMCC's harness form (`vigil hwmcc`): the file's witness goes to `sat` when a property fails,
   * the first property's certificate to `unsat` (binary where the format has both) when it holds,
   * nothing to the other file.
   */
  readonly hwmcc?: { readonly sat: string; readonly unsat: string };
}

/** What the command line decided from the problem: the properties it checks, by name, and the engine, by name. */
export interface Plan {
  readonly properties: readonly string[];
  readonly engine: string;
  /** Whether the terminal interface draws the verdict panel, whose data the result then carries. */
  readonly panel: boolean;
}

/** What the run is: shown in the interface's header and in the JSON result. */
export interface Header {
  readonly file: string;
  /** The front end's name for the model (`aiger`, `cfa`, `sts`). */
  readonly formalism: string;
  readonly algorithm: string;
  /** The timeout and the engine's configuration, defaults included. */
  readonly options: Record<string, unknown>;
  /** The properties checked, in order. */
  readonly properties: readonly string[];
}

/** One property's certified verdict. */
export interface PropertyReport {
  readonly name: string;
  readonly verdict: Verdict;
  readonly reason?: UnknownReason;
  readonly stats: Statistics;
}

/** What a check reports as it runs, in order: its start, then progress, notes and each property's certified verdict. */
export type CheckEvent =
  | { readonly kind: 'start'; readonly header: Header }
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'note'; readonly line: string }
  | { readonly kind: 'property'; readonly report: PropertyReport };

/** A counterexample as the verdict panel shows it. */
export interface CounterexampleTable {
  /** Column names: `location` first when the model has more than one, then the variables. */
  readonly columns: readonly string[];
  /** One row per state, aligned with `columns`. */
  readonly rows: readonly (readonly string[])[];
  /** The action taken from each state but the last (rows.length - 1 entries). */
  readonly actions: readonly string[];
}

interface Of {
  readonly property: string;
  /** What the certificate is: `inductive invariant`, `counterexample of 3 steps`. */
  readonly title: string;
}

/** The verdict panel's data (panel.ts makes it): one property's certificate, as its kind is shown. */
export type Panel =
  | Of & { readonly kind: 'invariant'; readonly locations: number; readonly conjuncts: number; readonly invariant: readonly string[] }
  | Of & { readonly kind: 'trace'; readonly table: CounterexampleTable }
  | Of & { readonly kind: 'text'; readonly lines: readonly string[] }
  | { readonly property: string; readonly kind: 'unknown'; readonly reason: string; readonly reached?: string };

/** The finished run, serialisable. `text` is what goes to standard output (human or JSON). */
export interface CheckResult {
  readonly kind: 'result';
  /** Undefined when the run was ended before the model was read. */
  readonly header?: Header;
  /** The file's verdict: a failing property's if one fails, a holding one's if all hold, else UNKNOWN. */
  readonly verdict: Verdict;
  readonly reason?: UnknownReason;
  readonly code: number;
  readonly stats: Statistics;
  readonly reports: readonly PropertyReport[];
  readonly text: string;
  /** The property the verdict panel shows in detail, and what it shows: where the plan draws the panel. */
  readonly panel?: Panel;
  /** The verdicts in the words of the format's field, where it has them (CHC-COMP's sat and unsat). */
  readonly words?: VerdictWords;
}

/** A run that ended in an error (bad input, a failed certificate, a bug): message for stderr. */
export interface CheckFailure {
  readonly kind: 'failure';
  readonly code: number;
  readonly message: string;
}

/** The checker worker's job: one `vigil check` of a file the command line has read and planned. */
export interface Job {
  readonly file: string;
  readonly bytes: Uint8Array;
  readonly options: CheckOptions;
  readonly plan: Plan;
  readonly deadline?: number;
}

/** Messages from the worker, in order: its check's events, then one result or failure. */
export type WorkerMessage = CheckEvent | CheckResult | CheckFailure;
