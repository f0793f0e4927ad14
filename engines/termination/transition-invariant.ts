/**
 * Transition predicate abstraction (Podelski and Rybalchenko, POPL 2007; the chapter's
 * TransAbstReach, sections 1.5-1.6) for one loop head h. Transition predicates are formulas over
 * the state at h (unprimed) and a later state (primed). The abstract transition invariant is
 * computed as a set of abstract relations (cubes: sets of predicates) at each cutpoint of h's
 * component: starting from every path out of a reachable state at h, each cube is composed with
 * every head-to-head path and abstracted again (the cube of all predicates the composition implies,
 * Cartesian abstraction), until no new cube appears. A cube that implies another at the same
 * cutpoint adds nothing and is dropped.
 *
 * Every cube that reaches h must be well-founded: it contains the ranking relation of a ranking
 * function learnt before, or a linear ranking function is synthesised for it. The first that is
 * not gives an abstract lasso: the concrete path from h back to h that produced it, which the
 * engine checks and refines with.
 */
import { and, not, or, prime, ref, type Expr } from '../../lang/expr.js';
import type { Action, Interpreter, Location } from '../../formalisms/interpreter.js';
import type { HeadArgument, RankedRelation } from '../../formalisms/certificate.js';
import { between } from '../../lang/expr.js';
import { pathAt } from '../../formalisms/control-graph.js';
import type { Oracle } from './oracle.js';
import { synthesize, type Ranking } from './ranking.js';

/** What refinement learns from a lasso: a ranking function and the predicates of its relation. */
export interface Learnt extends Ranking {
  /** rank' <= rank - 1, rank' <= rank and rank >= bound, over V and V'. */
  readonly predicates: readonly [Expr, Expr, Expr];
}

interface Node {
  readonly at: Location;
  /** Indices into the predicates, ascending. */
  readonly cube: readonly number[];
  readonly parent?: Node;
  readonly path: readonly Action[];
}

type Exploration =
  | { readonly kind: 'proof'; readonly argument: HeadArgument; readonly cubes: number }
  | { readonly kind: 'lasso'; readonly cycle: readonly Action[] };

function subset(a: readonly number[], b: readonly number[]): boolean {
  return a.every((x) => b.includes(x));
}

/** The cycle from h that produced `n`: its ancestors' paths in order. */
function cycleOf(n: Node): Action[] {
  const parts: (readonly Action[])[] = [];
  for (let m: Node | undefined = n; m; m = m.parent) parts.unshift(m.path);
  return parts.flat();
}

export function explore(
  oracle: Oracle, model: Interpreter, head: Location, reach: (l: Location) => Expr,
  paths: ReadonlyMap<Location, readonly Action[][]>, predicates: readonly Expr[], learnt: readonly Learnt[], onCube: () => void,
): Exploration {
  const cubes = new Map<Location, Node[]>();
  const ranked: RankedRelation[] = [];
  const formula = (cube: readonly number[]) => and(...cube.map((i) => predicates[i]!));
  const work: Node[] = [];

  const add = (n: Node): Action[] | undefined => {
    const here = cubes.get(n.at) ?? [];
    if (here.some((m) => subset(m.cube, n.cube))) return undefined;
    cubes.set(n.at, [...here.filter((m) => !subset(n.cube, m.cube)), n]);
    onCube();
    if (n.at === head) {
      const rel = formula(n.cube);
      // the cube contains a learnt ranking relation (decrease and bound), or has a ranking function of its own
      const known = learnt.find((l) => [l.predicates[0]!, l.predicates[2]!].every((p) => n.cube.includes(predicates.indexOf(p))));
      const ranking = known ?? synthesize(oracle, rel, model.vars, (v) => ref(v), (v) => prime(ref(v)));
      if (!ranking) return cycleOf(n);
      ranked.push({ relation: rel, rank: ranking.rank, bound: ranking.bound });
    }
    work.push(n);
    return undefined;
  };

  const post = (from: Node | undefined, path: readonly Action[]): readonly number[] | undefined => {
    const end = path.length + 1;
    const start = from?.at ?? head;
    const pre = from ? and(between(formula(from.cube), 0, 1), pathAt(path, 1)) : and(pathAt(path, 1));
    const f = and(pre, between(reach(start), 1, 1));
    const snapshot = from ? 0 : 1;
    const implied = oracle.implied(f, predicates.map((p) => between(p, snapshot, end)), not);
    if (implied === 'empty') return undefined;
    return predicates.map((_, i) => i).filter((i) => implied[i]);
  };

  for (const path of paths.get(head) ?? []) {
    const cube = post(undefined, path);
    if (!cube) continue;
    const lasso = add({ at: path[path.length - 1]!.target, cube, path });
    if (lasso) return { kind: 'lasso', cycle: lasso };
  }
  while (work.length) {
    const n = work.shift()!;
    if (!(cubes.get(n.at) ?? []).includes(n)) continue;
    for (const path of paths.get(n.at) ?? []) {
      const cube = post(n, path);
      if (!cube) continue;
      const lasso = add({ at: path[path.length - 1]!.target, cube, parent: n, path });
      if (lasso) return { kind: 'lasso', cycle: lasso };
    }
  }
  const relations = new Map([...cubes].map(([l, ns]) => [l, or(...ns.map((n) => formula(n.cube)))]));
  const kept = ranked.filter((r) => (cubes.get(head) ?? []).some((n) => formula(n.cube) === r.relation));
  return { kind: 'proof', argument: { head, relations, ranked: kept }, cubes: [...cubes.values()].reduce((k, ns) => k + ns.length, 0) };
}
