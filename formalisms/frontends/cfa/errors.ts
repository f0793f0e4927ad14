/**
 * Syntax error messages of the CFA parsers: "expected X but found Y", where X names what a rule
 * parses ("an expression", "a type") rather than listing dozens of tokens, plus a hint for the
 * language's traps (`a = b = c`, `not not p`). Positions and the found-token wording are shared with
 * the STS readers (`sts-errors.ts`).
 */
import { type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import { describeToken, describeType } from '../../../lang/grammar/syntax-errors.js';

interface MessageHelp {
  /** What a rule parses, said when several alternatives were possible. */
  readonly rules: Readonly<Record<string, string>>;
  /** Advice about a found token. */
  readonly hint?: (found: IToken, previous: IToken | undefined) => string | undefined;
  /** A fuller description than the token's label of what a rule expected at a mismatch. */
  readonly mismatch?: (expected: TokenType, ruleName: string) => string | undefined;
}

export function messageProvider(help: MessageHelp): IParserErrorMessageProvider {
  const finish = (expected: string, found: IToken, previous?: IToken): string => {
    const extra = help.hint?.(found, previous);
    return `expected ${expected} but found ${describeToken(found)}${extra ? ` (${extra})` : ''}`;
  };
  const alternatives = (ruleName: string, paths: TokenType[][]): string => {
    const described = help.rules[ruleName];
    if (described) return described;
    const firsts = [...new Set(paths.filter((p) => p.length > 0).map((p) => describeType(p[0]!)))];
    if (firsts.length <= 1) return firsts[0] ?? 'something else';
    return `${firsts.slice(0, -1).join(', ')} or ${firsts[firsts.length - 1]}`;
  };
  return {
    buildMismatchTokenMessage: ({ expected, actual, previous, ruleName }) =>
      finish(help.mismatch?.(expected, ruleName) ?? describeType(expected), actual, previous),
    buildNotAllInputParsedMessage: ({ firstRedundant, ruleName }) => finish(help.rules[ruleName] ?? 'end of file', firstRedundant),
    buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, previous, ruleName }) =>
      finish(alternatives(ruleName, expectedPathsPerAlt.flat()), actual[0]!, previous),
    buildEarlyExitMessage: ({ expectedIterationPaths, actual, previous, ruleName }) =>
      finish(alternatives(ruleName, expectedIterationPaths), actual[0]!, previous),
  };
}
