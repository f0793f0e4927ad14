/**
 * The front ends, one line each (formalisms/frontends/frontend.ts): the first whose extension ends
 * a file's name reads it. A new format is a folder beside these and a line here.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { AIGER } from './aiger/index.js';
import { CFA, LISP_CFA } from './cfa/index.js';
import { LISP_STS, STS } from './sts/index.js';
import { T2 } from './t2/index.js';
import { FileError, type FrontEnd } from './frontend.js';
import type { Problem } from '../problem.js';

export const FRONT_ENDS: readonly FrontEnd[] = [
  AIGER,
  LISP_CFA,
  CFA,
  T2,
  LISP_STS,
  STS,
];

/** What `vigil --help` says a model file is. */
export const MODEL_FILES = `model file (${FRONT_ENDS.flatMap((f) => f.extensions).join(', ')})`;

/** The front end that reads this file, by its name's ending; a FileError names the extensions there are. */
export function frontEndOf(file: string): FrontEnd {
  const name = basename(file).toLowerCase();
  const found = FRONT_ENDS.find((f) => f.extensions.some((x) => name.endsWith(x)));
  if (!found) throw new FileError(`${file}: unknown kind of model; expected ${FRONT_ENDS.flatMap((f) => f.extensions).filter((x) => !x.startsWith('.lisp')).join(', ')}`);
  return found;
}

export function readModel(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new FileError(`${file}: cannot read: ${why}`);
  }
}

/** Reads a model file with the front end its extension names. */
export async function loadProblem(file: string, bytes?: Uint8Array): Promise<Problem> {
  const frontEnd = frontEndOf(file);
  return frontEnd.load(file, bytes ?? readModel(file));
}
