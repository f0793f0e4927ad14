/**
 * IC3's options on circuits (counterexamples to generalisation and to propagation, dynamic
 * generalisation, parent lemmas, obligation dropping, ternary lifting, leaf decisions), each alone and all together, CTGs off and SAT-based lifting,
 * on corpus circuits where they take part: the verdict is the manifest's and certified by Vigil's own checks (checkWith throws otherwise). And
 * the circuit portfolio: its members by value or as --members names them, k-induction's proof
 * certified when it wins, a witness circuit since k-induction on circuits drops simple paths, and
 * a default member's hand-over of its core.
 */
import { availableParallelism } from 'node:os';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifest } from '../../support/corpus.js';
import { ROOT, vigil } from '../../support/cli.js';
import { checkWith, load } from '../../support/engines.js';
import { IC3_OPTIONS } from '../../../engines/aiger/ic3-options.js';
import { CIRCUIT_MEMBERS } from '../../../engines/portfolio-members.js';
import { circuitPlan } from '../../../engines/portfolio.js';
import { ENGINE_LINES } from '../../../engines/registry.js';
import { runWithHandOver, type Entrant, type RacePlan } from '../../../engines/race.js';
import { ENGINE_CONTEXT } from '../../../cli/engine-context.js';

const byName = (name: string) => manifest().find((m) => m.formalism === 'aiger' && m.path.includes(name))!;

/** Safe and unsafe circuits IC3 answers in about a second, where the options have work to do. */
const CIRCUITS = ['split-a16-p085b0', 'split-s3_srvr_1b.cilb0', 'split-vgasim_imgfifo-p020b0', 'split-marlann_compute_cp_fail2-p1b0', 'split-phases_2-1b0'].map(byName);

/**
 * a and b swap from 0, 1; y' = a AND b AND i is bad: the unreachable good state a = b = 1, y = 0
 * loops on itself and steps to y = 1, so only simple paths make the property k-inductive (latch
 * correspondence, which would find a = NOT b, is off where k-induction must fail)
 */
function loopCircuit(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-kind-')), 'loop.aag');
  writeFileSync(file, 'aag 6 1 3 0 2 1\n2\n4 6 0\n6 4 1\n8 12 0\n8\n10 4 6\n12 10 2\n');
  return file;
}

const ALL_ON = Object.fromEntries(IC3_OPTIONS.map((o) => [o.name, 'on']));

describe('IC3 options', () => {
  // Each option on, all on, and CTGs, ternary lifting and the join (on by default) off.
  for (const settings of [...IC3_OPTIONS.map((o) => ({ [o.name]: 'on' })), ALL_ON, { 'ic3-ctg': 'off' }, { 'ic3-ternary': 'off' }, { 'ic3-join': 'off' }]) {
    it(`${Object.entries(settings).map(([k, v]) => `${k} ${v}`).join(', ')}: the expected verdicts, certified`, async () => {
      const counters: Record<string, number> = {};
      for (const m of CIRCUITS) {
        const r = await checkWith('ic3', await load(m.file), { settings, ms: 40_000 });
        expect(r.verdict, m.path).toBe(m.expected);
        for (const k of ['ctps', 'dropped', 'parentHits', 'ctgs', 'liftChecks', 'eliminatedGates']) counters[k] = (counters[k] ?? 0) + Number(r.stats[k] ?? 0);
      }
      // the techniques switched on were used on these circuits
      if (settings['ic3-ctp'] === 'on') expect(counters.ctps).toBeGreaterThan(0);
      if (settings['ic3-drop-po'] === 'on') expect(counters.dropped).toBeGreaterThan(0);
      if (settings['ic3-ctg'] === 'off') expect(counters.ctgs).toBe(0);
      if (settings['ic3-ternary'] === 'on') expect(counters.liftChecks).toBeGreaterThan(0);
      // the runs past a thousand SAT calls (s3_srvr_1b.cil, marlann_compute_cp_fail2-p1) load the simplified step
      if (settings['ic3-bve'] === 'on') expect(counters.eliminatedGates).toBeGreaterThan(0);
    }, 200_000);
  }

  it('reach the engine from the command line, shown in --json', () => {
    const r = vigil(['check', byName('split-cal178b0').file, '--ic3-ctp', 'on', '--ic3-drop-po', 'off', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).options).toMatchObject({ 'ic3-ctp': 'on', 'ic3-drop-po': 'off' });
    const bad = vigil(['check', byName('split-cal178b0').file, '--ic3-ctp', 'maybe']);
    expect(bad.code).toBe(2);
  });
});

describe('the circuit portfolio', () => {
  const labels = (plan: RacePlan) => plan.entrants.map((e) => e.label);

  it('runs the first members by value, one per core but at least two, or those --members names', async () => {
    const task = (await load(join(ROOT, 'models/ring.aag'))).task((await load(join(ROOT, 'models/ring.aag'))).properties[0]!);
    expect(labels(circuitPlan({}, task, availableParallelism(), ENGINE_LINES))).toEqual(CIRCUIT_MEMBERS.slice(0, Math.max(2, availableParallelism())).map((m) => m.label));
    expect(labels(circuitPlan({}, task, 1, ENGINE_LINES))).toEqual(['ic3-no-ctg-ctp', 'kind']);
    expect(labels(circuitPlan({}, task, 4, ENGINE_LINES))).toEqual(CIRCUIT_MEMBERS.slice(0, 4).map((m) => m.label));
    expect(labels(circuitPlan({ members: 'kind,ic3-dynamic' }, task, 2, ENGINE_LINES))).toEqual(['kind', 'ic3-dynamic']);
    // an engine line of its own, named as written
    expect(circuitPlan({ members: 'ic3 --ic3-ctp on --ic3-ctg off' }, task, 2, ENGINE_LINES).entrants).toMatchObject([{ label: 'ic3 --ic3-ctp on --ic3-ctg off', line: 'ic3 --ic3-ctp on --ic3-ctg off' }]);
    const bad = vigil(['check', byName('split-cal178b0').file, '--algorithm', 'portfolio', '--members', 'ic3,abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/'abc': an engine line starts with one of/);
  });

  it('certifies whichever member wins: k-induction\'s proof, BMC\'s and an IC3 variant\'s counterexample', () => {
    // the workers load the built modules, so through the command line (which certifies, or exits 4)
    const run = (file: string, members: string) => vigil(['check', file, '--algorithm', 'portfolio', '--members', members, '--json']);
    const ring = run(join(ROOT, 'models/ring.aag'), 'kind');
    expect([ring.code, JSON.parse(ring.stdout).verdict]).toEqual([0, 'safe']);
    for (const members of ['bmc', 'ic3-dynamic,kind']) {
      const r = run(byName('split-phases_2-1b0').file, members);
      expect([r.code, JSON.parse(r.stdout).verdict]).toEqual([1, 'unsafe']);
    }
  }, 120_000);

  it('runs k-induction without simple-path constraints unless asked, so that its proofs are witness circuits', () => {
    const file = loopCircuit();
    const json = (args: string[]) => {
      const r = vigil(['check', file, '--json', '--lcorr', 'off', ...args]);
      const j = JSON.parse(r.stdout);
      return { code: r.code, verdict: j.verdict, certificate: j.properties[0].certificate };
    };
    expect(json(['--algorithm', 'kind', '--simplepath', 'lazy'])).toMatchObject({ code: 0, verdict: 'safe', certificate: { kind: 'k-invariant', simplePath: true } });
    expect(json(['--algorithm', 'kind', '--bound', '6'])).toMatchObject({ code: 3, verdict: 'unknown' });
    expect(json(['--algorithm', 'portfolio', '--members', 'kind', '--bound', '6'])).toMatchObject({ code: 3, verdict: 'unknown' });
    expect(json(['--algorithm', 'portfolio', '--members', 'kind,ic3'])).toMatchObject({ code: 0, verdict: 'safe', certificate: { kind: 'witness-circuit' } });
  }, 60_000);

  it('keeps the first member running in its thread until a worker answers, and lets the others decide when it ends on its own', () => {
    const run = (args: string[]) => {
      const r = vigil(['check', join(ROOT, 'models/ring.aag'), '--algorithm', 'portfolio', '--json', ...args]);
      const j = JSON.parse(r.stdout);
      return { code: r.code, verdict: j.verdict, won: Object.keys(j.statistics).filter((k) => k.startsWith('won.')) };
    };
    // BMC never ends on a safe circuit: k-induction's answer in its worker must stop it
    expect(run(['--members', 'bmc,kind'])).toEqual({ code: 0, verdict: 'safe', won: ['won.kind'] });
    // BMC's bound ends it before its head start: IC3 starts then and answers
    expect(run(['--members', 'bmc,ic3', '--bound', '2'])).toEqual({ code: 0, verdict: 'safe', won: ['won.ic3'] });
    // every member ends on its bound: UNKNOWN with each member's reason
    const bounded = vigil(['check', join(ROOT, 'models/ring.aag'), '--algorithm', 'portfolio', '--json', '--members', 'bmc,bmc --bound 3', '--bound', '2']);
    expect(bounded.code).toBe(3);
    expect(JSON.parse(bounded.stdout).properties[0].reason).toMatch(/bmc: bound 2 reached; bmc --bound 3: bound 3 reached/);
  }, 60_000);

  it('hands a default member\'s core over when the member it hands over to has none: k-induction gives way to IC3 with CTGs, or on one core back to the first member', async () => {
    const problem = await load(loopCircuit());
    const task = problem.task(problem.properties[0]!);
    const handOver = (cores: number, settings = {}) => circuitPlan(settings, task, cores, ENGINE_LINES).entrants.find((e) => e.label === 'kind')?.handOver;
    expect(CIRCUIT_MEMBERS.slice(0, 3).map((m) => m.label)).toEqual(['ic3-no-ctg-ctp', 'kind', 'ic3']);
    expect(handOver(2)).toEqual({ label: 'ic3', line: 'ic3', afterMs: 30_000 });
    expect(handOver(3)).toBeUndefined();
    expect(handOver(2, { members: 'ic3-no-ctg-ctp,kind' })).toBeUndefined();
    // on one core k-induction shares the first member's core, and gives it back to that one sooner
    expect(handOver(1)).toEqual({ afterMs: 10_000 });
    const run = (e: Entrant, ms: number) => runWithHandOver(e, task, { deadline: Date.now() + ms }, { progress: () => {}, note: () => {} }, ENGINE_CONTEXT);
    // alone, k-induction cannot prove the loop circuit
    expect((await run({ label: 'kind', line: 'kind' }, 500)).verdict).toBe('unknown');
    const handedOver = await run({ label: 'kind', line: 'kind', handOver: { label: 'ic3', line: 'ic3', afterMs: 300 } }, 30_000);
    expect(handedOver.verdict).toBe('safe');
    expect(handedOver.stats.handedOverAfterMs).toBe(300);
    // handed back: its own UNKNOWN, with the reason
    const handedBack = await run({ label: 'kind', line: 'kind', handOver: { afterMs: 300 } }, 30_000);
    expect(handedBack).toMatchObject({ verdict: 'unknown', reason: { kind: 'timeout', detail: 'gave its core back after 0.3 s' } });
    expect(handedBack.stats.handedOverAfterMs).toBe(300);
    // no hand-over when the deadline comes first
    expect((await run({ label: 'kind', line: 'kind', handOver: { label: 'ic3', line: 'ic3', afterMs: 300 } }, 200)).verdict).toBe('unknown');
  }, 60_000);
});
