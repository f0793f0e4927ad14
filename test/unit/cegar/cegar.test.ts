/**
 * The CEGAR engine end to end with the real Z3: the paper's motivating examples behave as the paper
 * says, a slice of the configuration matrix never gives a wrong verdict on the corpus, every verdict
 * passes its independent check, and corrupted certificates fail it. The full matrix runs in
 * `npm run bench -- --experiment matrix`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadZ3 } from '../../../lang/smt/context.js';
import { loadProblem } from '../../../formalisms/frontends/index.js';
import { replay, type Trace } from '../../../formalisms/trace.js';
import type { Interpreter } from '../../../formalisms/interpreter.js';
import { cegar } from '../../../cegar/checker.js';
import { searchWeights } from '../../../cegar/search.js';
import type { CegarConfig } from '../../../cegar/config.js';
import { checkInductiveInvariant as checkInvariant } from '../../../certificates/invariant.js';
import type { Result, Statistics } from '../../../formalisms/result.js';
import { False, True, eq, fpLit, int, postorder, ref, withArgs, type Expr } from '../../../lang/expr.js';
import type { FpType } from '../../../lang/types.js';
import type { Location } from '../../../formalisms/interpreter.js';
import { theoriesOf } from '../../../formalisms/problem.js';
import { defaultCegarConfig } from '../../../cegar/defaults.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { ROOT } from '../../support/cli.js';

beforeAll(async () => {
  await loadZ3();
});

function config(over: Partial<CegarConfig> = {}): CegarConfig {
  const c = { ...defaultCegarConfig(new Set()), ...over };
  return { ...c, weights: searchWeights(c.search)! };
}

async function model(file: string): Promise<Interpreter> {
  const problem = await loadProblem(file);
  return problem.task(problem.properties[0]!).model;
}

/** A CEGAR result with its certificate read off: the invariant of SAFE, the trace of UNSAFE. */
type Verdict =
  | { result: 'safe'; invariant: ReadonlyMap<Location, Expr>; stats: Statistics }
  | { result: 'unsafe'; trace: Trace; stats: Statistics }
  | { result: 'unknown'; reason: string; stats: Statistics };

function verdictOf(r: Result): Verdict {
  if (r.verdict === 'unknown') return { result: 'unknown', reason: r.reason.detail, stats: r.stats };
  if (r.verdict === 'safe' && r.certificate.kind === 'invariant') return { result: 'safe', invariant: r.certificate.invariant, stats: r.stats };
  if (r.verdict === 'unsafe' && r.certificate.kind === 'trace') return { result: 'unsafe', trace: r.certificate.trace, stats: r.stats };
  throw new Error(`CEGAR gave a ${r.certificate.kind}`);
}

/** `e` with every occurrence of the literal `from` replaced by `to`. */
function replaceLit(e: Expr, from: Expr, to: Expr): Expr {
  const done = new Map<number, Expr>();
  for (const n of postorder(e)) done.set(n.id, n === from ? to : withArgs(n, n.args.map((a) => done.get(a.id)!)));
  return done.get(e.id)!;
}

/** Runs CEGAR and checks the certificate of a definite verdict, as the CLI does. */
async function run(m: Interpreter, c: CegarConfig, seconds = 10): Promise<Verdict> {
  const v = verdictOf(cegar(m, c, await loadZ3(), { deadline: Date.now() + seconds * 1000 }));
  if (v.result === 'safe') expect(await checkInvariant(m, v.invariant)).toBeUndefined();
  if (v.result === 'unsafe') expect(replay(m, v.trace)).toBeUndefined();
  return v;
}

describe("the paper's motivating examples", () => {
  it('Fig. 4 left: EXPL with k >= 4 proves it safe, k = 1 cannot', async () => {
    const m = await model(`${ROOT}models/fig4-enumerate.cfa`);
    for (const k of ['1*', 1, 3] as const) expect((await run(m, config({ domain: 'EXPL', maxEnum: k }))).result).toBe('unknown');
    for (const k of [4, 10, 0]) expect((await run(m, config({ domain: 'EXPL', maxEnum: k }))).result).toBe('safe');
  });

  it('Fig. 5: ERR reaches the error with fewer ARG nodes than BFS', async () => {
    const m = await model(`${ROOT}models/fig5-diamonds.cfa`);
    const c = (search: string) => config({ domain: 'EXPL', initPrec: 'PROP', search, weights: searchWeights(search)! });
    const bfs = await run(m, c('BFS'));
    const err = await run(m, c('ERR'));
    expect(bfs.result).toBe('unsafe');
    expect(err.result).toBe('unsafe');
    expect(err.stats.argNodes).toBeLessThan(bfs.stats.argNodes);
  });

  it('Fig. 6: backward binary interpolation needs fewer iterations than forward', async () => {
    const m = await model(`${ROOT}models/fig6-backward.cfa`);
    const fw = await run(m, config({ refinement: 'FW_BIN_ITP' }));
    const bw = await run(m, config({ refinement: 'BW_BIN_ITP' }));
    expect(bw.result).toBe('safe');
    expect(fw.result).toBe('safe');
    expect(bw.stats.iterations).toBeLessThan(fw.stats.iterations);
  });

  it('ERR on a model without locations falls back to BFS and says so once', async () => {
    const m = await model(`${ROOT}models/traffic.system`);
    const notes: string[] = [];
    const v = verdictOf(cegar(m, config({ search: 'ERR', weights: searchWeights('ERR')! }), await loadZ3(), { onNote: (n) => notes.push(n) }));
    expect(v.result).toBe('safe');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/using BFS/);
  });
});

describe('interpolants that generalise', () => {
  it('the default learns a relation between j and cnt on models/loop-relation.cfa, not their values', async () => {
    const m = await model(`${ROOT}models/loop-relation.cfa`);
    const v = await run(m, config(), 20);
    expect(v.result).toBe('safe');
    // projection alone learnt j = 30, j = 31, ... (42 predicates after 15 iterations)
    expect(v.stats.precisionSize).toBeLessThanOrEqual(10);
    expect(v.stats.farkasCubes).toBeGreaterThan(0);
  });
});

describe('certificates', () => {
  it('a corrupted invariant fails the check', async () => {
    const m = await model(`${ROOT}models/counter.cfa`);
    const v = await run(m, config());
    expect(v.result).toBe('safe');
    if (v.result !== 'safe') return;
    const weakened = new Map(v.invariant);
    weakened.set(m.errorLoc, True);
    expect(await checkInvariant(m, weakened)).toMatch(/bad states/);
    const notInitial = new Map(v.invariant).set(m.initLoc, False);
    expect(await checkInvariant(m, notInitial)).toMatch(/initially/);
    const loop = m.locations.find((l) => l.name === 'Loop')!;
    const x = m.vars.find((d) => d.name === 'x')!;
    const tooStrong = new Map(v.invariant).set(loop, eq(ref(x), int(0)));
    expect(await checkInvariant(m, tooStrong)).toMatch(/not closed under/);
  });
});

describe('floating point with the default configuration (EXPL, UNSAT_CORE)', () => {
  for (const name of ['fp1', 'fp2', 'counter_fp_true']) {
    it(`${name}.cfa: the expected verdict, certified`, async () => {
      const entry = manifest().find((e) => e.path === `theta-regression/cfa/${name}.cfa`)!;
      const m = await model(entry.file);
      const defaults = defaultCegarConfig(theoriesOf(m.vars));
      expect([defaults.domain, defaults.refinement]).toEqual(['EXPL', 'UNSAT_CORE']);
      const v = await run(m, { ...defaults, weights: searchWeights(defaults.search)! });
      expect(v.result).toBe(entry.expected);
      if (v.result === 'unsafe') {
        // the trace carries a concrete float for every variable at every step
        for (const s of v.trace.states) for (const d of m.vars) expect(s.vals.get(d)?.op).toMatch(/^(fplit|lit)$/);
      }
    });
  }

  it('a corrupted float invariant fails the check: +0 is not -0', async () => {
    const entry = manifest().find((e) => e.path === 'theta-regression/cfa/counter_fp_true.cfa')!;
    const m = await model(entry.file);
    const x = m.vars[0]!;
    const f = x.type as FpType;
    const v = await run(m, config(defaultCegarConfig(theoriesOf(m.vars))));
    expect(v.result).toBe('safe');
    if (v.result !== 'safe') return;
    const l1 = m.locations.find((l) => l.name === 'L1')!;
    const inv = v.invariant.get(l1)!;
    const negZero = fpLit(f, { sign: true, exp: 0n, sig: 0n });
    const posZero = fpLit(f, { sign: false, exp: 0n, sig: 0n });
    const wrong = replaceLit(inv, posZero, negZero);
    expect(wrong).not.toBe(inv);
    expect(await checkInvariant(m, new Map(v.invariant).set(l1, wrong))).toMatch(/initially|not closed/);
  });
});

/** A slice of the matrix: every domain with a refiner it admits, both granularities, each search. */
const SLICE: Partial<CegarConfig>[] = [
  { domain: 'PRED_CART', refinement: 'SEQ_ITP' },
  { domain: 'PRED_BOOL', refinement: 'BW_BIN_ITP', precGranularity: 'LOCAL' },
  { domain: 'PRED_SPLIT', refinement: 'SEQ_ITP', predSplit: 'ATOMS', search: 'DFS' },
  { domain: 'PRED_CART', refinement: 'MULTI_SEQ', search: 'ERR', predSplit: 'CONJUNCTS' },
  { domain: 'PRED_CART', refinement: 'MIN_PRUNE', pruneStrategy: 'FULL' },
  { domain: 'PRED_BOOL', refinement: 'MAX_PRUNE', initPrec: 'PROP' },
  { domain: 'EXPL', maxEnum: 10, refinement: 'SEQ_ITP', search: 'ERR_DFS' },
  { domain: 'EXPL', maxEnum: '1*', refinement: 'UNSAT_CORE', precGranularity: 'LOCAL' },
  { domain: 'EXPL', maxEnum: 0, refinement: 'FW_BIN_ITP', search: 'DFS_ERR' },
];

describe('the Fischer protocols: real clocks under predicate abstraction', () => {
  // before interpolants were projected from implicants and split into atoms, the default timed out
  // on fischer2 and fischer3_bool (interpolants of thousands of nodes, 13 refinements and more)
  it('the default configuration proves fischer2 and fischer3_bool and refutes their _bad variants in a few refinements', async () => {
    for (const [name, expected] of [['fischer2', 'safe'], ['fischer3_bool', 'safe'], ['fischer2_bad', 'unsafe'], ['fischer3_bool_bad', 'unsafe']]) {
      const m = await model(`${CORPUS_DIR}theta-regression/sts/${name}.system`);
      const v = await run(m, config(), 30);
      expect(v.result, name).toBe(expected);
      expect(v.stats.refinements, name).toBeLessThanOrEqual(6);
    }
  });
});

describe('a slice of the configuration matrix on the corpus: no wrong verdict', () => {
  const models = manifest().filter((m) => m.expected !== 'unknown' && !m.path.startsWith('hwmcc24/')
    && /\/(counter5_true|counter_bv_false|locking|arithmetic-mod|arithmetic-int|ifelse|counter|counter_bad|loop|simple1|boolean1|hw1_false|constprop2)\.|SimpleCounterexample|SclGotoStatement/.test(m.path));
  for (const [i, over] of SLICE.entries()) {
    it(`configuration ${i + 1}: ${Object.values(over).join(' ')}`, async () => {
      for (const entry of models) {
        const m = await model(entry.file);
        const c = config({ ...over, ...(over.search ? { weights: searchWeights(over.search)! } : {}) });
        const v = await run(m, c, 3);
        if (v.result !== 'unknown') expect(v.result, entry.path).toBe(entry.expected);
      }
    });
  }
});
