/**
 * What the parts of IC3IA share: the model's interpreter view with BMC's encoding of locations and
 * steps (`Unrolling`), the one incremental Z3 solver that holds the abstraction, the frames and the
 * transition relation, the deadline and the counters. Every frame query goes through `check` here,
 * so all of them are bounded by the deadline and counted in one place.
 */
import { eq, int, prime, ref, True, type Expr } from '../../lang/expr.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { Solver } from '../../lang/smt/solver.js';
import { Unrolling } from '../bmc.js';

export interface Ic3iaCounters {
  /** The top frame. */
  frame: number;
  obligations: number;
  /** Lemmas added to the frames (blocked abstract cubes). */
  clauses: number;
  /** Spurious abstract counterexamples refined away. */
  refinements: number;
  predicates: number;
}

/** Thrown past the deadline; the engine turns it into UNKNOWN (timeout). */
export class Timeout extends Error {}

/** Thrown when Z3 answers unknown for another reason than the deadline (an unsupported theory). */
export class SolverGaveUp extends Error {}

/** How far past the deadline a check may run before its time limit is set again. */
const SLACK_MS = 1000;

export class Ic3iaContext {
  readonly solver = new Solver();
  /** Per solver, the time limit of its checks, in milliseconds. */
  private readonly limits = new Map<Solver, number>();
  readonly unroll: Unrolling;
  readonly counters: Ic3iaCounters = { frame: 0, obligations: 0, clauses: 0, refinements: 0, predicates: 0 };

  constructor(readonly model: Interpreter, readonly deadline: number | undefined) {
    this.unroll = new Unrolling(model);
  }

  /** "At `loc`" in the current state (or the next one); `true` for a model with one location. */
  at(loc: Location, next = false): Expr {
    if (!this.unroll.multiLoc) return True;
    const v = ref(this.unroll.locVar);
    return eq(next ? prime(v) : v, int(loc.id));
  }

  checkDeadline(): void {
    if (this.deadline !== undefined && Date.now() > this.deadline) throw new Timeout();
  }

  /**
   * A check of `solver` (the frames' by default) under the deadline: sat or unsat, else it throws.
   * Z3's time limit is per check and setting it costs about as much as a small check, so it is set
   * again only when a check could otherwise run more than a second past the deadline.
   */
  check(assumptions: readonly Expr[], solver: Solver = this.solver): boolean {
    this.checkDeadline();
    if (this.deadline !== undefined) {
      const now = Date.now();
      const limit = this.limits.get(solver);
      if (limit === undefined || now + limit > this.deadline + SLACK_MS) {
        this.limits.set(solver, this.deadline - now);
        solver.setTimeout(this.deadline - now);
      }
    }
    const r = solver.check(assumptions);
    if (r === 'unknown') {
      if (this.deadline !== undefined && Date.now() >= this.deadline) throw new Timeout();
      throw new SolverGaveUp(`solver gave up: ${solver.reasonUnknown()}`);
    }
    return r === 'sat';
  }
}
