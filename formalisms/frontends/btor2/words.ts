/**
 * The word-level view of a BTOR2 model: per bad state property, a symbolic transition system over
 * Vigil's bit-vector and array types (lang/expr.ts), which `stsInterpreter` turns into the
 * interpreter the word-level engines check with Z3's bit-vector and array theories.
 *
 * Every input and every state is a variable: a state's `init` is an equation of the initial
 * condition, its `next` an equation `s' = next` of the transition relation; inputs and states
 * without `next` are left unconstrained by the transition, so they take a fresh value at every
 * step, and states without `init` any initial value. Constraints are STS invariants, which holds
 * them at every step of a path up to and including the bad one, as btorsim does. Only the cone of
 * influence of the property and the constraints is kept.
 *
 * Nodes become hash-consed expressions, so the model's sharing stays. A width-1 node that is a
 * predicate (a comparison, a reduction, an overflow test) is a Boolean, and so is a width-1 logic
 * operator over Booleans; elsewhere width-1 nodes are bit-vectors of width 1, converted where the
 * expression language needs the other kind (`ite` conditions, invariants, the property).
 */
import {
  False, and, arrayLit, bv, bvop, concat, declareVar, eq, extend, extract, iff, imply, ite, neq, not, or, prime, read, ref,
  write, xor, type BvOp, type Expr, type VarDecl,
} from '../../../lang/expr.js';
import { BoolT, arrayType, bvType, type Type } from '../../../lang/types.js';
import type { Sts } from '../../sts.js';
import { identifier } from '../../aiger-sts.js';
import type { Btor2Model, Node, Sort } from './model.js';
import { arrayOf, type Btor2Run, type Value } from './simulate.js';

function typeOf(sort: Sort): Type {
  return sort.kind === 'bitvec' ? bvType(sort.width) : arrayType(typeOf(sort.index), typeOf(sort.element));
}

/** The view of one bad state property: its STS and its variables by the model's positions. */
export interface WordLevelView {
  readonly sts: Sts;
  /** By state position; undefined for states outside the property's cone. */
  readonly states: readonly (VarDecl | undefined)[];
  /** By input position; undefined for inputs outside the cone. */
  readonly inputs: readonly (VarDecl | undefined)[];
}

const ONE = bv(1, 1);
const ZERO = bv(0, 1);

const PREDICATES: Partial<Record<string, BvOp>> = {
  ugt: 'bvugt', ugte: 'bvuge', ult: 'bvult', ulte: 'bvule', sgt: 'bvsgt', sgte: 'bvsge', slt: 'bvslt', slte: 'bvsle',
};
const ARITHMETIC: Partial<Record<string, BvOp>> = {
  sll: 'bvshl', srl: 'bvlshr', sra: 'bvashr', rol: 'bvrol', ror: 'bvror',
  add: 'bvadd', sub: 'bvsub', mul: 'bvmul', udiv: 'bvudiv', sdiv: 'bvsdiv', urem: 'bvurem', srem: 'bvsrem', smod: 'bvsmod',
};

/** The translation of a model's nodes to expressions, shared by the views of all its properties. */
export class WordLevel {
  private readonly exprs = new Map<number, Expr>();
  private readonly vars = new Map<number, VarDecl>();

  constructor(readonly model: Btor2Model) {
    // names the STS printer can print back, from the symbols where there are some
    const used = new Set<string>();
    const declare = (n: Node, kind: string) => {
      this.vars.set(n.id, declareVar(identifier(n.symbol, `${kind}${n.id}`, used), typeOf(n.sort)));
    };
    for (const s of model.states) declare(s.node, 'state');
    for (const n of model.inputs) declare(n, 'input');
  }

  /** The variable of a state or input node. */
  variable(id: number): VarDecl {
    return this.vars.get(id)!;
  }

  /** The expression of a signed id: a bit-vector, an array, or for some width-1 nodes a Boolean. */
  expr(ref: number): Expr {
    const e = this.node(Math.abs(ref));
    if (ref > 0) return e;
    return e.type === BoolT ? not(e) : bvop('bvnot', e);
  }

  /** A signed id as a bit-vector (or array). */
  word(ref: number): Expr {
    const e = this.expr(ref);
    return e.type === BoolT ? ite(e, ONE, ZERO) : e;
  }

  /** A signed id of width 1 as a Boolean. */
  bool(ref: number): Expr {
    const e = this.expr(ref);
    return e.type === BoolT ? e : eq(e, ONE);
  }

  private node(id: number): Expr {
    let e = this.exprs.get(id);
    if (e) return e;
    // arguments have smaller ids: translate the missing ones bottom-up, without recursion
    const pending = [id];
    const model = this.model;
    while (pending.length) {
      const top = pending[pending.length - 1]!;
      if (this.exprs.has(top)) { pending.pop(); continue; }
      const n = model.nodes.get(top)!;
      const missing = n.args.map(Math.abs).filter((a) => !this.exprs.has(a));
      if (missing.length) { pending.push(...missing); continue; }
      this.exprs.set(top, this.translate(n));
      pending.pop();
    }
    e = this.exprs.get(id)!;
    return e;
  }

  private translate(n: Node): Expr {
    if (n.tag === 'input' || n.tag === 'state') return ref(this.vars.get(n.id)!);
    if (n.value !== undefined) return bv(n.value, (n.sort as { width: number }).width);
    const [x, y, z] = n.args as [number, number, number];
    const w = (r: number) => (this.model.nodes.get(Math.abs(r))!.sort as { width: number }).width;
    const allBool = n.args.every((a) => this.expr(a).type === BoolT);
    const a = () => this.word(x);
    const b = () => this.word(y);
    const msb = (e: Expr, width: number) => extract(e, width, width - 1);
    switch (n.tag) {
      case 'not': return allBool ? not(this.bool(x)) : bvop('bvnot', a());
      case 'inc': return bvop('bvadd', a(), bv(1, w(x)));
      case 'dec': return bvop('bvsub', a(), bv(1, w(x)));
      case 'neg': return bvop('bvneg', a());
      case 'redand': return w(x) === 1 ? this.bool(x) : eq(a(), bv(-1, w(x)));
      case 'redor': return w(x) === 1 ? this.bool(x) : neq(a(), bv(0, w(x)));
      case 'redxor': {
        if (w(x) === 1) return this.bool(x);
        const bits = Array.from({ length: w(x) }, (_, i) => extract(a(), i + 1, i));
        return eq(bits.reduce((p, q) => bvop('bvxor', p, q)), ONE);
      }
      case 'uext': case 'sext': return n.params[0] === 0 ? a() : extend(n.tag === 'uext' ? 'zext' : 'sext', a(), w(x) + n.params[0]!);
      case 'slice': return extract(a(), n.params[0]! + 1, n.params[1]!);
      case 'iff': return iff(this.bool(x), this.bool(y));
      case 'implies': return imply(this.bool(x), this.bool(y));
      case 'eq': case 'neq': {
        const same = allBool ? iff(this.bool(x), this.bool(y)) : eq(a(), b());
        return n.tag === 'eq' ? same : not(same);
      }
      case 'concat': return concat(a(), b());
      case 'read': return read(a(), b());
      case 'write': return write(a(), b(), this.word(z));
      case 'ite': {
        const [t, e] = this.expr(y).type === BoolT && this.expr(z).type === BoolT ? [this.expr(y), this.expr(z)] : [b(), this.word(z)];
        return ite(this.bool(x), t, e);
      }
      case 'and': case 'or': case 'xor': case 'nand': case 'nor': case 'xnor': {
        const negated = n.tag === 'nand' || n.tag === 'nor' || n.tag === 'xnor';
        const kind = n.tag === 'and' || n.tag === 'nand' ? 'and' : n.tag === 'or' || n.tag === 'nor' ? 'or' : 'xor';
        if (allBool) {
          const [p, q] = [this.bool(x), this.bool(y)];
          const base = kind === 'and' ? and(p, q) : kind === 'or' ? or(p, q) : xor(p, q);
          return negated ? not(base) : base;
        }
        const base = bvop(kind === 'and' ? 'bvand' : kind === 'or' ? 'bvor' : 'bvxor', a(), b());
        return negated ? bvop('bvnot', base) : base;
      }
      case 'uaddo': {
        const width = w(x);
        return eq(msb(bvop('bvadd', extend('zext', a(), width + 1), extend('zext', b(), width + 1)), width + 1), ONE);
      }
      case 'saddo': case 'ssubo': {
        const width = w(x);
        const r = bvop(n.tag === 'saddo' ? 'bvadd' : 'bvsub', a(), b());
        const [sa, sb, sr] = [msb(a(), width), msb(b(), width), msb(r, width)];
        return and(n.tag === 'saddo' ? eq(sa, sb) : neq(sa, sb), neq(sr, sa));
      }
      case 'usubo': return bvop('bvult', a(), b());
      case 'umulo': {
        const width = w(x);
        if (width === 1) return False;
        const p = bvop('bvmul', extend('zext', a(), 2 * width), extend('zext', b(), 2 * width));
        return neq(extract(p, 2 * width, width), bv(0, width));
      }
      case 'smulo': {
        const width = w(x);
        const p = bvop('bvmul', extend('sext', a(), 2 * width), extend('sext', b(), 2 * width));
        return neq(p, extend('sext', extract(p, width, 0), 2 * width));
      }
      case 'sdivo': {
        const width = w(x);
        return and(eq(a(), bv(1n << BigInt(width - 1), width)), eq(b(), bv(-1, width)));
      }
      default: {
        const predicate = PREDICATES[n.tag];
        if (predicate) return bvop(predicate, a(), b());
        return bvop(ARITHMETIC[n.tag]!, a(), b());
      }
    }
  }

  /** The view of bad state property `bad`: its cone, as an STS named after the file and the property. */
  view(bad: number, name: string): WordLevelView {
    const model = this.model;
    const property = model.bads[bad]!;
    const cone = coneOf(model, [property.arg, ...model.constraints.map((c) => c.arg)]);
    const states = model.states.map((s) => (cone.has(s.node.id) ? this.vars.get(s.node.id) : undefined));
    const inputs = model.inputs.map((n) => (cone.has(n.id) ? this.vars.get(n.id) : undefined));
    const inits: Expr[] = [];
    const transitions: Expr[] = [];
    model.states.forEach((s, k) => {
      const v = states[k];
      if (!v) return;
      if (s.init !== undefined) {
        const value = this.word(s.init);
        inits.push(eq(ref(v), value.type === v.type ? value : arrayLit((v.type as { index: Type }).index, [], value)));
      }
      if (s.next !== undefined) transitions.push(eq(prime(ref(v)), this.word(s.next)));
    });
    const sts: Sts = {
      name,
      propName: identifier(property.symbol, `b${bad}`, new Set()),
      vars: [...states, ...inputs].filter((v): v is VarDecl => v !== undefined),
      invariants: model.constraints.map((c) => this.bool(c.arg)),
      inits,
      transitions,
      prop: not(this.bool(property.arg)),
    };
    return { sts, states, inputs };
  }
}

/** The ids of the nodes the roots depend on, through arguments and the states' init and next. */
export function coneOf(model: Btor2Model, roots: readonly number[]): Set<number> {
  const stateOf = new Map(model.states.map((s) => [s.node.id, s]));
  const seen = new Set<number>();
  const work = roots.map(Math.abs);
  while (work.length) {
    const id = work.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = model.nodes.get(id)!;
    for (const a of n.args) work.push(Math.abs(a));
    const s = stateOf.get(id);
    if (s?.init !== undefined) work.push(Math.abs(s.init));
    if (s?.next !== undefined) work.push(Math.abs(s.next));
  }
  return seen;
}

/** A literal expression of a model value (a bit-vector or canonical array literal) as a simulator value. */
function valueOfLiteral(e: Expr): Value {
  if (e.op === 'lit') return e.value as bigint;
  const pairs: [bigint, bigint][] = [];
  for (let i = 1; i < e.args.length; i += 2) pairs.push([e.args[i]!.value as bigint, e.args[i + 1]!.value as bigint]);
  return arrayOf(e.args[0]!.value as bigint, pairs);
}

/**
 * The run of the model that a trace of a view takes: per step, the inputs and the states the model
 * leaves open there (without init at step 0, without next later), by position. What lies outside the
 * view's cone is left to the run's default.
 */
export function runOfTrace(model: Btor2Model, view: WordLevelView, states: readonly { readonly vals: ReadonlyMap<VarDecl, Expr> }[]): Btor2Run {
  return states.map(({ vals }, step) => {
    const inputs = new Map<number, Value>();
    view.inputs.forEach((v, k) => {
      const e = v && vals.get(v);
      if (e) inputs.set(k, valueOfLiteral(e));
    });
    const open = new Map<number, Value>();
    view.states.forEach((v, k) => {
      const s = model.states[k]!;
      const e = v && vals.get(v);
      if (e && (step === 0 ? s.init === undefined : s.next === undefined)) open.set(k, valueOfLiteral(e));
    });
    return { inputs, states: open };
  });
}
