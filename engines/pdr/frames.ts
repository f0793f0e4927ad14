/**
 * PDR's frames, per location, on one incremental Z3 solver over two copies of the state (v<0> and
 * v<1>, `atStep`). F_0 is the initial states; F_i (i ≥ 1) is, at each location l, the conjunction of
 * the lemmas of l stored at levels i and above: delta-encoded as in IC3, each lemma behind the
 * activation literal of the highest level where it is known to hold. The transition relation is
 * one formula per target location (the actions into it), behind its own activation literal, so a
 * query about a cube at l involves only the steps that can enter l, as Spacer's queries involve
 * only the clauses whose head is l's predicate.
 *
 * The location is BMC's integer location variable (engines/bounded.ts) at step 0; a cube and a
 * lemma speak of the model's variables only, and belong to one location.
 */
import { False, True, and, atStep, conjuncts, eq, imply, indexed, int, not, or, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import { implicantIn, projectImplicant } from '../../lang/smt/project.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { SmtModel } from '../../lang/smt/model.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { unindexed } from '../../cegar/path.js';
import { Unrolling } from '../bounded.js';
import { LemmaLevels } from './levels.js';
import { dropLiterals } from '../drop-literals.js';

/** A set of states at one location: a conjunction of literals over the model's variables. */
export interface Cube {
  readonly loc: Location;
  readonly lits: readonly Expr[];
}

/** A lemma: a formula over the model's variables that holds at its location in a frame. */
interface Lemma {
  readonly loc: Location;
  readonly formula: Expr;
}

/** A blocked cube's query gives the literals of its unsat core; an unblocked one a predecessor in the frame below. */
type Blocking = { readonly core: readonly Expr[] } | { readonly predecessor: Cube };

export class Frames {
  readonly solver: Solver;
  private readonly lemmas = new LemmaLevels<Lemma>();
  /** Per level, its activation literal; level 0's enables the initial states. */
  private readonly acts: Expr[];
  /** Per location, the activation literal of the steps into it, and their formula from v<0> to v<1>. */
  private readonly into = new Map<Location, { readonly act: Expr; readonly formula: Expr }>();
  private readonly locVar: VarDecl;
  private readonly multiLoc: boolean;
  private readonly locById: ReadonlyMap<number, Location>;
  /** What a predecessor keeps: the variables and the location at step 0. */
  private readonly current: ReadonlySet<VarDecl>;
  /** The inductive invariant taken in so far, per location. */
  private readonly assumedAt = new Map<Location, Expr>();

  constructor(readonly model: Interpreter, private readonly z3: Z3Context, private readonly checks: DeadlineChecks) {
    const unroll = new Unrolling(model);
    this.locVar = unroll.locVar;
    this.multiLoc = unroll.multiLoc;
    this.locById = new Map(model.locations.map((l) => [l.id, l]));
    this.current = new Set([indexed(this.locVar, 0), ...model.vars.map((v) => indexed(v, 0))]);
    this.solver = new Solver(z3);
    this.acts = [this.solver.guard(this.initial())];
    const actions = model.locations.flatMap((s) => model.actions(s));
    for (const l of model.locations) {
      const formula = or(...actions.filter((a) => a.target === l).map((a) => and(this.at(a.source), atStep(a.formula, 0))));
      this.into.set(l, { act: this.solver.guard(formula), formula });
    }
  }

  /**
   * Takes in an inductive invariant per location (such as the affine equalities), at any time:
   * every frame above F_0 is then taken with it and the steps into l land in l's part. Reachable
   * states satisfy it, so the frames still hold every state reachable within their bounds, the
   * lemmas learnt so far stay valid, and new ones need only be inductive relative to it. The
   * invariant a safe verdict comes with includes it.
   */
  assume(invariant: ReadonlyMap<Location, Expr>): void {
    for (const l of this.model.locations) {
      const f = invariant.get(l) ?? True;
      if (f === True) continue;
      this.assumedAt.set(l, and(this.assumed(l), f));
      const into = this.into.get(l)!;
      this.solver.add(imply(into.act, atStep(f, 1)));
      this.into.set(l, { act: into.act, formula: and(into.formula, atStep(f, 1)) });
      this.solver.add(imply(this.at(l), atStep(f, 0)));
    }
  }

  get top(): number { return this.lemmas.top; }

  /** Opens a level above the others, with no lemmas of its own. */
  newFrame(): void {
    this.lemmas.open();
    this.acts.push(this.solver.guard(True));
  }

  /** The invariant assumed at l. */
  private assumed(l: Location): Expr {
    return this.assumedAt.get(l) ?? True;
  }

  /** "At l" at step 0; true for a model with one location. */
  private at(l: Location): Expr {
    return this.multiLoc ? eq(ref(indexed(this.locVar, 0)), int(l.id)) : True;
  }

  /** The initial states at step 0. */
  private initial(): Expr {
    return and(this.at(this.model.initLoc), atStep(this.model.init, 0));
  }

  /** The activation literals that make up F_level. */
  private frame(level: number): Expr[] {
    return level === 0 ? [this.acts[0]!] : this.acts.slice(level);
  }

  /** F_level at step 0, as a formula (interpolation needs it whole). */
  formula(level: number): Expr {
    if (level === 0) return this.initial();
    const lemmas = this.lemmas.from(level).map((m) => imply(this.at(m.loc), atStep(m.formula, 0)));
    return and(...this.model.locations.map((l) => imply(this.at(l), atStep(this.assumed(l), 0))), ...lemmas);
  }

  /** The steps into `l`, from v<0> to v<1>. */
  stepsInto(l: Location): Expr {
    return this.into.get(l)!.formula;
  }

  /** The initial states at `l`, over the model's variables (false away from the initial location). */
  initialAt(l: Location): Expr {
    return l === this.model.initLoc ? this.model.init : False;
  }

  /** Whether an initial state lies in the cube. */
  meetsInit(c: Cube): boolean {
    return c.loc === this.model.initLoc && this.checks.check(this.solver, [this.acts[0]!, ...c.lits.map((x) => atStep(x, 0))]);
  }

  /** A bad cube in F_level, if there is one: an implicant of the bad states in the solver's model. */
  badIn(level: number): Cube | undefined {
    const bad = atStep(this.model.bad, 0);
    if (!this.checks.check(this.solver, [...this.frame(level), this.at(this.model.errorLoc), bad])) return undefined;
    const m = this.solver.model();
    try {
      return { loc: this.model.errorLoc, lits: implicantIn(bad, m).map(unindexed) };
    } finally {
      m.dispose();
    }
  }

  /** Is the cube reachable in one step from F_(level-1)? If not, the core of its literals; else a predecessor there. */
  block(c: Cube, level: number): Blocking {
    const next = c.lits.map((x) => atStep(x, 1));
    const into = this.into.get(c.loc)!;
    if (!this.checks.check(this.solver, [...this.frame(level - 1), into.act, ...next])) {
      const core = new Set(this.solver.unsatCore().map((e) => e.id));
      return { core: c.lits.filter((_, i) => core.has(next[i]!.id)) };
    }
    const m = this.solver.model();
    try {
      const loc = this.multiLoc ? this.locById.get(Number(m.eval(ref(indexed(this.locVar, 0))).value))! : this.model.initLoc;
      return { predecessor: { loc, lits: this.project(and(into.formula, ...next), loc, m) } };
    } finally {
      m.dispose();
    }
  }

  /**
   * The states at `loc` (step 0) with a step that satisfies `f` in the model's way: an implicant of
   * f in m projected onto step 0, so every state of the cube has a successor in the obligation.
   */
  private project(f: Expr, loc: Location, m: SmtModel): Expr[] {
    const cube = projectImplicant(this.z3, m, f, (v) => this.current.has(v));
    const here = simplify(substitute(cube, new Map([[indexed(this.locVar, 0), int(loc.id)]])));
    return conjuncts(unindexed(here));
  }

  /**
   * The blocked cube with literals dropped while its negation stays inductive relative to
   * F_(level-1), IC3's inductive generalisation as Spacer's `ind_gen` applies it: the smaller cube
   * holds no initial state, and no step from F_(level-1) outside it enters it. Each drop that
   * succeeds shrinks the cube further to the query's core.
   */
  generalize(c: Cube, level: number): Cube {
    return { loc: c.loc, lits: dropLiterals(c.lits, (lits) => this.inductiveCore({ loc: c.loc, lits }, level)) };
  }

  /** The core of the cube's literals if its negation is inductive relative to F_(level-1) and excludes the initial states. */
  private inductiveCore(c: Cube, level: number): readonly Expr[] | undefined {
    if (this.meetsInit(c)) return undefined;
    const next = c.lits.map((x) => atStep(x, 1));
    const outside = imply(this.at(c.loc), not(and(...c.lits.map((x) => atStep(x, 0)))));
    if (this.checks.check(this.solver, [...this.frame(level - 1), this.into.get(c.loc)!.act, outside, ...next])) return undefined;
    const core = new Set(this.solver.unsatCore().map((e) => e.id));
    const kept = c.lits.filter((_, i) => core.has(next[i]!.id));
    // the complement of the core's cube lies inside the tried cube's, so the core's negation is inductive too
    return kept.length > 0 && !this.meetsInit({ loc: c.loc, lits: kept }) ? kept : c.lits;
  }

  /** Whether `formula` holds at `loc` after every step from F_(level-1): it belongs in F_level. */
  holdsAt(loc: Location, formula: Expr, level: number): boolean {
    return !this.checks.check(this.solver, [...this.frame(level - 1), this.into.get(loc)!.act, atStep(not(formula), 1)]);
  }

  /** Adds the lemma at `level` (and so at every level from 1 to it). */
  add(loc: Location, formula: Expr, level: number): void {
    this.lemmas.store({ loc, formula }, level);
    this.solver.add(or(not(this.acts[level]!), imply(this.at(loc), atStep(formula, 0))));
  }

  /** How many lemmas the frames hold. */
  get size(): number {
    return this.lemmas.size;
  }

  /**
   * Moves every lemma that holds one level up there, from level 1 to the one below the top; the
   * first level left without lemmas of its own, if any: the frames above it are then an inductive
   * invariant (F_i = F_(i+1), and every lemma holds initially).
   */
  propagate(): number | undefined {
    return this.lemmas.propagate((m, level) => this.holdsAt(m.loc, m.formula, level), (m, level) => this.add(m.loc, m.formula, level));
  }

  /** The lemmas of the levels above `level`, per location. */
  invariantAbove(level: number): Map<Location, Expr> {
    const at = new Map<Location, Expr[]>(this.model.locations.map((l) => [l, [this.assumed(l)]]));
    for (const m of this.lemmas.from(level + 1)) at.get(m.loc)!.push(m.formula);
    return new Map([...at].map(([l, fs]) => [l, simplify(and(...fs))]));
  }

  dispose(): void {
    this.solver.dispose();
  }
}
