/**
 * DIMACS CNF, the SAT solvers' exchange format: `p cnf VARS CLAUSES`, then clauses as
 * zero-terminated lists of non-zero integers; lines starting with `c` are comments. Used by the SAT
 * tests and the benchmark to talk to reference solvers.
 */
import { InputError, positionOf } from '../errors.js';
import { SatSolver, type Lit, type SolverOptions } from './solver.js';

export interface Cnf {
  numVars: number;
  clauses: Lit[][];
}

/**
 * Reads DIMACS CNF. Clauses may span lines; a final clause without its `0` is accepted (some
 * generators omit it). Literals beyond the declared variable count and a clause count that does
 * not match are errors.
 */
export function parseDimacs(text: string, file = '<dimacs>'): Cnf {
  const fail = (offset: number, reason: string): never => {
    const { line, column } = positionOf(text, offset);
    throw new InputError(file, line, column, reason, text);
  };
  let numVars = -1;
  let declared = 0;
  const clauses: Lit[][] = [];
  let current: Lit[] = [];
  const token = /\S+/g;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const first = line.search(/\S/);
    if (first >= 0 && line[first] !== 'c' && line[first] !== '%') {
      if (line[first] === 'p') {
        if (numVars >= 0) fail(lineStart + first, 'second problem line');
        const m = /^p\s+cnf\s+(\d+)\s+(\d+)\s*$/.exec(line.slice(first));
        if (!m) fail(lineStart + first, "problem line must read 'p cnf VARIABLES CLAUSES'");
        numVars = Number(m![1]);
        declared = Number(m![2]);
      } else {
        if (numVars < 0) fail(lineStart + first, "clause before the problem line 'p cnf VARIABLES CLAUSES'");
        token.lastIndex = 0;
        for (let t = token.exec(line); t; t = token.exec(line)) {
          const at = lineStart + t.index;
          if (!/^-?\d+$/.test(t[0])) fail(at, `'${t[0]}' is not a literal`);
          const lit = Number(t[0]);
          if (lit === 0) { clauses.push(current); current = []; continue; }
          if (Math.abs(lit) > numVars) fail(at, `literal ${lit} exceeds the declared ${numVars} variables`);
          current.push(lit);
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  if (current.length > 0) clauses.push(current);
  if (numVars < 0) fail(text.length, "missing problem line 'p cnf VARIABLES CLAUSES'");
  if (clauses.length !== declared) fail(text.length, `the problem line declares ${declared} clauses, the file has ${clauses.length}`);
  return { numVars, clauses };
}

export function writeDimacs(cnf: Cnf): string {
  const lines = [`p cnf ${cnf.numVars} ${cnf.clauses.length}`];
  for (const c of cnf.clauses) lines.push(c.length ? `${c.join(' ')} 0` : '0');
  return lines.join('\n') + '\n';
}

/** A solver holding the CNF's variables (1..numVars) and clauses. */
export function solverFor(cnf: Cnf, options?: SolverOptions): SatSolver {
  const s = new SatSolver(undefined, options);
  for (let v = 0; v < cnf.numVars; v++) s.newVar();
  for (const c of cnf.clauses) s.addClause(c);
  return s;
}
