/**
 * Reader for AIGER 1.9 circuits (formats.md 4), ASCII `aag` and binary `aig`.
 *
 * A Chevrotain lexer splits the file into tokens (numbers, words, line ends, whole symbol-table
 * lines, the comment section). The sections are read by counting, not by a grammar: how many lines
 * each section has is given by the header's numbers, which an LL grammar cannot express without one
 * semantic gate per line. Every line in the usual form (the header `aag M I L O A`, numbers
 * separated by single spaces, symbol lines `i0 NAME`, each ended by `\n`) is read by hand: the
 * lines of numbers are most of a circuit file, and a token object per number made reading `a19-p15`
 * (45,000 gates, 0.8 MB) take 125 ms, half of it in the garbage collector, against 44 ms by hand;
 * and building the lexer alone costs 10 ms, as much as reading a usual header and symbol table, so
 * it is built when a file first needs it. Lines in any other form (tabs, CRLF, a misplaced word, a
 * missing line) are lexed and read from the tokens, by the same checks, whose messages say what is
 * wrong and where. The binary gate section of `aig` files is decoded by hand, byte by byte: it is
 * not text (any byte, newlines included, may occur in it), so no lexer applies, and its 7-bit
 * groups are simplest to read with a loop.
 *
 * The result is the file's content as read, validated: every literal in range, every variable
 * defined once, every used variable defined, no cycle through AND gates. The AND gates are listed
 * so that each comes after the gates it reads (in file order whenever the file already is so), as
 * the cycle check finds them. After the invariant constraints come the justice properties (AIGER 1.9:
 * J lines with the size of each, then the literals of each property, one per line) and the F
 * fairness literals; the symbol table names them `j<i>` and `f<i>`.
 */
import { type CustomPatternMatcherReturn, type IToken } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';
import { InputError, positionOf } from '../../../lang/errors.js';
import { VarTable } from '../../../lang/var-table.js';

/** A latch's initial value: 0, 1, or `'x'` when uninitialised (the reset field is the latch's own literal). */
export type Reset = 0 | 1 | 'x';

export interface AigerLatch {
  /** The latch's positive literal. */
  readonly lit: number;
  /** The literal computing its next value. */
  readonly next: number;
  readonly reset: Reset;
}

/** Names from the symbol table, by 0-based position in their section. */
export interface AigerSymbols {
  readonly inputs: ReadonlyMap<number, string>;
  readonly latches: ReadonlyMap<number, string>;
  readonly outputs: ReadonlyMap<number, string>;
  readonly bads: ReadonlyMap<number, string>;
  readonly constraints: ReadonlyMap<number, string>;
  readonly justice: ReadonlyMap<number, string>;
  readonly fairness: ReadonlyMap<number, string>;
}

export interface AigerFile {
  readonly file: string;
  readonly binary: boolean;
  /** M: the largest variable index. */
  readonly maxVar: number;
  /** Positive literals of the inputs (implicit in binary files: 2, 4, ...). */
  readonly inputs: readonly number[];
  readonly latches: readonly AigerLatch[];
  readonly outputs: readonly number[];
  readonly bads: readonly number[];
  readonly constraints: readonly number[];
  /** The justice properties, each a list of literals: a run satisfies one when each of its literals is 1 infinitely often. */
  readonly justice: readonly (readonly number[])[];
  /** The fairness constraints, shared by every justice property: literals that are 1 infinitely often on the runs that count. */
  readonly fairness: readonly number[];
  /**
   * The AND gates as triples `lhs, rhs0, rhs1`, flat (gate k at 3k: one array, not one per gate,
   * for the garbage collector), each gate after the gates it reads.
   */
  readonly ands: Int32Array;
  readonly symbols: AigerSymbols;
  /** The lines of the comment section, without line ends. */
  readonly comments: readonly string[];
}

// ---------------------------------------------------------------- tokens

/** A whole symbol-table line: kind letter, position, one space, then the name up to the line end. */
const SYMBOL_LINE = /[ilobcjf][0-9]+ [^\r\n]*/;

/** A line holding only `c` starts the comment section, which runs to the end of the file. */
function matchComments(text: string, offset: number): CustomPatternMatcherReturn | null {
  if (text.charCodeAt(offset) !== 99 /* c */) return null;
  const after = text.charCodeAt(offset + 1);
  const lineEnds = Number.isNaN(after) || after === 10 || (after === 13 && text.charCodeAt(offset + 2) === 10);
  return lineEnds ? [text.slice(offset)] : null;
}

/**
 * The lexer and its token types, made when a file first needs them: building the lexer costs more
 * than reading a usual header and symbol table, and in the command's bundle Chevrotain itself is
 * initialised on first use (scripts/bundle.js), which a usual file never needs. The tokens are told
 * apart by name: `Newline`, `Spaces`, `Num`, `SymbolLine`, `Comments` (the whole comment section)
 * and `Word` (the header's `aag`/`aig`, or a misplaced word to complain about by name).
 */
let aigerLexer: Lexer | undefined;
function lexer(): Lexer {
  return (aigerLexer ??= new Lexer([
    createToken({ name: 'Newline', pattern: /\r?\n/, line_breaks: true, label: 'end of line' }),
    createToken({ name: 'Spaces', pattern: /[ \t]+/, group: Lexer.SKIPPED }),
    createToken({ name: 'Num', pattern: /[0-9]+/, label: 'number' }),
    createToken({ name: 'SymbolLine', pattern: SYMBOL_LINE, label: 'symbol' }),
    createToken({ name: 'Comments', pattern: { exec: matchComments }, line_breaks: true, start_chars_hint: ['c'], label: 'comment section' }),
    createToken({ name: 'Word', pattern: /[A-Za-z][A-Za-z0-9_]*/, label: 'word' }),
  ], { positionTracking: 'onlyOffset', ensureOptimizations: true }));
}

type TokenName = 'Newline' | 'Num' | 'SymbolLine' | 'Comments' | 'Word';

/** Whether token `t` is of the named type. */
function is(t: IToken, name: TokenName): boolean {
  return t.tokenType.name === name;
}

// ---------------------------------------------------------------- errors and positions

/** Where the tokens come from: the whole file's text, for positions and for quoting. */
interface Source {
  readonly file: string;
  /** The file as text (for `aig`, one character per byte), so offsets give line and column. */
  readonly text: string;
  /** The text quoted in errors about ASCII parts, made only when an error is reported. */
  readonly quote: () => string;
}

function fail(src: Source, offset: number, reason: string, quote = true): never {
  const { line, column } = positionOf(src.text, offset);
  throw new InputError(src.file, line, column, reason, quote ? src.quote() : undefined);
}

function lexError(src: Source, offset: number, binary: boolean): never {
  const code = src.text.charCodeAt(offset);
  const shown = code >= 32 && code < 127 ? `character '${src.text[offset]}'` : `byte 0x${code.toString(16).padStart(2, '0')}`;
  const hint = code < 32 || code >= 127 ? (binary ? '' : " (an 'aag' file is text; binary AIGER starts with 'aig')") : '';
  fail(src, offset, `unexpected ${shown}${hint}`);
}

function lex(src: Source, base: number, text: string, binary: boolean): IToken[] {
  const { tokens, errors } = lexer().tokenize(text);
  if (errors.length) lexError(src, base + errors[0]!.offset, binary);
  return tokens;
}

// ---------------------------------------------------------------- line reading

/** The largest M this reader accepts, so that every literal is a safe 32-bit number. */
const MAX_VAR = 2 ** 30 - 1;

/** What the file lacks when it ends before the `k`-th line of a section. */
type Missing = (k: number) => string;

/**
 * The numeric lines of a file (sections and gates), one at a time: from tokens (`Lines`), or by hand
 * (`Scan`) when they are in their usual form.
 */
interface NumberLines {
  /**
   * Reads one line of `min` to `max` numbers and its line end, and returns how many: their values
   * and offsets are in `values` and `offsets`. `what` names the line in messages, `missing(k)`
   * says what the file lacks when it ends before the line, the section's `k`-th (built only then:
   * a message built for every line took half the time of reading a16-p152's 11,000 gates).
   */
  line(min: number, max: number, what: string, missing: Missing, k: number): number;
  readonly values: number[];
  readonly offsets: number[];
}

class Lines implements NumberLines {
  private pos = 0;
  readonly values: number[] = [];
  readonly offsets: number[] = [];
  constructor(
    readonly src: Source,
    private readonly tokens: readonly IToken[],
    /** Offset of the tokens' text in the file. */
    private readonly base: number,
    /** Offset just past the tokens' text, where "end of file" is reported. */
    private readonly end: number,
  ) {}

  offsetOf(t: IToken): number {
    return this.base + t.startOffset;
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  peek(): IToken | undefined {
    return this.tokens[this.pos];
  }

  next(): IToken {
    return this.tokens[this.pos++]!;
  }

  /** Offset of the next token, or of the end. */
  here(): number {
    const t = this.peek();
    return t ? this.offsetOf(t) : this.end;
  }

  fail(offset: number, reason: string): never {
    return fail(this.src, offset, reason);
  }

  /**
   * Reads one line of `min` to `max` numbers and its line end; `what` names the line in messages,
   * `missing(k)` says what the file lacks when it ends before the line, the section's `k`-th.
   */
  numbers(min: number, max: number, what: string, missing: Missing, k = 0): IToken[] {
    if (this.atEnd()) this.fail(this.end, `unexpected end of file: ${missing(k)}`);
    const out: IToken[] = [];
    for (;;) {
      const t = this.peek();
      if (!t || is(t, 'Newline')) break;
      if (!is(t, 'Num')) this.fail(this.offsetOf(t), `expected a number in ${what}, found ${describe(t)}`);
      if (out.length === max) this.fail(this.offsetOf(t), `too many numbers in ${what} (at most ${max})`);
      out.push(this.next());
    }
    if (out.length < min) {
      const need = min === max ? `${min}` : `at least ${min}`;
      this.fail(this.here(), out.length === 0 ? `expected ${what}` : `${what} needs ${need} numbers, found ${out.length}`);
    }
    if (!this.atEnd()) this.next(); // the line end
    return out;
  }

  line(min: number, max: number, what: string, missing: Missing, k: number): number {
    const tokens = this.numbers(min, max, what, missing, k);
    tokens.forEach((t, k) => { this.values[k] = value(t); this.offsets[k] = this.offsetOf(t); });
    return tokens.length;
  }
}

/** Thrown by `Scan` at a line not in the usual form: the lines are then read from tokens. */
class UnusualLine extends Error {}

/**
 * Numeric lines read by hand, as long as each is numbers separated by single spaces and ended by
 * `\n` (or by the end of the file). Numbers are checked by the same code as tokens are; anything
 * else throws `UnusualLine` and is read again from tokens, which say what is wrong and where.
 */
class Scan implements NumberLines {
  readonly values: number[] = [0, 0, 0];
  readonly offsets: number[] = [0, 0, 0];

  constructor(readonly text: string, public pos: number) {}

  line(min: number, max: number): number {
    const text = this.text;
    let p = this.pos;
    let count = 0;
    for (;;) {
      const at = p;
      let n = 0;
      let c = text.charCodeAt(p);
      while (c >= 48 && c <= 57) {
        n = n * 10 + (c - 48);
        c = text.charCodeAt(++p);
      }
      if (p === at || count === max) throw new UnusualLine();
      this.values[count] = p - at > 15 ? Infinity : n;
      this.offsets[count++] = at;
      if (c === 32) { p++; continue; }
      if (c !== 10 && !Number.isNaN(c)) throw new UnusualLine();
      if (count < min) throw new UnusualLine();
      this.pos = Math.min(p + 1, text.length);
      return count;
    }
  }
}

function describe(t: IToken): string {
  if (is(t, 'Newline')) return 'the end of the line';
  if (is(t, 'Comments')) return "the comment section ('c')";
  const text = t.image.length > 20 ? `${t.image.slice(0, 20)}...` : t.image;
  return `'${text}'`;
}

/** The value of a numeral, or Infinity when it has too many digits to matter. */
function numeral(digits: string): number {
  return digits.length > 15 ? Infinity : Number(digits);
}

function value(t: IToken): number {
  return numeral(t.image);
}

// ---------------------------------------------------------------- the header

interface Header {
  readonly binary: boolean;
  readonly m: number;
  readonly i: number;
  readonly l: number;
  readonly o: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly j: number;
  readonly f: number;
}

const COUNT_NAMES = ['M', 'I', 'L', 'O', 'A', 'B', 'C', 'J', 'F'];

function readHeader(lines: Lines): Header {
  const first = lines.peek();
  if (!first) lines.fail(0, 'empty file');
  if (!is(first, 'Word') || (first.image !== 'aag' && first.image !== 'aig')) {
    const what = is(first, 'Newline') ? 'an empty line' : describe(first);
    lines.fail(lines.offsetOf(first), `bad header: expected 'aag' (ASCII) or 'aig' (binary) followed by M I L O A, found ${what}`);
  }
  lines.next();
  const counts = lines.numbers(5, 9, 'the header', () => 'the header needs the counts M I L O A');
  return headerFrom(lines.src, first.image === 'aig', counts.map(value), counts.map((t) => lines.offsetOf(t)));
}

/** The header of the counts `v` (at offsets `at`), checked. */
function headerFrom(src: Source, binary: boolean, v: readonly number[], at: readonly number[]): Header {
  v.forEach((n, k) => {
    if (n > MAX_VAR) fail(src, at[k]!, `header count ${COUNT_NAMES[k]} = ${digitsAt(src.text, at[k]!)} is too large (at most ${MAX_VAR})`);
  });
  const [m, i, l, o, a] = v as [number, number, number, number, number];
  if (binary && m !== i + l + a) {
    fail(src, at[0]!, `binary 'aig' header needs M = I + L + A = ${i + l + a}, but M is ${m}`);
  }
  if (!binary && i + l + a > m) {
    fail(src, at[0]!, `M = ${m} is smaller than the ${i + l + a} inputs, latches and AND gates the header announces`);
  }
  return { binary, m, i, l, o, a, b: v[5] ?? 0, c: v[6] ?? 0, j: v[7] ?? 0, f: v[8] ?? 0 };
}

// ---------------------------------------------------------------- definitions and uses

const INPUT = 1;
const LATCH = 2;
const GATE = 3;
const KIND_NAME = ['', 'an input', 'a latch', 'an AND gate'];
/** The same without the article, for messages that start with it. */
const KIND_WORD = KIND_NAME.map((n) => n.replace(/^an? /, ''));

/** The sections read so far, with the offsets of definitions and uses for later checks. */
class Body {
  readonly inputs: number[] = [];
  readonly latches: AigerLatch[] = [];
  readonly outputs: number[] = [];
  readonly bads: number[] = [];
  readonly constraints: number[] = [];
  readonly justice: number[][] = [];
  readonly fairness: number[] = [];
  /** The gates as read, flat (`AigerFile.ands`). */
  readonly ands: Int32Array;
  /** variable -> 4 * position in its section + kind */
  readonly defs: VarTable;
  readonly defOffsets: number[][] = [[], [], [], []];
  /** Literals used as operands, with their offsets, in file order (the gates' only when read line by line). */
  readonly uses: number[] = [];
  readonly useOffsets: number[] = [];
  /**
   * Where the gate lines start when `readUsualGates` read them: their operands are then not among
   * `uses`, nor their offsets among `defOffsets` (`gateOffset` finds them). -1 when read line by line.
   */
  gatesFrom = -1;

  constructor(readonly header: Header, readonly src: Source) {
    // an ASCII file defines at most one variable per two characters; a binary one defines none
    // explicitly (every variable 1..M is defined by its position)
    this.defs = new VarTable(header.binary ? 0 : header.m, src.text.length / 2);
    // a gate takes at least two bytes of the file (a header may announce more than the file holds:
    // then the file ends before the gates it announces, which is the error it gets)
    this.ands = new Int32Array(3 * Math.min(header.a, Math.ceil(src.text.length / 2)));
  }

  /** A literal within range of M: `n` is the value of the numeral at offset `at`. */
  literal(n: number, at: number): number {
    const top = 2 * this.header.m + 1;
    if (n > top) fail(this.src, at, `literal ${digitsAt(this.src.text, at)} is out of range: M = ${this.header.m} allows literals up to ${top}`);
    return n;
  }

  use(n: number, at: number): number {
    const lit = this.literal(n, at);
    this.uses.push(lit);
    this.useOffsets.push(at);
    return lit;
  }

  /** The even literal of a newly defined input, latch or gate. */
  define(n: number, at: number, kind: number, position: number): number {
    const lit = this.literal(n, at);
    if (lit & 1) fail(this.src, at, `${KIND_WORD[kind]} literal must be even (a positive literal), got ${lit}`);
    if (lit === 0) fail(this.src, at, `${KIND_WORD[kind]} literal must name a variable, not the constant 0`);
    const known = this.defs.get(lit >> 1);
    if (known >= 0) {
      const prevAt = this.defOffsets[known & 3]![known >> 2]!;
      const { line } = positionOf(this.src.text, prevAt);
      fail(this.src, at, `variable ${lit >> 1} (literal ${lit}) is defined twice: it is already ${KIND_NAME[known & 3]} on line ${line}`);
    }
    this.defs.set(lit >> 1, position * 4 + kind);
    this.defOffsets[kind]!.push(at);
    return lit;
  }

  /** `use` of the `k`-th number of the line `lines` just read. */
  useAt(lines: NumberLines, k: number): number {
    return this.use(lines.values[k]!, lines.offsets[k]!);
  }

  /** `define` of the `k`-th number of the line `lines` just read. */
  defineAt(lines: NumberLines, k: number, kind: number, position: number): number {
    return this.define(lines.values[k]!, lines.offsets[k]!, kind, position);
  }

  /** The offset of gate `k`'s line, which starts with its literal. */
  gateOffset(k: number): number {
    if (this.gatesFrom < 0) return this.defOffsets[GATE]![k]!;
    let p = this.gatesFrom;
    for (let line = 0; line < k; line++) p = this.src.text.indexOf('\n', p) + 1;
    return p;
  }
}

/** The numeral at `offset` in `text`, as written (for messages). */
function digitsAt(text: string, offset: number): string {
  let end = offset;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return text.slice(offset, end);
}

/** The reset of latch `own`: the `k`-th number of the line `lines` just read, if it has one. */
function readReset(lines: NumberLines, src: Source, count: number, k: number, own: number): Reset {
  if (count <= k) return 0;
  const n = lines.values[k]!;
  if (n === 0) return 0;
  if (n === 1) return 1;
  if (n === own) return 'x';
  const at = lines.offsets[k]!;
  return fail(src, at, `latch reset must be 0, 1 or the latch's own literal ${own} (uninitialised), got ${digitsAt(src.text, at)}`);
}

/** Latches, outputs, bads, constraints, justice and fairness: the ASCII sections both formats share (inputs only in `aag`). */
function readSections(lines: NumberLines, body: Body): void {
  const h = body.header;
  const expected = (what: string, n: number, plural: string): Missing => (k) => `expected ${what} ${k} (the header announces ${n} ${plural})`;
  if (!h.binary) {
    const missing = expected('input', h.i, 'inputs');
    for (let k = 0; k < h.i; k++) {
      lines.line(1, 1, 'an input line', missing, k);
      body.inputs.push(body.defineAt(lines, 0, INPUT, k));
    }
  } else {
    for (let k = 0; k < h.i; k++) body.inputs.push(2 * (k + 1));
  }
  const missingLatch = expected('latch', h.l, 'latches');
  for (let k = 0; k < h.l; k++) {
    if (h.binary) {
      const n = lines.line(1, 2, 'a latch line (NEXT [RESET])', missingLatch, k);
      const lit = 2 * (h.i + k + 1);
      body.latches.push({ lit, next: body.useAt(lines, 0), reset: readReset(lines, body.src, n, 1, lit) });
    } else {
      const n = lines.line(2, 3, 'a latch line (LATCH NEXT [RESET])', missingLatch, k);
      const lit = body.defineAt(lines, 0, LATCH, k);
      body.latches.push({ lit, next: body.useAt(lines, 1), reset: readReset(lines, body.src, n, 2, lit) });
    }
  }
  const single = (n: number, out: number[], what: string, plural: string) => {
    const missing = expected(what, n, plural);
    const line = `${what} line`;
    for (let k = 0; k < n; k++) {
      lines.line(1, 1, line, missing, k);
      out.push(body.useAt(lines, 0));
    }
  };
  single(h.o, body.outputs, 'output', 'outputs');
  single(h.b, body.bads, 'bad-state', 'bad-state properties');
  single(h.c, body.constraints, 'constraint', 'invariant constraints');
  const sizes: number[] = [];
  const missingSize = expected('the size of justice property', h.j, 'justice properties');
  for (let k = 0; k < h.j; k++) {
    lines.line(1, 1, 'justice size line', missingSize, k);
    sizes.push(lines.values[0]!);
  }
  sizes.forEach((size, k) => {
    const lits: number[] = [];
    const missing: Missing = (n) => `expected literal ${n} of justice property ${k} (it has ${size})`;
    for (let n = 0; n < size; n++) {
      lines.line(1, 1, 'justice literal line', missing, n);
      lits.push(body.useAt(lines, 0));
    }
    body.justice.push(lits);
  });
  single(h.f, body.fairness, 'fairness', 'fairness constraints');
}

/**
 * How many lines the sections after the header hold (with the inputs and gates of an ASCII file):
 * their counts are in the header, but for the justice literals, whose number the size lines give.
 * A size that does not read as a number counts as 0: reading the lines then says what is wrong.
 */
function sectionLines(text: string, headerEnd: number, h: Header): number {
  const before = (h.binary ? 0 : h.i) + h.l + h.o + h.b + h.c;
  let p = skipLines(text, headerEnd, before);
  let literals = 0;
  for (let k = 0; k < h.j && p < text.length; k++) {
    const nl = text.indexOf('\n', p);
    const end = nl < 0 ? text.length : nl;
    const size = Number(text.slice(p, end).trim());
    if (Number.isSafeInteger(size)) literals += size;
    p = end + 1;
  }
  return before + h.j + literals + h.f + (h.binary ? 0 : h.a);
}

/**
 * The AND gate lines of an `aag` file read in one loop over the file's bytes, when every one is in
 * the usual form: three numbers, single spaces, `\n` after each (the last may end the file). They
 * are most of a circuit file, read before V8 has optimised anything: a loop over bytes that keeps
 * no offsets does less there than `Scan`'s lines with `define` and `use` per number (a16-p113,
 * 11,664 gates: the whole file read in 28 instead of 34 ms, zipcpu-zipmmu-p49 in 20 instead of 25,
 * medians of 11 cold runs). The checks of `define` and `use` follow on the numbers, but for whether
 * an operand is defined, which `checkUses` asks in file order as for the other uses; the lines'
 * offsets are found again only for a message (`gateOffset`). Any line or number that does not pass
 * throws `UnusualLine`: the lines are then read one by one from tokens, whose checks say what is wrong.
 */
function readUsualGates(bytes: Uint8Array, scan: Scan, body: Body): void {
  const a = body.header.a;
  const top = 2 * body.header.m + 1;
  const lits = body.ands;
  const end = bytes.length;
  let p = scan.pos;
  let i = 0; // the number being read, of all the gates' numbers
  let n = 0;
  let digits = 0;
  while (i < 3 * a) {
    const c = p < end ? bytes[p]! : 10; // the file may end the last line
    p++;
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
      if (n > top) throw new UnusualLine();
      continue;
    }
    // a number ends at a space (first and second on the line) or at the line end (third)
    if (digits === 0 || c !== (i % 3 === 2 ? 10 : 32) || (p > end && i !== 3 * a - 1)) throw new UnusualLine();
    lits[i++] = n;
    n = 0;
    digits = 0;
  }
  const defs = body.defs;
  for (let k = 0; k < a; k++) {
    const lhs = lits[3 * k]!;
    if (lhs === 0 || (lhs & 1) !== 0 || defs.get(lhs >> 1) >= 0) throw new UnusualLine();
    defs.set(lhs >> 1, 4 * k + GATE);
  }
  body.gatesFrom = scan.pos;
  scan.pos = Math.min(p, end);
}

/** The offset of operand `j` (1 or 2) on the usual gate line at `lineStart`. */
function operandAt(text: string, lineStart: number, j: number): number {
  let p = lineStart;
  for (let spaces = 0; spaces < j; p++) if (text.charCodeAt(p) === 32) spaces++;
  return p;
}

function readAsciiGates(lines: NumberLines, body: Body): void {
  const a = body.header.a;
  const missing: Missing = (k) => `expected AND gate ${k} (the header announces ${a} AND gates)`;
  for (let k = 0; k < a; k++) {
    lines.line(3, 3, 'an AND gate line (LHS RHS0 RHS1)', missing, k);
    body.ands[3 * k] = body.defineAt(lines, 0, GATE, k);
    body.ands[3 * k + 1] = body.useAt(lines, 1);
    body.ands[3 * k + 2] = body.useAt(lines, 2);
  }
}

/**
 * The numeric lines after the header: the sections, and in `aag` the gates. Read by hand when every
 * one is in the usual form, else from tokens; returns what they hold and the offset just past them.
 */
function readNumbers(src: Source, header: Header, headerEnd: number, bytes: Uint8Array): { body: Body; end: number } {
  try {
    const scan = new Scan(src.text, headerEnd);
    const body = new Body(header, src);
    readSections(scan, body);
    // the lines read so far are ASCII, so their offsets in the text are offsets in the bytes
    if (!header.binary && header.a > 0) readUsualGates(bytes, scan, body);
    return { body, end: scan.pos };
  } catch (e) {
    if (!(e instanceof UnusualLine)) throw e;
  }
  const end = skipLines(src.text, headerEnd, sectionLines(src.text, headerEnd, header));
  const lines = linesOf(src, headerEnd, end, header.binary);
  const body = new Body(header, src);
  readSections(lines, body);
  if (!header.binary) readAsciiGates(lines, body);
  return { body, end };
}

/** Every used variable must be defined (ASCII only: in binary files every variable 1..M is). */
function checkUses(body: Body): void {
  const undefinedUse = (lit: number, at: number): never =>
    fail(body.src, at, `literal ${lit} refers to variable ${lit >> 1}, which is not defined as an input, latch or AND gate`);
  for (let k = 0; k < body.uses.length; k++) {
    const lit = body.uses[k]!;
    if (lit > 1 && body.defs.get(lit >> 1) < 0) undefinedUse(lit, body.useOffsets[k]!);
  }
  if (body.gatesFrom < 0) return;
  // the gates' operands, after the sections' uses as in the file
  const ands = body.ands;
  for (let k = 0; 3 * k < ands.length; k++) {
    for (let j = 1; j <= 2; j++) {
      const lit = ands[3 * k + j]!;
      if (lit > 1 && body.defs.get(lit >> 1) < 0) undefinedUse(lit, operandAt(body.src.text, body.gateOffset(k), j));
    }
  }
}

/**
 * Whether each gate's literal is above the previous gate's and above both its operands: then every
 * gate read is defined on an earlier line, and file order is already the order `sortGates` gives.
 */
function ascending(ands: Int32Array): boolean {
  let last = -1;
  for (let i = 0; i < ands.length; i += 3) {
    const lhs = ands[i]!;
    if (lhs <= last || ands[i + 1]! >= lhs || ands[i + 2]! >= lhs) return false;
    last = lhs;
  }
  return true;
}

/**
 * Orders the gates so that each follows the gates it reads (iterative depth-first search, keeping
 * file order where possible), and reports a cycle through AND gates at the gate that closes it.
 */
function sortGates(body: Body): Int32Array {
  const { ands, defs } = body;
  if (ascending(ands)) return ands;
  const gateOf = (lit: number): number => {
    const d = defs.get(lit >> 1);
    return d >= 0 && (d & 3) === GATE ? d >> 2 : -1;
  };
  const gates = ands.length / 3;
  const state = new Uint8Array(gates); // 0 new, 1 on the stack, 2 done
  const order = new Int32Array(ands.length);
  let placed = 0;
  const stack: number[] = [];
  const step: number[] = [];
  for (let root = 0; root < gates; root++) {
    if (state[root]) continue;
    stack.push(root);
    step.push(0);
    state[root] = 1;
    while (stack.length) {
      const top = stack.length - 1;
      const g = stack[top]!;
      const s = step[top]!;
      if (s < 2) {
        step[top] = s + 1;
        const child = gateOf(ands[3 * g + 1 + s]!);
        if (child < 0 || state[child] === 2) continue;
        if (state[child] === 1) {
          const cycle = stack.slice(stack.indexOf(child)).map((x) => ands[3 * x]!);
          const path = [...cycle, ands[3 * child]!].slice(0, 8).join(' -> ');
          fail(body.src, body.gateOffset(child), `combinational cycle through AND gates: ${path}${cycle.length >= 8 ? ' -> ...' : ''}`);
        }
        state[child] = 1;
        stack.push(child);
        step.push(0);
      } else {
        state[g] = 2;
        order.set(ands.subarray(3 * g, 3 * g + 3), 3 * placed++);
        stack.pop();
        step.pop();
      }
    }
  }
  return order;
}

// ---------------------------------------------------------------- binary gates

/** Decodes the `aig` gate bytes starting at `start`; returns the offset just past them. */
function readBinaryGates(src: Source, bytes: Uint8Array, start: number, body: Body): number {
  const { i, l, a } = body.header;
  const failAt = (reason: string): never => fail(src, start, reason, false);
  let p = start;
  const delta = (k: number, which: string): number => {
    let x = 0;
    let scale = 1;
    for (;;) {
      if (p >= bytes.length) {
        failAt(`truncated binary AND gate section: the file ends at byte offset ${p}, in gate ${k} of ${a}`);
      }
      const b = bytes[p++]!;
      x += (b & 0x7f) * scale;
      if (!(b & 0x80)) return x;
      scale *= 128;
      if (scale > 2 ** 35) failAt(`binary AND gate ${k}: ${which} at byte offset ${p - 5} is too long`);
    }
  };
  for (let k = 0; k < a; k++) {
    const lhs = 2 * (i + l + k + 1);
    const at = p;
    const d0 = delta(k, 'the first difference');
    const d1 = delta(k, 'the second difference');
    if (d0 === 0 || d0 > lhs) {
      failAt(`binary AND gate ${k} (literal ${lhs}) at byte offset ${at}: difference ${d0} needs LHS > RHS0 >= 0`);
    }
    const rhs0 = lhs - d0;
    if (d1 > rhs0) {
      failAt(`binary AND gate ${k} (literal ${lhs}) at byte offset ${at}: difference ${d1} needs RHS0 >= RHS1 >= 0`);
    }
    body.ands[3 * k] = lhs;
    body.ands[3 * k + 1] = rhs0;
    body.ands[3 * k + 2] = rhs0 - d1;
  }
  return p;
}

// ---------------------------------------------------------------- symbols and comments

const SYMBOL_SECTIONS: Record<string, [keyof AigerSymbols, string]> = {
  i: ['inputs', 'input'], l: ['latches', 'latch'], o: ['outputs', 'output'], b: ['bads', 'bad-state property'],
  c: ['constraints', 'constraint'], j: ['justice', 'justice property'], f: ['fairness', 'fairness constraint'],
};

interface Trailer {
  readonly symbols: AigerSymbols;
  readonly comments: string[];
}

/** The symbol table as it is read, each name checked against the header's counts. */
class SymbolTable {
  readonly symbols = {
    inputs: new Map<number, string>(), latches: new Map<number, string>(), outputs: new Map<number, string>(), bads: new Map<number, string>(),
    constraints: new Map<number, string>(), justice: new Map<number, string>(), fairness: new Map<number, string>(),
  };
  private readonly sizes: Record<keyof AigerSymbols, number>;

  constructor(private readonly src: Source, header: Header, private readonly binary: boolean) {
    this.sizes = { inputs: header.i, latches: header.l, outputs: header.o, bads: header.b, constraints: header.c, justice: header.j, fairness: header.f };
  }

  /** The symbol line `line` (`i0 NAME`, the kind letter, the position and one space before the name) at offset `at`. */
  add(line: string, at: number): void {
    const space = line.indexOf(' ');
    const [section, what] = SYMBOL_SECTIONS[line[0]!]!;
    const position = numeral(line.slice(1, space));
    const size = this.sizes[section];
    if (position >= size) {
      fail(this.src, at, `symbol for ${what} ${line.slice(1, space)}, but the header announces ${size} of them`);
    }
    const names: Map<number, string> = this.symbols[section];
    if (names.has(position)) fail(this.src, at, `${what} ${position} is named twice`);
    names.set(position, fromBytes(line.slice(space + 1), this.binary));
  }
}

/** The comment section's lines after its `c` line, without line ends. */
function commentLines(section: string): string[] {
  const comments = section.split(/\r?\n/).slice(1);
  if (comments.length && comments[comments.length - 1] === '') comments.pop();
  return comments;
}

/** A symbol line in the usual form: kind letter, position, one space, a name without a carriage return. */
const USUAL_SYMBOL = /^[ilobcjf][0-9]+ [^\r]*$/;

/**
 * The symbol table and the comment section from `start` on, read by hand while each line is a
 * symbol line in the usual form, a blank line or the `c` line; undefined at any other line, which
 * the tokens then read again and say what is wrong with.
 */
function scanTrailer(src: Source, start: number, header: Header, binary: boolean): Trailer | undefined {
  const text = src.text;
  const table = new SymbolTable(src, header, binary);
  for (let p = start; p < text.length;) {
    const nl = text.indexOf('\n', p);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(p, end);
    if (line === 'c') return { symbols: table.symbols, comments: commentLines(text.slice(p)) };
    if (line !== '') {
      if (!USUAL_SYMBOL.test(line)) return undefined;
      table.add(line, p);
    }
    p = end + 1;
  }
  return { symbols: table.symbols, comments: [] };
}

function readTrailer(lines: Lines, header: Header, binary: boolean): Trailer {
  const table = new SymbolTable(lines.src, header, binary);
  let comments: string[] = [];
  while (!lines.atEnd()) {
    const t = lines.next();
    const at = lines.offsetOf(t);
    if (is(t, 'Comments')) {
      comments = commentLines(t.image);
      break;
    }
    if (is(t, 'Newline')) continue; // blank lines are harmless here
    if (!is(t, 'SymbolLine')) {
      lines.fail(at, binary || header.a === 0
        ? `unexpected ${describe(t)}: after the last section only symbols ('i0 NAME') and a comment section ('c') may follow`
        : `unexpected ${describe(t)}: the header announces ${header.a} AND gates, and after them only symbols ('i0 NAME') and a comment section ('c') may follow`);
    }
    table.add(t.image, at);
    const end = lines.peek();
    if (end && !is(end, 'Newline')) lines.fail(lines.offsetOf(end), `expected the end of the line, found ${describe(end)}`);
    if (end) lines.next();
  }
  return { symbols: table.symbols, comments };
}

/** The symbol table and comment section from `start` to the end: by hand where usual, else from tokens. */
function trailerOf(src: Source, start: number, header: Header, binary: boolean): Trailer {
  return scanTrailer(src, start, header, binary) ?? readTrailer(linesOf(src, start, src.text.length, binary), header, binary);
}

/** Binary files are decoded one character per byte; names in them are UTF-8 like anywhere else. */
function fromBytes(name: string, binary: boolean): string {
  return binary && /[\x80-\xff]/.test(name) ? Buffer.from(name, 'latin1').toString('utf8') : name;
}

// ---------------------------------------------------------------- entry point

function isBinary(bytes: Uint8Array): boolean {
  return bytes[0] === 0x61 && bytes[1] === 0x69 && bytes[2] === 0x67 && (bytes[3] === 0x20 || bytes[3] === 0x09);
}

/** Offset just past the `n`-th line end at or after `from`, or the end of the text. */
function skipLines(text: string, from: number, n: number): number {
  let p = from;
  for (let k = 0; k < n; k++) {
    const nl = text.indexOf('\n', p);
    if (nl < 0) return text.length;
    p = nl + 1;
  }
  return p;
}

/** The header, read from the first line alone: by hand when it is in the usual form (`aag 1 2 3 4 5`), else from tokens. */
function headerOf(src: Source, binary: boolean): { header: Header; headerEnd: number } {
  const text = src.text;
  const headerEnd = skipLines(text, 0, 1);
  const word = text.slice(0, 3);
  if ((word === 'aag' || word === 'aig') && text.charCodeAt(3) === 32) {
    try {
      const scan = new Scan(text, 4);
      const n = scan.line(5, 9);
      if (scan.pos === headerEnd) return { header: headerFrom(src, word === 'aig', scan.values.slice(0, n), scan.offsets.slice(0, n)), headerEnd };
    } catch (e) {
      if (!(e instanceof UnusualLine)) throw e;
    }
  }
  return { header: readHeader(linesOf(src, 0, headerEnd, binary)), headerEnd };
}

/** Lines for the text from `start` to `end`. */
function linesOf(src: Source, start: number, end: number, binary: boolean): Lines {
  return new Lines(src, lex(src, start, src.text.slice(start, end), binary), start, end);
}

export function parseAiger(bytes: Uint8Array, file: string): AigerFile {
  return isBinary(bytes) ? parseBinary(bytes, file) : parseAscii(bytes, file);
}

function parseAscii(bytes: Uint8Array, file: string): AigerFile {
  const text = new TextDecoder().decode(bytes);
  const src: Source = { file, text, quote: () => text };
  const { header, headerEnd } = headerOf(src, false);
  const { body, end } = readNumbers(src, header, headerEnd, bytes);
  const { symbols, comments } = trailerOf(src, end, header, false);
  checkUses(body);
  const ands = sortGates(body);
  return finish(file, body, ands, symbols, comments);
}

function parseBinary(bytes: Uint8Array, file: string): AigerFile {
  // one character per byte: offsets in the text are offsets in the bytes
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const src: Source = { file, text, quote: () => text };
  const { header, headerEnd } = headerOf(src, true);
  const { body, end: gatesStart } = readNumbers(src, header, headerEnd, bytes);
  const gatesEnd = readBinaryGates(src, bytes, gatesStart, body);
  // Errors in the symbol table quote their line from a copy in which the gate bytes are blanked
  // out, keeping only their line ends, so that line numbers agree and no raw bytes are printed.
  // Made on an error only: the copy of a large circuit's gates is megabytes of garbage.
  const blanked = () => text.slice(0, gatesStart) + text.slice(gatesStart, gatesEnd).replace(/[^\n]/g, ' ') + text.slice(gatesEnd);
  const after: Source = { file, text, quote: blanked };
  const { symbols, comments } = trailerOf(after, gatesEnd, header, true);
  return finish(file, body, body.ands, symbols, comments);
}

function finish(
  file: string, body: Body, ands: Int32Array, symbols: AigerSymbols, comments: string[],
): AigerFile {
  const { binary, m } = body.header;
  return {
    file, binary, maxVar: m, inputs: body.inputs, latches: body.latches, outputs: body.outputs, bads: body.bads,
    constraints: body.constraints, justice: body.justice, fairness: body.fairness, ands, symbols, comments,
  };
}
