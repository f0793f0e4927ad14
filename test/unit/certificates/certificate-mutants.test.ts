/**
 * Vigil's check of witness circuits (certificates/witness-circuit.ts) against certifaiger's rules
 * checked with MiniSat (test/support/certifaiger.ts), on wrong certificates. Every other test gives the
 * check right certificates, which a check that accepts anything would pass too. Here IC3's and
 * k-induction's certificates for random small safe circuits (test/support/random-aig.ts, without invariant
 * constraints, where the test's rules are written more strictly than certifaiger's) are mutated
 * one change at a time: a gate's fan-in, a latch's next state or reset, the bad state. The two
 * checks must then give the same answer, accepted or refused, on every mutant. The mutants that a
 * change leaves right (a gate outside every cone) must be accepted, the others refused.
 *
 * `npm test` runs a fixed set of seeds; `npm run fuzz` runs fresh seeds for FUZZ_SECONDS beside the
 * differential test against ABC.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAiger, type Circuit } from '../../support/aiger-sim.js';
import { certifaiger } from '../../support/certifaiger.js';
import { aagText, freshSeeds, randomCircuit } from '../../support/random-aig.js';
import { checkWith, load } from '../../support/engines.js';
import { mulberry32 } from '../../../bench/random.js';
import { parseAiger } from '../../../formalisms/frontends/aiger/read.js';
import { aigFromFile, type Aig } from '../../../formalisms/aig.js';
import { checkWitnessCircuit } from '../../../certificates/witness-circuit.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-cert-mutants-'));
const SEEDS = Array.from({ length: 200 }, (_, k) => 1000 + k);
const MUTANTS = 12;
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);

const aigOf = (c: Circuit, name: string): Aig => aigFromFile(parseAiger(Buffer.from(aagText(c)), name));

/**
 * One change to `w`, chosen by `rnd`. The model's latches (the first `shared` of the witness) keep
 * whether they are initialised: certifaiger lets a witness leave such a latch free where the model
 * resets it, which the test's rules, comparing the two resets as written, refuse.
 */
function mutant(w: Circuit, shared: number, rnd: () => number): Circuit {
  const int = (n: number) => Math.floor(rnd() * n);
  const lit = (below: number) => 2 * int(below) + int(2);
  const kind = int(4);
  if (kind === 0 && w.gates.size > 0) {
    const gates = [...w.gates.keys()];
    const v = gates[int(gates.length)]!;
    const [a, b] = w.gates.get(v)!;
    const other = rnd() < 0.5 ? (a ^ 1) : lit(v);
    return { ...w, gates: new Map(w.gates).set(v, rnd() < 0.5 ? [other, b] : [a, other]) };
  }
  if (kind === 1 || kind === 2) {
    const k = int(w.latches.length);
    const latches = w.latches.map((l, j) => {
      if (j !== k) return l;
      if (kind === 1) return { ...l, next: rnd() < 0.5 ? l.next ^ 1 : lit(w.maxVar + 1) };
      const free = l.reset === l.lit;
      if (k < shared) return free ? l : { ...l, reset: 1 - l.reset };
      return { ...l, reset: free ? int(2) : rnd() < 0.5 ? 1 - l.reset : l.lit };
    });
    return { ...w, latches };
  }
  return { ...w, bads: [rnd() < 0.5 ? w.bads[0]! ^ 1 : lit(w.maxVar + 1)] };
}

/** What one seed's mutants give: how many both checks accepted and refused, and where they differ. */
async function mutants(seed: number): Promise<{ accepted: number; refused: number; differences: string[] }> {
  const out = { accepted: 0, refused: 0, differences: [] as string[] };
  const c: Circuit = { ...randomCircuit(seed), constraints: [] };
  const file = join(dir, `s${seed}.aag`);
  writeFileSync(file, aagText(c));
  const problem = await load(file);
  const property = problem.properties[0]!;
  const model = aigFromFile(parseAiger(readFileSync(file), file));
  for (const engine of ['ic3', 'kind']) {
    const r = await checkWith(engine, problem, { settings: engine === 'kind' ? { bound: String(2 ** c.latches.length) } : {}, ms: 30_000 });
    if (r.verdict !== 'safe') continue;
    const w = readAiger(Buffer.from(problem.certificateText(property, r.certificate)));
    const rnd = mulberry32(seed * 7 + engine.length);
    for (let m = 0; m < MUTANTS; m++) {
      const x = mutant(w, c.latches.length, rnd);
      const vigil = checkWitnessCircuit(model, 0, aigOf(x, `s${seed}-${engine}-m${m}`));
      const minisat = certifaiger(c, x, 0);
      if ((vigil === undefined) !== (minisat === undefined)) {
        out.differences.push(`seed ${seed}, ${engine}, mutant ${m}: Vigil ${vigil ?? 'accepts'}, MiniSat ${minisat ?? 'accepts'}\nmodel:\n${aagText(c)}mutant:\n${aagText(x)}`);
      } else if (vigil === undefined) out.accepted++;
      else out.refused++;
    }
  }
  return out;
}

describe('certificate check against certifaiger on MiniSat, on mutated certificates', () => {
  if (FUZZ_SECONDS > 0) {
    it(`fresh seeds for ${FUZZ_SECONDS} s`, async () => {
      const found: string[] = [];
      let checked = 0;
      for (const seed of freshSeeds(FUZZ_SECONDS)) {
        const r = await mutants(seed);
        checked += r.accepted + r.refused + r.differences.length;
        for (const d of r.differences) console.log(`difference: ${d}`);
        found.push(...r.differences);
      }
      console.log(`${checked} mutants, ${found.length} differences`);
      expect(found).toEqual([]);
    }, (FUZZ_SECONDS + 600) * 1000);
    return;
  }

  it(`seeds ${SEEDS[0]}-${SEEDS[SEEDS.length - 1]}: IC3's and k-induction's certificates, mutated, accepted and refused alike`, async () => {
    let accepted = 0;
    let refused = 0;
    const found: string[] = [];
    for (const seed of SEEDS) {
      const r = await mutants(seed);
      accepted += r.accepted;
      refused += r.refused;
      found.push(...r.differences);
    }
    expect(found).toEqual([]);
    // the mutations bite, and not always
    expect(refused).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(10);
  }, 300_000);
});
