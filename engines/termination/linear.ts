/**
 * Linear integer constraints read off formulas, for Farkas' lemma: a formula becomes a disjunction
 * of conjunctions of constraints `sum of c * leaf + k <= 0` with integer coefficients. Strict
 * comparisons are tightened over the integers (`a < b` is `a - b + 1 <= 0`), so the rational
 * relaxation Farkas' lemma speaks about is as close to the integer set as a polyhedron can be;
 * since it contains the integer set, what holds on it holds on the integers.
 */
import { Expr } from '../../lang/expr.js';

/** `sum of coeffs[leaf] * leaf + constant`; leaves are `var` and `prime` nodes. */
export interface Linear {
  readonly coeffs: ReadonlyMap<Expr, bigint>;
  readonly constant: bigint;
}

function combine(a: Linear, b: Linear, sb: bigint): Linear {
  const coeffs = new Map(a.coeffs);
  for (const [l, c] of b.coeffs) {
    const v = (coeffs.get(l) ?? 0n) + sb * c;
    if (v === 0n) coeffs.delete(l); else coeffs.set(l, v);
  }
  return { coeffs, constant: a.constant + sb * b.constant };
}

function scale(a: Linear, k: bigint): Linear {
  if (k === 0n) return { coeffs: new Map(), constant: 0n };
  return { coeffs: new Map([...a.coeffs].map(([l, c]) => [l, c * k])), constant: a.constant * k };
}

/** A linear integer term, or undefined for anything else (non-linear products, division, ...). */
export function linearTerm(e: Expr): Linear | undefined {
  switch (e.op) {
    case 'lit': return typeof e.value === 'bigint' ? { coeffs: new Map(), constant: e.value } : undefined;
    case 'var': case 'prime': return e.type.kind === 'int' ? { coeffs: new Map([[e, 1n]]), constant: 0n } : undefined;
    case 'add': {
      let acc: Linear | undefined = { coeffs: new Map(), constant: 0n };
      for (const a of e.args) { const t = linearTerm(a); acc = t && acc && combine(acc, t, 1n); }
      return acc;
    }
    case 'sub': {
      const [a, b] = e.args.map(linearTerm);
      return a && b && combine(a, b, -1n);
    }
    case 'neg': { const a = linearTerm(e.args[0]!); return a && scale(a, -1n); }
    case 'mul': {
      let acc: Linear | undefined = { coeffs: new Map(), constant: 1n };
      for (const a of e.args) {
        const t = linearTerm(a);
        if (!t || !acc) return undefined;
        if (t.coeffs.size === 0) acc = scale(acc, t.constant);
        else if (acc.coeffs.size === 0) acc = scale(t, acc.constant);
        else return undefined;
      }
      return acc;
    }
    default: return undefined;
  }
}

/** A conjunction of constraints `lin <= 0`. */
export type Conjunction = readonly Linear[];

/** The formula as a disjunction of conjunctions, at most `max` of them; undefined if it is not linear or too large. */
export function linearDnf(f: Expr, max = 64): Conjunction[] | undefined {
  const go = (e: Expr, positive: boolean): Conjunction[] | undefined => {
    const le = (a: Expr, b: Expr, strict: boolean): Conjunction[] | undefined => {
      const ta = linearTerm(a);
      const tb = linearTerm(b);
      if (!ta || !tb) return undefined;
      const d = combine(ta, tb, -1n);
      return [[strict ? { ...d, constant: d.constant + 1n } : d]];
    };
    switch (e.op) {
      case 'lit': return e.value === positive ? [[]] : [];
      case 'not': return go(e.args[0]!, !positive);
      case 'and': case 'or': {
        const conj = (e.op === 'and') === positive;
        const parts = e.args.map((a) => go(a, positive));
        if (parts.some((p) => p === undefined)) return undefined;
        if (!conj) {
          const all = parts.flat() as Conjunction[];
          return all.length > max ? undefined : all;
        }
        let acc: Conjunction[] = [[]];
        for (const p of parts as Conjunction[][]) {
          const next: Conjunction[] = [];
          for (const a of acc) for (const b of p) next.push([...a, ...b]);
          if (next.length > max) return undefined;
          acc = next;
        }
        return acc;
      }
      case 'le': return positive ? le(e.args[0]!, e.args[1]!, false) : le(e.args[1]!, e.args[0]!, true);
      case 'lt': return positive ? le(e.args[0]!, e.args[1]!, true) : le(e.args[1]!, e.args[0]!, false);
      case 'ge': return positive ? le(e.args[1]!, e.args[0]!, false) : le(e.args[0]!, e.args[1]!, true);
      case 'gt': return positive ? le(e.args[1]!, e.args[0]!, true) : le(e.args[0]!, e.args[1]!, false);
      case 'eq': case 'neq': {
        if (e.args[0]!.type.kind !== 'int') return undefined;
        const [a, b] = e.args as [Expr, Expr];
        const equal = (e.op === 'eq') === positive;
        const x = le(a, b, !equal);
        const y = le(b, a, !equal);
        if (!x || !y) return undefined;
        return equal ? [[...x[0]!, ...y[0]!]] : [...x, ...y];
      }
      default: return undefined;
    }
  };
  return go(f, true);
}
