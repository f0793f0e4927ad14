/**
 * The frames F_0 .. F_k over the abstract state space, on the one solver of the context. F_0 is the
 * concrete initial states; F_1 .. F_k are conjunctions of lemmas, each the negation of a blocked
 * abstract cube at one location. Levels are delta-encoded as in the bit-level IC3: a lemma is
 * stored at the highest level where it is known to hold, and asserted behind that level's
 * activation literal, so a query relative to F_i assumes the activation literals of levels i and
 * above. The transition relation sits behind its own activation literal, since a state without
 * successors (the error location of a CFA) must still satisfy the queries that need no step.
 *
 * Locations. Every abstract cube carries a location, exactly as frames kept per location would:
 * a lemma says "at l, not c", a relative-induction query for (l, c) fixes the next location to l,
 * so only the actions into l take part, and the final invariant is read off per location. The
 * location never needs predicates or refinement. It is encoded as BMC's integer location variable
 * in the one solver (rather than one solver per location), so the lemmas of all locations and Z3's
 * learnt clauses serve every query.
 */
import { and, int, not, or, prime, ref, substitute, True, type Expr } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Location } from '../../formalisms/interpreter.js';
import type { Abstraction, Literal } from './abstraction.js';
import type { Ic3iaContext } from './context.js';

/** An abstract state set: a location and a cube over the abstraction variables. */
export interface Cube {
  readonly loc: Location;
  readonly lits: readonly Literal[];
}

/**
 * Whether F_level ∧ ¬c ∧ T ∧ c' is unsatisfiable: then the literals of c whose next-state copies
 * are in the unsat core (a subcube that is still relatively inductive); else the abstract state of
 * the predecessor.
 */
type RelInd = { core: Literal[] } | { predecessor: Cube };

export class Frames {
  /** Per level, the cubes blocked first there (level 0 is unused: F_0 is the initial states). */
  private readonly lemmas: Cube[][] = [[]];
  /** Per level, its activation literal (level 0: the initial states). */
  private readonly acts: Expr[] = [];
  private readonly trans: Expr;
  private readonly locById: ReadonlyMap<number, Location>;
  /** Per literal (by id), whether an initial state satisfies it. */
  private readonly initLiterals = new Map<number, boolean>();
  /** Abstract states of initial states seen, as sets of literal ids. */
  private readonly initStates: Set<number>[] = [];

  constructor(private readonly ctx: Ic3iaContext, private readonly abs: Abstraction) {
    this.acts.push(ctx.solver.guard(ctx.unroll.initial()));
    this.trans = ctx.solver.guard(ctx.unroll.step(new Set(ctx.model.locations), new Set()));
    this.locById = new Map(ctx.model.locations.map((l) => [l.id, l]));
  }

  get top(): number { return this.lemmas.length - 1; }

  /** Opens a level above the others, with no lemmas of its own. */
  newFrame(): void {
    this.lemmas.push([]);
    this.acts.push(this.ctx.solver.guard(True));
  }

  /** The activation literals that make up F_level. */
  private frame(level: number): Expr[] {
    return level === 0 ? [this.acts[0]!] : this.acts.slice(level);
  }

  /** The cube as a formula over the current state. */
  private formula(c: Cube): Expr {
    return and(this.ctx.at(c.loc), ...c.lits);
  }

  /**
   * Whether an initial state lies in the cube. Asked for every literal MIC tries to drop, so most
   * answers come without the solver: a literal that no initial state satisfies (each literal is
   * asked once) rules the cube out, and the abstract states of initial states met before (as sets
   * of literals) rule it in.
   */
  meetsInit(c: Cube): boolean {
    if (c.loc !== this.ctx.model.initLoc) return false;
    if (c.lits.some((l) => !this.initAllows(l))) return false;
    if (this.initStates.some((s) => c.lits.every((l) => s.has(l.id)))) return true;
    if (!this.ctx.check([this.acts[0]!, ...c.lits])) return false;
    this.initStates.push(new Set(this.stateOf().lits.map((l) => l.id)));
    return true;
  }

  /**
   * Whether `p` holds in every initial state and after every step, so in every reachable state: a
   * predicate that tells the reachable states nothing apart (the type invariants of an STS, which
   * its front end adds to the initial condition and the steps).
   */
  holdsEverywhere(p: Expr): boolean {
    return !this.ctx.check([this.acts[0]!, not(p)]) && !this.ctx.check([this.trans, not(prime(p))]);
  }

  /** Whether some initial state satisfies the literal. */
  private initAllows(l: Literal): boolean {
    let allows = this.initLiterals.get(l.id);
    if (allows === undefined) this.initLiterals.set(l.id, (allows = this.ctx.check([this.acts[0]!, l])));
    return allows;
  }

  /** The abstract state of the current state in the solver's model. */
  private stateOf(): Cube {
    const m = this.ctx.solver.model();
    try {
      const loc = this.ctx.unroll.multiLoc ? this.locById.get(Number(m.eval(ref(this.ctx.unroll.locVar)).value))! : this.ctx.model.initLoc;
      return { loc, lits: this.abs.cubeOf(m) };
    } finally {
      m.dispose();
    }
  }

  /** A bad abstract state in F_level, if there is one. */
  badIn(level: number): Cube | undefined {
    return this.ctx.check([...this.frame(level), this.ctx.unroll.bad()]) ? this.stateOf() : undefined;
  }

  /** Relative induction: is (l, c) unreachable in one step from F_level outside it? */
  relInd(c: Cube, level: number): RelInd {
    const solver = this.ctx.solver;
    const next = c.lits.map(prime);
    const at = this.ctx.at(c.loc, true);
    solver.pin(at);
    solver.push();
    try {
      solver.add(not(this.formula(c)));
      if (this.ctx.check([this.trans, ...this.frame(level), at, ...next])) return { predecessor: this.stateOf() };
      const core = new Set(solver.unsatCore().map((e) => e.id));
      return { core: c.lits.filter((_, i) => core.has(next[i]!.id)) };
    } finally {
      solver.pop();
    }
  }

  /** Whether F_level ∧ T implies ¬c in the next state (propagation, and pushing a new lemma up). */
  holdsAbove(c: Cube, level: number): boolean {
    return !this.ctx.check([this.trans, ...this.frame(level), this.ctx.at(c.loc, true), ...c.lits.map(prime)]);
  }

  /** Adds the lemma blocking `c` at `level` (and so at every level below it). */
  add(c: Cube, level: number): void {
    this.lemmas[level]!.push(c);
    this.ctx.solver.add(or(not(this.acts[level]!), not(this.formula(c))));
    this.ctx.counters.clauses++;
  }

  /** Moves the lemmas of `level` that hold one level up; how many stay. */
  pushUp(level: number): number {
    const stay: Cube[] = [];
    for (const c of this.lemmas[level]!) {
      if (this.holdsAbove(c, level)) {
        this.lemmas[level + 1]!.push(c);
        this.ctx.solver.add(or(not(this.acts[level + 1]!), not(this.formula(c))));
      } else {
        stay.push(c);
      }
    }
    this.lemmas[level] = stay;
    return stay.length;
  }

  /**
   * The lemmas of the levels above `level`, per location and over the model's variables: an
   * inductive invariant once `level` has no lemmas of its own.
   */
  invariantAbove(level: number): Map<Location, Expr> {
    const clauses = new Map<Location, Expr[]>(this.ctx.model.locations.map((l) => [l, []]));
    for (const c of this.lemmas.slice(level + 1).flat()) clauses.get(c.loc)!.push(not(this.abs.concrete(and(...c.lits))));
    // an interpolant may relate the location variable to the data; at l it is l
    const at = (l: Location) => new Map([[this.ctx.unroll.locVar, int(l.id)]]);
    return new Map([...clauses].map(([l, cs]) => [l, simplify(substitute(and(...cs), at(l)))]));
  }
}
