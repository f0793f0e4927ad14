/**
 * Every certificate is checked by its kind before its verdict is shown, by code that shares nothing
 * with the engine that produced it: a trace is replayed on the property's view in TypeScript, an
 * AIGER witness simulated on the file's circuit by the HWMCC rules, an invariant or k-inductive
 * invariant checked in a fresh Z3 context of its own, a witness circuit by certifaiger's rules on a
 * fresh SAT solver. On a circuit, what the front end derives from a word-level certificate for the
 * user (the HWMCC witness of a trace, the witness circuit of an invariant) is checked by the
 * circuit rules as well, so that every file Vigil writes has passed a check. Termination arguments
 * and lassos are checked in a fresh Z3 context and by replay (transition-invariant.ts, lasso.ts).
 * A BTOR2 model's counterexample, of either level, is also checked as the btorsim witness it is
 * written as, on the BTOR2 simulator (btor2-witness.ts).
 *
 * The Z3-based checks are imported when a certificate needs them: a circuit's witnesses and witness
 * circuits are checked on Vigil's own SAT solver, and `vigil check` on a circuit never starts Z3.
 */
import type { Problem, Property } from '../formalisms/problem.js';
import { replay } from '../formalisms/trace.js';
import { unknown, type Result } from '../engines/result.js';
import { CertificateError, KIND_NAMES, type Certificate, type UnsafeCertificate } from './certificate.js';
import { checkBtor2Witness } from './btor2-witness.js';
import { parseWitness } from '../formalisms/frontends/btor2/witness.js';
import { checkWitness } from './witness.js';
import { OutOfTime, checkWitnessCircuit } from './witness-circuit.js';

/**
 * What is wrong with the certificate, or undefined when it passes. The checks on Vigil's SAT solver
 * give up at the deadline (OutOfTime); the Z3 checks run in a worker, which the command ends.
 */
async function failure(problem: Problem, p: Property, c: Certificate, deadline: number | undefined): Promise<string | undefined> {
  // a circuit's own view is the model only for AIGER files (a BTOR2 model's view is over its words)
  const circuit = problem.formalism === 'aiger' ? problem.circuit : undefined;
  switch (c.kind) {
    case 'trace': {
      const wrong = replay(problem.model(p), c.trace) ?? asBtor2Witness(problem, p, c);
      if (wrong || !circuit) return wrong;
      const asWitness = checkWitness(circuit.aig, p.index, circuit.run(p, c.trace));
      return asWitness && `as an HWMCC witness: ${asWitness}`;
    }
    case 'witness':
      return checkWitness(problem.circuit!.aig, p.index, c.run) ?? asBtor2Witness(problem, p, c);
    case 'invariant': {
      const { checkInductiveInvariant } = await import('./invariant.js');
      const wrong = await checkInductiveInvariant(problem.model(p), c.invariant);
      if (wrong || !circuit) return wrong;
      const witness = circuit.witnessCircuitOf(p, c.invariant.get(problem.model(p).initLoc)!);
      const asCircuit = checkWitnessCircuit(circuit.aig, p.index, witness, { deadline });
      return asCircuit && `as a witness circuit: ${asCircuit}`;
    }
    case 'k-invariant': {
      const { checkKInductiveInvariant } = await import('./k-invariant.js');
      return checkKInductiveInvariant(problem.model(p), c.invariant, c.k, c.simplePath);
    }
    case 'witness-circuit':
      return checkWitnessCircuit(problem.circuit!.aig, p.index, c.witness, { deadline });
    case 'transition-invariant': {
      const { checkTransitionInvariant } = await import('./transition-invariant.js');
      return checkTransitionInvariant(problem.model(p), c);
    }
    case 'recurrent-set':
    case 'lasso-run': {
      const { checkLasso } = await import('./lasso.js');
      return checkLasso(problem.model(p), c);
    }
  }
}

/** What is wrong with a BTOR2 model's counterexample as a btorsim witness, replayed on the BTOR2 simulator. */
function asBtor2Witness(problem: Problem, p: Property, c: UnsafeCertificate): string | undefined {
  if (!problem.btor2) return undefined;
  const text = problem.btor2.witness(p, c);
  const wrong = checkBtor2Witness(problem.btor2.model, parseWitness(text, `${problem.file}.wit`), p.index);
  return wrong && `as a btorsim witness: ${wrong}`;
}

/**
 * The result as it may be shown: as it is when its certificate passes (or it has none), UNKNOWN
 * (timeout) when the check ran past the deadline. Throws a CertificateError naming the model, the
 * property, the engine and what failed.
 */
export async function checkCertificate(problem: Problem, p: Property, engine: string, result: Result, deadline?: number): Promise<Result> {
  if (result.verdict === 'unknown') return result;
  const c = result.certificate;
  let wrong: string | undefined;
  try {
    wrong = await failure(problem, p, c, deadline);
  } catch (e) {
    if (e instanceof OutOfTime) return { verdict: 'unknown', reason: unknown('timeout', `timeout while checking the ${KIND_NAMES[c.kind]}`), stats: result.stats };
    throw e;
  }
  if (wrong) throw new CertificateError(`${problem.file}, property ${p.name}: the ${KIND_NAMES[c.kind]} found by ${engine} fails its check: ${wrong}`);
  return result;
}
