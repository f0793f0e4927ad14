/**
 * Differential test against Spacer on random small CHC systems (test/random-chc.ts, Int and Bool
 * arguments): Vigil's engines, run on the CFA view of linear systems and on the clauses of
 * nonlinear ones (PDR over clauses), certified (the CFA certificate by its kind, then the model
 * clause by clause or the derivation by replay, in the clauses' terms), and Z3's Spacer, run by
 * the bench's peer on the same file, never give opposite answers. Either may be unknown within
 * its limit; the seeds must give both answers often enough to mean anything.
 *
 * `npm test` runs a fixed set of seeds of each kind; FUZZ_SECONDS=N runs fresh ones for N seconds
 * more (linear and nonlinear in turn) and names the file of every disagreement.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWith } from '../../support/engines.js';
import { randomChc } from '../../support/random-chc.js';
import { freshSeeds } from '../../support/random-aig.js';
import { readChc } from '../../../formalisms/frontends/chc/read.js';
import { chcProblem } from '../../../formalisms/frontends/chc/problem.js';
import { modelText, readModel } from '../../../formalisms/frontends/chc/model.js';
import { checkChcModel } from '../../../certificates/chc-model.js';
import { replayDerivation } from '../../../certificates/chc-derivation.js';
import { runSpacer } from '../../../bench/spacer.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-chc-random-'));
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);
const SEEDS = Array.from({ length: 30 }, (_, k) => k + 1);
/** BMC and k-induction stop at this bound; the others at the time limit. */
// slicing is off on CHC by default (engines/passes/slice.ts): two engines check the sliced model too
const ENGINES: [string, Record<string, string>][] = [['cegar', {}], ['bmc', { bound: '20' }], ['kind', { bound: '20' }], ['ic3', {}], ['impact', {}], ['pdr', {}], ['tpa', {}], ['split-tpa', {}],
  ['bmc', { bound: '20', slice: 'on' }], ['pdr', { slice: 'on' }], ['pdr', { encoding: 'LBE' }]];
/** On a nonlinear system only PDR over clauses and the portfolio apply, and the portfolio runs it. */
const NONLINEAR_ENGINES: [string, Record<string, string>][] = [['pdr', {}]];
const ENGINE_MS = 10_000;

type Verdict = 'safe' | 'unsafe' | 'unknown';

/** Spacer's answer, as the bench reads it. */
async function spacer(file: string): Promise<Verdict> {
  const { o } = await runSpacer({ name: file, file, formalism: 'chc', category: 'random', expected: 'unknown' }, { timeoutS: 30 });
  if (o.result !== 'safe' && o.result !== 'unsafe' && o.result !== 'unknown') throw new Error(`Spacer gave no answer on ${file}: ${o.reason}`);
  return o.result;
}

/** Each engine's certified verdict, or what went wrong with it. */
async function vigil(file: string, text: string, engines: readonly [string, Record<string, string>][]): Promise<[string, Verdict | string][]> {
  const out: [string, Verdict | string][] = [];
  for (const [engine, settings] of engines) {
    const label = [engine, ...Object.entries(settings).filter(([k]) => k !== 'bound').map(([k, v]) => `--${k} ${v}`)].join(' ');
    const problem = chcProblem(file, Buffer.from(text), readChc(text, file));
    const system = problem.view.system;
    try {
      const r = await checkWith(engine, problem, { settings, ms: ENGINE_MS });
      let wrong: string | undefined;
      if (r.verdict === 'safe') {
        const m = problem.modelOf(r.certificate);
        wrong = m && await checkChcModel(system, readModel(system, modelText(system, m), `${file}.model`));
      } else if (r.verdict === 'unsafe') {
        wrong = replayDerivation(system, problem.derivationOf(r.certificate));
      }
      out.push([label, wrong ?? (r.verdict as Verdict)]);
    } catch (e) {
      out.push([label, (e as Error).message]);
    }
  }
  return out;
}

const answers = new Map<Verdict, number>();
/** Verdicts by engine (`ic3 safe`), for the fuzz run's summary. */
const decided = new Map<string, number>();
const count = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

/** What is wrong on one seed: an engine that failed, or that Spacer contradicts. */
async function judge(seed: number, nonlinear = false): Promise<string[]> {
  const text = randomChc(seed, { nonlinear });
  const file = join(dir, `random-${nonlinear ? 'nonlinear-' : ''}${seed}.smt2`);
  writeFileSync(file, text);
  const theirs = await spacer(file);
  count(answers, theirs);
  return (await vigil(file, text, nonlinear ? NONLINEAR_ENGINES : ENGINES)).flatMap(([engine, v]) => {
    count(decided, `${engine} ${v}`);
    if (v !== 'safe' && v !== 'unsafe' && v !== 'unknown') return [`${engine} on ${file}: ${v}`];
    return theirs !== 'unknown' && v !== 'unknown' && v !== theirs ? [`${engine} on ${file}: ${v}, Spacer: ${theirs}`] : [];
  });
}

describe('random CHC systems: Vigil and Spacer never disagree', () => {
  it.each(SEEDS)('seed %i', async (seed) => {
    expect(await judge(seed)).toEqual([]);
  });

  it.each(SEEDS)('nonlinear seed %i', async (seed) => {
    expect(await judge(seed, true)).toEqual([]);
  });

  it('the seeds give sat and unsat systems both', () => {
    expect(answers.get('safe') ?? 0).toBeGreaterThanOrEqual(10);
    expect(answers.get('unsafe') ?? 0).toBeGreaterThanOrEqual(10);
  });

  it.runIf(FUZZ_SECONDS > 0)('fresh seeds for FUZZ_SECONDS', async () => {
    const wrong: string[] = [];
    let seeds = 0;
    for (const seed of freshSeeds(FUZZ_SECONDS)) {
      wrong.push(...await judge(seed, seeds % 2 === 1));
      seeds++;
    }
    console.log(`${seeds} fresh seeds; Spacer: ${[...answers].map(([v, n]) => `${v} ${n}`).join(', ')}; Vigil: ${[...decided].sort().map(([v, n]) => `${v} ${n}`).join(', ')}`);
    expect(wrong).toEqual([]);
  }, (FUZZ_SECONDS + 300) * 1000);
});
