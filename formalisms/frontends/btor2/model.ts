/**
 * A BTOR2 model as read (Niemetz, Preiner, Wolf and Biere, CAV 2018; the grammar and operator
 * tables of btor2tools' README): sorts, nodes (inputs, states, constants and operators, each with
 * its sort), the states' `init` and `next`, and the properties and constraints, every one with its
 * position in the file. The reader (reader.ts) has checked everything the format asks: ids increase,
 * every argument is defined before it is used, every operator has the sorts and widths its table
 * gives. The simulator, the word-level view and the bit-blaster all start from this structure.
 *
 * Arguments are signed ids: `-n` is the bit-wise not of node n (never of an array).
 */

interface BitvecSort {
  readonly kind: 'bitvec';
  /** The id of the `sort` line. */
  readonly id: number;
  readonly width: number;
}

interface ArraySort {
  readonly kind: 'array';
  readonly id: number;
  readonly index: Sort;
  readonly element: Sort;
}

export type Sort = BitvecSort | ArraySort;

/** How the operator tables of the format group the operators: the shapes of their sorts. */
type OperatorKind =
  /** B[n] -> B[n] */
  | 'unary'
  /** B[n] -> B[1] */
  | 'reduction'
  /** B[n] -> B[n+w], with the extension w */
  | 'extension'
  /** B[n] -> B[u-l+1], with u and l */
  | 'slice'
  /** B[1] x B[1] -> B[1] */
  | 'boolean'
  /** S x S -> B[1], any sort S */
  | 'equality'
  /** B[n] x B[n] -> B[1] (comparisons and overflow predicates) */
  | 'predicate'
  /** B[n] x B[n] -> B[n] */
  | 'binary'
  /** B[n] x B[m] -> B[n+m] */
  | 'concat'
  /** A[I -> E] x I -> E */
  | 'read'
  /** B[1] x S x S -> S */
  | 'ite'
  /** A[I -> E] x I x E -> A[I -> E] */
  | 'write';

export const OPERATORS = {
  not: 'unary', inc: 'unary', dec: 'unary', neg: 'unary',
  redand: 'reduction', redor: 'reduction', redxor: 'reduction',
  uext: 'extension', sext: 'extension', slice: 'slice',
  iff: 'boolean', implies: 'boolean',
  eq: 'equality', neq: 'equality',
  ugt: 'predicate', ugte: 'predicate', ult: 'predicate', ulte: 'predicate',
  sgt: 'predicate', sgte: 'predicate', slt: 'predicate', slte: 'predicate',
  uaddo: 'predicate', saddo: 'predicate', usubo: 'predicate', ssubo: 'predicate',
  umulo: 'predicate', smulo: 'predicate', sdivo: 'predicate',
  and: 'binary', nand: 'binary', nor: 'binary', or: 'binary', xnor: 'binary', xor: 'binary',
  rol: 'binary', ror: 'binary', sll: 'binary', sra: 'binary', srl: 'binary',
  add: 'binary', sub: 'binary', mul: 'binary', udiv: 'binary', sdiv: 'binary', urem: 'binary', srem: 'binary', smod: 'binary',
  concat: 'concat', read: 'read', ite: 'ite', write: 'write',
} as const satisfies Record<string, OperatorKind>;

export type Operator = keyof typeof OPERATORS;

/** The constants: `const` (binary), `constd` (decimal), `consth` (hexadecimal), `zero`, `one`, `ones`. */
export const CONSTANTS = ['const', 'constd', 'consth', 'zero', 'one', 'ones'] as const;
export type ConstantTag = (typeof CONSTANTS)[number];

/** The tags of lines that define a value other nodes may use. */
export type NodeTag = 'input' | 'state' | ConstantTag | Operator;

/** Where a line is in the file (1-based), for messages about it. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Node extends Position {
  readonly id: number;
  readonly tag: NodeTag;
  readonly sort: Sort;
  /** Signed ids of the arguments, in order. */
  readonly args: readonly number[];
  /** `uext`/`sext`: [w]; `slice`: [upper, lower]. */
  readonly params: readonly number[];
  /** Constants: the value, unsigned, below 2^width. */
  readonly value?: bigint;
  readonly symbol?: string;
}

/** A `state` line with the `init` and `next` lines that refer to it. */
export interface State {
  readonly node: Node;
  /** The signed id of the initial value: of the state's sort, or for an array state a constant element (every index holds it). */
  readonly init?: number;
  readonly initAt?: Position;
  /** The signed id of the next value; without one, the state takes any value at every step after the first. */
  readonly next?: number;
  readonly nextAt?: Position;
}

/** A `bad`, `constraint`, `fair` or `output` line: its id and the signed id it names. */
export interface Signal extends Position {
  readonly id: number;
  readonly arg: number;
  readonly symbol?: string;
}

/** A `justice` line: the conditions that must all hold infinitely often. */
export interface Justice extends Position {
  readonly id: number;
  readonly args: readonly number[];
  readonly symbol?: string;
}

export interface Btor2Model {
  readonly file: string;
  /** The nodes by id (sorts and the lines about states and properties are not nodes). */
  readonly nodes: ReadonlyMap<number, Node>;
  /** The nodes in file order, which is increasing id order: every argument comes before its use. */
  readonly order: readonly Node[];
  /** In file order: an input's or state's position here is its number in witnesses. */
  readonly inputs: readonly Node[];
  readonly states: readonly State[];
  /** In file order: bad state property i is `b<i>`. */
  readonly bads: readonly Signal[];
  readonly constraints: readonly Signal[];
  readonly outputs: readonly Signal[];
  readonly fairs: readonly Signal[];
  readonly justices: readonly Justice[];
}

export function sameSort(a: Sort, b: Sort): boolean {
  if (a.kind === 'bitvec') return b.kind === 'bitvec' && a.width === b.width;
  return b.kind === 'array' && sameSort(a.index, b.index) && sameSort(a.element, b.element);
}

/** A sort as the file writes it, with the sort ids resolved: `bitvec 8`, `array [bitvec 4] bitvec 8`. */
export function sortText(s: Sort): string {
  return s.kind === 'bitvec' ? `bitvec ${s.width}` : `array [${sortText(s.index)}] ${sortText(s.element)}`;
}

/** How a node is named in messages and tables: its symbol, or its id. */
export function nodeName(n: Node): string {
  return n.symbol ?? `${n.tag} ${n.id}`;
}
