/**
 * Exact minimisation of a disjunction of cubes (conjunctions of literals), for invariants that
 * people read: the invariant of a complete ARG is, per location, the disjunction of its nodes'
 * states, which repeats literals the way the abstraction met them (`i = 0 and x = 0 or not i = 0
 * and x = 0`). Two rules keep the formula equivalent while making it smaller: a cube that contains
 * another cube's literals is implied by it and dropped (absorption), and two cubes that differ only
 * in the sign of one atom merge into their common part (`a and C or not a and C` is `C`), and more
 * generally a cube `A and l` lets any cube that contains A drop `not l` (self-subsuming resolution:
 * `a or not a and b` is `a or b`), repeated until neither applies. A conjunct that is not a
 * literal counts as an atom of its own.
 */
import { False, True, and, conjuncts, not, or, type Expr } from './expr.js';

/** A literal: an atom and its sign. A cube holds each literal once and no atom in both signs. */
type Literal = { readonly atom: Expr; readonly positive: boolean };

function literal(e: Expr): Literal {
  return e.op === 'not' ? { atom: e.args[0]!, positive: false } : { atom: e, positive: true };
}

function disjuncts(e: Expr): Expr[] {
  return e.op === 'or' ? e.args.flatMap(disjuncts) : e === False ? [] : [e];
}

const key = (l: Literal): string => `${l.positive ? '' : '!'}${l.atom.id}`;

class Cube {
  /** The literals' keys, sorted, so equal cubes have equal key lists. */
  readonly keys: readonly string[];
  private readonly keySet: ReadonlySet<string>;
  constructor(readonly lits: readonly Literal[]) {
    this.keys = lits.map(key).sort();
    this.keySet = new Set(this.keys);
  }

  /** Whether every literal of `other` is in this cube (this cube implies `other`). */
  implies(other: Cube): boolean {
    return other.lits.length <= this.lits.length && other.keys.every((k) => this.keySet.has(k));
  }

  /**
   * If this cube is `A and l` and `other` contains A and `not l`, `other` without `not l`: then
   * `this or other` equals `this or (other without not l)` (self-subsuming resolution).
   */
  strengthen(other: Cube): Cube | undefined {
    if (this.lits.length > other.lits.length) return undefined;
    let resolved: Literal | undefined;
    for (const l of this.lits) {
      if (other.keySet.has(key(l))) continue;
      if (resolved) return undefined;
      resolved = l;
    }
    if (!resolved) return undefined;
    const opposite = key({ atom: resolved.atom, positive: !resolved.positive });
    return other.keySet.has(opposite) ? new Cube(other.lits.filter((l) => key(l) !== opposite)) : undefined;
  }

  toExpr(): Expr {
    return and(...this.lits.map((l) => (l.positive ? l.atom : not(l.atom))));
  }
}

/** Drops cubes implied by another one (of two equal cubes, the later). */
function absorb(cubes: readonly Cube[]): Cube[] {
  return cubes.filter((c, i) => !cubes.some((d, j) => j !== i && c.implies(d) && (!d.implies(c) || j < i)));
}

/**
 * One pass of strengthening every cube by every other, in place; each step keeps the disjunction
 * equivalent because it uses the cubes as they are at that moment. Whether anything changed.
 */
function strengthenPass(cubes: Cube[]): boolean {
  let changed = false;
  for (let i = 0; i < cubes.length; i++) {
    for (let j = 0; j < cubes.length; j++) {
      const s = i === j ? undefined : cubes[i]!.strengthen(cubes[j]!);
      if (s) {
        cubes[j] = s;
        changed = true;
      }
    }
  }
  return changed;
}

/** Beyond this many cubes the quadratic passes cost more than a shorter invariant is worth. */
const MAX_CUBES = 500;

/** An equivalent, usually smaller, form of the disjunction of `parts`. */
export function minimiseCubes(parts: readonly Expr[]): Expr {
  const all = parts.flatMap(disjuncts).flatMap((d) => {
    const lits = new Map(conjuncts(d).map((c) => [key(literal(c)), literal(c)]));
    // A cube with an atom in both signs is false and adds nothing to the disjunction.
    return [...lits.values()].some((l) => lits.has(key({ atom: l.atom, positive: !l.positive }))) ? [] : [new Cube([...lits.values()])];
  });
  if (all.length > MAX_CUBES) return or(...parts);
  let cubes = absorb(all);
  // Each strengthening removes a literal, so this ends.
  while (strengthenPass(cubes)) cubes = absorb(cubes);
  if (cubes.some((c) => c.lits.length === 0)) return True;
  return or(...cubes.map((c) => c.toExpr()));
}
