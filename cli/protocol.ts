/**
 * What crosses between the command line (main thread) and the checker's worker thread: the options,
 * the progress and the finished result, all plain data (structured clone), and the exit codes.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Progress, Statistics, Verdict } from '../engines/verdict.js';
import type { CegarConfig } from '../cegar/config.js';
import type { Formalism } from '../formalisms/interpreter.js';
import { isAigerFile } from '../formalisms/files.js';
import type { OutputOptions } from './outputs/index.js';
import type { Panel } from './panel.js';

/** Vigil's version, from the nearest package.json above this module (in dist/, or the sources under test). */
function packageVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (dir.pathname === '/') throw new Error('package.json not found');
  }
}

export const VERSION = packageVersion();

export const EXIT = { safe: 0, unsafe: 1, input: 2, unknown: 3, internal: 4 } as const;

export const ALGORITHMS = ['cegar', 'bmc', 'ic3', 'kind', 'portfolio'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** IC3 for AIGER circuits, CEGAR for everything else. */
export function defaultAlgorithm(file: string): Algorithm {
  return isAigerFile(file) ? 'ic3' : 'cegar';
}

/**
 * Whether an error is memory running out: the worker's JavaScript heap limit, or Z3's WebAssembly
 * heap (Z3's own out-of-memory error, or Emscripten's abort when the heap cannot grow).
 */
export function isOutOfMemory(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | undefined;
  return err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /\bOOM\b|out of memory|Cannot enlarge memory|Aborted\(/i.test(err?.message ?? '');
}

/** The options of `vigil check`, as commander parses them. */
export interface CheckOptions extends OutputOptions {
  algorithm?: Algorithm;
  bound: number;
  timeout?: number;
  memory?: number;
  json?: boolean;
  quiet?: boolean;
  domain?: CegarConfig['domain'];
  maxenum?: CegarConfig['maxEnum'];
  refinement?: CegarConfig['refinement'];
  search?: string;
  predsplit?: CegarConfig['predSplit'];
  precgranularity?: CegarConfig['precGranularity'];
  initprec?: CegarConfig['initPrec'];
  prunestrategy?: CegarConfig['pruneStrategy'];
}

/** What the run is: shown in the interface's header and in the JSON result. */
export interface Header {
  readonly file: string;
  readonly formalism: Formalism;
  readonly algorithm: Algorithm;
  readonly options: Record<string, unknown>;
}

/** The finished run, serialisable. `text` is what goes to standard output (human or JSON). */
export interface CheckResult extends Header {
  readonly kind: 'result';
  readonly verdict: Verdict['result'];
  readonly reason?: string;
  readonly code: number;
  readonly stats: Statistics;
  readonly text: string;
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
}

/** Messages from the worker, in order: start, progress and notes, then one result or failure. */
export type WorkerMessage =
  | { readonly kind: 'start'; readonly header: Header }
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'note'; readonly line: string }
  | CheckResult
  | CheckFailure;
