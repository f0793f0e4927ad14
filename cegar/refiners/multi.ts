/**
 * Multiple counterexamples for refinement (Hajdu and Micskei, Sect. 3.2.2, Algorithm 5): every path
 * is refuted on its own; a path whose pruning point lies strictly below the pruning point of another
 * path is skipped for now, because pruning the other one removes it too, and if the new precision
 * does not exclude it, the abstractor finds it again.
 */
import type { ArgNode } from '../arg.js';
import type { AbstractState } from '../domain.js';

/** The indices of the paths whose pruning point has no proper ancestor among the others'. */
export function minimalPaths<S extends AbstractState>(pruneNodes: readonly ArgNode<S>[]): number[] {
  const points = new Set(pruneNodes);
  const keep: number[] = [];
  pruneNodes.forEach((n, i) => {
    let below = false;
    for (let m = n.parent; m && !below; m = m.parent) below = points.has(m);
    if (!below) keep.push(i);
  });
  return keep;
}
