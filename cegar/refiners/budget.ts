/**
 * The time left for a refinement, handed to every solver check as its time limit, so that a check
 * never runs past the checker's deadline.
 */
import { RefinementTimeout } from './errors.js';

export class Budget {
  constructor(readonly deadline: number | undefined) {}

  /** Milliseconds left (undefined: no limit); throws RefinementTimeout when none are. */
  remaining(what: string): number | undefined {
    if (this.deadline === undefined) return undefined;
    const left = this.deadline - Date.now();
    if (left <= 0) throw new RefinementTimeout(what);
    return left;
  }

  get expired(): boolean {
    return this.deadline !== undefined && Date.now() >= this.deadline;
  }
}
