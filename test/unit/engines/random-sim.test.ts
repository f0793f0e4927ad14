/**
 * Random simulation (engines/aiger/random-sim.ts): its embedded WebAssembly is its text file
 * assembled; on the corpus it never answers SAFE, never UNSAFE on a safe circuit, and every bug it
 * reports is a run the pipeline replays on the file (checkWith throws otherwise); constraints end
 * the runs that violate them; and the portfolio's opening round wins where it finds a bug.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import wabtInit from 'wabt';
import { KERNEL } from '../../../engines/aiger/random-sim.js';
import { ROOT, vigil } from '../../support/cli.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-sim-'));
const aag = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('random simulation', () => {
  it('embeds random-sim.wat as wabt assembles it', async () => {
    const wabt = await wabtInit();
    const file = join(ROOT, 'engines/aiger/random-sim.wat');
    const module = wabt.parseWat(file, readFileSync(file, 'utf8'), { bulk_memory: true });
    expect(Buffer.from(module.toBinary({}).buffer).toString('base64')).toBe(KERNEL);
    module.destroy();
  });

  it('answers UNSAFE only with a run the file replays, and UNKNOWN on safe circuits (corpus)', async () => {
    const circuits = manifest().filter((m) => m.formalism === 'aiger' && m.expected !== 'unknown');
    for (const m of circuits) {
      const r = await checkWith('sim', await load(m.file), { settings: { 'sim-rounds': '2' } });
      expect(r.verdict, m.path).not.toBe('safe');
      if (m.expected === 'safe') expect(r.verdict, m.path).toBe('unknown');
    }
    const found = ['hwmcc24/split-vis_arrays_vsa16a_p6b0.aag', 'hwmcc24/split-vis_arrays_bpbs_p2b0.aag', 'theta-regression/aiger/hw1_false.aag'];
    for (const path of found) expect((await checkWith('sim', await load(CORPUS_DIR + path), { settings: { 'sim-rounds': '1' } })).verdict, path).toBe('unsafe');
  });

  it('finds the development circuits\' shallow bugs in one round', async () => {
    for (const name of ['hwmcc08/texastwoprocp5', 'hwmcc08/viscoherencep5', 'hwmcc17/texasparsesysp3', 'hwmcc17/6s210b037']) {
      const r = await checkWith('sim', await load(`${CORPUS_DIR}hwmcc19-20/${name}.aig`), { settings: { 'sim-rounds': '1' } });
      expect(r.verdict, name).toBe('unsafe');
    }
  });

  it('ends the runs that violate a constraint', async () => {
    // bad = latch l, l' = input i (reset 0), constraint not i: l stays 0 on every run that counts
    const blocked = aag('blocked.aag', 'aag 2 1 1 0 0 1 1\n2\n4 2 0\n4\n3\n');
    expect((await checkWith('sim', await load(blocked), { settings: { 'sim-rounds': '3' } })).verdict).toBe('unknown');
    // the same with the constraint i: the bad state at step 1
    const allowed = aag('allowed.aag', 'aag 2 1 1 0 0 1 1\n2\n4 2 0\n4\n2\n');
    expect((await checkWith('sim', await load(allowed), { settings: { 'sim-rounds': '1' } })).verdict).toBe('unsafe');
  });

  it('starts an uninitialised latch at either value', async () => {
    // bad = l, l' = l, l uninitialised: half the runs start in the bad state
    const free = aag('free.aag', 'aag 1 0 1 0 0 1\n2 2 2\n2\n');
    expect((await checkWith('sim', await load(free), { settings: { 'sim-rounds': '1' } })).verdict).toBe('unsafe');
  });

  it('opens the portfolio: one round before the members, which wins where it finds the bug', () => {
    const r = vigil(['check', `${CORPUS_DIR}hwmcc19-20/hwmcc08/texastwoprocp5.aig`, '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.options.members).toMatch(/^sim first, then ic3-no-ctg-ctp/);
    expect(j.statistics).toMatchObject({ 'won.sim': 1, 'sim.rounds': 1 });
    // where it finds nothing the members go on, and its counters stand beside theirs
    const safe = JSON.parse(vigil(['check', `${CORPUS_DIR}hwmcc24/split-cal178b0.aag`, '--json']).stdout);
    expect(safe.verdict).toBe('safe');
    expect(safe.statistics['sim.rounds']).toBe(1);
    expect(safe.statistics['won.sim']).toBeUndefined();
  });
});
