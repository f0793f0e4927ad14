/**
 * Tokens of the STS language (formats.md 1 and 3.1). Keywords are reserved and win over identifiers
 * of the same length; longer words that start with one (`interval`, `integer`) are identifiers. The
 * legacy type names `integer`/`real`/`boolean` and the 2016 qualifiers `input`/`global`/`local` are
 * not reserved in the current dialect, so they are identifiers that the parser accepts in their
 * places. `-` is always an operator: `-32768` is negation applied to a numeral (the parser folds it
 * back into a literal), which accepts a superset of Theta's signed-numeral tokens.
 */
import { type IToken, type TokenType } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';
import { lexingError, errorAt } from '../../../lang/grammar/syntax-errors.js';

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: Lexer.SKIPPED });
const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED, line_breaks: true });
/** An opening `/*` that no `*\/` closes; reported after lexing. */
const OpenComment = createToken({ name: 'OpenComment', pattern: /\/\*/, label: "'/*'" });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, label: 'identifier' });
export const Numeral = createToken({ name: 'Numeral', pattern: /\d+/, label: 'numeral' });

function keyword(word: string): TokenType {
  return createToken({ name: `Kw_${word}`, pattern: new RegExp(word), label: `'${word}'`, longer_alt: Identifier });
}

function punct(name: string, text: string): TokenType {
  return createToken({ name, pattern: text, label: `'${text}'` });
}

export const Specification = keyword('specification');
export const Const = keyword('const');
export const Var = keyword('var');
export const System = keyword('system');
export const Property = keyword('property');
export const Models = keyword('models');
export const G = keyword('G');
export const Invariant = keyword('invariant');
export const Initial = keyword('initial');
export const Transition = keyword('transition');
export const Bool = keyword('bool');
export const Int = keyword('int');
export const Rat = keyword('rat');
export const If = keyword('if');
export const Then = keyword('then');
export const Else = keyword('else');
export const Equal = keyword('equal');
export const Imply = keyword('imply');
export const Forall = keyword('forall');
export const Exists = keyword('exists');
export const Or = keyword('or');
export const And = keyword('and');
export const Xor = keyword('xor');
export const Not = keyword('not');
export const Mod = keyword('mod');
export const Rem = keyword('rem');
export const True = keyword('true');
export const False = keyword('false');
/** Reserved by the language although no STS construct uses them. */
const Havoc = keyword('havoc');
const Assume = keyword('assume');

export const Assign = punct('Assign', ':=');
export const Colon = punct('Colon', ':');
export const Comma = punct('Comma', ',');
export const Arrow = punct('Arrow', '->');
export const LParen = punct('LParen', '(');
export const RParen = punct('RParen', ')');
export const LBrace = punct('LBrace', '{');
export const RBrace = punct('RBrace', '}');
export const LBracket = punct('LBracket', '[');
export const RBracket = punct('RBracket', ']');
export const Prime = punct('Prime', "'");
export const Percent = punct('Percent', '%');
/** `!=` is the ttmc-era spelling of `/=` (formats.md 3.7). */
export const Neq = createToken({ name: 'Neq', pattern: /\/=|!=/, label: "'/='" });
export const Eq = punct('Eq', '=');
export const Leq = punct('Leq', '<=');
export const Geq = punct('Geq', '>=');
export const Lt = punct('Lt', '<');
export const Gt = punct('Gt', '>');
export const Plus = punct('Plus', '+');
export const Minus = punct('Minus', '-');
export const Star = punct('Star', '*');
export const Slash = punct('Slash', '/');

export const allTokens: TokenType[] = [
  WhiteSpace, LineComment, BlockComment, OpenComment,
  Specification, Const, Var, System, Property, Models, G, Invariant, Initial, Transition, Bool, Int, Rat, If, Then,
  Else, Equal, Imply, Forall, Exists, Or, And, Xor, Not, Mod, Rem, True, False, Havoc, Assume,
  Identifier, Numeral,
  Assign, Colon, Comma, Arrow, LParen, RParen, LBrace, RBrace, LBracket, RBracket, Prime, Percent,
  Neq, Eq, Leq, Geq, Lt, Gt, Plus, Minus, Star, Slash,
];

const lexer = new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: true });

/** The tokens of an STS file; the first bad character or unterminated comment is an InputError. */
export function lexSts(text: string, file: string): IToken[] {
  const result = lexer.tokenize(text);
  const bad = result.errors[0];
  if (bad) throw lexingError(file, text, bad);
  const open = result.tokens.find((t) => t.tokenType === OpenComment);
  if (open) throw errorAt(file, text, open, 'unterminated comment');
  return result.tokens;
}
