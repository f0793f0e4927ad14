/**
 * A reader for S-expressions, the syntax of the lisp-style model variants: atoms (any run of
 * characters other than whitespace, parentheses and `;`) and parenthesised lists, with `;` line
 * comments. Meaning is given by the front ends that walk the result; this only checks the
 * bracketing, with Chevrotain and no error recovery.
 */
import { type IToken } from 'chevrotain';
import { EmbeddedActionsParser, Lexer, createToken } from './chevrotain.js';
import { errorAt, errorMessages, lexingError, parsingError } from './syntax-errors.js';
import type { InputError } from '../errors.js';

export type Sexpr =
  | { readonly kind: 'atom'; readonly tok: IToken; readonly text: string }
  /** `tok` is the opening parenthesis. */
  | { readonly kind: 'list'; readonly tok: IToken; readonly items: readonly Sexpr[] };

const Space = createToken({ name: 'Space', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
const Comment = createToken({ name: 'Comment', pattern: /;[^\r\n]*/, group: Lexer.SKIPPED });
const Open = createToken({ name: 'Open', pattern: '(', label: "'('" });
const Close = createToken({ name: 'Close', pattern: ')', label: "')'" });
const Atom = createToken({ name: 'Atom', pattern: /[^\s();]+/, label: 'a name or number' });
const tokens = [Space, Comment, Open, Close, Atom];
const lexer = new Lexer(tokens, { ensureOptimizations: false, positionTracking: 'full' });

class SexprParser extends EmbeddedActionsParser {
  constructor() {
    super(tokens, { recoveryEnabled: false, errorMessageProvider: errorMessages });
    this.performSelfAnalysis();
  }

  file = this.RULE('file', (): Sexpr[] => {
    const out: Sexpr[] = [];
    this.MANY(() => out.push(this.SUBRULE(this.sexpr)));
    return out;
  });

  sexpr = this.RULE('sexpr', (): Sexpr => this.OR([
    {
      ALT: () => {
        const tok = this.CONSUME(Atom);
        return { kind: 'atom', tok, text: tok.image };
      },
    },
    {
      ALT: () => {
        const tok = this.CONSUME(Open);
        const items: Sexpr[] = [];
        this.MANY(() => items.push(this.SUBRULE(this.sexpr)));
        this.CONSUME(Close);
        return { kind: 'list', tok, items };
      },
    },
  ]));
}

let parser: SexprParser | undefined;

/** The top-level S-expressions of `text`, or the first syntax error. */
export function readSexprs(text: string, file: string): Sexpr[] {
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length > 0) throw lexingError(file, text, lexed.errors[0]!);
  parser ??= new SexprParser();
  parser.input = lexed.tokens;
  const out = parser.file();
  if (parser.errors.length > 0) throw parsingError(file, text, parser.errors[0]!);
  return out;
}

/** How an S-expression is named in messages. */
export function describeSexpr(s: Sexpr): string {
  return s.kind === 'atom' ? `'${s.text}'` : s.items[0]?.kind === 'atom' ? `a (${s.items[0].text} ...) form` : 'a list';
}

export function sexprError(file: string, text: string, s: Sexpr, reason: string): InputError {
  return errorAt(file, text, s.tok, reason);
}
