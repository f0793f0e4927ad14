/**
 * Liveness-to-safety (Biere, Artho, Schuppan, FMICS 2002) as a pass: the task of a justice property
 * of a circuit M becomes the task of a safety property of a circuit S, which IC3, BMC, k-induction
 * and the circuit portfolio check unchanged; their answers map back.
 *
 * S is M with an oracle input `save` and latches of its own (formalisms/liveness-circuits.ts):
 * `saved` (reset 0), a copy of each of M's latches, and one "seen since the save" latch per literal
 * of the justice set and per fairness literal. The step on which `save` is first 1 copies M's
 * state; from then on the copy is held, and a seen latch is set by a step on which its literal is
 * 1 (the save step included). The bad state is a closed fair loop: saved, M's state equal to the
 * copy, every literal seen. M's constraints stay constraints of S, so they hold on the loop as on
 * the prefix. The new input and latches take the positions after M's, which the certificates name
 * (`base`), so that clauses over positions read the same in the witness circuit the front end
 * builds over the file.
 *
 * Back: a run of S into the bad state, saving at step l and bad at step u, is a lasso of M: its
 * first u input vectors, whose state after the last equals the state at l. An invariant of S
 * (clauses over its latches) or a proof by k-induction of S is a liveness proof over positions.
 */
import { extendAigWithLatches, type Aig, type Lit } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import type { Certificate, Clause, ConstructionBase, PositionClause } from '../../formalisms/certificate.js';
import { CircuitTask } from '../../formalisms/circuit-task.js';
import { l2sConstruction, l2sLatchCount, liveLits } from '../../formalisms/liveness-circuits.js';
import { PROPERTY_KINDS } from '../../formalisms/property-kinds.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import type { Mapped, Pass, PassSpec } from './pass.js';

const after = (positions: readonly { readonly index: number }[]) => positions.reduce((n, x) => Math.max(n, x.index + 1), 0);

/** Where a construction's own input and latches start over a circuit: after its own, as `extendAigWithLatches` places them. */
export function constructionBase(circuit: Aig): ConstructionBase {
  return { input: after(circuit.inputs), latch: after(circuit.latches) };
}

/** Clauses over a circuit's latch literals as clauses over latch positions. */
export function byPosition(circuit: Aig, clauses: readonly Clause[]): PositionClause[] {
  const firstLatch = 1 + circuit.inputs.length;
  return clauses.map((c) => c.map((l: Lit) => 2 * circuit.latches[(l >> 1) - firstLatch]!.index + (l & 1)));
}

/** The safety circuit of the justice property of M (its one justice set, with the fairness). */
function livenessToSafety(m: Aig): Aig {
  const lits = liveLits(m, 0);
  const firstLatch = 1 + m.inputs.length;
  return extendAigWithLatches(m, l2sLatchCount(m.latches.length, lits.length), (and, old, own, [oracle]) => {
    const compared = m.latches.map((_, k) => old(2 * (firstLatch + k)));
    const { latches, bad } = l2sConstruction(and, compared, lits.map(old), oracle!, own);
    return { latches, properties: [{ lit: bad, section: 'bad', index: 0, name: 'closed fair loop' }] };
  }, 1);
}

/** A run of S into its bad state as a lasso of M: the run up to the bad step, and the step its loop starts at. */
function lassoOf(m: Aig, run: Run): { run: Run; loopStart: number } {
  const oracle = m.inputs.length;
  const bad = run.inputs.length - 1;
  const loopStart = run.inputs.findIndex((v) => v[oracle]);
  if (loopStart < 0 || loopStart >= bad) throw new Error('a liveness-to-safety counterexample that never saves before its bad step');
  return {
    run: { latches: Array.from(run.latches).slice(0, m.latches.length), inputs: run.inputs.slice(0, bad).map((v) => Array.from(v).slice(0, oracle)) },
    loopStart,
  };
}

/** The map back from S's task to M's. */
function back(m: Aig, s: CircuitTask, r: Result): Result {
  const { holds, fails } = PROPERTY_KINDS.liveness;
  if (r.verdict === 'unknown') return r;
  const c: Certificate = r.certificate;
  const compared = m.latches.map((l) => l.index);
  const base = constructionBase(m);
  switch (c.kind) {
    case 'run': case 'trace': {
      const lasso = lassoOf(m, c.kind === 'run' ? c.run : s.run(c.trace));
      return { verdict: fails, certificate: { kind: 'lasso', ...lasso }, stats: r.stats };
    }
    case 'latch-clauses':
      return { verdict: holds, certificate: { kind: 'l2s-invariant', compared, base, clauses: byPosition(s.circuit, c.clauses), facts: [] }, stats: r.stats };
    case 'k-induction':
      return { verdict: holds, certificate: { kind: 'l2s-k-induction', compared, base, depth: c.depth, proved: c.proved, clauses: byPosition(s.circuit, c.facts), facts: [] }, stats: r.stats };
    default:
      return { verdict: 'unknown', reason: unknown('unsupported', `a ${c.kind} of the liveness-to-safety circuit is not a liveness proof Vigil can certify`), stats: r.stats };
  }
}

const L2S_PASS: Pass = {
  name: 'l2s',
  forward(task: Task): Mapped {
    const m = task.circuit!;
    const s = new CircuitTask(task.file, { ...task.property, kind: 'safety' }, livenessToSafety(m));
    return { task: s, back: (r) => back(m, s, r) };
  },
};

/** Always on where it is needed: for an engine of safety properties on the task of a justice property of a circuit. */
export const L2S: PassSpec = {
  name: 'l2s',
  converts: { from: 'liveness', to: 'safety', needs: 'circuit' },
  shown: () => false,
  make: (_settings, task) => (task.circuit && task.property.kind === 'liveness' ? L2S_PASS : undefined),
};
