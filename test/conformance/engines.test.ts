/**
 * The registry's conformance suite (after Pono's tests/test_engines.cpp over `all_engines()`): every
 * engine of the registry on every model of the fixture set it applies to, one small model of each
 * front end and verdict. Each run is `vigil check`'s own: the task through the engine's passes, the
 * result mapped back and every claim it makes checked by its kind (a claim that fails throws).
 * An engine answers the expected verdict, or UNKNOWN where it may stop without one (a bounded
 * engine on a safe model, an incomplete one at its limit), never the other verdict. An engine
 * applies to a fixture directly or through a pass that converts its property (the bit-level
 * engines on justice properties, through liveness-to-safety).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, unfit } from '../../engines/registry.js';
import { offerOf } from '../../engines/engine.js';
import { answerOf, type Verdict } from '../../formalisms/property-kinds.js';
import { TEST_CONTEXT } from '../support/engines.js';
import { checkProperty } from '../../cli/check.js';
import { loadProblem } from '../../formalisms/frontends/index.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { ROOT } from '../support/cli.js';

interface Fixture {
  readonly file: string;
  readonly property?: string;
  readonly expected: 'holds' | 'fails';
}

const model = (name: string) => join(ROOT, 'models', name);
const corpus = (name: string) => join(CORPUS_DIR, name);

/** One small model per front end and answer; each runs in a few seconds at most. */
const FIXTURES: readonly Fixture[] = [
  { file: model('counter.cfa'), expected: 'holds' },
  { file: model('mutex-bug.cfa'), expected: 'fails' },
  { file: model('traffic.system'), expected: 'holds' },
  { file: corpus('theta-regression/sts/counter_bad.system'), expected: 'fails' },
  { file: model('ring.aag'), expected: 'holds' },
  { file: model('shift.aag'), expected: 'fails' },
  { file: corpus('termination/t2/byron-1.t2'), expected: 'holds' },
  { file: corpus('termination/t2/2.t2'), expected: 'fails' },
  { file: model('lamp.graph'), expected: 'holds' },
  { file: model('lamp-broken.graph'), expected: 'fails' },
  { file: corpus('liveness/certifaiger/intervention_model.aag'), expected: 'holds' },
  { file: corpus('liveness/lmcs06/lmcs06short1.aig'), expected: 'fails' },
  { file: corpus('btor2/unit/pono/cnt-3bits-wrap-safe-kind-bound1.btor2'), expected: 'holds' },
  { file: corpus('btor2/unit/btor2tools/count2.btor2'), expected: 'fails' },
  { file: model('loop.smt2'), expected: 'holds' },
  { file: model('loop-bug.smt2'), expected: 'fails' },
  { file: model('sums.smt2'), expected: 'holds' },
  { file: model('sums-bug.smt2'), expected: 'fails' },
];

/** Bounded settings where an engine would otherwise search until its time limit. */
const SETTINGS: Readonly<Record<string, Record<string, string>>> = { 'bmc': { bound: '12' }, 'kind': { bound: '12' }, 'lasso-bmc': { bound: '12' }, 'klive': { bound: '8' } };

/** Whether the engine may end without an answer on a model whose property holds (or, k-liveness, fails). */
const mayStopOn = (engine: string, expected: Fixture['expected']) => ((engine === 'bmc' || engine === 'lasso-bmc') && expected === 'holds') || (engine === 'klive' && expected === 'fails');

describe('every registered engine on every fixture it applies to', async () => {
  const problems = await Promise.all(FIXTURES.map(async (f) => ({ f, problem: await loadProblem(f.file) })));
  for (const spec of ENGINES) {
    for (const { f, problem } of problems) {
      const property = problem.properties.find((p) => p.kind === problem.defaultKind) ?? problem.properties.find((p) => p.kind === 'safety') ?? problem.properties[0]!;
      const task = problem.task(property);
      if (unfit(spec, offerOf(task)) !== undefined) continue;
      const label = `${spec.name}${spec.needs ? ` (${spec.needs})` : ''} on ${f.file.replace(/^.*\/(models|benchmarks)\//, '')}`;
      it(label, async () => {
        const settings = SETTINGS[spec.name] ?? {};
        const engine = await spec.create(settings, TEST_CONTEXT);
        const r = await checkProperty(problem, property, spec, engine, settings, { deadline: Date.now() + 30_000 }, { progress: () => {}, note: () => {} });
        const allowed: ('holds' | 'fails' | 'unknown')[] = [f.expected, 'unknown'];
        expect(allowed, `${r.verdict}${r.verdict === 'unknown' ? `: ${r.reason.detail}` : ''}`).toContain(answerOf(r.verdict as Verdict));
        if (!mayStopOn(spec.name, f.expected) && r.verdict === 'unknown') expect.soft(r.reason.kind, `${label}: ${r.reason.detail}`).not.toBe('unsupported');
      }, 90_000);
    }
  }
});
