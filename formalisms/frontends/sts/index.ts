/**
 * The STS front end's entries (formalisms/frontends/frontend.ts): Theta's STS language (`.system`,
 * `.sts`, legacy dialects included) and its Lisp form (`.lisp.sts`).
 */
import type { InputError } from '../../../lang/errors.js';
import { CEX, REPORT, text, type FrontEnd } from '../frontend.js';

export const STS: FrontEnd = {
  name: 'sts',
  title: 'symbolic transition systems',
  extensions: ['.system', '.sts'],
  outputs: [CEX, { name: 'certificate', help: 'SAFE: the model with the invariant as its property, in the STS syntax' }, REPORT],
  circuits: false,
  load: async (file, bytes) => {
    const [{ parseSts }, { stsProblem }] = await Promise.all([import('./read.js'), import('./problem.js')]);
    const warnings: InputError[] = [];
    return stsProblem(file, bytes, parseSts(text(bytes), file, (w) => warnings.push(w)), warnings);
  },
};

export const LISP_STS: FrontEnd = {
  ...STS,
  extensions: ['.lisp.sts'],
  load: async (file, bytes) => {
    const [{ parseLispSts }, { stsProblem }, { lispHighlight }] = await Promise.all([import('./lisp.js'), import('./problem.js'), import('../word-level.js')]);
    return stsProblem(file, bytes, [parseLispSts(text(bytes), file)], [], lispHighlight);
  },
};
