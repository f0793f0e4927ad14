/**
 * What the HTML report of a check (cli/report/) needs from a front end, in the file's own terms:
 * its source with the format's syntax highlighted, the automaton drawn with an element per location
 * and action (where the model is one), where an action is written in the source, what the model's
 * variables and values are called in the file (a circuit's symbol table and bits), and the pieces
 * only some formats have: a counterexample as waveforms of the file's signals, a proof as clauses
 * over the file's latches. The report lays everything out the same way for every format; whatever a
 * front end leaves out, the page goes without.
 */
import type { Expr, VarDecl } from '../lang/expr.js';
import type { Action, Location } from './interpreter.js';
import type { Certificate } from './certificate.js';
import type { Property } from './property-kinds.js';
import type { Waveform } from './waveform.js';

/** A piece of a source line and what it is, for highlighting. */
export interface Token {
  readonly text: string;
  readonly kind?: 'keyword' | 'comment' | 'number' | 'name';
}

/** Lines of a source file, 1-based and inclusive. */
export interface LineRange {
  readonly first: number;
  readonly last: number;
}

/** The model drawn in Graphviz's DOT language, its locations and actions given element ids. */
export interface Drawing {
  readonly dot: string;
  /** The id of a location's element in the drawing. */
  location(l: Location): string | undefined;
  /** The id of an action's element (its edge) in the drawing. */
  action(a: Action): string | undefined;
}

export interface ReportView {
  /** The file's text, or undefined for a binary file. */
  readonly text: string | undefined;
  /** The format's name for the page (`AIGER circuit`, `control-flow automaton`). */
  readonly title: string;
  /** Each line of the text, as tokens. */
  highlight(lines: readonly string[]): readonly (readonly Token[])[];
  /** The model drawn, where it is an automaton. */
  drawing?(): Drawing;
  /** Where an action is written in the file. */
  lines?(a: Action): LineRange | undefined;
  /** A property's variable as the file names it (a circuit's symbol table), where the view names it otherwise. */
  name?(p: Property, v: VarDecl): string;
  /** A value as the file writes it (a circuit's bits as 0 and 1), where the view prints it otherwise. */
  value?(v: Expr): string;
  /** A failing property's counterexample as the waveforms of the file's signals. */
  waveform?(p: Property, c: Certificate): Waveform;
  /** A holding property's proof as clauses over the file's latches, each with the latches it mentions. */
  clauses?(p: Property, c: Certificate): readonly { readonly text: string; readonly latches: readonly string[] }[];
}

/** A highlighter of a format's keywords, numbers and line comments (every Vigil format but AIGER's is one of these). */
export function keywordHighlighter(keywords: readonly string[], comment: '//' | ';' | '#'): (lines: readonly string[]) => Token[][] {
  const words = new Set(keywords);
  const token = /(\d+'[bdh][0-9a-fA-F_]+|\d+(?:\.\d+)?(?:%\d+)?)|([A-Za-z_][A-Za-z0-9_.']*)|([^A-Za-z0-9_]+?)/g;
  const line = (text: string): Token[] => {
    const at = text.indexOf(comment);
    const code = at < 0 ? text : text.slice(0, at);
    const out: Token[] = [];
    for (const [all, number, word] of code.matchAll(token)) {
      if (number !== undefined) out.push({ text: number, kind: 'number' });
      else if (word !== undefined && words.has(word)) out.push({ text: word, kind: 'keyword' });
      else if (out.length > 0 && out.at(-1)!.kind === undefined) out[out.length - 1] = { text: out.at(-1)!.text + all };
      else out.push({ text: all });
    }
    if (at >= 0) out.push({ text: text.slice(at), kind: 'comment' });
    return out;
  };
  return (lines) => lines.map(line);
}
