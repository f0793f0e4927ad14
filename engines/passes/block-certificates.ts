/**
 * Certificates of a block-encoded view read back over the original view, so that the independent
 * checks see the model as it is (certificates/check.ts). A counterexample's block steps are
 * expanded into the original edges with their intermediate states. An invariant keeps its formulas
 * at the block ends; at an inner location it is the weakest precondition of the invariants at the
 * next block ends (`originalInvariant`): the strongest postcondition from the block's start would
 * do as well but needs quantifier elimination over every inner state, which Z3 takes minutes for
 * on the PLC models, while the weakest precondition of guarded assignments is a substitution. A
 * bounded exploration (BMC's exhausted unrolling) is restated on the original view.
 */
import { False, True, and, conjuncts, exists, freeVars, imply, not, or, postorder, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { UnsupportedError, translator } from '../../lang/smt/translate.js';
import { expandTrace, type BlockModel } from '../../formalisms/block-encoding.js';
import type { Action, Location } from '../../formalisms/interpreter.js';
import type { SafeCertificate, UnsafeCertificate } from '../../formalisms/certificate.js';
import { exhausted } from '../bounded.js';

/**
 * `e` rewritten by Z3's tactics `names` in sequence, read back as the disjunction of the resulting
 * subgoals; undefined when the result leaves Vigil's expression language (a quantifier `qe` kept).
 */
function rewrite(z3: Z3Context, names: readonly string[], e: Expr): Expr | undefined {
  const { em, ctx } = z3;
  const t = translator(z3);
  const goal = z3.ok(em._Z3_mk_goal(ctx, 0, 0, 0));
  em._Z3_goal_inc_ref(ctx, goal);
  const made: number[] = [];
  const tactic = (p: number) => { em._Z3_tactic_inc_ref(ctx, p); made.push(p); return p; };
  const steps = names.map((n) => tactic(z3.ok(em.ccall('Z3_mk_tactic', 'number', ['number', 'string'], [ctx, n]) as number)));
  const all = steps.slice(1).reduce((a, b) => tactic(z3.ok(em._Z3_tactic_and_then(ctx, a, b))), steps[0]!);
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
    if (err instanceof UnsupportedError) return undefined;
    throw err;
  } finally {
    if (result) em._Z3_apply_result_dec_ref(ctx, result);
    for (const x of made.reverse()) em._Z3_tactic_dec_ref(ctx, x);
    em._Z3_goal_dec_ref(ctx, goal);
  }
}

/** ∃ bound. body without quantifiers, or undefined when Z3's `qe` leaves some. */
function eliminate(z3: Z3Context, bound: readonly VarDecl[], body: Expr): Expr | undefined {
  if (bound.length === 0) return body;
  return rewrite(z3, ['qe', 'simplify'], exists([...bound], body));
}

/**
 * `e` with each part simplified in the context of the others (Z3's `ctx-simplify`): the weakest
 * preconditions repeat the invariant they start from under its own guards ("(x = 0 imply x <= 0)
 * and x = 0"), and the printed certificate should read as the engine's would. The independent
 * check sees the result, so this only has to be readable, not trusted.
 */
function readable(z3: Z3Context, e: Expr): Expr {
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
 * The invariant over every original location, or why it cannot be stated without quantifiers. At
 * a location inside blocks it is the weakest precondition of the end invariants over the paths
 * from there to the next block ends (a conjunction over the edges out, by substitution; a havoc's
 * local is universal, eliminated by `qe`). It is closed under the edges out by construction, and
 * the edges into it from a block's start or from inner locations are closed because the blocks
 * they lie on are: Inv(s) ∧ block ⇒ Inv(t)'.
 */
function originalInvariant(model: BlockModel, invariant: ReadonlyMap<Location, Expr>, z3: Z3Context): Map<Location, Expr> | string {
  const o = model.original;
  const ends = new Set(model.locations);
  const memo = new Map<Location, Expr | string>();
  const wp = (l: Location): Expr | string => {
    const known = memo.get(l);
    if (known !== undefined) return known;
    const parts: Expr[] = [];
    for (const a of o.actions(l)) {
      const after = ends.has(a.target) ? invariant.get(a.target) ?? False : wp(a.target);
      if (typeof after === 'string') return after;
      const d = definitions(a, o.vars);
      if (!d) return `the edge ${a.label} is not a guarded assignment`;
      const body = simplify(imply(and(...d.guards), substitute(after, d.next)));
      const open = freeVars(body).filter((v) => a.locals.includes(v));
      // ∀ L. body = ¬∃ L. ¬body
      const inv = open.length === 0 ? body : eliminate(z3, open, not(body));
      if (inv === undefined) return `the invariant at ${l.name}, inside a block, cannot be stated without quantifiers`;
      parts.push(open.length === 0 ? inv : simplify(not(inv)));
    }
    const r = readable(z3, simplify(and(...parts)));
    memo.set(l, r);
    return r;
  };
  const out = new Map(invariant);
  for (const region of model.regions) {
    if ((invariant.get(region.source) ?? False) === False) continue;
    for (const m of region.inner) {
      const inv = wp(m);
      if (typeof inv === 'string') return inv;
      out.set(m, inv);
    }
  }
  return out;
}

/** The longest path from the initial location, in edges, when the reachable part is acyclic. */
function longestPath(model: BlockModel): { visited: Set<Location>; longest: number } {
  const o = model.original;
  const depth = new Map<Location, number>();
  const visiting = new Set<Location>();
  const visit = (l: Location): number => {
    const known = depth.get(l);
    if (known !== undefined) return known;
    if (visiting.has(l)) throw new Error(`block encoding: a cycle through ${l.name} in an exhausted unrolling`);
    visiting.add(l);
    const d = Math.max(0, ...o.actions(l).map((a) => 1 + visit(a.target)));
    visiting.delete(l);
    depth.set(l, d);
    return d;
  };
  return { longest: visit(o.initLoc), visited: new Set(depth.keys()) };
}

/** A SAFE certificate of the block view as one of the original view, or why there is none. */
export function originalSafe(model: BlockModel, c: SafeCertificate, z3: Z3Context): SafeCertificate | string {
  switch (c.kind) {
    case 'invariant': {
      const inv = originalInvariant(model, c.invariant, z3);
      return typeof inv === 'string' ? inv : { kind: 'invariant', invariant: inv };
    }
    case 'k-invariant': {
      // only an exhausted unrolling (true or false per location, no simple-path constraints) is restated
      if (c.simplePath || [...c.invariant.values()].some((e) => e !== True && e !== False)) return 'a k-inductive invariant over blocks has no counterpart over edges';
      const { visited, longest } = longestPath(model);
      return exhausted(model.original, visited, longest);
    }
    default:
      return `a ${c.kind} is not a certificate of a control-flow automaton`;
  }
}

/** An UNSAFE certificate of the block view as one of the original view, or why there is none. */
export function originalUnsafe(c: UnsafeCertificate): UnsafeCertificate | string {
  if (c.kind !== 'trace') return `a ${c.kind} is not a certificate of a control-flow automaton`;
  const trace = expandTrace(c.trace);
  return typeof trace === 'string' ? trace : { kind: 'trace', trace };
}
