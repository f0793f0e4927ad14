/**
 * The STS front end (formats.md 3): parses a `.system` file and builds one `Sts` per property, in
 * the file's order: each property is an independent task over the system it names (formats.md
 * 3.2), so a system that two properties use is instantiated for each of them, and the
 * specification-level variables are shared. Names are resolved in nested scopes (specification, then system, then quantifier), so a
 * declaration may follow its uses; expressions are built with the type-checking constructors of
 * `expr.ts`, whose `ExprTypeError`s become InputErrors at the offending expression.
 *
 * Meaning of the declarations (formats.md 3.2):
 * - specification-level and system-level `var`s are state variables of the STS;
 * - `const c : T := e` is a macro: every use of `c` is `e`;
 * - `const c : T` without a value is a rigid unknown; it becomes a state variable with the
 *   transition `c' = c`, so it keeps one unknown value along every run. Specification parameters
 *   are rigid unknowns in the same way, since nothing can supply their values;
 * - system parameters are substituted by the arguments of the reference (`S(1, x)`).
 */
import type { IToken } from 'chevrotain';
import { InputError } from '../../../lang/errors.js';
import { ExprTypeError, add, and, bool, cmp, declareVar, div, eq, exists, forall, iff, imply, int, ite, mod, mul, neg, neq, not, or, prime, rat, read, ref, rem, sub, toRat, xor, type Expr, type VarDecl } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, arrayType, type Type } from '../../../lang/types.js';
import type { Sts } from '../../sts.js';
import { errorAt } from '../../../lang/grammar/syntax-errors.js';
import { parseStsSyntax, type SynBody, type SynDecl, type SynExpr, type SynParam, type SynStsDef, type SynSystem, type SynType } from './syntax.js';

type Sym =
  | { readonly kind: 'var'; readonly decl: VarDecl }
  | { readonly kind: 'macro'; value?: Expr; busy?: boolean; readonly decl: SynDecl; readonly scope: Scope }
  | { readonly kind: 'value'; readonly value: Expr }
  | { readonly kind: 'system'; readonly system: SynSystem }
  | { readonly kind: 'property' };

interface Entry { readonly sym: Sym; readonly tok: IToken }

class Scope {
  readonly table = new Map<string, Entry>();
  constructor(readonly parent?: Scope) {}

  lookup(name: string): Entry | undefined {
    return this.table.get(name) ?? this.parent?.lookup(name);
  }
}

/** What a system instance contributes to the STS. */
interface Parts {
  readonly vars: VarDecl[];
  readonly invariants: Expr[];
  readonly inits: Expr[];
  readonly transitions: Expr[];
}

function emptyParts(): Parts {
  return { vars: [], invariants: [], inits: [], transitions: [] };
}

/** Where an expression stands: how many primes it may use, and what to call it in messages. */
interface Context { readonly primes: number; readonly what: string }

/** Constraints by kind: how they are named in messages and how many primes they may use. */
const CONSTRAINTS = {
  invariant: { what: 'an invariant', primes: 0 },
  initial: { what: 'an initial constraint', primes: 0 },
  transition: { what: 'a transition', primes: 1 },
} as const;

class Elaborator {
  private readonly instantiated = new Set<SynSystem>();
  private readonly active = new Set<SynSystem>();

  constructor(private readonly text: string, private readonly file: string, private readonly warn: (w: InputError) => void) {}

  private fail(tok: IToken, reason: string): never {
    throw errorAt(this.file, this.text, tok, reason);
  }

  private declare(scope: Scope, tok: IToken, sym: Sym): void {
    const first = scope.table.get(tok.image);
    if (first) {
      const line = errorAt(this.file, this.text, first.tok, '').line;
      this.fail(tok, `duplicate declaration of '${tok.image}' (first declared on line ${line})`);
    }
    scope.table.set(tok.image, { sym, tok });
  }

  spec(): Sts[] {
    const spec = parseStsSyntax(this.text, this.file, this.warn);
    const global = new Scope();
    const shared = emptyParts();
    for (const p of spec.params) this.rigid(global, p.nameTok, this.type(p.type), shared);
    for (const d of spec.decls) this.decl(global, d, shared);
    for (const s of spec.systems) this.declare(global, s.nameTok, { kind: 'system', system: s });
    for (const p of spec.properties) this.declare(global, p.nameTok, { kind: 'property' });
    if (spec.properties.length === 0) this.fail(spec.end, 'no property: the specification states nothing to check');

    const tasks = spec.properties.map((property): Sts => {
      const parts: Parts = {
        vars: [...shared.vars], invariants: [...shared.invariants], inits: [...shared.inits], transitions: [...shared.transitions],
      };
      const scope = this.instance(property.def, global, parts);
      const prop = this.expr(property.cond, scope, { primes: 0, what: 'the property' });
      this.checkBool(prop, property.cond, 'the property');
      return {
        name: spec.nameTok.image,
        propName: property.nameTok.image,
        vars: parts.vars,
        invariants: parts.invariants,
        inits: parts.inits,
        transitions: parts.transitions,
        prop,
      };
    });
    this.forceMacros(global);
    // systems that no property uses are still checked, their parameters standing for unknowns
    for (const s of spec.systems) {
      if (this.instantiated.has(s)) continue;
      const inner = new Scope(global);
      for (const p of s.params) this.declare(inner, p.nameTok, { kind: 'value', value: ref(declareVar(p.nameTok.image, this.type(p.type))) });
      this.instantiated.add(s);
      this.instance(s.def, inner, emptyParts());
    }
    return tasks;
  }

  /** Adds the constraints of a system to `parts`; returns the scope its property is read in. */
  private instance(def: SynStsDef, scope: Scope, parts: Parts): Scope {
    if (def.kind === 'inline') return this.body(def.body, new Scope(scope), parts);
    const entry = scope.lookup(def.tok.image);
    if (!entry) this.fail(def.tok, `unknown system '${def.tok.image}'`);
    if (entry.sym.kind !== 'system') this.fail(def.tok, `'${def.tok.image}' is not a system`);
    const system = entry.sym.system;
    if (this.active.has(system)) this.fail(def.tok, `system '${def.tok.image}' refers to itself`);
    if (def.args.length !== system.params.length) {
      this.fail(def.tok, `system '${def.tok.image}' takes ${system.params.length} argument(s), but ${def.args.length} are given`);
    }
    const inner = new Scope(this.definitionScope(scope));
    system.params.forEach((p, i) => {
      const arg = def.args[i]!;
      const value = this.convert(this.expr(arg, scope, { primes: 0, what: 'a system argument' }), this.type(p.type), arg,
        `argument for parameter '${p.nameTok.image}'`);
      this.declare(inner, p.nameTok, { kind: 'value', value });
    });
    this.instantiated.add(system);
    this.active.add(system);
    const result = this.instance(system.def, inner, parts);
    this.active.delete(system);
    return result;
  }

  /** Systems are declared at specification level, so their bodies see only that scope. */
  private definitionScope(scope: Scope): Scope {
    let s = scope;
    while (s.parent) s = s.parent;
    return s;
  }

  private body(body: SynBody, scope: Scope, parts: Parts): Scope {
    for (const d of body.decls) this.decl(scope, d, parts);
    for (const c of body.constraints) {
      const ctx = CONSTRAINTS[c.kind];
      const e = this.expr(c.expr, scope, ctx);
      this.checkBool(e, c.expr, ctx.what);
      ({ invariant: parts.invariants, initial: parts.inits, transition: parts.transitions })[c.kind].push(e);
    }
    this.forceMacros(scope);
    return scope;
  }

  private decl(scope: Scope, d: SynDecl, parts: Parts): void {
    const type = this.type(d.type);
    if (d.kind === 'const') {
      if (d.value) this.declare(scope, d.nameTok, { kind: 'macro', decl: d, scope });
      else this.rigid(scope, d.nameTok, type, parts);
      return;
    }
    const v = declareVar(d.nameTok.image, type);
    this.declare(scope, d.nameTok, { kind: 'var', decl: v });
    parts.vars.push(v);
    if (d.value) this.warn(errorAt(this.file, this.text, d.value.tok, 'the value of a var is ignored: it is not an initial value (use initial)'));
  }

  /** A rigid unknown: a variable that every transition keeps unchanged (`c' = c`). */
  private rigid(scope: Scope, tok: IToken, type: Type, parts: Parts): void {
    const v = declareVar(tok.image, type);
    this.declare(scope, tok, { kind: 'var', decl: v });
    parts.vars.push(v);
    parts.transitions.push(eq(prime(ref(v)), ref(v)));
  }

  /** Evaluates the macros of a scope that nothing used, so that their errors are reported too. */
  private forceMacros(scope: Scope): void {
    for (const { sym } of scope.table.values()) if (sym.kind === 'macro') this.macro(sym);
  }

  private macro(sym: Extract<Sym, { kind: 'macro' }>): Expr {
    if (sym.value) return sym.value;
    sym.busy = true;
    const syn = sym.decl.value!;
    const e = this.expr(syn, sym.scope, { primes: 0, what: 'a const value' });
    sym.value = this.convert(e, this.type(sym.decl.type), syn, `value of const '${sym.decl.nameTok.image}'`);
    sym.busy = false;
    return sym.value;
  }

  /** `e` as a value of type `t`; an int is accepted where a rat is expected. */
  private convert(e: Expr, t: Type, at: SynExpr, what: string): Expr {
    if (e.type === t) return e;
    if (t === RatT && e.type === IntT) return toRat(e);
    return this.fail(at.tok, `the ${what} must be ${t.key}, but it is ${e.type.key}`);
  }

  private checkBool(e: Expr, at: SynExpr, what: string): void {
    if (e.type !== BoolT) this.fail(at.tok, `${what} must be Boolean, but it is ${e.type.key}`);
  }

  private type(t: SynType): Type {
    switch (t.kind) {
      case 'bool': return BoolT;
      case 'int': return IntT;
      case 'rat': return RatT;
      case 'array': return arrayType(this.type(t.index), this.type(t.elem));
    }
  }

  private build(at: SynExpr, make: () => Expr): Expr {
    try {
      return make();
    } catch (err) {
      if (err instanceof ExprTypeError) this.fail(at.tok, err.message);
      throw err;
    }
  }

  private expr(n: SynExpr, scope: Scope, ctx: Context, primes = 0): Expr {
    switch (n.kind) {
      case 'bool': return bool(n.value);
      case 'int': return int(n.value);
      case 'rat': return this.build(n, () => rat(n.num, n.den));
      case 'name': return this.name(n.tok, scope);
      case 'prime': {
        // a run of primes x'' is checked as a whole, so the error points at the first prime too many
        const marks: IToken[] = [];
        let inner: SynExpr = n;
        for (; inner.kind === 'prime'; inner = inner.arg) marks.unshift(inner.mark);
        const allowed = ctx.primes - primes;
        if (marks.length > allowed) {
          this.fail(marks[allowed]!, ctx.primes === 0
            ? `${ctx.what} cannot refer to the next state (')`
            : `${ctx.what} can refer to the next state only, not beyond it ('')`);
        }
        let e = this.expr(inner, scope, ctx, primes + marks.length);
        for (let i = 0; i < marks.length; i++) e = prime(e);
        return e;
      }
      case 'read': {
        const a = this.expr(n.array, scope, ctx, primes);
        const i = this.expr(n.index, scope, ctx, primes);
        return this.build(n, () => read(a, i));
      }
      case 'quant': {
        const inner = new Scope(scope);
        const bound = n.params.map((p: SynParam) => {
          const v = declareVar(p.nameTok.image, this.type(p.type));
          this.declare(inner, p.nameTok, { kind: 'var', decl: v });
          return v;
        });
        const body = this.expr(n.body, inner, ctx, primes);
        return this.build(n, () => (n.q === 'forall' ? forall(bound, body) : exists(bound, body)));
      }
      case 'op': {
        const args = n.args.map((a) => this.expr(a, scope, ctx, primes));
        return this.build(n, () => apply(n.op, args));
      }
    }
  }

  private name(tok: IToken, scope: Scope): Expr {
    const entry = scope.lookup(tok.image);
    if (!entry) this.fail(tok, `unknown identifier '${tok.image}'`);
    const sym = entry.sym;
    switch (sym.kind) {
      case 'var': return ref(sym.decl);
      case 'value': return sym.value;
      case 'macro':
        if (sym.busy) this.fail(tok, `the value of const '${tok.image}' refers to itself`);
        return this.macro(sym);
      case 'system': return this.fail(tok, `'${tok.image}' is a system, not a value`);
      case 'property': return this.fail(tok, `'${tok.image}' is a property, not a value`);
    }
  }
}

function apply(op: Extract<SynExpr, { kind: 'op' }>['op'], a: readonly Expr[]): Expr {
  const [x, y, z] = a as [Expr, Expr, Expr];
  switch (op) {
    case 'ite': return ite(x, y, z);
    case 'iff': return iff(x, y);
    case 'imply': return imply(x, y);
    case 'or': return or(...a);
    case 'xor': return xor(x, y);
    case 'and': return and(...a);
    case 'not': return not(x);
    case 'eq': return eq(x, y);
    case 'neq': return neq(x, y);
    case 'lt': case 'le': case 'gt': case 'ge': return cmp(op, x, y);
    case 'add': return add(...a);
    case 'sub': return sub(x, y);
    case 'mul': return mul(...a);
    case 'div': return div(x, y);
    case 'mod': return mod(x, y);
    case 'rem': return rem(x, y);
    case 'neg': return neg(x);
  }
}

/**
 * Reads an STS file (any of the three dialects of formats.md 3.7): one `Sts` per property, in the
 * file's order. The two known defects of legacy corpus files are repaired and reported through
 * `warn`; every other problem is an InputError.
 */
export function parseSts(text: string, file: string, warn: (w: InputError) => void = () => {}): Sts[] {
  return new Elaborator(text, file, warn).spec();
}
