/**
 * PDR's frames over a clause system (engines/horn-pdr.ts), per predicate, on one incremental Z3
 * solver. F_0 holds nothing (no atom is derived in no step); F_i (i ≥ 1) is, for each predicate,
 * the conjunction of its lemmas stored at levels i and above, delta-encoded behind one activation
 * literal per level as in IC3. The head `undefined` stands for `false`, the queries' head.
 *
 * Each clause is asserted once, behind a literal of its own, over its own variables and a copy of
 * the argument variables of each body atom and of its head, equal to the atom's arguments. A lemma
 * of P is asserted once per body occurrence of P, over that occurrence's copy, behind the
 * clause's literal (a query about one clause sees the frames of its own body atoms only: a lemma
 * `false` of P must not refute the clauses without P) and the occurrence's `framed` literal (a
 * query may put the atom in known facts instead, reach.ts).
 */
import { False, True, and, eq, not, or, ref, substitute, type Expr, type VarDecl, declareVar } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import { Solver } from '../../lang/smt/solver.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { SmtModel } from '../../lang/smt/model.js';
import { BoolT } from '../../lang/types.js';
import type { Clause, Predicate } from '../../formalisms/frontends/chc/clauses.js';
import type { ClauseView } from '../../formalisms/frontends/chc/layout.js';
import { LemmaLevels } from '../pdr/levels.js';
import { dropLiterals } from '../drop-literals.js';

/** A clause's head: a predicate, or `false` (undefined). */
export type Head = Predicate | undefined;

/** A clause as the solver holds it. */
export interface ClauseEncoding {
  readonly clause: Clause;
  /** Its activation literal. */
  readonly on: Expr;
  /** Per body atom, the copy of its predicate's argument variables. */
  readonly body: readonly (readonly VarDecl[])[];
  /** Per body atom, the literal that puts it in its predicate's frame (a query may put it in known facts instead). */
  readonly framed: readonly Expr[];
  /** The copy of the head's argument variables (none for a query). */
  readonly head: readonly VarDecl[];
  /** The constraint, with every copy equal to its atom's arguments. */
  readonly formula: Expr;
}

/** A body atom of P in a clause: the clause, the atom's position, the copy of P's arguments there. */
interface Occurrence {
  readonly enc: ClauseEncoding;
  readonly j: number;
  readonly copy: readonly VarDecl[];
}

interface Lemma {
  readonly pred: Predicate;
  readonly formula: Expr;
}

/** A clause's query: refuted (the cube's literals in its core), or a model of it (to be disposed). */
type Query = { readonly core: ReadonlySet<number> } | { readonly model: SmtModel };

export class ClauseFrames {
  readonly solver: Solver;
  private readonly lemmas = new LemmaLevels<Lemma>();
  /** Per level from 1, its activation literal (index 0 unused). */
  private readonly acts: Expr[] = [True];
  private readonly encodings: readonly ClauseEncoding[];
  private readonly into = new Map<Head, ClauseEncoding[]>();
  /** Per predicate, its body occurrences: the clause, the atom's position and the copy of its arguments there. */
  private readonly occurrences = new Map<Predicate, Occurrence[]>();

  constructor(readonly view: ClauseView, private readonly checks: DeadlineChecks, z3: Z3Context) {
    this.solver = new Solver(z3);
    this.encodings = view.system.clauses.map((c) => this.encode(c));
    for (const p of [undefined, ...view.system.predicates]) this.into.set(p, []);
    for (const enc of this.encodings) {
      this.into.get(enc.clause.head?.pred)!.push(enc);
      enc.clause.body.forEach((a, j) => {
        const list = this.occurrences.get(a.pred) ?? [];
        list.push({ enc, j, copy: enc.body[j]! });
        this.occurrences.set(a.pred, list);
      });
    }
  }

  private encode(c: Clause): ClauseEncoding {
    const copy = (p: Predicate, where: string) => this.view.params.get(p)!.map((v) => declareVar(`${v.name}@${c.index + 1}${where}`, v.type));
    const body = c.body.map((a, j) => copy(a.pred, `.${j + 1}`));
    const head = c.head ? copy(c.head.pred, '') : [];
    const equal = (vars: readonly VarDecl[], args: readonly Expr[]) => vars.map((v, k) => eq(ref(v), args[k]!));
    const formula = and(c.constraint, ...c.body.flatMap((a, j) => equal(body[j]!, a.args)), ...(c.head ? equal(head, c.head.args) : []));
    const on = this.solver.guard(formula);
    const framed = c.body.map((_, j) => ref(declareVar(`framed@${c.index + 1}.${j + 1}`, BoolT)));
    return { clause: c, on, body, framed, head, formula };
  }

  get top(): number { return this.lemmas.top; }

  /** The clauses whose head is `h`. */
  clausesInto(h: Head): readonly ClauseEncoding[] {
    return this.into.get(h)!;
  }

  /** Opens a level above the others, with no lemmas of its own. */
  newFrame(): void {
    this.lemmas.open();
    this.acts.push(this.solver.guard(True));
  }

  /** The body occurrences of P. */
  occurrencesOf(p: Predicate): readonly Occurrence[] {
    return this.occurrences.get(p) ?? [];
  }

  /** `f`, a formula over P's argument variables, over a copy of them. */
  at(p: Predicate, f: Expr, copy: readonly VarDecl[]): Expr {
    return substitute(f, new Map(this.view.params.get(p)!.map((v, k) => [v, ref(copy[k]!)])));
  }

  /** `f`, a formula over a copy of P's argument variables, over the variables themselves. */
  unat(p: Predicate, f: Expr, copy: readonly VarDecl[]): Expr {
    return substitute(f, new Map(copy.map((v, k) => [v, ref(this.view.params.get(p)![k]!)])));
  }

  /** F_level of P over its argument variables. */
  frame(p: Predicate, level: number): Expr {
    if (level === 0) return False;
    return and(...this.lemmas.from(level).filter((m) => m.pred === p).map((m) => m.formula));
  }

  /**
   * Does the clause derive an atom of the cube (over its head's argument variables; none for a
   * query) from atoms of F_(level-1)? If not, the positions of the cube's literals in the core.
   * `facts` puts the first body atoms in known facts instead (reach.ts, a literal per atom);
   * `outside` holds further assumptions about the body.
   */
  query(enc: ClauseEncoding, level: number, cube: readonly Expr[], facts: readonly Expr[] = [], outside: readonly Expr[] = []): Query {
    const framed = enc.framed.slice(facts.length);
    if (level === 1 && framed.length > 0) return { core: new Set() };
    const p = enc.clause.head?.pred;
    const lits = p ? cube.map((x) => this.at(p, x, enc.head)) : [];
    if (!this.check([enc.on, ...facts, ...framed, ...this.acts.slice(Math.max(1, level - 1)), ...outside, ...lits])) {
      const core = new Set(this.solver.unsatCore().map((e) => e.id));
      return { core: new Set(lits.flatMap((x, i) => (core.has(x.id) ? [i] : []))) };
    }
    return { model: this.solver.model() };
  }

  /** Whether the frames' solver satisfies the assumptions (within the deadline). */
  check(assumptions: readonly Expr[]): boolean {
    return this.checks.check(this.solver, assumptions);
  }

  /**
   * The blocked cube of P with literals dropped while its negation stays inductive relative to
   * F_(level-1), as engines/pdr/frames.ts does for one location: no clause into P derives an atom of
   * the smaller cube from atoms of F_(level-1) whose atoms of P lie outside it (a clause without
   * body atoms asks whether the cube holds an initial atom). Each drop that succeeds shrinks the
   * cube further to the union of the queries' cores.
   */
  generalize(p: Predicate, cube: readonly Expr[], level: number): readonly Expr[] {
    return dropLiterals(cube, (lits) => this.inductiveCore(p, lits, level));
  }

  /** The core of the cube's literals if its negation is inductive relative to F_(level-1) (initial atoms included). */
  private inductiveCore(p: Predicate, cube: readonly Expr[], level: number): readonly Expr[] | undefined {
    const core = new Set<number>();
    const excluded = not(and(...cube));
    for (const enc of this.clausesInto(p)) {
      const outside = enc.clause.body.flatMap((a, j) => (a.pred === p ? [this.at(p, excluded, enc.body[j]!)] : []));
      const q = this.query(enc, level, cube, [], outside);
      if ('model' in q) {
        q.model.dispose();
        return undefined;
      }
      q.core.forEach((i) => core.add(i));
    }
    // each query's core lies in the union, and the union's complement inside the tried cube's
    const kept = cube.filter((_, i) => core.has(i));
    return kept.length > 0 ? kept : cube;
  }

  /** Whether `formula` holds of every atom of P the clauses derive from F_(level-1): it belongs in F_level. */
  holdsAt(p: Predicate, formula: Expr, level: number): boolean {
    return this.clausesInto(p).every((enc) => 'core' in this.query(enc, level, [not(formula)]));
  }

  /** Adds the lemma at `level` (and so at every level from 1 to it). */
  add(pred: Predicate, formula: Expr, level: number): void {
    this.lemmas.store({ pred, formula }, level);
    for (const { enc, j, copy } of this.occurrencesOf(pred)) {
      this.solver.add(or(not(this.acts[level]!), not(enc.on), not(enc.framed[j]!), this.at(pred, formula, copy)));
    }
  }

  /** How many lemmas the frames hold. */
  get size(): number {
    return this.lemmas.size;
  }

  /**
   * Moves every lemma that holds one level up there, from level 1 to the one below the top; the
   * first level left without lemmas of its own, if any: the frames above it are then closed under
   * every clause (F_i = F_(i+1)), and they refute the queries, which F_top does.
   */
  propagate(): number | undefined {
    return this.lemmas.propagate((m, level) => this.holdsAt(m.pred, m.formula, level), (m, level) => this.add(m.pred, m.formula, level));
  }

  /** The lemmas of the levels above `level`, per predicate. */
  invariantAbove(level: number): Map<Predicate, Expr> {
    return new Map(this.view.system.predicates.map((p) => [p, simplify(this.frame(p, level + 1))]));
  }

  dispose(): void {
    this.solver.dispose();
  }
}
