/**
 * The SAT solver keeps one hidden class through a search. V8 stores a field in the form of its
 * first value, and a field that starts as an integer and later takes a fraction gives every
 * object of the class a new one, which discards the code compiled for the old one: in a short run,
 * most of the solver's (lang/clock.ts, ZERO_MS). Two solvers made alike must still share their
 * hidden class after one of them has searched (conflicts, restarts, reductions, timing), which
 * V8's own test of maps tells (`%HaveSameMap`, enabled for this file's functions only).
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { pigeonhole } from '../../../bench/cnf-gen.js';
import { SatSolver } from '../../../lang/sat/solver.js';
import { VarHeap } from '../../../lang/sat/heap.js';

setFlagsFromString('--allow-natives-syntax');
// compiled after the flag is set: natives syntax is read when a function is compiled
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);') as (a: object, b: object) => boolean;

describe('the SAT solver\'s hidden class', () => {
  it('is the same before and after a search', () => {
    const searched = new SatSolver();
    const fresh = new SatSolver();
    expect(sameMap(searched, fresh)).toBe(true);
    const { numVars, clauses } = pigeonhole(8);
    for (let v = 0; v < numVars; v++) searched.newVar();
    for (const c of clauses) searched.addClause(c);
    expect(searched.solve()).toBe(false);
    expect(searched.stats.conflicts).toBeGreaterThan(2000);
    expect(sameMap(searched, fresh)).toBe(true);
    expect(sameMap(searched.stats, fresh.stats)).toBe(true);
  });

  it('is the same for the decision order before and after bumps and decays', () => {
    const used = new VarHeap();
    const fresh = new VarHeap();
    used.grow(4);
    for (let v = 1; v < 4; v++) used.add(v);
    for (let i = 0; i < 100; i++) { used.bump(1 + (i % 3)); used.decay(); }
    expect(sameMap(used, fresh)).toBe(true);
  });
});
