/**
 * The CFA front end (`.cfa`, PLCverif `.theta`, `.lisp.cfa`): one property, "the error location is
 * unreachable", named after the error location. A process without an error location states
 * nothing to check; that is reported at the process's declaration.
 *
 * Its certificate is one line `LOCATION: EXPRESSION` per location in the CFA expression syntax
 * (`false` where no state is reachable), after `//` comment lines; each expression parses back as
 * written.
 */
import { False, type Expr } from '../../lang/expr.js';
import { InputError } from '../../lang/errors.js';
import { printExpr } from '../../lang/print.js';
import { plural } from '../plural.js';
import type { Cfa } from '../cfa.js';
import { cfaInterpreter } from '../cfa-semantics.js';
import type { Interpreter, Location } from '../interpreter.js';
import { theoriesOf, type Problem, type Property } from '../problem.js';
import type { SafeCertificate, UnsafeCertificate } from '../../certificates/certificate.js';
import type { Trace } from '../trace.js';
import { invariantTitle, wordLevelInvariant, wordLevelTrace } from './word-level.js';

export function cfaProblem(file: string, cfa: Cfa, text: string): Problem {
  const at = cfa.declaredAt ?? { line: 1, column: 1 };
  const properties: Property[] = cfa.error ? [{ name: cfa.error.name, index: 0 }] : [];
  let model: Interpreter | undefined;
  return {
    file,
    formalism: 'cfa',
    cfa,
    warnings: [],
    properties,
    ...(cfa.error ? {} : {
      noProperty: new InputError(file, at.line, at.column, `process ${cfa.name} has no error location, so there is no safety property to check`, text),
    }),
    theories: theoriesOf(cfa.vars),
    summary: () => `cfa; ${plural(cfa.vars.length, 'variable')}; ${plural(cfa.locs.length, 'location')}, ${plural(cfa.edges.length, 'edge')}`,
    model: () => (model ??= cfaInterpreter(cfa)),
    certificateText(_p: Property, c: SafeCertificate): string {
      const m = this.model(properties[0]!);
      const invariant = wordLevelInvariant(c);
      const lines = [
        `// ${invariantTitle(c)} of ${m.name} (${file}), found and checked by vigil.`,
        '// One line per location, LOCATION: EXPRESSION in the CFA expression syntax. Every reachable',
        c.kind === 'k-invariant'
          ? `// state at a location satisfies its expression; with the error location excluded, the expressions are ${c.k}-inductive${c.simplePath ? ' over simple paths' : ''}.`
          : '// state at a location satisfies its expression; the expressions hold at the initial location',
        ...(c.kind === 'k-invariant' ? [] : ['// initially, are preserved by every edge, and exclude the error location.']),
      ];
      for (const l of m.locations) lines.push(`${l.name}: ${printExpr(invariant.get(l) ?? False, 'cfa')}`);
      return `${lines.join('\n')}\n`;
    },
    trace: (_p: Property, c: UnsafeCertificate): Trace => wordLevelTrace(c),
    invariant: (_p: Property, c: SafeCertificate): ReadonlyMap<Location, Expr> => wordLevelInvariant(c),
  };
}
