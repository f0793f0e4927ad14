/** The AIGER front end's entry (formalisms/frontends/frontend.ts): `.aag` and `.aig` circuits, format 1.9, bad states and justice properties. */
import { CEX, REPORT, type FrontEnd } from '../frontend.js';

export const AIGER: FrontEnd = {
  name: 'aiger',
  title: 'AIGER circuits',
  extensions: ['.aag', '.aig'],
  outputs: [
    CEX,
    { name: 'witness', help: 'the HWMCC witness, one entry per property, b<i> or j<i> (1, the property, initial latches, one input vector per step, .; a justice property\'s state after the last step repeats an earlier one; holds: 0, the property, .; unknown: 2, the property, .)' },
    { name: 'certificate', help: 'SAFE or LIVE: a witness circuit in certifaiger\'s format, for a justice property with its liveness literals (ASCII AIGER; binary if the name ends in .aig)' },
    { name: 'vcd', help: 'UNSAFE: the counterexample as a Value Change Dump (GTKWave, Surfer): the inputs, latches and properties per cycle, named from the symbol table, x[i] bits as words' },
    REPORT,
  ],
  circuits: true,
  load: async (file, bytes) => {
    const [{ parseAiger }, { aigerProblem }] = await Promise.all([import('./read.js'), import('./problem.js')]);
    return aigerProblem(file, parseAiger(bytes, file), bytes);
  },
};
