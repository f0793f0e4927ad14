/**
 * The cone of influence of a model's bad states (the cone-of-influence reduction of Clarke,
 * Grumberg and Peled's Model Checking; for programs, Weiser's slicing): the model over the
 * variables that can affect whether a bad state is reached, every conjunct about the others left
 * out. The generated PLC models and many CHC tasks carry variables that no requirement reads, and
 * every word-level engine pays for them in each query.
 *
 * A formula is read as its and/or tree over leaves: a leaf `x' = e` defines x, any other leaf
 * constrains its variables. The cone starts from a seed and grows to a fixpoint: a kept definition
 * brings its expression's variables, a constraint on a variable of the cone brings all of its own
 * (step-locals count as variables; a leaf without variables is always kept). The sliced model has
 * every other leaf replaced by true, so it over-approximates the model on the cone: an invariant
 * over the cone is an invariant of the model.
 *
 * A counterexample must carry over too, so a cone is taken only where the part left out can always
 * follow (`obligations`): along each path through an action's tree (a conjunction of leaves), the
 * dropped definitions give the dropped variables' next values (a variable the path does not define
 * keeps its value), and under them the path's dropped constraints hold, in every state where the
 * dropped invariant leaves hold (unprimed constraints of every path of every action, such as an
 * STS's variable ranges), which an initial state can satisfy. The first cone is seeded with the bad
 * states' variables; where its obligations fail, the second adds the variables of every constraint
 * but those invariant ones (a CFA's guards decide whether its error location is reached at all).
 */
import { True, and, atStep, freeVars, indexed, not, or, postorder, prime, ref, substitute, type Expr, type VarDecl } from '../lang/expr.js';
import type { Action, Interpreter } from './interpreter.js';
import { definition, relationAction } from './relation-action.js';

/** The most paths through one action's tree for which obligations are stated. */
const MAX_PATHS = 512;

interface Leaf {
  readonly expr: Expr;
  /** The variable a definition defines, and its defining expression. */
  readonly def?: VarDecl;
  readonly rhs?: Expr;
  /** The variables and step-locals it mentions, unprimed. */
  readonly syms: readonly VarDecl[];
}

export interface Cone {
  /** The model over the cone. */
  readonly model: Interpreter;
  readonly dropped: readonly VarDecl[];
  /**
   * What makes every counterexample of the sliced model one of the model: `unsat` must be
   * unsatisfiable and each of `sat` satisfiable; undefined where the paths are too many to tell.
   */
  readonly obligations: { readonly unsat: Expr; readonly sat: readonly Expr[] } | undefined;
  /** The model's action of which `a`, an action of the sliced model, is the slice. */
  original(a: Action): Action;
}

function leavesOf(e: Expr, out: Set<Expr>): void {
  if (e.op === 'and' || e.op === 'or') for (const a of e.args) leavesOf(a, out);
  else if (e !== True) out.add(e);
}

/** The conjunctions of leaves that make `e` true, one per choice at each `or`; undefined beyond `MAX_PATHS`. */
function pathsOf(e: Expr): Expr[][] | undefined {
  if (e.op === 'or') {
    const out: Expr[][] = [];
    for (const a of e.args) {
      const p = pathsOf(a);
      if (!p || out.length + p.length > MAX_PATHS) return undefined;
      out.push(...p);
    }
    return out;
  }
  if (e.op === 'and') {
    let acc: Expr[][] = [[]];
    for (const a of e.args) {
      const p = pathsOf(a);
      if (!p || acc.length * p.length > MAX_PATHS) return undefined;
      acc = acc.flatMap((x) => p.map((y) => [...x, ...y]));
    }
    return acc;
  }
  return e === True ? [[]] : [[e]];
}

function sliceFormula(e: Expr, keep: (leaf: Expr) => boolean): Expr {
  if (e.op === 'and') return and(...e.args.map((a) => sliceFormula(a, keep)));
  if (e.op === 'or') return or(...e.args.map((a) => sliceFormula(a, keep)));
  return e === True || keep(e) ? e : True;
}

class Slicer {
  private readonly leaves = new Map<Expr, Leaf>();
  private readonly actions: Action[];
  private readonly paths: (Expr[][] | undefined)[];
  /** The leaves of the actions' formulas (not of the initial condition). */
  private readonly stepLeaves: Leaf[];
  /** The invariant leaves (`invariants`), found once: the guards and each cut's obligations need them. */
  private readonly inv: { readonly now: Expr[]; readonly next: Set<Expr> } | undefined;

  constructor(private readonly model: Interpreter) {
    this.actions = model.locations.flatMap((l) => model.actions(l));
    this.paths = this.actions.map((a) => pathsOf(a.formula));
    const vars = new Set(model.vars);
    const exprs = new Set<Expr>();
    for (const a of this.actions) leavesOf(a.formula, exprs);
    for (const e of exprs) {
      const d = definition(e);
      this.leaves.set(e, d && vars.has(d[0]) ? { expr: e, def: d[0], rhs: d[1], syms: freeVars(e) } : { expr: e, syms: freeVars(e) });
    }
    this.stepLeaves = [...this.leaves.values()];
    const inits = new Set<Expr>();
    leavesOf(model.init, inits);
    for (const e of inits) if (!this.leaves.has(e)) this.leaves.set(e, { expr: e, syms: freeVars(e) });
    this.inv = this.invariants();
  }

  /** The cone of `seed`: closed under kept definitions and constraints. */
  cone(seed: Iterable<VarDecl>): Set<VarDecl> {
    const r = new Set(seed);
    for (let changed = true; changed;) {
      changed = false;
      for (const l of this.leaves.values()) {
        const brought = l.def ? (r.has(l.def) ? freeVars(l.rhs!) : []) : l.syms.some((s) => r.has(s)) ? l.syms : [];
        for (const s of brought) if (!r.has(s)) { r.add(s); changed = true; }
      }
    }
    return r;
  }

  /**
   * Unprimed constraints on state variables that every path of every action has (an STS's
   * variable ranges), and their primed copies; undefined where the paths are too many to tell.
   */
  private invariants(): { readonly now: Expr[]; readonly next: Set<Expr> } | undefined {
    if (this.paths.some((p) => p === undefined)) return undefined;
    const all = (this.paths as Expr[][][]).flat();
    const vars = new Set(this.model.vars);
    const now = all.length === 0 ? [] : all[0]!.filter((e) => !this.leaves.get(e)!.def && this.leaves.get(e)!.syms.every((s) => vars.has(s))
      && !postorder(e).some((n) => n.op === 'prime') && all.every((p) => p.includes(e)));
    return { now, next: new Set(now.map(prime)) };
  }

  /**
   * The variables and step-locals of the actions' constraints but the invariant ones: guards, which
   * decide what is reached.
   */
  guarded(): VarDecl[] {
    const inv = this.inv;
    const skip = new Set([...inv?.now ?? [], ...inv?.next ?? []]);
    return this.stepLeaves.filter((l) => !l.def && !skip.has(l.expr)).flatMap((l) => l.syms);
  }

  kept(e: Expr, r: ReadonlySet<VarDecl>): boolean {
    const l = this.leaves.get(e)!;
    return l.def ? r.has(l.def) : l.syms.length === 0 || l.syms.some((s) => r.has(s));
  }

  cut(r: ReadonlySet<VarDecl>): Cone | undefined {
    const { model } = this;
    const dropped = model.vars.filter((v) => !r.has(v));
    if (dropped.length === 0) return undefined;
    const vars = model.vars.filter((v) => r.has(v));
    const keep = (e: Expr) => this.kept(e, r);
    const originals = new Map<Action, Action>();
    const byLoc = new Map(model.locations.map((l) => [l, model.actions(l).map((a) => {
      const s = relationAction({ id: a.id, source: a.source, target: a.target, label: a.label, formula: sliceFormula(a.formula, keep), locals: a.locals.filter((x) => r.has(x)) }, vars);
      originals.set(s, a);
      return s;
    })]));
    const sliced: Interpreter = {
      dialect: model.dialect,
      name: model.name,
      vars,
      locations: model.locations,
      initLoc: model.initLoc,
      init: sliceFormula(model.init, keep),
      errorLoc: model.errorLoc,
      bad: model.bad,
      actions: (l) => byLoc.get(l) ?? [],
      inputs: model.inputs.filter((v) => r.has(v)),
    };
    return {
      model: sliced,
      dropped,
      obligations: this.obligations(r, new Set(dropped)),
      original: (a) => originals.get(a) ?? a,
    };
  }

  private obligations(r: ReadonlySet<VarDecl>, dropped: ReadonlySet<VarDecl>): Cone['obligations'] {
    const inv = this.inv;
    if (!inv) return undefined;
    const all = (this.paths as Expr[][][]).flat();
    const invariant = inv.now.filter((e) => !this.kept(e, r));
    const next = new Map([...dropped].map((d) => [indexed(d, 1), d]));
    const steps: Expr[] = [];
    for (const path of all) {
      const subst = new Map<VarDecl, Expr>();
      const kept: Expr[] = [];
      const residue: Expr[] = invariant.map((e) => atStep(prime(e), 0));
      for (const e of path) {
        const l = this.leaves.get(e)!;
        if (this.kept(e, r)) kept.push(atStep(e, 0));
        else if (l.def && !subst.has(indexed(l.def, 1))) subst.set(indexed(l.def, 1), atStep(l.rhs!, 0));
        else residue.push(atStep(e, 0));
      }
      for (const d of dropped) if (!subst.has(indexed(d, 1))) subst.set(indexed(d, 1), ref(indexed(d, 0)));
      // definitions may read other dropped next values (y' = x' + 1): substitute until none is left
      let rest = and(...residue);
      for (let i = 0; i <= dropped.size && freeVars(rest).some((v) => next.has(v)); i++) rest = substitute(rest, subst);
      if (freeVars(rest).some((v) => next.has(v))) return undefined;
      steps.push(and(...kept, not(rest)));
    }
    const initial = pathsOf(this.model.init);
    if (!initial) return undefined;
    const start = invariant.map((e) => atStep(e, 0));
    return {
      unsat: and(...start, or(...steps)),
      sat: initial.map((p) => and(...start, ...p.filter((e) => !this.kept(e, r)).map((e) => atStep(e, 0)))),
    };
  }
}

/**
 * The cones worth trying, narrowest first: the bad states' cone (unless empty), then with the
 * guards' variables; none where nothing would be left out.
 */
export function cones(model: Interpreter): Cone[] {
  const slicer = new Slicer(model);
  const narrow = slicer.cone(freeVars(model.bad));
  const wide = slicer.cone([...narrow, ...slicer.guarded()]);
  const out: Cone[] = [];
  // an empty cone (a CFA's bad states are its error location) leaves out every guard too: no use
  for (const r of [narrow, wide].filter((c, i) => c.size > 0 && (i === 0 || c.size > narrow.size))) {
    const c = slicer.cut(r);
    if (c) out.push(c);
  }
  return out;
}
