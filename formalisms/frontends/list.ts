/** The front ends, one line each: a new format is a folder beside these and a line here. */
export { AIGER } from './aiger/index.js';
export { CFA, LISP_CFA } from './cfa/index.js';
export { T2 } from './t2/index.js';
export { LISP_STS, STS } from './sts/index.js';
export { GRAPH } from './explicit/index.js';
export { BTOR2 } from './btor2/index.js';
export { CHC } from './chc/index.js';
