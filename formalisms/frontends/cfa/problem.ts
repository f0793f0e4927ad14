/**
 * The CFA front end (`.cfa`, PLCverif `.theta`, `.lisp.cfa`, and T2 programs, which read into a
 * CFA): the safety property "the error location is unreachable", named after the error location,
 * and the termination property `termination` ("every run from every valuation at the initial
 * location is finite"). Safety is the default for CFA files, termination for T2 programs. A
 * process without an error location states no safety property; asking for one is reported at the
 * process's declaration.
 *
 * Its certificate is one line `LOCATION: EXPRESSION` per location in the CFA expression syntax
 * (`false` where no state is reachable), after `//` comment lines; each expression parses back as
 * written. A termination argument or lasso is written in the same syntax.
 */
import { False } from '../../../lang/expr.js';
import { InputError } from '../../../lang/errors.js';
import { printExpr, type Dialect } from '../../../lang/print.js';
import { plural } from '../../plural.js';
import type { Cfa } from '../../cfa.js';
import { cfaDot } from '../../dot.js';
import { cfaInterpreter, terminationInterpreter } from '../../cfa-semantics.js';
import { nonterminationLines, terminationLines } from '../../termination-print.js';
import type { Interpreter } from '../../interpreter.js';
import { theoriesOf, type Problem } from '../../problem.js';
import type { Property } from '../../property-kinds.js';
import type { PropertyKind } from '../../property-kinds.js';
import type { Certificate } from '../../certificate.js';
import { invariantTitle, wordLevelProblem } from '../word-level.js';

/** How a file reads: the language of its formulas and the kind of property checked when none is named. */
interface CfaReading {
  readonly dialect: Dialect;
  readonly defaultKind: PropertyKind;
  /** What `vigil parse` calls the model. */
  readonly title: string;
  /** The front end's name (`--json`'s formalism). */
  readonly formalism: string;
}

const CFA_FILE: CfaReading = { dialect: 'cfa', defaultKind: 'safety', title: 'cfa', formalism: 'cfa' };

export function cfaProblem(file: string, source: Uint8Array, cfa: Cfa, text: string, reading: CfaReading = CFA_FILE): Problem {
  const at = cfa.declaredAt ?? { line: 1, column: 1 };
  const properties: Property[] = [
    ...(cfa.error ? [{ name: cfa.error.name, kind: 'safety' as const, index: 0 }] : []),
    { name: 'termination', kind: 'termination', index: cfa.error ? 1 : 0 },
  ];
  let model: Interpreter | undefined;
  let termination: Interpreter | undefined;
  const view = (p: Property): Interpreter => (p.kind === 'termination'
    ? (termination ??= terminationInterpreter(cfa, reading.dialect))
    : (model ??= cfaInterpreter(cfa, reading.dialect)));
  return wordLevelProblem({
    file,
    source,
    formalism: reading.formalism,
    warnings: [],
    properties,
    defaultKind: reading.defaultKind,
    ...(cfa.error ? {} : {
      noProperty: new InputError(file, at.line, at.column, `${reading.title === 'cfa' ? `process ${cfa.name}` : 'the program'} has no error location, so there is no safety property to check (try --property termination)`, text),
    }),
    theories: theoriesOf(cfa.vars),
    summary: () => `${reading.title}; ${plural(cfa.vars.length, 'variable')}; ${plural(cfa.locs.length, 'location')}, ${plural(cfa.edges.length, 'edge')}`,
    model: view,
    certificateText: (p: Property, c: Certificate): string => certificateText(file, view(p), c, reading.dialect),
    drawing: () => cfaDot(cfa),
  });
}

function certificateText(file: string, m: Interpreter, c: Certificate, dialect: Dialect): string {
  if (c.kind === 'transition-invariant' || c.kind === 'recurrent-set' || c.kind === 'lasso-run') {
    const body = c.kind === 'transition-invariant' ? terminationLines(c, dialect) : nonterminationLines(m, c, dialect);
    return `${[`// ${c.kind === 'transition-invariant' ? 'Termination' : 'Non-termination'} argument of ${m.name} (${file}), found and checked by vigil.`, ...body].join('\n')}\n`;
  }
  if (c.kind !== 'invariant' && c.kind !== 'k-invariant') throw new Error(`a ${c.kind} is not a certificate of a CFA`);
  const lines = [
    `// ${invariantTitle(c)} of ${m.name} (${file}), found and checked by vigil.`,
    '// One line per location, LOCATION: EXPRESSION in the CFA expression syntax. Every reachable',
    c.kind === 'k-invariant'
      ? `// state at a location satisfies its expression; with the error location excluded, the expressions are ${c.k}-inductive${c.simplePath ? ' over simple paths' : ''}.`
      : '// state at a location satisfies its expression; the expressions hold at the initial location',
    ...(c.kind === 'k-invariant' ? [] : ['// initially, are preserved by every edge, and exclude the error location.']),
  ];
  for (const l of m.locations) lines.push(`${l.name}: ${printExpr(c.invariant.get(l) ?? False, 'cfa')}`);
  return `${lines.join('\n')}\n`;
}
