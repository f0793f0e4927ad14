/**
 * The CFA front end's entries (formalisms/frontends/frontend.ts): Theta's CFA language (`.cfa`,
 * PLCverif's `.theta`) and its Lisp form (`.lisp.cfa`).
 */
import { CEX, REPORT, text, type FrontEnd } from '../frontend.js';

const CERTIFICATE = { name: 'certificate', help: 'SAFE: the invariant as LOCATION: EXPRESSION lines; TERMINATING / NONTERMINATING: the transition invariant or the lasso; in the CFA syntax' };

export const CFA: FrontEnd = {
  name: 'cfa',
  title: 'control-flow automata',
  extensions: ['.cfa', '.theta'],
  outputs: [CEX, CERTIFICATE, REPORT],
  circuits: false,
  automata: true,
  load: async (file, bytes) => {
    const [{ parseCfa }, { cfaProblem }] = await Promise.all([import('./read.js'), import('./problem.js')]);
    return cfaProblem(file, bytes, parseCfa(text(bytes), file), text(bytes));
  },
};

export const LISP_CFA: FrontEnd = {
  ...CFA,
  extensions: ['.lisp.cfa'],
  load: async (file, bytes) => {
    const [{ parseLispCfa }, { cfaProblem, LISP_CFA_FILE }] = await Promise.all([import('./lisp.js'), import('./problem.js')]);
    return cfaProblem(file, bytes, parseLispCfa(text(bytes), file), text(bytes), LISP_CFA_FILE);
  },
};
