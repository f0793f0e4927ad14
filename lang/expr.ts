/**
 * The typed expression language shared by every formalism and algorithm.
 *
 * Expressions are immutable and hash-consed: building the same operator over the same arguments
 * returns the same object, so `===` is structural equality and `e.id` can key maps and caches
 * (the SMT bridge caches translations by it). Constructors type-check their arguments and throw
 * `ExprTypeError`; front ends catch it and attach a source position.
 *
 * Constructors do not simplify, beyond collapsing `and`/`or`/`add`/`mul` of zero or one argument:
 * the AIGER front end builds deep and-chains that must stay as they are (see `simplify.ts`).
 */
import { ArrayType, BoolT, BvType, FpType, IntT, RatT, Type, arrayType, bvType, isNumeric } from './types.js';
import { canonical, type FpValue } from './float.js';

export class ExprTypeError extends Error {}

/** A variable. Every call to `declareVar` makes a new, distinct variable. */
export interface VarDecl {
  readonly id: number;
  readonly name: string;
  readonly type: Type;
  /** For step-indexed copies made by `indexed`: the original variable and the step. */
  readonly base?: VarDecl;
  readonly step?: number;
}

export type Op =
  // leaves
  | 'lit' | 'var' | 'prime' | 'fplit'
  // Booleans
  | 'not' | 'and' | 'or' | 'xor' | 'imply' | 'iff' | 'ite' | 'eq' | 'neq' | 'forall' | 'exists'
  // arithmetic over int and rat
  | 'lt' | 'le' | 'gt' | 'ge' | 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'rem' | 'neg' | 'toRat'
  // arrays
  | 'read' | 'write' | 'arraylit'
  // bit-vectors
  | BvOp | 'concat' | 'extract' | 'zext' | 'sext'
  // floating point: every operator by name (`params`), evaluated by `float.ts`
  | 'fpop';

export const BV_ARITH = ['bvadd', 'bvsub', 'bvmul', 'bvudiv', 'bvsdiv', 'bvsmod', 'bvurem', 'bvsrem',
  'bvand', 'bvor', 'bvxor', 'bvshl', 'bvashr', 'bvlshr', 'bvrol', 'bvror'] as const;
export const BV_CMP = ['bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle', 'bvsgt', 'bvsge'] as const;
export const BV_UNARY = ['bvnot', 'bvneg'] as const;
export type BvArithOp = (typeof BV_ARITH)[number];
export type BvCmpOp = (typeof BV_CMP)[number];
export type BvOp = BvArithOp | BvCmpOp | (typeof BV_UNARY)[number];

export interface Rational { readonly num: bigint; readonly den: bigint }
/** The payload of a `lit` node: bool, int (bigint), rat, or bv (unsigned bigint below 2^width). */
export type LitValue = boolean | bigint | Rational;

export interface Expr {
  readonly id: number;
  readonly op: Op;
  readonly type: Type;
  readonly args: readonly Expr[];
  /** `lit`: the value. `fplit`: an FpValue. */
  readonly value?: LitValue | FpValue;
  /** `var`: the variable. */
  readonly decl?: VarDecl;
  /** `extract`: [hi, lo]; `zext`/`sext`: [width]; `fpop`: [name, ...bracketed parameters]. */
  readonly params?: readonly (number | string)[];
  /** `forall`/`exists`: the bound variables. */
  readonly bound?: readonly VarDecl[];
}

let nextDeclId = 0;
let nextExprId = 0;
const table = new Map<string, Expr>();

export function declareVar(name: string, type: Type): VarDecl {
  return { id: nextDeclId++, name, type };
}

const indexedCopies = new WeakMap<VarDecl, VarDecl[]>();

/** The copy of `v` at step `k` (`v<k>`), the same object for the same (v, k). */
export function indexed(v: VarDecl, k: number): VarDecl {
  let copies = indexedCopies.get(v);
  if (!copies) indexedCopies.set(v, (copies = []));
  let c = copies[k];
  if (!c) copies[k] = c = { id: nextDeclId++, name: `${v.name}<${k}>`, type: v.type, base: v, step: k };
  return c;
}

function valueKey(v: LitValue | FpValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if ('num' in v) return `${v.num}/${v.den}`;
  return `${v.sign ? '-' : '+'}${v.exp}.${v.sig}`;
}

function mk(op: Op, type: Type, args: readonly Expr[], extra: Partial<Pick<Expr, 'value' | 'decl' | 'params' | 'bound'>> = {}): Expr {
  let key = `${op}|${type.key}|`;
  for (const a of args) key += `${a.id},`;
  if (extra.value !== undefined) key += `|${valueKey(extra.value)}`;
  if (extra.decl) key += `|d${extra.decl.id}`;
  if (extra.params) key += `|${extra.params.join(',')}`;
  if (extra.bound) key += `|b${extra.bound.map((b) => b.id).join(',')}`;
  const known = table.get(key);
  if (known) return known;
  const e: Expr = { id: nextExprId++, op, type, args, ...extra };
  table.set(key, e);
  return e;
}

/** Rebuilds a node of the same operator over new arguments of the same types (used by rewriters). */
export function withArgs(e: Expr, args: readonly Expr[]): Expr {
  if (args.length === e.args.length && args.every((a, i) => a === e.args[i])) return e;
  const { value, decl, params, bound } = e;
  return mk(e.op, e.type, args, { value, decl, params, bound });
}

function fail(msg: string): never {
  throw new ExprTypeError(msg);
}

function expectType(e: Expr, t: Type, what: string): void {
  if (e.type !== t) fail(`${what} must be ${t.key}, but it is ${e.type.key}`);
}

// ---------------------------------------------------------------- literals and leaves

export const True = mk('lit', BoolT, [], { value: true });
export const False = mk('lit', BoolT, [], { value: false });

export function bool(b: boolean): Expr {
  return b ? True : False;
}

export function int(n: bigint | number): Expr {
  return mk('lit', IntT, [], { value: BigInt(n) });
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

export function normRat(num: bigint, den: bigint): Rational {
  if (den === 0n) fail('rational literal with zero denominator');
  if (den < 0n) { num = -num; den = -den; }
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

export function rat(num: bigint | number, den: bigint | number = 1n): Expr {
  return mk('lit', RatT, [], { value: normRat(BigInt(num), BigInt(den)) });
}

/** A bit-vector literal; the value is reduced modulo 2^width (so -1 is all ones). */
export function bv(value: bigint | number, width: number): Expr {
  const m = 1n << BigInt(width);
  let v = BigInt(value) % m;
  if (v < 0n) v += m;
  return mk('lit', bvType(width), [], { value: v });
}

/**
 * A floating-point literal. Every NaN becomes the one canonical NaN (SMT-LIB has a single NaN), so
 * that, with hash-consing, two literals are the same object exactly when SMT-LIB's `=` holds.
 */
export function fpLit(type: FpType, value: FpValue): Expr {
  return mk('fplit', type, [], { value: canonical(type, value) });
}

export function ref(d: VarDecl): Expr {
  return mk('var', d.type, [], { decl: d });
}

export function isLit(e: Expr): boolean {
  return e.op === 'lit' || e.op === 'fplit' || (e.op === 'arraylit' && e.args.every(isLit));
}

// ---------------------------------------------------------------- priming and step indexing

/** The next-state version of `e`: every free variable gets one more prime. */
export function prime(e: Expr): Expr {
  return mapLeaves(e, (leaf) => mk('prime', leaf.type, [leaf]));
}

/** Unprimed variable and prime count of a `var` or `prime` leaf. */
export function leafVar(leaf: Expr): { decl: VarDecl; primes: number } {
  let primes = 0;
  while (leaf.op === 'prime') { primes++; leaf = leaf.args[0]!; }
  return { decl: leaf.decl!, primes };
}

/** Replaces `v` by `v<k>`, `v'` by `v<k+1>`, and so on: the formula at step k of an unrolling. */
export function atStep(e: Expr, k: number): Expr {
  return mapLeaves(e, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return ref(indexed(decl, k + primes));
  });
}

/** `e` over V and V' read as the state at step `from` and the state at step `to` (not necessarily the next). */
export function between(e: Expr, from: number, to: number): Expr {
  return mapLeaves(e, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return ref(indexed(decl, primes === 0 ? from : to));
  });
}

/**
 * Rewrites every free `var`/`prime` leaf by `f` (leaves for which `f` returns undefined stay).
 * Memoised per call and iterative, so deep DAGs (AIGER cones) neither blow up nor overflow the stack.
 */
export function mapLeaves(root: Expr, f: (leaf: Expr) => Expr | undefined): Expr {
  const done = new Map<number, Expr>();
  for (const e of postorder(root)) {
    let out: Expr;
    if (e.op === 'var' || e.op === 'prime') {
      out = f(e) ?? e;
    } else if (e.bound) {
      // quantifiers are rare and shallow: rewrite the body with the bound variables protected
      const bound = new Set(e.bound);
      out = withArgs(e, e.args.map((a) => mapLeaves(a, (leaf) => (bound.has(leafVar(leaf).decl) ? undefined : f(leaf)))));
    } else {
      out = withArgs(e, e.args.map((a) => done.get(a.id)!));
    }
    done.set(e.id, out);
  }
  return done.get(root.id)!;
}

/**
 * The nodes of the DAG below `root` (quantifier bodies excluded), each once, children first.
 * Iterative, for DAGs far deeper than the JavaScript stack.
 */
export function postorder(root: Expr): Expr[] {
  const out: Expr[] = [];
  const seen = new Set<number>();
  const stack: [Expr, number][] = [[root, 0]];
  seen.add(root.id);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const [e, i] = top;
    if (!e.bound && i < e.args.length) {
      top[1] = i + 1;
      const c = e.args[i]!;
      if (!seen.has(c.id)) { seen.add(c.id); stack.push([c, 0]); }
    } else {
      stack.pop();
      out.push(e);
    }
  }
  return out;
}

/** Substitutes expressions for (unprimed) variables. */
export function substitute(e: Expr, map: ReadonlyMap<VarDecl, Expr>): Expr {
  if (map.size === 0) return e;
  return mapLeaves(e, (leaf) => (leaf.op === 'var' ? map.get(leaf.decl!) : undefined));
}

/** The free variables of `e`, unprimed, in order of first occurrence. */
export function freeVars(e: Expr): VarDecl[] {
  const out = new Set<VarDecl>();
  collectVars(e, out, new Set());
  return [...out];
}

function collectVars(e: Expr, out: Set<VarDecl>, bound: Set<VarDecl>): void {
  for (const n of postorder(e)) {
    if (n.op === 'var' && !bound.has(n.decl!)) out.add(n.decl!);
    if (n.bound) {
      const inner = new Set(bound);
      for (const b of n.bound) inner.add(b);
      for (const a of n.args) collectVars(a, out, inner);
    }
  }
}

// ---------------------------------------------------------------- Boolean connectives

function boolArgs(args: readonly Expr[], what: string): void {
  for (const a of args) expectType(a, BoolT, `operand of ${what}`);
}

export function not(a: Expr): Expr {
  boolArgs([a], 'not');
  return mk('not', BoolT, [a]);
}

export function and(...args: Expr[]): Expr {
  boolArgs(args, 'and');
  if (args.length === 0) return True;
  if (args.length === 1) return args[0]!;
  return mk('and', BoolT, args);
}

export function or(...args: Expr[]): Expr {
  boolArgs(args, 'or');
  if (args.length === 0) return False;
  if (args.length === 1) return args[0]!;
  return mk('or', BoolT, args);
}

export function xor(a: Expr, b: Expr): Expr {
  boolArgs([a, b], 'xor');
  return mk('xor', BoolT, [a, b]);
}

export function imply(a: Expr, b: Expr): Expr {
  boolArgs([a, b], 'imply');
  return mk('imply', BoolT, [a, b]);
}

export function iff(a: Expr, b: Expr): Expr {
  boolArgs([a, b], 'iff');
  return mk('iff', BoolT, [a, b]);
}

export function ite(c: Expr, t: Expr, e: Expr): Expr {
  expectType(c, BoolT, 'condition of if-then-else');
  [t, e] = unify(t, e, 'branches of if-then-else');
  return mk('ite', t.type, [c, t, e]);
}

export function forall(bound: VarDecl[], body: Expr): Expr {
  expectType(body, BoolT, 'body of forall');
  return mk('forall', BoolT, [body], { bound });
}

export function exists(bound: VarDecl[], body: Expr): Expr {
  expectType(body, BoolT, 'body of exists');
  return mk('exists', BoolT, [body], { bound });
}

// ---------------------------------------------------------------- equality and arithmetic

/** Converts an int operand to rat where the other one is rat (the language's only implicit conversion). */
function unify(a: Expr, b: Expr, what: string): [Expr, Expr] {
  if (a.type === b.type) return [a, b];
  if (a.type === IntT && b.type === RatT) return [toRat(a), b];
  if (a.type === RatT && b.type === IntT) return [a, toRat(b)];
  return fail(`${what} must have the same type, but they are ${a.type.key} and ${b.type.key}`);
}

export function toRat(a: Expr): Expr {
  expectType(a, IntT, 'operand of int-to-rat conversion');
  return mk('toRat', RatT, [a]);
}

export function eq(a: Expr, b: Expr): Expr {
  [a, b] = unify(a, b, 'operands of =');
  return mk('eq', BoolT, [a, b]);
}

export function neq(a: Expr, b: Expr): Expr {
  [a, b] = unify(a, b, 'operands of /=');
  return mk('neq', BoolT, [a, b]);
}

function numeric(a: Expr, b: Expr, what: string): [Expr, Expr] {
  for (const x of [a, b]) if (!isNumeric(x.type)) fail(`operands of ${what} must be int or rat, but one is ${x.type.key}`);
  return unify(a, b, `operands of ${what}`);
}

type CmpOp = 'lt' | 'le' | 'gt' | 'ge';
export function cmp(op: CmpOp, a: Expr, b: Expr): Expr {
  [a, b] = numeric(a, b, { lt: '<', le: '<=', gt: '>', ge: '>=' }[op]);
  return mk(op, BoolT, [a, b]);
}
export const lt = (a: Expr, b: Expr): Expr => cmp('lt', a, b);
export const le = (a: Expr, b: Expr): Expr => cmp('le', a, b);
export const gt = (a: Expr, b: Expr): Expr => cmp('gt', a, b);
export const ge = (a: Expr, b: Expr): Expr => cmp('ge', a, b);

function nary(op: 'add' | 'mul', sym: string, args: Expr[]): Expr {
  if (args.length === 0) fail(`${sym} needs operands`);
  if (args.length === 1) {
    if (!isNumeric(args[0]!.type)) fail(`operand of ${sym} must be int or rat, but it is ${args[0]!.type.key}`);
    return args[0]!;
  }
  const rational = args.some((a) => a.type === RatT);
  const unified = args.map((a) => {
    if (!isNumeric(a.type)) fail(`operands of ${sym} must be int or rat, but one is ${a.type.key}`);
    return rational && a.type === IntT ? toRat(a) : a;
  });
  return mk(op, rational ? RatT : IntT, unified);
}

export function add(...args: Expr[]): Expr {
  return nary('add', '+', args);
}

export function mul(...args: Expr[]): Expr {
  return nary('mul', '*', args);
}

export function sub(a: Expr, b: Expr): Expr {
  [a, b] = numeric(a, b, '-');
  return mk('sub', a.type, [a, b]);
}

/** Integer division (Euclidean, as SMT-LIB) on int, exact division on rat. */
export function div(a: Expr, b: Expr): Expr {
  [a, b] = numeric(a, b, '/');
  return mk('div', a.type, [a, b]);
}

export function mod(a: Expr, b: Expr): Expr {
  expectType(a, IntT, 'left operand of mod');
  expectType(b, IntT, 'right operand of mod');
  return mk('mod', IntT, [a, b]);
}

export function rem(a: Expr, b: Expr): Expr {
  expectType(a, IntT, 'left operand of rem');
  expectType(b, IntT, 'right operand of rem');
  return mk('rem', IntT, [a, b]);
}

export function neg(a: Expr): Expr {
  if (!isNumeric(a.type)) fail(`operand of unary - must be int or rat, but it is ${a.type.key}`);
  return mk('neg', a.type, [a]);
}

// ---------------------------------------------------------------- arrays

function asArray(a: Expr, what: string): ArrayType {
  if (a.type.kind !== 'array') fail(`${what} must be an array, but it is ${a.type.key}`);
  return a.type;
}

export function read(a: Expr, i: Expr): Expr {
  const t = asArray(a, 'indexed expression');
  expectType(i, t.index, 'array index');
  return mk('read', t.elem, [a, i]);
}

export function write(a: Expr, i: Expr, v: Expr): Expr {
  const t = asArray(a, 'updated expression');
  expectType(i, t.index, 'array index');
  expectType(v, t.elem, 'array element');
  return mk('write', t, [a, i, v]);
}

/** `[i1 <- v1, ..., default <- d]`; args are [d, i1, v1, i2, v2, ...]. */
export function arrayLit(indexType: Type, entries: readonly (readonly [Expr, Expr])[], dflt: Expr): Expr {
  const t = arrayType(indexType, dflt.type);
  const args = [dflt];
  for (const [i, v] of entries) {
    expectType(i, indexType, 'array literal index');
    expectType(v, dflt.type, 'array literal element');
    args.push(i, v);
  }
  return mk('arraylit', t, args);
}

// ---------------------------------------------------------------- bit-vectors

function asBv(a: Expr, what: string): BvType {
  if (a.type.kind !== 'bv') fail(`${what} must be a bit-vector, but it is ${a.type.key}`);
  return a.type;
}

export function bvop(op: BvOp, ...args: Expr[]): Expr {
  const unary = (BV_UNARY as readonly string[]).includes(op);
  if (args.length !== (unary ? 1 : 2)) fail(`${op} takes ${unary ? 1 : 2} operands`);
  const t = asBv(args[0]!, `operand of ${op}`);
  for (const a of args) if (a.type !== t) fail(`operands of ${op} must have the same width, but they are ${args.map((x) => x.type.key).join(' and ')}`);
  return mk(op, (BV_CMP as readonly string[]).includes(op) ? BoolT : t, args);
}

/** `hi ++ lo`: the left operand becomes the high bits. */
export function concat(...args: Expr[]): Expr {
  if (args.length < 2) fail('++ needs at least two operands');
  const w = args.reduce((s, a) => s + asBv(a, 'operand of ++').width, 0);
  return mk('concat', bvType(w), args);
}

/** Bits lo .. hi-1 (the upper bound is exclusive, as in the CFA language). */
export function extract(a: Expr, hi: number, lo: number): Expr {
  const t = asBv(a, 'extracted expression');
  if (!(0 <= lo && lo < hi && hi <= t.width)) fail(`extract [${hi}:${lo}] is out of range for ${t.key}`);
  return mk('extract', bvType(hi - lo), [a], { params: [hi, lo] });
}

export function extend(kind: 'zext' | 'sext', a: Expr, width: number): Expr {
  const t = asBv(a, 'extended expression');
  if (width < t.width) fail(`cannot extend ${t.key} to the narrower bv[${width}]`);
  return mk(kind, bvType(width), [a], { params: [width] });
}

// ---------------------------------------------------------------- floating point

/** An operation on floats, kept by name for printing; `params` are its bracketed suffixes. */
export function fpOp(name: string, params: readonly string[], type: Type, args: Expr[]): Expr {
  return mk('fpop', type, args, { params: [name, ...params] });
}

/**
 * The canonical literal of an array value: entries sorted by index, none equal to the default.
 * Two array values are equal exactly when their canonical literals are the same object.
 */
export function arrayValue(indexType: Type, entries: readonly (readonly [Expr, Expr])[], dflt: Expr): Expr {
  const byIndex = new Map<number, readonly [Expr, Expr]>();
  for (const [i, v] of entries) byIndex.set(i.id, [i, v]); // later entries override earlier ones
  const kept = [...byIndex.values()].filter(([, v]) => v !== dflt).sort((x, y) => x[0].id - y[0].id);
  return arrayLit(indexType, kept, dflt);
}

/** The operands of nested `and`s, in order, without `true` (so `true` has none). */
export function conjuncts(e: Expr): Expr[] {
  const out: Expr[] = [];
  const stack = [e];
  while (stack.length) {
    const c = stack.pop()!;
    if (c.op === 'and') for (let i = c.args.length - 1; i >= 0; i--) stack.push(c.args[i]!);
    else if (c !== True) out.push(c);
  }
  return out;
}
