/**
 * Proof obligations: abstract cubes that reach a bad state and must be shown unreachable at a
 * level. Each links to the obligation its states step into, so a chain that reaches an initial
 * state reads off as an abstract counterexample, a path of abstract states that is then checked on
 * the concrete model. They wait in the shared `ObligationQueue` (engines/obligation-queue.ts).
 */
import type { Cube } from './frames.js';

export interface Obligation {
  readonly cube: Cube;
  readonly level: number;
  /** Steps from the cube to the bad state. */
  readonly depth: number;
  /** The obligation whose cube some state of this one steps into (none for the bad cube). */
  readonly next: Obligation | undefined;
}

/** The abstract path from `first` (a cube, then the chain of obligations from `from`) to the bad cube. */
export function abstractPath(first: Cube | undefined, from: Obligation): Cube[] {
  const path = first ? [first] : [];
  for (let o: Obligation | undefined = from; o; o = o.next) path.push(o.cube);
  return path;
}
