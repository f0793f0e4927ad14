/**
 * The control graph of an interpreter view (locations and the actions between them): the
 * locations reachable from the initial one, strongly connected components, the paths between loop
 * heads and the formula of a path. The termination engine and the independent check of its
 * certificates both need them.
 */
import { and, atStep, type Expr } from '../lang/expr.js';
import type { Action, Interpreter, Location } from './interpreter.js';

/** The locations reachable from the initial one along actions. */
export function reachable(model: Interpreter): Set<Location> {
  const seen = new Set<Location>([model.initLoc]);
  const todo = [model.initLoc];
  while (todo.length) for (const a of model.actions(todo.pop()!)) if (!seen.has(a.target)) { seen.add(a.target); todo.push(a.target); }
  return seen;
}

/**
 * The strongly connected component of every location reachable from `roots` (Tarjan), and which
 * components have a cycle (more than one location, or a self-loop).
 */
export function components(model: Interpreter, roots: readonly Location[] = [model.initLoc]): { comp: Map<Location, number>; cyclic: Set<number> } {
  const index = new Map<Location, number>();
  const low = new Map<Location, number>();
  const comp = new Map<Location, number>();
  const cyclic = new Set<number>();
  const stack: Location[] = [];
  let next = 0;
  let count = 0;
  const visit = (l: Location): void => {
    index.set(l, next);
    low.set(l, next++);
    stack.push(l);
    for (const a of model.actions(l)) {
      const t = a.target;
      if (!index.has(t)) { visit(t); low.set(l, Math.min(low.get(l)!, low.get(t)!)); }
      else if (!comp.has(t)) low.set(l, Math.min(low.get(l)!, index.get(t)!));
    }
    if (low.get(l) === index.get(l)) {
      let size = 0;
      for (;;) {
        const m = stack.pop()!;
        comp.set(m, count);
        size++;
        if (m === l) break;
      }
      if (size > 1 || model.actions(l).some((a) => a.target === l)) cyclic.add(count);
      count++;
    }
  };
  for (const r of roots) if (!index.has(r)) visit(r);
  return { comp, cyclic };
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

/** The formula of the path from the state at step `k`: the actions at steps k, k+1, ... (locals per step). */
export function pathAt(path: readonly Action[], k: number): Expr {
  return and(...path.map((a, i) => atStep(a.formula, k + i)));
}
