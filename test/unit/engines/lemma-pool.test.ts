/**
 * Lemma sharing (engines/lemma-pool.ts, `--share on`): the log hands each run the others' lemmas
 * once, never its own; an IC3 run that starts on a log another run filled adopts the lemmas that
 * hold relative to its own frames and needs fewer SAT calls; and the portfolio with sharing keeps
 * the manifest's verdicts, certified.
 */
import { describe, expect, it } from 'vitest';
import { LemmaPool, lemmaLog } from '../../../engines/lemma-pool.js';
import { runIc3 } from '../../../engines/aiger/ic3.js';
import { manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

describe('the lemma log', () => {
  it('gives each run the others\' lemmas once, in order, and never its own', () => {
    const log = lemmaLog(64);
    const a = new LemmaPool(log);
    const b = new LemmaPool(log);
    a.publish(2, [4, 7]);
    b.publish(1, [9]);
    a.publish(3, [10, 12, 15]);
    const seen = (p: LemmaPool) => {
      const out: [number, number[]][] = [];
      p.take((level, lits) => out.push([level, [...lits]]));
      return out;
    };
    expect(seen(b)).toEqual([[2, [4, 7]], [3, [10, 12, 15]]]);
    expect(seen(a)).toEqual([[1, [9]]]);
    expect(seen(b)).toEqual([]);
    // a run that joins later reads everything written before
    expect(seen(new LemmaPool(log))).toHaveLength(3);
  });

  it('takes no record once full', () => {
    const log = lemmaLog(12);
    const a = new LemmaPool(log);
    const b = new LemmaPool(log);
    a.publish(1, [2, 4, 6]);
    a.publish(1, [2, 4, 6]);
    const levels: number[] = [];
    b.take((level) => levels.push(level));
    expect(levels).toEqual([1]);
    expect(a.published).toBe(1);
  });
});

describe('IC3 with a shared log', () => {
  it('adopts the lemmas another run found that hold relative to its own frames', async () => {
    const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes('split-vgasim_imgfifo-p061b0'))!;
    const problem = await load(m.file);
    const circuit = problem.task(problem.properties[0]!).circuit!;
    const alone = runIc3(circuit, {});
    expect(alone.outcome.result).toBe('safe');
    const lemmas = lemmaLog();
    const first = runIc3(circuit, { lemmas });
    const second = runIc3(circuit, { lemmas });
    expect(second.outcome.result).toBe('safe');
    expect(first.stats.lemmasShared).toBeGreaterThan(0);
    expect(second.stats.lemmasAdopted).toBeGreaterThan(0);
    // publishing alone leaves the search as it was; what adopting saves is measured, not asserted
    // (docs/guide/engines.md, "Sharing lemmas")
    expect(first.stats.satCalls).toBe(alone.stats.satCalls);
  });

  it('keeps the portfolio\'s verdicts, certified', async () => {
    const names = ['split-vgasim_imgfifo-p061b0', 'split-zipcpu-busdelay-p09b0', 'split-marlann_compute_cp_fail2-p1b0'];
    for (const name of names) {
      const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes(name))!;
      const r = await checkWith('portfolio', await load(m.file), { settings: { share: 'on', members: 'ic3,ic3-no-ctg' }, ms: 60_000 });
      expect(r.verdict, name).toBe(m.expected);
    }
  }, 300_000);
});
