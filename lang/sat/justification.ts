/**
 * Decisions by justification, as circuit SAT solvers make them. A variable defined as a gate over
 * others (an n-ary AND, a multiplexer) is decided only when an assigned gate needs it: a false AND
 * needs one false input, a multiplexer its selector (propagation then sets the selected input)
 * unless both data inputs already agree with it; a true AND needs nothing, its clauses set every
 * input with it. The caller has the other variables of its clauses decided as usual (the solver's
 * `mustDecide`). When those are assigned and every assigned gate has its reason, the partial
 * assignment is a model in all but name: give the unassigned variables any values and evaluate the
 * gates, and each assigned gate comes out as assigned (by induction over its reason), while every
 * clause that is not a definition keeps its true literal.
 *
 * An IC3 query on a transition relation then decides the latches its lemmas and its cube hold and
 * the inputs and gates that justify its assumptions, not its whole cone (rIC3's domain): on `gen35`
 * the cone took 1,150 decisions per query.
 *
 * The frontier is a position in the trail, before which every gate has its reason. A backtrack
 * moves it back to the first gate whose reason it undid: a gate whose reason is from a higher level
 * than its own is noted with that level.
 */
import { IntList } from '../int-list.js';
import { resized } from './resized.js';

/** A gate that is the AND of its inputs. */
export const GATE_AND = 1;
/** A gate `ITE(s, t, e)`, its inputs given as `[s, t, e]`. */
export const GATE_ITE = 2;

export class Justification {
  /** Per variable: how it is defined, 0 if it is not. */
  private kind = new Uint8Array(0);
  /** Per variable: where its inputs (internal literals) start and end in `inputs`. */
  private start = new Int32Array(0);
  private end = new Int32Array(0);
  private inputs = new Int32Array(256);
  private used = 0;
  /** Trail positions before `head` hold literals whose gates, if any, have their reasons. */
  private head = 0;
  /** Gates justified from a higher level than their own: their trail positions and the reasons' levels. */
  private readonly fragileAt = new IntList();
  private readonly fragileLevel = new IntList();

  grow(cap: number): void {
    this.kind = resized(this.kind, cap);
    this.start = resized(this.start, cap);
    this.end = resized(this.end, cap);
  }

  /** Records that variable `v` is a gate of `kind` over the internal literals `lits`. */
  define(v: number, kind: number, lits: ArrayLike<number>, size = lits.length): void {
    if (this.used + size > this.inputs.length) this.inputs = resized(this.inputs, 2 * (this.used + size));
    this.kind[v] = kind;
    this.start[v] = this.used;
    for (let i = 0; i < size; i++) this.inputs[this.used++] = lits[i]!;
    this.end[v] = this.used;
  }

  /** After the trail was cut to `trailSize` at `level`: the gates whose reasons went are looked at again. */
  backtrack(level: number, trailSize: number): void {
    if (this.head > trailSize) this.head = trailSize;
    const at = this.fragileAt;
    const lv = this.fragileLevel;
    let j = 0;
    for (let i = 0; i < at.size; i++) {
      const p = at.data[i]!;
      if (p >= trailSize) continue;
      if (lv.data[i]! > level) { if (p < this.head) this.head = p; continue; }
      at.data[j] = p;
      lv.data[j++] = lv.data[i]!;
    }
    at.truncate(j);
    lv.truncate(j);
  }

  /**
   * The next decision the frontier needs (an internal literal), or 0 when every assigned gate has
   * its reason. A false AND gets the input that its saved phase makes false, else its most active
   * one, made false; a multiplexer's selector its saved phase.
   */
  next(trail: Int32Array, trailSize: number, val: Int8Array, level: Int32Array, domain: Uint8Array, activity: (v: number) => number, phase: Int8Array): number {
    const kind = this.kind;
    const inputs = this.inputs;
    for (; this.head < trailSize; this.head++) {
      const lit = trail[this.head]!;
      const v = lit >> 1;
      const k = kind[v]!;
      // a gate outside the domain (set at level 0) needs no reason: any assignment of the domain extends
      if (k === 0 || domain[v] === 0) continue;
      const from = this.start[v]!;
      const to = this.end[v]!;
      let reasonLevel: number;
      if (k === GATE_AND) {
        if ((lit & 1) === 0) continue; // a true AND: its inputs were set with it
        reasonLevel = -1;
        let pick = 0;
        let best = -1;
        const own = level[v]!;
        for (let i = from; i < to; i++) {
          const l = inputs[i]!;
          const x = val[l]!;
          if (x < 0) {
            const lvl = level[l >> 1]!;
            if (reasonLevel < 0 || lvl < reasonLevel) reasonLevel = lvl;
            // a reason from the gate's own level or below makes it no fragile gate: the rest cannot change that
            if (lvl <= own) break;
          } else if (x === 0 && reasonLevel < 0) {
            // an input whose saved phase makes it false first, then the most active
            const a = activity(l >> 1) + (phase[l >> 1] === (l & 1) ? 1e300 : 0);
            if (a > best) { best = a; pick = l ^ 1; }
          }
        }
        if (reasonLevel < 0) {
          if (pick === 0) throw new Error('justification: a false AND has no input left but propagation did not say so');
          return pick;
        }
      } else {
        const s = inputs[from]!;
        if (val[s] !== 0) {
          reasonLevel = level[s >> 1]!;
        } else {
          // both data inputs agree with the gate: the selector does not matter
          const flip = lit & 1; // the gate's literal on the trail is its negation
          const t = inputs[from + 1]! ^ flip;
          const e = inputs[from + 2]! ^ flip;
          if (val[t]! <= 0 || val[e]! <= 0) return phase[s >> 1] ? s & ~1 : s | 1;
          reasonLevel = Math.max(level[t >> 1]!, level[e >> 1]!);
        }
      }
      if (reasonLevel > level[v]!) {
        this.fragileAt.push(this.head);
        this.fragileLevel.push(reasonLevel);
      }
    }
    return 0;
  }
}
