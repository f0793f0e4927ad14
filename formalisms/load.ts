/**
 * Reads a model file of any supported formalism, chosen by its extension, and offers the two views
 * the CLI needs: a one-line summary and the interpreter every algorithm runs on.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../lang/errors.js';
import { parseCfa } from '../lang/grammar/cfa.js';
import { parseLispCfa } from '../lang/grammar/lisp-cfa.js';
import { parseSts } from '../lang/grammar/sts.js';
import { parseLispSts } from '../lang/grammar/lisp-sts.js';
import { parseAiger } from '../lang/grammar/aiger.js';
import { aigerModel } from './aiger-model.js';
import { plural } from './plural.js';
import type { Cfa } from './cfa.js';
import type { Sts } from './sts.js';
import { cfaInterpreter } from './cfa-semantics.js';
import { stsInterpreter } from './sts-semantics.js';
import type { Formalism, Interpreter } from './interpreter.js';

export interface LoadedModel {
  readonly file: string;
  readonly formalism: Formalism;
  /** Recoverable defects the reader tolerated (legacy STS files). */
  readonly warnings: readonly InputError[];
  /** Counts for `vigil parse`: variables, and locations and edges, or inputs, latches, ands and properties. */
  summary(): string;
  interpreter(): Interpreter;
}

/** A file that cannot be read at all; reported like bad input (exit 2). */
export class FileError extends Error {}


function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new FileError(`${file}: cannot read: ${why}`);
  }
}

function cfaModel(file: string, cfa: Cfa): LoadedModel {
  return {
    file,
    formalism: 'cfa',
    warnings: [],
    summary: () => `cfa; ${plural(cfa.vars.length, 'variable')}; ${plural(cfa.locs.length, 'location')}, ${plural(cfa.edges.length, 'edge')}`,
    interpreter: () => cfaInterpreter(cfa),
  };
}

function stsModel(file: string, sts: Sts, warnings: InputError[]): LoadedModel {
  const constraints = sts.invariants.length + sts.inits.length + sts.transitions.length;
  return {
    file,
    formalism: 'sts',
    warnings,
    summary: () => `sts; ${plural(sts.vars.length, 'variable')}; ${plural(constraints, 'constraint')}`,
    interpreter: () => stsInterpreter(sts),
  };
}

export function loadModel(file: string): LoadedModel {
  const name = basename(file).toLowerCase();
  const bytes = readBytes(file);
  if (name.endsWith('.aag') || name.endsWith('.aig')) return aigerModel(file, parseAiger(bytes, file));
  const text = bytes.toString('utf8');
  if (name.endsWith('.lisp.cfa')) return cfaModel(file, parseLispCfa(text, file));
  if (name.endsWith('.cfa') || name.endsWith('.theta')) return cfaModel(file, parseCfa(text, file));
  if (name.endsWith('.lisp.sts')) return stsModel(file, parseLispSts(text, file), []);
  if (name.endsWith('.system') || name.endsWith('.sts')) {
    const warnings: InputError[] = [];
    return stsModel(file, parseSts(text, file, (w) => warnings.push(w)), warnings);
  }
  throw new FileError(`${file}: unknown kind of model; expected .cfa, .theta, .system, .sts, .aag or .aig`);
}
