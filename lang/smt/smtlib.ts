/**
 * Vigil expressions as SMT-LIB 2 text, in Z3's dialect: the way the certificate checkers hand
 * formulas to a solver without sharing a term cache or a context with the engines
 * (`translate.ts`). Every operator prints as the term `translate.ts` builds for it, so a formula
 * means the same on both paths; `test/unit/certificates/certificates.test.ts` checks this operator by operator.
 *
 * Symbols. A leaf is named from its declaration's id, `|name@id|`, with one `'` per prime, so two
 * declarations of the same name, a variable and its primed copy, and the step copies `indexed(v, k)`
 * are all distinct constants while the text stays readable.
 *
 * Sharing. Expressions are hash-consed DAGs, so they print with sharing, never as trees: at the top
 * level a node referenced twice (or nested too deep for comfortable parsing) becomes a `define-fun`
 * named by its id and is referenced by name from then on, in later assertions too. Inside a
 * function body or a quantifier, where global definitions would capture the wrong constants, the
 * same nodes become `let` bindings, grouped by level (SMT-LIB's `let` binds in parallel). Every
 * walk is iterative: AIGER cones thousands of gates deep print without recursion.
 *
 * Unrollings. `define` prints a formula once as a `define-fun` over its free leaves, and
 * `instantiate` applies it at step k (v read as v<k>, v' as v<k+1>, as `atStep` does) behind a
 * Boolean name that formulas can use like a variable: k steps of a 60k-gate circuit cost k short
 * applications, and Z3 expands them natively (a nullary `define-fun` is a macro in Z3's parser).
 */
import { BoolT, type FpType, type Type } from '../types.js';
import { declareVar, indexed, leafVar, postorder, ref, type Expr, type Rational, type VarDecl } from '../expr.js';
import type { FpValue } from '../float.js';
import { roundingOf } from '../fold.js';

/** Deeper inline terms get a name of their own, so that no printed term nests very deep. */
const MAX_NESTING = 64;

/** SMT-LIB names of the floating-point operators that take a rounding mode and two operands. */
const FP_ROUNDED: Record<string, string> = {
  '+': 'fp.add', fpadd: 'fp.add', '-': 'fp.sub', fpsub: 'fp.sub', '*': 'fp.mul', fpmul: 'fp.mul', '/': 'fp.div', fpdiv: 'fp.div',
};

/** ... that take their operands only (IEEE comparisons, remainder, min, max, and the unary ones). */
const FP_PLAIN: Record<string, string> = {
  '=': 'fp.eq', '<': 'fp.lt', '<=': 'fp.leq', '>': 'fp.gt', '>=': 'fp.geq', fprem: 'fp.rem', fpmin: 'fp.min', fpmax: 'fp.max',
  fpabs: 'fp.abs', fpneg: 'fp.neg', fpisnan: 'fp.isNaN',
};

const ARITH: Partial<Record<Expr['op'], string>> = {
  not: 'not', and: 'and', or: 'or', xor: 'xor', imply: '=>', iff: '=', ite: 'ite', eq: '=', neq: 'distinct',
  lt: '<', le: '<=', gt: '>', ge: '>=', add: '+', sub: '-', mul: '*', neg: '-', mod: 'mod', rem: 'rem', toRat: 'to_real',
  read: 'select', write: 'store', bvrol: 'ext_rotate_left', bvror: 'ext_rotate_right',
};

/** The symbol of a `var` or `prime` leaf, unquoted: `name@id` and one `'` per prime. */
export function symbolOf(leaf: Expr): string {
  const { decl, primes } = leafVar(leaf);
  return `${decl.name.replace(/[|\\]/g, '_')}@${decl.id}${"'".repeat(primes)}`;
}

const quoted = (leaf: Expr): string => `|${symbolOf(leaf)}|`;

function sortOf(t: Type): string {
  switch (t.kind) {
    case 'bool': return 'Bool';
    case 'int': return 'Int';
    case 'rat': return 'Real';
    case 'bv': return `(_ BitVec ${t.width})`;
    case 'array': return `(Array ${sortOf(t.index)} ${sortOf(t.elem)})`;
    case 'fp': return `(_ FloatingPoint ${t.exp} ${t.sig})`;
  }
}

const isLeaf = (e: Expr): boolean => e.op === 'var' || e.op === 'prime';

function natural(n: bigint, real: boolean): string {
  return real ? `${n}.0` : String(n);
}

function literal(e: Expr): string {
  const v = e.value!;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'bigint') {
    if (e.type.kind === 'bv') return `(_ bv${v} ${e.type.width})`;
    return v < 0n ? `(- ${-v})` : String(v);
  }
  const { num, den } = v as Rational;
  const abs = num < 0n ? -num : num;
  const magnitude = den === 1n ? natural(abs, true) : `(/ ${natural(abs, true)} ${natural(den, true)})`;
  return num < 0n ? `(- ${magnitude})` : magnitude;
}

function bits(value: bigint, width: number): string {
  return `#b${value.toString(2).padStart(width, '0')}`;
}

function fpLiteral(e: Expr): string {
  const t = e.type as FpType;
  const v = e.value as FpValue;
  return `(fp ${bits(v.sign ? 1n : 0n, 1)} ${bits(v.exp, t.exp)} ${bits(v.sig, t.sig - 1)})`;
}

const width = (e: Expr): number => (e.type.kind === 'bv' ? e.type.width : 0);

/** A floating-point operator by its CFA name, over the printed operands `a`. */
function fpOperator(e: Expr, a: readonly string[]): string {
  const [name, ...params] = e.params as string[];
  const rm = roundingOf(params);
  const t = e.type;
  if (name === '-' && a.length === 1) return `(fp.neg ${a[0]})`;
  const rounded = FP_ROUNDED[name!];
  if (rounded) return `(${rounded} ${rm} ${a.join(' ')})`;
  const plain = FP_PLAIN[name!];
  if (plain) return `(${plain} ${a.join(' ')})`;
  switch (name) {
    case '/=': return `(not (fp.eq ${a[0]} ${a[1]}))`;
    case 'fppos': return a[0]!;
    case 'fpsqrt': return `(fp.sqrt ${rm} ${a[0]})`;
    case 'fproundtoint': return `(fp.roundToIntegral ${rm} ${a[0]})`;
    case 'fptofp':
    case 'fpfrombv': {
      const f = t as FpType;
      const conversion = name === 'fpfrombv' && params[1] !== 's' ? 'to_fp_unsigned' : 'to_fp';
      return `((_ ${conversion} ${f.exp} ${f.sig}) ${rm} ${a[0]})`;
    }
    case 'fptobv': return `((_ ${params[0]!.endsWith('s') ? 'fp.to_sbv' : 'fp.to_ubv'} ${width(e)}) ${rm} ${a[0]})`;
    default: throw new Error(`unknown floating-point operator ${name}`);
  }
}

/** The text of one node over its printed operands (quantifiers aside). */
function nodeText(e: Expr, a: readonly string[]): string {
  switch (e.op) {
    case 'lit': return literal(e);
    case 'fplit': return fpLiteral(e);
    case 'fpop': return fpOperator(e, a);
    // on two ints `/` is SMT-LIB's Euclidean `div`, as Z3_mk_div makes it; on reals exact division
    case 'div': return `(${e.type.kind === 'int' ? 'div' : '/'} ${a[0]} ${a[1]})`;
    case 'arraylit': {
      let arr = `((as const ${sortOf(e.type)}) ${a[0]})`;
      for (let i = 1; i < a.length; i += 2) arr = `(store ${arr} ${a[i]} ${a[i + 1]})`;
      return arr;
    }
    case 'concat': return a.slice(1).reduce((acc, x) => `(concat ${acc} ${x})`, a[0]!);
    // the language's upper bound is exclusive, SMT-LIB's inclusive
    case 'extract': return `((_ extract ${(e.params![0] as number) - 1} ${e.params![1]}) ${a[0]})`;
    case 'zext':
    case 'sext': {
      const grow = (e.params![0] as number) - width(e.args[0]!);
      return `((_ ${e.op === 'zext' ? 'zero_extend' : 'sign_extend'} ${grow}) ${a[0]})`;
    }
    default: return `(${ARITH[e.op] ?? e.op} ${a.join(' ')})`;
  }
}

/**
 * The nodes below `root`, each once, children first, without entering primed leaves, quantifier
 * bodies or the nodes `stop` already names: `postorder`'s nodes, kept where reached from the root
 * (visited parents first) through the nodes it may enter.
 */
function walk(root: Expr, stop: ReadonlyMap<number, string>): Expr[] {
  const all = postorder(root);
  const reached = new Set([root.id]);
  for (let i = all.length - 1; i >= 0; i--) {
    const e = all[i]!;
    if (!reached.has(e.id) || isLeaf(e) || e.bound || stop.has(e.id)) continue;
    for (const c of e.args) reached.add(c.id);
  }
  return all.filter((e) => reached.has(e.id));
}

/** A formula printed once as a function of its free leaves (`SmtScript.define`). */
interface SmtFunction {
  readonly name: string;
  /** The parameters, in order: the body's free `var` and `prime` leaves. */
  readonly leaves: readonly Expr[];
}

/**
 * Where shared nodes go: a global scope emits `define-fun`s, a local one collects `let` bindings.
 * `bound` holds the leaves bound by the enclosing binders (function parameters, quantified
 * variables), which need no declaration.
 */
interface Scope {
  readonly bound: ReadonlySet<Expr>;
  /**
   * Gives `text` a name and returns it. `level` is one more than the highest level of the names
   * `text` uses: a let binding must sit inside the bindings it refers to.
   */
  name(e: Expr, text: string, level: number): string;
}

export class SmtScript {
  private readonly decls: string[] = [];
  private readonly body: string[] = [];
  /** Leaves declared as constants, and the names `instantiate` defined. */
  private readonly declared = new Set<Expr>();
  private readonly leaves: Expr[] = [];
  /** Top-level `define-fun`s by expression id. */
  private readonly defined = new Map<number, string>();
  private readonly functions = new Map<number, SmtFunction>();
  private readonly global: Scope = {
    bound: new Set(),
    name: (e, text) => {
      const name = `|e${e.id}|`;
      this.body.push(`(define-fun ${name} () ${sortOf(e.type)} ${text})`);
      this.defined.set(e.id, name);
      return name;
    },
  };

  assert(e: Expr): void {
    this.body.push(`(assert ${this.dag(e, this.global, this.defined)})`);
  }

  /** Prints the Boolean formula `e` once, as a function of its free leaves. */
  define(e: Expr): SmtFunction {
    const known = this.functions.get(e.id);
    if (known) return known;
    if (e.type !== BoolT) throw new Error(`only formulas are defined as functions, not ${e.type.key} terms`);
    const leaves = freeLeaves(e);
    const f = { name: `|f${e.id}|`, leaves };
    const params = leaves.map((l) => `(${quoted(l)} ${sortOf(l.type)})`).join(' ');
    this.body.push(`(define-fun ${f.name} (${params}) Bool ${this.local(e, new Set(leaves))})`);
    this.functions.set(e.id, f);
    return f;
  }

  /**
   * A Boolean variable standing for `f` at step k of an unrolling (each leaf v read as v<k>, v' as
   * v<k+1>, as `atStep` reads them); it may be used in later formulas of this script only.
   */
  instantiate(f: SmtFunction, k: number): Expr {
    const args = f.leaves.map((l) => {
      const { decl, primes } = leafVar(l);
      const copy = ref(indexed(decl, k + primes));
      this.declare(copy);
      return quoted(copy);
    });
    const inst = ref(declareVar(`${f.name.slice(1, -1)}<${k}>`, BoolT));
    this.declared.add(inst);
    this.body.push(`(define-fun ${quoted(inst)} () Bool ${args.length ? `(${f.name} ${args.join(' ')})` : f.name})`);
    return inst;
  }

  /** The leaves declared as constants so far. */
  constants(): readonly Expr[] {
    return this.leaves;
  }

  /** The definitions and assertions, without the declarations (for a parser told the constants). */
  commands(): string {
    return this.body.join('\n');
  }

  toString(): string {
    return [...this.decls, ...this.body].join('\n');
  }

  private declare(leaf: Expr): void {
    if (this.declared.has(leaf)) return;
    this.declared.add(leaf);
    this.leaves.push(leaf);
    this.decls.push(`(declare-fun ${quoted(leaf)} () ${sortOf(leaf.type)})`);
  }

  /** `e` printed with local sharing (`let`), its leaves in `bound` left to the enclosing binder. */
  private local(e: Expr, bound: ReadonlySet<Expr>): string {
    const levels: string[][] = [];
    const scope: Scope = {
      bound,
      name: (n, text, level) => {
        const name = `|l${n.id}|`;
        (levels[level - 1] ??= []).push(`(${name} ${text})`);
        return name;
      },
    };
    let out = this.dag(e, scope, new Map());
    for (let i = levels.length - 1; i >= 0; i--) out = `(let (${levels[i]!.join(' ')}) ${out})`;
    return out;
  }

  /**
   * Prints the DAG below `root`: nodes referenced twice or nested too deep are named through the
   * scope, the others inline. `known` are nodes named before (global definitions).
   */
  private dag(root: Expr, scope: Scope, known: ReadonlyMap<number, string>): string {
    const nodes = walk(root, known);
    const refs = new Map<number, number>();
    for (const n of nodes) {
      if (isLeaf(n) || n.bound || known.has(n.id)) continue;
      for (const c of n.args) refs.set(c.id, (refs.get(c.id) ?? 0) + 1);
    }
    const text = new Map<number, string>();
    const depth = new Map<number, number>();
    const level = new Map<number, number>();
    for (const n of nodes) {
      const name = known.get(n.id);
      if (name !== undefined) {
        text.set(n.id, name);
        depth.set(n.id, 0);
        level.set(n.id, 0);
        continue;
      }
      if (isLeaf(n)) {
        if (!scope.bound.has(n)) this.declare(n);
        text.set(n.id, quoted(n));
        depth.set(n.id, 0);
        level.set(n.id, 0);
        continue;
      }
      let t: string;
      let d = 0;
      let lv = 0;
      if (n.bound) {
        t = this.quantifier(n, scope.bound);
      } else {
        t = nodeText(n, n.args.map((c) => text.get(c.id)!));
        for (const c of n.args) {
          d = Math.max(d, depth.get(c.id)! + 1);
          lv = Math.max(lv, level.get(c.id)!);
        }
      }
      const atomic = n.op === 'lit' || n.op === 'fplit';
      if (!atomic && n !== root && ((refs.get(n.id) ?? 0) > 1 || d >= MAX_NESTING)) {
        t = scope.name(n, t, lv + 1);
        d = 0;
        lv += 1;
      }
      text.set(n.id, t);
      depth.set(n.id, d);
      level.set(n.id, lv);
    }
    return text.get(root.id)!;
  }

  private quantifier(e: Expr, outer: ReadonlySet<Expr>): string {
    const vars = e.bound!.map((d: VarDecl) => ref(d));
    const bound = new Set([...outer, ...vars]);
    const binders = vars.map((v) => `(${quoted(v)} ${sortOf(v.type)})`).join(' ');
    return `(${e.op} (${binders}) ${this.local(e.args[0]!, bound)})`;
  }
}

/** The free `var` and `prime` leaves of `e`, in order of first occurrence, quantifier bodies included. */
function freeLeaves(e: Expr): Expr[] {
  const out = new Set<Expr>();
  const visit = (root: Expr, bound: ReadonlySet<Expr>): void => {
    for (const n of walk(root, new Map())) {
      if (isLeaf(n) && !bound.has(n)) out.add(n);
      if (n.bound) visit(n.args[0]!, new Set([...bound, ...n.bound.map((d) => ref(d))]));
    }
  };
  visit(e, new Set());
  return [...out];
}
