/**
 * The control structure the termination engine works on, beside the control graph's components,
 * paths between heads and path formulas (formalisms/control-graph.ts): cutpoints (loop heads: every
 * cycle passes through one), joins that split too many paths between heads, stems from the initial
 * location, and paths as people read them.
 */
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

/** A path as people read it: `1 -> 2 -> 1`. */
export function route(path: readonly Action[]): string {
  return path.length === 0 ? '' : [...path.map((a) => a.source.name), path[path.length - 1]!.target.name].join(' -> ');
}
