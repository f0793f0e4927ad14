/**
 * What crosses between the command line (main thread) and the checker's worker thread: the options,
 * the progress and the finished result, all plain data (structured clone), and the exit codes.
 */
import { readFileSync } from 'node:fs';
import type { Progress, Statistics, Verdict } from '../engines/verdict.js';
import type { CegarConfig } from '../cegar/config.js';
import type { Formalism } from '../formalisms/interpreter.js';
import type { OutputOptions } from './outputs/index.js';
import type { Panel } from './panel.js';

export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const EXIT = { safe: 0, unsafe: 1, input: 2, unknown: 3, internal: 4 } as const;

export const ALGORITHMS = ['cegar', 'bmc', 'ic3', 'kind', 'portfolio'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** The formalism a file holds, by its extension (as the loader chooses its reader). */
export function formalismOf(file: string): Formalism {
  return /\.(aag|aig)$/i.test(file) ? 'aiger' : /\.(system|sts)$/.test(file) ? 'sts' : 'cfa';
}

/** IC3 for AIGER circuits, CEGAR for everything else. */
export function defaultAlgorithm(file: string): Algorithm {
  return /\.(aag|aig)$/i.test(file) ? 'ic3' : 'cegar';
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
