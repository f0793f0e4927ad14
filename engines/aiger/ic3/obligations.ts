/**
 * Proof obligations: cubes of states that reach a bad state and must be shown unreachable at a
 * level. Each links to the obligation its states step into, with the inputs of that step, so a
 * chain that reaches an initial state reads off as a counterexample. They wait in the shared
 * `ObligationQueue` (engines/obligation-queue.ts); a blocked obligation goes back into it one level
 * above its clause, the same object, so that what it has gathered (activity, lemma) goes with it.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Run } from '../../../formalisms/aig-eval.js';

/** A set of states to be shown unreachable at `level`, with how its states go on to a bad state. */
export interface Obligation {
  /** Latch literals (AIG convention), sorted. */
  readonly cube: readonly Lit[];
  level: number;
  /** Distance to the bad state. */
  readonly depth: number;
  /** The inputs with which every state of the cube steps into `next`'s cube (or is bad, for the last). */
  readonly inputs: Uint8Array;
  readonly next: Obligation | undefined;
  /** How often it came back: predecessors found for it (dynamic generalisation, dropping). */
  act: number;
  /** The cube of the clause that last blocked it: its predecessors' parent lemma. */
  lemma?: readonly Lit[];
}

/** A counterexample from a full initial state through the obligations from `first` on. */
export function counterexample(state: Uint8Array, stepInputs: Uint8Array[], first: Obligation | undefined): Run {
  const inputs = [...stepInputs];
  for (let o = first; o; o = o.next) inputs.push(o.inputs);
  return { latches: state, inputs };
}
