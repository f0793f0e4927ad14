/**
 * The control structure the termination engine works on, beside the control graph's components
 * (formalisms/control-graph.ts): cutpoints (loop heads: every cycle passes through one), the paths between heads that pass through no
 * other head (the "large blocks" the abstraction steps over), stems from the initial location, and
 * the formula of a path over the states along it.
 */
import { and, atStep, indexed, leafVar, mapLeaves, ref, type Expr } from '../../lang/expr.js';
import type { Action, Interpreter, Location } from '../../formalisms/interpreter.js';

/** Loop heads: the targets of the back edges of a depth-first search from the initial location. */
export function cutpoints(model: Interpreter): Location[] {
  const state = new Map<Location, 'open' | 'done'>();
  const heads = new Set<Location>();
  const visit = (l: Location): void => {
    state.set(l, 'open');
    for (const a of model.actions(l)) {
      const s = state.get(a.target);
      if (s === 'open') heads.add(a.target);
      else if (s === undefined) visit(a.target);
    }
    state.set(l, 'done');
  };
  visit(model.initLoc);
  return model.locations.filter((l) => heads.has(l));
}

/**
 * More loop heads for a component whose head-to-head paths are too many: every location of the
 * component where two of its actions meet (joins), so that paths between heads stop at each.
 */
export function joins(model: Interpreter, comp: ReadonlyMap<Location, number>, c: number): Location[] {
  const into = new Map<Location, number>();
  for (const l of model.locations) {
    if (comp.get(l) !== c) continue;
    for (const a of model.actions(l)) if (comp.get(a.target) === c) into.set(a.target, (into.get(a.target) ?? 0) + 1);
  }
  return [...into].filter(([, n]) => n >= 2).map(([l]) => l);
}

/** The paths from `from` to a head in its component through no other head; undefined past `max`. */
export function headPaths(model: Interpreter, from: Location, heads: ReadonlySet<Location>, comp: ReadonlyMap<Location, number>, max: number): Action[][] | undefined {
  const out: Action[][] = [];
  const c = comp.get(from);
  const walk = (l: Location, path: Action[]): boolean => {
    for (const a of model.actions(l)) {
      if (comp.get(a.target) !== c) continue;
      const p = [...path, a];
      if (heads.has(a.target)) { out.push(p); if (out.length > max) return false; }
      else if (!walk(a.target, p)) return false;
    }
    return true;
  };
  return walk(from, []) ? out : undefined;
}

/** Up to `max` paths from the initial location to `to`, shortest first, each visiting a location at most twice. */
export function stems(model: Interpreter, to: Location, max: number): Action[][] {
  const out: Action[][] = [];
  let layer: { at: Location; path: Action[] }[] = [{ at: model.initLoc, path: [] }];
  for (let depth = 0; depth <= 2 * model.locations.length && layer.length && out.length < max; depth++) {
    const next: typeof layer = [];
    for (const { at, path } of layer) {
      if (at === to) { out.push(path); if (out.length >= max) break; }
      for (const a of model.actions(at)) {
        if (path.filter((p) => p.target === a.target).length >= 2) continue;
        if (next.length < 10_000) next.push({ at: a.target, path: [...path, a] });
      }
    }
    layer = next;
  }
  return out;
}

/** `e` over V and V' read as the state at step `from` and the state at step `to`. */
export function between(e: Expr, from: number, to: number): Expr {
  return mapLeaves(e, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return ref(indexed(decl, primes === 0 ? from : to));
  });
}

/** The formula of the path from the state at step `k`: the actions at steps k, k+1, ... (locals per step). */
export function pathAt(path: readonly Action[], k: number): Expr {
  return and(...path.map((a, i) => atStep(a.formula, k + i)));
}

/** A path as people read it: `1 -> 2 -> 1`. */
export function route(path: readonly Action[]): string {
  return path.length === 0 ? '' : [...path.map((a) => a.source.name), path[path.length - 1]!.target.name].join(' -> ');
}
