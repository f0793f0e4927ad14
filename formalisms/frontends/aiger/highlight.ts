/**
 * AIGER's ASCII form highlighted for the report: the header, the symbol table's lines (`i0 name`:
 * the kind and position, then the name) and the comment section after `c`; the literal lines stay
 * plain numbers. The binary form is not shown.
 */
import type { Token } from '../../report-view.js';

export function aigerHighlight(lines: readonly string[]): Token[][] {
  let comments = false;
  return lines.map((line, i): Token[] => {
    if (comments || line === 'c') {
      comments = true;
      return [{ text: line, kind: 'comment' }];
    }
    const header = i === 0 ? /^(aag)(.*)$/.exec(line) : null;
    if (header) return [{ text: header[1]!, kind: 'keyword' }, { text: header[2]!, kind: 'number' }];
    const symbol = /^([ilobcjf]\d+)( .*)$/.exec(line);
    if (symbol) return [{ text: symbol[1]!, kind: 'keyword' }, { text: symbol[2]!, kind: 'name' }];
    return [{ text: line }];
  });
}
