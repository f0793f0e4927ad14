/**
 * Clause propagation, after each frame is cleared of bad states: a clause of level i moves to
 * i + 1 when F_i ∧ T implies it in the next state. Levels are visited bottom-up so that clauses
 * pushed into a level are tried again from there. A level left with no clauses of its own means
 * F_i = F_{i+1}: the frames above it form an inductive invariant.
 *
 * With counterexamples to propagation (rIC3's --ic3-ctp; Su et al., DAC 2024), a clause that fails
 * to move has a predecessor in F_i that steps into its cube; when that predecessor, lifted, is
 * itself relatively inductive to F_i, it is generalised and blocked at level i + 1, and the push
 * is tried again, a few times. Blocking it is sound for the same reason as blocking any
 * obligation. Relative to F_i, not F_{i-1}: a CTP clause that held only at level i would stay
 * there, and a level that keeps clauses never empties, so the run would not converge.
 *
 * A CTP clause that cannot itself be pushed blocks a state that a later step may still reach. A
 * clause that is part of no invariant can be pushed level by level this way, leaving such a clause
 * behind on every level, so that no level empties (`vgasim_imgfifo-p040` before latch
 * correspondence: frame 104 and 4,715 SAT calls, against frame 3 and 365 without CTPs). So a CTP
 * clause gets no CTPs of its own, and when one fails to move, the clause it was blocked for gets
 * no more (frame 16, 829 calls).
 *
 * A clause whose push failed is not asked about again while the state that stopped it is still in
 * F_i (frames.ts, `stillStopped`): the SAT call would fail the same way.
 */
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';
import type { PredecessorLifter } from './lift.js';
import type { Mic } from './mic.js';
import type { Lit } from '../../../formalisms/aig.js';

/** Counterexamples to propagation blocked per clause before it stays. */
const MAX_CTPS = 3;

/** Per run: which clause each CTP clause was blocked for, and the clauses that get no more CTPs. */
export class CtpLedger {
  private readonly servedBy = new WeakMap<readonly Lit[], readonly Lit[]>();
  private readonly refused = new WeakSet<readonly Lit[]>();

  blockedFor(ctpClause: readonly Lit[], cube: readonly Lit[]): void {
    this.servedBy.set(ctpClause, cube);
  }

  /** `cube` failed to move: if it is a CTP clause, the clause it was blocked for gets no more. */
  stays(cube: readonly Lit[]): void {
    const served = this.servedBy.get(cube);
    if (served) this.refused.add(served);
  }

  /** Whether `cube` may be pushed with CTPs: it is no CTP clause, nor a clause whose CTP clause stayed. */
  allows(cube: readonly Lit[]): boolean {
    return !this.servedBy.has(cube) && !this.refused.has(cube);
  }
}

/** Pushes the clauses of levels 1 .. k-1 forward; the first level that became empty, if any. */
export function propagate(ctx: Ic3Context, frames: Frames, lifter: PredecessorLifter, mic: Mic, ledger: CtpLedger, k: number): number | undefined {
  for (let i = 1; i < k; i++) {
    const stay = frames.pushUp(i, (cube) => {
      if (frames.stillStopped(cube, i)) {
        ctx.count('stillStopped');
        ledger.stays(cube);
        return false;
      }
      for (let ctps = 0; ; ctps++) {
        // Asked each time: blocking a CTP may have rebuilt the solver.
        const fs = frames.solverAt(i);
        if (!ctx.solve(fs.sat, frames.stepInto(fs, cube, i))) {
          if (ctps > 0) ctx.count('ctps');
          return true;
        }
        // read before a CTP's query reuses the solver
        const state = fs.state();
        const stays = () => { frames.stoppedBy(cube, i, state); ledger.stays(cube); return false; };
        if (!ctx.options.ctp || ctps === MAX_CTPS || !ledger.allows(cube)) return stays();
        const ctp = lifter.toCube({ state, inputs: fs.inputs() }, cube);
        if (ctx.meetsInit(ctp)) return stays();
        const ind = frames.relInd(ctp, i);
        if (!('core' in ind)) return stays();
        ledger.blockedFor(mic.blockCtp(ind.core, ctp, i + 1), cube);
      }
    });
    if (stay === 0) return i;
  }
  return undefined;
}
