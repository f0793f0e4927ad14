/**
 * Decisions by justification, as circuit SAT solvers make them. A variable defined as a gate over
 * others (an n-ary AND, a multiplexer, a cell of up to four inputs) is decided only when an assigned
 * gate needs it: a false AND needs one false input, a multiplexer its selector (propagation then
 * sets the selected input) unless both data inputs already agree with it; a true AND needs
 * nothing, its clauses set every input with it. A cell needs inputs assigned until every
 * assignment of the rest gives it its value: it gets the input and value that leave the fewest
 * assignments giving the other value. The caller has the other variables of its clauses decided as usual (the solver's
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
import { FULL, popcount, VAR } from './truth-table.js';

/** A gate that is the AND of its inputs. */
export const GATE_AND = 1;
/** A gate `ITE(s, t, e)`, its inputs given as `[s, t, e]`. */
export const GATE_ITE = 2;
/** A cell: a function of up to four inputs given by its truth table (truth-table.ts). */
export const GATE_CELL = 3;

export class Justification {
  /** Per variable: how it is defined, 0 if it is not. */
  private kind = new Uint8Array(0);
  /** Per variable: where its inputs (internal literals) start and end in `inputs`. */
  private start = new Int32Array(0);
  private end = new Int32Array(0);
  private inputs = new Int32Array(256);
  private used = 0;
  /** Per cell: its truth table. */
  private table = new Uint16Array(0);
  /** Trail positions before `head` hold literals whose gates, if any, have their reasons. */
  private head = 0;
  /** Gates justified from a higher level than their own: their trail positions and the reasons' levels. */
  private readonly fragileAt = new IntList();
  private readonly fragileLevel = new IntList();

  grow(cap: number): void {
    this.kind = resized(this.kind, cap);
    this.start = resized(this.start, cap);
    this.end = resized(this.end, cap);
    this.table = resized(this.table, cap);
  }

  /** Records that variable `v` is a gate of `kind` over the internal literals `lits` (a cell's with its truth table). */
  define(v: number, kind: number, lits: ArrayLike<number>, size = lits.length, table = 0): void {
    if (this.used + size > this.inputs.length) this.inputs = resized(this.inputs, 2 * (this.used + size));
    this.kind[v] = kind;
    this.table[v] = table;
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
      } else if (k === GATE_ITE) {
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
      } else {
        // the assignments of the inputs that agree with the assigned ones, and those of them where
        // the cell has the other value
        const wrong = lit & 1 ? this.table[v]! : ~this.table[v]! & FULL;
        const agree = this.agreeing(from, to, val, level, Infinity);
        if ((agree & wrong) !== 0) return this.cellDecision(from, to, val, agree, wrong, activity, phase);
        reasonLevel = this.cellReasonLevel(from, to, val, level, wrong);
      }
      if (reasonLevel > level[v]!) {
        this.fragileAt.push(this.head);
        this.fragileLevel.push(reasonLevel);
      }
    }
    return 0;
  }

  /**
   * The level of a cell's reason: the lowest level whose assigned inputs, with those below it,
   * leave the cell no assignment with the other value (`wrong`). The highest level among all its
   * assigned inputs would be safe too, but it notes gates as fragile that are not, and every
   * backtrack walks the list of fragile gates.
   */
  private cellReasonLevel(from: number, to: number, val: Int8Array, level: Int32Array, wrong: number): number {
    let below = -1;
    for (;;) {
      let next = Infinity;
      for (let i = from; i < to; i++) {
        const l = this.inputs[i]!;
        if (val[l] === 0) continue;
        const lv = level[l >> 1]!;
        if (lv > below && lv < next) next = lv;
      }
      // past the highest level the assigned inputs fix the cell (the caller checked): not reached
      if (next === Infinity) return Math.max(below, 0);
      if ((this.agreeing(from, to, val, level, next) & wrong) === 0) return next;
      below = next;
    }
  }

  /** The assignments of a cell's inputs that agree with those assigned at level `upTo` or below. */
  private agreeing(from: number, to: number, val: Int8Array, level: Int32Array, upTo: number): number {
    let agree = FULL;
    for (let i = from; i < to; i++) {
      const l = this.inputs[i]!;
      const x = val[l]!;
      if (x !== 0 && level[l >> 1]! <= upTo) agree &= x > 0 ? VAR[i - from]! : ~VAR[i - from]!;
    }
    return agree;
  }

  /**
   * The decision for a cell whose assigned inputs leave it the wrong value somewhere (`agree` and
   * `wrong` as in `next`): the unassigned input and value that leave the fewest such assignments
   * and some right one, ties to the saved phase and then the most active.
   */
  private cellDecision(from: number, to: number, val: Int8Array, agree: number, wrong: number, activity: (v: number) => number, phase: Int8Array): number {
    let pick = 0;
    let fewest = Infinity;
    let best = -1;
    for (let i = from; i < to; i++) {
      const l = this.inputs[i]!;
      if (val[l] !== 0) continue;
      for (let value = 0; value < 2; value++) {
        const left = agree & (value ? VAR[i - from]! : ~VAR[i - from]!);
        // no right assignment left: a conflict, which propagation finds once the rest are assigned
        const n = (left & ~wrong & FULL) === 0 ? 32 : popcount(left & wrong);
        const a = activity(l >> 1) + (phase[l >> 1] === (value ? (l & 1) ^ 1 : l & 1) ? 1e300 : 0);
        if (n < fewest || (n === fewest && a > best)) { fewest = n; best = a; pick = value ? l : l ^ 1; }
      }
    }
    if (pick === 0) throw new Error('justification: a cell has no input left but propagation did not say so');
    return pick;
  }
}
