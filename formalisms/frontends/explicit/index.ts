/** The explicit state graph front end's entry (formalisms/frontends/frontend.ts): `.graph` files, read.ts says how they read. */
import { REPORT, text, type FrontEnd } from '../frontend.js';

export const GRAPH: FrontEnd = {
  name: 'graph',
  title: 'explicit state graphs',
  extensions: ['.graph'],
  outputs: [
    { name: 'cex', help: 'UNSAFE: the path of states into a bad one, a -> b -> c' },
    { name: 'certificate', help: 'SAFE: the states a run can reach, none of them bad: reach a b c' },
    REPORT,
  ],
  circuits: false,
  automata: true,
  load: async (file, bytes) => {
    const [{ parseGraph }, { graphProblem }] = await Promise.all([import('./read.js'), import('./problem.js')]);
    return graphProblem(file, bytes, parseGraph(text(bytes), file));
  },
};
