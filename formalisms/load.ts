/**
 * Reads a model file of any supported formalism, chosen by its extension, and offers the two views
 * the CLI needs: a one-line summary and the interpreter every algorithm runs on.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../lang/errors.js';
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
  /** The model as read, for printing it back (graphs, certificates); undefined for circuits. */
  readonly cfa?: Cfa;
  readonly sts?: Sts;
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
    cfa,
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
    sts,
    warnings,
    summary: () => `sts; ${plural(sts.vars.length, 'variable')}; ${plural(constraints, 'constraint')}`,
    interpreter: () => stsInterpreter(sts),
  };
}

/**
 * Reads a model. Each grammar is imported only when a file needs it: building a Chevrotain parser
 * costs a noticeable part of a short run's start-up.
 */
export async function loadModel(file: string): Promise<LoadedModel> {
  const name = basename(file).toLowerCase();
  const kind = ['.aag', '.aig', '.lisp.cfa', '.cfa', '.theta', '.lisp.sts', '.system', '.sts'].find((x) => name.endsWith(x));
  if (!kind) throw new FileError(`${file}: unknown kind of model; expected .cfa, .theta, .system, .sts, .aag or .aig`);
  const bytes = readBytes(file);
  const text = () => bytes.toString('utf8');
  switch (kind) {
    case '.aag':
    case '.aig': {
      const [{ parseAiger }, { aigerModel }] = await Promise.all([import('../lang/grammar/aiger.js'), import('./aiger-model.js')]);
      return aigerModel(file, parseAiger(bytes, file));
    }
    case '.lisp.cfa': return cfaModel(file, (await import('../lang/grammar/lisp-cfa.js')).parseLispCfa(text(), file));
    case '.cfa':
    case '.theta': return cfaModel(file, (await import('../lang/grammar/cfa.js')).parseCfa(text(), file));
    case '.lisp.sts': return stsModel(file, (await import('../lang/grammar/lisp-sts.js')).parseLispSts(text(), file), []);
    default: {
      const warnings: InputError[] = [];
      const { parseSts } = await import('../lang/grammar/sts.js');
      return stsModel(file, parseSts(text(), file, (w) => warnings.push(w)), warnings);
    }
  }
}
