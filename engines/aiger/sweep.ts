/**
 * SAT sweeping (FRAIGing, after Mishchenko, Chatterjee, Jiang, Brayton, "FRAIGs: a unifying
 * representation for logic synthesis and verification", 2005): random simulation proposes classes
 * of nodes that are equal or opposite on every pattern; the SAT solver proves each member equal to
 * its class's representative (the lowest node) combinationally, inputs and latches free; a
 * counterexample becomes a new pattern that splits the classes. Proven nodes are replaced by their
 * representative and the graph is rebuilt with structural hashing.
 *
 * The merges are combinational: inputs and latches stay as they are and every node keeps its
 * function of them, so runs and invariants of the swept circuit are runs and invariants of the
 * original. Each query has a conflict limit and the whole sweep a deadline; what is not proven
 * in time simply stays.
 */
import { andCount, coneOfInfluence, firstGateNode, substitute, type Aig } from '../../formalisms/aig.js';
import { SatSolver } from '../../lang/sat/solver.js';
import { Unroller } from './cnf.js';
import { Patterns, simulateGates, splitClasses } from './patterns.js';

/** Random words per node in the first simulation (32 patterns each). */
const WORDS = 16;
const CONFLICT_LIMIT = 100;

interface SweepResult {
  readonly aig: Aig;
  /** Nodes replaced by an equal or opposite one. */
  readonly merged: number;
  readonly satCalls: number;
}

/** The graph with its combinationally equivalent nodes merged, as far as the deadline allows. */
export function sweep(aig: Aig, deadline: number): SweepResult {
  const firstGate = firstGateNode(aig);
  const size = firstGate + andCount(aig);
  const rng = new Patterns();
  const values = new Int32Array(size * WORDS);
  for (let i = WORDS; i < firstGate * WORDS; i++) values[i] = rng.word();
  simulateGates(aig, values, WORDS);
  // a node's phase is its first pattern: nodes are compared with their phase normalised away
  const phase = new Uint8Array(size);
  for (let n = 0; n < size; n++) phase[n] = values[n * WORDS]! & 1;
  let classes: number[][] = [Array.from({ length: size }, (_, n) => n)];
  for (let w = 0; w < WORDS; w++) classes = splitClasses(classes, (n) => values[n * WORDS + w]! ^ -phase[n]!);

  const sat = new SatSolver();
  const u = new Unroller(aig, sat, () => sat.newVar(), { encoding: 'gates' });
  const replacement = new Int32Array(size).fill(-1);
  const settled = new Uint8Array(size);
  // counterexamples waiting to refine the classes: one bit per counterexample in a word per leaf
  const cex = new Int32Array(size);
  let pending = 0;
  let merged = 0;

  /** The leaves of the solver's model as bit `pending` of the counterexample words. */
  const record = () => {
    // the count first: nothing after the loop (lang/sat/heap.ts, takeEveryPath)
    const at = pending++;
    for (let n = 1; n < firstGate; n++) {
      const s = u.peek(0, n);
      const bit = s !== 0 ? (sat.value(s) ? 1 : 0) : rng.bit();
      cex[n] = (cex[n]! & ~(1 << at)) | (bit << at);
    }
  };
  const refine = () => {
    simulateGates(aig, cex, 1);
    const mask = pending === 32 ? -1 : (1 << pending) - 1;
    classes = splitClasses(classes, (n) => (cex[n]! ^ -phase[n]!) & mask);
    pending = 0;
  };

  search: for (;;) {
    for (const c of classes) {
      const rep = c[0]!;
      for (let i = 1; i < c.length; i++) {
        const m = c[i]!;
        if (m < firstGate || settled[m]) continue;
        if (Date.now() >= deadline) break search;
        const x = u.lit(0, 2 * m);
        const y = u.lit(0, 2 * rep + (phase[m]! ^ phase[rep]!));
        const limits = { conflictLimit: CONFLICT_LIMIT, deadline };
        let answer = sat.solve([x, -y], limits);
        if (answer === false) answer = sat.solve([-x, y], limits);
        if (answer === false) {
          replacement[m] = 2 * rep + (phase[m]! ^ phase[rep]!);
          settled[m] = 1;
          merged++;
          // proven equal: the solver learns it, which helps the queries further up
          sat.addClause([-x, y]);
          sat.addClause([x, -y]);
        } else if (answer === undefined) {
          settled[m] = 1;
        } else {
          // one counterexample usually tells many candidates apart: refine before the next query
          record();
          refine();
          continue search;
        }
      }
    }
    if (pending === 0) break;
    refine();
  }
  const swept = merged === 0 ? aig : coneOfInfluence(substitute(aig, replacement));
  return { aig: swept, merged, satCalls: sat.stats.solves };
}
