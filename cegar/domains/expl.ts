/**
 * Explicit-value abstraction with configurable enumeration (Hajdu and Micskei, Sect. 2.2.1 and
 * 3.1.1). A state maps the tracked variables to values (an absent variable is top); its meaning is
 * the conjunction `v = c`. Successors come from running the action in TypeScript (`sp'`). When that
 * leaves a tracked variable unknown or a guard undecided, up to k successor valuations of the
 * tracked variables are enumerated with the solver; beyond k the TypeScript result is kept, unknowns
 * as top and an undecided guard as true (`sp`). With k = '1*' the solver is never used.
 *
 * As in Theta, whose SSA formulas leave untouched variables out, the enumeration projects onto the
 * tracked variables that are known in the source or that the action involves beyond the frame
 * conjunct `v' = v`: a variable top in the source and merely copied stays top instead of being
 * enumerated over its whole type.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { False, True, and, conjuncts, eq, freeVars, not, prime, ref, type Expr, type VarDecl } from '../../lang/expr.js';
import { evaluateIn, type Valuation } from '../../lang/eval.js';
import { BoolT } from '../../lang/types.js';
import type { Action } from '../../formalisms/interpreter.js';
import type { AbstractState, Precision } from '../domain.js';
import { enumerateModels } from './enumerate.js';
import { SolverBacked, type MeasuredDomain } from './measured.js';
import type { MaxEnum } from '../config.js';

export class ExplState implements AbstractState {
  constructor(
    /** The known values of tracked variables; a variable not in the map is top. */
    readonly vals: Valuation,
    readonly expr: Expr,
    readonly bottom: boolean,
  ) {}
}

export class ExplPrecision implements Precision {
  private readonly tracked: ReadonlySet<VarDecl>;
  /** The tracked set in a canonical form, for cache keys. */
  readonly key: string;

  constructor(
    /** The tracked variables, in the order they were learnt. */
    readonly vars: readonly VarDecl[],
  ) {
    this.tracked = new Set(vars);
    this.key = vars.map((v) => v.id).sort((a, b) => a - b).join(',');
  }

  get size(): number {
    return this.vars.length;
  }

  items(last = this.vars.length): string[] {
    return this.vars.slice(Math.max(0, this.vars.length - last)).map((v) => v.name);
  }

  has(v: VarDecl): boolean {
    return this.tracked.has(v);
  }
}

/** The literal `v = c`, written `v` or `not v` for Booleans. */
function valueLiteral(v: VarDecl, c: Expr): Expr {
  if (v.type === BoolT) return c === True ? ref(v) : not(ref(v));
  return eq(ref(v), c);
}

const isScalarLit = (e: Expr): boolean => e.op === 'lit' || e.op === 'fplit';

/** The variable and value of a definitional conjunct `v = c`, `c = v`, `v` or `not v`. */
function definition(c: Expr): [VarDecl, Expr] | undefined {
  if (c.op === 'var') return [c.decl!, True];
  if (c.op === 'not' && c.args[0]!.op === 'var') return [c.args[0]!.decl!, False];
  if (c.op !== 'eq' && c.op !== 'iff') return undefined;
  const [a, b] = c.args as [Expr, Expr];
  if (a.op === 'var' && isScalarLit(b)) return [a.decl!, b];
  if (b.op === 'var' && isScalarLit(a)) return [b.decl!, a];
  return undefined;
}

export class ExplDomain extends SolverBacked implements MeasuredDomain<ExplState, ExplPrecision> {
  private readonly limit: number;
  private readonly modelVars: ReadonlySet<VarDecl>;
  private readonly empty = new ExplPrecision([]);
  /** States by expression id, so equal valuations share one object. */
  private readonly states = new Map<number, ExplState>();
  /** Solver-enumerated successors by (state, action, precision). */
  private readonly posts = new Map<string, ExplState[]>();
  private readonly involvedVars = new Map<number, ReadonlySet<VarDecl>>();

  constructor(readonly maxEnum: MaxEnum, vars: readonly VarDecl[], z3: Z3Context) {
    super(z3);
    if (maxEnum !== '1*' && !(Number.isInteger(maxEnum) && maxEnum >= 0)) {
      throw new RangeError(`maxEnum must be a non-negative integer or '1*', not ${String(maxEnum)}`);
    }
    this.limit = maxEnum === 0 ? Infinity : maxEnum === '1*' ? 1 : maxEnum;
    this.modelVars = new Set(vars);
  }

  initial(init: Expr, prec: ExplPrecision): ExplState[] {
    const parts = conjuncts(init);
    const vals = new Map<VarDecl, Expr>();
    for (const c of parts) {
      const d = definition(c);
      if (d && !vals.has(d[0])) vals.set(d[0], d[1]);
    }
    let decided = true;
    for (const c of parts) {
      const r = evaluateIn(c, vals);
      if (r === False) return [];
      if (r === undefined) decided = false;
    }
    // only variables that `init` mentions can be narrowed: the others are free, hence top
    const mentioned = new Set(freeVars(init));
    const constrained = prec.vars.filter((v) => mentioned.has(v));
    if ((decided && constrained.every((v) => vals.has(v))) || this.maxEnum === '1*') return [this.abstract(vals, prec)];
    const found = enumerateModels(this.queries, [init], constrained.map(ref), this.limit, [init]);
    if (typeof found === 'string') return [this.abstract(vals, prec)];
    return found.map((values) => this.state(new Map(constrained.map((v, i) => [v, values[i]!]))));
  }

  successors(s: ExplState, action: Action, prec: ExplPrecision): ExplState[] {
    if (s.bottom) return [];
    const run = action.execute(s.vals);
    if (run.disabled) return [];
    // a variable top in s that the action only copies stays top: enumerating it would list its whole type
    const involved = this.involved(action);
    const projected = prec.vars.filter((v) => s.vals.has(v) || involved.has(v));
    const open = !run.exact || projected.some((v) => !run.post.has(v));
    if (!open || this.maxEnum === '1*') return [this.abstract(run.post, prec)];
    const key = `${s.expr.id}|${action.id}|${prec.key}`;
    const known = this.posts.get(key);
    if (known) return known;
    const assumptions = s.expr === True ? [action.formula] : [s.expr, action.formula];
    const found = enumerateModels(this.queries, assumptions, projected.map((v) => prime(ref(v))), this.limit, [action.formula]);
    const result = typeof found === 'string'
      ? [this.abstract(run.post, prec)]
      : found.map((values) => this.state(new Map(projected.map((v, i) => [v, values[i]!]))));
    this.posts.set(key, result);
    return result;
  }

  leq(a: ExplState, b: ExplState): boolean {
    if (a.bottom) return true;
    if (b.bottom) return false;
    for (const [v, c] of b.vals) if (a.vals.get(v) !== c) return false;
    return true;
  }

  mayBeBad(s: ExplState, bad: Expr): boolean {
    if (s.bottom) return false;
    const r = evaluateIn(bad, s.vals);
    if (r !== undefined) return r === True;
    if (this.maxEnum === '1*') return true;
    return this.mayMeet(s.expr, bad);
  }

  emptyPrecision(): ExplPrecision {
    return this.empty;
  }

  /** Tracks the model variables of the interpolant as well. */
  refine(prec: ExplPrecision, interpolant: Expr): ExplPrecision {
    const added = freeVars(interpolant).filter((v) => this.modelVars.has(v) && !prec.has(v));
    return added.length === 0 ? prec : new ExplPrecision([...prec.vars, ...added]);
  }

  join(a: ExplPrecision, b: ExplPrecision): ExplPrecision {
    const added = b.vars.filter((v) => !a.has(v));
    if (added.length === 0) return a;
    if (a.vars.every((v) => b.has(v))) return b;
    return new ExplPrecision([...a.vars, ...added]);
  }

  /** The variables an action reads or writes: those of its formula outside the frame conjuncts `v' = v`. */
  private involved(action: Action): ReadonlySet<VarDecl> {
    let vars = this.involvedVars.get(action.formula.id);
    if (!vars) {
      const copies = (a: Expr, b: Expr) => b.op === 'var' && a === prime(b);
      const frame = (c: Expr) => (c.op === 'eq' || c.op === 'iff') && (copies(c.args[0]!, c.args[1]!) || copies(c.args[1]!, c.args[0]!));
      vars = new Set(conjuncts(action.formula).filter((c) => !frame(c)).flatMap((c) => freeVars(c)));
      this.involvedVars.set(action.formula.id, vars);
    }
    return vars;
  }

  /** The state of the known values of tracked variables (the abstraction drops the rest). */
  private abstract(vals: Valuation, prec: ExplPrecision): ExplState {
    const kept = new Map<VarDecl, Expr>();
    for (const [v, c] of vals) if (prec.has(v)) kept.set(v, c);
    return this.state(kept);
  }

  private state(vals: Map<VarDecl, Expr>): ExplState {
    const entries = [...vals].sort(([v], [w]) => v.id - w.id);
    const expr = and(...entries.map(([v, c]) => valueLiteral(v, c)));
    let s = this.states.get(expr.id);
    if (!s) this.states.set(expr.id, (s = new ExplState(new Map(entries), expr, false)));
    return s;
  }
}
