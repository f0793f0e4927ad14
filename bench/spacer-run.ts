/**
 * The Spacer peer's process (bench/spacer.ts starts it): Z3's own CHC engine on a CHC-COMP file
 * as it is, through Z3's SMT-LIB front end (`Z3_eval_smtlib2_string`: under `(set-logic HORN)`,
 * `(check-sat)` runs the fixedpoint engine, whose default for these clauses is Spacer). Prints the answer (`sat`, `unsat`, or
 * `unknown` with Z3's reason) on the first line and Z3's version on the second; at the time limit
 * it prints `unknown timeout` and exits. Usage: spacer-run FILE SECONDS.
 *
 * This runs beside Vigil for comparison and never inside it: no module of Vigil's engines,
 * certificates or front ends calls a fixedpoint entry point (test/unit/bench/chc-peers.test.ts checks it).
 */
import { readFileSync } from 'node:fs';
import { init } from 'z3-solver';

const [file, seconds] = process.argv.slice(2);
if (!file || !(Number(seconds) > 0)) {
  process.stderr.write('usage: spacer-run FILE SECONDS\n');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const { Z3 } = await init();
const version = Z3.get_full_version();
const done = (answer: string): never => {
  process.stdout.write(`${answer}\n${version}\n`);
  process.exit(0);
};
setTimeout(() => done('unknown timeout'), Number(seconds) * 1000);
const ctx = Z3.mk_context_rc(Z3.mk_config());
const out = (await Z3.eval_smtlib2_string(ctx, text)).trim();
const answer = out.split('\n').find((l) => /^(sat|unsat|unknown)$/.test(l));
if (!answer) {
  process.stderr.write(`${out.split('\n')[0] || 'no answer'}\n`);
  process.exit(1);
}
done(answer);
