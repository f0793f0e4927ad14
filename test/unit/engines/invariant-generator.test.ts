/**
 * The invariant generator (engines/invariant-generator.ts) works in slices: each `run(until)`
 * returns by its deadline, so that the engine around it (k-induction, PDR's seed) keeps its
 * schedule. One work item can need many checks, one per model that drops a few candidates.
 */
import { describe, expect, it } from 'vitest';
import { loadZ3 } from '../../../lang/smt/context.js';
import { InvariantGenerator } from '../../../engines/invariant-generator.js';
import { chcTaskProblem } from '../../support/chc.js';

/** Longer than any stage's own set-up (the equalities' 2 s, the guarded stage's 1.5 s), far shorter than the slice that overran. */
const SET_UP_MS = 5000;

describe('the invariant generator', () => {
  it("ends each slice on time where one item needs hundreds of checks (LIA-Lin-299: no initial constraint, so PDR's templates fell one model at a time; a slice of 0.2 s took 12-20 s)", async () => {
    const problem = chcTaskProblem('theta-chc-comp24/chc-comp24-LIA-Lin-299.smt2');
    const m = problem.task(problem.properties[0]!).model;
    const gen = new InvariantGenerator(m, ['equalities', 'intervals', 'guarded', 'templates'], await loadZ3());
    try {
      for (let slice = 0; slice < 20 && !gen.finished; slice++) {
        const until = Date.now() + 200;
        gen.run(until);
        expect(Date.now() - until).toBeLessThan(SET_UP_MS);
      }
      expect(gen.stats.checks).toBeGreaterThan(0);
    } finally {
      gen.dispose();
    }
  }, 120_000);
});
