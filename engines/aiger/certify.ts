/**
 * Certificates of the bit-level engines, checked before a verdict leaves the engine layer, by code
 * that shares nothing with the engines' encodings.
 *
 * - UNSAFE: the engine's run on the checked circuit becomes an HWMCC-style witness over the file
 *   (a value for every latch at step 0, an input vector per step; what the reductions removed gets
 *   its reset value or 0) and is replayed by concrete simulation on the file's unreduced graph.
 * - SAFE: the engine's clauses over the circuit's latches, together with the constants the
 *   preprocessing found, must form an inductive invariant of the base circuit (the one the STS is
 *   built from): every initial state satisfies it (read off the resets: a clause holds initially
 *   iff one of its literals agrees with a reset), and a fresh SAT solver with its own full Tseitin
 *   encoding shows that no state satisfying it and the constraints is bad, and that every
 *   successor of such a state satisfies it again.
 *
 * A failed check is a bug in an engine: it throws `CertificateError`, never returns a verdict.
 */
import { False, True, and, bool, not, or, ref, type Expr } from '../../lang/expr.js';
import { SatSolver } from '../../lang/sat/solver.js';
import { andCount, firstGateNode, type Aig, type Lit } from '../../formalisms/aig.js';
import type { Trace, TraceState } from '../../formalisms/trace.js';
import type { Statistics, Verdict } from '../verdict.js';
import type { AigerProblem } from './prepare.js';
import { evaluate, litValue, replayRun, type Run } from './simulate.js';

export class CertificateError extends Error {}

/** A clause over latch literals (`2 * node + negated`) of a circuit. */
export type Clause = readonly Lit[];

/** What an engine found on `problem.circuit`, before certification. */
export type Outcome =
  | { readonly result: 'unsafe'; readonly run: Run }
  | { readonly result: 'safe'; readonly invariant: readonly Clause[] }
  | { readonly result: 'unknown'; readonly reason: string };

/** A run of `from` as a run of `to`, matching inputs and latches by file position. */
function transferRun(from: Aig, to: Aig, run: Run): Run {
  const latchValue = new Map(from.latches.map((l, k) => [l.index, run.latches[k]! ? 1 : 0]));
  const inputPos = new Map(from.inputs.map((i, k) => [i.index, k]));
  return {
    latches: to.latches.map((l) => latchValue.get(l.index) ?? (l.reset === 1 ? 1 : 0)),
    inputs: run.inputs.map((vec) => to.inputs.map((i) => {
      const k = inputPos.get(i.index);
      return k === undefined ? 0 : (vec[k]! ? 1 : 0);
    })),
  };
}

/** The HWMCC witness of a run of the checked circuit: values by file position. */
export function witness(problem: AigerProblem, run: Run): Run {
  return transferRun(problem.circuit, problem.original, run);
}

/** Undefined when `w` (over the file's positions) drives the file's circuit into its bad state. */
export function checkWitness(problem: AigerProblem, w: Run): string | undefined {
  return replayRun(problem.original, w, problem.sts.property.index);
}

/** The circuit's clauses as clauses of the base circuit, with the preprocessing's constants as units. */
export function baseInvariant(problem: AigerProblem, clauses: readonly Clause[]): Clause[] {
  const { circuit, base } = problem;
  const baseNode = new Map(base.latches.map((l, k) => [l.index, 1 + base.inputs.length + k]));
  const circuitFirstLatch = 1 + circuit.inputs.length;
  const lift = (lit: Lit): Lit => {
    const latch = circuit.latches[(lit >> 1) - circuitFirstLatch];
    const node = latch && baseNode.get(latch.index);
    if (node === undefined) throw new CertificateError(`invariant literal ${lit} is not a latch of ${circuit.file}`);
    return 2 * node + (lit & 1);
  };
  const out: Clause[] = clauses.map((c) => c.map(lift));
  for (const [index, value] of problem.constants) out.push([2 * baseNode.get(index)! + (value ^ 1)]);
  return out;
}

/**
 * Undefined when `clauses` (over latch literals of `aig`) form an inductive invariant excluding the
 * bad state of `property`, with the AIGER constraint semantics; else what fails.
 */
export function checkInvariant(aig: Aig, clauses: readonly Clause[], property = 0): string | undefined {
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  for (const [j, c] of clauses.entries()) {
    for (const l of c) {
      if ((l >> 1) < firstLatch || (l >> 1) >= firstGate) return `clause ${j} has literal ${l}, which is not a latch`;
    }
    const initial = c.some((l) => {
      const reset = aig.latches[(l >> 1) - firstLatch]!.reset;
      return reset !== 'x' && reset === ((l & 1) ^ 1);
    });
    if (!initial) return `clause ${j} does not hold in every initial state`;
  }
  // One SAT variable per node (node n is variable n + 1), every gate encoded.
  const sat = new SatSolver();
  for (let n = 0; n < firstGate + andCount(aig); n++) sat.newVar();
  const v = (l: Lit): number => (l & 1 ? -((l >> 1) + 1) : (l >> 1) + 1);
  sat.addClause([-1]);
  for (let g = 0; g < andCount(aig); g++) {
    const out = firstGate + g + 1;
    const a = v(aig.fanins[2 * g]!);
    const b = v(aig.fanins[2 * g + 1]!);
    sat.addClause([-out, a]);
    sat.addClause([-out, b]);
    sat.addClause([out, -a, -b]);
  }
  for (const c of clauses) sat.addClause(c.map(v));
  for (const c of aig.constraints) sat.addClause([v(c.lit)]);
  const bad = aig.properties[property];
  if (!bad) return `the circuit has no property ${property}`;
  if (sat.solve([v(bad.lit)]) !== false) return 'a state satisfying the invariant and the constraints is bad';
  // Closed under the step: for each clause, no successor of an invariant state falsifies it (one
  // query per clause, its next-state literals assumed false: many small queries beat one large one).
  const nextOf = (l: Lit): number => v(aig.latches[(l >> 1) - firstLatch]!.next ^ (l & 1));
  for (const [j, c] of clauses.entries()) {
    if (sat.solve(c.map((l) => -nextOf(l))) !== false) return `the invariant is not closed under the transition relation (clause ${j})`;
  }
  return undefined;
}

/** The invariant as a formula over the STS's latch variables: a conjunction of clauses. */
function invariantExpr(problem: AigerProblem, clauses: readonly Clause[]): Expr {
  const { base, sts } = problem;
  const firstLatch = 1 + base.inputs.length;
  const literal = (l: Lit): Expr => {
    const x = ref(sts.latches.get(base.latches[(l >> 1) - firstLatch]!.index)!);
    return l & 1 ? not(x) : x;
  };
  if (clauses.length === 0) return True;
  return and(...clauses.map((c) => (c.length === 0 ? False : or(...c.map(literal)))));
}

/** The witness as a trace of the STS model: every input and latch variable at every step. */
function traceOf(problem: AigerProblem, w: Run): Trace {
  const { base, sts, model } = problem;
  const run = transferRun(problem.original, base, w);
  const values = new Uint8Array(firstGateNode(base) + andCount(base));
  const firstLatch = 1 + base.inputs.length;
  const states: TraceState[] = [];
  let latches = Uint8Array.from(run.latches);
  for (const inputs of run.inputs) {
    evaluate(base, latches, inputs, values);
    const vals = new Map(model.vars.map((d) => [d, False]));
    base.inputs.forEach((i, k) => vals.set(sts.inputs.get(i.index)!, bool(values[1 + k] === 1)));
    base.latches.forEach((l, k) => vals.set(sts.latches.get(l.index)!, bool(values[firstLatch + k] === 1)));
    states.push({ loc: model.initLoc, vals });
    latches = Uint8Array.from(base.latches, (l) => litValue(values, l.next));
  }
  const action = model.actions(model.initLoc)[0]!;
  return { states, actions: states.slice(1).map(() => action), choices: states.slice(1).map(() => new Map()) };
}

/** Checks the outcome's certificate and turns it into a verdict over the STS; throws if it fails. */
export function certify(problem: AigerProblem, outcome: Outcome, stats: Statistics): Verdict {
  const file = problem.original.file;
  if (outcome.result === 'unsafe') {
    const w = witness(problem, outcome.run);
    const wrong = checkWitness(problem, w);
    if (wrong) throw new CertificateError(`the witness found for ${file} does not replay: ${wrong}`);
    return { result: 'unsafe', trace: traceOf(problem, w), stats };
  }
  if (outcome.result === 'safe') {
    const clauses = baseInvariant(problem, outcome.invariant);
    const wrong = checkInvariant(problem.base, clauses, 0);
    if (wrong) throw new CertificateError(`the invariant found for ${file} fails its check: ${wrong}`);
    return { result: 'safe', invariant: new Map([[problem.model.initLoc, invariantExpr(problem, clauses)]]), stats: { ...stats, invariantClauses: clauses.length } };
  }
  return { result: 'unknown', reason: outcome.reason, stats };
}
