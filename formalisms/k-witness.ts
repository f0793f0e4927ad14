/**
 * The witness circuit of a k-induction proof (after Yu, Froleyks, Biere et al., "Stratified
 * certification for k-induction", FMCAD 2022, without simple paths): k-induction shows that D
 * consecutive good states under the constraints are followed by a good state, and BMC that no bad
 * state is reachable within D - 1 steps. Neither is 1-inductive, but both become so in a circuit
 * that remembers the last D - 1 states.
 *
 * The witness is the file's circuit plus, for each slot j = 1 .. D-1, a copy of the prepared
 * circuit's latches and inputs as they were j steps ago (a shift register) and a flag `valid_j`
 * (reset 0, set once j steps have been taken). Its property (the good condition) says: the file's
 * property holds now, what the reductions proved of the file's latches holds (constants, and latches
 * merged into their representatives equal to them) and of its signals, and each
 * valid slot holds a state that satisfied the constraints and the property and stepped (by the
 * prepared circuit's next-state functions) into the next newer slot; the flags are monotone, and
 * the oldest valid state (the current one when no slot is valid) is an initial state. A full
 * history is D good states in a row, so the next state is good by k-induction; a partial one is a
 * path from an initial state shorter than D, so the next state is good by the base case.
 */
import { FALSE_LIT, TRUE_LIT, extendAigWithLatches, instantiate, type Aig, type Lit, type NewLatch } from './aig.js';
import type { Clause, SignalFacts } from './certificate.js';
import { signalsHold } from './witness-circuits.js';

/** What a proof by k-induction is about: the circuit the witness extends, and the prepared circuit the engine checked. */
interface KInductionSubject {
  /** The circuit the witness extends (a file's, or a construction over it), latch k at position k. */
  readonly file: Aig;
  /** Its bad literal, and the property's name. */
  readonly bad: Lit;
  readonly name: string;
  /** The circuit k-induction proved, its inputs and latches at their positions in `file`. */
  readonly small: Aig;
  /** What preparation proved of `file`'s latches, as clauses over its latch literals. */
  readonly facts: readonly Clause[];
  /** What it proved of the signals of `file` (whose inputs and latches are at their file positions). */
  readonly signals?: SignalFacts;
  /** Justice literals of `file` the witness keeps as its justice set (a liveness witness's), if any. */
  readonly justice?: readonly Lit[];
}

/** The witness circuit of a proof by k-induction of depth `depth` (D: D good states imply the next) on the prepared circuit. */
export function kInductionWitness(subject: KInductionSubject, depth: number): Aig {
  const { file, small, facts } = subject;
  const [I, L] = [small.inputs.length, small.latches.length];
  const slots = depth - 1;
  // per slot: I inputs, L latches, and the valid flag
  const perSlot = I + L + 1;
  const latchLit = (k: number) => 2 * (1 + file.inputs.length + k);
  return extendAigWithLatches(file, slots * perSlot, (and, old, added) => {
    const or = (a: Lit, b: Lit) => and(a ^ 1, b ^ 1) ^ 1;
    const all = (lits: readonly Lit[]) => lits.reduce(and, TRUE_LIT);
    const implies = (a: Lit, b: Lit) => or(a ^ 1, b);
    const eq = (a: Lit, b: Lit) => or(and(a, b), and(a ^ 1, b ^ 1));
    // slot 0 is the current state: the file's inputs and latches at the prepared circuit's positions
    const current = [
      ...small.inputs.map((x) => old(2 * (1 + x.index))),
      ...small.latches.map((l) => old(latchLit(l.index))),
    ];
    const slot = (j: number) => (j === 0 ? current : added.slice((j - 1) * perSlot, (j - 1) * perSlot + I + L));
    const valid = (j: number) => added[(j - 1) * perSlot + I + L]!;
    const view = (j: number) => instantiate(small, slot(j), and);
    const initial = (j: number) => all(small.latches.map((l, k) => (l.reset === 'x' ? TRUE_LIT : slot(j)[I + k]! ^ (l.reset ^ 1))));

    const good: Lit[] = [old(subject.bad) ^ 1, ...facts.map((c) => c.map(old).reduce(or, FALSE_LIT))];
    if (subject.signals) good.push(signalsHold(subject.signals, { input: (k) => old(2 * (1 + k)), latch: (k) => old(latchLit(k)) }, and));
    for (let j = 1; j <= slots; j++) {
      const v = view(j);
      const newer = slot(j - 1);
      const holds = all([
        ...small.constraints.map((c) => v(c.lit)),
        v(small.properties[0]!.lit) ^ 1,
        ...small.latches.map((l, k) => eq(v(l.next), newer[I + k]!)),
      ]);
      good.push(implies(valid(j), holds));
      if (j < slots) good.push(implies(valid(j + 1), valid(j)));
    }
    if (slots > 0) {
      good.push(implies(valid(1) ^ 1, initial(0)));
      for (let j = 1; j < slots; j++) good.push(implies(and(valid(j), valid(j + 1) ^ 1), initial(j)));
    }
    const invariant = all(good.slice(1));
    const bad = all(good) ^ 1;

    const latches: NewLatch[] = [];
    for (let j = 1; j <= slots; j++) {
      const newer = slot(j - 1);
      newer.forEach((lit) => latches.push({ next: lit, reset: 0 }));
      latches.push({ next: j === 1 ? TRUE_LIT : valid(j - 1), reset: 0 });
    }
    return {
      latches,
      properties: [
        { lit: bad, section: 'bad', index: 0, name: `${subject.name} or not invariant` },
        { lit: invariant, section: 'output', index: 0, name: 'invariant' },
      ],
      ...(subject.justice ? { justice: [{ lits: subject.justice.map(old), index: 0, name: 'liveness literals' }] } : {}),
    };
  });
}
