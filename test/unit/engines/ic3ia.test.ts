/**
 * IC3 with implicit predicate abstraction (engines/ic3ia.ts), the word-level `--algorithm ic3`, on
 * a quick sample of the corpus's CFA, PLC and STS models with known verdicts, the small CFA of
 * issue 12, and the Fischer models: never a wrong verdict, every certificate checked by its kind
 * (invariants by the independent checker, traces replayed), the statistics the TUI and `--json`
 * show.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineFor } from '../../../engines/registry.js';
import { CORPUS_DIR, manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

const SAMPLE = [
  'plc/ArrayAssignment.scl-noreduction.theta',
  'plc/SimpleCounterexample.scl-noreduction.theta',
  'theta-regression/cfa/counter5_true.cfa',
  'theta-regression/cfa/locking.cfa',
  'theta-regression/cfa/ifelse.cfa',
  'theta-regression/cfa/arithmetic-mod.cfa',
  'theta-regression/cfa/counter_bv_true.cfa',
  'theta-regression/sts/counter.system',
  'theta-regression/sts/counter_bad.system',
  'theta-regression/sts/loop.system',
  'theta-regression/sts/simple2.system',
  'theta-regression/sts/fischer2_bad.system',
];

/** Found by random testing (issue 12): safe; the default CEGAR configuration times out on it. */
const ISSUE_CFA = `main process p {
    var cnt : int
    var j : int
    var arr : [int] -> int
    var k : int
    init loc L0
    loc Head
    loc Body
    loc Exit
    error loc ERR
    L0 -> Head { cnt := 2  j := -3  arr := [-1 <- cnt, -2 <- 4, <int> default <- cnt]  k := 1 }
    Head -> Body { assume not cnt >= 4 }
    Body -> Head { j := j + 1  k := (k + 3) rem 3  arr := arr[cnt <- cnt + 1]  cnt := cnt + 1 }
    Head -> Exit { assume not cnt < 4 }
    Exit -> ERR { assume cnt = 4 and (j = -2 or arr[3] /= 4) }
}
`;

describe('IC3 with implicit predicate abstraction', () => {
  const expected = new Map(manifest().map((m) => [m.path, m.expected]));

  for (const path of SAMPLE) {
    it(`decides ${path} (${expected.get(path)})`, async () => {
      const r = await checkWith('ic3', await load(CORPUS_DIR + path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
      if (r.verdict !== 'safe' && r.verdict !== 'unsafe') throw new Error(`no verdict: ${r.verdict}`);
      expect(r.certificate.kind).toBe(r.verdict === 'safe' ? 'invariant' : 'trace');
    }, 120_000);
  }

  it('is the word-level ic3 for CFAs and STSs, the bit-level one for circuits', async () => {
    const cfa = engineFor({ circuit: false, model: true, clauses: false, theories: new Set(['int']), kind: 'safety' }, 'ic3');
    const aig = engineFor({ circuit: true, model: true, clauses: false, theories: new Set(['bool']), kind: 'safety' }, 'ic3');
    expect(cfa).not.toBe(aig);
    expect([cfa.needs, aig.needs]).toEqual([undefined, 'circuit']);
  });

  it('proves the small CFA of issue 12, reporting frames, refinements and predicates', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-ic3ia-')), 'issue12.cfa');
    writeFileSync(file, ISSUE_CFA);
    const r = await checkWith('ic3', await load(file), { ms: 60_000 });
    expect(r.verdict).toBe('safe');
    expect(r.stats.frame).toBeGreaterThan(0);
    expect(r.stats.refinements).toBeGreaterThan(0);
    expect(r.stats.predicates).toBeGreaterThan(r.stats.refinements!);
    expect(r.stats.clauses).toBeGreaterThan(0);
  }, 120_000);

  // its abstract counterexamples of 7 steps come before one of 6 that is real: the unrolling
  // that checks them must not ask a 6-step path to take the seventh step out of the error location
  it('finds the bug of a CHC task after checking a longer spurious path', async () => {
    const task = `${CORPUS_DIR}chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/llreve/loop5_unsafe.c-1_000.smt2`;
    const r = await checkWith('ic3', await load(task), { ms: 60_000 });
    expect(r.verdict).toBe('unsafe');
  }, 120_000);

  it('proves fischer2, as the manifest says', async () => {
    const safe = await checkWith('ic3', await load(`${CORPUS_DIR}theta-regression/sts/fischer2.system`), { ms: 60_000 });
    expect(safe.verdict).toBe('safe');
  }, 120_000);
});
