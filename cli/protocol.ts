/**
 * What crosses between the command line (main thread) and the checker's worker thread: the options,
 * the progress, each property's verdict as it is certified, and the finished result, all plain data
 * (structured clone); and the exit codes. The main thread decides nothing about the model: which
 * formalism it is and which engine checks it are the worker's to say, in its start message (a small
 * circuit that the main thread read ahead comes with the job as its parser's plain result).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Progress, Statistics, UnknownReason, Verdict } from '../engines/result.js';
import type { Settings } from '../engines/engine.js';
import type { Formalism } from '../formalisms/interpreter.js';
import type { AigerFile } from '../formalisms/frontends/aiger/read.js';
import type { OutputOptions } from './outputs/index.js';
import type { Panel } from './panel.js';

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

export const EXIT = { safe: 0, terminating: 0, unsafe: 1, nonterminating: 1, input: 2, unknown: 3, internal: 4 } as const;

/**
 * Whether an error is memory running out: the worker's JavaScript heap limit, or Z3's WebAssembly
 * heap (Z3's own out-of-memory error, or Emscripten's abort when the heap cannot grow).
 */
export function isOutOfMemory(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | undefined;
  return err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /\bOOM\b|out of memory|Cannot enlarge memory|Aborted\(/i.test(err?.message ?? '');
}

/** The options of `vigil check`. */
export interface CheckOptions extends OutputOptions {
  /** The engine's name; undefined: the default for the model's formalism. */
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
}

/** What the run is: shown in the interface's header and in the JSON result. */
export interface Header {
  readonly file: string;
  readonly formalism: Formalism;
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

/** The finished run, serialisable. `text` is what goes to standard output (human or JSON). */
export interface CheckResult {
  readonly kind: 'result';
  /** Undefined when the run was ended before the worker had read the model. */
  readonly header?: Header;
  /** The file's verdict: UNSAFE (NONTERMINATING) if a property fails, SAFE (TERMINATING) if all hold, else UNKNOWN. */
  readonly verdict: Verdict;
  readonly reason?: UnknownReason;
  readonly code: number;
  readonly stats: Statistics;
  readonly reports: readonly PropertyReport[];
  readonly text: string;
  /** The property the verdict panel shows in detail, and what it shows. */
  readonly panel: Panel;
}

/** A run that ended in an error (bad input, a failed certificate, a bug): message for stderr. */
export interface CheckFailure {
  readonly kind: 'failure';
  readonly code: number;
  readonly message: string;
}

/** The worker's job: one `vigil check`. */
export interface Job {
  readonly file: string;
  readonly options: CheckOptions;
  readonly deadline?: number;
  /** A small circuit as the main thread read it ahead (formalisms/frontends/index.ts `readCircuitAhead`). */
  readonly circuit?: AigerFile;
}

/** What the checker's worker knows when it starts, before its job: whether the arguments name a circuit. */
export interface WorkerHint {
  readonly circuit: boolean;
}

/** Messages from the worker, in order: start, progress, notes and property verdicts, then one result or failure. */
export type WorkerMessage =
  | { readonly kind: 'start'; readonly header: Header }
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'note'; readonly line: string }
  | { readonly kind: 'property'; readonly report: PropertyReport }
  | CheckResult
  | CheckFailure;
