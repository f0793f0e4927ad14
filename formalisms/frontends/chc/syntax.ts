/**
 * SMT-LIB 2.6 S-expressions, the concrete syntax of CHC-COMP files: simple symbols, `|quoted|`
 * symbols (which may hold spaces, parentheses and line breaks: `|<Main: void main(...)>_Block6|`),
 * numerals, decimals, string literals (`""` is a quote inside one), keywords (`:status`), and
 * `;` line comments. The shared S-expression reader (lang/grammar/sexpr.ts) takes any run of
 * non-blank characters for an atom, which cuts a quoted symbol at its first space, hence this
 * lexer of its own (Chevrotain).
 *
 * The lists are built from the tokens with a stack rather than by a grammar, so that a '(' that is
 * never closed is reported where it opens (the end of the file says nothing about which one).
 */
import type { IToken, TokenType } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';
import { errorAt } from '../../../lang/grammar/syntax-errors.js';
import { InputError, positionOf } from '../../../lang/errors.js';

/** `|x|` and `x` are the same symbol: `text` is the symbol without its bars. */
export type Sx =
  | { readonly kind: 'symbol'; readonly tok: IToken; readonly text: string }
  | { readonly kind: 'numeral' | 'decimal' | 'string' | 'keyword' | 'bits'; readonly tok: IToken; readonly text: string }
  /** `tok` is the opening parenthesis, `end` the closing one. */
  | { readonly kind: 'list'; readonly tok: IToken; readonly end: IToken; readonly items: readonly Sx[] };

export type SxList = Sx & { kind: 'list' };

/** Characters of a simple symbol (SMT-LIB 2.6, Sect. 3.1); it does not start with a digit. */
const SYMBOL_CHAR = "A-Za-z0-9~!@$%^&*_\\-+=<>.?/";

const Space = createToken({ name: 'Space', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
const Comment = createToken({ name: 'Comment', pattern: /;[^\r\n]*/, group: Lexer.SKIPPED });
const Open = createToken({ name: 'Open', pattern: '(', label: "'('" });
const Close = createToken({ name: 'Close', pattern: ')', label: "')'" });
const Quoted = createToken({ name: 'Quoted', pattern: /\|[^|\\]*\|/, line_breaks: true, label: 'a symbol' });
const Str = createToken({ name: 'String', pattern: /"(?:[^"]|"")*"/, line_breaks: true, label: 'a string' });
const Keyword = createToken({ name: 'Keyword', pattern: new RegExp(`:[${SYMBOL_CHAR}]+`), label: 'a keyword' });
const Decimal = createToken({ name: 'Decimal', pattern: /\d+\.\d+/, label: 'a decimal' });
const Numeral = createToken({ name: 'Numeral', pattern: /\d+/, label: 'a numeral' });
const Bits = createToken({ name: 'Bits', pattern: /#x[0-9A-Fa-f]+|#b[01]+/, label: 'a bit-vector literal' });
const SimpleSymbol = createToken({ name: 'Symbol', pattern: new RegExp(`[${SYMBOL_CHAR.replace('0-9', '')}][${SYMBOL_CHAR}]*`), label: 'a symbol' });

const tokens: TokenType[] = [Space, Comment, Open, Close, Quoted, Str, Keyword, Decimal, Numeral, Bits, SimpleSymbol];
const lexer = new Lexer(tokens, { ensureOptimizations: false, positionTracking: 'full' });

const KINDS = new Map<TokenType, Exclude<Sx['kind'], 'list'>>([
  [Quoted, 'symbol'], [SimpleSymbol, 'symbol'], [Numeral, 'numeral'], [Decimal, 'decimal'], [Str, 'string'], [Keyword, 'keyword'], [Bits, 'bits'],
]);

/** The top-level S-expressions of `text`, or the first syntax error. */
export function readSx(text: string, file: string): Sx[] {
  const lexed = lexer.tokenize(text);
  const bad = lexed.errors[0];
  if (bad) {
    const { line, column } = positionOf(text, bad.offset);
    const c = text[bad.offset];
    const reason = c === '|' ? 'this quoted symbol is not closed by a second |' : c === '"' ? 'this string is not closed by a second "' : `unexpected character '${text.slice(bad.offset, bad.offset + bad.length)}'`;
    throw new InputError(file, line, column, reason, text);
  }
  const top: Sx[] = [];
  const open: { tok: IToken; items: Sx[] }[] = [];
  for (const tok of lexed.tokens) {
    const into = open.length ? open[open.length - 1]!.items : top;
    if (tok.tokenType === Open) open.push({ tok, items: [] });
    else if (tok.tokenType === Close) {
      const list = open.pop();
      if (!list) throw errorAt(file, text, tok, "this ')' closes no '('");
      (open.length ? open[open.length - 1]!.items : top).push({ kind: 'list', tok: list.tok, end: tok, items: list.items });
    } else {
      const kind = KINDS.get(tok.tokenType)!;
      into.push({ kind, tok, text: tok.tokenType === Quoted ? tok.image.slice(1, -1) : tok.image });
    }
  }
  const unclosed = open.pop();
  if (unclosed) throw errorAt(file, text, unclosed.tok, "this '(' is not closed before the end of the file");
  return top;
}

/** The offset just after an S-expression in the text. */
export function endOf(s: Sx): number {
  const last = s.kind === 'list' ? s.end : s.tok;
  return last.endOffset! + 1;
}

/** How an S-expression is named in messages. */
export function describe(s: Sx): string {
  switch (s.kind) {
    case 'list': return s.items[0]?.kind === 'symbol' ? `(${s.items[0].text} ...)` : s.items.length === 0 ? '()' : 'a list';
    case 'symbol': return `'${s.text}'`;
    case 'string': return 'a string';
    case 'keyword': return `the keyword ${s.text}`;
    default: return `the ${s.kind === 'bits' ? 'bit-vector literal' : s.kind} ${s.text}`;
  }
}

/** The head symbol of a list, if it has one. */
export function head(s: Sx): string | undefined {
  return s.kind === 'list' && s.items[0]?.kind === 'symbol' ? s.items[0].text : undefined;
}
