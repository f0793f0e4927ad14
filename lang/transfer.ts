/**
 * Expressions as plain data, to move them between threads. Expressions are hash-consed per thread
 * (expr.ts), so an expression built in a worker means nothing in another thread: it is packed into
 * a list of nodes (each after its arguments, shared subterms once) and rebuilt on the other side by
 * the same constructors, which type-check it again. Variables are named by a key the caller chooses
 * (a model variable's position, an action local's place), so that they rebuild as the receiving
 * thread's own declarations of the same model; other variables are declared afresh there, once each.
 */
import { add, and, arrayLit, bool, bv, bvop, concat, div, eq, exists, extend, extract, fpLit, fpOp, forall, iff, imply, indexed, int, ite, mod, mul, neg, neq, not, or, prime, rat, read, ref, rem, sub, toRat, write, xor, cmp, declareVar, type BvOp, type Expr, type LitValue, type Op, type Rational, type VarDecl } from './expr.js';
import type { FpValue } from './float.js';
import { BoolT, IntT, RatT, arrayType, bvType, fpType, type Type } from './types.js';

/** A type as plain data. */
type PortableType =
  | { readonly kind: 'bool' | 'int' | 'rat' }
  | { readonly kind: 'bv'; readonly width: number }
  | { readonly kind: 'fp'; readonly exp: number; readonly sig: number }
  | { readonly kind: 'array'; readonly index: PortableType; readonly elem: PortableType };

export interface PortableDecl {
  readonly name: string;
  readonly type: PortableType;
  /** The caller's key for a variable the receiver knows (`keyOf`), if any. */
  readonly key?: string;
  /** A step-indexed copy: the position of its base declaration and its step. */
  readonly base?: number;
  readonly step?: number;
}

export interface PortableNode {
  readonly op: Op;
  readonly type: PortableType;
  readonly args: readonly number[];
  readonly value?: LitValue | FpValue;
  readonly decl?: number;
  readonly params?: readonly (number | string)[];
  readonly bound?: readonly number[];
}

/** Several expressions packed together (sharing their nodes and variables). */
export interface PortableExprs {
  readonly decls: readonly PortableDecl[];
  readonly nodes: readonly PortableNode[];
  readonly roots: readonly number[];
}

function packType(t: Type): PortableType {
  switch (t.kind) {
    case 'bv': return { kind: 'bv', width: t.width };
    case 'fp': return { kind: 'fp', exp: t.exp, sig: t.sig };
    case 'array': return { kind: 'array', index: packType(t.index), elem: packType(t.elem) };
    default: return { kind: t.kind };
  }
}

function unpackType(t: PortableType): Type {
  switch (t.kind) {
    case 'bool': return BoolT;
    case 'int': return IntT;
    case 'rat': return RatT;
    case 'bv': return bvType(t.width);
    case 'fp': return fpType(t.exp, t.sig);
    case 'array': return arrayType(unpackType(t.index), unpackType(t.elem));
  }
}

/** Packs expressions; `keyOf` names the variables the receiving thread will know by the same key. */
export function packExprs(roots: readonly Expr[], keyOf: (d: VarDecl) => string | undefined): PortableExprs {
  const decls: PortableDecl[] = [];
  const nodes: PortableNode[] = [];
  const declIndex = new Map<VarDecl, number>();
  const nodeIndex = new Map<Expr, number>();
  const packDecl = (d: VarDecl): number => {
    const known = declIndex.get(d);
    if (known !== undefined) return known;
    const base = d.base ? packDecl(d.base) : undefined;
    const key = d.base ? undefined : keyOf(d);
    decls.push({ name: d.name, type: packType(d.type), ...(key === undefined ? {} : { key }), ...(base === undefined ? {} : { base, step: d.step! }) });
    declIndex.set(d, decls.length - 1);
    return decls.length - 1;
  };
  const packNode = (e: Expr): number => {
    const known = nodeIndex.get(e);
    if (known !== undefined) return known;
    // Iteratively in post-order: expressions from long unrollings are deep.
    const stack: [Expr, boolean][] = [[e, false]];
    while (stack.length > 0) {
      const [x, expanded] = stack.pop()!;
      if (nodeIndex.has(x)) continue;
      if (!expanded) {
        stack.push([x, true]);
        for (const a of x.args) if (!nodeIndex.has(a)) stack.push([a, false]);
        continue;
      }
      nodes.push({
        op: x.op, type: packType(x.type), args: x.args.map((a) => nodeIndex.get(a)!),
        ...(x.value === undefined ? {} : { value: x.value }),
        ...(x.decl ? { decl: packDecl(x.decl) } : {}),
        ...(x.params ? { params: x.params } : {}),
        ...(x.bound ? { bound: x.bound.map(packDecl) } : {}),
      });
      nodeIndex.set(x, nodes.length - 1);
    }
    return nodeIndex.get(e)!;
  };
  return { decls, nodes, roots: roots.map(packNode) };
}

function build(n: PortableNode, a: readonly Expr[], decl: (i: number) => VarDecl): Expr {
  const type = unpackType(n.type);
  const [x, y, z] = a;
  switch (n.op) {
    case 'lit':
      if (type.kind === 'bool') return bool(n.value as boolean);
      if (type.kind === 'int') return int(n.value as bigint);
      if (type.kind === 'rat') return rat((n.value as Rational).num, (n.value as Rational).den);
      return bv(n.value as bigint, (type as { width: number }).width);
    case 'fplit': return fpLit(type as ReturnType<typeof fpType>, n.value as FpValue);
    case 'var': return ref(decl(n.decl!));
    case 'prime': return prime(x!);
    case 'not': return not(x!);
    case 'and': return and(...a);
    case 'or': return or(...a);
    case 'xor': return xor(x!, y!);
    case 'imply': return imply(x!, y!);
    case 'iff': return iff(x!, y!);
    case 'ite': return ite(x!, y!, z!);
    case 'eq': return eq(x!, y!);
    case 'neq': return neq(x!, y!);
    case 'forall': return forall(n.bound!.map(decl), x!);
    case 'exists': return exists(n.bound!.map(decl), x!);
    case 'lt': case 'le': case 'gt': case 'ge': return cmp(n.op, x!, y!);
    case 'add': return add(...a);
    case 'mul': return mul(...a);
    case 'sub': return sub(x!, y!);
    case 'div': return div(x!, y!);
    case 'mod': return mod(x!, y!);
    case 'rem': return rem(x!, y!);
    case 'neg': return neg(x!);
    case 'toRat': return toRat(x!);
    case 'read': return read(x!, y!);
    case 'write': return write(x!, y!, z!);
    case 'arraylit': {
      const entries: [Expr, Expr][] = [];
      for (let i = 1; i < a.length; i += 2) entries.push([a[i]!, a[i + 1]!]);
      return arrayLit((type as { index: Type }).index, entries, x!);
    }
    case 'concat': return concat(...a);
    case 'extract': return extract(x!, n.params![0] as number, n.params![1] as number);
    case 'zext': case 'sext': return extend(n.op, x!, n.params![0] as number);
    case 'fpop': return fpOp(n.params![0] as string, n.params!.slice(1) as string[], type, [...a]);
    default: return bvop(n.op as BvOp, ...a);
  }
}

/** Rebuilds packed expressions in this thread; `known` gives this thread's variable of a key. */
export function unpackExprs(p: PortableExprs, known: (key: string) => VarDecl | undefined): Expr[] {
  const decls: VarDecl[] = [];
  const decl = (i: number): VarDecl => {
    if (decls[i]) return decls[i]!;
    const d = p.decls[i]!;
    const made = d.base !== undefined ? indexed(decl(d.base), d.step!)
      : (d.key !== undefined ? known(d.key) : undefined) ?? declareVar(d.name, unpackType(d.type));
    decls[i] = made;
    return made;
  };
  const exprs: Expr[] = [];
  p.nodes.forEach((n, i) => { exprs[i] = build(n, n.args.map((j) => exprs[j]!), decl); });
  return p.roots.map((r) => exprs[r]!);
}
