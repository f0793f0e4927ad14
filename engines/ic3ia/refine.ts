/**
 * Abstract counterexamples checked on the concrete model, and refinement (Cimatti et al., TACAS
 * 2014, Sect. 4): an abstract counterexample s_0 .. s_k is real iff BMC's unrolling (`Unrolling`,
 * incremental over the calls) has a run of k steps from an initial state into a bad one whose j-th
 * state lies in s_j (the predicates of s_j read back over the variables); a model of it is the
 * concrete trace. Otherwise the parts A_0 = Init ∧ s_0, A_j = T ∧ s_j (the last with the bad
 * states) are refuted by sequence interpolants I_0 .. I_(k-1), one per state
 * (`lang/smt/interpolate.ts`), and their atoms become new predicates, under which the abstract path
 * is no longer a path: each I_j is then a union of abstract states that contains s_j, its abstract
 * successors through s_(j+1) lie in I_(j+1), and those of I_(k-1) are not bad. The abstract states
 * keep the interpolation queries small, where the plain k-step unrolling has every action of every
 * step in it. Atoms over the location alone are dropped: abstract states carry it exactly.
 */
import { and, atStep, postorder, type Expr } from '../../lang/expr.js';
import type { Location } from '../../formalisms/interpreter.js';
import type { Trace } from '../../formalisms/trace.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import { splitPredicate } from '../../cegar/domains/split.js';
import { unindexed } from '../../cegar/path.js';
import type { Abstraction } from './abstraction.js';
import { pathInterpolants } from '../path-interpolants.js';
import type { Ic3iaContext } from './context.js';
import type { Cube } from './frames.js';

export class Refiner {
  readonly solver: Solver;
  /** The locations reachable in exactly j steps, syntactically. */
  private readonly frontiers: Set<Location>[];
  /** The step formula from frontier j, over V and V'. */
  private readonly steps: Expr[] = [];
  /**
   * The activation of step j: a path of k steps assumes the first k only, since the states at
   * the error location have no successor and an asserted step k would refute every bad path of k.
   */
  private readonly stepActs: Expr[] = [];

  constructor(private readonly ctx: Ic3iaContext, private readonly abs: Abstraction) {
    this.solver = new Solver(ctx.z3);
    this.frontiers = [new Set([ctx.model.initLoc])];
    this.solver.addAtStep(ctx.unroll.initial(), 0);
  }

  private extend(k: number): void {
    while (this.steps.length < k) {
      const j = this.steps.length;
      const next = new Set<Location>();
      const step = this.ctx.unroll.step(this.frontiers[j]!, next);
      this.stepActs.push(this.solver.guardAtStep(step, j));
      this.steps.push(step);
      this.frontiers.push(next);
    }
  }

  /** The states of the cube, over the model's variables. */
  private states(c: Cube): Expr {
    return this.abs.concrete(and(this.ctx.at(c.loc), ...c.lits));
  }

  /** A concrete trace along the abstract path into a bad state, if there is one. */
  concrete(path: readonly Cube[]): Trace | undefined {
    const k = path.length - 1;
    this.extend(k);
    if (!this.frontiers[k]!.has(this.ctx.model.errorLoc)) return undefined;
    const acts = [...path.map((c, j) => this.solver.guardAtStep(this.states(c), j)), this.solver.guardAtStep(this.ctx.unroll.bad(), k)];
    try {
      return this.ctx.check([...this.stepActs.slice(0, k), ...acts], this.solver) ? this.ctx.unroll.trace(this.solver, k) : undefined;
    } finally {
      for (const act of acts) this.solver.retire(act);
    }
  }

  /** Predicates under which the abstract path is no path, once `concrete` found no trace along it. */
  predicates(path: readonly Cube[]): Expr[] {
    const unroll = this.ctx.unroll;
    const k = path.length - 1;
    const parts = [and(atStep(unroll.initial(), 0), atStep(this.states(path[0]!), 0))];
    for (let j = 1; j <= k; j++) parts.push(and(atStep(this.steps[j - 1]!, j - 1), atStep(this.states(path[j]!), j)));
    parts[k] = and(parts[k]!, atStep(unroll.bad(), k));
    const itps = pathInterpolants(this.ctx.z3, parts, this.ctx.deadline, 'BMC');
    const loc = unroll.locVar;
    return itps.flatMap((i) => splitPredicate(simplify(unindexed(i)), 'ATOMS'))
      .filter((p) => postorder(p).some((n) => n.op === 'var' && n.decl !== loc));
  }
}
