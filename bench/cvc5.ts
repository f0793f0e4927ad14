/**
 * Debian's cvc5 as a second, independent validator of CHC models, for the tests and the CHC
 * campaign (chc-models.ts): it reads the model as written and each clause as the file writes it
 * (the text of its assertion), and must find every negated clause unsatisfiable. Nothing of Vigil's
 * own reading or solving is between the files and cvc5.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { clauseName, type ChcSystem } from '../formalisms/frontends/chc/clauses.js';
import { scratchFile } from './scratch.js';

/**
 * The clauses cvc5 does not find valid under the model text (an empty list: the model passes):
 * for each clause `(push 1) (assert (not CLAUSE)) (check-sat) (pop 1)` with the clause as the
 * file writes it.
 */
export function cvc5Rejects(system: ChcSystem, model: string): string[] {
  const checks = system.clauses.map((c) => `(push 1)\n(assert (not ${system.text.slice(c.span.start, c.span.end)}))\n(check-sat)\n(pop 1)`);
  const file = scratchFile('cvc5-validate.smt2');
  writeFileSync(file, `(set-logic ALL)\n${model}\n${checks.join('\n')}\n`);
  const r = spawnSync('cvc5', ['--incremental', '--tlimit-per=60000', file], { encoding: 'utf8' });
  const answers = r.stdout.trim().split('\n');
  if (r.status !== 0 || answers.length !== system.clauses.length) throw new Error(`cvc5 failed: ${r.stderr || r.stdout}`);
  return system.clauses.filter((_, i) => answers[i] !== 'unsat').map(clauseName);
}
