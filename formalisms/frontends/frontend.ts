/**
 * The front-end contract: a front end reads the files of one format into a `Problem`
 * (formalisms/problem.ts), once, and says before any file is read what the command line needs to
 * know of it: its extensions, the result files it offers (each an output option with its help),
 * and whether its problems have circuits. Each front end is a folder under formalisms/frontends/
 * whose `index.ts` exports its entry; its reader and problem are imported only when a file needs
 * them, since building a Chevrotain parser is a noticeable part of a short run's start-up.
 */
import type { Problem } from '../problem.js';

/** A result file a format offers: `--NAME FILE`, with what it holds for the format. */
export interface OutputSpec {
  readonly name: string;
  readonly help: string;
}

export interface FrontEnd {
  /** The format's name. */
  readonly name: string;
  /** What its files are, for messages: `AIGER circuits`. */
  readonly title: string;
  /** Case-insensitive; the first front end whose extension ends the name reads the file. */
  readonly extensions: readonly string[];
  /** The result files it offers (their writers are the problem's `outputs`). */
  readonly outputs: readonly OutputSpec[];
  /** Whether its problems have a circuit view (the bit-level engines'): the benchmarks ask before reading a file. */
  readonly circuits: boolean;
  /** Whether its problems are automata, which `vigil show` draws (control-flow automata, clause graphs). */
  readonly automata?: boolean;
  load(file: string, bytes: Uint8Array): Promise<Problem>;
}

/** A file that cannot be read at all, or a request that does not fit the file; reported like bad input (exit 2). */
export class FileError extends Error {}

/** `--cex`, as the word-level formats and circuits offer it. */
export const CEX: OutputSpec = {
  name: 'cex',
  help: 'UNSAFE: the counterexample as a table of steps by variables with the action taken; CSV if the name ends in .csv, else aligned text',
};

/**
 * `--report`, which every front end offers: the HTML report of the check, laid out by cli/report/
 * from the problem and its `report` view (formalisms/report-view.ts), in the file's own terms.
 */
export const REPORT: OutputSpec = {
  name: 'report',
  help: 'an HTML report of the check, one self-contained page that opens offline: the summary, the model highlighted (and drawn, for an automaton), the counterexample step by step (circuits: as a waveform), the invariant, the termination argument, the engine\'s progress',
};

/** The file's text (the word-level formats are UTF-8). */
export function text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
