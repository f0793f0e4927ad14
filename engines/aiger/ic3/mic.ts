/**
 * Generalisation of a blocked cube before its clause goes into the frames: MIC with counterexamples
 * to generalisation (Hassan, Bradley, Somenzi, FMCAD 2013). The cube is first shrunk to the
 * literals of the final conflict, then literals are dropped, least active first, while the cube
 * stays relatively inductive and misses the initial states. When a drop fails because of a
 * predecessor that is itself unreachable from the frame below (a CTG), that predecessor is blocked
 * first and the drop retried, a few times; otherwise the candidate is joined with the predecessor.
 * The clause is then pushed as far forward as it holds.
 *
 * Literal activity counts how often a latch literal took part in blocked cubes, so literals that
 * keep mattering are tried last.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';
import type { Lifter } from './lift.js';

/** CTGs blocked per literal-drop attempt before the candidate is joined with the predecessor. */
const MAX_CTGS = 3;
/** Generalisation depth up to which CTGs are looked for (1: only while generalising an obligation's cube). */
const MAX_CTG_DEPTH = 1;
/** Consecutive failed literal drops after which the generalisation of a CTG's cube stops. */
const CTG_MIC_ATTEMPTS = 3;

export class Mic {
  /** Per latch literal, its activity. */
  private readonly activity: Float64Array;
  private activityInc = 1;

  constructor(private readonly ctx: Ic3Context, private readonly frames: Frames, private readonly lifter: Lifter) {
    this.activity = new Float64Array(2 * (ctx.firstLatch + ctx.aig.latches.length));
  }

  /**
   * Blocks `cube`, relatively inductive to F_{level-1} with final-conflict literals `core`: the
   * generalised clause goes into the highest level up to the top frame where it still holds, which
   * is returned.
   */
  block(core: Lit[], cube: readonly Lit[], level: number): number {
    return this.blockAt(core, cube, level, 1);
  }

  private blockAt(core: Lit[], cube: readonly Lit[], level: number, depth: number): number {
    const c = this.mic(this.initSafe(core, cube), level - 1, depth);
    let lv = level;
    while (lv < this.ctx.counters.frame && 'core' in this.frames.relInd(c, lv)) lv++;
    this.frames.add(c, lv);
    this.bump(c);
    return lv;
  }

  private bump(cube: readonly Lit[]): void {
    for (const l of cube) this.activity[l]! += this.activityInc;
    this.activityInc *= 1 / 0.99;
    if (this.activityInc > 1e100) {
      for (let i = 0; i < this.activity.length; i++) this.activity[i]! *= 1e-100;
      this.activityInc *= 1e-100;
    }
  }

  /** The core of a blocked cube, with a literal of `cube` added back if the core met an initial state. */
  private initSafe(core: Lit[], cube: readonly Lit[], sort = true): Lit[] {
    if (!this.ctx.meetsInit(core)) return core;
    const keep = cube.find((l) => !this.ctx.meetsInit([l]))!;
    const out = [...core, keep];
    return sort ? out.sort((a, b) => a - b) : out;
  }

  /** Drops literals of `cube`, relatively inductive to F_rel, least active first; sorted. */
  private mic(cube: Lit[], rel: number, depth: number): Lit[] {
    const act = this.activity;
    cube = [...cube].sort((a, b) => act[a]! - act[b]!);
    const budget = depth > 1 ? CTG_MIC_ATTEMPTS : Infinity;
    let attempts = budget;
    for (let i = 0; i < cube.length && cube.length > 1;) {
      const cand = cube.filter((_, j) => j !== i);
      const r = this.down(cand, i, rel, depth);
      if (r) { cube = r; attempts = budget; }
      else if (--attempts === 0) break;
      else i++;
    }
    return cube.sort((a, b) => a - b);
  }

  /**
   * A subcube of `cube` relatively inductive to F_rel and free of initial states, keeping the
   * literals before `keepTo`; undefined when there is none to be found.
   */
  private down(cube: Lit[], keepTo: number, rel: number, depth: number): Lit[] | undefined {
    let ctgs = 0;
    for (;;) {
      if (this.ctx.meetsInit(cube)) return undefined;
      const ind = this.frames.relInd(cube, rel);
      if ('core' in ind) return this.initSafe(ind.core, cube, false);
      if (depth > MAX_CTG_DEPTH) return undefined;
      const pred = ind.predecessor;
      if (ctgs < MAX_CTGS && rel > 0) {
        // The predecessor, lifted to the latches that force the step into the candidate.
        const ctg = this.lifter.toCube(pred, cube);
        if (!this.ctx.meetsInit(ctg)) {
          const ctgInd = this.frames.relInd(ctg, rel - 1);
          if ('core' in ctgInd) {
            ctgs++;
            this.ctx.counters.ctgs = (this.ctx.counters.ctgs ?? 0) + 1;
            this.blockAt(ctgInd.core, ctg, rel, depth + 1);
            continue;
          }
        }
      }
      // Join: keep the literals of the candidate that the predecessor satisfies.
      ctgs = 0;
      const joined: Lit[] = [];
      for (let j = 0; j < cube.length; j++) {
        const l = cube[j]!;
        if ((pred.state[this.ctx.latchOf(l)]! ^ (l & 1)) === 1) joined.push(l);
        else if (j < keepTo) return undefined;
      }
      cube = joined;
    }
  }
}
