/**
 * The reader of explicit state graphs (`.graph`): states by name, the initial ones, the edges
 * between them and the bad ones, as statements separated by new lines or semicolons, so that a
 * small graph fits on one line:
 *
 *     init off; off -> on; on -> off; on -> broken; bad broken
 *
 * `#` starts a comment to the end of the line. A state is any name that occurs; every problem is an
 * `InputError` at the offending token.
 */
import type { IToken } from 'chevrotain';
import { EmbeddedActionsParser, Lexer, createToken } from '../../../lang/grammar/chevrotain.js';
import { errorMessages, lexingError, parsingError } from '../../../lang/grammar/syntax-errors.js';
import { InputError } from '../../../lang/errors.js';

/** A graph as written: its states in the order they first occur. */
export interface StateGraph {
  readonly states: readonly string[];
  readonly init: readonly string[];
  readonly edges: readonly (readonly [string, string])[];
  readonly bad: readonly string[];
  /** The line each initial state, edge and bad state is written on, aligned with `init`, `edges` and `bad`. */
  readonly lines: { readonly init: readonly number[]; readonly edges: readonly number[]; readonly bad: readonly number[] };
}

const Space = createToken({ name: 'Space', pattern: /[ \t\f]+/, group: Lexer.SKIPPED });
const Comment = createToken({ name: 'Comment', pattern: /#[^\r\n]*/, group: Lexer.SKIPPED });
const End = createToken({ name: 'End', pattern: /(?:\r?\n|;)+/, line_breaks: true, label: "';' or a new line" });
const Arrow = createToken({ name: 'Arrow', pattern: '->', label: "'->'" });
const Name = createToken({ name: 'Name', pattern: /[A-Za-z0-9_.]+/, label: 'a state' });
const Init = createToken({ name: 'Init', pattern: /init\b/, label: "'init'", longer_alt: Name });
const Bad = createToken({ name: 'Bad', pattern: /bad\b/, label: "'bad'", longer_alt: Name });
const tokens = [Space, Comment, End, Arrow, Init, Bad, Name];
const lexer = new Lexer(tokens, { ensureOptimizations: false, positionTracking: 'full' });

type Statement = { readonly kind: 'init' | 'bad'; readonly states: IToken[] } | { readonly kind: 'edge'; readonly from: IToken; readonly to: IToken };

class GraphParser extends EmbeddedActionsParser {
  constructor() {
    super(tokens, { recoveryEnabled: false, errorMessageProvider: errorMessages });
    this.performSelfAnalysis();
  }

  /** Statements, each ended by a new line or `;` or the end of the file. */
  file = this.RULE('file', (): Statement[] => {
    const out: Statement[] = [];
    this.OPTION(() => out.push(this.SUBRULE(this.statement)));
    this.MANY(() => {
      this.CONSUME(End);
      this.OPTION2(() => out.push(this.SUBRULE2(this.statement)));
    });
    return out;
  });

  statement = this.RULE('statement', (): Statement => this.OR([
    { ALT: () => ({ kind: this.OR2([{ ALT: () => { this.CONSUME(Init); return 'init' as const; } }, { ALT: () => { this.CONSUME(Bad); return 'bad' as const; } }]), states: this.states() }) },
    {
      ALT: () => {
        const from = this.CONSUME(Name);
        this.CONSUME(Arrow);
        return { kind: 'edge' as const, from, to: this.CONSUME2(Name) };
      },
    },
  ]));

  private states(): IToken[] {
    const out: IToken[] = [];
    this.AT_LEAST_ONE(() => out.push(this.CONSUME3(Name)));
    return out;
  }
}

let parser: GraphParser | undefined;

export function parseGraph(text: string, file: string): StateGraph {
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length > 0) throw lexingError(file, text, lexed.errors[0]!);
  parser ??= new GraphParser();
  parser.input = lexed.tokens;
  const statements = parser.file();
  if (parser.errors.length > 0) throw parsingError(file, text, parser.errors[0]!);
  const states: string[] = [];
  const state = (t: IToken) => {
    if (!states.includes(t.image)) states.push(t.image);
    return t.image;
  };
  const init: string[] = [];
  const bad: string[] = [];
  const edges: [string, string][] = [];
  const lines = { init: [] as number[], edges: [] as number[], bad: [] as number[] };
  for (const s of statements) {
    if (s.kind === 'edge') {
      edges.push([state(s.from), state(s.to)]);
      lines.edges.push(s.from.startLine!);
    } else {
      (s.kind === 'init' ? init : bad).push(...s.states.map(state));
      lines[s.kind].push(...s.states.map((t) => t.startLine!));
    }
  }
  if (init.length === 0) throw new InputError(file, 1, 1, "the graph has no initial state: expected an 'init' statement", text);
  if (bad.length === 0) throw new InputError(file, 1, 1, "the graph has no bad state: expected a 'bad' statement", text);
  return { states, init, edges, bad, lines };
}
