/**
 * CHC files end to end through the `vigil` command: `parse` summarises the clause system, `show`
 * draws the clause graph, `check` answers in CHC-COMP's words beside Vigil's (human and `--json`)
 * with its certificate checked in the clauses' terms as well (`--certificate` writes the model
 * that cvc5 validates, or the derivation of false), a nonlinear system is checked by PDR over its
 * clauses and refused by engines that need a CFA, bad input exits 2 at its place, and the bench
 * runs Vigil's configurations on CHC files.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { ROOT, vigil } from '../support/cli.js';
import { CHC_DIR, chcTaskProblem } from '../support/chc.js';
import { cvc5Rejects } from '../../bench/cvc5.js';
import { applies, parseConfig } from '../../bench/configs.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-chc-cli-'));
const SAT = 'theta-chc-comp24/chc-comp24-LIA-Lin-021.smt2';
const UNSAT = 'theta-chc-comp24/chc-comp24-LIA-Lin-015.smt2';
const NONLINEAR = 'chc-comp25/LIA-Nonlin/hopv/lia/mochi/apply_000.smt2';

describe('vigil on CHC-COMP files', () => {
  it('parse summarises predicates, arities and clauses', () => {
    const r = vigil(['parse', CHC_DIR + SAT]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`${CHC_DIR + SAT}: chc; 3 predicates (main@verifier.error.split/0, main@_bb/3, main@entry/2); 5 clauses: 1 fact, 1 query; linear; 3 variables`);
  });

  it('show draws the clause graph: predicates as locations with their names as written', () => {
    const r = vigil(['show', CHC_DIR + SAT]);
    expect(r.code).toBe(0);
    for (const name of ['init', 'main@_bb', 'main@entry', 'main@verifier.error.split', 'false']) expect(r.stdout).toContain(`label="${name}"`);
  });

  it('check proves a sat system and writes a model that cvc5 validates', () => {
    const cert = join(dir, 'model.smt2');
    const r = vigil(['check', CHC_DIR + SAT, '--algorithm', 'cegar', '--certificate', cert]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/: SAFE \(CHC-COMP: sat\)  \[cegar, /);
    const text = readFileSync(cert, 'utf8');
    expect(text).toMatch(/^\(define-fun main@_bb \(\(x0 Int\) \(x1 Int\) \(x2 Int\)\) Bool /m);
    expect(cvc5Rejects(chcTaskProblem(SAT).view.system, text)).toEqual([]);
  });

  it('check refutes an unsat system with a counterexample through the predicates, and writes its derivation', () => {
    const cert = join(dir, 'derivation.smt2');
    const r = vigil(['check', CHC_DIR + UNSAT, '--algorithm', 'bmc', '--json', '--certificate', cert]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout) as { verdict: string; formatVerdict: string; formalism: string; properties: { name: string; formatVerdict: string }[] };
    const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'cli/verdict.schema.json'), 'utf8')));
    expect(validate(j), JSON.stringify(validate.errors)).toBe(true);
    expect([j.verdict, j.formatVerdict, j.formalism, j.properties[0]!.name, j.properties[0]!.formatVerdict]).toEqual(['unsafe', 'unsat', 'chc', 'false', 'unsat']);
    const steps = readFileSync(cert, 'utf8').split('\n').filter((l) => l.startsWith('(step'));
    expect(steps.length).toBeGreaterThan(1);
    expect(steps[0]).toMatch(/^\(step 1 \(clause \d+ \d+\) /);
    expect(steps.at(-1)).toMatch(/ false\)$/);
    const human = vigil(['check', CHC_DIR + UNSAT, '--algorithm', 'bmc']);
    expect(human.stdout).toMatch(/: UNSAFE \(CHC-COMP: unsat\)  \[bmc, /);
  });

  it('the outputs a CHC file offers are its own: --witness is refused before the run', () => {
    const r = vigil(['check', CHC_DIR + SAT, '--witness', join(dir, 'x.wit')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('constrained Horn clause systems (CHC-COMP), which offer --cex, --certificate');
  });

  it('a nonlinear system: parsed, drawn, checked by PDR over clauses with a tree-shaped derivation (also in the report), refused by CFA engines', () => {
    const sums = join(ROOT, 'models/sums-bug.smt2');
    expect(vigil(['parse', sums]).stdout.trim()).toBe(`${sums}: chc; 1 predicate (sum/1); 3 clauses: 1 fact, 1 query; nonlinear; 1 variable`);
    const drawn = vigil(['show', sums]);
    expect(drawn.stdout).toContain('P0 -> C1 [arrowhead=none];\n  P0 -> C1 [arrowhead=none];');
    const cert = join(dir, 'sums.derivation');
    const r = vigil(['check', sums, '--certificate', cert, '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect([json.verdict, json.formatVerdict, json.algorithm]).toEqual(['unsafe', 'unsat', 'portfolio']);
    expect(json.derivation.at(-1)).toMatch(/\(from \d+\) \(\(x 3\)\) false\)$/);
    expect(readFileSync(cert, 'utf8')).toMatch(/^\(step \d+ \(clause 2 6\) \(from \d+ \d+\) /m);
    const report = join(dir, 'sums.html');
    expect(vigil(['check', sums, '--report', report, '--quiet']).code).toBe(1);
    expect(readFileSync(report, 'utf8')).toMatch(/<h3>Derivation of false in 4 steps<\/h3>\s*<pre class="derivation">\(step 1 \(clause 1 5\)/);
    const refused = vigil(['check', CHC_DIR + NONLINEAR, '--algorithm', 'cegar']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--algorithm cegar checks transition systems and linear clause systems, and this clause system is nonlinear (pdr checks it)');
  });

  it('a malformed file exits 2 at its place', () => {
    const bad = join(dir, 'bad.smt2');
    writeFileSync(bad, '(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (forall ((x Int)) (=> (> (* x x) 0) (p x))))\n');
    const b = vigil(['check', bad]);
    expect(b.code).toBe(2);
    expect(b.stderr).toBe(`${bad}:3:34: nonlinear multiplication: at most one factor of * may mention a variable (Vigil checks linear arithmetic)\n`
      + '    (assert (forall ((x Int)) (=> (> (* x x) 0) (p x))))\n                                     ^\n');
  });

  it('the bench runs Vigil\'s configurations on CHC files, read as CFAs', () => {
    expect(applies(parseConfig('default'), 'chc')).toBe(true);
    expect(applies(parseConfig('{"domain":"PRED_BOOL","encoding":"LBE"}'), 'chc')).toBe(true);
    expect(applies(parseConfig('abc-pdr'), 'chc')).toBe(false);
  });
});
