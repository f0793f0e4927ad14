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
import { False, True, and, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Z3Context } from '../../lang/smt/context.js';
import { expandTrace, type BlockModel } from '../../formalisms/block-encoding.js';
import type { Location } from '../../formalisms/interpreter.js';
import type { SafeCertificate, UnsafeCertificate } from '../../formalisms/certificate.js';
import { exhausted } from '../bounded.js';
import { preconditionOf, readable } from './weakest-precondition.js';

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
      const inv = preconditionOf(a, o.vars, after, z3);
      if (inv === undefined) return `the invariant at ${l.name}, inside a block, cannot be stated without quantifiers`;
      if (typeof inv === 'string') return inv;
      parts.push(inv);
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
