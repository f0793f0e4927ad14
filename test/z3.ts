/**
 * The real Z3 for a test file: loaded before its tests and shut down after them, with one solver
 * that checks the tests' claims independently of the code under test.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Expr } from '../lang/expr.js';
import { loadZ3, shutdown } from '../lang/smt/context.js';
import { Solver } from '../lang/smt/solver.js';

/** Registers the file's Z3 set-up and returns the check "this formula is unsatisfiable". */
export function unsatChecker(): (e: Expr) => boolean {
  let checker: Solver;
  beforeAll(async () => {
    await loadZ3();
    checker = new Solver();
  });
  afterAll(async () => {
    checker.dispose();
    await shutdown();
  });
  return (e) => checker.check([e]) === 'unsat';
}
