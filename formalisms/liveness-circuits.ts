/**
 * The two reductions of a justice property to a safety property, as logic over a graph: the
 * engines build it over a property's task circuit (the safety circuit they check), the AIGER front
 * end over the file's circuit (the liveness witness circuit that certifies a proof), so that one
 * construction serves both and an invariant of the one, over latch positions, reads the same in
 * the other.
 *
 * - Liveness-to-safety (Biere, Artho, Schuppan, FMICS 2002): an oracle input `save`, a `saved`
 *   latch, a copy of each compared latch taken on the step `save` is first 1, and one "seen since
 *   the save" latch per literal of the justice set and per fairness literal; the bad state is a
 *   closed fair loop (saved, back at the copy, every literal seen).
 * - k-liveness (Claessen, Sörensson, FMCAD 2012): the justice set and the fairness merged into one
 *   accepting signal as the AIGER tools' `aigunfair` does (one seen latch per literal; a step
 *   accepts when every literal is 1 now or was seen since the last accept, and clears them), and a
 *   counter of accepts whose (K+1)-th accept is the bad state.
 */
import { FALSE_LIT, TRUE_LIT, type Aig, type Lit, type NewLatch } from './aig.js';
import type { PositionClause } from './certificate.js';

type And = (a: Lit, b: Lit) => Lit;

const orOf = (and: And) => (a: Lit, b: Lit): Lit => and(a ^ 1, b ^ 1) ^ 1;

/** The liveness literals of justice property `j` of a graph: its justice set, then the fairness literals. */
export function liveLits(g: Aig, j: number): Lit[] {
  return [...g.justice[j]!.lits, ...g.fairness.map((f) => f.lit)];
}

/** The latches liveness-to-safety adds for `compared` latches and `lits` literals: saved, the copies, the seen latches. */
export function l2sLatchCount(compared: number, lits: number): number {
  return 1 + compared + lits;
}

/**
 * Liveness-to-safety over a graph: `compared` the literals of its latches the loop must close on,
 * `lits` the liveness literals, `oracle` the save input, `own` the new latches (saved, one copy per
 * compared latch, one seen latch per literal). Their next states and the bad state.
 */
export function l2sConstruction(and: And, compared: readonly Lit[], lits: readonly Lit[], oracle: Lit, own: readonly Lit[]): { latches: NewLatch[]; bad: Lit } {
  const or = orOf(and);
  const eq = (a: Lit, b: Lit) => or(and(a, b), and(a ^ 1, b ^ 1));
  const saved = own[0]!;
  const copies = own.slice(1, 1 + compared.length);
  const seen = own.slice(1 + compared.length);
  const saving = and(saved ^ 1, oracle);
  const afterSave = or(saved, oracle);
  const latches: NewLatch[] = [
    { next: afterSave, reset: 0, name: 'saved' },
    ...copies.map((c, k) => ({ next: or(and(saving, compared[k]!), and(saving ^ 1, c)), reset: 0 as const, name: `copy ${k}` })),
    ...seen.map((s, k) => ({ next: and(afterSave, or(s, lits[k]!)), reset: 0 as const, name: `seen ${k}` })),
  ];
  let bad = saved;
  copies.forEach((c, k) => { bad = and(bad, eq(c, compared[k]!)); });
  for (const s of seen) bad = and(bad, s);
  return { latches, bad };
}

/** Bits of a counter that holds 0 .. K. */
function counterWidth(k: number): number {
  return Math.max(1, k.toString(2).length);
}

/** The latches k-liveness adds for `lits` literals and bound K: the seen latches, then the counter. */
export function kLivenessLatchCount(lits: number, k: number): number {
  return lits + counterWidth(k);
}

/** `c > k` for counter bits `c` (least significant first) and a constant. */
export function above(and: And, c: readonly Lit[], k: number): Lit {
  const or = orOf(and);
  // from the least significant bit up: above = the bit decides, or it equals and the lower bits decide
  let gt = FALSE_LIT;
  c.forEach((bit, i) => {
    gt = (k >> i) & 1 ? and(bit, gt) : or(bit, gt);
  });
  return gt;
}

/**
 * k-liveness over a graph: `own` the new latches (one seen latch per literal, then the counter bits,
 * least significant first). Their next states, the bad state (the (K+1)-th accept) and the counter.
 */
export function kLivenessConstruction(and: And, lits: readonly Lit[], own: readonly Lit[], k: number): { latches: NewLatch[]; bad: Lit; counter: Lit[] } {
  const or = orOf(and);
  const xor = (a: Lit, b: Lit) => or(and(a, b ^ 1), and(a ^ 1, b));
  const seen = own.slice(0, lits.length);
  const counter = own.slice(lits.length);
  const now = lits.map((l, i) => or(seen[i]!, l));
  const accept = now.reduce(and, TRUE_LIT);
  const seenLatches: NewLatch[] = now.map((n, i) => ({ next: and(n, accept ^ 1), reset: 0, name: `seen ${i}` }));
  let carry = accept;
  const bits: NewLatch[] = counter.map((c, i) => {
    const next = xor(c, carry);
    carry = and(c, carry);
    return { next, reset: 0, name: `accepts bit ${i}` };
  });
  const atK = counter.reduce((all, c, i) => and(all, (k >> i) & 1 ? c : c ^ 1), accept);
  return { latches: [...seenLatches, ...bits], bad: atK, counter };
}

/**
 * The literal "bad, or an invariant clause violated": the bad state of a witness circuit whose good
 * condition is the construction's with the invariant, one conjunct per clause (as the certificate
 * check splits it); `lit` gives a position's latch literal.
 */
export function badOrNotInvariant(and: And, bad: Lit, clauses: readonly PositionClause[], lit: (position: number) => Lit): Lit {
  const or = orOf(and);
  const invariant = clauses.reduce((inv, c) => and(inv, c.map(lit).reduce(or, FALSE_LIT)), TRUE_LIT);
  return and(bad ^ 1, invariant) ^ 1;
}
