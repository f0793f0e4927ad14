/**
 * The T2 front end's entry (formalisms/frontends/frontend.ts): T2 integer programs (`.t2`), read
 * into a control-flow automaton whose default property is termination (../../spec: termination tasks).
 */
import { basename } from 'node:path';
import { keywordHighlighter } from '../../report-view.js';
import { CEX, REPORT, text, type FrontEnd } from '../frontend.js';

export const T2: FrontEnd = {
  name: 't2',
  title: 'T2 integer programs',
  extensions: ['.t2'],
  outputs: [CEX, { name: 'certificate', help: 'TERMINATING / NONTERMINATING: the transition invariant or the lasso, in T2\'s expression syntax' }, REPORT],
  circuits: false,
  automata: true,
  load: async (file, bytes) => {
    const [{ parseT2 }, { cfaProblem }] = await Promise.all([import('./read.js'), import('../cfa/problem.js')]);
    const name = basename(file).replace(/\.t2$/i, '');
    return cfaProblem(file, bytes, parseT2(text(bytes), file, name), text(bytes), {
      dialect: 't2', defaultKind: 'termination', title: 't2 program', formalism: 'cfa', shownAs: 'T2 program',
      highlight: keywordHighlighter(['START', 'FROM', 'TO', 'CUTPOINT', 'AT', 'nondet', 'assume', 'true', 'false'], '//'),
    });
  },
};
