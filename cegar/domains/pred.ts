/**
 * Predicate abstraction (Hajdu and Micskei, Sect. 2.2.1 and 3.1.3). A state is a formula over the
 * predicates of the precision (bottom is `false`), ordered by implication. The transfer function is
 * - BOOL: the strongest Boolean combination entailed by the source and the action, a disjunction of
 *   cubes found by enumerating the models of `s and op and AND_i (b_i <=> p_i')` over fresh
 *   Booleans b_i;
 * - CART: the strongest conjunction of predicates and negated predicates entailed, one implication
 *   check per predicate and polarity (skipped where an earlier model already refutes it);
 * - SPLIT: the Boolean abstraction with every cube its own state.
 * All queries go to one long-lived solver as assumptions; abstract posts, implications and bad-state
 * checks are cached by expression ids.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { BoolT } from '../../lang/types.js';
import { False, True, and, conjuncts, declareVar, iff, not, or, prime, ref, type Expr } from '../../lang/expr.js';
import type { Dialect } from '../../lang/print.js';
import { simplify } from '../../lang/simplify.js';
import type { SmtModel } from '../../lang/smt/model.js';
import type { Action } from '../../formalisms/interpreter.js';
import type { AbstractState } from '../domain.js';
import { enumerateModels } from './enumerate.js';
import { SolverBacked, type MeasuredDomain } from './measured.js';
import { PredPrecision } from './pred-precision.js';
import { splitPredicate } from './split.js';
import type { PredSplit } from '../config.js';

type PredAbstraction = 'BOOL' | 'CART' | 'SPLIT';

export class PredState implements AbstractState {
  readonly bottom: boolean;

  constructor(readonly expr: Expr) {
    this.bottom = expr === False;
  }
}

let nextPredVar = 0;

function negation(l: Expr): Expr {
  return l.op === 'not' ? l.args[0]! : not(l);
}

/**
 * Decides `a => b` on the shape of the states where it can, reading both as disjunctions of cubes:
 * true when every cube of a contains all literals of some cube of b; false when some cube of a
 * clashes with every cube of b (a complementary pair of literals), since the cubes of abstract
 * states are satisfiable. Coverage needs no more: saying false is always sound.
 */
function cubeImplication(a: Expr, b: Expr): boolean | undefined {
  const cubesOf = (e: Expr) => (e.op === 'or' ? e.args : [e]).map((c) => new Set(conjuncts(c)));
  const bCubes = cubesOf(b);
  let decided = true;
  for (const cube of cubesOf(a)) {
    if (bCubes.some((d) => [...d].every((l) => cube.has(l)))) continue;
    if (bCubes.every((d) => [...d].some((l) => cube.has(negation(l))))) return false;
    decided = false;
  }
  return decided ? true : undefined;
}

export class PredDomain extends SolverBacked implements MeasuredDomain<PredState, PredPrecision> {
  private readonly empty: PredPrecision;
  private readonly states = new Map<number, PredState>();
  /** For each predicate p, the Boolean b asserted once as `b <=> p'`. */
  private readonly predVars = new Map<Expr, Expr>();
  private readonly posts = new Map<string, PredState[]>();
  private readonly cubePosts = new Map<string, Expr[] | undefined>();
  private readonly implications = new Map<string, boolean>();

  constructor(readonly abstraction: PredAbstraction, readonly split: PredSplit, dialect: Dialect, z3: Z3Context) {
    super(z3);
    this.empty = new PredPrecision([], dialect);
  }

  /** The abstraction of `init`: the abstract post of `true` by an action whose formula is init'. */
  initial(init: Expr, prec: PredPrecision): PredState[] {
    return this.post(True, prime(init), prec);
  }

  successors(s: PredState, action: Action, prec: PredPrecision): PredState[] {
    return s.bottom ? [] : this.post(s.expr, action.formula, prec);
  }

  leq(a: PredState, b: PredState): boolean {
    if (a === b || a.bottom || b.expr === True) return true;
    if (b.bottom) return false;
    const syntactic = cubeImplication(a.expr, b.expr);
    if (syntactic !== undefined) return syntactic;
    const key = `${a.expr.id},${b.expr.id}`;
    let holds = this.implications.get(key);
    if (holds === undefined) {
      holds = this.queries.check(a.expr === True ? [not(b.expr)] : [a.expr, not(b.expr)]) === 'unsat';
      this.implications.set(key, holds);
    }
    return holds;
  }

  mayBeBad(s: PredState, bad: Expr): boolean {
    if (s.bottom || bad === False) return false;
    if (bad === True) return true;
    return this.mayMeet(s.expr, bad);
  }

  emptyPrecision(): PredPrecision {
    return this.empty;
  }

  /** Adds the parts of the interpolant, split as configured. */
  refine(prec: PredPrecision, interpolant: Expr): PredPrecision {
    return prec.with(splitPredicate(simplify(interpolant), this.split));
  }

  join(a: PredPrecision, b: PredPrecision): PredPrecision {
    if (b.preds.every((p) => a.has(p))) return a;
    if (a.preds.every((p) => b.has(p))) return b;
    return a.with(b.preds);
  }

  /** The abstract successors of the states `src` by a transition `formula`, cached. */
  private post(src: Expr, formula: Expr, prec: PredPrecision): PredState[] {
    const key = `${src.id}|${formula.id}|${prec.key}`;
    let result = this.posts.get(key);
    if (!result) {
      if (this.abstraction === 'CART') {
        result = this.cartesian(src === True ? [formula] : [src, formula], prec);
      } else {
        const cubes = this.successorCubes(src, formula, prec);
        result = cubes === undefined ? [this.state(True)] : this.fromCubes([...cubes]);
      }
      this.posts.set(key, result);
    }
    return result;
  }

  /**
   * The cubes of the Boolean abstraction of the successors of `src` by `formula`, cached; undefined
   * when the solver gave up. The abstraction of a union is the union of the abstractions, so a
   * disjunction (the usual BOOL state, a disjunction of cubes) is abstracted one disjunct at a time,
   * each cached on its own: on a transition system, whose ARG is a chain of states mostly made of
   * the same cubes, every cube is enumerated once per precision instead of once for every state it
   * occurs in.
   */
  private successorCubes(src: Expr, formula: Expr, prec: PredPrecision): readonly Expr[] | undefined {
    const key = `${src.id}|${formula.id}|${prec.key}`;
    if (this.cubePosts.has(key)) return this.cubePosts.get(key);
    let result: Expr[] | undefined;
    if (src.op === 'or') {
      const all = new Set<Expr>();
      let known = true;
      for (const d of src.args) {
        const part = this.successorCubes(d, formula, prec);
        if (part === undefined) {
          known = false;
          break;
        }
        for (const c of part) all.add(c);
      }
      result = known ? [...all] : undefined;
    } else {
      const assumptions = src === True ? [formula] : [src, formula];
      const found = enumerateModels(this.queries, assumptions, prec.preds.map((p) => this.predVar(p)), Infinity, [formula]);
      result = typeof found === 'string' ? undefined : found.map((values) => and(...prec.preds.map((p, i) => (values[i] === True ? p : not(p)))));
    }
    this.cubePosts.set(key, result);
    return result;
  }

  /** The result of a Boolean or splitting abstraction with these cubes. */
  private fromCubes(cubes: Expr[]): PredState[] {
    cubes.sort((x, y) => x.id - y.id);
    if (this.abstraction === 'SPLIT') return cubes.map((c) => this.state(c));
    return cubes.length === 0 ? [] : [this.state(or(...cubes))];
  }

  private cartesian(assumptions: Expr[], prec: PredPrecision): PredState[] {
    const verdict = this.queries.check(assumptions);
    if (verdict === 'unsat') return [];
    if (verdict === 'unknown') return [this.state(True)];
    const next = prec.preds.map(prime);
    // polarities some model of the formula shows possible: those need no implication check
    const canBeTrue = next.map(() => false);
    const canBeFalse = next.map(() => false);
    const learn = (from: number) => {
      const m = this.queries.smt.model();
      try {
        for (let j = from; j < next.length; j++) record(m, j);
      } finally {
        m.dispose();
      }
    };
    const record = (m: SmtModel, j: number) => {
      const v = m.eval(next[j]!);
      if (v === True) canBeTrue[j] = true;
      else canBeFalse[j] = true;
    };
    learn(0);
    const literals: Expr[] = [];
    prec.preds.forEach((p, i) => {
      for (const positive of [true, false]) {
        if (positive ? canBeFalse[i] : canBeTrue[i]) continue;
        const r = this.queries.check([...assumptions, positive ? not(next[i]!) : next[i]!]);
        if (r === 'unsat') {
          literals.push(positive ? p : not(p));
          return;
        }
        if (r === 'sat') learn(i);
      }
    });
    return [this.state(and(...literals))];
  }

  private predVar(p: Expr): Expr {
    let b = this.predVars.get(p);
    if (!b) {
      b = ref(declareVar(`pred!${nextPredVar++}`, BoolT));
      this.queries.smt.add(iff(b, prime(p)));
      this.predVars.set(p, b);
    }
    return b;
  }

  private state(e: Expr): PredState {
    let s = this.states.get(e.id);
    if (!s) this.states.set(e.id, (s = new PredState(e)));
    return s;
  }
}
