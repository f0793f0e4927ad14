/**
 * Differential test of Vigil's circuit engines against ABC (Debian's berkeley-abc) on random small
 * circuits (test/support/random-aig.ts): inputs, latches reset to 0, 1 or uninitialised, one bad state,
 * sometimes an invariant constraint. ABC answers with `&r FILE; &put; fold; pdr` on the binary file
 * written by the test's own writer (`&r` keeps uninitialised latches free, `fold` turns the
 * constraint outputs into the property's assumption; ABC's ASCII reader mistakes resets, so it
 * gets binary). IC3 (as it is by default and with all its options on), BMC (with a bound of
 * 2^latches, complete on these circuits: a shortest counterexample never repeats a state),
 * k-induction and the portfolio must agree with it, random simulation must not contradict it; every
 * UNSAFE witness must replay on the independent simulator and every witness circuit pass
 * certifaiger's rules checked with MiniSat (test/support/certifaiger.ts).
 *
 * `npm test` runs a fixed set of seeds. `npm run fuzz` runs fresh seeds for FUZZ_SECONDS (default
 * 300) and writes each disagreement, shrunk, as a reproducer `.aag` file whose path it prints.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAiger, readWitness, simulate, writeAig, type Circuit } from '../../support/aiger-sim.js';
import { certifaiger } from '../../support/certifaiger.js';
import { aagText, freshSeeds, randomCircuit, shrink } from '../../support/random-aig.js';
import { checkWith, load, written } from '../../support/engines.js';
import { vigil } from '../../support/cli.js';
import { IC3_OPTIONS } from '../../../engines/aiger/ic3-options.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-abc-diff-'));
const ABC = ['berkeley-abc', 'abc'].find((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status === 0);
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);
/** The fixed seeds of `npm test`. */
const SEEDS = Array.from({ length: 150 }, (_, k) => k + 1);

type Verdict = 'safe' | 'unsafe' | 'unknown';

/** ABC's verdict on a circuit, through a binary file. */
function abc(c: Circuit, name: string): 'safe' | 'unsafe' {
  const file = join(dir, `${name}.aig`);
  writeFileSync(file, writeAig(c));
  const r = spawnSync(ABC!, ['-c', `&r ${file}; &put; fold; pdr`], { encoding: 'utf8' });
  if (/Property proved/.test(r.stdout)) return 'safe';
  if (/was asserted in frame/.test(r.stdout)) return 'unsafe';
  throw new Error(`ABC gave no verdict on ${file}: ${r.stdout}${r.stderr}`);
}

/** What is wrong with one engine's answer on a circuit (given ABC's verdict), or undefined. */
async function judge(c: Circuit, name: string, algorithm: string, expected: 'safe' | 'unsafe'): Promise<string | undefined> {
  const [engine, pass] = algorithm === IC3_ALL_ON ? ['ic3'] : algorithm.split('+');
  const file = join(dir, `${name}.${algorithm}.aag`);
  const text = aagText(c);
  writeFileSync(file, text);
  const bound = 2 ** c.latches.length;
  let verdict: Verdict;
  let witness: string | undefined;
  let certificate: string | undefined;
  if (algorithm === 'portfolio') {
    const r = vigil(['check', file, '--algorithm', algorithm, '--bound', String(bound), '--json', '--witness', `${file}.wit`, '--certificate', `${file}.cert`]);
    if (r.code !== 0 && r.code !== 1 && r.code !== 3) return `exit ${r.code}: ${r.stderr.trim()}`;
    // a crash exits with 1 too, without a verdict
    if (!r.stdout.trim().startsWith('{')) return `exit ${r.code} without a verdict: ${r.stderr.trim()}`;
    verdict = (JSON.parse(r.stdout) as { verdict: Verdict }).verdict;
    if (verdict === 'unsafe') witness = readFileSync(`${file}.wit`, 'utf8');
    if (verdict === 'safe') certificate = readFileSync(`${file}.cert`, 'utf8');
  } else {
    const problem = await load(file);
    const p = problem.properties[0]!;
    const settings = { ...(engine === 'ic3' ? {} : engine === 'sim' ? { 'sim-rounds': '4' } : { bound: String(bound) }), ...(pass === 'sweep' ? { sweep: 'on' } : {}), ...(pass === 'scorr' ? { scorr: 'on', lcorr: 'off' } : {}), ...(algorithm === IC3_ALL_ON ? ALL_ON : {}) };
    let r;
    try {
      r = await checkWith(engine, problem, { settings, ms: 30_000 });
    } catch (e) {
      return (e as Error).message;
    }
    if (r.verdict !== 'safe' && r.verdict !== 'unsafe' && r.verdict !== 'unknown') return `a ${r.verdict} verdict on a safety check`;
    verdict = r.verdict;
    if (r.verdict === 'unsafe') witness = written(problem, 'witness', [{ property: p, result: r }]);
    if (r.verdict === 'safe') certificate = problem.certificateText(p, r.certificate);
  }
  // BMC is complete up to its bound here, and proves a property only where the reductions make its
  // bad state constant false; k-induction may stop at its bound without an answer; random
  // simulation proves nothing and may miss a bug
  const allowed: Verdict[] = engine === 'bmc' ? (expected === 'unsafe' ? ['unsafe'] : ['unknown', 'safe'])
    : engine === 'kind' ? [expected, 'unknown'] : engine === 'sim' ? (expected === 'unsafe' ? ['unsafe', 'unknown'] : ['unknown']) : [expected];
  if (!allowed.includes(verdict)) return `${verdict}, ABC: ${expected}`;
  if (witness !== undefined) {
    const w = readWitness(witness);
    const replay = simulate(c, w, 0);
    if (!('reached' in replay) || replay.reached !== w.inputs.length - 1) return `the witness does not replay: ${JSON.stringify(replay)}`;
  }
  if (certificate !== undefined) {
    const wrong = certifaiger(c, readAiger(Buffer.from(certificate)), 0);
    if (wrong) return `the certificate fails: ${wrong}`;
  }
  return undefined;
}

/**
 * The engines with their default preprocessing (latch correspondence), IC3 also with SAT sweeping,
 * IC3 and k-induction with signal correspondence in place of latch correspondence (which would
 * leave it little to merge), and IC3 with every option of ic3-options.ts switched on.
 */
const IC3_ALL_ON = 'ic3-all-options';
const ALL_ON = Object.fromEntries(IC3_OPTIONS.map((o) => [o.name, 'on']));
const ENGINES = ['ic3', 'ic3+sweep', 'ic3+scorr', IC3_ALL_ON, 'bmc', 'kind', 'kind+scorr', 'sim', 'portfolio'];

/** The engines' disagreements with ABC on one seed's circuit (the portfolio, a process per run, on every fourth seed unless fuzzing). */
async function disagreements(seed: number, c: Circuit, all: boolean): Promise<string[]> {
  const expected = abc(c, `s${seed}`);
  const out: string[] = [];
  for (const algorithm of ENGINES) {
    if (algorithm === 'portfolio' && !all && seed % 4 !== 0) continue;
    const wrong = await judge(c, `s${seed}`, algorithm, expected);
    if (wrong) out.push(`${algorithm}: ${wrong}`);
  }
  return out;
}

/** A disagreement shrunk to a small circuit, written as a reproducer file; returns its path and text. */
async function reproducer(seed: number, c: Circuit, what: string): Promise<string> {
  const algorithm = what.slice(0, what.indexOf(':'));
  const smallest = await shrink(c, async (x) => (await judge(x, `s${seed}-shrink`, algorithm, abc(x, `s${seed}-shrink`))) !== undefined);
  const file = join(dir, `disagreement-seed${seed}.aag`);
  const text = aagText(smallest);
  writeFileSync(file, `${text}c\nseed ${seed}: ${what}\n`);
  return `${file} (${what}):\n${text}`;
}

describe.skipIf(!ABC)('Vigil agrees with ABC on random small circuits', () => {
  if (FUZZ_SECONDS > 0) {
    it(`fresh seeds for ${FUZZ_SECONDS} s`, async () => {
      const found: string[] = [];
      let circuits = 0;
      for (const seed of freshSeeds(FUZZ_SECONDS)) {
        const c = randomCircuit(seed);
        circuits++;
        const wrong = await disagreements(seed, c, true);
        if (wrong.length) {
          const r = await reproducer(seed, c, wrong[0]!);
          console.log(`disagreement: ${r}`);
          found.push(r);
        }
      }
      console.log(`${circuits} circuits, ${found.length} disagreements`);
      expect(found).toEqual([]);
    }, (FUZZ_SECONDS + 600) * 1000);
    return;
  }

  it(`seeds 1-${SEEDS.length}: same verdicts, replayed witnesses, accepted certificates`, async () => {
    const found: string[] = [];
    const verdicts = { safe: 0, unsafe: 0, constrained: 0 };
    for (const seed of SEEDS) {
      const c = randomCircuit(seed);
      verdicts[abc(c, `s${seed}`)]++;
      if (c.constraints.length) verdicts.constrained++;
      for (const w of await disagreements(seed, c, false)) found.push(`seed ${seed}: ${w}\n${aagText(c)}`);
    }
    expect(found).toEqual([]);
    // the generator makes both kinds of circuit, and constrained ones
    expect(verdicts.safe).toBeGreaterThan(20);
    expect(verdicts.unsafe).toBeGreaterThan(20);
    expect(verdicts.constrained).toBeGreaterThan(20);
  }, 300_000);
});
