/**
 * Implicit predicate abstraction (Cimatti, Griggio, Mover, Tonetta, TACAS 2014, Sect. 3): each
 * predicate p over the state variables gets a Boolean abstraction variable x_p, and the solver
 * holds x_p ↔ p(V) and x_p' ↔ p(V'). Abstract states are cubes over the x_p; since the concrete
 * transition relation relates V and V' directly, a query F(x) ∧ T(V, V') ∧ c(x') asks about the
 * abstract transition relation without ever computing it. Predicates only grow (refinement adds
 * them), so the frames, which are sound over-approximations of the concrete reachable states,
 * stay valid across refinements.
 */
import { BoolT } from '../../lang/types.js';
import { declareVar, iff, not, prime, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import type { SmtModel } from '../../lang/smt/model.js';
import { predicateIdentity } from '../../cegar/domains/split.js';
import type { Ic3iaContext } from './context.js';

/** A literal of an abstract cube: x_p or ¬x_p, over the current state. */
export type Literal = Expr;

export class Abstraction {
  /** The predicates, in the order they were added; x_p of `preds[i]` is `vars[i]`. */
  readonly preds: Expr[] = [];
  readonly vars: VarDecl[] = [];
  private readonly known = new Set<number>();
  private readonly back = new Map<VarDecl, Expr>();

  constructor(private readonly ctx: Ic3iaContext) {}

  /** Tracks `p` unless a predicate of the same identity is tracked already; whether it was new. */
  add(p: Expr): boolean {
    const id = predicateIdentity(p);
    if (this.known.has(id.id)) return false;
    this.known.add(id.id);
    const x = declareVar(`__abs${this.vars.length}`, BoolT);
    this.preds.push(p);
    this.vars.push(x);
    this.back.set(x, p);
    this.ctx.solver.add(iff(ref(x), p));
    this.ctx.solver.add(iff(prime(ref(x)), prime(p)));
    this.ctx.counters.predicates = this.preds.length;
    return true;
  }

  /** The abstract state of the current state in a model: every predicate's value as a literal. */
  cubeOf(m: SmtModel): Literal[] {
    const values = m.valuation(this.vars);
    return this.vars.map((x) => (values.get(x)!.value === true ? ref(x) : not(ref(x))));
  }

  /** A formula over the abstraction variables read back over the model's variables. */
  concrete(e: Expr): Expr {
    return substitute(e, this.back);
  }
}
