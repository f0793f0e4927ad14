/**
 * Generalisation of a blocked abstract cube before its lemma goes into the frames (MIC, Bradley
 * 2011, on predicate literals as IC3IA does): the cube is first shrunk to the literals in the
 * unsat core of its relative-induction query, then literals are dropped, least active first, while
 * the cube stays relatively inductive and misses the initial states. The location is never
 * dropped: lemmas are per location. The lemma is then pushed as far forward as it holds.
 *
 * Literal activity counts how often a predicate literal took part in blocked cubes, so literals
 * that keep mattering are tried last.
 */
import type { Literal } from './abstraction.js';
import type { Ic3iaContext } from './context.js';
import type { Cube, Frames } from './frames.js';
import { dropLiterals } from '../drop-literals.js';

export class Mic {
  /** Per literal (by expression id), its activity. */
  private readonly activity = new Map<number, number>();
  private activityInc = 1;

  constructor(private readonly ctx: Ic3iaContext, private readonly frames: Frames) {}

  /**
   * Blocks `cube`, relatively inductive to F_{level-1} with core literals `core`: the generalised
   * lemma goes into the highest level up to the top frame where it still holds, which is returned.
   */
  block(core: Literal[], cube: Cube, level: number): number {
    const c = this.mic(this.initSafe(core, cube), level - 1);
    let lv = level;
    while (lv < this.frames.top && 'core' in this.frames.relInd(c, lv)) lv++;
    this.frames.add(c, lv);
    this.bump(c.lits);
    return lv;
  }

  private act(l: Literal): number {
    return this.activity.get(l.id) ?? 0;
  }

  private bump(lits: readonly Literal[]): void {
    for (const l of lits) this.activity.set(l.id, this.act(l) + this.activityInc);
    this.activityInc *= 1 / 0.99;
    if (this.activityInc > 1e100) {
      for (const [k, v] of this.activity) this.activity.set(k, v * 1e-100);
      this.activityInc *= 1e-100;
    }
  }

  /** The cube shrunk to `core`, unless that meets an initial state (then the cube itself, which does not). */
  private initSafe(core: Literal[], cube: Cube): Cube {
    if (core.length === cube.lits.length) return cube;
    const shrunk = { loc: cube.loc, lits: core };
    return this.frames.meetsInit(shrunk) ? cube : shrunk;
  }

  /** Drops literals of `cube`, relatively inductive to F_rel, least active first. */
  private mic(cube: Cube, rel: number): Cube {
    const sorted = [...cube.lits].sort((a, b) => this.act(a) - this.act(b));
    const lits = dropLiterals(sorted, (smaller) => {
      this.ctx.checkDeadline();
      const cand = { loc: cube.loc, lits: smaller };
      const ind = this.frames.meetsInit(cand) ? undefined : this.frames.relInd(cand, rel);
      return ind && 'core' in ind ? this.initSafe(ind.core, cand).lits : undefined;
    });
    return { loc: cube.loc, lits };
  }
}
