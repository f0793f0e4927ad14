/**
 * Spacer's must summaries (Komuravelli, Gurfinkel and Chaki, FMSD 2016, "reachability facts"): per
 * predicate, formulas over its argument variables every atom of which is derivable, each justified
 * by the clause it was derived with and the facts of its body atoms. A query's model whose body
 * atoms all lie in known facts derives its head without further obligations; once the queries'
 * head `false` has a fact, its justifications are a derivation of false (derivation.ts).
 *
 * A fact is the clause's constraint and its body atoms' facts, projected onto the head's
 * arguments by model-based projection in the query's model: an implicant, so every atom it admits
 * is derivable with the same clause (an under-approximation, where frames over-approximate).
 *
 * The facts of P are also asserted on the frames' solver, per body occurrence of P, as a chain
 * of literals: the k-th fact's literal g_k implies that fact or g_(k-1), so assuming the latest
 * literal of a body atom (instead of its frame's literal) puts the atom in the known facts. A
 * query over the frames picks its model without regard to the facts; where its model leaves the
 * facts at some body atom, the query is asked again with that atom and those before it in the
 * facts, before an obligation is sent below for it (horn-pdr.ts). Without that, an obligation
 * below that a known fact meets, away from the model's point, would be sent again and again.
 */
import { True, and, conjuncts, declareVar, not, or, ref, type Expr } from '../../lang/expr.js';
import { BoolT } from '../../lang/types.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { SmtModel } from '../../lang/smt/model.js';
import { projectImplicant } from '../../lang/smt/project.js';
import type { Predicate } from '../../formalisms/frontends/chc/clauses.js';
import type { ClauseEncoding, ClauseFrames, Head } from './frames.js';

export interface ReachFact {
  readonly head: Head;
  /** Over the head's argument variables (true for false's). */
  readonly formula: Expr;
  readonly enc: ClauseEncoding;
  /** Per body atom, the fact it was derived from. */
  readonly premises: readonly ReachFact[];
}

export class ReachFacts {
  private readonly facts = new Map<Predicate, ReachFact[]>();
  /** Per clause and body atom, the latest literal of the chain of its predicate's facts. */
  private readonly latest = new Map<ClauseEncoding, (Expr | undefined)[]>();

  constructor(private readonly frames: ClauseFrames, private readonly z3: Z3Context) {}

  get size(): number {
    let n = 0;
    for (const fs of this.facts.values()) n += fs.length;
    return n;
  }

  /** A known fact of the body atom `j` of the clause that holds of its arguments in m. */
  covering(enc: ClauseEncoding, j: number, m: SmtModel): ReachFact | undefined {
    const p = enc.clause.body[j]!.pred;
    return this.facts.get(p)?.find((f) => m.eval(this.frames.at(p, f.formula, enc.body[j]!)) === True);
  }

  /**
   * The body atoms' parts of a query about the clause in m: the facts `premises` for the first
   * ones, F_level for the rest, each over its atom's copy.
   */
  bodyIn(enc: ClauseEncoding, premises: readonly ReachFact[], level: number): Expr[] {
    return enc.clause.body.map((a, j) => this.frames.at(a.pred, j < premises.length ? premises[j]!.formula : this.frames.frame(a.pred, level), enc.body[j]!));
  }

  /** Extends the chains of P's body occurrences by a new fact of P. */
  private chain(p: Predicate, formula: Expr): void {
    for (const { enc, j, copy } of this.frames.occurrencesOf(p)) {
      const literals = this.latest.get(enc) ?? enc.clause.body.map(() => undefined);
      this.latest.set(enc, literals);
      const g = ref(declareVar(`facts@${enc.clause.index + 1}.${j + 1}`, BoolT));
      const before = literals[j];
      this.frames.solver.add(or(not(g), not(enc.on), this.frames.at(p, formula, copy), ...(before ? [before] : [])));
      literals[j] = g;
    }
  }

  /** The literals that put the clause's first `n` body atoms in their known facts, unless one has none. */
  literals(enc: ClauseEncoding, n: number): Expr[] | undefined {
    const literals = this.latest.get(enc)?.slice(0, n);
    return literals && literals.every((g) => g !== undefined) ? literals as Expr[] : undefined;
  }

  /** The new fact of the clause's head, whose body atoms lie in `premises` in m. */
  derive(enc: ClauseEncoding, premises: readonly ReachFact[], m: SmtModel): ReachFact {
    const head = enc.clause.head?.pred;
    let formula: Expr = True;
    if (head) {
      const keep = new Set(enc.head);
      const projected = projectImplicant(this.z3, m, and(enc.formula, ...this.bodyIn(enc, premises, 0)), (v) => keep.has(v));
      formula = and(...conjuncts(this.frames.unat(head, projected, enc.head)));
      const list = this.facts.get(head) ?? [];
      const fact = { head, formula, enc, premises };
      list.push(fact);
      this.facts.set(head, list);
      this.chain(head, formula);
      return fact;
    }
    return { head, formula, enc, premises };
  }
}
