/**
 * Search strategies: the order in which the abstractor takes nodes from the waitlist (Hajdu and
 * Micskei, Sect. 3.1.2). Every strategy is a weighted sum w_D * depth + w_E * d_E(location), the
 * smallest first, ties in insertion order: BFS is (1, 0), DFS (-1, 0), ERR (0, 1), ERR_DFS (2, 1)
 * and DFS_ERR (1, 2) as the paper's (w_E, w_D) pairs written (w_D, w_E). d_E is the length of the
 * shortest path to the error location in the location graph, computed once by backward BFS.
 */
import TinyQueue from 'tinyqueue';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import type { ArgNode } from './arg.js';
import type { AbstractState } from './domain.js';

export interface SearchWeights {
  /** Weight of the node's depth in the ARG. */
  readonly depth: number;
  /** Weight of the location's distance to the error location. */
  readonly error: number;
}

export const SEARCHES: Record<string, SearchWeights> = {
  BFS: { depth: 1, error: 0 },
  DFS: { depth: -1, error: 0 },
  ERR: { depth: 0, error: 1 },
  ERR_DFS: { depth: 2, error: 1 },
  DFS_ERR: { depth: 1, error: 2 },
};

/** Parses a search name, or weights written `W_D,W_E` (for example `2,1`). */
export function searchWeights(spec: string): SearchWeights | undefined {
  const named = SEARCHES[spec.toUpperCase()];
  if (named) return named;
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(spec.trim());
  return m ? { depth: Number(m[1]), error: Number(m[2]) } : undefined;
}

/** d_E for every location that can reach the error location (others are absent: infinitely far). */
function errorDistances(model: Interpreter): Map<Location, number> {
  const preds = new Map<Location, Location[]>();
  for (const l of model.locations) {
    for (const a of model.actions(l)) {
      let p = preds.get(a.target);
      if (!p) preds.set(a.target, (p = []));
      p.push(a.source);
    }
  }
  const dist = new Map<Location, number>([[model.errorLoc, 0]]);
  const queue = [model.errorLoc];
  for (let i = 0; i < queue.length; i++) {
    const l = queue[i]!;
    for (const p of preds.get(l) ?? []) {
      if (!dist.has(p)) { dist.set(p, dist.get(l)! + 1); queue.push(p); }
    }
  }
  return dist;
}

interface Entry<S extends AbstractState> { readonly node: ArgNode<S>; readonly key: number; readonly seq: number }

export class Waitlist<S extends AbstractState> {
  private readonly queue = new TinyQueue<Entry<S>>([], (a, b) => a.key - b.key || a.seq - b.seq);
  private seq = 0;
  private readonly distance: Map<Location, number> | undefined;
  /** Locations that cannot reach the error location get this distance: behind every other. */
  private readonly far: number;

  constructor(model: Interpreter, private readonly weights: SearchWeights) {
    this.distance = weights.error !== 0 ? errorDistances(model) : undefined;
    this.far = model.locations.length + 1;
  }

  push(node: ArgNode<S>): void {
    const d = this.distance ? (this.distance.get(node.loc) ?? this.far) : 0;
    this.queue.push({ node, key: this.weights.depth * node.depth + this.weights.error * d, seq: this.seq++ });
  }

  pop(): ArgNode<S> | undefined {
    return this.queue.pop()?.node;
  }

  get size(): number {
    return this.queue.length;
  }
}
