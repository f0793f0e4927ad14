/**
 * Which formalism a model file holds, by its extension alone (case-insensitive, as the loader
 * chooses its reader), for the places that must know before or without reading the file: the
 * main thread's header, the default algorithm, the usage checks of the output options.
 */
import type { Formalism } from './interpreter.js';

export function isAigerFile(file: string): boolean {
  return /\.(aag|aig)$/i.test(file);
}

export function formalismOfFile(file: string): Formalism {
  return isAigerFile(file) ? 'aiger' : /\.(system|sts)$/i.test(file) ? 'sts' : 'cfa';
}
