/**
 * The circuit behind an AIGER model, for outputs that speak about the file's own inputs and latches
 * (witnesses, certificate circuits). Verdicts on circuits are over the STS of the reduced graph
 * (`aigerToSts(reduceAig(...))`, see formalisms/aiger-model.ts); rebuilding that STS here gives the
 * same variable names, which map the verdict's variables back to file positions.
 */
import { readFileSync } from 'node:fs';
import { parseAiger, type AigerFile } from '../../lang/grammar/aiger.js';
import { aigFromFile, coneOfInfluence, propagateConstants, reduceAig } from '../../formalisms/aig.js';
import { aigerToSts, type AigerSts } from '../../formalisms/aiger-sts.js';

export interface Circuit {
  readonly file: AigerFile;
  readonly sts: AigerSts;
  /**
   * Latches (by file position) that constant propagation replaced by their reset value: they hold
   * that value in every reachable state, and the reduced graph's invariants rely on it.
   */
  readonly constants: ReadonlyMap<number, 0 | 1>;
}

export function readCircuit(path: string): Circuit {
  const file = parseAiger(readFileSync(path), path);
  const aig = aigFromFile(file);
  // propagateConstants keeps every latch it does not prove constant, so the ones it drops are constant.
  const cone = coneOfInfluence(aig);
  const kept = new Set(propagateConstants(cone).latches.map((l) => l.index));
  const constants = new Map<number, 0 | 1>();
  for (const l of cone.latches) if (!kept.has(l.index)) constants.set(l.index, l.reset === 1 ? 1 : 0);
  return { file, sts: aigerToSts(reduceAig(aig)), constants };
}
