/**
 * Prints an STS in the current STS dialect (formats.md 3), as one specification with one inline
 * property, so that `parseSts` reads the print back as the same model.
 */
import type { Expr } from '../lang/expr.js';
import { printExpr, printType } from '../lang/print.js';
import type { Sts } from './sts.js';

export function printSts(sts: Sts): string {
  const lines = [`specification ${sts.name} {`, `    property ${sts.propName} : {`];
  for (const v of sts.vars) lines.push(`        var ${v.name} : ${printType(v.type)}`);
  const constraints: [string, readonly Expr[]][] = [
    ['invariant', sts.invariants], ['initial', sts.inits], ['transition', sts.transitions],
  ];
  for (const [keyword, list] of constraints) {
    if (list.length > 0) lines.push('');
    for (const e of list) lines.push(`        ${keyword} ${printExpr(e, 'sts')}`);
  }
  lines.push(`    } models G(${printExpr(sts.prop, 'sts')})`, '}', '');
  return lines.join('\n');
}
