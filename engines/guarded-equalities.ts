/**
 * Candidate invariants that hold on one side of a guard, for the invariant generator's Houdini to
 * prove. For each guard g of the actions that leave a location (a comparison over its integer state
 * variables), the affine equalities that every state reachable within a bound satisfies at the
 * location where g holds become `¬g ∨ e`, those where g fails `g ∨ e` (with the relations
 * `v - w = c` and `v + w = c` those states satisfy); another guard h that all the states found on
 * one side satisfy gives `¬g ∨ h`.
 *
 * The equalities are those of the affine hull of the reachable states on that side, found as
 * Karr's hull is in affine-hull.ts but from below: a BMC unrolling is asked for a state on the side
 * and outside the hull so far until there is none, so the hull's states are as different as they
 * can be (a state per depth from the solver's first model would all share the values it prefers),
 * and at most n + 1 of them are needed (n variables). Where the bound covers the side's states, the
 * hull's equalities all hold there; Houdini drops those that only the bound gave.
 *
 * Two programs run in lockstep until one of them finishes, as in the llreve equivalence tasks,
 * satisfy `j = i + 1` and `y = x + i` while `i ≤ n`, and `x = y` after: a disjunctive invariant
 * that Karr's equalities and the templates, which are convex, cannot state.
 */
import { and, conjuncts, eq, indexed, int, not, or, postorder, ref, type Expr, type Rational, type VarDecl } from '../lang/expr.js';
import { evaluateIn } from '../lang/eval.js';
import { isNumeric } from '../lang/types.js';
import { ONE } from '../lang/rational.js';
import { atomExpr } from '../lang/smt/farkas.js';
import type { Z3Context } from '../lang/smt/context.js';
import { Solver } from '../lang/smt/solver.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { AffineHull, equalitiesOf } from './affine-hull.js';
import { Unrolling } from './bounded.js';

/**
 * Guards per location; the depth of the unrolling the states come from; and the depths in a row
 * without a new state after which a side is taken to be complete (its states lie in an affine space
 * of a few dimensions, filled within a few steps of the first).
 */
const MAX_GUARDS = 6;
const MAX_DEPTH = 30;
const STALE_DEPTHS = 3;

const COMPARISONS = new Set(['le', 'lt', 'ge', 'gt', 'eq']);

/** The comparisons over `vars` alone among the subterms of the actions leaving `l`. */
export function guardsAt(model: Interpreter, l: Location, vars: ReadonlySet<VarDecl>): Expr[] {
  const out = new Map<number, Expr>();
  for (const a of model.actions(l)) {
    for (const n of postorder(a.formula)) {
      if (!COMPARISONS.has(n.op) || !n.args.every((x) => isNumeric(x.type))) continue;
      const leaves = postorder(n).filter((x) => x.op === 'var' || x.op === 'prime');
      if (leaves.length === 0 || leaves.some((x) => x.op === 'prime' || !vars.has(x.decl!))) continue;
      out.set(n.id, n);
      if (out.size >= MAX_GUARDS) return [...out.values()];
    }
  }
  return [...out.values()];
}

/** The states found on one side of a guard at a location, and their hull. */
interface Side {
  readonly at: Location;
  readonly guard: Expr;
  readonly holds: boolean;
  readonly hull: AffineHull;
  readonly states: Rational[][];
  /** Depths in a row, since its first state, at which the side's hull did not grow. */
  stale: number;
}

/**
 * The candidates `¬g ∨ e`, `g ∨ e` and `¬g ∨ h` at each location, from the states an unrolling of
 * the model reaches within `ms` milliseconds, over its integer state variables `ints`.
 */
export function guardedCandidates(model: Interpreter, z3: Z3Context, ints: readonly VarDecl[], ms: number): Map<Location, Expr[]> {
  const until = Date.now() + ms;
  const out = new Map<Location, Expr[]>(model.locations.map((l) => [l, []]));
  const intSet = new Set(ints);
  const guards = new Map(model.locations.map((l) => [l, guardsAt(model, l, intSet)]));
  const sides: Side[] = model.locations.flatMap((l) => guards.get(l)!.flatMap((guard) =>
    [true, false].map((holds) => ({ at: l, guard, holds, hull: new AffineHull(ints.length), states: [], stale: 0 }))));
  if (sides.length === 0 || ints.length === 0) return out;
  const bmc = new Solver(z3);
  try {
    const unroll = new Unrolling(model);
    const at = (l: Location): Expr => (unroll.multiLoc ? eq(ref(unroll.locVar), int(l.id)) : and());
    bmc.addAtStep(unroll.initial(), 0);
    let frontier = new Set<Location>([model.initLoc]);
    // depth by depth, so that every side has states from the shallow depths when time runs out
    for (let d = 0; d <= MAX_DEPTH && Date.now() < until; d++) {
      for (const side of sides) {
        if (!frontier.has(side.at) || side.stale >= STALE_DEPTHS) continue;
        const before = side.states.length;
        while (Date.now() < until) {
          const here = and(at(side.at), side.holds ? side.guard : not(side.guard), not(equalitiesOf(ints, side.hull)));
          bmc.setTimeout(Math.max(1, until - Date.now()));
          const g = bmc.guardAtStep(here, d);
          const answer = bmc.check([g]);
          const point = answer === 'sat' ? stateAt(bmc, ints, d) : undefined;
          bmc.retire(g);
          if (!point || !side.hull.add(point)) break;
          side.states.push(point);
        }
        if (before > 0) side.stale = side.states.length > before ? 0 : side.stale + 1;
      }
      const next = new Set<Location>();
      bmc.addAtStep(unroll.step(frontier, next), d);
      frontier = next;
    }
  } finally {
    bmc.dispose();
  }
  for (const side of sides) {
    if (side.hull.empty) continue;
    const outside = side.holds ? not(side.guard) : side.guard;
    const cands = out.get(side.at)!;
    const eqs = new Set([...conjuncts(equalitiesOf(ints, side.hull)), ...pairEqualities(ints, side.states)]);
    for (const e of eqs) cands.push(or(outside, e));
    for (const h of guards.get(side.at)!) {
      if (h === side.guard) continue;
      const values = side.states.map((s) => holdsIn(h, ints, s));
      if (values.every((v) => v === true)) cands.push(or(outside, h));
      if (values.every((v) => v === false)) cands.push(or(outside, not(h)));
    }
  }
  return out;
}

/** The values of `ints` at step d of the solver's model. */
function stateAt(bmc: Solver, ints: readonly VarDecl[], d: number): Rational[] | undefined {
  const m = bmc.model();
  try {
    const p = ints.map((v) => m.eval(ref(indexed(v, d))).value);
    return p.every((x) => typeof x === 'bigint') ? p.map((x) => ({ num: x as bigint, den: 1n })) : undefined;
  } finally {
    m.dispose();
  }
}

/**
 * The equalities v - w = c and v + w = c that all the states satisfy. The states span the hull, so
 * these hold on it too, but its basis need not contain them: while the side has few states, it
 * may read `i = 1, j = 1` where the invariant is `i = j`.
 */
function pairEqualities(ints: readonly VarDecl[], states: readonly Rational[][]): Expr[] {
  const out: Expr[] = [];
  for (let a = 0; a < ints.length; a++) {
    for (let b = a + 1; b < ints.length; b++) {
      for (const sign of [-1n, 1n]) {
        const values = new Set(states.map((s) => s[a]!.num + sign * s[b]!.num));
        if (values.size !== 1) continue;
        const [v, w] = [ref(ints[a]!), ref(ints[b]!)];
        const coeffs = new Map([[v.id, { term: v, c: ONE }], [w.id, { term: w, c: { num: sign, den: 1n } }]]);
        out.push(atomExpr({ coeffs, rel: 'eq', rhs: { num: [...values][0]!, den: 1n } }));
      }
    }
  }
  return out;
}

/** Whether the guard holds in a state. */
function holdsIn(h: Expr, ints: readonly VarDecl[], state: readonly Rational[]): boolean | undefined {
  const v = evaluateIn(h, new Map(ints.map((x, i) => [x, int(state[i]!.num)])))?.value;
  return typeof v === 'boolean' ? v : undefined;
}
