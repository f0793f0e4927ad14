/**
 * Model-based implicants: for a formula F and a total valuation m with m ⊨ F, a set of literals
 * true in m whose conjunction implies F. Boolean structure is resolved by m: a conjunction keeps
 * every conjunct, a disjunction one disjunct true in m (one already kept, if any), `ite` the branch
 * m takes together with its condition; term-level `ite`s are replaced by the branch m takes, with
 * the condition's literals added. What is left are atoms over the theory (comparisons, Boolean
 * variables) and their negations, the input that model-based projection eliminates variables from
 * exactly (Komuravelli, Gurfinkel, Chaki, "SMT-based model checking for recursive programs",
 * CAV 2014, and Z3's spacer, which computes such an implicant before every projection).
 *
 * Evaluation is in TypeScript (`eval.ts`); nodes it cannot evaluate, quantifiers and arrays of
 * Booleans are kept whole as literals. The caller should check the result in the model it came
 * from: evaluation and the solver could disagree where the semantics leave values open (division
 * by zero).
 */
import { BoolT } from './types.js';
import { False, True, not, postorder, withArgs, type Expr } from './expr.js';
import { evaluateAll, type Lookup } from './eval.js';

/** The literals of an implicant of `f` in the valuation, or undefined if `f` is not true there. */
export function implicant(f: Expr, lookup: Lookup): Expr[] | undefined {
  const val = evaluateAll(f, lookup);
  if (val.get(f.id) !== True) return undefined;
  return new Implicant(val).of(f);
}

class Implicant {
  private readonly kept = new Set<Expr>();
  private readonly out: Expr[] = [];
  /** Formulas already given their value (`litKey`: id and polarity), so shared subformulas are visited once. */
  private readonly done = new Set<number>();
  private readonly terms = new Map<number, Expr>();

  constructor(private readonly val: ReadonlyMap<number, Expr | undefined>) {}

  of(f: Expr): Expr[] | undefined {
    try {
      this.lits(f, true);
    } catch (e) {
      if (e instanceof Unknown) return undefined;
      throw e;
    }
    return this.out;
  }

  private value(e: Expr): boolean {
    const v = this.val.get(e.id);
    if (v === True) return true;
    if (v === False) return false;
    throw new Unknown();
  }

  private keep(lit: Expr): void {
    if (lit === True) return;
    if (!this.kept.has(lit)) {
      this.kept.add(lit);
      this.out.push(lit);
    }
  }

  /** Adds literals that make `e` take the truth value `pol` (which it has in the valuation). */
  private lits(e: Expr, pol: boolean): void {
    const key = litKey(e, pol);
    if (this.done.has(key)) return;
    this.done.add(key);
    const a = e.args;
    switch (e.op) {
      case 'lit':
        return;
      case 'not':
        return this.lits(a[0]!, !pol);
      case 'and':
      case 'or': {
        // all operands (and true, or false), or one operand deciding the value
        if ((e.op === 'and') === pol) {
          for (const x of a) this.lits(x, pol);
        } else {
          this.lits(this.pick(a, pol), pol);
        }
        return;
      }
      case 'imply': {
        // a => b: true by not a or by b; false by a and not b
        if (!pol) {
          this.lits(a[0]!, true);
          this.lits(a[1]!, false);
        } else if (!this.value(a[0]!)) {
          this.lits(a[0]!, false);
        } else {
          this.lits(a[1]!, true);
        }
        return;
      }
      case 'ite': {
        const c = this.value(a[0]!);
        this.lits(a[0]!, c);
        this.lits(c ? a[1]! : a[2]!, pol);
        return;
      }
      case 'iff':
      case 'xor':
      case 'eq':
      case 'neq':
        if (a[0]!.type === BoolT) {
          this.lits(a[0]!, this.value(a[0]!));
          this.lits(a[1]!, this.value(a[1]!));
          return;
        }
        break;
      default:
    }
    if (e.bound) {
      this.keep(pol ? e : not(e));
      return;
    }
    const atom = withArgs(e, e.args.map((x) => this.term(x)));
    this.keep(pol ? atom : not(atom));
  }

  /** An operand with value `pol`: one already kept as a literal if there is one, else the first. */
  private pick(args: readonly Expr[], pol: boolean): Expr {
    let first: Expr | undefined;
    for (const x of args) {
      if (this.value(x) !== pol) continue;
      if (this.done.has(litKey(x, pol)) || this.kept.has(pol ? x : not(x))) return x;
      first ??= x;
    }
    if (!first) throw new Unknown();
    return first;
  }

  /** `t` with every `ite` replaced by the branch the valuation takes (its condition's literals kept). */
  private term(t: Expr): Expr {
    const known = this.terms.get(t.id);
    if (known) return known;
    let r: Expr;
    if (t.op === 'ite') {
      const c = this.value(t.args[0]!);
      this.lits(t.args[0]!, c);
      r = this.term(c ? t.args[1]! : t.args[2]!);
    } else if (t.args.length === 0 || t.bound) {
      r = t;
    } else if (t.type === BoolT && t.op !== 'read') {
      // a Boolean operand inside a term (say, the value stored in an array): made true or false itself
      const v = this.value(t);
      this.lits(t, v);
      r = v ? True : False;
    } else {
      r = withArgs(t, t.args.map((x) => this.term(x)));
    }
    this.terms.set(t.id, r);
    return r;
  }
}

class Unknown extends Error {}

/** A formula with a truth value, as a number: this runs for every node of every interpolation query. */
function litKey(e: Expr, pol: boolean): number {
  return e.id * 2 + (pol ? 1 : 0);
}

const COMPARISONS = new Set(['eq', 'neq', 'lt', 'le', 'gt', 'ge', 'bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle', 'bvsgt', 'bvsge']);

/**
 * What implicants are made of: a Boolean variable, or a comparison of terms without `ite`s or
 * formulas inside, or the negation of one.
 */
export function isTheoryLiteral(e: Expr): boolean {
  const atom = e.op === 'not' ? e.args[0]! : e;
  if (atom.op === 'var' || atom.op === 'lit') return true;
  if (!COMPARISONS.has(atom.op) || atom.args[0]!.type === BoolT) return false;
  return postorder(atom).every((n) => n === atom || (n.op !== 'ite' && n.type !== BoolT));
}
