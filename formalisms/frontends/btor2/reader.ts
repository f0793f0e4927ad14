/**
 * Reader for BTOR2 models (btor2tools' README: the grammar, the sorts, the operator tables),
 * accepting what the reference parser (btor2parser, the HWMCC fork whose 67 parser tests are in the
 * benchmark folder) accepts, and rejecting what it rejects on the same line.
 *
 * BTOR2 is defined character by character: a line is an id, one space, a tag, one space and the
 * tag's fields separated by single spaces, then optionally one space and a symbol or a comment
 * (`;`); spaces may start a line, a tab may not, every line ends with a line end (the last one
 * too), ids increase, every argument is defined on an earlier line. So the lines are read by hand,
 * one character at a time, in one pass that also checks every operator's sorts and widths as the
 * tables give them. A Chevrotain lexer, made only when a line is wrong, splits the rest of that line
 * into tokens so that the message names what was found (`found 'x3'`, `found a tab`). Beyond the
 * reference parser, the reader accepts CRLF line ends, and refuses what no simulator or solver can
 * give a meaning to: a `slice` reaching past its argument's width, an `ite`/`write` whose result
 * sort is not its arguments', arrays of arrays, widths above MAX_WIDTH.
 */
import type { IToken } from 'chevrotain';
import { Lexer, createToken } from '../../../lang/grammar/chevrotain.js';
import { InputError } from '../../../lang/errors.js';
import {
  CONSTANTS, OPERATORS, sameSort, sortText,
  type Btor2Model, type ConstantTag, type Justice, type Node, type NodeTag, type Position, type Signal, type Sort, type State,
} from './model.js';

/** Ids are below 2^40, as in the reference parser (its test `maxid` rejects 10^13). */
const MAX_ID = 2 ** 40;
/** Numbers in fields (widths, indices, counts) are below 2^31 - 1, the format's maximum bit width. */
const MAX_NUMBER = 2 ** 31 - 1;
/** The widest bit-vector Vigil handles: its values are JavaScript bigints, which stop at 2^30 bits. */
const MAX_WIDTH = 1 << 24;

const STATEMENTS = ['init', 'next', 'bad', 'constraint', 'fair', 'output', 'justice'] as const;
type Statement = (typeof STATEMENTS)[number];

/** What an id that is not a node stands for, as far as later lines are concerned. */
type Entry =
  | { readonly kind: 'sort'; readonly sort: Sort; readonly line: number }
  | { readonly kind: 'statement'; readonly tag: Statement; readonly line: number };

/** The arguments or parameters of nodes that have none, shared. */
const NONE: readonly number[] = [];

// ---------------------------------------------------------------- describing what was found

let lineLexer: Lexer | undefined;

/** Tokens of the rest of a line, for messages only; made when the first message needs them. */
function tokenizer(): Lexer {
  return (lineLexer ??= new Lexer([
    createToken({ name: 'Spaces', pattern: / +/ }),
    createToken({ name: 'Tabs', pattern: /\t+/ }),
    createToken({ name: 'Comment', pattern: /;[^\r\n]*/ }),
    createToken({ name: 'Number', pattern: /-?[0-9]+/ }),
    createToken({ name: 'Word', pattern: /[^\s;]+/ }),
    createToken({ name: 'Other', pattern: /[\s\S]/ }),
  ], { positionTracking: 'onlyOffset' }));
}

/** What a message says was found at `offset`: the token that starts there, or the line's or file's end. */
function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the file';
  const c = text.charCodeAt(offset);
  if (c === 10 || (c === 13 && text.charCodeAt(offset + 1) === 10)) return 'the end of the line';
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  const tok: IToken | undefined = tokenizer().tokenize(text.slice(offset, end)).tokens[0];
  if (!tok) return 'the end of the line';
  switch (tok.tokenType.name) {
    case 'Spaces': return tok.image.length === 1 ? 'a space' : `${tok.image.length} spaces`;
    case 'Tabs': return 'a tab';
    case 'Comment': return 'a comment';
    case 'Other': return tok.image === '\r' ? 'a carriage return' : `the character ${JSON.stringify(tok.image)}`;
    default: return `'${tok.image.length > 24 ? `${tok.image.slice(0, 24)}...` : tok.image}'`;
  }
}

const ORDINAL = ['first', 'second', 'third'];
const ordinal = (k: number) => ORDINAL[k] ?? `${k + 1}th`;
const COUNT = ['no', 'one', 'two', 'three'];

// ---------------------------------------------------------------- the reader

class Reader {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** The id of the line being read, and where it starts. */
  private id = 0;
  private idAt = 0;
  /** The sorts and statements read so far (the nodes are in `nodes`); the next id must be above `lastId`. */
  private readonly ids = new Map<number, Entry>();
  private lastId = 0;
  private lastIdLine = 0;

  readonly nodes = new Map<number, Node>();
  readonly order: Node[] = [];
  readonly inputs: Node[] = [];
  private readonly stateOf = new Map<number, { node: Node; init?: number; initAt?: Position; next?: number; nextAt?: Position }>();
  readonly bads: Signal[] = [];
  readonly constraints: Signal[] = [];
  readonly outputs: Signal[] = [];
  readonly fairs: Signal[] = [];
  readonly justices: Justice[] = [];
  /** Whether a node's cone contains an input (init values may not), by id, found once. */
  private readonly readsInput = new Map<number, boolean>();

  constructor(private readonly text: string, private readonly file: string) {}

  // -------------------------------------------------------------- characters and errors

  private code(p = this.pos): number {
    return this.text.charCodeAt(p);
  }

  /** Whether a line end (`\n`, or `\r\n`) starts at `p`. */
  private lineEndAt(p = this.pos): boolean {
    const c = this.code(p);
    return c === 10 || (c === 13 && this.code(p + 1) === 10);
  }

  /** Steps over the line end at `pos`. */
  private newline(): void {
    if (this.code() === 13) this.pos++;
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private fail(offset: number, reason: string): never {
    throw new InputError(this.file, this.line, offset - this.lineStart + 1, reason, this.text);
  }

  private expected(what: string, offset = this.pos): never {
    return this.fail(offset, `expected ${what}, found ${foundAt(this.text, offset)}`);
  }

  private space(after: string): void {
    if (this.code() !== 32) this.expected(`a space after ${after}`);
    this.pos++;
  }

  // -------------------------------------------------------------- numbers and ids

  /** Digits at `pos` as a number below `max`, or fails with `tooLarge`; leading zeros are refused. */
  private digits(what: string, max: number, tooLarge: (digits: string) => string, zero: 'allowed' | 'refused'): number {
    const start = this.pos;
    let c = this.code();
    if (!(c >= 48 && c <= 57)) this.expected(what);
    const noun = () => what.replace(/^(an?|the) /, '');
    if (c === 48 && zero === 'refused') this.fail(start, `${noun() === 'id' ? 'an id' : `a ${noun()}`} must start with a non-zero digit`);
    let n = 0;
    while (c >= 48 && c <= 57) {
      if (n === 0 && this.pos > start) this.fail(start, `the ${noun()} has a leading zero`);
      n = n * 10 + (c - 48);
      this.pos++;
      if (n >= max) {
        while (this.code() >= 48 && this.code() <= 57) this.pos++;
        this.fail(start, tooLarge(`${noun()} ${this.text.slice(start, this.pos)}`));
      }
      c = this.code();
    }
    return n;
  }

  private readId(what: string): number {
    return this.digits(what, MAX_ID, (d) => `${d} is too large (ids are below 2^40)`, 'refused');
  }

  /** A number in a field (a width, an index, a count): 0 allowed, below 2^31 - 1. */
  private number(what: string): number {
    return this.digits(what, MAX_NUMBER, (d) => `${d} is too large (the format allows numbers up to ${MAX_NUMBER - 1})`, 'allowed');
  }

  private readSort(): Sort {
    const at = this.pos;
    const id = this.readId('a sort id');
    const e = this.ids.get(id);
    if (e?.kind === 'sort') return e.sort;
    const other = this.nodes.get(id) ?? e;
    return this.fail(at, other ? `id ${id} is not a sort: it is ${describeEntry(other)}` : `sort id ${id} is not defined (a sort is declared on an earlier line)`);
  }

  /** An argument: a signed id of a node defined on an earlier line. */
  private readArg(): number {
    const at = this.pos;
    const negated = this.code() === 45;
    if (negated) this.pos++;
    const id = this.readId('an argument id');
    const node = this.nodes.get(id);
    if (!node) {
      const e = this.ids.get(id);
      if (e) this.fail(at, `${describeEntry(e)} cannot be used as an argument`);
      this.fail(at, id >= this.id
        ? `argument ${id} is not defined yet: arguments refer to earlier lines`
        : `argument ${id} is not defined: no line has id ${id}`);
    }
    if (negated && node.sort.kind === 'array') this.fail(at, `argument -${id} negates an array; only bit-vectors can be negated`);
    return negated ? -id : id;
  }

  /** Where the arguments and then the parameters of the current line start, for messages. */
  private readonly fieldAt: number[] = [];

  /** `count` arguments, each after a space; `tag` names the operator in messages. */
  private readArgs(count: number, tag: string): number[] {
    const args: number[] = [];
    this.fieldAt.length = 0;
    for (let k = 0; k < count; k++) {
      if (this.code() !== 32) {
        this.lineEndAt() || this.pos >= this.text.length
          ? this.fail(this.pos, `'${tag}' takes ${COUNT[count] ?? count} argument${count === 1 ? '' : 's'}, but the line ends after ${k === 0 ? 'the sort' : `the ${ordinal(k - 1)}`}`)
          : this.expected(`a space before the ${ordinal(k)} argument of '${tag}'`);
      }
      this.pos++;
      this.fieldAt.push(this.pos);
      args.push(this.readArg());
    }
    return args;
  }

  private sortOf(ref: number): Sort {
    return this.nodes.get(ref < 0 ? -ref : ref)!.sort;
  }

  // -------------------------------------------------------------- lines

  readAll(): Btor2Model {
    while (this.readLine());
    const states: State[] = [...this.stateOf.values()];
    return {
      file: this.file, nodes: this.nodes, order: this.order, inputs: this.inputs, states,
      bads: this.bads, constraints: this.constraints, outputs: this.outputs, fairs: this.fairs, justices: this.justices,
    };
  }

  /** Reads one line (or a run of blank and comment lines); false at the end of the file. */
  private readLine(): boolean {
    for (;;) {
      while (this.code() === 32) this.pos++;
      if (this.pos >= this.text.length) return false;
      if (this.lineEndAt()) { this.newline(); continue; }
      const c = this.code();
      if (c === 9) this.fail(this.pos, 'unexpected tab at the start of a line: only spaces may indent a line');
      if (c === 59) { this.comment(); continue; }
      break;
    }
    this.idAt = this.pos;
    const id = this.readId('an id');
    this.id = id;
    this.space(`the id ${id}`);
    if (id <= this.lastId) {
      const e = this.nodes.get(id) ?? this.ids.get(id);
      this.fail(this.idAt, e
        ? `id ${id} is already defined on line ${entryLine(e)}`
        : `id ${id} is out of order: ids increase, and line ${this.lastIdLine} has id ${this.lastId}`);
    }
    const tagAt = this.pos;
    const tag = this.word();
    if (tag === '') this.expected('a tag (sort, input, state, an operator, ...)');
    if (this.code() !== 32) {
      if (isTag(tag)) this.expected(`a space after '${tag}'`);
      this.fail(tagAt, `unknown tag '${this.text.slice(tagAt, this.lineEnd())}'`);
    }
    if (!isTag(tag)) this.fail(tagAt, `unknown tag '${tag}'`);
    this.pos++;
    this.lastId = id;
    this.lastIdLine = this.line;
    this.readBody(tag);
    return true;
  }

  /** The rest of a comment line, with its line end. */
  private comment(): void {
    const nl = this.text.indexOf('\n', this.pos);
    if (nl < 0) this.fail(this.text.length, 'the file ends inside a comment: every line ends with a line end, the last one too');
    this.pos = nl;
    this.newline();
  }

  private word(): string {
    const start = this.pos;
    for (let c = this.code(); c >= 97 && c <= 122; c = this.code()) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** Offset of the end of the current line. */
  private lineEnd(): number {
    let p = this.pos;
    while (p < this.text.length && !this.lineEndAt(p)) p++;
    return p;
  }

  private readBody(tag: Tag): void {
    switch (SHAPES.get(tag)!) {
      case 'sort': return this.sortLine();
      case 'leaf': return this.leafLine(tag as 'input' | 'state');
      case 'constant': return this.constantLine(tag as ConstantTag);
      case 'state': return this.stateLine(tag as 'init' | 'next');
      case 'justice': return this.justiceLine();
      case 'signal': return this.signalLine(tag as 'bad' | 'constraint' | 'fair' | 'output');
      case 'operator': return this.operatorLine(tag as keyof typeof OPERATORS);
    }
  }

  private sortLine(): void {
    const kindAt = this.pos;
    const kind = this.word();
    let sort: Sort;
    if (kind === 'bitvec') {
      this.space("'bitvec'");
      const at = this.pos;
      const width = this.number('a bit width');
      if (width === 0) this.fail(at, 'the bit width must be greater than 0');
      if (width > MAX_WIDTH) this.fail(at, `bit width ${width} is above the ${MAX_WIDTH} bits Vigil handles`);
      sort = { kind: 'bitvec', id: this.id, width };
    } else if (kind === 'array') {
      this.space("'array'");
      const index = this.readSort();
      this.space('the index sort');
      const element = this.readSort();
      sort = { kind: 'array', id: this.id, index, element };
    } else {
      return this.expected("'bitvec' or 'array'", kindAt);
    }
    this.ids.set(this.id, { kind: 'sort', sort, line: this.line });
    this.endOfLine();
  }

  /** A node's sort, read after the tag; arrays must have bit-vector indices and elements. */
  private nodeSort(tag: string): Sort {
    const at = this.pos;
    const sort = this.readSort();
    if (sort.kind === 'array' && (sort.index.kind !== 'bitvec' || sort.element.kind !== 'bitvec')) {
      this.fail(at, `'${tag}' of sort ${sortText(sort)}: arrays of arrays, or indexed by arrays, are not supported (btorsim refuses them too)`);
    }
    return sort;
  }

  private leafLine(tag: 'input' | 'state'): void {
    const sort = this.nodeSort(tag);
    const node = this.define(tag, sort, NONE, NONE);
    if (tag === 'input') this.inputs.push(node);
    else this.stateOf.set(node.id, { node });
  }

  private constantLine(tag: ConstantTag): void {
    const sortAt = this.pos;
    const sort = this.nodeSort(tag);
    if (sort.kind !== 'bitvec') this.fail(sortAt, `'${tag}' needs a bit-vector sort, not ${sortText(sort)}`);
    const w = BigInt(sort.width);
    let value: bigint;
    if (tag === 'zero') value = 0n;
    else if (tag === 'one') value = 1n;
    else if (tag === 'ones') value = (1n << w) - 1n;
    else {
      this.space('the sort id');
      const at = this.pos;
      const pattern = tag === 'const' ? /[01]*/y : tag === 'constd' ? /-?[0-9]*/y : /[0-9a-fA-F]*/y;
      pattern.lastIndex = at;
      const digits = pattern.exec(this.text)![0];
      this.pos += digits.length;
      const kind = tag === 'const' ? 'binary' : tag === 'constd' ? 'decimal' : 'hexadecimal';
      if (digits === '' || digits === '-') this.expected(`a ${kind} constant`, at);
      if (this.code() !== 32 && !this.lineEndAt() && this.pos < this.text.length) {
        this.fail(this.pos, `unexpected ${foundAt(this.text, this.pos)} in the ${kind} constant`);
      }
      value = constantValue(tag, digits);
      const bits = tag === 'const' ? digits.length : value === 0n ? 1 : (value < 0n ? -value : value).toString(2).length;
      const fits = tag === 'const'
        ? digits.length === sort.width
        : value < 0n ? -value <= 1n << (w - 1n) : bits <= sort.width;
      if (!fits) {
        this.fail(at, tag === 'const'
          ? `the binary constant has ${digits.length} digits, but its sort is bitvec ${sort.width}`
          : `the ${kind} constant ${digits} does not fit in bitvec ${sort.width}`);
      }
      if (value < 0n) value += 1n << w;
    }
    this.define(tag, sort, NONE, NONE, value);
  }

  private operatorLine(tag: keyof typeof OPERATORS): void {
    const kind = OPERATORS[tag];
    const sortAt = this.pos;
    const sort = this.nodeSort(tag);
    const arity = kind === 'ite' || kind === 'write' ? 3 : kind === 'unary' || kind === 'reduction' || kind === 'extension' || kind === 'slice' ? 1 : 2;
    const args = this.readArgs(arity, tag);
    let params = NONE;
    if (kind === 'extension' || kind === 'slice') {
      params = [];
      for (const what of kind === 'extension' ? ['the extension width'] : ['the upper bit index', 'the lower bit index']) {
        this.space(params.length === 0 ? 'the argument' : 'the upper bit index');
        this.fieldAt.push(this.pos);
        (params as number[]).push(this.number(what));
      }
    }
    const wrong = operatorSorts(tag, sort, args.map((a) => this.sortOf(a)), params);
    if (wrong) this.fail(wrong.at < 0 ? sortAt : this.fieldAt[wrong.at]!, wrong.reason);
    this.define(tag, sort, args, params);
  }

  private stateLine(tag: 'init' | 'next'): void {
    const sortAt = this.pos;
    const sort = this.readSort();
    const [target, value] = this.readArgs(2, tag) as [number, number];
    const [targetAt, valueAt] = this.fieldAt as [number, number];
    const state = this.stateOf.get(Math.abs(target));
    if (target < 0 || !state) this.fail(targetAt, `the first argument of '${tag}' must be a state, and ${target} is ${target < 0 ? 'negated' : `'${this.tagOf(target)}'`}`);
    if (!sameSort(sort, state.node.sort)) this.fail(sortAt, `'${tag}' of sort ${sortText(sort)} for a state of sort ${sortText(state.node.sort)}`);
    const valueSort = this.sortOf(value);
    const constantElement = tag === 'init' && sort.kind === 'array' && valueSort.kind === 'bitvec';
    if (constantElement) {
      const v = this.nodes.get(Math.abs(value))!;
      if (!(CONSTANTS as readonly string[]).includes(v.tag)) this.fail(valueAt, `an array state initialised with a bit-vector needs a constant, and ${Math.abs(value)} is '${v.tag}'`);
      if (!sameSort(valueSort, sort.element)) this.fail(valueAt, `the initial element has sort ${sortText(valueSort)}, but the array's elements are ${sortText(sort.element)}`);
    } else if (!sameSort(valueSort, sort)) {
      this.fail(valueAt, `the ${tag} value has sort ${sortText(valueSort)}, but the state has sort ${sortText(sort)}`);
    }
    const at = { line: this.line, column: this.idAt - this.lineStart + 1 };
    if (tag === 'init') {
      if (Math.abs(value) >= target) this.fail(valueAt, `the initial value ${value} must have an id below the state's ${target}`);
      if (this.coneReadsInput(Math.abs(value))) this.fail(valueAt, `the initial value ${value} depends on an input; initial values may depend only on constants and states`);
      if (state.init !== undefined) this.fail(this.idAt, `state ${target} is initialised twice: also on line ${state.initAt!.line}`);
      state.init = value;
      state.initAt = at;
    } else {
      if (state.next !== undefined) this.fail(this.idAt, `state ${target} has a second next value: also on line ${state.nextAt!.line}`);
      state.next = value;
      state.nextAt = at;
    }
    this.ids.set(this.id, { kind: 'statement', tag, line: this.line });
    this.endOfLine();
  }

  private signalLine(tag: 'bad' | 'constraint' | 'fair' | 'output'): void {
    const argAt = this.pos;
    const arg = this.readArg();
    const sort = this.sortOf(arg);
    if (sort.kind !== 'bitvec' || (tag !== 'output' && sort.width !== 1)) {
      this.fail(argAt, `'${tag}' needs ${tag === 'output' ? 'a bit-vector' : 'a bit-vector of width 1'}, and ${arg} has sort ${sortText(sort)}`);
    }
    const signal = { id: this.id, arg, line: this.line, column: this.idAt - this.lineStart + 1 };
    this.ids.set(this.id, { kind: 'statement', tag, line: this.line });
    const symbol = this.endOfLine();
    const list = { bad: this.bads, constraint: this.constraints, fair: this.fairs, output: this.outputs }[tag];
    list.push(symbol === undefined ? signal : { ...signal, symbol });
  }

  private justiceLine(): void {
    const at = this.pos;
    const count = this.number('the number of justice conditions');
    if (count === 0) this.fail(at, 'a justice property needs at least one condition');
    const args: number[] = [];
    for (let k = 0; k < count; k++) {
      if (this.code() !== 32) this.fail(this.pos, `'justice' announces ${count} conditions, found ${k} before ${foundAt(this.text, this.pos)}`);
      this.pos++;
      const argAt = this.pos;
      const arg = this.readArg();
      const sort = this.sortOf(arg);
      if (sort.kind !== 'bitvec' || sort.width !== 1) this.fail(argAt, `a justice condition needs a bit-vector of width 1, and ${arg} has sort ${sortText(sort)}`);
      args.push(arg);
    }
    const justice = { id: this.id, args, line: this.line, column: this.idAt - this.lineStart + 1 };
    this.ids.set(this.id, { kind: 'statement', tag: 'justice', line: this.line });
    const symbol = this.endOfLine();
    this.justices.push(symbol === undefined ? justice : { ...justice, symbol });
  }

  private tagOf(ref: number): string {
    return this.nodes.get(Math.abs(ref))!.tag;
  }

  /** Whether an input is in the cone of node `id` (memoised over all nodes, iterative). */
  private coneReadsInput(id: number): boolean {
    const known = this.readsInput.get(id);
    if (known !== undefined) return known;
    const stack = [id];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (this.readsInput.has(top)) { stack.pop(); continue; }
      const node = this.nodes.get(top)!;
      if (node.tag === 'input') { this.readsInput.set(top, true); stack.pop(); continue; }
      const pending = node.args.map(Math.abs).filter((a) => !this.readsInput.has(a));
      if (pending.length) { stack.push(...pending); continue; }
      this.readsInput.set(top, node.args.some((a) => this.readsInput.get(Math.abs(a))));
      stack.pop();
    }
    return this.readsInput.get(id)!;
  }

  /** Registers the node of the current line, with its symbol. */
  private define(tag: NodeTag, sort: Sort, args: readonly number[], params: readonly number[], value?: bigint): Node {
    const line = this.line;
    const column = this.idAt - this.lineStart + 1;
    const symbol = this.endOfLine();
    // every node has every field, so that they all share one hidden class
    const node: Node = { id: this.id, tag, sort, args, params, line, column, value, symbol };
    this.nodes.set(node.id, node);
    this.order.push(node);
    return node;
  }

  /**
   * The end of a line after its fields: the line end, or one space and a comment, or one space and a
   * symbol (one word), which a comment may follow after white space. Returns the symbol.
   */
  private endOfLine(): string | undefined {
    if (this.lineEndAt()) { this.newline(); return undefined; }
    if (this.pos >= this.text.length) this.fail(this.pos, 'the file ends without a line end: every line ends with one, the last one too');
    if (this.code() !== 32) this.expected('the end of the line');
    this.pos++;
    if (this.code() === 59) { this.comment(); return undefined; }
    const start = this.pos;
    for (;;) {
      if (this.pos >= this.text.length) this.fail(this.pos, 'the file ends without a line end: every line ends with one, the last one too');
      if (this.lineEndAt()) break;
      const c = this.code();
      if (c === 32 || c === 9) {
        let p = this.pos;
        while (this.code(p) === 32 || this.code(p) === 9) p++;
        if (this.code(p) === 59) {
          const symbol = this.text.slice(start, this.pos);
          if (symbol === '') this.fail(start - 1, 'a space after the fields must be followed by a symbol or a comment');
          this.pos = p;
          this.comment();
          return symbol;
        }
        this.fail(this.pos, 'unexpected white space in the symbol: a symbol is one word, and a comment after it starts with \';\'');
      }
      this.pos++;
    }
    const symbol = this.text.slice(start, this.pos);
    if (symbol === '') this.fail(start - 1, 'a space after the fields must be followed by a symbol or a comment');
    this.newline();
    return symbol;
  }
}

type Tag = 'sort' | NodeTag | Statement;

/** How each tag's fields are read. */
type Shape = 'sort' | 'leaf' | 'constant' | 'operator' | 'state' | 'signal' | 'justice';
const SHAPES = new Map<string, Shape>([
  ['sort', 'sort'], ['input', 'leaf'], ['state', 'leaf'], ['init', 'state'], ['next', 'state'], ['justice', 'justice'],
  ...(['bad', 'constraint', 'fair', 'output'] as const).map((t) => [t, 'signal'] as const),
  ...CONSTANTS.map((t) => [t, 'constant'] as const),
  ...Object.keys(OPERATORS).map((t) => [t, 'operator'] as const),
]);

function isTag(word: string): word is Tag {
  return SHAPES.has(word);
}

function describeEntry(e: Entry | Node): string {
  if ('kind' in e && e.kind === 'sort') return `the sort on line ${e.line}`;
  return `'${e.tag}' on line ${e.line}`;
}

function entryLine(e: Entry | Node): number {
  return e.line;
}

/** The value of a constant's digits, signed for a negative decimal. */
function constantValue(tag: 'const' | 'constd' | 'consth', digits: string): bigint {
  if (tag === 'const') return BigInt(`0b${digits}`);
  if (tag === 'consth') return BigInt(`0x${digits}`);
  return digits.startsWith('-') ? -BigInt(digits.slice(1)) : BigInt(digits);
}

/**
 * What is wrong with an operator's sorts (the result's and its arguments'), as the format's tables
 * give them, and where to point: -1 at the sort, k >= 0 at the k-th argument, and past the
 * arguments at the parameters; undefined when they are right.
 */
function operatorSorts(tag: keyof typeof OPERATORS, sort: Sort, args: readonly Sort[], params: readonly number[]): { at: number; reason: string } | undefined {
  const kind = OPERATORS[tag];
  const at = (k: number, reason: string) => ({ at: k, reason });
  const result = (expected: string) => ({ at: -1, reason: `'${tag}' gives ${expected}, but its sort is ${sortText(sort)}` });
  const argSorts = () => args.map(sortText).join(' and ');
  if (kind !== 'equality' && kind !== 'read' && kind !== 'ite' && kind !== 'write') {
    const k = args.findIndex((a) => a.kind !== 'bitvec');
    if (k >= 0) return at(k, `the ${ordinal(k)} argument of '${tag}' has sort ${sortText(args[k]!)}; '${tag}' takes bit-vectors`);
    if (sort.kind !== 'bitvec') return result('a bit-vector');
  }
  const w = (k: number) => (args[k] as { width: number }).width;
  const width = sort.kind === 'bitvec' ? sort.width : 0;
  switch (kind) {
    case 'unary':
      return width === w(0) ? undefined : result(`bitvec ${w(0)}, the width of its argument`);
    case 'reduction':
      return width === 1 ? undefined : result('bitvec 1');
    case 'extension':
      return width === w(0) + params[0]! ? undefined : result(`bitvec ${w(0) + params[0]!} (${w(0)} bits extended by ${params[0]})`);
    case 'slice': {
      const [upper, lower] = params as [number, number];
      if (upper >= w(0)) return at(1, `upper bit index ${upper} is out of range for an argument of width ${w(0)}`);
      if (lower > upper) return at(2, `lower bit index ${lower} is above the upper bit index ${upper}`);
      return width === upper - lower + 1 ? undefined : result(`bitvec ${upper - lower + 1} (bits ${upper} down to ${lower})`);
    }
    case 'boolean':
      if (w(0) !== 1 || w(1) !== 1) return at(w(0) !== 1 ? 0 : 1, `'${tag}' takes two bit-vectors of width 1, not ${argSorts()}`);
      return width === 1 ? undefined : result('bitvec 1');
    case 'equality':
      if (!sameSort(args[0]!, args[1]!)) return at(1, `the arguments of '${tag}' have different sorts: ${argSorts()}`);
      return sort.kind === 'bitvec' && sort.width === 1 ? undefined : result('bitvec 1');
    case 'predicate':
      if (w(0) !== w(1)) return at(1, `the arguments of '${tag}' have different widths: ${argSorts()}`);
      return width === 1 ? undefined : result('bitvec 1');
    case 'binary':
      if (w(0) !== w(1)) return at(1, `the arguments of '${tag}' have different widths: ${argSorts()}`);
      return width === w(0) ? undefined : result(`bitvec ${w(0)}, the width of its arguments`);
    case 'concat':
      return width === w(0) + w(1) ? undefined : result(`bitvec ${w(0) + w(1)}, the sum of its arguments' widths`);
    case 'read': {
      const a = args[0]!;
      if (a.kind !== 'array') return at(0, `the first argument of 'read' must be an array, not ${sortText(a)}`);
      if (!sameSort(args[1]!, a.index)) return at(1, `the index has sort ${sortText(args[1]!)}, but the array's indices are ${sortText(a.index)}`);
      return sameSort(sort, a.element) ? undefined : result(`${sortText(a.element)}, the array's element sort`);
    }
    case 'ite':
      if (args[0]!.kind !== 'bitvec' || args[0]!.width !== 1) return at(0, `the condition of 'ite' must be bitvec 1, not ${sortText(args[0]!)}`);
      if (!sameSort(args[1]!, args[2]!)) return at(2, `the branches of 'ite' have different sorts: ${sortText(args[1]!)} and ${sortText(args[2]!)}`);
      return sameSort(sort, args[1]!) ? undefined : result(`${sortText(args[1]!)}, the sort of its branches`);
    case 'write': {
      const a = args[0]!;
      if (a.kind !== 'array') return at(0, `the first argument of 'write' must be an array, not ${sortText(a)}`);
      if (!sameSort(args[1]!, a.index)) return at(1, `the index has sort ${sortText(args[1]!)}, but the array's indices are ${sortText(a.index)}`);
      if (!sameSort(args[2]!, a.element)) return at(2, `the element has sort ${sortText(args[2]!)}, but the array's elements are ${sortText(a.element)}`);
      return sameSort(sort, a) ? undefined : result(`${sortText(a)}, the sort of the array written`);
    }
  }
}

/** Reads a BTOR2 model; bad input throws an InputError at its line and column. */
export function parseBtor2(text: string, file: string): Btor2Model {
  return new Reader(text, file).readAll();
}
