/**
 * Bounded variable elimination (Eén and Biere, "Effective preprocessing in SAT through variable and
 * clause elimination", SAT 2005; MiniSat's SatELite): a variable goes when the resolvents of its
 * positive and negative clauses, tautologies left out, are no more than the clauses they replace.
 * On Tseitin encodings of circuits most gate variables go this way: their definitions resolve into
 * the clauses of their readers. The result is equisatisfiable; the eliminated variables, each with
 * the clauses it was removed with, extend a model of the rest to one of the original clauses.
 *
 * Variables the caller still needs (the unrolling's interface, the assumptions, the variables a
 * trace reads) are frozen and never eliminated. Clauses use the DIMACS convention, as the solver's
 * interface does.
 */
import { litCode, type Lit } from './solver.js';

/** What elimination leaves and what it removed. */
export interface Elimination {
  /** The clauses left, over the variables not eliminated. */
  readonly clauses: Lit[][];
  /** The eliminated variables in the order they went, each with the clauses it was removed with. */
  readonly eliminated: readonly { readonly v: number; readonly clauses: readonly Lit[][] }[];
}

/** A variable in more clauses is kept: the resolvents' count grows as the product of its occurrences. */
const OCCURRENCES = 16;
/** A variable whose resolvents include a longer clause is kept (MiniSat's limit). */
const RESOLVENT_LENGTH = 20;

/** Eliminates the variables of `clauses` not `frozen` wherever that does not add clauses. */
export function eliminate(clauses: readonly (readonly Lit[])[], frozen: (v: number) => boolean): Elimination {
  const maxOcc = OCCURRENCES;
  const maxLen = RESOLVENT_LENGTH;
  let vars = 0;
  for (const c of clauses) for (const l of c) vars = Math.max(vars, l < 0 ? -l : l);
  const live: (Lit[] | undefined)[] = [];
  /** Per literal: the indices of the clauses that held it (dead ones dropped when read), and how many are alive. */
  const occurs: number[][] = Array.from({ length: 2 * vars + 2 }, () => []);
  const alive = new Int32Array(2 * vars + 2);
  const add = (c: Lit[]) => {
    for (const l of c) {
      occurs[litCode(l)]!.push(live.length);
      alive[litCode(l)]!++;
    }
    live.push(c);
  };
  const kill = (i: number) => {
    for (const l of live[i]!) alive[litCode(l)]!--;
    live[i] = undefined;
  };
  for (const c of clauses) {
    const d = normalised(c);
    if (d) add(d);
  }
  const of = (l: Lit): number[] => {
    const o = occurs[litCode(l)]!.filter((i) => live[i] !== undefined);
    occurs[litCode(l)] = o;
    return o;
  };
  const count = (v: number) => alive[2 * v]! + alive[2 * v + 1]!;

  const eliminated: { v: number; clauses: Lit[][] }[] = [];
  const gone = new Uint8Array(vars + 1);
  // candidates by occurrence, fewest first; a variable whose clauses changed is tried again
  const candidates: number[] = [];
  for (let v = 1; v <= vars; v++) if (count(v) > 0 && !frozen(v)) candidates.push(v);
  candidates.sort((a, b) => count(a) - count(b));
  const queued = new Uint8Array(vars + 1);
  for (const v of candidates) queued[v] = 1;
  for (let q = 0; q < candidates.length; q++) {
    const v = candidates[q]!;
    queued[v] = 0;
    if (count(v) > maxOcc) continue;
    const pos = of(v);
    const neg = of(-v);
    const both = pos.concat(neg);
    // a resolvent keeps all but one literal of each side: a long clause only makes long ones
    if (both.some((i) => live[i]!.length > maxLen + 1)) continue;
    const resolvents = resolve(v, pos.map((i) => live[i]!), neg.map((i) => live[i]!), both.length, maxLen);
    if (resolvents === undefined) continue;
    const removed = both.map((i) => live[i]!);
    for (const i of both) kill(i);
    for (const r of resolvents) add(r);
    eliminated.push({ v, clauses: removed });
    gone[v] = 1;
    // the variables that shared a clause with v may now go too
    for (const c of removed) {
      for (const l of c) {
        const u = l < 0 ? -l : l;
        if (gone[u] === 0 && queued[u] === 0 && !frozen(u)) { queued[u] = 1; candidates.push(u); }
      }
    }
  }
  return { clauses: live.filter((c): c is Lit[] => c !== undefined), eliminated };
}

/** The clause without repeated literals, or undefined for a tautology. */
function normalised(c: readonly Lit[]): Lit[] | undefined {
  const seen = new Set<Lit>();
  for (const l of c) {
    if (seen.has(-l)) return undefined;
    seen.add(l);
  }
  return [...seen];
}

/**
 * The non-tautological resolvents on `v` of its positive and negative clauses, or undefined when
 * there are more than `most` or one is longer than `maxLen`.
 */
function resolve(v: number, pos: readonly Lit[][], neg: readonly Lit[][], most: number, maxLen: number): Lit[][] | undefined {
  const out: Lit[][] = [];
  for (const p of pos) {
    for (const n of neg) {
      const r = normalised([...p.filter((l) => l !== v), ...n.filter((l) => l !== -v)]);
      if (!r) continue;
      if (r.length > maxLen || out.length === most) return undefined;
      out.push(r);
    }
  }
  return out;
}

/**
 * Extends a model of the clauses left to the eliminated variables, last eliminated first: each is
 * false unless a clause it was removed with needs it true (then none needing it false is left
 * unsatisfied, since their resolvents hold).
 */
export function extendModel(e: Elimination, value: (v: number) => boolean, set: (v: number, b: boolean) => void): void {
  const holds = (l: Lit) => (l > 0 ? value(l) : !value(-l));
  for (let i = e.eliminated.length - 1; i >= 0; i--) {
    const { v, clauses } = e.eliminated[i]!;
    const needed = clauses.some((c) => c.includes(v) && !c.some((l) => l !== v && holds(l)));
    set(v, needed);
  }
}
