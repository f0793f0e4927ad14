/**
 * The certificate checkers' SMT solver: a Z3 context of its own (`freshZ3`), fed SMT-LIB text
 * printed by `smtlib.ts` and parsed by Z3's own parser, so that nothing of the engines' solving
 * path (their context, the `Translator` and its term cache, their solvers) takes part in checking
 * what the engines found.
 *
 * A script is parsed once (`Z3_parse_smtlib2_string`, synchronous) and its assertions added; the
 * queries select what they need through Boolean assumptions, which smt-notes §3 measured as the
 * cheapest way to ask many questions of one solver. Every check is bounded by a time limit; an
 * expired or undecided check answers 'unknown', and Z3's errors are thrown as `Z3Error`s.
 */
import { declareVar, imply, ref, type Expr } from '../lang/expr.js';
import { BoolT } from '../lang/types.js';
import { Z3Error, freshZ3, type Z3Context } from '../lang/smt/context.js';
import { symbolOf, type SmtScript } from '../lang/smt/smtlib.js';
import type { SmtAnswer } from '../lang/smt/solver.js';

/** A check that takes longer than this is 'unknown' unless the caller chose another limit. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Parses SMT-LIB text into `z3` and returns its assertions, each referenced (`inc_ref`) for the
 * caller. `known` names constants the text uses without declaring them (symbol, unquoted, to a
 * `func_decl`). The text goes through the WebAssembly heap, not the stack that `ccall` would copy a
 * string argument to: unrolled circuits print to megabytes.
 */
export function parseSmtlib(z3: Z3Context, text: string, known: ReadonlyMap<string, number> = new Map()): number[] {
  const { em, ctx } = z3;
  const utf8 = new TextEncoder().encode(text);
  const buf = em._malloc(utf8.length + 1);
  try {
    const heap = new Uint8Array(em.HEAPU32.buffer, buf, utf8.length + 1);
    heap.set(utf8);
    heap[utf8.length] = 0;
    const names = [...known.keys()].map((s) => z3.stringSymbol(s));
    const [namePtr, declPtr] = z3.arrays(names, [...known.values()]);
    const vec = em.ccall(
      'Z3_parse_smtlib2_string', 'number',
      ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
      [ctx, buf, 0, 0, 0, names.length, namePtr!, declPtr!],
    ) as number;
    z3.check();
    z3.ok(vec);
    em._Z3_ast_vector_inc_ref(ctx, vec);
    try {
      const n = em._Z3_ast_vector_size(ctx, vec) >>> 0;
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(z3.keep(em._Z3_ast_vector_get(ctx, vec, i)));
      return out;
    } finally {
      em._Z3_ast_vector_dec_ref(ctx, vec);
    }
  } finally {
    em._free(buf);
  }
}

class SmtCheck {
  private constructor(private readonly z3: Z3Context, private readonly solver: number) {}

  /** A solver on a new context; every later check gives up after `timeoutMs` milliseconds. */
  static async create(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<SmtCheck> {
    const z3 = await freshZ3();
    const { em, ctx } = z3;
    // the simple solver: the default one re-runs its tactics on every check (smt-notes §2)
    const s = z3.ok(em._Z3_mk_simple_solver(ctx));
    em._Z3_solver_inc_ref(ctx, s);
    const p = z3.ok(em._Z3_mk_params(ctx));
    em._Z3_params_inc_ref(ctx, p);
    em._Z3_params_set_uint(ctx, p, z3.stringSymbol('timeout'), Math.max(1, Math.round(timeoutMs)));
    em._Z3_solver_set_params(ctx, s, p);
    em._Z3_params_dec_ref(ctx, p);
    z3.check();
    return new SmtCheck(z3, s);
  }

  /** Parses the script and asserts its assertions. */
  add(script: SmtScript): void {
    const { em, ctx } = this.z3;
    for (const a of parseSmtlib(this.z3, script.toString())) {
      em._Z3_solver_assert(ctx, this.solver, a);
      this.z3.release(a);
      this.z3.check();
    }
  }

  /** Checks the assertions with the given Boolean constants (of an added script) assumed true. */
  check(assumptions: readonly Expr[] = []): SmtAnswer {
    const { em, ctx } = this.z3;
    const lits = assumptions.map((a) => {
      if (a.op !== 'var' || a.type.kind !== 'bool') throw new Z3Error('an assumption must be a Boolean variable');
      const c = em._Z3_mk_const(ctx, this.z3.stringSymbol(symbolOf(a)), em._Z3_mk_bool_sort(ctx));
      return this.z3.keep(c);
    });
    try {
      const [buf] = this.z3.arrays(lits);
      const r = em._Z3_solver_check_assumptions(ctx, this.solver, lits.length, buf!);
      this.z3.check();
      return r > 0 ? 'sat' : r < 0 ? 'unsat' : 'unknown';
    } finally {
      for (const l of lits) this.z3.release(l);
    }
  }

  /** Z3's explanation of the last 'unknown' ("timeout", "incomplete quantifiers", ...). */
  reasonUnknown(): string {
    return this.z3.str('Z3_solver_get_reason_unknown', this.z3.ctx, this.solver);
  }

  /** Frees the solver and its context. */
  dispose(): void {
    if (!this.z3.alive) return;
    this.z3.em._Z3_solver_dec_ref(this.z3.ctx, this.solver);
    this.z3.dispose();
  }
}

export interface CheckOptions {
  /** The time limit of each solver check, in milliseconds; an expired check fails the certificate. */
  readonly timeoutMs?: number;
}

/** A condition of a certificate: it holds when `violation` is unsatisfiable; `failure` says what fails. */
export interface Condition {
  readonly violation: Expr;
  readonly failure: string;
}

/**
 * Checks the conditions in order on a fresh solver: each violation is asserted behind a Boolean
 * guard of its own in `script` (which may hold definitions they use), the script is parsed once,
 * and each guard is assumed in turn. Undefined if every violation is unsatisfiable, else the
 * failure of the first that is not (or that the solver could not decide).
 */
export async function checkConditions(
  script: SmtScript, conditions: readonly Condition[], opts: CheckOptions = {},
): Promise<string | undefined> {
  const guards = conditions.map((c) => {
    const guard = ref(declareVar('condition', BoolT));
    script.assert(imply(guard, c.violation));
    return guard;
  });
  const smt = await SmtCheck.create(opts.timeoutMs);
  try {
    smt.add(script);
    for (const [i, c] of conditions.entries()) {
      const r = smt.check([guards[i]!]);
      if (r === 'sat') return c.failure;
      if (r === 'unknown') return `the solver could not decide whether ${c.failure} (${smt.reasonUnknown()})`;
    }
    return undefined;
  } finally {
    smt.dispose();
  }
}
