/**
 * Generalisation of a blocked cube before its clause goes into the frames: MIC with counterexamples
 * to generalisation (Hassan, Bradley, Somenzi, FMCAD 2013). The cube is first shrunk to the
 * literals of the final conflict, then literals are dropped, least active first, while the cube
 * stays relatively inductive and misses the initial states. When a drop fails because of a
 * predecessor that is itself unreachable from the frame below (a CTG), that predecessor is blocked
 * first and the drop retried, a few times; otherwise the candidate is joined with the predecessor
 * (with --ic3-join off the literal stays instead, as in ABC's pdr).
 * The clause is then pushed as far forward as it holds.
 *
 * Literal activity counts how often a latch literal took part in blocked cubes, so literals that
 * keep mattering are tried last.
 *
 * CTGs are an option (ABC's pdr drops literals without them by default): on pdtswvroz10x6p1 they
 * make clauses of 5 literals on average that hold at low levels but do not push, and IC3 does not
 * converge by frame 75; without them the clauses are a little longer and it converges at frame 56.
 *
 * Two options refine it. Dynamic generalisation (Su et al. 2025, rIC3's --ic3-dynamic): the CTG
 * effort is an argument, which block.ts raises for obligations that keep coming back. Parent lemmas
 * (Xia et al., CAV 2023): the lemma that blocked the obligation's successor is a hint for the shape
 * of this one, so the cube is first cut down to the literals it shares with that lemma, and those
 * literals are tried last.
 */
import type { Lit } from '../../../formalisms/aig.js';
import type { Ic3Context } from './context.js';
import type { Frames } from './frames.js';
import type { PredecessorLifter } from './lift.js';

/** How hard generalisation tries: CTGs blocked per literal-drop attempt before the candidate is joined with the predecessor, and the generalisation depth up to which CTGs are looked for (1: only while generalising an obligation's cube). */
interface Effort {
  readonly maxCtgs: number;
  readonly maxDepth: number;
}

/** The fixed effort. */
export const DEFAULT_EFFORT: Effort = { maxCtgs: 3, maxDepth: 1 };

/** Dynamic generalisation: the effort for an obligation that came back `act` times. */
export function dynamicEffort(act: number): Effort {
  if (act < 10) return DEFAULT_EFFORT;
  if (act < 40) return { maxCtgs: 5, maxDepth: 2 };
  return { maxCtgs: 7, maxDepth: 3 };
}

/** Consecutive failed literal drops after which the generalisation of a CTG's cube stops. */
const CTG_MIC_ATTEMPTS = 3;

/**
 * Literal drops a CTP's cube is given in all. A lifted CTP can hold most of the latches, nearly all
 * of them droppable, so that the failed-drop limit alone never ends its generalisation: on
 * `Problem02_label10` (229 latches) 7 CTPs took 1,357 of the run's 1,631 SAT calls. 20 changes 9 of
 * the 96 HWMCC'24 and development circuits (docs/bench/hwmcc/ic3.md), 10 changes 20 and costs more.
 */
const CTP_DROPS = 20;

export class Mic {
  /** Per latch literal, its activity. */
  private readonly activity: Float64Array;
  private activityInc = 1;

  constructor(private readonly ctx: Ic3Context, private readonly frames: Frames, private readonly lifter: PredecessorLifter) {
    this.activity = new Float64Array(2 * (ctx.firstLatch + ctx.aig.latches.length));
  }

  /**
   * Blocks `cube`, relatively inductive to F_{level-1} with final-conflict literals `core`: the
   * generalised clause goes into the highest level up to the top frame where it still holds; that
   * level and the clause's cube are returned. `parent`: the parent lemma's cube, if any.
   */
  block(core: Lit[], cube: readonly Lit[], level: number, effort = DEFAULT_EFFORT, parent?: readonly Lit[]): { level: number; cube: Lit[] } {
    return this.blockAt(core, cube, level, 1, effort, parent);
  }

  /**
   * Blocks a counterexample to propagation, relatively inductive to F_{level-1}, at `level`:
   * generalised as a CTG's cube is (no CTGs of its own, a few failed drops), in CTP_DROPS drops at
   * most, and not pushed (the propagation of the next level will try). Its clause is returned.
   */
  blockCtp(core: Lit[], cube: readonly Lit[], level: number): readonly Lit[] {
    const c = this.mic(this.initSafe(core, cube), level - 1, 2, DEFAULT_EFFORT, undefined, CTP_DROPS);
    this.frames.add(c, level);
    this.bump(c);
    return c;
  }

  private blockAt(core: Lit[], cube: readonly Lit[], level: number, depth: number, effort: Effort, parent?: readonly Lit[]): { level: number; cube: Lit[] } {
    let start = this.initSafe(core, cube);
    if (parent) start = this.towardsParent(start, parent, level - 1);
    const c = this.mic(start, level - 1, depth, effort, parent);
    let lv = level;
    while (lv < this.ctx.counters.frame && 'core' in this.frames.relIndKept(c, lv)) lv++;
    this.frames.add(c, lv);
    this.bump(c);
    return { level: lv, cube: c };
  }

  /** The literals of `cube` that the parent lemma has too, if that subcube is relatively inductive to F_rel; else `cube`. */
  private towardsParent(cube: Lit[], parent: readonly Lit[], rel: number): Lit[] {
    const inParent = new Set(parent);
    const shared = cube.filter((l) => inParent.has(l));
    if (shared.length === 0 || shared.length === cube.length || this.ctx.meetsInit(shared)) return cube;
    const ind = this.frames.relInd(shared, rel);
    if (!('core' in ind)) return cube;
    this.ctx.count('parentHits');
    return this.initSafe(ind.core, shared);
  }

  private bump(cube: readonly Lit[]): void {
    for (let i = 0; i < cube.length; i++) this.activity[cube[i]!]! += this.activityInc;
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

  /** Drops literals of `cube`, relatively inductive to F_rel, least active first (the parent lemma's last), trying at most `maxDrops`; sorted. */
  private mic(cube: Lit[], rel: number, depth: number, effort: Effort, parent?: readonly Lit[], maxDrops = Infinity): Lit[] {
    const act = this.activity;
    const inParent = new Set(parent);
    const key = (l: Lit) => (inParent.has(l) ? 1 : 0);
    cube = [...cube].sort((a, b) => key(a) - key(b) || act[a]! - act[b]!);
    const budget = depth > 1 ? CTG_MIC_ATTEMPTS : Infinity;
    let attempts = budget;
    for (let i = 0, drops = 0; i < cube.length && cube.length > 1 && drops++ < maxDrops;) {
      const cand = cube.filter((_, j) => j !== i);
      const r = this.down(cand, i, rel, depth, effort);
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
  private down(cube: Lit[], keepTo: number, rel: number, depth: number, effort: Effort): Lit[] | undefined {
    let ctgs = 0;
    for (;;) {
      if (this.ctx.meetsInit(cube)) return undefined;
      // the whole predecessor only for a CTG's lifting; a join reads it on the candidate alone
      const lifts = this.ctx.options.ctg && ctgs < effort.maxCtgs && rel > 0 && depth <= effort.maxDepth;
      const ind = lifts ? this.frames.relInd(cube, rel) : this.frames.relIndKept(cube, rel);
      if ('core' in ind) return this.initSafe(ind.core, cube, false);
      if (depth > effort.maxDepth) return undefined;
      if ('predecessor' in ind) {
        // The predecessor, lifted to the latches that force the step into the candidate.
        const ctg = this.lifter.toCube(ind.predecessor, cube);
        if (!this.ctx.meetsInit(ctg)) {
          const ctgInd = this.frames.relInd(ctg, rel - 1);
          if ('core' in ctgInd) {
            ctgs++;
            this.ctx.count('ctgs');
            this.blockAt(ctgInd.core, ctg, rel, depth + 1, effort);
            continue;
          }
        }
      }
      // Join: keep the literals of the candidate that the predecessor satisfies.
      if (!this.ctx.options.join) return undefined;
      ctgs = 0;
      const joined = 'kept' in ind ? ind.kept : cube.filter((l) => (ind.predecessor.state[this.ctx.latchOf(l)]! ^ (l & 1)) === 1);
      // the literals before keepTo must all stay: joined is a subsequence of the cube
      if (keepTo > 0 && joined[keepTo - 1] !== cube[keepTo - 1]) return undefined;
      cube = joined;
    }
  }
}
