/**
 * The circuit the bit-level engines check for one property. The front end gives the property's
 * cone (cone of influence and constant propagation with structural hashing; its STS is the
 * property's interpreter view); here latches that ternary simulation proves stuck at a constant
 * are replaced by that constant and the graph is reduced again, until no stuck latch is left; then,
 * as the engine's options ask, SAT sweeping merges combinationally equal nodes (sweep.ts) and latch
 * correspondence merges latches equal in every reachable state (latch-correspondence.ts), each
 * within a time budget, and stuck latches are looked for once more. The portfolio runs latch
 * correspondence only when its first member's head start ends (`withCorrespondence`).
 *
 * What the engines find on that circuit is moved back to the file: a run becomes an HWMCC witness
 * over the file's inputs and latches, an invariant (clauses over the circuit's latches) becomes a
 * witness circuit of the file, the stuck latches joining it as unit clauses and the merged latches
 * as the equivalences with their representatives (two binary clauses each), and the front end
 * adding the constants of its own reduction. Sweeping keeps inputs and latches, so runs and
 * invariants carry over as they are. A merged latch has a reset equal to its representative's (up
 * to the negation), so a run's initial state over the file needs nothing new, and the file's
 * merged latches follow their representatives along it; the equivalences are inductive on their
 * own and the engine's invariant is inductive on the reduced circuit, so together they are
 * inductive on the file, which the certificate check proves rather than assumes.
 */
import { FALSE_LIT, TRUE_LIT, andCount, coneOfInfluence, propagateConstants, type Aig, type Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Problem, Property } from '../../formalisms/problem.js';
import { transferRun, type CircuitModel } from '../../formalisms/frontends/aiger/problem.js';
import type { Result, Statistics, UnknownReason } from '../result.js';
import { stuckLatches } from './simulate.js';
import { sweep } from './sweep.js';
import { latchCorrespondence } from './latch-correspondence.js';
import { DEFAULT_PREPROCESSING, preprocessingOf, type Preprocessing } from './preprocess-options.js';
import { clockMs } from '../../lang/clock.js';

/** Time budgets of the SAT-based steps, so that preprocessing stays cheap on big circuits. */
const SWEEP_BUDGET_MS = 1000;
const LCORR_BUDGET_MS = 1000;

/** A latch of the file (by position) that equals another one, or its negation, in every reachable state. */
export interface Merged {
  readonly latch: number;
  readonly rep: number;
  readonly negated: boolean;
}

export interface Prepared {
  /** What the engines check: the property's cone reduced as above; its one property is the checked one. */
  readonly circuit: Aig;
  /** Latches of the cone (by file position) proved stuck, by ternary simulation or by induction, with their value. */
  readonly stuck: ReadonlyMap<number, 0 | 1>;
  /** Latches of the cone (by file position) merged into a representative by latch correspondence. */
  readonly merged: readonly Merged[];
  /** Sizes before and after, what was merged, and the time it took (counters beside the engine's). */
  readonly stats: Readonly<Record<string, number>>;
}

/** A clause over latch literals (`2 * node + negated`) of a circuit. */
export type Clause = readonly Lit[];

/** What a bit-level engine found on the prepared circuit, before it becomes a certificate. */
export type Outcome =
  | { readonly result: 'unsafe'; readonly run: Run }
  | { readonly result: 'safe'; readonly invariant: readonly Clause[] }
  | { readonly result: 'unknown'; readonly reason: UnknownReason };

/** Replaces stuck latches (positions in `aig`) by constants; records the latches it fixed. */
function fixStuck(aig: Aig, stuck: ReadonlyMap<number, 0 | 1>, fixed: Map<number, 0 | 1>): Aig {
  // A stuck latch starts at its constant, so driving it by that constant changes no execution;
  // constant propagation then removes it, together with whatever else became constant.
  const driven: Aig = {
    ...aig,
    latches: aig.latches.map((l, k) => (stuck.has(k) ? { ...l, next: stuck.get(k) ? TRUE_LIT : FALSE_LIT } : l)),
  };
  const propagated = propagateConstants(driven);
  const kept = new Set(propagated.latches.map((l) => l.index));
  for (const l of driven.latches) if (!kept.has(l.index)) fixed.set(l.index, l.reset === 1 ? 1 : 0);
  return coneOfInfluence(propagated);
}

function withoutStuck(aig: Aig, fixed: Map<number, 0 | 1>): Aig {
  let circuit = aig;
  for (let found = stuckLatches(circuit); found.size > 0; found = stuckLatches(circuit)) circuit = fixStuck(circuit, found, fixed);
  return circuit;
}

/** The cone of a graph prepared for the engines. */
export function prepareAig(cone: Aig, options: Preprocessing = DEFAULT_PREPROCESSING): Prepared {
  const reduced = reduceCone(cone, options.sweep);
  return options.lcorr ? withCorrespondence(reduced) : reduced;
}

/** The cone without its stuck latches and, if asked, swept: everything but latch correspondence. */
function reduceCone(cone: Aig, sweepIt: boolean): Prepared {
  const started = clockMs();
  const stuck = new Map<number, 0 | 1>();
  let circuit = withoutStuck(cone, stuck);
  const stats: Record<string, number> = { latchesBefore: cone.latches.length, andsBefore: andCount(cone) };
  if (sweepIt) {
    const t = clockMs();
    const swept = sweep(circuit, Date.now() + SWEEP_BUDGET_MS);
    circuit = withoutStuck(swept.aig, stuck);
    Object.assign(stats, { sweptNodes: swept.merged, sweepSatCalls: swept.satCalls, sweepMs: Math.round(clockMs() - t) });
  }
  Object.assign(stats, { latchesAfter: circuit.latches.length, andsAfter: andCount(circuit), prepareMs: Math.round(clockMs() - started) });
  return { circuit, stuck, merged: [], stats };
}

/**
 * A prepared circuit with its corresponding latches merged (and the latches that this leaves stuck
 * removed), the facts proved joining those it had. The portfolio calls it when its first member's
 * head start ends (portfolio.ts), on the circuit without it.
 */
export function withCorrespondence(prep: Prepared): Prepared {
  const t = clockMs();
  const stuck = new Map(prep.stuck);
  const merged = [...prep.merged];
  const stats: Record<string, number> = { ...prep.stats };
  let circuit = prep.circuit;
  const found = latchCorrespondence(circuit, Date.now() + LCORR_BUDGET_MS);
  if (found) {
    for (const e of found.equivalences) {
      const latch = circuit.latches[e.latch]!;
      if (e.rep === undefined) stuck.set(latch.index, latch.reset === 1 ? 1 : 0);
      else merged.push({ latch: latch.index, rep: circuit.latches[e.rep]!.index, negated: e.negated });
    }
    circuit = withoutStuck(found.aig, stuck);
    Object.assign(stats, { mergedLatches: found.equivalences.length, lcorrRounds: found.rounds, lcorrSatCalls: found.satCalls });
  }
  const lcorrMs = clockMs() - t;
  Object.assign(stats, { lcorrMs: Math.round(lcorrMs), latchesAfter: circuit.latches.length, andsAfter: andCount(circuit), prepareMs: Math.round((prep.stats.prepareMs ?? 0) + lcorrMs) });
  return { circuit, stuck, merged, stats };
}

const prepared = new WeakMap<Aig, Map<string, Prepared>>();

/** The circuit of a property, prepared once per problem, property and choice of preprocessing (the problem's, unless `options` says otherwise). */
export function prepare(problem: Problem, p: Property, options: Preprocessing = preprocessingOf(problem)): Prepared {
  const cone = circuitOf(problem).cone(p).aig;
  const key = `${options.sweep}${options.lcorr}`;
  let byOptions = prepared.get(cone);
  if (!byOptions) prepared.set(cone, (byOptions = new Map()));
  let known = byOptions.get(key);
  if (!known) byOptions.set(key, (known = prepareAig(cone, options)));
  return known;
}

export function circuitOf(problem: Problem): CircuitModel {
  if (!problem.circuit) throw new Error(`${problem.file} is not a circuit`);
  return problem.circuit;
}

/**
 * What preprocessing proved about the file's latches, as clauses over its latch literals: the stuck
 * latches as units, each merged latch as its equivalence with the representative.
 */
export function preparedFacts(circuit: CircuitModel, prep: Prepared): Clause[] {
  const clauses: Clause[] = [...prep.stuck].map(([k, v]) => [circuit.latchLit(k) ^ (v ^ 1)]);
  for (const m of prep.merged) {
    const l = circuit.latchLit(m.latch);
    const r = circuit.latchLit(m.rep) ^ (m.negated ? 1 : 0);
    clauses.push([l ^ 1, r], [l, r ^ 1]);
  }
  return clauses;
}

/** Everything proved about the file's latches before the engine ran: the front end's constants, then `preparedFacts`. */
export function provenFacts(circuit: CircuitModel, p: Property, prep: Prepared): Clause[] {
  return [...circuit.constantLatches(p, new Map()).map((u) => [u]), ...preparedFacts(circuit, prep)];
}

/** The engine's outcome as a result over the file: a witness, or a witness circuit. */
export function resultOf(problem: Problem, p: Property, prep: Prepared, outcome: Outcome, stats: Statistics): Result {
  const circuit = circuitOf(problem);
  const all = { ...prep.stats, ...stats };
  if (outcome.result === 'unknown') return { verdict: 'unknown', reason: outcome.reason, stats: all };
  if (outcome.result === 'unsafe') {
    return { verdict: 'unsafe', certificate: { kind: 'witness', run: transferRun(prep.circuit, circuit.aig, outcome.run) }, stats: all };
  }
  const firstLatch = 1 + prep.circuit.inputs.length;
  const lift = (l: Lit): Lit => circuit.latchLit(prep.circuit.latches[(l >> 1) - firstLatch]!.index) ^ (l & 1);
  const clauses: Clause[] = [...outcome.invariant.map((c) => c.map(lift)), ...preparedFacts(circuit, prep)];
  return { verdict: 'safe', certificate: circuit.witnessCircuit(p, clauses), stats: { ...all, invariantClauses: clauses.length } };
}
