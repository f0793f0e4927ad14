/**
 * A justice property's answers said of the file: the lasso an engine found on the property's
 * cone, closed on the whole circuit, and the liveness witness circuit (certificates/
 * liveness-circuit.ts) of a proof, the engine's construction built again over the file's circuit.
 *
 * A proof speaks of latch positions (formalisms/certificate.ts, `LivenessProof`): the file's
 * latches keep theirs, and the construction's own latches, numbered from the certificate's base
 * on the task, follow the file's latches here, in the same order, so that the engine's invariant
 * reads the same. The witness circuit is then W = the file's circuit with the construction: for
 * liveness-to-safety its bad state is a closed fair loop or the invariant violated, with a
 * closed-loop argument (oracle, saved latch, copies, seen latches); a k-induction proof of it is
 * extended by the k-induction witness (k-witness.ts); for k-liveness its bad state is the (K+1)-th
 * accept, the counter above K or the invariant violated, with a ranking: the counter's complement,
 * then the seen latches' complements (an accept raises the counter and a step without one only
 * adds seen latches, so it never grows; while it stays, the literals not seen wait, and are 0).
 *
 * A lasso found on the cone closes on the cone's latches; the file's latches outside the cone
 * (driven by the cone, by the inputs and by each other, never read back) may not have come back.
 * They are simulated through repetitions of the loop until the whole state at the start of a
 * repetition equals the whole state at the start of an earlier one: every repetition sees every
 * justice and fairness literal, so the longer loop is fair too.
 */
import { andCount, extendAigWithLatches, type Aig, type Lit } from '../../aig.js';
import { evaluate, litValue, type Run } from '../../aig-eval.js';
import { transferRun } from '../../circuit-task.js';
import type { ConstructionBase, LivenessProof, LivenessWitness, LoopArgument, PositionClause } from '../../certificate.js';
import { above, badOrNotInvariant, kLivenessConstruction, kLivenessLatchCount, l2sConstruction, l2sLatchCount, liveLits } from '../../liveness-circuits.js';
import { kInductionWitness } from '../../k-witness.js';

/** A proof's clauses and facts as clauses over the file's positions: the construction's latches after the file's. */
function onFile(file: Aig, proof: LivenessProof): PositionClause[] {
  const L = file.latches.length;
  const { base } = proof;
  return [...proof.clauses.map((c) => c.map((l) => ((l >> 1) >= base.latch ? 2 * ((l >> 1) - base.latch + L) + (l & 1) : l))), ...proof.facts];
}

/** The latch literal of a position in W: the file's latches, then the construction's own. */
function positionLit(file: Aig, old: (l: Lit) => Lit, own: readonly Lit[]) {
  const L = file.latches.length;
  return (l: number): Lit => ((l >> 1) < L ? old(2 * (1 + file.inputs.length + (l >> 1))) : own[(l >> 1) - L]!) ^ (l & 1);
}

/** Liveness-to-safety over the file, copying the `compared` latches: its bad state a closed fair loop, or the invariant violated when one is given. */
function l2sOverFile(file: Aig, j: number, compared: readonly number[], invariant?: readonly PositionClause[]): Aig {
  const lits = liveLits(file, j);
  return extendAigWithLatches(file, l2sLatchCount(compared.length, lits.length), (and, old, own, [oracle]) => {
    const lit = positionLit(file, old, own);
    const mine = lits.map(old);
    const { latches, bad } = l2sConstruction(and, compared.map((k) => lit(2 * k)), mine, oracle!, own);
    const property = invariant
      ? { lit: badOrNotInvariant(and, bad, invariant, lit), section: 'bad' as const, index: 0, name: 'closed fair loop or not invariant' }
      : { lit: bad, section: 'bad' as const, index: 0, name: 'closed fair loop' };
    return { latches, properties: [property], justice: [{ lits: mine, index: 0, name: `liveness literals of j${j}` }] };
  }, 1);
}

/** The closed-loop argument of a witness circuit built by `l2sOverFile`. */
function loopArgument(file: Aig, j: number, compared: readonly number[]): LoopArgument {
  const L = file.latches.length;
  return {
    kind: 'loop',
    oracle: file.inputs.length,
    saved: L,
    shadow: compared.map((latch, k) => ({ latch, copy: L + 1 + k })),
    seen: liveLits(file, j).map((_, k) => L + 1 + compared.length + k),
  };
}

/** The circuit k-induction proved, its construction's input and latches at their positions over the file. */
function provedOnFile(file: Aig, base: ConstructionBase, proved: Aig): Aig {
  return {
    ...proved,
    inputs: proved.inputs.map((x) => (x.index >= base.input ? { ...x, index: x.index - base.input + file.inputs.length } : x)),
    latches: proved.latches.map((l) => (l.index >= base.latch ? { ...l, index: l.index - base.latch + file.latches.length } : l)),
  };
}

/** k-liveness over the file for K, its bad state the (K+1)-th accept, the counter above K or the invariant violated, with its ranking. */
function kLivenessOverFile(file: Aig, j: number, k: number, invariant: readonly PositionClause[]): LivenessWitness {
  const lits = liveLits(file, j);
  let rank: Lit[] = [];
  let waiting: Lit[] = [];
  const witness = extendAigWithLatches(file, kLivenessLatchCount(lits.length, k), (and, old, own) => {
    const mine = lits.map(old);
    const { latches, bad, counter } = kLivenessConstruction(and, mine, own, k);
    const seen = own.slice(0, lits.length);
    rank = [...[...counter].reverse(), ...seen].map((l) => l ^ 1);
    waiting = seen.map((l) => l ^ 1);
    const or = (a: Lit, b: Lit) => and(a ^ 1, b ^ 1) ^ 1;
    return {
      latches,
      properties: [{ lit: badOrNotInvariant(and, or(bad, above(and, counter, k)), invariant, positionLit(file, old, own)), section: 'bad', index: 0, name: `accept ${k + 1} times or not invariant` }],
      justice: [{ lits: mine, index: 0, name: `liveness literals of j${j}` }],
    };
  });
  return { witness, argument: { kind: 'ranking', rank, waiting } };
}

/** The liveness witness circuit of a proof of justice property `j` of the file. */
export function livenessWitness(file: Aig, j: number, proof: LivenessProof): LivenessWitness {
  switch (proof.kind) {
    case 'l2s-invariant':
      return { witness: l2sOverFile(file, j, proof.compared, onFile(file, proof)), argument: loopArgument(file, j, proof.compared) };
    case 'l2s-k-induction': {
      const base = l2sOverFile(file, j, proof.compared);
      const lit = (l: number) => 2 * (1 + base.inputs.length + (l >> 1)) + (l & 1);
      const witness = kInductionWitness({
        file: base, bad: base.properties[0]!.lit, name: 'closed fair loop', small: provedOnFile(file, proof.base, proof.proved),
        facts: onFile(file, proof).map((c) => c.map(lit)), justice: base.justice[0]!.lits,
      }, proof.depth);
      return { witness, argument: loopArgument(file, j, proof.compared) };
    }
    case 'k-liveness':
      return kLivenessOverFile(file, j, proof.k, onFile(file, proof));
  }
}

/** How many gate evaluations closing a loop on the whole circuit may take. */
const CLOSING_BUDGET = 50_000_000;

/**
 * A lasso of the cone (a run whose state after the last step equals its state at `loopStart`) as a
 * lasso of the file: the loop repeated until the whole state comes back. Undefined when it does not
 * within the budget.
 */
export function lassoOnFile(file: Aig, cone: Aig, run: Run, loopStart: number): Run | undefined {
  const whole = transferRun(cone, file, run);
  const prefix = whole.inputs.slice(0, loopStart);
  const loop = whole.inputs.slice(loopStart);
  if (loop.length === 0) return undefined;
  const values = new Uint8Array(1 + file.inputs.length + file.latches.length + andCount(file));
  let state = Uint8Array.from(whole.latches);
  const step = (inputs: ArrayLike<number>) => {
    evaluate(file, state, inputs, values);
    state = Uint8Array.from(file.latches, (l) => litValue(values, l.next));
  };
  prefix.forEach(step);
  const starts = new Set<string>([state.join('')]);
  const repetitions = Math.max(1, Math.floor(CLOSING_BUDGET / Math.max(1, loop.length * (andCount(file) + file.latches.length))));
  for (let r = 1; r <= repetitions; r++) {
    loop.forEach(step);
    const key = state.join('');
    if (starts.has(key)) return { latches: whole.latches, inputs: [...prefix, ...Array.from({ length: r }, () => loop).flat()] };
    starts.add(key);
  }
  return undefined;
}
