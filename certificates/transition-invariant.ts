/**
 * The certificate of a TERMINATING verdict: a disjunctively well-founded transition invariant per
 * loop head together with the reachability invariant it relies on (Podelski and Rybalchenko,
 * "Transition invariants", LICS 2004; the chapter's section 1.5). Checked by its kind, in a fresh
 * Z3 context, whoever produced it:
 *
 * 1. the reachability invariant holds at the initial location and is closed under every action;
 * 2. the heads are cutpoints: with them removed, the part of the automaton reachable from the
 *    initial location has no cycle, so an infinite run passes through one head infinitely often;
 * 3. for each head h, with C the heads in h's strongly connected component, and each path of
 *    actions between heads that passes through no other head: from a reachable state at h, the
 *    path into c in C lands in the relation of c (the invariant contains every transition), and a
 *    relation at c followed by such a path into c' lands in the relation of c' (it is closed under
 *    composition with a transition);
 * 4. at h the relation lies in the union of the ranked relations, and each ranked relation implies
 *    RANK >= BOUND and RANK' <= RANK - 1 over the integers (it is well-founded).
 *
 * So every sequence of states at h along a run lies, pairwise, in a union of well-founded
 * relations, and by Ramsey's theorem no run visits h infinitely often.
 */
import { False, True, and, atStep, between, ge, int, le, not, or, prime, sub, type Expr } from '../lang/expr.js';
import { SmtScript } from '../lang/smt/smtlib.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { components, headPaths, pathAt, reachable } from '../formalisms/control-graph.js';
import type { TerminationCertificate } from '../formalisms/certificate.js';
import { checkConditions, type CheckOptions, type Condition } from './smt-check.js';

/** More paths between heads than this and the certificate is refused rather than checked for ever. */
const MAX_PATHS = 20_000;

/** A location on a cycle that avoids the heads, among the locations reachable from the initial one. */
function cycleAvoiding(model: Interpreter, heads: ReadonlySet<Location>): Location | undefined {
  const live = reachable(model);
  const state = new Map<Location, 'open' | 'done'>();
  const visit = (l: Location): Location | undefined => {
    state.set(l, 'open');
    for (const a of model.actions(l)) {
      if (heads.has(a.target)) continue;
      const s = state.get(a.target);
      if (s === 'open') return a.target;
      if (s === undefined) { const found = visit(a.target); if (found) return found; }
    }
    state.set(l, 'done');
    return undefined;
  };
  for (const l of live) {
    if (heads.has(l) || state.has(l)) continue;
    const found = visit(l);
    if (found) return found;
  }
  return undefined;
}

/** Undefined when the certificate proves that every run of `model` is finite, else what fails. */
export async function checkTransitionInvariant(model: Interpreter, c: TerminationCertificate, opts: CheckOptions = {}): Promise<string | undefined> {
  const reach = (l: Location): Expr => c.reach.get(l) ?? False;
  const conditions: Condition[] = [{ violation: and(model.init, not(reach(model.initLoc))), failure: `the reachability invariant does not hold initially at ${model.initLoc.name}` }];
  for (const l of model.locations) {
    if (reach(l) === False) continue;
    for (const a of model.actions(l)) {
      if (reach(a.target) === True) continue;
      conditions.push({ violation: and(reach(l), a.formula, not(prime(reach(a.target)))), failure: `the reachability invariant is not closed under ${a.label}` });
    }
  }

  const heads = new Set(c.heads.map((h) => h.head));
  if (heads.size !== c.heads.length) return 'a loop head has two arguments';
  const missed = cycleAvoiding(model, heads);
  if (missed) return `the cycle through ${missed.name} passes through no loop head`;

  const { comp } = components(model, model.locations);
  for (const h of c.heads) {
    const rel = (l: Location): Expr => h.relations.get(l) ?? False;
    const mine = new Set([...heads].filter((l) => comp.get(l) === comp.get(h.head)));
    for (const from of mine) {
      const paths = headPaths(model, from, mine, comp, MAX_PATHS);
      if (!paths) return `more than ${MAX_PATHS} paths leave ${from.name}`;
      for (const path of paths) {
        const to = path[path.length - 1]!.target;
        const end = path.length + 1;
        const route = path.map((a) => a.source.name).concat(to.name).join(' -> ');
        if (from === h.head) {
          conditions.push({
            violation: and(atStep(reach(from), 1), pathAt(path, 1), not(between(rel(to), 1, end))),
            failure: `the relation of head ${h.head.name} at ${to.name} does not contain the path ${route}`,
          });
        }
        if (rel(from) !== False) {
          conditions.push({
            violation: and(between(rel(from), 0, 1), atStep(reach(from), 1), pathAt(path, 1), not(between(rel(to), 0, end))),
            failure: `the relation of head ${h.head.name} is not closed under the path ${route}`,
          });
        }
      }
    }
    conditions.push({
      violation: and(rel(h.head), not(or(...h.ranked.map((r) => r.relation)))),
      failure: `the relation of head ${h.head.name} is not contained in its ranked relations`,
    });
    for (const r of h.ranked) {
      conditions.push({
        violation: and(r.relation, not(and(ge(r.rank, int(r.bound)), le(prime(r.rank), sub(r.rank, int(1)))))),
        failure: `at head ${h.head.name}, the ranking function does not decrease (or is not bounded) on one of its relations`,
      });
    }
  }
  return checkConditions(new SmtScript(), conditions, opts);
}
