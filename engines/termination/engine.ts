/**
 * The termination engine: transition predicate abstraction refined by ranking functions, after
 * the chapter's sections 1.3.2-1.6.2 and Podelski and Rybalchenko (POPL 2007), over the CFA view
 * of the termination property.
 *
 * 1. A reachability invariant per location (reach.ts) supports everything below.
 * 2. Loop heads are the targets of back edges; every cycle passes through one. Where the paths
 *    between heads are too many, the component's joins are heads as well.
 * 3. For each head h, with the transition predicates learnt so far, the abstract transition
 *    invariant is computed (transition-invariant.ts). If every abstract relation at h is
 *    well-founded, h is done: its relations and their ranking functions are its argument.
 * 4. Otherwise the abstract lasso's cycle is checked concretely: a linear ranking function for the
 *    cycle under the invariant at h (ranking.ts) makes the lasso spurious, and its ranking relation
 *    becomes new transition predicates; without one, a stem into a recurrent set of the cycle, or a
 *    state the lasso repeats (recurrence.ts), proves non-termination.
 *
 * TERMINATING needs every head done; one proved lasso is NONTERMINATING; the rest is UNKNOWN.
 */
import { and, atStep, conjuncts, freeVars, ge, indexed, int, le, not, postorder, prime, ref, sub, type Expr } from '../../lang/expr.js';
import { printExpr } from '../../lang/print.js';
import type { Action, Location } from '../../formalisms/interpreter.js';
import type { HeadArgument } from '../../formalisms/certificate.js';
import type { Engine, EngineContext, Settings } from '../engine.js';
import { TIMEOUT, unknown, type Result, type Statistics } from '../../formalisms/result.js';
import { components, headPaths } from '../../formalisms/control-graph.js';
import { cutpoints, joins, route, stems } from './paths.js';
import { Oracle, Timeout } from './oracle.js';
import { synthesize } from './ranking.js';
import { recurrentSet, repeatingState } from './recurrence.js';
import { explore, type Learnt } from './transition-invariant.js';
import { reachabilityInvariant } from './reach.js';

/** More head-to-head paths than this and the engine gives up on the model. */
const MAX_PATHS = 2_000;
/** Refinements per head before giving up. */
const MAX_REFINEMENTS = 40;

/** The guards of the cycle's actions on their source state and their negations, as predicates on the later state (primed). */
function guardPredicates(cycle: readonly Action[]): Expr[] {
  const out = new Set<Expr>();
  for (const a of cycle) {
    const local = new Set(a.locals);
    for (const c of conjuncts(a.formula)) {
      if (postorder(c).some((n) => n.op === 'prime') || freeVars(c).some((v) => local.has(v)) || c.op === 'or' || c.op === 'neq') continue;
      out.add(prime(c));
      out.add(prime(not(c)));
    }
  }
  return [...out];
}

export function createEngine(_settings: Settings, context: EngineContext): Engine {
  return {
    configuration: () => ({}),
    async check(task, limits, reporter): Promise<Result> {
      const z3 = await context.z3();
      const model = task.model;
      const started = Date.now();
      const oracle = new Oracle(limits.deadline, z3);
      let lassos = 0;
      let predicateCount = 0;
      let cubes = 0;
      const stats = (): Statistics => ({
        timeMs: Date.now() - started,
        solverChecks: oracle.solver.stats.checks,
        solverTimeMs: oracle.solver.stats.timeMs,
        lassos,
        transitionPredicates: predicateCount,
        abstractRelations: cubes,
      });
      const show = (e: Expr) => printExpr(e, 'cfa', 60);
      try {
        // the reachability invariant may take a quarter of the time left
        const left = limits.deadline === undefined ? 20_000 : Math.max(0, limits.deadline - Date.now());
        const reach = reachabilityInvariant(oracle, model, Date.now() + Math.min(left / 4, 20_000));
        const at = (l: Location): Expr => reach.get(l)!;
        const { comp } = components(model);
        const headSet = new Set(cutpoints(model));
        // a component with too many paths between its heads gets its joins as heads too
        for (const h of [...headSet]) {
          if (!headPaths(model, h, headSet, comp, MAX_PATHS)) for (const j of joins(model, comp, comp.get(h)!)) headSet.add(j);
        }
        const heads = model.locations.filter((l) => headSet.has(l));
        const paths = new Map<Location, Action[][]>();
        for (const h of heads) {
          const found = headPaths(model, h, headSet, comp, MAX_PATHS);
          if (!found) return { verdict: 'unknown', reason: unknown('unsupported', `more than ${MAX_PATHS} paths leave loop head ${h.name}`), stats: stats() };
          paths.set(h, found);
        }
        const args: HeadArgument[] = [];
        const open: string[] = [];
        for (const [hi, h] of heads.entries()) {
          const predicates: Expr[] = [];
          const learnt: Learnt[] = [];
          for (let round = 0; ; round++) {
            const r = explore(oracle, model, h, at, paths, predicates, learnt, () => { cubes++; });
            if (r.kind === 'proof') { args.push(r.argument); break; }
            lassos++;
            const cycle = r.cycle;
            const n = cycle.length;
            const ranking = synthesize(oracle, and(atStep(at(h), 0), ...cycle.map((a, k) => atStep(a.formula, k))), model.vars,
              (v) => ref(indexed(v, 0)), (v) => ref(indexed(v, n)));
            if (!ranking) {
              const found = repeatingState(oracle, model, stems(model, h, 1)[0] ?? [], cycle)
                ?? recurrentSet(oracle, model, stems(model, h, 8), cycle, at(h));
              if (found) return { verdict: 'nonterminating', certificate: found, stats: stats() };
              open.push(`${h.name} (lasso ${route(cycle)}: no linear ranking function, no recurrent set found)`);
              break;
            }
            const { rank, bound } = ranking;
            const triple: [Expr, Expr, Expr] = [le(prime(rank), sub(rank, int(1))), le(prime(rank), rank), ge(rank, int(bound))];
            // a constant rank: the cycle cannot run at all from a reachable state, but the abstraction
            // lost what rules it out; the cycle's guards, as predicates on the later state, keep it
            const infeasible = rank.op === 'lit';
            const candidates = infeasible ? guardPredicates(cycle) : triple;
            let fresh = candidates.filter((p) => !predicates.includes(p));
            if (fresh.length === 0 && !infeasible) fresh = guardPredicates(cycle).filter((p) => !predicates.includes(p));
            reporter.progress({
              phase: 'refine', iteration: lassos,
              detail: `head ${h.name} (${hi + 1} of ${heads.length}): lasso ${route(cycle)} ${infeasible ? 'infeasible' : `ranked by ${show(rank)} >= ${bound}`}`,
              stats: stats(), newest: fresh.map(show),
            });
            if (fresh.length === 0 || round >= MAX_REFINEMENTS) {
              open.push(`${h.name} (the abstraction cannot tell the lasso ${route(cycle)} from ${infeasible ? 'an infeasible one' : `its ranking function ${show(rank)}`})`);
              break;
            }
            predicates.push(...fresh);
            predicateCount += fresh.length;
            if (!infeasible) learnt.push({ rank, bound, predicates: triple });
          }
        }
        if (open.length > 0) {
          return { verdict: 'unknown', reason: unknown('refinement', `no termination argument for loop head ${open.join(', ')}`), stats: stats() };
        }
        return { verdict: 'terminating', certificate: { kind: 'transition-invariant', reach, heads: args }, stats: stats() };
      } catch (e) {
        if (e instanceof Timeout) return { verdict: 'unknown', reason: TIMEOUT, stats: stats() };
        throw e;
      } finally {
        oracle.dispose();
      }
    },
  };
}
