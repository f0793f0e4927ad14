/**
 * `vigil check` on an AIGER circuit: reads the file, prepares the circuit and runs the chosen
 * bit-level engine. Every verdict returned here has passed its certificate check; the model is the
 * STS interpreter the verdict's trace and invariant speak about.
 */
import { readFileSync } from 'node:fs';
import { parseAiger } from '../../lang/grammar/aiger.js';
import { FileError } from '../../formalisms/load.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { Verdict } from '../verdict.js';
import { satBmc, type AigerEngineOptions } from './bmc.js';
import { ic3 } from './ic3.js';
import { kInduction } from './kind.js';
import { portfolio } from './portfolio.js';
import { prepareAiger } from './prepare.js';

export const AIGER_ALGORITHMS = ['bmc', 'ic3', 'kind', 'portfolio'] as const;
export type AigerAlgorithm = (typeof AIGER_ALGORITHMS)[number];

export async function checkAiger(file: string, algorithm: AigerAlgorithm, opts: AigerEngineOptions)
  : Promise<{ verdict: Verdict; model: Interpreter }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new FileError(`${file}: cannot read: ${why}`);
  }
  const problem = prepareAiger(parseAiger(bytes, file));
  const verdict = algorithm === 'bmc' ? satBmc(problem, opts)
    : algorithm === 'ic3' ? ic3(problem, opts)
      : algorithm === 'kind' ? kInduction(problem, opts)
        : await portfolio(problem, file, opts);
  return { verdict, model: problem.model };
}
