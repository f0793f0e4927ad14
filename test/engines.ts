/**
 * Engines as `vigil check` runs them, in-process: the problem read by its front end, the engine
 * made by the registry, each property checked and its certificate checked by its kind.
 */
import { loadProblem } from '../formalisms/frontends/index.js';
import type { Problem, Property } from '../formalisms/problem.js';
import type { Result } from '../engines/result.js';
import type { Settings } from '../engines/engine.js';
import { engineFor } from '../engines/registry.js';
import { checkCertificate } from '../certificates/check.js';

export const load = (file: string): Promise<Problem> => loadProblem(file);

/** The engine's certified result on one property (the first by default); throws CertificateError if the certificate fails. */
export async function checkWith(algorithm: string, problem: Problem, opts: { settings?: Settings; ms?: number; property?: Property } = {}): Promise<Result> {
  const property = opts.property ?? problem.properties[0]!;
  const spec = engineFor(problem, algorithm, property.kind);
  const engine = await spec.create(opts.settings ?? {}, problem);
  const deadline = opts.ms === undefined ? undefined : Date.now() + opts.ms;
  const result = await engine.check(problem, property, { deadline }, { progress: () => {}, note: () => {} });
  await checkCertificate(problem, property, spec.name, result);
  return result;
}
