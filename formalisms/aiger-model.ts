/**
 * An AIGER file as a loaded model: its counts for `vigil parse`, and the interpreter of its STS.
 * Checking works on the reduced graph (constant propagation, then cone of influence), which keeps
 * every input and latch the property depends on; the summary reports the file as written.
 */
import type { AigerFile } from '../lang/grammar/aiger.js';
import { aigFromFile, reduceAig } from './aig.js';
import { aigerToSts } from './aiger-sts.js';
import { plural } from './plural.js';
import type { LoadedModel } from './load.js';
import { stsInterpreter } from './sts-semantics.js';


export function aigerModel(file: string, aiger: AigerFile): LoadedModel {
  const properties = aiger.bads.length > 0 ? aiger.bads.length : aiger.outputs.length;
  return {
    file,
    formalism: 'aiger',
    warnings: [],
    summary: () => `aiger; ${plural(aiger.inputs.length, 'input')}, ${plural(aiger.latches.length, 'latch')}, `
      + `${plural(aiger.ands.length, 'and')}, ${plural(properties, 'property')}`,
    interpreter: () => {
      const { sts, inputs } = aigerToSts(reduceAig(aigFromFile(aiger)));
      return stsInterpreter(sts, 'aiger', [...inputs.values()]);
    },
  };
}
