/**
 * The front ends by file extension: each reads its formalism into a `Problem`, once. Readers are
 * imported only when a file needs them, since building a Chevrotain parser is a noticeable part of
 * a short run's start-up. A new formalism (CHC) is one module and one entry here, as BTOR2 is
 * (`.btor2`, `.btor`: btor2/); T2 programs (`.t2`) read into control-flow automata.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { InputError } from '../../lang/errors.js';
import type { AigerFile } from '../../lang/grammar/aiger.js';
import type { Formalism } from '../interpreter.js';
import type { Problem } from '../problem.js';

/** A file that cannot be read at all, or a request that does not fit the file; reported like bad input (exit 2). */
export class FileError extends Error {}

interface FrontEnd {
  /** Case-insensitive; the first front end whose extension ends the name reads the file. */
  readonly extensions: readonly string[];
  readonly formalism: Formalism;
  load(file: string, bytes: Buffer): Promise<Problem>;
}

const text = (bytes: Buffer) => bytes.toString('utf8');

const FRONT_ENDS: readonly FrontEnd[] = [
  {
    extensions: ['.aag', '.aig'],
    formalism: 'aiger',
    load: async (file, bytes) => {
      const [{ parseAiger }, { aigerProblem }] = await Promise.all([import('../../lang/grammar/aiger.js'), import('./aiger.js')]);
      return aigerProblem(file, parseAiger(bytes, file));
    },
  },
  {
    extensions: ['.btor2', '.btor'],
    formalism: 'btor2',
    load: async (file, bytes) => {
      const [{ parseBtor2 }, { btor2Problem }] = await Promise.all([import('./btor2/reader.js'), import('./btor2/problem.js')]);
      const source = text(bytes);
      return btor2Problem(file, parseBtor2(source, file), source);
    },
  },
  {
    extensions: ['.lisp.cfa'],
    formalism: 'cfa',
    load: async (file, bytes) => {
      const [{ parseLispCfa }, { cfaProblem }] = await Promise.all([import('../../lang/grammar/lisp-cfa.js'), import('./cfa.js')]);
      return cfaProblem(file, parseLispCfa(text(bytes), file), text(bytes));
    },
  },
  {
    extensions: ['.cfa', '.theta'],
    formalism: 'cfa',
    load: async (file, bytes) => {
      const [{ parseCfa }, { cfaProblem }] = await Promise.all([import('../../lang/grammar/cfa.js'), import('./cfa.js')]);
      return cfaProblem(file, parseCfa(text(bytes), file), text(bytes));
    },
  },
  {
    extensions: ['.t2'],
    formalism: 'cfa',
    load: async (file, bytes) => {
      const [{ parseT2 }, { cfaProblem }] = await Promise.all([import('../../lang/grammar/t2.js'), import('./cfa.js')]);
      const name = basename(file).replace(/\.t2$/i, '');
      return cfaProblem(file, parseT2(text(bytes), file, name), text(bytes), { dialect: 't2', defaultKind: 'termination', title: 't2 program' });
    },
  },
  {
    extensions: ['.lisp.sts'],
    formalism: 'sts',
    load: async (file, bytes) => {
      const [{ parseLispSts }, { stsProblem }] = await Promise.all([import('../../lang/grammar/lisp-sts.js'), import('./sts.js')]);
      return stsProblem(file, [parseLispSts(text(bytes), file)], []);
    },
  },
  {
    extensions: ['.system', '.sts'],
    formalism: 'sts',
    load: async (file, bytes) => {
      const [{ parseSts }, { stsProblem }] = await Promise.all([import('../../lang/grammar/sts.js'), import('./sts.js')]);
      const warnings: InputError[] = [];
      return stsProblem(file, parseSts(text(bytes), file, (w) => warnings.push(w)), warnings);
    },
  },
];

/** What `vigil --help` says a model file is. */
export const MODEL_FILES = `model file (${FRONT_ENDS.flatMap((f) => f.extensions).join(', ')})`;

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new FileError(`${file}: cannot read: ${why}`);
  }
}

function frontEndOf(file: string): FrontEnd | undefined {
  const name = basename(file).toLowerCase();
  return FRONT_ENDS.find((f) => f.extensions.some((x) => name.endsWith(x)));
}

/** Reads a model file with the front end its extension names. */
export async function loadProblem(file: string): Promise<Problem> {
  const frontEnd = frontEndOf(file);
  if (!frontEnd) throw new FileError(`${file}: unknown kind of model; expected ${FRONT_ENDS.flatMap((f) => f.extensions).filter((x) => !x.startsWith('.lisp')).join(', ')}`);
  return frontEnd.load(file, readBytes(file));
}

/** Circuits up to this many bytes are read ahead for a worker (`readCircuitAhead`): a few milliseconds of lexing. */
export const SMALL_CIRCUIT = 64 * 1024;

/**
 * A small AIGER circuit as its parser reads it, for `vigil check` to read in the main thread while
 * the checker's worker thread loads the pipeline: on a small circuit, loading Chevrotain and
 * building the lexer are a good part of the run, and the main thread is idle meanwhile. The result
 * is plain data that goes to the worker with the job (`circuitProblem`), or to the pipeline when the
 * check runs in the main thread (cli/in-thread.ts, which reads larger circuits, up to `maxBytes`).
 * Undefined for other models, for larger circuits (whose reading the worker does, where --timeout
 * and `q` can end it) and for files that cannot be read (loadProblem reports them). Bad input
 * throws as loadProblem would.
 */
export async function readCircuitAhead(file: string, maxBytes = SMALL_CIRCUIT): Promise<AigerFile | undefined> {
  if (frontEndOf(file)?.formalism !== 'aiger') return undefined;
  let bytes: Buffer;
  try {
    if (statSync(file).size > maxBytes) return undefined;
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const { parseAiger } = await import('../../lang/grammar/aiger.js');
  return parseAiger(bytes, file);
}

const circuitFrontEnd = () => import('./aiger.js');

/** The problem of a circuit read by `readCircuitAhead`. */
export async function circuitProblem(file: string, read: AigerFile): Promise<Problem> {
  const { aigerProblem } = await circuitFrontEnd();
  return aigerProblem(file, read);
}

/** Loads the circuit front end (not its parser) before `circuitProblem` needs it. */
export async function preloadCircuitFrontEnd(): Promise<void> {
  await circuitFrontEnd();
}
