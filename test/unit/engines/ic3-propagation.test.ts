/**
 * IC3's propagation skips the SAT call of a clause whose last push failed while the state that
 * stopped it is still in the frame (engines/aiger/ic3/frames.ts). The frames' log on a two-latch
 * circuit: which cubes take the state away, at which levels. And on corpus circuits, every push
 * skipped is asked of the SAT solver all the same and must fail, and the verdicts stay the
 * manifest's, certified. Counterexamples to propagation: the ledger that stops them for a clause
 * whose CTP clause stays, and the circuit on which pushing without that stop did not converge.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lit } from '../../../formalisms/aig.js';
import { Ic3Context } from '../../../engines/aiger/ic3/context.js';
import { Frames } from '../../../engines/aiger/ic3/frames.js';
import { CtpLedger } from '../../../engines/aiger/ic3/propagate.js';
import { manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

/** Two latches a, b (reset 0) that an input sets; bad when both are 1. */
async function twoLatches(): Promise<Frames> {
  const file = join(mkdtempSync(join(tmpdir(), 'vigil-push-')), 'two.aag');
  writeFileSync(file, 'aag 4 1 2 0 1 1\n2\n4 2\n6 2\n8\n8 4 6\n');
  const problem = await load(file);
  const ctx = new Ic3Context(problem.task(problem.properties[0]!).circuit!, {});
  const frames = new Frames(ctx);
  for (let i = 0; i < 3; i++) frames.newFrame();
  return frames;
}

// latch literals: a is variable 2, b variable 3
const A = 4, NOT_A = 5, B = 6, NOT_B = 7;
/** The state a = 1, b = 0. */
const STATE = Uint8Array.of(1, 0);

describe('a clause still stopped by its last state', () => {
  it('stays stopped until a cube holding the state enters its level', async () => {
    const frames = await twoLatches();
    const clause: Lit[] = [NOT_A, B];
    frames.add(clause, 2);
    frames.stoppedBy(clause, 2, STATE);
    expect(frames.stillStopped(clause, 2)).toBe(true);
    // not at another level
    expect(frames.stillStopped(clause, 1)).toBe(false);
    // a cube that misses the state, or enters only the levels below
    frames.add([NOT_A], 3);
    frames.add([A, NOT_B], 1);
    expect(frames.stillStopped(clause, 2)).toBe(true);
    // blocked at level 3, the cube holding the state lies in F_2 too
    frames.add([A], 3);
    expect(frames.stillStopped(clause, 2)).toBe(false);
    // the state is forgotten: asked again, the push is not known to fail
    expect(frames.stillStopped(clause, 2)).toBe(false);
  });

  it('a cube pushed into the level takes the state away, one pushed above it does not', async () => {
    const frames = await twoLatches();
    const stopped: Lit[] = [NOT_A, B];
    const low: Lit[] = [A, NOT_B];
    const high: Lit[] = [A];
    frames.add(stopped, 2);
    // `high` first: added after it, it would subsume `low`
    frames.add(high, 2);
    frames.add(low, 1);
    frames.stoppedBy(stopped, 2, STATE);
    // `high` moves from level 2 to 3: it was in F_2 already
    frames.pushUp(2, (cube) => cube === high);
    expect(frames.stillStopped(stopped, 2)).toBe(true);
    // `low` moves from level 1 into level 2, and it holds the state
    frames.pushUp(1, (cube) => cube === low);
    expect(frames.stillStopped(stopped, 2)).toBe(false);
  });
});

describe('propagation with stopped clauses on corpus circuits', () => {
  const stillStopped = Frames.prototype.stillStopped;
  afterEach(() => { Frames.prototype.stillStopped = stillStopped; });

  it('skips only pushes that fail, and the verdicts are the expected ones, certified', async () => {
    let skipped = 0;
    // each skipped push asked of the frame's solver all the same: its successor must step into the cube
    Frames.prototype.stillStopped = function (this: Frames, cube: readonly Lit[], level: number): boolean {
      const known = stillStopped.call(this, cube, level);
      if (known) {
        skipped++;
        const fs = this.solverAt(level);
        expect(fs.sat.solve(cube.map((l) => fs.nextLit(l)))).toBe(true);
      }
      return known;
    };
    const circuits = ['split-marlann_compute_cp_fail2-p1b0', 'split-s3_srvr_1b.cilb0', 'split-vgasim_imgfifo-p061b0', 'split-fib_37b0'];
    for (const name of circuits) {
      const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes(name))!;
      for (const settings of [{ 'ic3-ctg': 'off' }, { 'ic3-ctp': 'on' }] as Record<string, string>[]) {
        const r = await checkWith('ic3', await load(m.file), { settings, ms: 60_000 });
        expect(r.verdict, `${m.path} ${JSON.stringify(settings)}`).toBe(m.expected);
      }
    }
    expect(skipped).toBeGreaterThan(0);
  }, 300_000);
});

describe('counterexamples to propagation', () => {
  it('a CTP clause gets none of its own, and once it stays, the clause it was blocked for gets none either', () => {
    const ledger = new CtpLedger();
    const clause: Lit[] = [NOT_A, B];
    const ctpClause: Lit[] = [A];
    const other: Lit[] = [NOT_B];
    ledger.blockedFor(ctpClause, clause);
    expect(ledger.allows(clause)).toBe(true);
    expect(ledger.allows(ctpClause)).toBe(false);
    // a clause that is no CTP clause staying changes nothing
    ledger.stays(other);
    expect(ledger.allows(clause)).toBe(true);
    ledger.stays(ctpClause);
    expect(ledger.allows(clause)).toBe(false);
    expect(ledger.allows(other)).toBe(true);
  });

  it('converges where CTP clauses left behind on every level kept each level from emptying', async () => {
    // without latch correspondence, CTPs pushed one clause level by level to frame 104 (4,715 SAT calls; 3 without CTPs)
    const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes('split-vgasim_imgfifo-p040b0'))!;
    const r = await checkWith('ic3', await load(m.file), { settings: { 'ic3-ctg': 'off', 'ic3-ctp': 'on', lcorr: 'off' }, ms: 60_000 });
    expect(r.verdict).toBe(m.expected);
    expect(r.stats.frame).toBeLessThanOrEqual(20);
  }, 120_000);

  it('gives a CTP cube a bounded number of literal drops', async () => {
    // its CTP cubes hold most of the 229 latches: 7 CTPs took 1,357 of 1,631 SAT calls (now 529 in all)
    const m = manifest().find((x) => x.formalism === 'aiger' && x.path.includes('split-Problem02_label10b0'))!;
    const r = await checkWith('ic3', await load(m.file), { settings: { 'ic3-ctg': 'off', 'ic3-ctp': 'on' }, ms: 60_000 });
    expect(r.verdict).toBe(m.expected);
    expect(r.stats.satCalls).toBeLessThan(800);
  }, 120_000);
});
