/**
 * Signal correspondence (van Eijk, "Sequential equivalence checking based on structural
 * similarities", 2000; with speculative reduction as in Mishchenko, Case, Brayton, Jang, "Scalable
 * and scalably-verifiable sequential synthesis", 2008, ABC's `scorr`): classes of nodes (gates and
 * latches, with the constant) that are equal or opposite in every reachable state, for every input,
 * found by induction over the whole graph rather than over latches only (latch-correspondence.ts).
 *
 * Simulation from the initial states proposes the classes; a node's phase is its value in the first
 * pattern, so members of a class are compared with the phases normalised away. The SAT solver then
 * proves
 * - the base case: in every initial state, for every input, each member equals its representative
 *   (the class's lowest node);
 * - the step: with every member replaced by its representative in the current state (the
 *   speculatively reduced graph, whose next states are then the hypothesis's), each member equals
 *   its representative in the next state, for every input there.
 * A counterexample is simulated and splits the classes; the next round assumes the smaller
 * hypothesis. Splitting keeps the base case (members of a split class were equal before), so when a
 * round splits nothing the equivalences E hold in every reachable state: they hold initially, and E
 * now and a step give E next. Merging the nodes then keeps every run: along a run E holds, so the
 * merged graph computes the same next states and the same bad state.
 *
 * E speaks of inputs too (a gate's value depends on the step's inputs), so unlike the latch facts of
 * the other passes it is no set of clauses over latches; the pass's map back states it as an
 * expression over the view's inputs and latches (engines/passes/circuit.ts). Circuits with
 * invariant constraints are left alone: E would hold only where the constraints do, and a merged
 * constraint could then admit runs the file does not have.
 */
import { andCount, coneOfInfluence, firstGateNode, substitute, type Aig, type Lit } from '../../formalisms/aig.js';
import { IntList } from '../../lang/int-list.js';
import { SatSolver } from '../../lang/sat/solver.js';
import { Unroller } from './cnf.js';
import { SatCones } from './sat-cones.js';
import { Patterns, simulateFromResets, simulateGates, splitClasses } from './patterns.js';

const WORDS = 2;
const STEPS = 32;
const CONFLICT_LIMIT = 100;
/**
 * A class that loses exactly one member in this many rounds in a row is given up, as latch
 * correspondence does: a chain of gates equal under the hypothesis, peeled one per round (a class
 * of 31 on `gen35`), each round paying for a new solver and all its checks. The constant's class is
 * kept. Dropping a class only weakens the hypothesis, so what is proven stays inductive.
 */
const PEEL_ROUNDS = 3;

interface SignalCorrespondence {
  readonly aig: Aig;
  /** Each merged node's literal with its representative's (a literal of a lower node, or a constant), in the given graph. */
  readonly equivalences: readonly (readonly [Lit, Lit])[];
  readonly rounds: number;
  readonly satCalls: number;
}

/** The graph with its corresponding nodes merged; undefined when nothing corresponds or the deadline came first. */
export function signalCorrespondence(aig: Aig, deadline: number): SignalCorrespondence | undefined {
  if (aig.constraints.length > 0) return undefined;
  const firstLatch = 1 + aig.inputs.length;
  const firstGate = firstGateNode(aig);
  const size = firstGate + andCount(aig);
  const { classes: simulated, phase } = simulatedClasses(aig);
  let classes = simulated;
  if (classes.length === 0) return undefined;
  const rng = new Patterns();
  const cex = new Int32Array(size);
  let pending = 0;
  let satCalls = 0;
  let rounds = 0;

  /** Node n's literal with its phase: equal literals of a class's members are what is proven. */
  const normal = (n: number): Lit => 2 * n + phase[n]!;
  /** Splits the classes by the patterns recorded in `cex` (leaves set), simulated through the gates. */
  const refine = () => {
    simulateGates(aig, cex, 1);
    const mask = pending === 32 ? -1 : (1 << pending) - 1;
    classes = splitClasses(classes, (n) => (cex[n]! ^ -phase[n]!) & mask);
    pending = 0;
  };
  const setLeaf = (n: number, value: number) => { cex[n] = (cex[n]! & ~(1 << pending)) | (value << pending); };
  /** Drops a node whose check was undecided from its class. */
  const drop = (n: number) => { classes = classes.map((c) => c.filter((m) => m !== n)).filter((c) => c.length > 1); };

  /**
   * Checks every member against its representative with `at` (the SAT literal of a graph literal
   * in the frame checked), recording a counterexample's leaves with `leaf`; true when all were
   * proven, false when classes changed.
   */
  const checkAll = ({ sat, cones }: ConeSolver, at: (l: Lit) => number, leaf: (n: number) => number | undefined): boolean | undefined => {
    let changed = false;
    const proven = new Int32Array(size).fill(-1);
    check: for (;;) {
      for (const c of classes) {
        const rep = c[0]!;
        for (let i = 1; i < c.length; i++) {
          const m = c[i]!;
          if (proven[m] === rep) continue;
          const x = at(normal(m));
          const y = at(normal(rep));
          let answer: boolean | undefined = x === y ? false : undefined;
          if (answer === undefined) {
            // one call per pair: a fresh d that implies x != y, deciding only their cones
            const d = sat.newVar();
            sat.addClause([-d, x, y]);
            sat.addClause([-d, -x, -y]);
            cones.define(d, [x, y]);
            answer = sat.solve([d], { conflictLimit: CONFLICT_LIMIT, deadline });
            satCalls++;
          }
          if (answer === false) {
            proven[m] = rep;
          } else if (answer === undefined) {
            if (Date.now() >= deadline) return undefined;
            drop(m);
            changed = true;
            continue check;
          } else {
            for (let n = 1; n < firstGate; n++) setLeaf(n, leaf(n) ?? rng.bit());
            pending++;
            changed = true;
            if (pending === 32) {
              refine();
              continue check;
            }
          }
        }
      }
      if (pending > 0) refine();
      return !changed;
    }
  };

  // the base case: the initial states, inputs free
  {
    const solver = coneSolver();
    const { sat, cones } = solver;
    const u: Unroller = new Unroller(aig, sat, (_t, k) => {
      const r = aig.latches[k]!.reset;
      return r === 'x' ? sat.newVar() : r === 1 ? u.trueLit : -u.trueLit;
    }, { cones });
    const leaf = (n: number) => {
      const v = modelValue(sat, u.peek(0, n));
      if (v !== undefined) return v;
      const r = n >= firstLatch ? aig.latches[n - firstLatch]!.reset : 'x';
      return r === 'x' ? undefined : r;
    };
    for (;;) {
      const settled = checkAll(solver, (l) => u.lit(0, l), leaf);
      if (settled === undefined) return undefined;
      if (settled || classes.length === 0) break;
    }
  }

  // the step, until a round splits nothing
  const lastSize = new Int32Array(size);
  const peeled = new Int32Array(size);
  for (;;) {
    // classes only split, so each class's members were in one class the round before
    classes = classes.filter((c) => {
      const streak = lastSize[c[0]!] === c.length + 1 ? peeled[c[0]!]! + 1 : 0;
      for (const m of c) { lastSize[m] = c.length; peeled[m] = streak; }
      return c[0] === 0 || streak < PEEL_ROUNDS;
    });
    if (classes.length === 0) return undefined;
    if (Date.now() >= deadline) return undefined;
    rounds++;
    const repOf = new Int32Array(size).fill(-1);
    for (const c of classes) for (let i = 1; i < c.length; i++) repOf[c[i]!] = c[0]!;
    // the current state speculatively reduced: members' gates replaced by their representatives
    // (substitute keeps the latches in order; the latch members are replaced where read)
    const replacement = new Int32Array(size).fill(-1);
    for (let n = firstGate; n < size; n++) if (repOf[n]! >= 0) replacement[n] = normal(repOf[n]!) ^ phase[n]!;
    const reduced = substitute(aig, replacement);
    const solver = coneSolver();
    const { sat, cones } = solver;
    const vars = new Int32Array(aig.latches.length);
    const now: Unroller = new Unroller(reduced, sat, (_t, k) => {
      const r = repOf[firstLatch + k]!;
      if (r < 0) return (vars[k] ||= sat.newVar());
      const l = normal(r) ^ phase[firstLatch + k]!;
      if (l >> 1 === 0) return l & 1 ? now.trueLit : -now.trueLit;
      const s = (vars[(l >> 1) - firstLatch] ||= sat.newVar());
      return l & 1 ? -s : s;
    }, { cones });
    const next: Unroller = new Unroller(aig, sat, (_t, k) => now.lit(0, reduced.latches[k]!.next), { cones });
    const settled = checkAll(solver, (l) => next.lit(0, l), (n) => modelValue(sat, next.peek(0, n)));
    if (settled === undefined) return undefined;
    if (settled) break;
  }
  if (classes.length === 0) return undefined;

  const replacement = new Int32Array(size).fill(-1);
  const equivalences: [Lit, Lit][] = [];
  for (const c of classes) {
    const rep = c[0]!;
    for (let i = 1; i < c.length; i++) {
      const m = c[i]!;
      const l = normal(rep) ^ phase[m]!;
      replacement[m] = l;
      equivalences.push([2 * m, l]);
    }
  }
  return { aig: coneOfInfluence(substitute(aig, replacement)), equivalences, rounds, satCalls };
}

interface ConeSolver {
  readonly sat: SatSolver;
  /** The fan-in of the variables the encoders define, which the solver's decisions stay within. */
  readonly cones: SatCones;
}

/**
 * A solver whose calls decide (and propagate) only within the cone of what they assume: a query
 * asks about two nodes, and a model of the whole two-step encoding would cost far more than the
 * query (sat-cones.ts; every variable outside is a gate or a check's selector, free to take the
 * value its clauses need).
 */
function coneSolver(): ConeSolver {
  const cones = new SatCones();
  const walked = new IntList();
  const sat = new SatSolver((assumptions) => {
    walked.truncate(0);
    cones.begin();
    for (const a of assumptions) cones.add(a, walked, false);
    return walked.view();
  }, { propagation: true });
  return { sat, cones };
}

/** A leaf's value in the solver's model: undefined where the query's cone did not reach it (or it was never encoded). */
function modelValue(sat: SatSolver, s: number): number | undefined {
  const v = s === 0 ? undefined : sat.value(s);
  return v === undefined ? undefined : v ? 1 : 0;
}

/**
 * Candidate classes from simulation: random inputs, latches from their resets (uninitialised ones
 * random), STEPS steps; every latch and gate a candidate, with the constant (node 0, phase 0).
 * The phases are the nodes' values in the first pattern.
 */
function simulatedClasses(aig: Aig): { classes: number[][]; phase: Uint8Array } {
  const firstLatch = 1 + aig.inputs.length;
  const size = firstGateNode(aig) + andCount(aig);
  const phase = new Uint8Array(size);
  let classes = [[0, ...Array.from({ length: size - firstLatch }, (_, k) => firstLatch + k)]];
  simulateFromResets(aig, WORDS, STEPS, (values, t) => {
    if (t === 0) for (let n = firstLatch; n < size; n++) phase[n] = values[n * WORDS]! & 1;
    for (let w = 0; w < WORDS; w++) classes = splitClasses(classes, (n) => values[n * WORDS + w]! ^ -phase[n]!);
    return classes.length > 0;
  });
  return { classes, phase };
}
