/**
 * Signal correspondence (`--scorr on`, engines/aiger/signal-correspondence.ts): on a circuit whose
 * bad state compares two gates that are equal only for reachable states, it merges them and the
 * property becomes constant; on corpus circuits IC3, k-induction and BMC answer as the manifest
 * says through it, and each proof's witness circuit, which carries the signal equivalences beside
 * the clauses, passes certifaiger's rules (and fails them without the equivalences, where the
 * engine's own proof says nothing of the merged latches).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signalCorrespondence } from '../../../engines/aiger/signal-correspondence.js';
import type { Certificate } from '../../../formalisms/certificate.js';
import { manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';
import { readAiger } from '../../support/aiger-sim.js';
import { certifaiger } from '../../support/certifaiger.js';

/**
 * Latches a and b (reset 0) both load input x; gates g = x AND a and h = x AND b are equal in every
 * reachable state for every input, but not in all states; bad is g AND NOT h.
 */
const TWINS = 'aag 7 1 2 0 3 1\n2\n4 2\n6 2\n14\n8 2 4\n10 2 6\n14 8 11\n';

async function twins() {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-scorr-')), 'twins.aag');
  writeFileSync(file, TWINS);
  return load(file);
}

describe('signal correspondence', () => {
  it('merges latches and gates equal in every reachable state, and the bad state with false', async () => {
    const problem = await twins();
    const circuit = problem.task(problem.properties[0]!).circuit!;
    const found = signalCorrespondence(circuit, Date.now() + 10_000)!;
    expect(found).toBeDefined();
    expect(found.aig.latches).toHaveLength(0);
    expect(found.aig.properties[0]!.lit).toBe(0);
    expect(found.equivalences.length).toBeGreaterThanOrEqual(2);
  });

  it('proves the twins with a witness circuit that states the equivalences', async () => {
    const problem = await twins();
    const p = problem.properties[0]!;
    const r = await checkWith('ic3', problem, { settings: { scorr: 'on', lcorr: 'off' } });
    expect(r.verdict).toBe('safe');
    const stats = r.stats as Record<string, number>;
    expect(stats.mergedSignals).toBeGreaterThan(0);
    if (r.verdict !== 'safe') return;
    expect(r.certificate.kind === 'latch-clauses' && r.certificate.signals !== undefined).toBe(true);
    const certificate = problem.certificateText(p, r.certificate);
    expect(certifaiger(readAiger(Buffer.from(TWINS)), readAiger(Buffer.from(certificate)), 0)).toBeUndefined();
  });

  it('needs the equivalences in the witness circuit where they are more than the clauses say', async () => {
    // h_Arbiter: scorr merges every latch, so the engines' own proofs say nothing of the latches
    const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes('split-h_Arbiterb0'))!;
    const file = readAiger(readFileSync(m.file));
    const problem = await load(m.file);
    const p = problem.properties[0]!;
    for (const engine of ['ic3', 'kind']) {
      const r = await checkWith(engine, problem, { settings: { scorr: 'on', lcorr: 'off', ...(engine === 'kind' ? { bound: '10' } : {}) } });
      if (r.verdict !== 'safe') throw new Error(`${engine}: ${r.verdict}`);
      const witness = (c: Certificate) => readAiger(Buffer.from(problem.certificateText(p, c)));
      expect(certifaiger(file, witness(r.certificate), 0), engine).toBeUndefined();
      expect(certifaiger(file, witness({ ...r.certificate, signals: undefined } as Certificate), 0), engine).toBe('the Step check fails');
    }
  });

  it('keeps the corpus verdicts of IC3, k-induction and BMC, certified', async () => {
    const runs: [string, string][] = [
      ['split-h_Arbiterb0', 'ic3'], ['split-qspiflash_dualflexpress_divfive-p020b0', 'ic3'], ['split-vgasim_imgfifo-p040b0', 'ic3'],
      ['split-qspiflash_dualflexpress_divfive-p020b0', 'kind'], ['split-zipcpu-busdelay-p09b0', 'kind'],
      ['split-vis_arrays_vsa16a_p6b0', 'bmc'], ['split-marlann_compute_cp_fail2-p1b0', 'bmc'],
    ];
    for (const [name, engine] of runs) {
      const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes(name))!;
      const problem = await load(m.file);
      const r = await checkWith(engine, problem, { settings: { scorr: 'on', lcorr: 'off', ...(engine === 'ic3' ? {} : { bound: '40' }) }, ms: 60_000 });
      expect(r.verdict, `${name} ${engine}`).toBe(m.expected);
      expect((r.stats as Record<string, number>).mergedSignals, name).toBeGreaterThan(0);
    }
  }, 300_000);
});
