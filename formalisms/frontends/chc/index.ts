/**
 * The CHC front end's entry (formalisms/frontends/frontend.ts): constrained Horn clauses in the
 * CHC-COMP format (`.smt2`, the `HORN` logic of SMT-LIB), read.ts says how they read; a linear
 * system is checked as a control-flow automaton (cfa.ts), and its answers are said in the
 * clauses' terms (problem.ts).
 */
import { REPORT, text, type FrontEnd } from '../frontend.js';

export const CHC: FrontEnd = {
  name: 'chc',
  title: 'constrained Horn clause systems (CHC-COMP)',
  extensions: ['.smt2'],
  outputs: [
    { name: 'cex', help: 'unsat: the counterexample through the predicates as a table of steps by argument variables (x0, x1, ...) with the clause taken; CSV if the name ends in .csv, else aligned text' },
    { name: 'certificate', help: 'sat: a model, (define-fun P ((x0 Int) ...) Bool FORMULA) per predicate, as the CHC-COMP model validator reads it; unsat: the derivation of false, one ground clause instance per line' },
    REPORT,
  ],
  circuits: false,
  automata: true,
  load: async (file, bytes) => {
    const [{ readChc }, { chcProblem }] = await Promise.all([import('./read.js'), import('./problem.js')]);
    return chcProblem(file, bytes, readChc(text(bytes), file));
  },
};
