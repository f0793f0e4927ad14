/**
 * Liveness (AIGER 1.9 justice properties under fairness and invariant constraints): the lasso
 * witness check, the liveness witness circuit check, and the engines (liveness-to-safety with IC3
 * and BMC, k-liveness, the bounded lasso search) against each other and against an explicit-state
 * oracle written for the tests (test/liveness-oracle.ts), on random small circuits, on hand-made
 * circuits for the classic liveness-to-safety bugs, and on the development circuits with a stated
 * verdict. Every lasso is replayed by Vigil's check and by the oracle's own simulator; every proof
 * passes Vigil's liveness witness circuit check, and corrupted ones fail it (test/e2e/liveness.test.ts
 * runs `vigil check` on a file with justice properties, end to end).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../../formalisms/frontends/aiger/read.js';
import { aigFromFile, type Aig } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';
import type { LivenessWitness } from '../../../formalisms/certificate.js';
import { aigerProblem } from '../../../formalisms/frontends/aiger/problem.js';
import type { Answer } from '../../../formalisms/problem.js';
import { answerOf } from '../../../formalisms/property-kinds.js';
import { checkLassoWitness } from '../../../certificates/lasso-witness.js';
import { checkLivenessWitness } from '../../../certificates/liveness-circuit.js';
import { readAiger, type Circuit } from '../../support/aiger-sim.js';
import { checkWith } from '../../support/engines.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { justiceFails, lassoError } from '../../support/liveness-oracle.js';
import { aagText, randomLiveCircuit } from '../../support/random-aig.js';

const LIVENESS_DIR = join(CORPUS_DIR, 'liveness/');
const bytes = (s: string) => new TextEncoder().encode(s);
const graph = (text: string, name = 'live.aag'): Aig => aigFromFile(parseAiger(bytes(text), name));
const bits = (v: ArrayLike<number>) => Array.from(v, (b) => (b ? '1' : '0')).join('');

/** What an engine found about a justice property, in the file's terms. */
type Outcome =
  | { readonly result: 'fails'; readonly lasso: Run }
  | { readonly result: 'holds'; readonly proof: LivenessWitness }
  | { readonly result: 'unknown' };

/**
 * Justice property `j` of the file checked by an engine as `vigil check` checks it (its passes,
 * liveness-to-safety for the safety engines, the result mapped back and its claims checked by
 * Vigil), with what it claims about the file. The safety engines decide it through
 * liveness-to-safety: `ic3`, `bmc`, `kind`.
 */
async function checkJustice(text: string, j: number, algorithm: string, opts: { bound?: number; ms?: number } = {}): Promise<Outcome> {
  const problem = aigerProblem('live.aag', parseAiger(bytes(text), 'live.aag'));
  const property = problem.properties.find((p) => p.name === `j${j}`)!;
  const r = await checkWith(algorithm, problem, { property, ms: opts.ms, settings: opts.bound === undefined ? {} : { bound: String(opts.bound) } });
  if (r.verdict === 'unknown') return { result: 'unknown' };
  const [claim] = problem.claims(property, r as Answer);
  if (answerOf(r.verdict) === 'fails' && claim!.kind === 'lasso-witness') return { result: 'fails', lasso: claim.run };
  if (answerOf(r.verdict) === 'holds' && claim!.kind === 'liveness-circuit') return { result: 'holds', proof: claim.proof };
  throw new Error(`${algorithm}: a ${r.verdict} result claims a ${claim!.kind}`);
}

/** The engine's outcome, its certificate checked by Vigil and (a lasso) by the oracle's simulator too. */
async function verdictOf(text: string, c: Circuit, j: number, algorithm: string, opts: { bound?: number; ms?: number }): Promise<Outcome['result']> {
  const outcome = await checkJustice(text, j, algorithm, opts);
  if (outcome.result === 'fails') {
    expect(lassoError(c, j, bits(outcome.lasso.latches), outcome.lasso.inputs.map(bits)), `${algorithm}: the oracle's replay`).toBeUndefined();
  }
  return outcome.result;
}

// ---------------------------------------------------------------- the lasso witness check

describe('the lasso witness check (aigsim\'s rule)', () => {
  // input a; latch r toggles; j0 = {r, not r}; j1 = {a}; fairness {not a} only in the second file
  const toggle = graph('aag 3 1 1 0 1 0 0 2\n2\n4 5\n2\n1\n4\n5\n2\n6 2 4\n');
  const fair = graph('aag 3 1 1 0 1 0 0 1 1\n2\n4 5\n1\n2\n3\n6 2 4\n');
  const run = (init: number[], inputs: number[][]): Run => ({ latches: init, inputs });

  it('accepts a loop that closes with every literal 1 in it', () => {
    expect(checkLassoWitness(toggle, 0, run([0], [[0], [0]]))).toBeUndefined();
    expect(checkLassoWitness(toggle, 1, run([0], [[0], [1]]))).toBeUndefined();
  });

  it('rejects a loop that does not close', () => {
    expect(checkLassoWitness(toggle, 0, run([0], [[0]]))).toMatch(/the loop does not close/);
    // a two-bit counter: its fourth state is new
    const counter = graph('aag 5 0 2 0 3 0 0 1\n2 3\n4 11\n1\n1\n6 2 5\n8 3 4\n10 7 9\n');
    expect(checkLassoWitness(counter, 0, run([0, 0], [[], [], []]))).toMatch(/the state after the last step 2 is not the state of any earlier step/);
    expect(checkLassoWitness(counter, 0, run([0, 0], [[], [], [], []]))).toBeUndefined();
  });

  it('opens the loop at the earliest repeated state', () => {
    // states 0 1 0 1, then 0 again: the loop runs from step 0, so a at step 0 counts
    expect(checkLassoWitness(toggle, 1, run([0], [[1], [0], [0], [0]]))).toBeUndefined();
    expect(checkLassoWitness(toggle, 1, run([0], [[0], [0], [0], [0]]))).toMatch(/literal 0 of justice property 1 is never 1 in the loop from step 0 to step 3/);
  });

  it('rejects a fairness literal never seen in the loop, a broken constraint and a wrong reset', () => {
    expect(checkLassoWitness(fair, 0, run([0], [[1], [1]]))).toMatch(/fairness constraint 0 is never 1 in the loop/);
    expect(checkLassoWitness(fair, 0, run([0], [[0], [1]]))).toBeUndefined();
    const constrained = graph('aag 3 1 1 0 1 0 1 1\n2\n4 5\n2\n1\n4\n6 2 4\n');
    expect(checkLassoWitness(constrained, 0, run([0], [[1], [0]]))).toMatch(/constraint 0 is violated at step 1/);
    expect(checkLassoWitness(toggle, 0, run([1], [[0], [0]]))).toMatch(/does not start at its reset value 0/);
    expect(checkLassoWitness(toggle, 2, run([0], [[0], [0]]))).toMatch(/no justice property 2/);
  });
});

// ---------------------------------------------------------------- the classic liveness-to-safety bugs

/** Every engine that decides this way agrees with `expected`, with certified answers; the oracle agrees too. */
async function expectAll(text: string, j: number, expected: 'holds' | 'fails'): Promise<void> {
  const c = readAiger(bytes(text));
  expect(justiceFails(c, j) ? 'fails' : 'holds', 'the oracle').toBe(expected);
  const runs: [string, { bound?: number; ms?: number }][] = [
    ['ic3', { ms: 20_000 }], ['bmc', { bound: 12 }], ['kind', { bound: 12 }], ['klive', { bound: 8 }], ['lasso-bmc', { bound: 12 }], ['live', { ms: 20_000 }],
  ];
  for (const [algorithm, opts] of runs) {
    const verdict = await verdictOf(text, c, j, algorithm, opts);
    if (verdict !== 'unknown') expect(verdict, algorithm).toBe(expected);
    // the complete engines and the one that suits the answer decide
    if (['ic3', 'live', expected === 'holds' ? 'klive' : 'lasso-bmc'].includes(algorithm)) expect(verdict, algorithm).toBe(expected);
  }
}

describe('regressions: the classic liveness-to-safety bugs', () => {
  it('fairness dropped: a fairness literal that is 1 only once makes every run unfair', async () => {
    // latch r toggles, j0 = {r}; latch s rises after step 0 and stays, fairness {not s}
    await expectAll('aag 3 0 2 0 0 0 0 1 1\n2 3\n4 1\n1\n2\n5\n', 0, 'holds');
  });

  it('several fairness constraints: each 1 infinitely often, never two at once', async () => {
    // latch r toggles; fairness {r} and {not r}; j0 = {true}: the toggling run is fair
    await expectAll('aag 1 0 1 0 0 0 0 1 2\n2 3\n1\n1\n2\n3\n', 0, 'fails');
    // the same with three alternating literals (a counter modulo 3) over two justice literals and a fairness literal
    await expectAll('aag 5 0 2 0 3 0 0 1 1\n2 6\n4 2\n2\n6\n8\n10\n6 3 5\n8 2 5\n10 3 4\n', 0, 'fails');
  });

  it('a seen literal must be seen in the loop, not only before the save', async () => {
    // latch s rises after step 0 and stays: j0 = {not s} is 1 at step 0 only
    await expectAll('aag 2 1 1 0 0 0 0 1\n2\n4 1\n1\n5\n', 0, 'holds');
  });

  it('the loop must close on the state after the save, not on the state being saved', async () => {
    // a latch that rises and stays, j0 = {not s, true}: no loop with not s in it
    await expectAll('aag 1 0 1 0 0 0 0 1\n2 1\n2\n3\n1\n', 0, 'holds');
  });

  it('outputs are not properties next to justice', async () => {
    // output o0 = 1 would be a bad state reached at once; the file has a justice property, which holds
    const text = 'aag 1 0 1 1 0 0 0 1\n2 1\n1\n1\n3\n';
    expect(graph(text).properties).toEqual([]);
    await expectAll(text, 0, 'holds');
    for (const name of ['cuabq2f', 'cuhanoi7']) {
      const file = aigFromFile(parseAiger(readFileSync(`${LIVENESS_DIR}hwmcc13/${name}.aig`), name));
      expect(file.properties, name).toEqual([]);
      expect(file.justice, name).toHaveLength(1);
    }
  });

  it('constraints hold on the loop as on the prefix', async () => {
    // latch r toggles, j0 = {r}; the constraint (not r) cuts every run after step 1
    await expectAll('aag 2 0 1 0 0 0 1 1\n2 3\n3\n1\n2\n', 0, 'holds');
  });
});

// ---------------------------------------------------------------- proofs and corrupted proofs

describe('the liveness witness circuit check', () => {
  const model = readFileSync(`${LIVENESS_DIR}certifaiger/intervention_model.aag`, 'latin1');
  const file = graph(model, 'intervention_model.aag');
  const proofs = new Map<string, LivenessWitness>();
  const proof = async (algorithm: 'ic3' | 'klive'): Promise<LivenessWitness> => {
    if (!proofs.has(algorithm)) {
      const outcome = await checkJustice(model, 0, algorithm, { ms: 30_000 });
      if (outcome.result !== 'holds') throw new Error(`${algorithm}: ${outcome.result}`);
      proofs.set(algorithm, outcome.proof);
    }
    return proofs.get(algorithm)!;
  };

  it('passes the proofs of liveness-to-safety (a closed loop) and of k-liveness (a ranking)', async () => {
    expect((await proof('ic3')).argument.kind).toBe('loop');
    expect((await proof('klive')).argument.kind).toBe('ranking');
    expect(checkLivenessWitness(file, 0, await proof('ic3'))).toBeUndefined();
    expect(checkLivenessWitness(file, 0, await proof('klive'))).toBeUndefined();
  });

  it('fails a ranking that does not decrease, a waiting literal that stops waiting or is 1', async () => {
    const p = await proof('klive');
    if (p.argument.kind !== 'ranking') throw new Error('not a ranking');
    const { rank, waiting } = p.argument;
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, rank: [...rank].reverse() } })).toMatch(/the Decrease check fails/);
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, rank: rank.map((l) => l ^ 1) } })).toMatch(/the Decrease check fails/);
    // no rank: every step keeps it, and the liveness literal is 1 on some
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, rank: [] } })).toMatch(/the Consistent check fails/);
    // nothing waits
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, waiting: waiting.map(() => 0) } })).toMatch(/the Consistent check fails/);
    // the rank of the counter alone: at an equal rank the seen latches still change
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, rank: rank.slice(0, -waiting.length), waiting: waiting.map((w) => w ^ 1) } })).toMatch(/the (Closure|Consistent) check fails/);
  });

  it('fails a closed loop whose copies, saved latch or seen latches are wrong', async () => {
    const p = await proof('ic3');
    if (p.argument.kind !== 'loop') throw new Error('not a loop');
    const { shadow, seen, saved } = p.argument;
    const swapped = shadow.map((x, k) => ({ ...x, latch: shadow[(k + 1) % shadow.length]!.latch }));
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, shadow: swapped } })).toMatch(/the Save check fails/);
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, saved: seen[0]! } })).toMatch(/the (Save|Hold) check fails/);
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, seen: [saved] } })).toMatch(/the (Save|Hold|Return) check fails/);
    expect(checkLivenessWitness(file, 0, { ...p, argument: { ...p.argument, oracle: 0 } })).toMatch(/the oracle must be an input of the witness's own/);
  });

  it('fails a witness that drops a liveness literal or does not simulate the model', async () => {
    const p = await proof('klive');
    const dropped = { ...p.witness, justice: [{ ...p.witness.justice[0]!, lits: [] }] };
    expect(checkLivenessWitness(file, 0, { ...p, witness: dropped })).toMatch(/needs one justice set of 1 liveness literals/);
    // W's liveness literal is constant 0: the model's literal no longer implies it
    const weak = { ...p.witness, justice: [{ ...p.witness.justice[0]!, lits: [0] }] };
    expect(checkLivenessWitness(file, 0, { ...p, witness: weak })).toMatch(/the Liveness check fails/);
    // an invariant that is not inductive: its bad state replaced by "the counter is not 0"
    const bits = p.witness.latches.slice(file.latches.length).map((_, k) => 2 * (1 + p.witness.inputs.length + file.latches.length + k));
    const loose = { ...p.witness, properties: [{ ...p.witness.properties[0]!, lit: bits[bits.length - 1]! }] };
    expect(checkLivenessWitness(file, 0, { ...p, witness: loose })).toMatch(/the (Base|Inductive|Decrease|Consistent) check fails/);
  });

  it('fails a proof for a justice property that fails', async () => {
    // a proof of j0 of a toggling latch (j0 = {r}) read as a proof of j1 = {r, not r}... which fails
    const text = 'aag 2 0 1 0 0 0 0 2\n2 3\n1\n2\n2\n2\n3\n';
    const g = graph(text);
    expect((await checkJustice(text, 1, 'lasso-bmc', { bound: 4 })).result).toBe('fails');
    const held = await checkJustice('aag 2 0 1 0 0 0 0 2\n2 2\n1\n2\n2\n2\n3\n', 1, 'klive', { ms: 10_000 });
    if (held.result !== 'holds') throw new Error(held.result);
    expect(checkLivenessWitness(g, 1, held.proof)).toMatch(/the (Transition|Decrease|Closure|Consistent|Inductive) check fails/);
  });
});

// ---------------------------------------------------------------- random circuits

describe('engines against each other and against the explicit-state oracle', () => {
  /** Seeds of circuits with up to 8 latches, and a few with up to 12. */
  const seeds: [number, number][] = [...Array.from({ length: 150 }, (_, k): [number, number] => [1 + k, 8]), ...Array.from({ length: 15 }, (_, k): [number, number] => [5001 + k, 12])];

  it('never disagree, and agree with the oracle; every lasso replays and every proof passes', async () => {
    const tally = { holds: 0, fails: 0, kliveProved: 0, kindDecided: 0 };
    for (const [seed, maxLatches] of seeds) {
      const c = randomLiveCircuit(seed, maxLatches);
      const text = aagText(c);
      for (let j = 0; j < c.justice!.length; j++) {
        const where = `seed ${seed} j${j}:\n${text}`;
        const expected = justiceFails(c, j) ? 'fails' : 'holds';
        tally[expected]++;
        expect(await verdictOf(text, c, j, 'ic3', { ms: 30_000 }), where).toBe(expected);
        const lasso = await verdictOf(text, c, j, 'lasso-bmc', { ms: 30_000, bound: (1 << c.latches.length) + 1 });
        expect(lasso, where).toBe(expected === 'fails' ? 'fails' : 'unknown');
        const klive = await verdictOf(text, c, j, 'klive', { ms: expected === 'holds' ? 20_000 : 2_000, bound: expected === 'holds' ? 64 : 2 });
        expect(['unknown', expected], where).toContain(klive);
        if (expected === 'holds' && klive === 'holds') tally.kliveProved++;
        if (expected === 'fails') expect(await verdictOf(text, c, j, 'bmc', { ms: 10_000, bound: 2 * (1 << c.latches.length) + 2 }), where).toBe('fails');
        // k-induction on the safety circuit: sound both ways, complete neither (no simple paths)
        const kind = await verdictOf(text, c, j, 'kind', { ms: 2_000, bound: 6 });
        expect(['unknown', expected], where).toContain(kind);
        if (kind !== 'unknown') tally.kindDecided++;
      }
    }
    // both answers are common, and k-liveness proves nearly all that hold
    expect(tally.holds).toBeGreaterThan(30);
    expect(tally.fails).toBeGreaterThan(30);
    expect(tally.kliveProved).toBeGreaterThan(0.9 * tally.holds);
    expect(tally.kindDecided).toBeGreaterThan(0.5 * (tally.holds + tally.fails));
  }, 1_200_000);
});
