/**
 * Adjustable-block encoding (Beyer, Keremoglu and Wendler, FMCAD 2010; the block operator `blk` of
 * Beyer, Dangl and Wendler's unifying view): a CFA's interpreter view turned into another one whose
 * locations are the block ends and whose actions are blocks, the disjunction of all paths between
 * two block ends that pass through no other end.
 *
 * - SBE: every location is a block end (the view as it is, one edge per step);
 * - LBE (Beyer et al., FMCAD 2009): the ends are what the sequence rule (remove a location with
 *   exactly one incoming edge, composing that edge with each outgoing one) and the choice rule
 *   (parallel edges become one) leave; loop heads always remain;
 * - ABE with `blk-l`: the ends are the loop heads, the initial and error locations and the
 *   locations without outgoing edges (the final location).
 *
 * A block's formula is over V, V' and step-locals: a copy of V per inner location and a copy of
 * each edge's own locals, so shared prefixes and joins stay shared (linear in the block's edges,
 * not in its paths). Every block keeps its original edges: a block step is expanded into them
 * (`expand`), so that traces are stated over the original edges.
 */
import { False, and, declareVar, leafVar, mapLeaves, or, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { Valuation } from '../lang/eval.js';
import type { Action, Execution, Interpreter, Location } from './interpreter.js';
import type { Trace, TraceState } from './trace.js';

export type Encoding = 'SBE' | 'LBE' | 'ABE';

/** Partial valuations kept per inner location when a block is run; beyond this they are joined. */
const MAX_RUNS = 64;

/** The targets of the back edges of a depth-first search from the initial location, then from every other. */
function loopHeads(model: Interpreter): Set<Location> {
  const heads = new Set<Location>();
  const state = new Map<Location, 'open' | 'done'>();
  for (const root of [model.initLoc, ...model.locations]) {
    if (state.has(root)) continue;
    state.set(root, 'open');
    const stack: [Location, number][] = [[root, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const out = model.actions(top[0]);
      if (top[1] < out.length) {
        const next = out[top[1]++]!.target;
        const s = state.get(next);
        if (s === 'open') heads.add(next);
        else if (s === undefined) { state.set(next, 'open'); stack.push([next, 0]); }
      } else {
        state.set(top[0], 'done');
        stack.pop();
      }
    }
  }
  return heads;
}

/** Locations that every encoding keeps: initial, error, and those without outgoing edges. */
function fixedEnds(model: Interpreter): Set<Location> {
  return new Set([model.initLoc, model.errorLoc, ...model.locations.filter((l) => model.actions(l).length === 0)]);
}

/** The locations the LBE rules leave, applied to a fixpoint on the graph of location pairs. */
function lbeEnds(model: Interpreter): Set<Location> {
  const kept = fixedEnds(model);
  const succ = new Map<Location, Set<Location>>(model.locations.map((l) => [l, new Set()]));
  const pred = new Map<Location, Set<Location>>(model.locations.map((l) => [l, new Set()]));
  // sets of pairs: parallel edges are one edge (the choice rule)
  for (const l of model.locations) for (const a of model.actions(l)) { succ.get(l)!.add(a.target); pred.get(a.target)!.add(l); }
  const alive = new Set(model.locations);
  for (let changed = true; changed;) {
    changed = false;
    for (const l of alive) {
      const ps = pred.get(l)!;
      if (kept.has(l) || ps.size !== 1) continue;
      const p = [...ps][0]!;
      if (p === l) continue;
      // the sequence rule: p -> l -> q becomes p -> q
      succ.get(p)!.delete(l);
      for (const q of succ.get(l)!) { succ.get(p)!.add(q); pred.get(q)!.delete(l); pred.get(q)!.add(p); }
      alive.delete(l);
      changed = true;
    }
  }
  return alive;
}

/** The block ends of an encoding. */
function blockEnds(model: Interpreter, encoding: Encoding): Set<Location> {
  switch (encoding) {
    case 'SBE': return new Set(model.locations);
    case 'LBE': return lbeEnds(model);
    case 'ABE': return new Set([...fixedEnds(model), ...loopHeads(model)]);
  }
}

/** `a.formula` with its V read from `pre`, its V' from `post` and its own locals from `locals`. */
function placed(a: Action, pre: ReadonlyMap<VarDecl, Expr>, post: ReadonlyMap<VarDecl, Expr>, locals: ReadonlyMap<VarDecl, Expr>): Expr {
  return mapLeaves(a.formula, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    return primes === 0 ? pre.get(decl) ?? locals.get(decl) : post.get(decl);
  });
}

function key(vars: readonly VarDecl[], vals: Valuation): string {
  return vars.map((v) => vals.get(v)?.id ?? '?').join(',');
}

/** What every run agrees on. */
function join(vars: readonly VarDecl[], runs: readonly Valuation[]): Map<VarDecl, Expr> {
  const out = new Map<VarDecl, Expr>();
  for (const v of vars) {
    const x = runs[0]!.get(v);
    if (x !== undefined && runs.every((r) => r.get(v) === x)) out.set(v, x);
  }
  return out;
}

interface Run { readonly vals: Valuation; readonly exact: boolean }

type Steps = { states: TraceState[]; actions: Action[]; choices: Valuation[] };

/**
 * What is reachable from one block end through inner locations only (acyclic: every cycle passes
 * through an end): the inner locations in topological order, their edges, and the step-locals the
 * blocks from this end share (a copy of V per inner location, a copy of each edge's own locals).
 */
export class Region {
  readonly inner: readonly Location[];
  /** Every edge leaving the source or an inner location. */
  readonly edges: readonly Action[];
  readonly out = new Map<Location, Action[]>();
  /** Per inner location, the copy of V that holds the state there. */
  readonly copies = new Map<Location, Map<VarDecl, VarDecl>>();
  /** Per edge, the copies of its own locals. */
  readonly ownLocals = new Map<Action, Map<VarDecl, VarDecl>>();

  constructor(model: Interpreter, readonly source: Location, ends: ReadonlySet<Location>, readonly vars: readonly VarDecl[]) {
    const seen = new Set<Location>();
    const order: Location[] = [];
    const edges: Action[] = [];
    // depth-first, in reverse finishing order: a topological order of the acyclic inner part
    const visit = (l: Location): void => {
      const out = model.actions(l);
      this.out.set(l, [...out]);
      for (const a of out) {
        edges.push(a);
        if (!ends.has(a.target) && !seen.has(a.target)) { seen.add(a.target); visit(a.target); }
      }
      if (l !== source) order.push(l);
    };
    visit(source);
    this.inner = order.reverse();
    this.edges = edges;
    for (const l of this.inner) this.copies.set(l, new Map(vars.map((v) => [v, declareVar(`${v.name}@${l.name}`, v.type)])));
    for (const a of edges) this.ownLocals.set(a, new Map(a.locals.map((v) => [v, declareVar(`${v.name}@${source.name}`, v.type)])));
  }

  /** The inner locations from which `to` is reached through inner locations. */
  reaching(to: Location): Set<Location> {
    const out = new Set<Location>();
    const stack = [to];
    while (stack.length) {
      const x = stack.pop()!;
      for (const a of this.edges) if (a.target === x && a.source !== this.source && !out.has(a.source)) { out.add(a.source); stack.push(a.source); }
    }
    return out;
  }

  private at(l: Location): Map<VarDecl, Expr> {
    return new Map([...this.copies.get(l)!].map(([v, c]) => [v, ref(c)]));
  }

  private localsOf(a: Action): Map<VarDecl, Expr> {
    return new Map([...this.ownLocals.get(a)!].map(([v, c]) => [v, ref(c)]));
  }

  /**
   * The disjunction of the paths from the source (V read from `pre`) to `to` (V read from `post`),
   * each inner location in between holding its copy of V. Shared suffixes are shared subformulas.
   */
  paths(pre: ReadonlyMap<VarDecl, Expr>, to: Location, post: ReadonlyMap<VarDecl, Expr>): Expr {
    const via = this.reaching(to);
    const memo = new Map<Location, Expr>();
    const f = (l: Location, vals: ReadonlyMap<VarDecl, Expr>): Expr => {
      const known = memo.get(l);
      if (known) return known;
      const parts = (this.out.get(l) ?? []).filter((a) => a.target === to || via.has(a.target)).map((a) => (
        a.target === to
          ? placed(a, vals, post, this.localsOf(a))
          : and(placed(a, vals, this.at(a.target), this.localsOf(a)), f(a.target, this.at(a.target)))
      ));
      const r = parts.length ? or(...parts) : False;
      memo.set(l, r);
      return r;
    };
    return f(this.source, pre);
  }

  /** The choices of an edge, read from the block's choices. */
  edgeChoices(a: Action, choices: Valuation | undefined): Valuation | undefined {
    if (!choices) return undefined;
    return new Map([...this.ownLocals.get(a)!].flatMap(([v, c]) => { const x = choices.get(c); return x ? [[v, x] as const] : []; }));
  }

  /**
   * Runs every path from the source to `to` forward, in topological order, keeping the distinct
   * partial valuations at each location (joined into one, inexact, beyond MAX_RUNS).
   */
  execute(to: Location, via: ReadonlySet<Location>, state: Valuation, choices?: Valuation): Execution {
    const at = new Map<Location, Run[]>([[this.source, [{ vals: state, exact: true }]]]);
    // the runs that arrive at `to`, apart: `to` may be the source itself (a self-loop block)
    const ends: Run[] = [];
    const add = (l: Location, r: Run): void => {
      let list = l === to ? ends : at.get(l);
      if (!list) at.set(l, (list = []));
      const k = key(this.vars, r.vals);
      const same = list.findIndex((x) => key(this.vars, x.vals) === k);
      if (same >= 0) { if (r.exact && !list[same]!.exact) list[same] = r; return; }
      list.push(r);
      if (list.length > MAX_RUNS) list.splice(0, list.length, { vals: join(this.vars, list.map((x) => x.vals)), exact: false });
    };
    for (const l of [this.source, ...this.inner.filter((x) => via.has(x))]) {
      for (const r of at.get(l) ?? []) {
        for (const a of this.out.get(l) ?? []) {
          if (a.target !== to && !via.has(a.target)) continue;
          const run = a.execute(r.vals, this.edgeChoices(a, choices));
          if (!run.disabled) add(a.target, { vals: run.post, exact: r.exact && run.exact });
        }
      }
    }
    if (ends.length === 0) return { disabled: true };
    // enabled for sure when one path's guards all held; the post is what every path agrees on
    return { disabled: false, post: join(this.vars, ends.map((r) => r.vals)), exact: ends.some((r) => r.exact) };
  }

  /**
   * The original steps of one concrete step from the source to `to`: a depth-first search along
   * the edges whose runs agree with the inner copies' values in `choices` and end in `post`.
   */
  expand(to: Location, via: ReadonlySet<Location>, pre: Valuation, post: Valuation, choices: Valuation): Steps | undefined {
    const agrees = (vals: Valuation, want: (v: VarDecl) => Expr | undefined): boolean =>
      this.vars.every((v) => { const w = want(v); return w === undefined || vals.get(v) === w; });
    const search = (l: Location, vals: Valuation): Steps | undefined => {
      for (const a of this.out.get(l) ?? []) {
        if (a.target !== to && !via.has(a.target)) continue;
        const own = this.edgeChoices(a, choices)!;
        const run = a.execute(vals, own);
        if (run.disabled || !run.exact || !this.vars.every((v) => run.post.has(v))) continue;
        const state = { loc: a.target, vals: run.post };
        if (a.target === to) {
          if (agrees(run.post, (v) => post.get(v))) return { states: [state], actions: [a], choices: [own] };
          continue;
        }
        const copies = this.copies.get(a.target)!;
        if (!agrees(run.post, (v) => choices.get(copies.get(v)!))) continue;
        const rest = search(a.target, run.post);
        if (rest) return { states: [state, ...rest.states], actions: [a, ...rest.actions], choices: [own, ...rest.choices] };
      }
      return undefined;
    };
    return search(this.source, pre);
  }
}

/** One block: the paths from the region's source to `target` through inner locations only. */
export class BlockAction implements Action {
  readonly source: Location;
  readonly formula: Expr;
  readonly locals: VarDecl[];
  readonly label: string;
  /** The original edges of the block. */
  readonly edges: readonly Action[];
  /** The inner locations the block's paths pass through. */
  private readonly via: Set<Location>;

  constructor(readonly id: number, readonly region: Region, readonly target: Location) {
    this.source = region.source;
    this.via = region.reaching(target);
    this.edges = region.edges.filter((a) => (a.source === this.source || this.via.has(a.source)) && (a.target === target || this.via.has(a.target)));
    this.locals = [
      ...region.inner.filter((l) => this.via.has(l)).flatMap((l) => [...region.copies.get(l)!.values()]),
      ...this.edges.flatMap((a) => [...region.ownLocals.get(a)!.values()]),
    ];
    const vars = region.vars;
    this.formula = region.paths(new Map(vars.map((v) => [v, ref(v)])), target, new Map(vars.map((v) => [v, prime(ref(v))])));
    this.label = this.edges.length === 1 ? this.edges[0]!.label : `${this.source.name} -> ${target.name} { block of ${this.edges.length} edges }`;
  }

  execute(state: Valuation, choices?: Valuation): Execution {
    return this.region.execute(this.target, this.via, state, choices);
  }

  /** The original steps of one concrete block step from `pre` to `post` with the block's `choices`. */
  expand(pre: Valuation, post: Valuation, choices: Valuation): Steps | undefined {
    return this.region.expand(this.target, this.via, pre, post, choices);
  }
}

/** The block-encoded view: the block ends as locations, the blocks between them as actions. */
export interface BlockModel extends Interpreter {
  readonly encoding: Encoding;
  /** The view it encodes. */
  readonly original: Interpreter;
  /** One per block end: what its blocks pass through. */
  readonly regions: readonly Region[];
  actions(loc: Location): readonly BlockAction[];
}

/** The view of `model` under `encoding` (SBE: one block per edge). */
export function encodeBlocks(model: Interpreter, encoding: Encoding): BlockModel {
  const ends = blockEnds(model, encoding);
  const byLoc = new Map<Location, BlockAction[]>();
  const regions: Region[] = [];
  let nextId = 0;
  for (const s of model.locations) {
    if (!ends.has(s)) continue;
    const region = new Region(model, s, ends, model.vars);
    regions.push(region);
    const targets = [...new Set(region.edges.map((a) => a.target))].filter((l) => ends.has(l));
    byLoc.set(s, targets.map((t) => new BlockAction(nextId++, region, t)));
  }
  return {
    dialect: model.dialect,
    name: model.name,
    vars: model.vars,
    locations: model.locations.filter((l) => ends.has(l)),
    initLoc: model.initLoc,
    init: model.init,
    errorLoc: model.errorLoc,
    bad: model.bad,
    inputs: model.inputs,
    encoding,
    original: model,
    regions,
    actions: (loc) => byLoc.get(loc) ?? [],
  };
}

/** A trace of the block view as a trace over the original edges, or what could not be expanded. */
export function expandTrace(trace: Trace): Trace | string {
  const states: TraceState[] = [trace.states[0]!];
  const actions: Action[] = [];
  const choices: Valuation[] = [];
  for (let i = 0; i < trace.actions.length; i++) {
    const a = trace.actions[i]!;
    if (!(a instanceof BlockAction)) return `step ${i} is not a block`;
    const steps = a.expand(trace.states[i]!.vals, trace.states[i + 1]!.vals, trace.choices[i] ?? new Map());
    if (!steps) return `step ${i} (${a.label}) follows none of its paths`;
    states.push(...steps.states);
    actions.push(...steps.actions);
    choices.push(...steps.choices);
  }
  return { states, actions, choices };
}

