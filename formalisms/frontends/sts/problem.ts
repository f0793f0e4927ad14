/**
 * The STS front end (`.system`, `.sts`, `.lisp.sts`): one property per `property` block of the
 * specification, each an independent task over its own system (formats.md 3.2), named as in the
 * file.
 *
 * Its certificate is the task's model printed back with the property replaced by the invariant, so
 * that `vigil check` on the certificate proves the invariant again.
 */
import { and, type VarDecl } from '../../../lang/expr.js';
import type { InputError } from '../../../lang/errors.js';
import { plural } from '../../plural.js';
import type { Sts } from '../../sts.js';
import { printSts } from '../../sts-print.js';
import { stsInterpreter } from '../../sts-semantics.js';
import { Views, theoriesOf, type Problem } from '../../problem.js';
import type { Property } from '../../property-kinds.js';
import type { Certificate } from '../../certificate.js';
import { keywordHighlighter, type Token } from '../../report-view.js';
import { text } from '../frontend.js';
import { invariantTitle, wordLevelProblem } from '../word-level.js';

/** The STS language's keywords, for the report's highlighting. */
const STS_HIGHLIGHT = keywordHighlighter(['specification', 'property', 'var', 'const', 'system', 'invariant', 'initial', 'transition', 'models',
  'G', 'integer', 'int', 'real', 'rat', 'bool', 'boolean', 'true', 'false', 'and', 'or', 'not', 'imply', 'iff', 'xor', 'equal', 'if', 'then',
  'else', 'mod', 'rem', 'forall', 'exists', 'havoc', 'assume'], '//');

/** `highlight`: how the report highlights the file (the Lisp form has its own). */
export function stsProblem(
  file: string, source: Uint8Array, tasks: readonly Sts[], warnings: readonly InputError[],
  highlight: (lines: readonly string[]) => Token[][] = STS_HIGHLIGHT,
): Problem {
  const vars = [...new Set<VarDecl>(tasks.flatMap((t) => t.vars))];
  const constraints = tasks.reduce((n, t) => n + t.invariants.length + t.inits.length + t.transitions.length, 0);
  const models = new Views((p) => stsInterpreter(tasks[p.index]!));
  return wordLevelProblem({
    file,
    source,
    formalism: 'sts',
    warnings,
    properties: tasks.map((t, index) => ({ name: t.propName, kind: 'safety', index })),
    theories: theoriesOf(vars),
    summary: () => `sts; ${plural(vars.length, 'variable')}; ${plural(constraints, 'constraint')}${tasks.length > 1 ? `; ${plural(tasks.length, 'property')}` : ''}`,
    model: (p) => models.of(p),
    certificateFile: '.certificate.sts',
    report: { text: text(source), title: 'symbolic transition system', highlight },
    certificateText(p: Property, c: Certificate): string {
      if (c.kind !== 'invariant' && c.kind !== 'k-invariant') throw new Error(`a ${c.kind} is not a certificate of an STS`);
      const sts = tasks[p.index]!;
      const m = models.of(p);
      // a k-inductive invariant is k-inductive together with the property it proves
      const inv = c.invariant.get(m.initLoc)!;
      const invariant = c.kind === 'k-invariant' ? and(inv, sts.prop) : inv;
      const proves = c.kind === 'k-invariant'
        ? `// property replaced by the invariant and the property, which together are ${c.k}-inductive${c.simplePath ? ' over simple paths' : ''}, and imply the`
        : '// property replaced by the invariant. It holds initially and is preserved by every transition';
      const header = [
        `// ${invariantTitle(c)} of ${sts.name} (${file}), found and checked by vigil: the model with its`,
        proves,
        c.kind === 'k-invariant' ? '// original property.' : `// (so checking this file proves it again), and it implies the original property.`,
      ];
      return `${header.join('\n')}\n${printSts({ ...sts, prop: invariant })}`;
    },
  });
}
