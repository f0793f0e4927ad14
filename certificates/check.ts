/**
 * Every claim a result makes about the file (formalisms/certificate.ts, `Claim`) is checked by its
 * kind before the verdict is shown, by code that shares nothing with the engine that produced it: a
 * trace is replayed on the interpreter view in TypeScript, an HWMCC witness simulated on the file's
 * circuit by the HWMCC rules, an invariant or k-inductive invariant checked in a fresh Z3 context
 * of its own, a witness circuit by certifaiger's rules on a fresh SAT solver, a termination
 * argument or lasso in a fresh Z3 context and by replay, a lasso of a circuit by aigsim's rule and a
 * liveness witness circuit by certifaiger's rules with its ranking or closed-loop argument, a model
 * of a clause system read back from its text and checked clause by clause in a fresh Z3 context, a
 * derivation of false replayed by evaluation against the clauses as read. A new claim kind is one check module and
 * one line in `CHECKS`.
 *
 * The Z3-based checks are imported when a claim needs them: `vigil check` on a circuit checks its
 * witnesses and witness circuits on Vigil's own SAT solver, and never starts Z3.
 */
import { replay } from '../formalisms/trace.js';
import type { Claim } from '../formalisms/certificate.js';
import { checkWitness } from './witness.js';
import { checkWitnessCircuit } from './witness-circuit.js';
import { checkLassoWitness } from './lasso-witness.js';
import { checkLivenessWitness } from './liveness-circuit.js';

/**
 * A claim failed its check: the engine that produced it has a bug. The verdict is never shown;
 * the command reports an internal error naming the model, the property and what failed.
 */
export class CertificateError extends Error {}

type Check<K extends Claim['kind']> = (claim: Claim & { kind: K }, deadline: number | undefined) => Promise<string | undefined> | string | undefined;

/** Each claim kind's check, what messages call it and how it checks, for people. The checks on Vigil's SAT solver give up at the deadline (OutOfTime). */
const CHECKS: { readonly [K in Claim['kind']]: { readonly name: string; readonly how: string; readonly check: Check<K> } } = {
  'trace': { name: 'counterexample', how: 'replayed on the model', check: (c) => replay(c.model, c.trace) },
  'witness': { name: 'witness', how: 'simulated on the circuit by the HWMCC witness rules', check: (c) => checkWitness(c.aig, c.property, c.run) },
  'invariant': { name: 'inductive invariant', how: 'checked independently: initial, inductive, and excluding the bad states, in a fresh solver context', check: async (c) => (await import('./invariant.js')).checkInductiveInvariant(c.model, c.invariant) },
  'k-invariant': { name: 'k-inductive invariant', how: 'checked independently: a base case of k steps and a k-step inductive step, in a fresh solver context', check: async (c) => (await import('./k-invariant.js')).checkKInductiveInvariant(c.model, c.invariant, c.k, c.simplePath) },
  'witness-circuit': { name: 'witness circuit', how: 'checked independently by certifaiger\'s rules (reset, transition, property, base, step)', check: (c, deadline) => checkWitnessCircuit(c.aig, c.property, c.witness, { deadline }) },
  'btor2-witness': {
    name: 'btorsim witness',
    how: 'replayed on the model by btorsim\'s rules',
    check: async (c) => {
      const [{ checkBtor2Witness }, { parseWitness }] = await Promise.all([import('./btor2-witness.js'), import('../formalisms/frontends/btor2/witness.js')]);
      return checkBtor2Witness(c.model, parseWitness(c.witness, 'witness'), c.property);
    },
  },
  'transition-invariant': { name: 'transition invariant', how: 'checked independently: the reachability invariant, the transition invariant, and each ranking relation well-founded', check: async (c) => (await import('./transition-invariant.js')).checkTransitionInvariant(c.model, c.certificate) },
  'recurrent-set': { name: 'recurrent set', how: 'checked independently: the stem replays, and the cycle maps the recurrent set into itself', check: async (c) => (await import('./lasso.js')).checkLasso(c.model, c.certificate) },
  'lasso-run': { name: 'lasso', how: 'checked independently: the run replays and comes back to a state it has been in', check: async (c) => (await import('./lasso.js')).checkLasso(c.model, c.certificate) },
  'lasso-witness': { name: 'lasso witness', how: 'simulated on the circuit by aigsim\'s rule: every justice literal and fairness constraint true on the loop, which comes back to its start', check: (c) => checkLassoWitness(c.aig, c.justice, c.run) },
  'liveness-circuit': { name: 'liveness witness circuit', how: 'checked independently by certifaiger\'s liveness rules (the safety rules, then the ranking and closed-loop arguments)', check: (c, deadline) => checkLivenessWitness(c.aig, c.justice, c.proof, { deadline }) },
  'chc-model': { name: 'model of the clauses', how: 'read back from its text and checked clause by clause in a fresh solver context', check: async (c) => (await import('./chc-model.js')).checkChcModelText(c.system, c.text) },
  'chc-derivation': { name: 'derivation of false', how: 'replayed by evaluation against the clauses as read', check: async (c) => (await import('./chc-derivation.js')).replayDerivation(c.system, c.derivation) },
};

/** Every claim kind (the `--json` schema lists them). */
export const CLAIM_KINDS = Object.keys(CHECKS) as readonly Claim['kind'][];

/** How a claim of this kind is checked, for people (the report). */
export function claimCheck(c: Claim): string {
  return CHECKS[c.kind].how;
}

/** What messages call a claim's kind. */
export function claimName(c: Claim): string {
  return CHECKS[c.kind].name;
}

/** What is wrong with the claim, or undefined when it passes; throws OutOfTime past the deadline. */
export async function checkClaim(claim: Claim, deadline?: number): Promise<string | undefined> {
  const { check } = CHECKS[claim.kind] as { check: Check<typeof claim.kind> };
  return check(claim, deadline);
}
