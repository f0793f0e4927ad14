/**
 * The circuit passes: preprocessing of a circuit task before any engine checks it, bit-level or
 * word-level (the word-level engines then check the transition system of the smaller circuit).
 * The front end gives each property's cone, reduced by cone of influence and constant propagation;
 * here
 * - `simplify` (always): latches that ternary simulation proves stuck at a constant are replaced by
 *   that constant and the graph is reduced again (constant propagation, cone of influence), until
 *   no stuck latch is left;
 * - `sweep` (`--sweep on`): SAT sweeping merges combinationally equal nodes (sweep.ts);
 * - `lcorr` (`--lcorr on`, the default): latch correspondence merges latches equal in every
 *   reachable state (latch-correspondence.ts);
 * - `scorr` (`--scorr on`): signal correspondence merges gates and latches equal in every
 *   reachable state for every input (signal-correspondence.ts);
 * each SAT-based step within a time budget, and stuck latches looked for once more after it.
 *
 * Inputs and latches keep their file positions, so the map back is the same for the first three: a run
 * carries over by position (a merged latch has a reset equal to its representative's up to the
 * negation, and a stuck one starts at its constant, so the run's initial state needs nothing new),
 * and a proof over the smaller circuit is a proof over the larger one together with what the pass
 * proved: the stuck latches as unit clauses, each merged latch as its equivalence with the
 * representative (two binary clauses). Those facts are inductive on their own and the engine's
 * invariant is inductive on the smaller circuit, so together they are inductive on the larger one,
 * which the certificate check proves rather than assumes. The same facts, over latch positions,
 * join the proofs of justice properties, and a lasso carries over by position like a run (the
 * reductions keep every run's values of the justice and fairness literals). Signal
 * correspondence's facts speak of gates, hence of the step's inputs: they join the proof as signal
 * facts (`back`), carried through the other passes as they are (they name inputs and latches by
 * file position).
 */
import { and, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { clockMs } from '../../lang/clock.js';
import { andCount, combinationalCone, coneOfInfluence, firstGateNode, propagateConstants, FALSE_LIT, TRUE_LIT, type Aig, type Lit } from '../../formalisms/aig.js';
import type { Certificate, Clause, PositionClause, SignalFacts } from '../../formalisms/certificate.js';
import { CircuitTask, latchLiterals, transferRun } from '../../formalisms/circuit-task.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import { OptionError, type EngineOption } from '../engine.js';
import { stuckLatches } from '../aiger/simulate.js';
import { sweep } from '../aiger/sweep.js';
import { latchCorrespondence } from '../aiger/latch-correspondence.js';
import { signalCorrespondence } from '../aiger/signal-correspondence.js';
import type { Mapped, Pass, PassSpec } from './pass.js';

/** Time budgets of the SAT-based steps, so that preprocessing stays cheap on big circuits. */
const SWEEP_BUDGET_MS = 1000;
const LCORR_BUDGET_MS = 1000;
const SCORR_BUDGET_MS = 5000;

/** A latch (by file position) that equals another one, or its negation, in every reachable state. */
interface Merged {
  readonly latch: number;
  readonly rep: number;
  readonly negated: boolean;
}

/**
 * What a circuit pass made of its circuit: the smaller one, what it proved of the larger one's
 * latches (by file position) and of its nodes (`signals`: literal pairs of the larger circuit,
 * equal in every reachable state for every input), and its counters.
 */
interface Reduced {
  readonly circuit: Aig;
  readonly stuck: ReadonlyMap<number, 0 | 1>;
  readonly merged: readonly Merged[];
  readonly signals?: readonly (readonly [Lit, Lit])[];
  readonly stats: Readonly<Record<string, number>>;
}

/** Replaces stuck latches (positions in `aig`) by constants; records the latches it fixed, by file position. */
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

/** The circuit without its stuck latches (recorded in `fixed`), found again until there are none. */
function withoutStuck(aig: Aig, fixed: Map<number, 0 | 1>): Aig {
  let circuit = aig;
  for (let found = stuckLatches(circuit); found.size > 0; found = stuckLatches(circuit)) circuit = fixStuck(circuit, found, fixed);
  return circuit;
}

function sizes(prefix: 'Before' | 'After', aig: Aig): Record<string, number> {
  return { [`latches${prefix}`]: aig.latches.length, [`ands${prefix}`]: andCount(aig) };
}

function simplified(aig: Aig, stuckFree: boolean): Reduced {
  const t = clockMs();
  const stuck = new Map<number, 0 | 1>();
  const circuit = stuckFree ? aig : withoutStuck(aig, stuck);
  return { circuit, stuck, merged: [], stats: { ...sizes('Before', aig), ...sizes('After', circuit), prepareMs: Math.round(clockMs() - t) } };
}

export function swept(aig: Aig): Reduced {
  const t = clockMs();
  const stuck = new Map<number, 0 | 1>();
  const found = sweep(aig, Date.now() + SWEEP_BUDGET_MS);
  const circuit = withoutStuck(found.aig, stuck);
  return { circuit, stuck, merged: [], stats: { sweptNodes: found.merged, sweepSatCalls: found.satCalls, sweepMs: Math.round(clockMs() - t), ...sizes('After', circuit) } };
}

/** The circuit with its corresponding latches merged, and the latches this leaves stuck removed. */
export function corresponded(aig: Aig): Reduced {
  const t = clockMs();
  const stuck = new Map<number, 0 | 1>();
  const merged: Merged[] = [];
  let circuit = aig;
  const stats: Record<string, number> = {};
  const found = latchCorrespondence(aig, Date.now() + LCORR_BUDGET_MS);
  if (found) {
    for (const e of found.equivalences) {
      const latch = aig.latches[e.latch]!;
      if (e.rep === undefined) stuck.set(latch.index, latch.reset === 1 ? 1 : 0);
      else merged.push({ latch: latch.index, rep: aig.latches[e.rep]!.index, negated: e.negated });
    }
    circuit = withoutStuck(found.aig, stuck);
    Object.assign(stats, { mergedLatches: found.equivalences.length, lcorrRounds: found.rounds, lcorrSatCalls: found.satCalls });
  }
  return { circuit, stuck, merged, stats: { ...stats, lcorrMs: Math.round(clockMs() - t), ...sizes('After', circuit) } };
}

/** The circuit with its corresponding signals merged (`--scorr on`), and the latches this leaves stuck removed. */
function signalsCorresponded(aig: Aig): Reduced {
  const t = clockMs();
  const stuck = new Map<number, 0 | 1>();
  const found = signalCorrespondence(aig, Date.now() + SCORR_BUDGET_MS);
  if (!found) return { circuit: aig, stuck, merged: [], stats: { scorrMs: Math.round(clockMs() - t), ...sizes('After', aig) } };
  const circuit = withoutStuck(found.aig, stuck);
  const stats = { mergedSignals: found.equivalences.length, scorrRounds: found.rounds, scorrSatCalls: found.satCalls, scorrMs: Math.round(clockMs() - t), ...sizes('After', circuit) };
  return { circuit, stuck, merged: [], signals: found.equivalences, stats };
}

/** What `reduced` proved of `before`'s latches, as clauses over `before`'s latch literals. */
function facts(before: Aig, reduced: Reduced): Clause[] {
  const firstLatch = 1 + before.inputs.length;
  const node = new Map(before.latches.map((l, k) => [l.index, firstLatch + k]));
  const lit = (position: number): Lit => 2 * node.get(position)!;
  const clauses: Clause[] = [...reduced.stuck].map(([k, v]) => [lit(k) ^ (v ^ 1)]);
  for (const m of reduced.merged) {
    const l = lit(m.latch);
    const r = lit(m.rep) ^ (m.negated ? 1 : 0);
    clauses.push([l ^ 1, r], [l, r ^ 1]);
  }
  return clauses;
}

/** What `reduced` proved, as clauses over latch positions (the liveness proofs speak of positions). */
function positionFacts(reduced: Reduced): PositionClause[] {
  const clauses: PositionClause[] = [...reduced.stuck].map(([k, v]) => [2 * k + (v ^ 1)]);
  for (const m of reduced.merged) {
    const r = 2 * m.rep + (m.negated ? 1 : 0);
    clauses.push([2 * m.latch + 1, r], [2 * m.latch, r ^ 1]);
  }
  return clauses;
}

/** An invariant per location of `after`'s view as one of `before`'s: the same latches by position, with the facts. */
function widened(before: CircuitTask, after: CircuitTask, invariant: ReadonlyMap<unknown, Expr>, proved: readonly Clause[]): Map<typeof before.location, Expr> {
  const rename = new Map<VarDecl, Expr>();
  for (const [k, v] of after.names.latches) rename.set(v, ref(before.names.latches.get(k)!));
  for (const [k, v] of after.names.inputs) rename.set(v, ref(before.names.inputs.get(k)!));
  const inv = substitute(invariant.get(after.location)!, rename);
  return new Map([[before.location, proved.length === 0 ? inv : and(inv, before.clausesExpr(proved))]]);
}

/**
 * The equivalences of `before`'s nodes as a graph of their own over its inputs and latches by file
 * position (certificate.ts): the gates their cones reach, renumbered in order.
 */
function signalFacts(before: Aig, pairs: readonly (readonly [Lit, Lit])[]): SignalFacts {
  const firstLatch = 1 + before.inputs.length;
  const firstGate = firstGateNode(before);
  const needed = combinationalCone(before, pairs.flat());
  // inputs and latches keep their places (their positions listed), gates follow in order
  const node = new Int32Array(needed.length);
  for (let n = 1; n < firstGate; n++) node[n] = n;
  const fanins: Lit[] = [];
  const lit = (l: Lit) => 2 * node[l >> 1]! + (l & 1);
  for (let n = firstGate; n < needed.length; n++) {
    if (!needed[n]) continue;
    fanins.push(lit(before.fanins[2 * (n - firstGate)]!), lit(before.fanins[2 * (n - firstGate) + 1]!));
    node[n] = firstLatch + before.latches.length + fanins.length / 2 - 1;
  }
  return {
    inputs: before.inputs.map((i) => i.index),
    latches: before.latches.map((l) => l.index),
    fanins,
    pairs: pairs.map(([a, b]) => [lit(a), lit(b)] as const),
  };
}

/**
 * The map back of a circuit pass from `after` to `before`. Signal correspondence's equivalences
 * mention gates, hence the step's inputs, so they join a circuit proof as signal facts
 * (certificate.ts), which the witness circuit states beside the clauses: the engine's proof holds
 * on `after`, whose steps are `before`'s wherever the equivalences hold, and they hold by
 * themselves; the certificate check proves the combination. The proofs of the view (an
 * invariant, a k-inductive one) and of justice properties have no place for them.
 */
function back(before: CircuitTask, after: CircuitTask, reduced: Reduced, r: Result): Result {
  const stats = { ...reduced.stats, ...r.stats };
  if (r.verdict === 'unknown') return { ...r, stats };
  const c: Certificate = r.certificate;
  if (reduced.signals && !['run', 'trace', 'latch-clauses', 'k-induction'].includes(c.kind)) {
    return { verdict: 'unknown', reason: unknown('unsupported', `a ${c.kind} of the circuit with its signals merged has no certificate over the whole circuit`), stats };
  }
  // only proofs carry the facts: a counterexample maps back without them
  const signals = () => (reduced.signals ? { signals: signalFacts(before.circuit, reduced.signals) } : {});
  const proved = facts(before.circuit, reduced);
  const lift = latchLiterals(after.circuit, before.circuit);
  const liftAll = (clauses: readonly Clause[]) => clauses.map((cl) => cl.map((l) => lift(l)!));
  let certificate: Certificate;
  switch (c.kind) {
    case 'run': certificate = { kind: 'run', run: transferRun(after.circuit, before.circuit, c.run) }; break;
    case 'trace': certificate = { kind: 'run', run: transferRun(after.circuit, before.circuit, after.run(c.trace)) }; break;
    case 'latch-clauses': certificate = { ...c, clauses: [...liftAll(c.clauses), ...proved], ...signals() }; break;
    case 'k-induction': certificate = { ...c, facts: [...liftAll(c.facts), ...proved], ...signals() }; break;
    case 'invariant': certificate = { kind: 'invariant', invariant: widened(before, after, c.invariant, proved) }; break;
    case 'k-invariant': certificate = { ...c, invariant: widened(before, after, c.invariant, proved) }; break;
    // a lasso's loop closes on the smaller circuit: the front end closes it on the file's
    case 'lasso': certificate = { ...c, run: transferRun(after.circuit, before.circuit, c.run) }; break;
    case 'l2s-invariant': case 'k-liveness': case 'l2s-k-induction': certificate = { ...c, facts: [...c.facts, ...positionFacts(reduced)] }; break;
    default: throw new Error(`a ${c.kind} is not a certificate of a circuit`);
  }
  return { ...r, certificate, stats } as Result;
}

/** A circuit pass: the task's circuit reduced, its results mapped back. */
function circuitPass(name: string, reduce: (aig: Aig, stuckFree: boolean) => Reduced): Pass {
  return {
    name,
    forward(task: Task): Mapped {
      const before = task as CircuitTask;
      const reduced = reduce(before.circuit, before.stuckFree);
      // a reduction that changes the circuit ends by removing its stuck latches (withoutStuck)
      const after = new CircuitTask(before.file, before.property, reduced.circuit, reduced.circuit !== before.circuit || before.stuckFree);
      return { task: after, back: (r) => back(before, after, reduced, r) };
    },
  };
}

export const SIMPLIFY_PASS = circuitPass('simplify', simplified);

/**
 * The circuit of a task whose model is richer than it (a BTOR2 model's words, bit-blasted), for the
 * engines that check circuits: its cone of influence after constant propagation, as a circuit task
 * of its own. Runs carry back by position, proofs with the latches it proved constant as unit
 * clauses; a proof over the circuit's own transition system (k-induction over simple paths) has no
 * counterpart over the richer model.
 */
const BITS_PASS: Pass = {
  name: 'bits',
  forward(task: Task): Mapped {
    const whole = task.circuit!;
    const propagated = propagateConstants(coneOfInfluence(whole));
    const circuit = coneOfInfluence(propagated);
    const kept = new Set(propagated.latches.map((l) => l.index));
    const constants: [number, 0 | 1][] = coneOfInfluence(whole).latches.filter((l) => !kept.has(l.index)).map((l) => [l.index, l.reset === 1 ? 1 : 0]);
    const after = new CircuitTask(task.file, task.property, circuit, true);
    const reduced: Reduced = { circuit, stuck: new Map(constants), merged: [], stats: {} };
    return {
      task: after,
      back(r: Result): Result {
        if (r.verdict === 'unknown') return r;
        const c = r.certificate;
        const lift = latchLiterals(circuit, whole);
        const liftAll = (clauses: readonly Clause[]) => clauses.map((cl) => cl.map((l) => lift(l)!));
        const proved = facts(whole, reduced);
        switch (c.kind) {
          case 'run': return { ...r, certificate: { kind: 'run', run: transferRun(circuit, whole, c.run) } } as Result;
          case 'trace': return { ...r, certificate: { kind: 'run', run: transferRun(circuit, whole, after.run(c.trace)) } } as Result;
          case 'latch-clauses': return { ...r, certificate: { ...c, clauses: [...liftAll(c.clauses), ...proved] } } as Result;
          case 'k-induction': return { ...r, certificate: { ...c, facts: [...liftAll(c.facts), ...proved] } } as Result;
          default: return { verdict: 'unknown', reason: unknown('unsupported', `a ${c.kind} of the bit-blasted circuit is not a certificate of the model`), stats: r.stats };
        }
      },
    };
  },
};
export const LCORR_PASS = circuitPass('lcorr', corresponded);

const onOff = (b: boolean) => (b ? 'on' : 'off');

/** Measured on HWMCC'24 with IC3 (docs/bench/preprocessing.md): latch correspondence pays, sweeping and signal correspondence do not. */
const DEFAULTS = { sweep: false, lcorr: true, scorr: false };

export const SWEEP: EngineOption = {
  name: 'sweep',
  group: 'Circuit preprocessing:',
  help: `circuits: SAT sweeping, merging nodes proven combinationally equal (default: ${onOff(DEFAULTS.sweep)})`,
  choices: ['on', 'off'],
  default: onOff(DEFAULTS.sweep),
};

export const LCORR: EngineOption = {
  name: 'lcorr',
  group: 'Circuit preprocessing:',
  help: `circuits: latch correspondence, merging latches proven equal by induction (default: ${onOff(DEFAULTS.lcorr)})`,
  choices: ['on', 'off'],
  default: onOff(DEFAULTS.lcorr),
};

export const SCORR: EngineOption = {
  name: 'scorr',
  group: 'Circuit preprocessing:',
  help: `circuits: signal correspondence, merging gates and latches proven equal by induction; on AIGER safety properties without invariant constraints (default: ${onOff(DEFAULTS.scorr)})`,
  choices: ['on', 'off'],
  default: onOff(DEFAULTS.scorr),
};

/** An option of a circuit pass: on by its setting or default, for circuit tasks only. */
function optional(name: string, option: EngineOption, fallback: boolean, pass: Pass): PassSpec {
  return {
    name,
    option,
    circuit: true,
    shown: (task) => task.circuit !== undefined,
    make(settings, task) {
      const given = settings[option.name];
      if (!task.circuit) {
        if (given === 'on') throw new OptionError(`--${option.name} on applies to circuits only`);
        return undefined;
      }
      return (given === undefined ? fallback : given === 'on') ? pass : undefined;
    },
  };
}

/**
 * Signal correspondence's spec: its map back states gates' equivalences over the view's inputs, which
 * the bit-blasting pass cannot carry to a BTOR2 model and the liveness proofs cannot state, so it
 * runs on AIGER safety properties only (and does nothing where the circuit has constraints).
 */
const ANY_SCORR = optional('scorr', SCORR, DEFAULTS.scorr, circuitPass('scorr', signalsCorresponded));
const SCORR_SPEC: PassSpec = {
  ...ANY_SCORR,
  make: (settings, task, engine) => (task.modelIsCircuit === true && task.property.kind === 'safety' ? ANY_SCORR.make(settings, task, engine) : undefined),
};

/** The circuit passes in the order they run. */
export const CIRCUIT_PASSES: readonly PassSpec[] = [
  { name: 'bits', circuit: true, shown: () => false, make: (_s, task) => (task.circuit && !task.modelIsCircuit ? BITS_PASS : undefined) },
  { name: 'simplify', circuit: true, shown: () => false, make: (_s, task) => (task.circuit ? SIMPLIFY_PASS : undefined) },
  optional('sweep', SWEEP, DEFAULTS.sweep, circuitPass('sweep', swept)),
  optional('lcorr', LCORR, DEFAULTS.lcorr, LCORR_PASS),
  SCORR_SPEC,
];
