/** The `vigil` binary on good input: parse summaries over the corpus, check verdicts and exit codes. */
import { describe, expect, it } from 'vitest';
import { manifest } from '../support/corpus.js';
import { vigil } from '../support/cli.js';

describe('vigil parse', () => {
  it('reads every model of the manifest and prints one summary line each, exit 0', () => {
    const files = manifest().map((m) => m.file);
    const r = vigil(['parse', ...files]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(files.length);
    for (const [i, line] of lines.entries()) {
      expect(line.startsWith(`${files[i]}: `)).toBe(true);
      expect(line).toMatch(/: (cfa; \d+ variables?; \d+ locations?, \d+ edges?|sts; \d+ variables?; \d+ constraints?|aiger; \d+ inputs?, \d+ latch(es)?, \d+ ands?, \d+ propert(y|ies))$/);
    }
  });

  it('warns about the two legacy STS defects it tolerates, on standard error', () => {
    const files = manifest().filter((m) => /thesis_sequence|simple2cnf/.test(m.path)).map((m) => m.file);
    const r = vigil(['parse', ...files]);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/^warning: /gm)).toHaveLength(3);
  });
});

describe('vigil check --algorithm bmc', () => {
  it('exit 1 and a replayed trace for an unsafe model', () => {
    const r = vigil(['check', 'models/mutex-bug.cfa', '--algorithm', 'bmc', '--bound', '10']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/UNSAFE/);
    expect(r.stdout).toMatch(/counterexample of 4 steps \(replayed on the model\)/);
    expect(r.stdout).toMatch(/Run -> BothInside/);
  });

  it('exit 3 when the bound is reached', () => {
    const r = vigil(['check', 'models/counter.cfa', '--algorithm', 'bmc', '--bound', '5']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/UNKNOWN \(bound 5 reached\)/);
  });

  it('--json gives the verdict, statistics and the counterexample with inputs', () => {
    const r = vigil(['check', 'models/shift.aag', '--algorithm', 'bmc', '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ verdict: 'unsafe', algorithm: 'bmc' });
    expect(j.statistics.solverChecks).toBeGreaterThan(0);
    expect(j.counterexample).toHaveLength(4);
    expect(j.counterexample[0].values).toEqual({ in: 'true', s0: 'false', s1: 'false', s2: 'false' });
    expect(j.counterexample[3].values).toMatchObject({ s0: 'true', s1: 'true', s2: 'true' });
  });

  it('the portfolio is the default for CFAs: SAFE with an independently checked invariant, exit 0, statistics per member', () => {
    const r = vigil(['check', 'models/counter.cfa', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ verdict: 'safe', algorithm: 'portfolio', options: { members: 'pdr, bmc, cegar, expl, kind, ic3' } });
    expect(Object.keys(j.invariant)).toContain('Loop');
    const won = ['pdr', 'bmc', 'cegar', 'expl', 'kind', 'ic3'].filter((m) => j.statistics[`won.${m}`] === 1);
    expect(won).toHaveLength(1);
    expect(j.statistics[`${won[0]}.solverChecks`]).toBeGreaterThan(0);
  });

  it('cegar with Theta\'s defaults on request', () => {
    const j = JSON.parse(vigil(['check', 'models/counter.cfa', '--algorithm', 'cegar', '--json']).stdout);
    expect(j).toMatchObject({ verdict: 'safe', algorithm: 'cegar', options: { domain: 'PRED_BOOL', refinement: 'SEQ_ITP' } });
  });

  it('Theta option names and values; bad values are named', () => {
    const ok = vigil(['check', 'models/fig4-enumerate.cfa', '--domain', 'EXPL', '--maxenum', '4', '--refinement', 'UNSAT_CORE', '--search', 'ERR', '--precgranularity', 'LOCAL', '--prunestrategy', 'FULL']);
    expect(ok.code).toBe(0);
    const bad = vigil(['check', 'models/counter.cfa', '--domain', 'PRED']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/EXPL, PRED_BOOL, PRED_CART, PRED_SPLIT/);
    const mismatch = vigil(['check', 'models/counter.cfa', '--domain', 'PRED_CART', '--refinement', 'UNSAT_CORE']);
    expect(mismatch.code).toBe(2);
  });

  it('a model without an error location is an input error at its process, with a caret', () => {
    const m = manifest().find((x) => x.path.endsWith('counter2inf.cfa'))!;
    const r = vigil(['check', m.file]);
    expect(r.code).toBe(2);
    const [head, , caret] = r.stderr.split('\n');
    expect(head).toMatch(new RegExp(`^${m.file}:\\d+:\\d+: process \\w+ has no error location, so there is no safety property to check \\(try --property termination\\)$`));
    expect(caret).toMatch(/^ +\^$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
