/**
 * The real Z3 for a test file: loaded before its tests and shut down after them, with one solver
 * that the tests use directly or that checks their claims independently of the code under test.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Expr } from '../../lang/expr.js';
import { loadZ3, shutdown, type Z3Context } from '../../lang/smt/context.js';
import { Solver } from '../../lang/smt/solver.js';

/** Registers the file's Z3 set-up; `solver` is there from the first test on. */
export function testSolver(): { readonly solver: Solver } {
  const z3 = { solver: undefined as unknown as Solver };
  beforeAll(async () => {
    z3.solver = new Solver(await loadZ3());
  });
  afterAll(async () => {
    z3.solver.dispose();
    await shutdown();
  });
  return z3;
}

/** Registers the file's Z3 set-up and returns the check "this formula is unsatisfiable". */
export function unsatChecker(): (e: Expr) => boolean {
  const z3 = testSolver();
  return (e) => z3.solver.check([e]) === 'unsat';
}

/** The Z3 context of the thread for the code under test, loaded before the file's tests. */
export function testContext(): () => Z3Context {
  let z3: Z3Context | undefined;
  beforeAll(async () => { z3 = await loadZ3(); });
  return () => z3!;
}
