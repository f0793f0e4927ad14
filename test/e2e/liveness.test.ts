/**
 * `vigil check` on a file with justice properties, end to end: every justice property checked, the
 * HWMCC lasso witness and the liveness witness circuit written, each replayed or read back.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
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
});
