/**
 * Weakest preconditions of invariants over an interpreter's actions, with Z3's tactics where a
 * step's local choices must be quantified away. For an action in guarded-assignment form (CFA
 * edges, CHC clauses read as edges), wp(a, Q) = ∀ L. guards ⇒ Q[V := next]: a substitution, and
 * `qe` over the action's locals L when Q still mentions them. Block encoding reads invariants back
 * over the original edges with it (block-certificates.ts), and a k-inductive invariant becomes an
 * inductive one with it (inductive.ts).
 */
import { False, True, and, conjuncts, exists, freeVars, imply, not, or, postorder, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Z3Error, type Z3Context } from '../../lang/smt/context.js';
import { UnsupportedError, translator } from '../../lang/smt/translate.js';
import type { Action } from '../../formalisms/interpreter.js';

/**
 * `e` rewritten by Z3's tactics `names` in sequence, read back as the disjunction of the resulting
 * subgoals; undefined when the result leaves Vigil's expression language (a quantifier `qe` kept).
 */
function rewrite(z3: Z3Context, names: readonly string[], e: Expr, ms?: number): Expr | undefined {
  const { em, ctx } = z3;
  const t = translator(z3);
  const goal = z3.ok(em._Z3_mk_goal(ctx, 0, 0, 0));
  em._Z3_goal_inc_ref(ctx, goal);
  const made: number[] = [];
  const tactic = (p: number) => { em._Z3_tactic_inc_ref(ctx, p); made.push(p); return p; };
  const steps = names.map((n) => tactic(z3.ok(em.ccall('Z3_mk_tactic', 'number', ['number', 'string'], [ctx, n]) as number)));
  const sequence = steps.slice(1).reduce((a, b) => tactic(z3.ok(em._Z3_tactic_and_then(ctx, a, b))), steps[0]!);
  const all = ms === undefined ? sequence : tactic(z3.ok(em._Z3_tactic_try_for(ctx, sequence, ms)));
  let result = 0;
  try {
    em._Z3_goal_assert(ctx, goal, t.toZ3(e));
    z3.check();
    result = z3.ok(em._Z3_tactic_apply(ctx, all, goal));
    em._Z3_apply_result_inc_ref(ctx, result);
    const disjuncts: Expr[] = [];
    const n = em._Z3_apply_result_get_num_subgoals(ctx, result);
    for (let i = 0; i < n; i++) {
      const g = em._Z3_apply_result_get_subgoal(ctx, result, i);
      const size = em._Z3_goal_size(ctx, g);
      const conj: Expr[] = [];
      for (let j = 0; j < size; j++) conj.push(t.fromZ3(em._Z3_goal_formula(ctx, g, j)));
      disjuncts.push(and(...conj));
    }
    return simplify(or(...disjuncts));
  } catch (err) {
    // a result outside the expression language, or a `try-for` that ran out of time
    if (err instanceof UnsupportedError || (ms !== undefined && err instanceof Z3Error)) return undefined;
    throw err;
  } finally {
    if (result) em._Z3_apply_result_dec_ref(ctx, result);
    for (const x of made.reverse()) em._Z3_tactic_dec_ref(ctx, x);
    em._Z3_goal_dec_ref(ctx, goal);
  }
}

/** How long one elimination may take: `qe` blows up on some formulas (smt-notes.md), and the answer waits. */
const QE_MS = 5000;

/**
 * Z3's eliminations, tried in turn. On the blocks of control-bit automata of the CHC set `qe`
 * leaves an existential or runs out of time at some locations (6 of `efm.c`'s 71, 38.6 s in all),
 * where `qe_rec` eliminates every one (3.5 s in all); `qe2` (QSAT's model-based projection) is the
 * last resort.
 */
const ELIMINATIONS: readonly string[] = ['qe_rec', 'qe', 'qe2'];

/** ∃ bound. body without quantifiers, or undefined when none of Z3's eliminations removes them all. */
function eliminate(z3: Z3Context, bound: readonly VarDecl[], body: Expr): Expr | undefined {
  if (bound.length === 0) return body;
  const e = exists([...bound], body);
  for (const qe of ELIMINATIONS) {
    const r = rewrite(z3, [qe, 'simplify'], e, QE_MS);
    if (r !== undefined) return r;
  }
  return undefined;
}

/**
 * `e` with each part simplified in the context of the others (Z3's `ctx-simplify`): the weakest
 * preconditions repeat the invariant they start from under its own guards ("(x = 0 imply x <= 0)
 * and x = 0"), and the printed certificate should read as the engine's would. The independent
 * check sees the result, so this only has to be readable, not trusted.
 */
export function readable(z3: Z3Context, e: Expr): Expr {
  if (e === True || e === False) return e;
  return rewrite(z3, ['ctx-simplify', 'simplify'], e) ?? e;
}

/** An action's formula as guards and a next-state definition per variable, if it has that form (CFA edges do). */
function definitions(a: Action, vars: readonly VarDecl[]): { guards: Expr[]; next: Map<VarDecl, Expr> } | undefined {
  const guards: Expr[] = [];
  const next = new Map<VarDecl, Expr>();
  const primed = (e: Expr) => postorder(e).some((n) => n.op === 'prime');
  for (const c of conjuncts(a.formula)) {
    const [l, r] = c.args;
    if (c.op === 'eq' && l!.op === 'prime' && l!.args[0]!.op === 'var' && !next.has(l!.args[0]!.decl!) && !primed(r!)) next.set(l!.args[0]!.decl!, r!);
    else if (primed(c)) return undefined;
    else guards.push(c);
  }
  return vars.every((v) => next.has(v)) ? { guards, next } : undefined;
}

/**
 * wp(a, after): the states from which every step of `a` ends in `after`; a string when `a` is not
 * a guarded assignment, undefined when `qe` cannot eliminate its locals.
 */
export function preconditionOf(a: Action, vars: readonly VarDecl[], after: Expr, z3: Z3Context): Expr | string | undefined {
  if (after === True) return True;
  const d = definitions(a, vars);
  if (!d) return `the edge ${a.label} is not a guarded assignment`;
  const body = simplify(imply(and(...d.guards), substitute(after, d.next)));
  const open = freeVars(body).filter((v) => a.locals.includes(v));
  if (open.length === 0) return body;
  // ∀ L. body = ¬∃ L. ¬body
  const none = eliminate(z3, open, not(body));
  return none === undefined ? undefined : simplify(not(none));
}
