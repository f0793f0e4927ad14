/**
 * The explicit state graph front end (formalisms/frontends/explicit/), added as one folder and one
 * line of the front-end list: `vigil parse`, `check`, `--json` and its own outputs work on it
 * through the contract alone, and its bad input is reported at its place.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, vigil } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-graph-'));
const model = (name: string) => join(ROOT, 'models', name);

describe('explicit state graphs', () => {
  it('parse: states, edges, initial and bad states', () => {
    expect(vigil(['parse', model('lamp.graph')]).stdout).toBe(`${model('lamp.graph')}: graph; 3 states, 2 edges; 1 initial, 1 bad\n`);
  });

  it('check, --json and --certificate: SAFE with the states a run can reach', () => {
    const cert = join(dir, 'lamp.cert');
    const r = vigil(['check', model('lamp.graph'), '--json', '--certificate', cert]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ formalism: 'graph', verdict: 'safe', properties: [{ name: 'bad', verdict: 'safe' }] });
    expect(readFileSync(cert, 'utf8')).toMatch(/^reach off on$/m);
  });

  it('--cex: UNSAFE with the path of states into the bad one', () => {
    const cex = join(dir, 'broken.cex');
    const r = vigil(['check', model('lamp-broken.graph'), '--algorithm', 'bmc', '--bound', '10', '--cex', cex]);
    expect(r.code).toBe(1);
    expect(readFileSync(cex, 'utf8')).toBe('off -> on -> on2 -> broken\n');
  });

  it('bad input: file:line:col, the line and a caret, exit 2; outputs it does not offer are usage errors', () => {
    const bad = join(dir, 'bad.graph');
    writeFileSync(bad, 'init a\na -> \nbad b\n');
    const r = vigil(['check', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${bad}:2:6: expected a state but found ';' or a new line\n    a -> \n         ^\n`);
    const witness = vigil(['check', model('lamp.graph'), '--witness', join(dir, 'w')]);
    expect(witness.code).toBe(2);
    expect(witness.stderr).toMatch(/--witness: .* is one of the explicit state graphs, which offer --cex, --certificate/);
  });
});
