/**
 * An incremental SMT solver over Vigil expressions, on the synchronous Z3 exports (smt-notes §3).
 *
 * Built on `mk_simple_solver`: the default solver re-runs its whole tactic pipeline on every check
 * until the first push or assumption (2 ms instead of 0.07 ms per check). Solvers are meant to live
 * long: assert each formula once behind an activation literal (`guard`), select formulas with
 * assumptions, drop them with `retire`. Only Boolean constants are passed to Z3 as assumptions; any
 * other assumption formula gets a cached indicator constant `ind` with `ind => e` asserted once,
 * because Z3 re-internalises formula assumptions on every check (about 25x slower).
 */
import { BoolT } from '../types.js';
import { Expr, declareVar, imply, not, ref } from '../expr.js';
import { Z3Context, Z3Error, Z3Owner } from './context.js';
import { SmtModel } from './model.js';
import { Translator, translator } from './translate.js';
import { StepTerms } from './unroll.js';
import { clockMs, ZERO_MS } from '../clock.js';

export type SmtAnswer = 'sat' | 'unsat' | 'unknown';

export interface SolverStats {
  /** Number of `check` calls. */
  checks: number;
  /** Wall time spent inside Z3's check, in milliseconds. */
  timeMs: number;
}

/** No time limit: Z3's default `timeout` is the largest unsigned int. */
const NO_TIMEOUT = 0xffffffff;

/** True for what Z3 accepts cheaply as an assumption: a Boolean constant or its negation. */
function isBoolLiteral(e: Expr): boolean {
  if (e.op === 'not') e = e.args[0]!;
  return (e.op === 'var' || e.op === 'prime') && e.type === BoolT;
}

let nextAct = 0;

export class Solver implements Z3Owner {
  readonly stats: SolverStats = { checks: 0, timeMs: ZERO_MS };
  private readonly s: number;
  private readonly t: Translator;
  private readonly steps: StepTerms;
  /** Scope depth (number of open `push`es). */
  private depth = 0;
  /** Indicator constants of non-literal assumptions, with the scope depth they were asserted at. */
  private readonly indicators = new Map<number, { lit: number; depth: number }>();
  /** The assumption terms of the last check, back to the expressions passed in. */
  private lastAssumptions = new Map<number, Expr>();
  private live = true;

  constructor(readonly z3: Z3Context) {
    const { em, ctx } = z3;
    this.s = z3.ok(em._Z3_mk_simple_solver(ctx));
    em._Z3_solver_inc_ref(ctx, this.s);
    this.t = translator(z3);
    this.steps = new StepTerms(this.t);
    z3.own(this);
  }

  /** The number of open scopes (`push`es not yet popped). */
  get scopes(): number {
    return this.depth;
  }

  add(e: Expr): void {
    this.assertZ3(this.t.toZ3(e));
  }

  push(): void {
    this.z3.em._Z3_solver_push(this.z3.ctx, this.s);
    this.z3.check();
    this.depth++;
  }

  /** Pops `n` scopes; indicators asserted inside them are forgotten with them. */
  pop(n = 1): void {
    if (n > this.depth) throw new Z3Error(`cannot pop ${n} scopes, only ${this.depth} are open`);
    this.z3.em._Z3_solver_pop(this.z3.ctx, this.s, n);
    this.z3.check();
    this.depth -= n;
    for (const [id, ind] of this.indicators) {
      if (ind.depth > this.depth) {
        this.z3.release(ind.lit);
        this.indicators.delete(id);
      }
    }
  }

  /** Checks the assertions together with the assumptions (any Boolean formulas). */
  check(assumptions: readonly Expr[] = []): SmtAnswer {
    const { em, ctx } = this.z3;
    this.lastAssumptions = new Map();
    const lits = assumptions.map((e) => {
      const lit = this.assumptionLiteral(e);
      this.lastAssumptions.set(lit, e);
      return lit;
    });
    const start = clockMs();
    let r: number;
    if (lits.length === 0) {
      r = em._Z3_solver_check(ctx, this.s);
    } else {
      const [buf] = this.z3.arrays(lits);
      r = em._Z3_solver_check_assumptions(ctx, this.s, lits.length, buf!);
    }
    this.stats.timeMs += clockMs() - start;
    this.stats.checks++;
    this.z3.check();
    return r > 0 ? 'sat' : r < 0 ? 'unsat' : 'unknown';
  }

  /** After an 'unsat' check: the assumptions (as passed to `check`) that suffice for unsatisfiability. */
  unsatCore(): Expr[] {
    const { em, ctx } = this.z3;
    const vec = this.z3.ok(em._Z3_solver_get_unsat_core(ctx, this.s));
    em._Z3_ast_vector_inc_ref(ctx, vec);
    try {
      const n = em._Z3_ast_vector_size(ctx, vec) >>> 0;
      const core: Expr[] = [];
      for (let i = 0; i < n; i++) core.push(this.lastAssumptions.get(em._Z3_ast_vector_get(ctx, vec, i))!);
      return core;
    } finally {
      em._Z3_ast_vector_dec_ref(ctx, vec);
    }
  }

  /** After a 'sat' check: the model. Dispose it when done with it. */
  model(): SmtModel {
    const { em, ctx } = this.z3;
    const m = this.z3.ok(em._Z3_solver_get_model(ctx, this.s));
    em._Z3_model_inc_ref(ctx, m);
    return new SmtModel(this.z3, m);
  }

  /**
   * Asserts `act => e` for a fresh Boolean `act` and returns `act`: pass it as an assumption to
   * enable `e`. The implication lives in the current scope.
   */
  guard(e: Expr): Expr {
    const act = ref(declareVar(`act!${nextAct++}`, BoolT));
    this.add(imply(act, e));
    return act;
  }

  /** Asserts `e` at step k of an unrolling: v as v<k>, v' as v<k+1> (see unroll.ts). */
  addAtStep(e: Expr, k: number): void {
    const term = this.steps.atStep(e, k);
    this.assertZ3(term);
    this.z3.release(term);
  }

  /** `guard` for `e` at step k of an unrolling. */
  guardAtStep(e: Expr, k: number): Expr {
    const act = ref(declareVar(`act!${nextAct++}`, BoolT));
    const term = this.steps.atStep(e, k);
    const guarded = this.z3.keep(this.z3.em._Z3_mk_implies(this.z3.ctx, this.t.toZ3(act), term));
    this.assertZ3(guarded);
    this.z3.release(guarded);
    this.z3.release(term);
    return act;
  }

  /**
   * Makes the indicator of assumption `e` now, in the current scope, so that later checks in
   * inner scopes reuse it (an indicator made inside a scope dies with it).
   */
  pin(e: Expr): void {
    this.assumptionLiteral(e);
  }

  /** Disables a guarded formula for good by asserting `not act`. */
  retire(act: Expr): void {
    this.add(not(act));
  }

  /** A time limit for each later check, in milliseconds (none if undefined); an expired check is 'unknown'. */
  setTimeout(ms: number | undefined): void {
    const { em, ctx } = this.z3;
    const p = this.z3.ok(em._Z3_mk_params(ctx));
    em._Z3_params_inc_ref(ctx, p);
    em._Z3_params_set_uint(ctx, p, this.z3.stringSymbol('timeout'), ms === undefined ? NO_TIMEOUT : Math.max(1, Math.round(ms)));
    em._Z3_solver_set_params(ctx, this.s, p);
    em._Z3_params_dec_ref(ctx, p);
    this.z3.check();
  }

  /**
   * The work Z3 has done so far, as its resource count (the `rlimit count` statistic): unlike a
   * time, it does not grow when other threads share the core, so a decision taken on it is the same
   * under any load. An unsigned 32-bit count, read modulo 2^32; 0 where Z3 does not report it.
   */
  effort(): number {
    const { em, ctx } = this.z3;
    const st = this.z3.ok(em._Z3_solver_get_statistics(ctx, this.s));
    em._Z3_stats_inc_ref(ctx, st);
    try {
      const n = em._Z3_stats_size(ctx, st);
      for (let i = 0; i < n; i++) {
        if (em._Z3_stats_is_uint(ctx, st, i) && this.z3.str('Z3_stats_get_key', ctx, st, i) === 'rlimit count') return em._Z3_stats_get_uint_value(ctx, st, i) >>> 0;
      }
      return 0;
    } finally {
      em._Z3_stats_dec_ref(ctx, st);
    }
  }

  /** Z3's explanation of the last 'unknown' (e.g. "timeout", "canceled"). */
  reasonUnknown(): string {
    return this.z3.str('Z3_solver_get_reason_unknown', this.z3.ctx, this.s);
  }

  dispose(): void {
    this.release();
    this.z3.disown(this);
  }

  /** Drops the solver's references (by `dispose`, or at shutdown). */
  release(): void {
    if (!this.live) return;
    this.live = false;
    for (const ind of this.indicators.values()) this.z3.release(ind.lit);
    this.indicators.clear();
    if (this.z3.alive) this.z3.em._Z3_solver_dec_ref(this.z3.ctx, this.s);
  }

  private assertZ3(ast: number): void {
    this.z3.em._Z3_solver_assert(this.z3.ctx, this.s, ast);
    this.z3.check();
  }

  private assumptionLiteral(e: Expr): number {
    if (e.type !== BoolT) throw new Z3Error(`an assumption must be Boolean, but it is ${e.type.key}`);
    if (isBoolLiteral(e)) return this.t.toZ3(e);
    const known = this.indicators.get(e.id);
    if (known) return known.lit;
    const { em, ctx } = this.z3;
    const lit = this.z3.freshConst(this.t.sort(BoolT));
    const guarded = this.z3.keep(em._Z3_mk_implies(ctx, lit, this.t.toZ3(e)));
    this.assertZ3(guarded);
    this.z3.release(guarded);
    this.indicators.set(e.id, { lit, depth: this.depth });
    return lit;
  }
}
