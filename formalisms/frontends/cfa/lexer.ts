/**
 * Tokens of the CFA language (formats.md 1 and 2.1). Keywords are reserved and win over identifiers
 * of the same length, while longer words that merely start with one (`loc_1`, `bvaddr`) are
 * identifiers. Floating-point types and operators carry their bracketed parameters in one token
 * (`fp[8,24]`, `fpadd[RTZ]`, `fptofp[11,53][RNE]`); literals are checked later, by the builder,
 * so that a malformed one gets a precise message rather than a token-level surprise.
 */
import { type TokenType } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: Lexer.SKIPPED });
const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED, line_breaks: true });
/** A `/*` without its end; no rule accepts it, the front end reports it. */
export const UnterminatedComment = createToken({ name: 'UnterminatedComment', pattern: /\/\*/, label: "'/*'" });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, label: 'identifier' });

/** `fp[E,S]`, written without spaces. */
export const FpTypeTok = createToken({ name: 'FpType', pattern: /fp\[\d+,\d+\]/, label: 'floating-point type' });

/** Token categories: one token type standing for the operators of one precedence level. */
function category(name: string, label: string): TokenType {
  return createToken({ name, pattern: Lexer.NA, label });
}
export const LocMarker = category('LocMarker', "'init', 'final' or 'error'");
export const BaseType = category('BaseType', 'a type');
export const QuantKw = category('QuantKw', "'forall' or 'exists'");
export const FpMinMaxOp = category('FpMinMaxOp', "'fpmax' or 'fpmin'");
export const EqOp = category('EqOp', "'=' or '/='");
export const RelOp = category('RelOp', 'a comparison');
export const ShiftOp = category('ShiftOp', 'a shift');
export const AddOp = category('AddOp', 'an additive operator');
export const MulOp = category('MulOp', 'a multiplicative operator');
export const ExtendOp = category('ExtendOp', "'bv_zero_extend' or 'bv_sign_extend'");
export const PrefixOp = category('PrefixOp', 'a prefix operator');

const kw: Record<string, TokenType> = {};

function keyword(word: string, categories: TokenType[] = []): void {
  kw[word] = createToken({ name: `Kw_${word}`, pattern: new RegExp(word), label: `'${word}'`, longer_alt: Identifier, categories });
}

/** Floating-point operator words, with any number of glued `[...]` parameter groups. */
function fpWord(word: string, categories: TokenType[] = []): void {
  kw[word] = createToken({
    name: `Kw_${word}`, pattern: new RegExp(`${word}(?:\\[[^\\]\\s]*\\])*`), label: `'${word}'`, longer_alt: Identifier, categories,
  });
}

for (const w of ['main', 'process', 'var', 'loc', 'bv', 'fp', 'if', 'then', 'else', 'iff', 'imply', 'or', 'and', 'xor',
  'not', 'true', 'false', 'default', 'havoc', 'assume', 'return', 'bvor', 'bvxor', 'bvand', 'bvnot']) keyword(w);
for (const w of ['init', 'final', 'error']) keyword(w, [LocMarker]);
for (const w of ['bool', 'int', 'rat']) keyword(w, [BaseType]);
for (const w of ['forall', 'exists']) keyword(w, [QuantKw]);
for (const w of ['bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle', 'bvsgt', 'bvsge']) keyword(w, [RelOp]);
for (const w of ['bvshl', 'bvashr', 'bvlshr', 'bvrol', 'bvror']) keyword(w, [ShiftOp]);
for (const w of ['bvadd', 'bvsub']) keyword(w, [AddOp]);
for (const w of ['mod', 'rem', 'bvmul', 'bvudiv', 'bvsdiv', 'bvsmod', 'bvurem', 'bvsrem']) keyword(w, [MulOp]);
for (const w of ['bv_zero_extend', 'bv_sign_extend']) keyword(w, [ExtendOp]);
for (const w of ['bvpos', 'bvneg']) keyword(w, [PrefixOp]);
for (const w of ['fpmax', 'fpmin']) fpWord(w, [FpMinMaxOp]);
for (const w of ['fpadd', 'fpsub']) fpWord(w, [AddOp]);
for (const w of ['fprem', 'fpmul', 'fpdiv']) fpWord(w, [MulOp]);
for (const w of ['fpabs', 'fpisnan', 'fpneg', 'fppos', 'fpsqrt', 'fproundtoint', 'fptofp', 'fptobv', 'fpfrombv']) fpWord(w, [PrefixOp]);

export function Kw(word: string): TokenType {
  const t = kw[word];
  if (!t) throw new Error(`no CFA keyword ${word}`);
  return t;
}

/** `8'd0.23'd0`: a bit-vector literal for the exponent, a dot, one for the fraction. */
export const FpLit = createToken({ name: 'FpLit', pattern: /\d+'[a-zA-Z][0-9A-Za-z]*\.\d+'[a-zA-Z][0-9A-Za-z]*/, label: 'floating-point literal' });
/** `4'b0101`, `8'd-1`, `16'xBEEF`; the digits are validated by the builder. */
export const BvLit = createToken({ name: 'BvLit', pattern: /\d+'[a-zA-Z][+-]?[0-9A-Za-z]*/, label: 'bit-vector literal' });
export const Num = createToken({ name: 'Num', pattern: /\d+/, label: 'numeral' });

function punct(name: string, text: string, categories: TokenType[] = []): TokenType {
  return createToken({ name, pattern: text, label: `'${text}'`, categories });
}

export const Assign = punct('Assign', ':=');
export const Arrow = punct('Arrow', '->');
export const LArrow = punct('LArrow', '<-');
const Le = punct('Le', '<=', [RelOp]);
const Ge = punct('Ge', '>=', [RelOp]);
const Neq = punct('Neq', '/=', [EqOp]);
export const PlusPlus = punct('PlusPlus', '++');
export const Lt = punct('Lt', '<', [RelOp]);
export const Gt = punct('Gt', '>', [RelOp]);
const Eq = punct('Eq', '=', [EqOp]);
const Plus = punct('Plus', '+', [AddOp, PrefixOp]);
const Minus = punct('Minus', '-', [AddOp, PrefixOp]);
const Star = punct('Star', '*', [MulOp]);
const Slash = punct('Slash', '/', [MulOp]);
export const Percent = punct('Percent', '%');
export const Quote = punct('Quote', "'");
export const LParen = punct('LParen', '(');
export const RParen = punct('RParen', ')');
export const LBracket = punct('LBracket', '[');
export const RBracket = punct('RBracket', ']');
export const LCurly = punct('LCurly', '{');
export const RCurly = punct('RCurly', '}');
export const Colon = punct('Colon', ':');
export const Comma = punct('Comma', ',');

// Longer words first: the first matching pattern wins, `longer_alt` only defers to identifiers.
const keywordTokens = Object.keys(kw).sort((a, b) => b.length - a.length).map(Kw);

export const cfaTokens: TokenType[] = [
  LocMarker, BaseType, QuantKw, FpMinMaxOp, EqOp, RelOp, ShiftOp, AddOp, MulOp, ExtendOp, PrefixOp,
  WhiteSpace, LineComment, BlockComment, UnterminatedComment,
  FpTypeTok, ...keywordTokens, Identifier,
  FpLit, BvLit, Num,
  Assign, Arrow, LArrow, Le, Ge, Neq, PlusPlus, Lt, Gt, Eq, Plus, Minus, Star, Slash, Percent, Quote,
  LParen, RParen, LBracket, RBracket, LCurly, RCurly, Colon, Comma,
];

export const cfaLexer = new Lexer(cfaTokens, { ensureOptimizations: false, positionTracking: 'full' });
