/**
 * What the parts of IC3IA share: the model's interpreter view with BMC's encoding of locations and
 * steps (`Unrolling`), the one incremental Z3 solver that holds the abstraction, the frames and the
 * transition relation, the deadline and the counters. Every frame query goes through `check` here,
 * so all of them are bounded by the deadline and counted in one place.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { eq, int, prime, ref, True, type Expr } from '../../lang/expr.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { Solver } from '../../lang/smt/solver.js';
import { DeadlineChecks } from '../../lang/smt/deadline.js';
import { Unrolling } from '../bounded.js';

interface Ic3iaCounters {
  /** The top frame. */
  frame: number;
  obligations: number;
  /** Lemmas added to the frames (blocked abstract cubes). */
  clauses: number;
  /** Spurious abstract counterexamples refined away. */
  refinements: number;
  predicates: number;
}

export class Ic3iaContext {
  readonly solver: Solver;
  readonly unroll: Unrolling;
  readonly counters: Ic3iaCounters = { frame: 0, obligations: 0, clauses: 0, refinements: 0, predicates: 0 };

  private readonly bounded: DeadlineChecks;

  constructor(readonly model: Interpreter, readonly deadline: number | undefined, readonly z3: Z3Context) {
    this.solver = new Solver(z3);
    this.bounded = new DeadlineChecks(deadline);
    this.unroll = new Unrolling(model);
  }

  /** "At `loc`" in the current state (or the next one); `true` for a model with one location. */
  at(loc: Location, next = false): Expr {
    if (!this.unroll.multiLoc) return True;
    const v = ref(this.unroll.locVar);
    return eq(next ? prime(v) : v, int(loc.id));
  }

  checkDeadline(): void {
    this.bounded.checkDeadline();
  }

  /** A check of `solver` (the frames' by default) under the deadline: sat or unsat, else it throws. */
  check(assumptions: readonly Expr[], solver: Solver = this.solver): boolean {
    return this.bounded.check(solver, assumptions);
  }
}
