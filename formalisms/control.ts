/**
 * Control-flow recovery: an STS whose transition relation is a case split on a program counter
 * (PLCverif's models: `loc = 3 and loc' = 4 and ...` for each position of the scan cycle) read as
 * the automaton it encodes, one location per value of the counter, one action per case, as
 * CPAchecker and Theta see a program. The engines then keep the position exact, where on the STS
 * every predicate, lemma and interpolant has to carry it as data; block encoding and slicing see
 * the control flow (the requirement read at one position, the noise assigned at others).
 *
 * The counter is an integer variable that the initial condition fixes (a conjunct `pc = c0`) and
 * that every disjunct of one top-level disjunction of the transition relation reads and sets to
 * constants (conjuncts `pc = c` and `pc' = d`). Each disjunct, with the rest of the relation (the
 * ranges of the variables, say), becomes an action from location c to location d, with the
 * counter replaced by its values, written as a guarded assignment; the bad states, with the
 * counter replaced by each location's value, become an action from that location into an error
 * location of its own, which keeps every value. The encoding is exact on the reachable states: the
 * automaton's runs are the STS's, one location per counter value.
 */
import { False, True, and, conjuncts, declareVar, eq, int, leafVar, mapLeaves, or, postorder, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import { simplify } from '../lang/simplify.js';
import type { Action, Interpreter, Location } from './interpreter.js';
import { definition, relationAction } from './relation-action.js';
import type { Trace } from './trace.js';

export interface Recovered {
  readonly model: Interpreter;
  readonly counter: VarDecl;
  /** The STS's invariant for the automaton's invariant per location. */
  invariant(perLocation: ReadonlyMap<Location, Expr>): Expr;
  /** The STS's trace for a trace of the automaton. */
  trace(t: Trace): Trace;
}

/** The constant `c` of a conjunct `v = c` (or `c = v`) about the leaf `v` (or `v'`), if it is one. */
function constantOf(e: Expr, pc: VarDecl, primes: number): bigint | undefined {
  if (e.op !== 'eq') return undefined;
  const [a, b] = e.args as [Expr, Expr];
  for (const [leaf, lit] of [[a, b], [b, a]] as const) {
    if ((leaf.op === 'var' || leaf.op === 'prime') && lit.op === 'lit' && typeof lit.value === 'bigint') {
      const { decl, primes: p } = leafVar(leaf);
      if (decl === pc && p === primes) return lit.value;
    }
  }
  return undefined;
}

interface Case { readonly from: bigint; readonly to: bigint; readonly formula: Expr }

/** The cases of `split` on the counter `pc`, or undefined if some disjunct does not read and set it. */
function casesOf(split: Expr, pc: VarDecl): Case[] | undefined {
  const out: Case[] = [];
  for (const d of split.args) {
    const parts = conjuncts(d);
    const from = parts.map((p) => constantOf(p, pc, 0)).find((c) => c !== undefined);
    const to = parts.map((p) => constantOf(p, pc, 1)).find((c) => c !== undefined);
    if (from === undefined || to === undefined) return undefined;
    out.push({ from, to, formula: d });
  }
  return out;
}

/** The STS's automaton, where it has a program counter; undefined otherwise. With `implied`, the state invariants its steps preserve leave them. */
export function recoverControl(sts: Interpreter, implied?: Implied): Recovered | undefined {
  if (sts.locations.length !== 1) return undefined;
  const [transition, ...more] = sts.actions(sts.initLoc);
  if (!transition || more.length > 0 || transition.locals.length > 0) return undefined;
  const top = conjuncts(transition.formula);
  const initial = conjuncts(sts.init);
  for (const pc of sts.vars) {
    if (pc.type.kind !== 'int') continue;
    const c0 = initial.map((p) => constantOf(p, pc, 0)).find((c) => c !== undefined);
    if (c0 === undefined) continue;
    for (const split of top.filter((p) => p.op === 'or')) {
      const cases = casesOf(split, pc);
      if (!cases) continue;
      const values = [...new Set([c0, ...cases.flatMap((c) => [c.from, c.to])])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      if (values.length < 2) continue;
      const rest = top.filter((p) => p !== split);
      return automaton(sts, transition, pc, c0, values, cases, rest, implied);
    }
  }
  return undefined;
}

/**
 * Which of `conclusions` follow from `premises`; given by the caller (a solver), so that state
 * invariants the steps preserve can leave the steps' formulas.
 */
type Implied = (premises: readonly Expr[], conclusions: readonly Expr[]) => boolean[];

/**
 * A case as guards and one definition per variable (a guarded assignment, as a CFA's edges are and
 * as block encoding's read-back needs): a variable the case leaves open gets a step-local for its
 * next value, and constraints on next values become guards on what defines them.
 */
function guardedAssignment(parts: readonly Expr[], vars: readonly VarDecl[], label: string): { guards: Expr[]; next: Map<VarDecl, Expr>; locals: VarDecl[] } {
  const next = new Map<VarDecl, Expr>();
  const primed = (e: Expr) => postorder(e).some((n) => n.op === 'prime');
  const rest: Expr[] = [];
  for (const c of parts) {
    const d = definition(c);
    if (d && vars.includes(d[0]) && !next.has(d[0]) && !primed(d[1])) next.set(d[0], d[1]);
    else rest.push(c);
  }
  const locals: VarDecl[] = [];
  for (const v of vars) {
    if (next.has(v)) continue;
    const l = declareVar(`${v.name}#havoc@${label}`, v.type);
    locals.push(l);
    next.set(v, ref(l));
  }
  const guards = rest.map((c) => simplify(mapLeaves(c, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return primes === 1 ? next.get(decl) : undefined;
  })));
  return { guards: guards.filter((g) => g !== True), next, locals };
}

function automaton(sts: Interpreter, transition: Action, pc: VarDecl, c0: bigint, values: bigint[], cases: Case[], rest: Expr[], implied?: Implied): Recovered {
  const vars = sts.vars.filter((v) => v !== pc);
  const locs = new Map<bigint, Location>(values.map((c, i) => [c, { id: i, name: `${pc.name}=${c}` }]));
  const error: Location = { id: values.length, name: sts.errorLoc.name };
  const at = (now: bigint, next?: bigint) => (leaf: Expr): Expr | undefined => {
    const { decl, primes } = leafVar(leaf);
    if (decl !== pc) return undefined;
    return primes === 0 ? int(now) : next === undefined ? undefined : int(next);
  };
  // the STS's state invariants (initial conjuncts the relation has unprimed and primed) hold in
  // every state it reaches: with `implied`, a step keeps an invariant's primed copy only where its
  // other guards and the invariants before it do not imply it (an input's range where the step
  // chooses the input, not a range that every assignment saturates), and no unprimed copy, so the
  // steps read as a CFA's edges do; by induction on the run, every invariant still holds throughout
  const inits = new Set(conjuncts(sts.init));
  const invariants = implied ? rest.filter((e) => inits.has(e) && rest.includes(prime(e)) && !postorder(e).some((n) => n.op === 'prime')) : [];
  const byLoc = new Map<Location, Action[]>([...locs.values(), error].map((l) => [l, []]));
  let id = 0;
  for (const c of cases) {
    const formula = simplify(and(...rest, c.formula), at(c.from, c.to));
    if (formula === False) continue;
    const shape = guardedAssignment(conjuncts(formula), vars, `${c.from}->${c.to}`);
    const before = invariants.map((e) => simplify(e, at(c.from)));
    const after = invariants.map((e) => simplify(mapLeaves(simplify(prime(e), at(c.from, c.to)), (leaf) => {
      const { decl, primes } = leafVar(leaf);
      return primes === 1 ? shape.next.get(decl) : undefined;
    })));
    const own = shape.guards.filter((g) => !before.includes(g) && !after.includes(g));
    // a variable the step keeps has its invariant before the step already
    const open = after.filter((g) => g !== True && !before.includes(g));
    const follows = implied && open.length > 0 ? implied([...before, ...own], open) : [];
    const needed = open.filter((_, i) => !follows[i]);
    const guards = [...own, ...needed];
    const label = `${pc.name} = ${c.from} -> ${c.to}`;
    const source = locs.get(c.from)!;
    byLoc.get(source)!.push(relationAction({ id: id++, source, target: locs.get(c.to)!, label, formula: and(...guards, ...vars.map((v) => eq(prime(ref(v)), shape.next.get(v)!))), locals: shape.locals }, vars));
  }
  const keep = and(...vars.map((v) => eq(prime(ref(v)), ref(v))));
  for (const [c, source] of locs) {
    const bad = simplify(sts.bad, at(c));
    if (bad === False) continue;
    byLoc.get(source)!.push(relationAction({ id: id++, source, target: error, label: `bad at ${pc.name} = ${c}`, formula: and(bad, keep), locals: [] }, vars));
  }
  const model: Interpreter = {
    dialect: sts.dialect,
    name: sts.name,
    vars,
    locations: [...locs.values(), error],
    initLoc: locs.get(c0)!,
    init: simplify(sts.init, at(c0)),
    errorLoc: error,
    bad: True,
    actions: (l) => byLoc.get(l) ?? [],
    inputs: sts.inputs.filter((v) => v !== pc),
  };
  const valueAt = new Map([...locs].map(([c, l]) => [l, c]));
  return {
    model,
    counter: pc,
    invariant: (perLocation) => or(...[...locs].map(([c, l]) => and(eq(ref(pc), int(c)), perLocation.get(l) ?? False))),
    trace(t) {
      // the last step enters the error location, whose state is the bad one before it
      const states = t.states.slice(0, -1).map((s) => ({ loc: sts.initLoc, vals: new Map([...s.vals, [pc, int(valueAt.get(s.loc)!)]]) }));
      const steps = states.length - 1;
      return { states, actions: Array.from({ length: steps }, () => transition), choices: Array.from({ length: steps }, () => new Map()) };
    },
  };
}
