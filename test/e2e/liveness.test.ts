/**
 * `vigil check` on a file with justice properties, end to end: every justice property checked, the
 * HWMCC lasso witness and the liveness witness circuit written, each replayed or read back.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../formalisms/frontends/aiger/read.js';
import { readAiger, readWitnesses } from '../support/aiger-sim.js';
import { vigil } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { lassoError } from '../support/liveness-oracle.js';

const LIVENESS_DIR = join(CORPUS_DIR, 'liveness/');

describe('vigil check on justice properties', () => {
  it('checks every justice property, writes the HWMCC lasso witness and the liveness witness circuit, each checked', () => {
    const path = `${LIVENESS_DIR}lmcs06/multi/short.aig`;
    const dir = mkdtempSync(join(tmpdir(), 'vigil-live-'));
    const r = vigil(['check', path, '--timeout', '60', '--witness', join(dir, 'w.txt'), '--certificate', join(dir, 'proof.aag')]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/j0: LIVE/);
    expect(r.stdout).toMatch(/j1: NONLIVE/);
    expect(r.stdout).toMatch(/liveness witness circuit with a ranking \(checked independently\)/);
    const c = readAiger(readFileSync(path));
    const [held, failed] = readWitnesses(readFileSync(join(dir, 'w.txt'), 'utf8'));
    expect([held!.result, held!.properties]).toEqual(['0', ['j0']]);
    expect([failed!.result, failed!.properties]).toEqual(['1', ['j1']]);
    expect(lassoError(c, 1, failed!.init, failed!.inputs)).toBeUndefined();
    const proof = parseAiger(readFileSync(join(dir, 'proof.j0.aag')), 'proof.j0.aag');
    expect(proof.justice).toHaveLength(1);
    expect(proof.comments[0]).toBe(`LIVENESS WITNESS j0 ${path}`);
    // one property by name; a safety engine decides it through liveness-to-safety; a word-level one cannot
    expect(vigil(['check', path, '--property', 'j1', '--timeout', '60']).code).toBe(1);
    expect(vigil(['check', path, '--property', 'j0', '--algorithm', 'ic3', '--timeout', '60']).stdout).toMatch(/LIVE {2}\[ic3/);
    expect(vigil(['check', path, '--algorithm', 'termination']).stderr).toMatch(/answers termination properties, not liveness/);
  });

  it('races the liveness engines: a lasso found alone in the head start, a proof from k-liveness in its worker', () => {
    const json = (file: string) => JSON.parse(vigil(['check', `${LIVENESS_DIR}lmcs06/${file}`, '--json', '--timeout', '60']).stdout);
    const fails = json('lmcs06counter1.aig');
    expect(fails).toMatchObject({ verdict: 'nonlive', statistics: { 'won.lasso-bmc': 1 } });
    const holds = json('lmcs06counter0.aig');
    expect(holds).toMatchObject({ verdict: 'live', statistics: { 'won.klive': 1 } });
    expect(holds.options.members).toBe(availableParallelism() >= 3 ? 'lasso-bmc, klive, ic3' : 'lasso-bmc (then ic3 after 6 s), klive');
  });

  /** A 2-bit counter c that wraps and a latch y that is 0 only at step 0: c = 3 infinitely often (j0), y = 0 infinitely often (j1). */
  const COUNTER = `1 sort bitvec 1
2 sort bitvec 2
3 zero 2
4 state 2 c
5 init 2 4 3
6 one 2
7 add 2 4 6
8 next 2 4 7
9 ones 2
10 eq 1 4 9
11 justice 1 10 wraps
12 zero 1
13 state 1 y
14 init 1 13 12
15 one 1
16 next 1 13 15
17 justice 1 -13 unset
`;

  it('checks BTOR2 justice properties on the blasted circuit: a lasso as a btorsim witness, a proof as a liveness witness circuit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-live-btor2-'));
    const file = join(dir, 'counter.btor2');
    writeFileSync(file, COUNTER);
    const r = vigil(['check', file, '--timeout', '60', '--witness', join(dir, 'w.wit'), '--certificate', join(dir, 'proof.aag')]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/j0: NONLIVE/);
    expect(r.stdout).toMatch(/j1: LIVE/);
    expect(r.stdout).toMatch(/then back to step 0 after the last, forever; checked independently/);
    // the lasso closes on the whole circuit at step 4, where y is 1 for good: frames 0 to 7
    const witness = readFileSync(join(dir, 'w.j0.wit'), 'utf8');
    expect(witness).toBe(`sat\nj0\n#0\n${Array.from({ length: 8 }, (_, k) => `@${k}\n`).join('')}.\n`);
    const proof = parseAiger(readFileSync(join(dir, 'proof.j1.aag')), 'proof.j1.aag');
    expect(proof.comments[0]).toBe(`LIVENESS WITNESS j1 ${file}`);
    // the blasted circuit keeps the justice properties, as btor2aiger does
    const converted = join(dir, 'counter.aag');
    expect(vigil(['convert', file, converted]).code).toBe(0);
    expect(parseAiger(readFileSync(converted), converted).justice).toHaveLength(2);
  });

  it('takes BTOR2 fair lines as fairness constraints: one that holds only at step 0 makes every justice property hold', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-live-btor2-')), 'fair.btor2');
    writeFileSync(file, `${COUNTER}18 fair -13\n`);
    expect(vigil(['parse', file]).stdout).toMatch(/0 bad state properties, 2 justice properties, 1 fairness constraint; bit-blasted/);
    const r = vigil(['check', file, '--timeout', '60', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/j0: LIVE/);
    expect(r.stdout).toMatch(/j1: LIVE/);
  });
});
