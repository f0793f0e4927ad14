/**
 * Tokens of T2's native program format (termination-format.md 2.1). Keywords, including the
 * single capital letters T2 keeps for temporal formulas, are reserved and win over identifiers of
 * the same length; longer words that start with one (`STARTx`, `Ab`) are identifiers. `#` starts
 * a comment to the end of the line, as C preprocessor leftovers do in T2's input.
 */
import { type TokenType } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: Lexer.SKIPPED });
const HashComment = createToken({ name: 'HashComment', pattern: /#[^\r\n]*/, group: Lexer.SKIPPED });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_$'][A-Za-z0-9_.]*(?:![A-Za-z0-9_.]+)*/, label: 'identifier' });
export const Numeral = createToken({ name: 'Numeral', pattern: /\d+/, label: 'numeral' });
export const StringLit = createToken({ name: 'String', pattern: /"[^"\r\n]*"/, label: 'string' });

function keyword(word: string): TokenType {
  return createToken({ name: `Kw_${word}`, pattern: new RegExp(word.replace('$', '\\$')), label: `'${word}'`, longer_alt: Identifier });
}

function punct(name: string, text: string): TokenType {
  return createToken({ name, pattern: text, label: `'${text}'` });
}

export const Start = keyword('START');
export const Cutpoint = keyword('CUTPOINT');
export const Shadow = keyword('SHADOW');
export const From = keyword('FROM');
export const To = keyword('TO');
export const At = keyword('AT');
export const Assume = keyword('assume');
export const Nondet = keyword('nondet');
export const NondetUpper = keyword('NONDET');
/** Reserved by T2 for temporal formulas; never a variable. */
const temporal = ['A', 'E', 'F', 'G', 'U', 'W', 'X'].map(keyword);

export const Assign = punct('Assign', ':=');
export const Colon = punct('Colon', ':');
export const Semi = punct('Semi', ';');
export const Comma = punct('Comma', ',');
export const LParen = punct('LParen', '(');
export const RParen = punct('RParen', ')');
export const Plus = punct('Plus', '+');
export const Minus = punct('Minus', '-');
export const Star = punct('Star', '*');
export const Slash = punct('Slash', '/');
export const Percent = punct('Percent', '%');
export const Le = punct('Le', '<=');
export const Ge = punct('Ge', '>=');
export const EqEq = punct('EqEq', '==');
export const Neq = punct('Neq', '!=');
export const Lt = punct('Lt', '<');
export const Gt = punct('Gt', '>');
export const Eq = punct('Eq', '=');
export const Bang = punct('Bang', '!');
export const AndAnd = punct('AndAnd', '&&');
export const OrOr = punct('OrOr', '||');

export const RELATIONS: readonly TokenType[] = [Le, Ge, EqEq, Neq, Lt, Gt, Eq];

export const t2Tokens: TokenType[] = [
  WhiteSpace, LineComment, HashComment,
  Start, Cutpoint, Shadow, From, To, At, Assume, Nondet, NondetUpper, ...temporal,
  Identifier, Numeral, StringLit,
  Assign, Colon, Semi, Comma, LParen, RParen, Plus, Minus, Star, Slash, Percent,
  Le, Ge, EqEq, Neq, Lt, Gt, Eq, AndAnd, OrOr, Bang,
];

export const t2Lexer = new Lexer(t2Tokens, { ensureOptimizations: false, positionTracking: 'full' });
