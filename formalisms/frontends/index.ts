/**
 * Reading a model file with its front end (formalisms/frontends/frontend.ts): the one whose longest
 * extension ends the file's name (`.lisp.cfa` before `.cfa`). The front ends are listed in list.ts.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as LIST from './list.js';
import { FileError, type FrontEnd } from './frontend.js';
import type { Problem } from '../problem.js';

export const FRONT_ENDS: readonly FrontEnd[] = Object.values(LIST);

/** What `vigil --help` says a model file is. */
export const MODEL_FILES = `model file (${FRONT_ENDS.flatMap((f) => f.extensions).join(', ')})`;

/** The front end that reads this file, by its name's longest known ending; a FileError names the extensions there are. */
export function frontEndOf(file: string): FrontEnd {
  const name = basename(file).toLowerCase();
  const matching = (f: FrontEnd) => Math.max(0, ...f.extensions.filter((x) => name.endsWith(x)).map((x) => x.length));
  const found = FRONT_ENDS.reduce<FrontEnd | undefined>((best, f) => (matching(f) > (best ? matching(best) : 0) ? f : best), undefined);
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
