/**
 * The generated PLC families (bench/families/): the kept set is what the generator writes, and the
 * small models have the verdicts they are built to have, the unsafe ones at the stated depth.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFamilies } from '../../../bench/families/generate.js';
import { plcModel } from '../../../bench/families/plc.js';
import { suiteModels } from '../../../bench/suite.js';
import { checkWith, load } from '../../support/engines.js';
import { ROOT } from '../../support/cli.js';

const KEPT = join(ROOT, 'models/families');

describe('PLC families', () => {
  it('keeps in models/families exactly what the generator writes, with a manifest bench reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-families-'));
    const written = writeFamilies(dir);
    for (const folder of ['plc-sts', 'plc-cfa']) {
      const files = readdirSync(join(dir, folder)).sort();
      expect(readdirSync(join(KEPT, folder)).sort()).toEqual(files);
      for (const f of files) expect(readFileSync(join(KEPT, folder, f), 'utf8')).toBe(readFileSync(join(dir, folder, f), 'utf8'));
    }
    expect(readFileSync(join(KEPT, 'manifest.csv'), 'utf8')).toBe(readFileSync(join(dir, 'manifest.csv'), 'utf8'));
    const suite = suiteModels(join(KEPT, 'manifest.csv'));
    expect(suite).toHaveLength(written);
    expect(suite.filter((m) => m.expected === 'unsafe')).toHaveLength(written / 2);
  });

  for (const form of ['sts', 'cfa'] as const) {
    const ext = form === 'sts' ? 'system' : 'cfa';
    it(`${form}: BMC finds the unsafe variant's bug at the depth it is built with`, async () => {
      const model = plcModel({ n: 6, m: 4, k: 2, safe: false, seed: 7 });
      const dir = mkdtempSync(join(tmpdir(), 'vigil-plc-'));
      const file = join(dir, `${model.name}.${ext}`);
      writeFileSync(file, model[form]);
      const r = await checkWith('bmc', await load(file), { settings: { bound: '30' } });
      if (r.verdict !== 'unsafe' || r.certificate.kind !== 'trace') throw new Error(`no trace: ${r.verdict}`);
      // the trace over the model: on an STS its program counter's automaton has one step more, into its error location
      expect(r.certificate.trace.actions).toHaveLength(model.depth![form]);
    });
    it(`${form}: CEGAR proves the smallest safe variant (certified), BMC finds nothing up to its bound`, async () => {
      const problem = await load(join(KEPT, `plc-${form}/plc_n4_m4_k2_safe.${ext}`));
      expect((await checkWith('cegar', problem)).verdict).toBe('safe');
      expect((await checkWith('bmc', problem, { settings: { bound: '12' } })).verdict).toBe('unknown');
    });
  }
});
