/**
 * Turning Chevrotain's lexing and parsing errors into `InputError`s: the position of the offending
 * token (end of file when the input stops early) and a message of the form "expected X but found Y".
 * Token types carry a `label` (`'var'`, `identifier`) that these messages quote. Shared by the
 * readers of every text format (CFA, STS and their lisp variants).
 */
import { type ILexingError, type IParserErrorMessageProvider, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import { EOF } from './chevrotain.js';
import { InputError, positionOf } from '../errors.js';

/** How a token type is named in messages. */
export function describeType(t: TokenType): string {
  return t === EOF ? 'end of file' : (t.LABEL ?? t.name);
}

/** How a token that was found is named in messages. */
export function describeToken(tok: IToken): string {
  if (tok.tokenType === EOF) return 'end of file';
  const label = tok.tokenType.LABEL ?? '';
  return label.startsWith("'") ? label : `${label || tok.tokenType.name} '${tok.image}'`;
}

function oneOf(types: readonly TokenType[]): string {
  const names = [...new Set(types.map(describeType))];
  if (names.length <= 1) return names[0] ?? 'nothing';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `expected ${describeType(expected)} but found ${describeToken(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) => `unexpected ${describeToken(firstRedundant)} after the end of the input`,
  buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, customUserDescription }) => {
    const expected = customUserDescription ?? oneOf(expectedPathsPerAlt.flatMap((alt) => alt.map((path) => path[0]!)));
    return `expected ${expected} but found ${describeToken(actual[0]!)}`;
  },
  buildEarlyExitMessage: ({ expectedIterationPaths, actual, customUserDescription }) => {
    const expected = customUserDescription ?? oneOf(expectedIterationPaths.map((path) => path[0]!));
    return `expected ${expected} but found ${describeToken(actual[0]!)}`;
  },
};

/** An error at a token; the end-of-file token (which has no position) points at the end of the text. */
export function errorAt(file: string, text: string, tok: IToken, reason: string): InputError {
  if (tok.tokenType === EOF || !Number.isFinite(tok.startOffset)) return errorAtEnd(file, text, reason);
  const { line, column } = positionOf(text, tok.startOffset);
  return new InputError(file, line, column, reason, text);
}

export function errorAtEnd(file: string, text: string, reason: string): InputError {
  const { line, column } = positionOf(text, text.length);
  return new InputError(file, line, column, reason, text);
}

export function lexingError(file: string, text: string, err: ILexingError): InputError {
  const { line, column } = positionOf(text, err.offset);
  return new InputError(file, line, column, `unexpected character '${text.slice(err.offset, err.offset + err.length)}'`, text);
}

export function parsingError(file: string, text: string, err: IRecognitionException): InputError {
  return errorAt(file, text, err.token, err.message);
}
