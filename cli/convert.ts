/**
 * `vigil convert MODEL OUT.aag|OUT.aig`: the model as an AIGER circuit, where it is or has one (a
 * BTOR2 model bit-blasted, as btor2aiger does, with the words' bits named `name[i]`; an AIGER file
 * in the other encoding), ASCII or binary by the output's name, for ABC or any AIGER tool.
 */
import { writeFileSync } from 'node:fs';
import { frontEndOf, loadProblem } from '../formalisms/frontends/index.js';
import { FileError } from '../formalisms/frontends/frontend.js';

export async function convert(model: string, out: string): Promise<void> {
  const binary = /\.aig$/i.test(out);
  if (!binary && !/\.aag$/i.test(out)) throw new FileError(`${out}: convert writes AIGER circuits: the name ends in .aag (ASCII) or .aig (binary)`);
  const problem = await loadProblem(model);
  if (!problem.circuitFile) throw new FileError(`${model}: convert writes circuits, and ${frontEndOf(model).title} have none`);
  try {
    writeFileSync(out, problem.circuitFile(binary));
  } catch (e) {
    throw new FileError(`${out}: cannot write: ${(e as Error).message}`);
  }
}
