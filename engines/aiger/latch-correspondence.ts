/**
 * Latch correspondence: van Eijk's signal correspondence ("Sequential equivalence checking based on
 * structural similarities", 2000) restricted to latches, with the constant as one more candidate.
 * Simulation from the initial states proposes classes of latches that are equal or opposite (or
 * stuck at their reset) in every state it reaches; induction with the SAT solver refines them until
 * the equivalences E are inductive: with E assumed in the current state (each member replaced by its
 * representative, "speculative reduction") and the constraints holding there, every member's next
 * state equals its representative's. A counterexample state splits the classes and the next round
 * assumes the smaller E. When nothing is split, E holds in all initial states (see below) and is
 * inductive on its own, so it holds in every reachable state, and merging the latches keeps every
 * execution of the property.
 *
 * Only latches with a reset value are candidates, each normalised by it (a latch's phase is its
 * reset): then every candidate class holds in all initial states. An uninitialised latch takes any
 * value at first, so no equivalence with it holds there.
 */
import { andCount, coneOfInfluence, firstGateNode, substitute, type Aig, type Lit } from '../../formalisms/aig.js';
import { SatSolver } from '../../lang/sat/solver.js';
import { Unroller } from './cnf.js';
import { Patterns, litWord, simulateFromResets, simulateGates, splitClasses } from './patterns.js';

const WORDS = 2;
const STEPS = 32;
const CONFLICT_LIMIT = 1000;
/**
 * A class of latches that loses exactly one member in this many rounds in a row is given up (its
 * members stay unmerged): a chain of latches equal under the hypothesis, such as a register's bits
 * all at their reset, where the induction peels one latch per round, each round paying for a new
 * solver and its encoding (27 rounds for one merged latch on HWMCC'24's a16 circuits). The
 * constant's class is kept: latches stuck at their reset are what is worth proving, and counters'
 * high bits peel off it one per round before the truly stuck ones remain (fib_30). Dropping a
 * class only weakens the hypothesis, so what is proven stays inductive.
 */
const PEEL_ROUNDS = 3;
/** The constant's place in a class: below every latch, so it represents its class. */
const CONSTANT = -1;

/** A latch (position in the graph) equal to its representative latch, or to its reset value. */
interface LatchEquivalence {
  readonly latch: number;
  /** The representative's position, or undefined: the latch is always at its reset value. */
  readonly rep?: number;
  /** Whether the latch is the representative's negation. */
  readonly negated: boolean;
}

interface CorrespondenceResult {
  readonly aig: Aig;
  readonly equivalences: readonly LatchEquivalence[];
  readonly rounds: number;
  readonly satCalls: number;
}

/** The graph with its corresponding latches merged, or undefined when the deadline came first. */
export function latchCorrespondence(aig: Aig, deadline: number): CorrespondenceResult | undefined {
  const L = aig.latches.length;
  const firstLatch = 1 + aig.inputs.length;
  const phase = Uint8Array.from(aig.latches, (l) => (l.reset === 1 ? 1 : 0));
  const candidates = aig.latches.flatMap((l, k) => (l.reset === 'x' ? [] : [k]));
  if (candidates.length === 0) return undefined;
  let classes = simulatedClasses(aig, [CONSTANT, ...candidates], phase);
  const size = firstGateNode(aig) + andCount(aig);
  const cex = new Int32Array(size);
  const rng = new Patterns();
  let rounds = 0;
  let satCalls = 0;

  /** By representative: the class's size at the last round and how many rounds in a row it lost one member. */
  const lastSize = new Map<number, number>();
  const peeled = new Map<number, number>();

  let refined = true;
  while (refined) {
    classes = classes.filter((c) => {
      const rep = c[0]!;
      const streak = lastSize.get(rep) === c.length + 1 ? (peeled.get(rep) ?? 0) + 1 : 0;
      peeled.set(rep, streak);
      lastSize.set(rep, c.length);
      return rep === CONSTANT || streak < PEEL_ROUNDS;
    });
    if (classes.length === 0) return undefined;
    if (Date.now() >= deadline) return undefined;
    refined = false;
    rounds++;
    // the hypothesis of this round: each member stands for its representative in the current state
    const repOf = new Int32Array(L).fill(-2);
    for (const c of classes) for (const k of c.slice(1)) repOf[k] = c[0]!;
    const sat = new SatSolver();
    const vars = new Int32Array(L);
    const u: Unroller = new Unroller(aig, sat, (_t, k) => {
      const r = repOf[k]!;
      if (r === -2) return (vars[k] ||= sat.newVar());
      const s = r === CONSTANT ? -u.trueLit : (vars[r] ||= sat.newVar());
      return phase[k]! ^ (r === CONSTANT ? 0 : phase[r]!) ? -s : s;
    });
    for (const c of aig.constraints) sat.addClause([u.lit(0, c.lit)]);
    const next = (k: number): number => (k === CONSTANT ? -u.trueLit : u.lit(0, aig.latches[k]!.next ^ phase[k]!));
    const proven = new Int32Array(L).fill(-2);
    let pending = 0;
    // a loop per function, the count taken first: nothing follows a loop (lang/sat/heap.ts,
    // takeEveryPath; 288 deoptimisations in one check of array_lt200 after the count)
    const recordInputs = (at: number) => {
      for (let n = 1; n < firstLatch; n++) {
        const s = u.peek(0, n);
        setBit(cex, n, at, s !== 0 ? (sat.value(s) ? 1 : 0) : rng.bit());
      }
    };
    // a latch's value as the hypothesis makes it: its representative's, normalised by the phases
    const own = (k: number) => (vars[k] !== 0 && sat.value(vars[k]!) ? 1 : 0);
    const recordLatches = (at: number) => {
      for (let k = 0; k < L; k++) {
        const r = repOf[k]!;
        const v = r === -2 ? own(k) : r === CONSTANT ? phase[k]! : own(r) ^ phase[k]! ^ phase[r]!;
        setBit(cex, firstLatch + k, at, v);
      }
    };
    const record = () => {
      const at = pending++;
      recordInputs(at);
      recordLatches(at);
    };
    const refine = () => {
      simulateGates(aig, cex, 1);
      const mask = pending === 32 ? -1 : (1 << pending) - 1;
      classes = splitClasses(classes, (k) => (k === CONSTANT ? 0 : (litWord(cex, 1, aig.latches[k]!.next, 0) ^ -phase[k]!) & mask));
      pending = 0;
      refined = true;
    };
    check: for (;;) {
      for (const c of classes) {
        const rep = c[0]!;
        for (const k of c.slice(1)) {
          if (proven[k] === rep) continue;
          const x = next(k);
          const y = next(rep);
          const limits = { conflictLimit: CONFLICT_LIMIT, deadline };
          let answer = sat.solve([x, -y], limits);
          if (answer === false) answer = sat.solve([-x, y], limits);
          satCalls += answer === false ? 2 : 1;
          if (answer === false) {
            proven[k] = rep;
          } else if (answer === undefined) {
            if (Date.now() >= deadline) return undefined;
            // undecided: the latch leaves its class, which the next round has to confirm
            classes = classes.map((d) => d.filter((j) => j !== k)).filter((d) => d.length > 1);
            refined = true;
            continue check;
          } else {
            record();
            if (pending === 32) {
              refine();
              continue check;
            }
          }
        }
      }
      if (pending > 0) refine();
      break;
    }
  }

  const replacement = new Int32Array(size).fill(-1);
  const equivalences: LatchEquivalence[] = [];
  for (const c of classes) {
    const rep = c[0]!;
    for (const k of c.slice(1)) {
      const negated = rep === CONSTANT ? false : phase[k] !== phase[rep];
      replacement[firstLatch + k] = rep === CONSTANT ? phase[k]! as Lit : 2 * (firstLatch + rep) + (negated ? 1 : 0);
      equivalences.push(rep === CONSTANT ? { latch: k, negated } : { latch: k, rep, negated });
    }
  }
  if (equivalences.length === 0) return undefined;
  return { aig: coneOfInfluence(substitute(aig, replacement)), equivalences, rounds, satCalls };
}

function setBit(words: Int32Array, n: number, bit: number, value: number): void {
  words[n] = (words[n]! & ~(1 << bit)) | (value << bit);
}

/**
 * Candidate classes from simulation: random inputs, latches from their resets (uninitialised ones
 * random), STEPS steps; a pattern counts only while the constraints have held on its path.
 */
function simulatedClasses(aig: Aig, members: number[], phase: Uint8Array): number[][] {
  const firstLatch = 1 + aig.inputs.length;
  const alive = new Int32Array(WORDS).fill(-1);
  let classes = [members];
  simulateFromResets(aig, WORDS, STEPS, (values) => {
    for (let w = 0; w < WORDS; w++) {
      classes = splitClasses(classes, (k) => (k === CONSTANT ? 0 : (values[(firstLatch + k) * WORDS + w]! ^ -phase[k]!) & alive[w]!));
      for (const c of aig.constraints) alive[w]! &= litWord(values, WORDS, c.lit, w);
    }
    return classes.length > 0;
  });
  return classes;
}
