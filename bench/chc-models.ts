/**
 * `npm run bench:chc-models -- RESULTS.csv`: the models of a CHC campaign checked again after the
 * runs, twice and independently of the run that wrote them. Every `sat` answer's model that
 * `vigil bench --certificates DIR` wrote is read back and checked clause by clause in a fresh Z3
 * context (Vigil's check, certificates/chc-model.ts) and by Debian's cvc5 on the clauses as the
 * file writes them (cvc5.ts). A `sat` answer proved by k-induction has no model (its certificate is
 * a k-inductive invariant, written as comments): it is counted apart.
 *
 * Writes one CSV row per answer (model, config, certificate, vigil, cvc5) to --out and the counts to
 * stderr; exit 1 when a model fails either check. Options: --suite (where the models are; default
 * `chc`), --out (default RESULTS with `-models.csv`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import { readChc } from '../formalisms/frontends/chc/read.js';
import { checkChcModelText } from '../certificates/chc-model.js';
import { cvc5Rejects } from './cvc5.js';
import { readResults } from './results.js';
import { suiteModels } from './suite.js';

const program = new Command('bench:chc-models')
  .argument('<results>', 'the results CSV of a CHC campaign run with --certificates')
  .option('--suite <spec>', 'the suite the campaign ran (resolves the models\' files)', 'chc')
  .option('--out <file.csv>', 'the table of checks')
  .parse();
const [results] = program.args as [string];
const o = program.opts<{ suite: string; out?: string }>();

const files = new Map(suiteModels(o.suite).map((m) => [m.name, m.file]));
const answers = readResults(results).filter((r) => r.tool === 'vigil' && r.result === 'safe' && r.model.endsWith('.smt2'));
const rows: string[][] = [];
const count = { model: 0, noModel: 0, vigilFails: 0, cvc5Fails: 0, missing: 0 };
for (const r of answers) {
  const file = files.get(r.model);
  if (r.certificate === '' || file === undefined) {
    count.missing++;
    rows.push([r.model, r.config, r.certificate, 'not written', '']);
    continue;
  }
  const model = readFileSync(r.certificate, 'utf8');
  if (!/^\(define-fun\b/m.test(model)) {
    count.noModel++;
    rows.push([r.model, r.config, r.certificate, 'no model (k-inductive invariant)', '']);
    continue;
  }
  const system = readChc(readFileSync(file, 'utf8'), file);
  const vigil = await checkChcModelText(system, model);
  const rejected = cvc5Rejects(system, model);
  count.model++;
  if (vigil !== undefined) count.vigilFails++;
  if (rejected.length > 0) count.cvc5Fails++;
  rows.push([r.model, r.config, r.certificate, vigil ?? 'passes', rejected.length === 0 ? 'passes' : `rejects ${rejected.join(', ')}`]);
  process.stderr.write(`${r.config} ${r.model}: ${vigil ?? 'passes'} / cvc5 ${rejected.length === 0 ? 'passes' : 'rejects'}\n`);
}
const out = o.out ?? results.replace(/\.csv$/, '') + '-models.csv';
writeFileSync(out, stringify([['model', 'config', 'certificate', 'vigil', 'cvc5'], ...rows]));
process.stderr.write(`${answers.length} sat answers: ${count.model} models checked (Vigil fails ${count.vigilFails}, cvc5 fails ${count.cvc5Fails}), `
  + `${count.noModel} k-inductive invariants without a model, ${count.missing} without a certificate; ${out}\n`);
process.exit(count.vigilFails + count.cvc5Fails + count.missing > 0 ? 1 : 0);
