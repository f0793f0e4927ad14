/**
 * The AIG pipeline the bit-level engines run on. The file's graph is reduced as the STS view does
 * (cone of influence, constant propagation with structural hashing: `reduceAig`, giving the *base*
 * circuit whose STS the verdicts speak about), then latches that ternary simulation proves stuck
 * at a constant are replaced by that constant and the graph is reduced again, until no stuck latch
 * is left. The engines see the final *circuit*; what the later rounds fixed is remembered, so an
 * invariant of the circuit becomes one of the base circuit by adding those constants as unit clauses.
 */
import type { AigerFile } from '../../lang/grammar/aiger.js';
import {
  FALSE_LIT, TRUE_LIT, aigFromFile, coneOfInfluence, propagateConstants, reduceAig, type Aig,
} from '../../formalisms/aig.js';
import { aigerToSts, type AigerSts } from '../../formalisms/aiger-sts.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import { stsInterpreter } from '../../formalisms/sts-semantics.js';
import { stuckLatches } from './simulate.js';

export interface AigerProblem {
  /** The file's graph, unreduced: witnesses replay on it. */
  readonly original: Aig;
  /** `reduceAig(original)`: the STS, its interpreter and the invariants are over this circuit. */
  readonly base: Aig;
  /** What the engines check: `base` without its stuck latches. */
  readonly circuit: Aig;
  /** Latches of `base` (by file position) that `circuit` replaced by a constant, with that constant. */
  readonly constants: ReadonlyMap<number, 0 | 1>;
  readonly sts: AigerSts;
  readonly model: Interpreter;
}

/** Replaces stuck latches (positions in `aig`) by constants; returns the graph and the latches it fixed. */
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

export function prepareAig(original: Aig): AigerProblem {
  const base = reduceAig(original);
  const constants = new Map<number, 0 | 1>();
  let circuit = base;
  for (let stuck = stuckLatches(circuit); stuck.size > 0; stuck = stuckLatches(circuit)) {
    circuit = fixStuck(circuit, stuck, constants);
  }
  const sts = aigerToSts(base);
  const model = stsInterpreter(sts.sts, 'aiger', [...sts.inputs.values()]);
  return { original, base, circuit, constants, sts, model };
}

export function prepareAiger(file: AigerFile): AigerProblem {
  return prepareAig(aigFromFile(file));
}
