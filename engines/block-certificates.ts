/**
 * Certificates of a block-encoded view read back over the original view, so that the independent
 * checks see the model as it is (certificates/check.ts). A counterexample's block steps are
 * expanded into the original edges with their intermediate states. An invariant keeps its formulas
 * at the block ends; at an inner location it is the strongest postcondition of the invariants at
 * the block ends along the paths into it, ∃ V_s, locals. Inv(s)(V_s) ∧ prefix_s→m(V_s, V), with
 * the quantifiers eliminated by Z3's `qe` tactic. It is inductive because the paths out of an inner
 * location continue either to another inner location (whose formula includes them) or to a block
 * end, and then are part of a block the end invariants are closed under. A bounded exploration
 * (BMC's exhausted unrolling) is restated on the original view.
 */
import { False, True, and, declareVar, exists, freeVars, ref, or, substitute, type Expr, type VarDecl } from '../lang/expr.js';
import { simplify } from '../lang/simplify.js';
import { currentZ3 } from '../lang/smt/context.js';
import { UnsupportedError, translator } from '../lang/smt/translate.js';
import { expandTrace, type BlockModel } from '../formalisms/block-encoding.js';
import type { Location } from '../formalisms/interpreter.js';
import type { SafeCertificate, UnsafeCertificate } from '../certificates/certificate.js';
import { exhausted } from './bmc.js';

/** ∃ bound. body without quantifiers, or undefined when Z3's `qe` leaves some. */
export function eliminate(bound: readonly VarDecl[], body: Expr): Expr | undefined {
  if (bound.length === 0) return body;
  const z3 = currentZ3();
  const { em, ctx } = z3;
  const t = translator(z3);
  const q = t.toZ3(exists([...bound], body));
  const goal = z3.ok(em._Z3_mk_goal(ctx, 0, 0, 0));
  em._Z3_goal_inc_ref(ctx, goal);
  const qe = z3.ok(em.ccall('Z3_mk_tactic', 'number', ['number', 'string'], [ctx, 'qe']) as number);
  em._Z3_tactic_inc_ref(ctx, qe);
  const simp = z3.ok(em.ccall('Z3_mk_tactic', 'number', ['number', 'string'], [ctx, 'simplify']) as number);
  em._Z3_tactic_inc_ref(ctx, simp);
  const tactic = z3.ok(em._Z3_tactic_and_then(ctx, qe, simp));
  em._Z3_tactic_inc_ref(ctx, tactic);
  let result = 0;
  try {
    em._Z3_goal_assert(ctx, goal, q);
    z3.check();
    result = z3.ok(em._Z3_tactic_apply(ctx, tactic, goal));
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
  } catch (e) {
    if (e instanceof UnsupportedError) return undefined;
    throw e;
  } finally {
    if (result) em._Z3_apply_result_dec_ref(ctx, result);
    for (const x of [tactic, simp, qe]) em._Z3_tactic_dec_ref(ctx, x);
    em._Z3_goal_dec_ref(ctx, goal);
  }
}

/** The invariant over every original location, or why it cannot be stated without quantifiers. */
export function originalInvariant(model: BlockModel, invariant: ReadonlyMap<Location, Expr>): Map<Location, Expr> | string {
  const out = new Map(invariant);
  const state = new Set(model.vars);
  const parts = new Map<Location, Expr[]>();
  for (const region of model.regions) {
    const at = invariant.get(region.source) ?? False;
    if (at === False) continue;
    // the state at the block's start, apart from the state at the inner location
    const start = new Map(model.vars.map((v) => [v, ref(declareVar(`${v.name}@${region.source.name}`, v.type))]));
    const before = substitute(at, start);
    for (const m of region.inner) {
      const body = and(before, region.prefix(m, start));
      const inv = eliminate(freeVars(body).filter((v) => !state.has(v)), body);
      if (inv === undefined) return `the invariant at ${m.name}, inside a block, cannot be stated without quantifiers`;
      let list = parts.get(m);
      if (!list) parts.set(m, (list = []));
      list.push(inv);
    }
  }
  for (const [m, list] of parts) out.set(m, simplify(or(...list)));
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
export function originalSafe(model: BlockModel, c: SafeCertificate): SafeCertificate | string {
  switch (c.kind) {
    case 'invariant': {
      const inv = originalInvariant(model, c.invariant);
      return typeof inv === 'string' ? inv : { kind: 'invariant', invariant: inv };
    }
    case 'k-invariant': {
      // only an exhausted unrolling (true or false per location, no simple-path constraints) is restated
      if (c.simplePath || [...c.invariant.values()].some((e) => e !== True && e !== False)) return 'a k-inductive invariant over blocks has no counterpart over edges';
      const { visited, longest } = longestPath(model);
      return exhausted(model.original, visited, longest);
    }
    case 'witness-circuit':
      return 'a witness circuit is not a certificate of a control-flow automaton';
  }
}

/** An UNSAFE certificate of the block view as one of the original view, or why there is none. */
export function originalUnsafe(c: UnsafeCertificate): UnsafeCertificate | string {
  if (c.kind !== 'trace') return 'an AIGER witness is not a certificate of a control-flow automaton';
  const trace = expandTrace(c.trace);
  return typeof trace === 'string' ? trace : { kind: 'trace', trace };
}
