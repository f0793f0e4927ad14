/**
 * Control-flow recovery from Boolean control bits: a model with one location between its initial
 * and error locations (a linear clause system of one predicate, as the VMT and Sally benchmarks of
 * CHC-COMP are) whose program counter is a tuple of Boolean variables, read as the automaton those
 * bits encode, one location per value of the bits. The engines then keep the position exact (PDR
 * its frames per location), where on the one location every predicate, lemma and interpolant
 * carries it as data.
 *
 * The bits are the Boolean variables that every action from the initial location sets to
 * constants. From the values they get there, the values reachable from each value are found one
 * action at a time: the action with the bits replaced by their values now, and each value of the
 * bits after it that the caller's solver finds possible (one query per value, each found value then
 * excluded), so any shape of relation serves, a disjunction of cases (Lustre, the CAV'12 programs)
 * or a conjunction of implications `pc = c and guard => effect` (the CTIGAR programs). Each pair of
 * values becomes an action between their locations, the bits replaced by their values; the bits
 * leave the variables. The automaton's runs are the model's, the bits given by the locations.
 */
import { False, and, bool, conjuncts, leafVar, not, or, postorder, ref, type Expr, type VarDecl } from '../lang/expr.js';
import { simplify } from '../lang/simplify.js';
import { BoolT } from '../lang/types.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Interpreter, Location } from './interpreter.js';
import { definition, relationAction } from './relation-action.js';
import type { Trace, TraceState } from './trace.js';

export interface SplitControl {
  readonly model: Interpreter;
  /** The model's invariant per location for the automaton's. */
  invariant(perLocation: ReadonlyMap<Location, Expr>): Map<Location, Expr>;
  /** The model's trace for a trace of the automaton. */
  trace(t: Trace): Trace;
}

/** More locations or actions than these and the automaton is not worth its size. */
const MAX_LOCATIONS = 128;
const MAX_ACTIONS = 256;

/**
 * The tuples of values that the Boolean expressions `targets` take together in the models of
 * `formula` (over V, V' and step-locals); undefined when there are more than `limit` or the
 * solver cannot tell. Given by the caller (a solver), so that this module stays syntactic.
 */
type Values = (formula: Expr, targets: readonly Expr[], limit: number) => boolean[][] | undefined;

/** The Boolean values a conjunction states of variables (`v`, `not v`, `v = true`). */
function statedValues(parts: readonly Expr[]): Map<VarDecl, boolean> {
  const out = new Map<VarDecl, boolean>();
  for (const p of parts) {
    let atom = p;
    let value = true;
    if (atom.op === 'not') { atom = atom.args[0]!; value = false; }
    if ((atom.op === 'eq' || atom.op === 'iff') && atom.args.length === 2) {
      const [a, b] = atom.args as [Expr, Expr];
      const [v, lit] = a.op === 'lit' ? [b, a] : [a, b];
      if (lit.op !== 'lit' || typeof lit.value !== 'boolean' || v.op !== 'var') continue;
      atom = v;
      value = value === lit.value;
    }
    if (atom.op === 'var' && atom.type === BoolT) out.set(atom.decl!, value);
  }
  return out;
}

/** An action's definitions `v' = e` of Boolean variables. */
function booleanDefinitions(a: Action): Map<VarDecl, Expr> {
  const out = new Map<VarDecl, Expr>();
  for (const p of conjuncts(a.formula)) {
    const d = definition(p);
    if (d && d[0].type === BoolT && !out.has(d[0])) out.set(d[0], d[1]);
  }
  return out;
}

/** The value `e` has where the variables have the values `known`, if that makes it a constant. */
function constantUnder(e: Expr, known: ReadonlyMap<VarDecl, boolean>): boolean | undefined {
  const v = simplify(e, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    const b = primes === 0 ? known.get(decl) : undefined;
    return b === undefined ? undefined : bool(b);
  });
  return v.op === 'lit' && typeof v.value === 'boolean' ? v.value : undefined;
}

/** The automaton the model's control bits encode; undefined where it has no middle location or no bits. */
export function splitControlBits(model: Interpreter, values: Values): SplitControl | undefined {
  const middle = model.locations.filter((l) => l !== model.initLoc && l !== model.errorLoc);
  if (middle.length !== 1 || model.initLoc === model.errorLoc) return undefined;
  const at = middle[0]!;
  const entries = model.actions(model.initLoc);
  if (entries.some((a) => a.target === model.errorLoc) || model.actions(model.errorLoc).length > 0) return undefined;
  const defs = new Map<Action, Map<VarDecl, Expr>>();
  const defsOf = (a: Action) => defs.get(a) ?? defs.set(a, booleanDefinitions(a)).get(a)!;
  // the bits: Boolean variables that every action from the initial location sets to a constant
  const bits = model.vars.filter((b) => b.type === BoolT && !model.inputs.includes(b) && entries.every((a) => {
    const e = defsOf(a).get(b);
    return e !== undefined && constantUnder(e, statedValues(conjuncts(a.formula))) !== undefined;
  }));
  if (bits.length === 0) return undefined;
  const isBit = new Set(bits);
  const read = (e: Expr) => postorder(e).some((n) => (n.op === 'var' || n.op === 'prime') && isBit.has(leafVar(n).decl));
  if (read(model.init) || read(model.bad)) return undefined;

  /** A current bit's value in `now`. */
  const bitAt = (leaf: Expr, now: readonly boolean[]) => {
    const { decl, primes } = leafVar(leaf);
    return primes === 0 && isBit.has(decl) ? bool(now[bits.indexOf(decl)]!) : undefined;
  };
  const withBits = (e: Expr, now: readonly boolean[]) => simplify(e, (leaf) => bitAt(leaf, now));
  const key = (v: readonly boolean[]) => v.map((x) => (x ? '1' : '0')).join('');
  const init: Location = { id: 0, name: model.initLoc.name };
  const split = new Map<string, { readonly loc: Location; readonly values: readonly boolean[] }>();
  const pending: (readonly boolean[])[] = [];
  const locationOf = (v: readonly boolean[]): Location | undefined => {
    let s = split.get(key(v));
    if (!s) {
      if (split.size >= MAX_LOCATIONS) return undefined;
      split.set(key(v), (s = { loc: { id: split.size + 1, name: `${at.name}@${key(v)}` }, values: v }));
      pending.push(v);
    }
    return s.loc;
  };
  const vars = model.vars.filter((v) => !isBit.has(v));
  const edges: { source: Location; target: Location | 'error'; action: Action; formula: Expr; fixed: Map<VarDecl, Expr> }[] = [];
  /**
   * The case of `a` from bits `now` (undefined: from the initial location) to bits `next`
   * (undefined: to the error location); false where a bit stays read or the automaton grows too
   * large.
   */
  const addCase = (source: Location, a: Action, now: readonly boolean[] | undefined, next: readonly boolean[] | undefined): boolean => {
    const target = next ? locationOf(next) : 'error';
    if (!target) return false;
    const current = (leaf: Expr) => (now ? bitAt(leaf, now) : undefined);
    const fixed = new Map<VarDecl, Expr>();
    const parts: Expr[] = [];
    for (const p of conjuncts(a.formula)) {
      const d = definition(p);
      if (!d || !isBit.has(d[0])) parts.push(p);
    }
    if (next) {
      bits.forEach((b, i) => {
        const e = simplify(defsOf(a).get(b)!, current);
        if (e.op === 'var' && a.locals.includes(e.decl!)) fixed.set(e.decl!, bool(next[i]!));
        else parts.push(next[i] ? e : not(e));
      });
    }
    const formula = simplify(and(...parts), (leaf) => current(leaf) ?? (leaf.op === 'var' ? fixed.get(leaf.decl!) : undefined));
    if (formula === False) return true;
    if (read(formula)) return false;
    edges.push({ source, target, action: a, formula, fixed });
    return edges.length <= MAX_ACTIONS;
  };
  /** The cases of `a` from `source`, its formula there being `f`. */
  const casesOf = (source: Location, a: Action, now?: readonly boolean[]): boolean => {
    const f = now ? withBits(a.formula, now) : a.formula;
    if (f === False) return true;
    if (a.target !== at) return addCase(source, a, now, undefined);
    const targets = bits.map((b) => defsOf(a).get(b));
    if (targets.some((t) => t === undefined)) return false;
    const nexts = values(f, targets.map((t) => (now ? withBits(t!, now) : t!)), MAX_LOCATIONS);
    return nexts !== undefined && nexts.every((next) => addCase(source, a, now, next));
  };
  for (const a of entries) if (!casesOf(init, a)) return undefined;
  while (pending.length > 0) {
    const now = pending.shift()!;
    const source = split.get(key(now))!.loc;
    for (const a of model.actions(at)) if (!casesOf(source, a, now)) return undefined;
  }
  const error: Location = { id: split.size + 1, name: model.errorLoc.name };
  const original = new Map<Location, Location>([[init, model.initLoc], [error, model.errorLoc], ...[...split.values()].map((s): [Location, Location] => [s.loc, at])]);
  const bitsOf = new Map<Location, readonly boolean[]>([...split.values()].map((s) => [s.loc, s.values]));
  const byLoc = new Map<Location, Action[]>([init, ...[...split.values()].map((s) => s.loc), error].map((l) => [l, []]));
  /** Per action of the automaton, the model's action and the values of the locals its case fixed. */
  const origin = new Map<Action, { readonly action: Action; readonly fixed: Valuation }>();
  for (const e of edges) {
    const target = e.target === 'error' ? error : e.target;
    const action = relationAction({
      id: origin.size, source: e.source, target, label: `${e.source.name} -> ${target.name}: a case of ${e.action.source.name} -> ${e.action.target.name} (action ${e.action.id})`,
      formula: e.formula, locals: e.action.locals.filter((l) => !e.fixed.has(l)),
    }, vars);
    origin.set(action, { action: e.action, fixed: e.fixed });
    byLoc.get(e.source)!.push(action);
  }

  const automaton: Interpreter = {
    dialect: model.dialect,
    name: model.name,
    vars,
    locations: [...byLoc.keys()],
    initLoc: init,
    init: model.init,
    errorLoc: error,
    bad: model.bad,
    actions: (l) => byLoc.get(l) ?? [],
    inputs: model.inputs,
  };
  const cube = (values: readonly boolean[]) => and(...bits.map((b, i) => (values[i] ? ref(b) : not(ref(b)))));
  return {
    model: automaton,
    invariant(perLocation) {
      const parts = new Map<Location, Expr[]>();
      for (const [l, e] of perLocation) {
        const o = original.get(l)!;
        const values = bitsOf.get(l);
        parts.set(o, [...parts.get(o) ?? [], values ? and(cube(values), e) : e]);
      }
      return new Map([...parts].map(([l, es]) => [l, or(...es)]));
    },
    trace(t) {
      const actions = t.actions.map((a) => origin.get(a)!.action);
      const choices = t.actions.map((a, i) => new Map([...t.choices[i] ?? [], ...origin.get(a)!.fixed]));
      const states: TraceState[] = [];
      t.states.forEach((s, i) => {
        const vals = new Map(s.vals);
        const values = bitsOf.get(s.loc);
        // elsewhere the bits are what the model's step leaves them at (anything at the start)
        const after = values || i === 0 ? undefined : actions[i - 1]!.execute(states[i - 1]!.vals, choices[i - 1]);
        bits.forEach((b, j) => vals.set(b, values ? bool(values[j]!) : (after && !after.disabled ? after.post.get(b) : undefined) ?? bool(false)));
        states.push({ loc: original.get(s.loc)!, vals });
      });
      return { states, actions, choices };
    },
  };
}
