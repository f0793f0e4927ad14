/**
 * A k-inductive invariant (k-induction's, or BMC's exhausted unrolling) strengthened into an
 * inductive one, by weakest preconditions (inductive.ts applies it).
 *
 * With P the k-inductive property (the invariant, the bad states excluded at the error location),
 * I(s) = "every path of at most k - 1 steps from s stays in P" is inductive: from s in I, a step to
 * s' leaves the paths of at most k - 2 steps from s' in P, and one of k - 1 steps ends in P by the
 * inductive step applied to the k states before its end, s among them. It holds initially by the
 * base case, and excludes the bad states since I ⇒ P. I is W(k - 1), with W(0) = P and
 * W(j + 1)(l) = P(l) ∧ ⋀ over the actions a from l: wp(a, W(j)(target)). The argument needs every
 * path, so a simple-path proof is kept as it is, as is one whose preconditions leave Vigil's
 * expression language or grow past a size; the certificate checks see the result either way.
 */
import { False, True, and, not, postorder, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { SafeCertificate } from '../../formalisms/certificate.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { preconditionOf, readable } from './weakest-precondition.js';

/** Past this many distinct subterms in one location's formula the strengthening gives up. */
const MAX_NODES = 20_000;

type KInvariant = Extract<SafeCertificate, { kind: 'k-invariant' }>;

/** The inductive invariant of a k-inductive one, or why there is none in this form. */
export function strengthen(model: Interpreter, c: KInvariant, z3: Z3Context): Map<Location, Expr> | string {
  if (c.simplePath) return 'a simple-path k-induction proof has no inductive strengthening by preconditions';
  const property = new Map(model.locations.map((l) => [l, simplify(and(c.invariant.get(l) ?? False, l === model.errorLoc ? not(model.bad) : True))]));
  let w = property;
  for (let j = 1; j < c.k; j++) {
    const next = new Map<Location, Expr>();
    for (const l of model.locations) {
      const p = property.get(l)!;
      const parts = [p];
      if (p !== False) {
        for (const a of model.actions(l)) {
          const pre = preconditionOf(a, model.vars, w.get(a.target)!, z3);
          if (pre === undefined) return `the precondition of ${a.label} needs quantifiers`;
          if (typeof pre === 'string') return pre;
          parts.push(pre);
        }
      }
      const e = readable(z3, simplify(and(...parts)));
      if (postorder(e).length > MAX_NODES) return `the strengthened invariant at ${l.name} grows past ${MAX_NODES} terms`;
      next.set(l, e);
    }
    // a fixed point: every longer path stays in P too
    if (model.locations.every((l) => next.get(l) === w.get(l))) break;
    w = next;
  }
  return w;
}
