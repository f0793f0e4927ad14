/**
 * Errors in user input. Every front end reports bad input as an `InputError` carrying the file,
 * a 1-based line and column, and a one-line message; the CLI prints it as
 *
 *     file:line:col: message
 *         <the offending line>
 *         <caret under the column>
 *
 * and exits with code 2, without a stack trace.
 */

export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    /** The file's text, to quote the offending line; binary inputs leave it out. */
    readonly source?: string,
  ) {
    super(`${file}:${line}:${column}: ${printable(reason)}`);
    this.name = 'InputError';
  }

  /** The message with the offending line and a caret under the column. */
  render(): string {
    const head = this.message;
    if (this.source === undefined) return head;
    const lines = this.source.split(/\r\n|\r|\n/);
    const text = lines[this.line - 1];
    if (text === undefined) return head;
    const shown = printable(text.replace(/\t/g, ' '));
    const caret = ' '.repeat(Math.max(0, Math.min(this.column - 1, shown.length))) + '^';
    return `${head}\n    ${shown}\n    ${caret}`;
  }
}

/** Line and column (both 1-based) of a character offset in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) { line++; start = i + 1; }
  }
  return { line, column: offset - start + 1 };
}

/** Control characters and undecodable bytes shown as `?`, one character each so the caret stays aligned. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, '?');
}
