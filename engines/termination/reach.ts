/**
 * Reachability invariants that support the termination argument (a loop is often ranked only
 * under what its stem established: `y := 1` before `x := x - y`). Candidates are the comparisons
 * the program itself states (its guards, and `v = c` for constants it assigns) and interval
 * bounds `v >= c`, `v <= c` for the program's constants c and c - 1, c + 1; Houdini's
 * algorithm (Flanagan and Leino, 2001) keeps at each location the largest subset of them that is
 * inductive: every candidate that some action does not preserve from its source's current
 * conjunction is dropped, until nothing changes. The initial location, where every valuation is
 * initial, gets `true`; locations no path reaches get `false`.
 */
import { False, True, and, conjuncts, eq, freeVars, ge, int, le, leafVar, not, postorder, prime, ref, type Expr } from '../../lang/expr.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { linearTerm } from './linear.js';
import { reachable } from '../../formalisms/control-graph.js';
import type { Oracle } from './oracle.js';

/** At most this many candidates, the first found. */
const MAX_CANDIDATES = 160;
/** Interval bounds use at most this many of the program's constants. */
const MAX_CONSTANTS = 8;

function candidates(model: Interpreter): Expr[] {
  const state = new Set(model.vars);
  const found = new Set<Expr>();
  const comparison = (e: Expr) => ['le', 'lt', 'ge', 'gt', 'eq'].includes(e.op) && e.args[0]!.type.kind === 'int'
    && e.args.every((a) => linearTerm(a) !== undefined);
  for (const l of model.locations) {
    for (const a of model.actions(l)) {
      for (const c of conjuncts(a.formula)) {
        const primed = postorder(c).some((n) => n.op === 'prime');
        if (!primed && comparison(c) && freeVars(c).every((v) => state.has(v))) found.add(c);
        // v' = c: the assigned constant, and either side of it
        const [lhs, rhs] = c.args;
        if (primed && c.op === 'eq' && lhs!.op === 'prime' && leafVar(lhs!).primes === 1 && rhs!.op === 'lit' && typeof rhs!.value === 'bigint') {
          const v = lhs!.args[0]!;
          found.add(eq(v, rhs!));
          found.add(ge(v, int(rhs!.value)));
          found.add(le(v, int(rhs!.value)));
        }
      }
    }
  }
  const constants = new Set<bigint>([0n]);
  for (const l of model.locations) {
    for (const a of model.actions(l)) for (const n of postorder(a.formula)) if (n.op === 'lit' && typeof n.value === 'bigint') constants.add(n.value);
  }
  const around = [...constants].slice(0, MAX_CONSTANTS).flatMap((c) => [c - 1n, c, c + 1n]);
  // interval bounds only for the variables that guards read: the others cannot stop a run
  const guarded = new Set([...found].flatMap((c) => freeVars(c)));
  for (const v of model.vars.filter((x) => guarded.has(x))) for (const c of new Set(around)) { found.add(ge(ref(v), int(c))); found.add(le(ref(v), int(c))); }
  return [...found].slice(0, MAX_CANDIDATES);
}

/**
 * Houdini's fixed point, or `true` at every reachable location if it does not settle by `budget`
 * (ms since the epoch): an intermediate state of the algorithm is not inductive.
 */
export function reachabilityInvariant(oracle: Oracle, model: Interpreter, budget: number): Map<Location, Expr> {
  const live = reachable(model);
  const all = candidates(model);
  const trivial = () => new Map(model.locations.map((l) => [l, live.has(l) ? True : False]));
  const inv = new Map<Location, Expr[]>(model.locations.map((l) => [l, live.has(l) && l !== model.initLoc ? [...all] : []]));
  for (let changed = true; changed;) {
    changed = false;
    for (const l of model.locations) {
      if (!live.has(l)) continue;
      for (const a of model.actions(l)) {
        if (Date.now() > budget) return trivial();
        const goals = inv.get(a.target)!;
        if (goals.length === 0) continue;
        const kept = oracle.implied(and(...inv.get(l)!, a.formula), goals.map(prime), not);
        if (kept === 'empty') continue;
        const next = goals.filter((_, i) => kept[i]);
        if (next.length < goals.length) { inv.set(a.target, next); changed = true; }
      }
    }
  }
  return new Map(model.locations.map((l) => [l, live.has(l) ? and(...inv.get(l)!) : False]));
}
