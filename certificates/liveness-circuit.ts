/**
 * Liveness witness circuits: the certificate that justice property j of a circuit M holds (no
 * initialised run satisfies the constraints with every fairness literal and every literal of
 * justice set j 1 infinitely often). As for safety (witness-circuit.ts) it is another circuit W
 * that simulates M, whose first inputs and latches are M's (K), with its own invariant P' (W's
 * first bad state negated). W carries one justice set, its liveness literals: one per literal of
 * M's justice set j followed by one per fairness literal, and their negations are its liveness
 * signals. W also names an argument that none of its runs from a P' state takes every liveness
 * literal infinitely often: a ranking, or a closed-loop check in the manner of liveness-to-safety.
 *
 * The checks, each the unsatisfiability of its negation on a fresh SAT solver (Reset, Transition,
 * Base and Inductive are the safety ones, with W's bad state for the invariant):
 *
 * | Reset      | M's initial states, constrained, are W's on K                        |
 * | Transition | W steps on K as M does, and keeps its constraints                   |
 * | Liveness   | C ∧ C' ∧ L_k ⇒ J'_k: a model literal that is 1 makes W's literal 1  |
 * | Base       | R' ∧ C' ⇒ P'                                                         |
 * | Inductive  | P'_0 ∧ F' ∧ C'_0 ∧ C'_1 ⇒ P'_1                                       |
 *
 * A ranking (from k-liveness) gives W's rank R, literals read as an unsigned number (most
 * significant first), and a waiting literal w_k per liveness literal; on every step from a P'
 * state under W's constraints, with E the rank staying equal:
 *
 * | Decrease   | R_1 ≤ R_0                                                           |
 * | Closure    | E ∧ w_k,0 ⇒ w_k,1: at one rank, what waits keeps waiting             |
 * | Consistent | E ⇒ ∨_k w_k,0, and E ∧ w_k,0 ⇒ ¬J_k,0: a waiting literal is 0        |
 *
 * On an infinite run the rank can only fall finitely often; once it stays, some literal waits from
 * then on and is 0 forever, so the run is not fair.
 *
 * A closed loop (from liveness-to-safety, Biere, Artho, Schuppan 2002) gives an oracle input o of
 * W beyond M's, a saved latch s, copy latches (one per latch of M compared), and a seen latch t_k
 * per liveness literal, all W's own; with primes for W's next-state functions:
 *
 * | Save       | ¬s ∧ ¬o ⇒ ¬s';  ¬s ∧ o ⇒ s' ∧ copy' = x ∧ (J_k ⇒ t'_k); s resets to 0 |
 * | Hold       | s ⇒ s' ∧ copy' = copy ∧ (t_k ∨ J_k ⇒ t'_k)                        |
 * | Return     | P' ∧ C' ∧ s ∧ copy = x ∧ ∧_k t_k is unsatisfiable                 |
 *
 * A fair lasso of M (a state x_l that comes back with every literal 1 in between) is a run of W
 * that raises o at step l; W's state on return satisfies P' (Base, Inductive) and is a closed
 * fair loop, which Return excludes.
 *
 * The ranking obligations take their names from certifaiger's liveness checks (Froleyks, Yu,
 * Bogaerts, Biere, Heljanko), whose exact formulas the sources at hand did not give: these are
 * Vigil's own, sound as argued above, and the closed-loop form is Vigil's too.
 */
import type { Aig, Lit } from '../formalisms/aig.js';
import type { LivenessWitness, LoopArgument, RankingArgument } from '../formalisms/certificate.js';
import {
  OutOfTime, Step, Tseitin, base, circuitsOf, conjuncts, goodClauses, malformed, reset, sat, step, stepOfW, transition,
  type Circuits, type WitnessCheckOptions,
} from './witness-circuit.js';

/** Why the witness's shape cannot certify justice property `j` of `model`, if it cannot. */
function shapeError(model: Aig, j: number, proof: LivenessWitness): string | undefined {
  const { witness, argument } = proof;
  const wrong = malformed(model, 'model') ?? malformed(witness, 'witness');
  if (wrong) return wrong;
  const property = model.justice[j];
  if (!property) return `the model has no justice property ${j}`;
  if (!witness.properties[0]) return 'the witness has no bad state (its invariant)';
  const n = property.lits.length + model.fairness.length;
  const live = witness.justice[0];
  if (!live || live.lits.length !== n) {
    return `the witness needs one justice set of ${n} liveness literals (justice property ${j} and the fairness), it has ${live ? live.lits.length : 'none'}`;
  }
  if (witness.inputs.length < model.inputs.length || witness.latches.length < model.latches.length) {
    return `the witness (${witness.inputs.length} inputs, ${witness.latches.length} latches) cannot simulate the model (${model.inputs.length} inputs, ${model.latches.length} latches)`;
  }
  const size = 2 * (1 + witness.inputs.length + witness.latches.length + witness.fanins.length / 2);
  const own = (k: number) => Number.isInteger(k) && k >= model.latches.length && k < witness.latches.length;
  if (argument.kind === 'ranking') {
    if (argument.waiting.length !== n) return `the ranking needs ${n} waiting literals, it has ${argument.waiting.length}`;
    if ([...argument.rank, ...argument.waiting].some((l) => !Number.isInteger(l) || l < 0 || l >= size)) return 'the ranking refers to a literal that is not a node of the witness';
    return undefined;
  }
  const { oracle, saved, shadow, seen } = argument;
  if (!Number.isInteger(oracle) || oracle < model.inputs.length || oracle >= witness.inputs.length) return `the oracle must be an input of the witness's own, not ${oracle}`;
  if (seen.length !== n) return `the loop needs ${n} seen latches, it has ${seen.length}`;
  if (![saved, ...seen, ...shadow.map((x) => x.copy)].every(own)) return 'the saved, copy and seen latches must be latches of the witness\'s own';
  if (!shadow.every((x) => Number.isInteger(x.latch) && x.latch >= 0 && x.latch < model.latches.length)) return 'a copy names a latch the model does not have';
  if (witness.latches[saved]!.reset !== 0) return 'the saved latch must reset to 0';
  return undefined;
}

/**
 * Undefined when `proof` certifies justice property `j` of `model`, else the failed check (`the
 * Decrease check fails`, ...) or why the circuits cannot be compared; OutOfTime when a check runs
 * past `opts.deadline`.
 */
export function checkLivenessWitness(model: Aig, j: number, proof: LivenessWitness, opts: WitnessCheckOptions = {}): string | undefined {
  const shape = shapeError(model, j, proof);
  if (shape) return shape;
  const { witness, argument } = proof;
  const c = circuitsOf(model, witness);
  const wBad = witness.properties[0]!.lit;
  const good = conjuncts(witness, wBad ^ 1);
  const modelLits = [...model.justice[j]!.lits, ...model.fairness.map((f) => f.lit)];
  const live = witness.justice[0]!.lits;
  const checks: [string, () => boolean | undefined][] = [
    ['Reset', () => reset(c, opts)],
    ['Transition', () => transition(c, opts)],
    ['Liveness', () => liveness(c, modelLits, live, opts)],
    ['Base', () => base(c, wBad, opts)],
  ];
  const failed = run(checks, opts);
  if (failed) return failed;
  const inductive = step(c, good, opts);
  if (inductive) return inductive.replace('Step', 'Inductive');
  return run(argument.kind === 'ranking' ? rankingChecks(c, good, argument, live, opts) : loopChecks(c, good, argument, live, opts), opts);
}

/** The first check that fails, by name; OutOfTime when one cannot be decided in time. */
function run(checks: readonly [string, () => boolean | undefined][], opts: WitnessCheckOptions): string | undefined {
  for (const [name, fails] of checks) {
    if (opts.deadline !== undefined && Date.now() > opts.deadline) throw new OutOfTime(`the ${name} check was not reached in time`);
    const r = fails();
    if (r === undefined) throw new OutOfTime(`the ${name} check could not be decided in time`);
    if (r) return `the ${name} check fails`;
  }
  return undefined;
}

/** Liveness: under both circuits' constraints, some model literal is 1 and W's literal for it is 0. */
function liveness(c: Circuits, modelLits: readonly Lit[], live: readonly Lit[], opts: WitnessCheckOptions): boolean | undefined {
  const t = new Tseitin();
  const s = new Step(t, c);
  for (const x of c.model.constraints) t.addClause([s.m.lit(x.lit)]);
  for (const x of c.witness.constraints) t.addClause([s.w.lit(x.lit)]);
  for (const [k, l] of modelLits.entries()) {
    const m = s.m.lit(l);
    const w = s.w.lit(live[k]!);
    // where W reads M's literal itself, the two are one node (structural hashing)
    if (m === w) continue;
    const r = sat(t, [m, -w], opts);
    if (r !== false) return r;
  }
  return false;
}

/** `a == b` over node literals. */
function equal(t: Tseitin, a: number, b: number): number {
  return t.and(-t.and(a, -b), -t.and(-a, b));
}

/** The ranking obligations, each a query on one solver holding a step of W from an invariant state. */
function rankingChecks(c: Circuits, good: readonly Lit[], arg: RankingArgument, live: readonly Lit[], opts: WitnessCheckOptions): [string, () => boolean | undefined][] {
  const { t, s0, s1 } = stepOfW(c, good);
  const r0 = arg.rank.map((l) => s0.w.lit(l));
  const r1 = arg.rank.map((l) => s1.w.lit(l));
  // R_1 > R_0, most significant bit first: greater at the first bit where they differ
  let greater = -t.top;
  let same = t.top;
  r1.forEach((b1, i) => {
    greater = -t.and(-greater, -t.and(same, t.and(b1, -r0[i]!)));
    same = t.and(same, equal(t, b1, r0[i]!));
  });
  const w0 = arg.waiting.map((l) => s0.w.lit(l));
  const w1 = arg.waiting.map((l) => s1.w.lit(l));
  const j0 = live.map((l) => s0.w.lit(l));
  const any = (queries: number[][]) => () => {
    for (const q of queries) {
      const r = sat(t, q, opts);
      if (r !== false) return r;
    }
    return false;
  };
  return [
    ['Decrease', any([[greater]])],
    ['Closure', any(w0.map((w, k) => [same, w, -w1[k]!]))],
    ['Consistent', any([[same, ...w0.map((w) => -w)], ...w0.map((w, k) => [same, w, j0[k]!])])],
  ];
}

/** The closed-loop obligations, on one frame of W (its next-state functions for the primes). */
function loopChecks(c: Circuits, good: readonly Lit[], arg: LoopArgument, live: readonly Lit[], opts: WitnessCheckOptions): [string, () => boolean | undefined][] {
  const witness = c.witness;
  const firstLatch = 1 + witness.inputs.length;
  const latchLit = (k: number) => 2 * (firstLatch + k);
  const frame = () => {
    const t = new Tseitin();
    const s = new Step(t, c);
    const now = (k: number) => s.w.lit(latchLit(k));
    const next = (k: number) => s.w.lit(witness.latches[k]!.next);
    return { t, s, now, next };
  };
  const save = () => {
    const { t, s, now, next } = frame();
    const saved = now(arg.saved);
    const o = s.w.lit(2 * (1 + arg.oracle));
    const stays = sat(t, [-saved, -o, next(arg.saved)], opts);
    if (stays !== false) return stays;
    const wrong = [
      -next(arg.saved),
      ...arg.shadow.map((x) => -equal(t, next(x.copy), now(x.latch))),
      ...arg.seen.map((k, i) => t.and(s.w.lit(live[i]!), -next(k))),
    ];
    t.addClause(wrong);
    return sat(t, [-saved, o], opts);
  };
  const hold = () => {
    const { t, s, now, next } = frame();
    t.addClause([
      -next(arg.saved),
      ...arg.shadow.map((x) => -equal(t, next(x.copy), now(x.copy))),
      ...arg.seen.map((k, i) => t.and(-t.and(-now(k), -s.w.lit(live[i]!)), -next(k))),
    ]);
    return sat(t, [now(arg.saved)], opts);
  };
  const back = () => {
    const { t, s, now } = frame();
    for (const x of witness.constraints) t.addClause([s.w.lit(x.lit)]);
    for (const clause of goodClauses(witness, good)) t.addClause(clause.map((l) => s.w.lit(l)));
    return sat(t, [now(arg.saved), ...arg.shadow.map((x) => equal(t, now(x.copy), now(x.latch))), ...arg.seen.map(now)], opts);
  };
  return [['Save', save], ['Hold', hold], ['Return', back]];
}
