/**
 * The circuit the bit-level engines check for one property. The front end gives the property's
 * cone (cone of influence and constant propagation with structural hashing; its STS is the
 * property's interpreter view); here latches that ternary simulation proves stuck at a constant
 * are replaced by that constant and the graph is reduced again, until no stuck latch is left.
 *
 * What the engines find on that circuit is moved back to the file: a run becomes an HWMCC witness
 * over the file's inputs and latches, an invariant (clauses over the circuit's latches) becomes a
 * witness circuit of the file, the stuck latches joining it as unit clauses, and the front end
 * adding the constants of its own reduction.
 */
import { FALSE_LIT, TRUE_LIT, coneOfInfluence, propagateConstants, type Aig, type Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Problem, Property } from '../../formalisms/problem.js';
import { transferRun, type CircuitModel } from '../../formalisms/frontends/aiger.js';
import type { Result, Statistics, UnknownReason } from '../result.js';
import { stuckLatches } from './simulate.js';

export interface Prepared {
  /** What the engines check: the property's cone without its stuck latches; its one property is the checked one. */
  readonly circuit: Aig;
  /** Latches of the cone (by file position) that ternary simulation proved stuck, with their value. */
  readonly stuck: ReadonlyMap<number, 0 | 1>;
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

/** The cone of a graph prepared for the engines. */
export function prepareAig(cone: Aig): Prepared {
  const stuck = new Map<number, 0 | 1>();
  let circuit = cone;
  for (let found = stuckLatches(circuit); found.size > 0; found = stuckLatches(circuit)) circuit = fixStuck(circuit, found, stuck);
  return { circuit, stuck };
}

const prepared = new WeakMap<Aig, Prepared>();

/** The circuit of a property, prepared once per problem and property. */
export function prepare(problem: Problem, p: Property): Prepared {
  const cone = circuitOf(problem).cone(p).aig;
  let known = prepared.get(cone);
  if (!known) prepared.set(cone, (known = prepareAig(cone)));
  return known;
}

export function circuitOf(problem: Problem): CircuitModel {
  if (!problem.circuit) throw new Error(`${problem.file} is not a circuit`);
  return problem.circuit;
}

/** The engine's outcome as a result over the file: a witness, or a witness circuit. */
export function resultOf(problem: Problem, p: Property, prep: Prepared, outcome: Outcome, stats: Statistics): Result {
  const circuit = circuitOf(problem);
  if (outcome.result === 'unknown') return { verdict: 'unknown', reason: outcome.reason, stats };
  if (outcome.result === 'unsafe') {
    return { verdict: 'unsafe', certificate: { kind: 'witness', run: transferRun(prep.circuit, circuit.aig, outcome.run) }, stats };
  }
  const firstLatch = 1 + prep.circuit.inputs.length;
  const lift = (l: Lit): Lit => circuit.latchLit(prep.circuit.latches[(l >> 1) - firstLatch]!.index) ^ (l & 1);
  const clauses: Clause[] = outcome.invariant.map((c) => c.map(lift));
  for (const [k, v] of prep.stuck) clauses.push([circuit.latchLit(k) ^ (v ^ 1)]);
  return { verdict: 'safe', certificate: circuit.witnessCircuit(p, clauses), stats: { ...stats, invariantClauses: clauses.length } };
}
