/**
 * The VSIDS order of the SAT solver: each variable's activity, bumped when it takes part in a
 * conflict and decayed by growing the bump, and binary max-heaps of variables by activity from
 * which the solver picks its next decision. Kept apart from the solver because it is a data
 * structure with its own invariant (`index` and `heap` are inverse permutations) that the search
 * only bumps, refills and pops.
 *
 * A call may restrict its decisions to a set of variables (the cone of an IC3 query, as rIC3's
 * solver does): a second heap then holds just those, and pops come from it. The main heap keeps
 * its variables (nothing is popped from it meanwhile), so it still holds every unassigned variable
 * when the restriction ends, and is put back in order when next used.
 */
import { IntList } from '../int-list.js';
import { resized } from './resized.js';

const VAR_DECAY = 0.95;

/**
 * A max-heap of variables keyed by an activity array owned by its `VarHeap`. Each position keeps a
 * copy of its variable's activity in `key`, kept equal to it (bumps go through `up`, rescaling
 * through `scale`) or read afresh by `rebuild` after the VarHeap let it lapse (`stale`): the sift
 * loops then compare along the heap instead of loading each variable's activity at random. IC3's
 * queries pop every variable that propagation assigned ahead of the next decision (2.2 million such
 * pops against 1.3 million decisions on `gen35`); the search is the same, and IC3 alone took 2 %
 * less CPU on 41 circuits (README).
 */
class Heap {
  heap = new Int32Array(0);
  /** Per position: the activity of the variable there. */
  key = new Float64Array(0);
  /** Per variable: its position in `heap`, -1 when not in it. */
  index = new Int32Array(0);
  size = 0;

  grow(cap: number): void {
    this.heap = resized(this.heap, cap);
    this.key = resized(this.key, cap);
    this.index = resized(this.index, cap, -1);
  }

  insert(v: number, act: Float64Array): void {
    this.heap[this.size] = v;
    this.index[v] = this.size;
    this.up(this.size++, act);
  }

  /** Multiplies every key by `f`, as the activities were. */
  scale(f: number): void {
    for (let i = 0; i < this.size; i++) this.key[i]! *= f;
  }

  /** Removes and returns the most active variable; the heap must not be empty. */
  pop(): number {
    const heap = this.heap;
    const top = heap[0]!;
    this.index[top] = -1;
    const last = --this.size;
    if (last > 0) {
      heap[0] = heap[last]!;
      this.key[0] = this.key[last]!;
      this.down(0);
    }
    return top;
  }

  down(i: number): void {
    const heap = this.heap;
    const key = this.key;
    const index = this.index;
    const size = this.size;
    const v = heap[i]!;
    const k = key[i]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && key[child + 1]! > key[child]!) child++;
      if (key[child]! <= k) break;
      heap[i] = heap[child]!;
      key[i] = key[child]!;
      index[heap[i]!] = i;
      i = child;
    }
    heap[i] = v;
    key[i] = k;
    index[v] = i;
  }

  /** Puts `vars[from..to)` (none of them in the heap) in at once, in linear time (Floyd's heap construction). */
  fill(vars: Int32Array, from: number, to: number, act: Float64Array): void {
    for (let i = from; i < to; i++) {
      const v = vars[i]!;
      this.heap[this.size] = v;
      this.key[this.size] = act[v]!;
      this.index[v] = this.size++;
    }
    this.heapify();
  }

  /** Restores the order after the activities changed behind its back: each key read afresh, then Floyd's construction. */
  rebuild(act: Float64Array): void {
    for (let i = 0; i < this.size; i++) this.key[i] = act[this.heap[i]!]!;
    this.heapify();
  }

  /** Floyd's construction over the whole array, in linear time. */
  private heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** Removes every variable. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.index[this.heap[i]!] = -1;
    this.size = 0;
  }

  /** Moves the variable at position `i` up to where its activity (read afresh: it may have been bumped) belongs. */
  up(i: number, act: Float64Array): void {
    const heap = this.heap;
    const key = this.key;
    const v = heap[i]!;
    const k = act[v]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (key[parent]! >= k) break;
      const u = heap[parent]!;
      heap[i] = u;
      key[i] = key[parent]!;
      this.index[u] = i;
      i = parent;
    }
    heap[i] = v;
    key[i] = k;
    this.index[v] = i;
  }
}

export class VarHeap {
  /** Per variable: its activity. */
  private activity = new Float64Array(0);
  /** The bump, in a Float64Array: a field first given the integer 1 would change this object's hidden class at its first fraction (see ZERO_MS in lang/clock.ts). */
  private readonly inc = new Float64Array([1]);
  private vars = 0;
  private readonly all = new Heap();
  /** While a call's decisions are restricted: the allowed variables not yet decided. */
  private readonly allowed = new Heap();
  private inAllowed = new Uint8Array(0);
  /** Per variable: 1 while the call's decisions are restricted and it is among the allowed ones. */
  get allowedMask(): Uint8Array { return this.inAllowed; }
  private readonly allowedVars = new IntList();
  private restricted = false;
  /**
   * Per variable: 1 if a restriction that decides by justification must decide it (see
   * `restrict`); its other variables are still allowed (propagation reaches them) but stay out of
   * its heap, left to justification.
   */
  private decidable = new Uint8Array(0);
  /** Whether the restriction's heap holds only its decidable variables. */
  private filtered = false;
  /**
   * Whether the main heap's order is out of date: while a restriction holds, bumps move the
   * variables in its heap only, and the main heap is put in order when next used. An IC3 frame
   * solver restricts every query, so its main heap would otherwise be kept in order for nothing, at
   * a sift per bumped variable.
   */
  private stale = false;

  get empty(): boolean { return (this.restricted ? this.allowed : this.all).size === 0; }

  /** Makes room for variables below `cap`, keeping the ones there are. */
  grow(cap: number): void {
    this.activity = resized(this.activity, cap);
    this.inAllowed = resized(this.inAllowed, cap);
    this.decidable = resized(this.decidable, cap);
    this.all.grow(cap);
    this.allowed.grow(cap);
  }

  /** Adds the new variable `v`, with no activity. */
  add(v: number): void {
    this.vars = v;
    this.activity[v] = 0;
    this.all.insert(v, this.activity);
  }

  /** Puts `v` back after it was unassigned, unless it is still in the heap. */
  restore(v: number): void {
    if (this.all.index[v]! < 0) this.all.insert(v, this.activity);
    if (this.restricted && this.inAllowed[v] && this.allowed.index[v]! < 0 && (!this.filtered || this.decidable[v])) this.allowed.insert(v, this.activity);
  }

  /** Marks `v` as a variable a restriction that decides by justification must decide, from now on. */
  markDecidable(v: number): void {
    if (this.decidable[v]) return;
    this.decidable[v] = 1;
    if (this.restricted && this.filtered && this.inAllowed[v] && this.allowed.index[v]! < 0) this.allowed.insert(v, this.activity);
  }

  /** Raises the activity of `v`, rescaling all of them before they overflow. */
  bump(v: number): void {
    const act = this.activity;
    if ((act[v]! += this.inc[0]!) > 1e100) {
      for (let u = 1; u <= this.vars; u++) act[u]! *= 1e-100;
      this.all.scale(1e-100);
      this.allowed.scale(1e-100);
      this.inc[0]! *= 1e-100;
    }
    if (this.restricted) {
      this.stale = true;
      if (this.allowed.index[v]! >= 0) this.allowed.up(this.allowed.index[v]!, act);
    } else {
      if (this.stale) this.refresh();
      if (this.all.index[v]! >= 0) this.all.up(this.all.index[v]!, act);
    }
  }

  /** After a conflict: later bumps weigh more, which ages the earlier ones. */
  decay(): void {
    this.inc[0]! /= VAR_DECAY;
  }

  /** The most active variable (among the allowed ones while restricted), left in; the heap must not be empty. */
  top(): number {
    if (this.restricted) return this.allowed.heap[0]!;
    if (this.stale) this.refresh();
    return this.all.heap[0]!;
  }

  /** The activity of `v`. */
  activityOf(v: number): number {
    return this.activity[v]!;
  }

  /** Removes and returns the most active variable (among the allowed ones while restricted); the heap must not be empty. */
  pop(): number {
    if (this.restricted) return this.allowed.pop();
    if (this.stale) this.refresh();
    return this.all.pop();
  }

  /** Puts the main heap back in order (see `stale`). */
  private refresh(): void {
    this.all.rebuild(this.activity);
    this.stale = false;
  }

  /**
   * From now on, pops only variables of `vars` and of the restrictions since the last `unrestrict`;
   * a value of `vars` that is not a variable is returned instead, and the restriction then holds
   * the variables before it. The check costs a comparison per variable: it runs on every IC3 query.
   * `filtered` (taken from the first restriction after `unrestrict`): only the decidable ones are
   * popped, the others being left to justification, until `unfilter`.
   */
  restrict(vars: ArrayLike<number>, filtered = false): number | undefined {
    if (!this.restricted) this.filtered = filtered;
    this.restricted = true;
    const allowedVars = this.allowedVars;
    const from = allowedVars.size;
    const last = this.vars;
    let wrong: number | undefined;
    for (let i = 0; i < vars.length; i++) {
      const v = vars[i]!;
      // also false for NaN and non-numbers; a fraction fails the typed array's lookup below
      if (!(v >= 1 && v <= last) || this.inAllowed[v] === undefined) { wrong = v; break; }
      if (this.inAllowed[v]) continue;
      this.inAllowed[v] = 1;
      allowedVars.push(v);
    }
    if (this.filtered) {
      // the decidable ones to the front of the new part, which the heap takes
      const data = allowedVars.data;
      let k = from;
      for (let i = from; i < allowedVars.size; i++) {
        const v = data[i]!;
        if (this.decidable[v]) { data[i] = data[k]!; data[k++] = v; }
      }
      this.allowed.fill(data, from, k, this.activity);
    } else {
      this.allowed.fill(allowedVars.data, from, allowedVars.size, this.activity);
    }
    return wrong;
  }

  /** From now on, the restriction's heap holds all its variables, the decidable ones or not. */
  unfilter(): void {
    if (!this.filtered) return;
    this.filtered = false;
    const { data, size } = this.allowedVars;
    const heap = this.allowed;
    const from = heap.size;
    for (let i = 0; i < size; i++) {
      const v = data[i]!;
      if (heap.index[v]! < 0) { heap.heap[heap.size] = v; heap.index[v] = heap.size++; }
    }
    if (heap.size > from) heap.rebuild(this.activity);
  }

  /** Undoes `unfilter`: the restriction's heap keeps only its decidable variables again. */
  refilter(): void {
    if (!this.restricted || this.filtered) return;
    this.filtered = true;
    const heap = this.allowed;
    let k = 0;
    for (let i = 0; i < heap.size; i++) {
      const v = heap.heap[i]!;
      if (this.decidable[v]) heap.heap[k++] = v; else heap.index[v] = -1;
    }
    heap.size = k;
    for (let i = 0; i < k; i++) heap.index[heap.heap[i]!] = i;
    heap.rebuild(this.activity);
  }

  /** Ends the restriction: pops come from all the variables again. */
  unrestrict(): void {
    const { data, size } = this.allowedVars;
    for (let i = 0; i < size; i++) this.inAllowed[data[i]!] = 0;
    this.allowedVars.truncate(0);
    this.allowed.clear();
    this.restricted = false;
    this.filtered = false;
  }
}

/**
 * Takes every path of the decision order once, when the module loads. V8 compiles a function with
 * the callees it inlines as their type feedback stands, and a path that has not run yet has none:
 * the compiled code deoptimises when it first runs there. Code that V8 compiled on the stack, for a
 * long loop within one call, stays cached for that loop, and Node 20's V8 enters it again at every
 * later call, so it deoptimises at every call. A restriction's set-up (`restrict`, with
 * `Heap.fill`, `heapify` and `down` inlined) is so compiled within its first calls, when every
 * activity is still 0 (no sift has moved a variable) or no restriction has been filtered yet, and
 * then deoptimised at every IC3 query: 1,007 times in one run on `gen35`, 922 on `pj2016`, 145 on
 * `6s403rb0609`. Every round here takes every path, so wherever V8 compiles, the paths have their
 * feedback; the argument types are the solver's (a domain comes as an Int32Array, the assumptions
 * as an array), and V8 collects feedback only from about a function's ninth call, hence the rounds.
 * Small, since every process that loads the solver runs it: about 2 ms (32 variables and 32 rounds
 * took 15 to 20 ms).
 *
 * Where the path not yet run is the code after a long loop, the loop is instead the last thing its
 * function does, or what follows it needs no feedback (the return of a local): the solver's
 * backtrack, final analysis, simplification and garbage collection, the cut mapping, the ternary
 * lift, latch correspondence's and sweeping's counterexamples, the witness check's encoding and
 * the circuit evaluation. test/e2e/deopt.test.ts checks it with V8 compiling on the main thread.
 */
function takeEveryPath(): void {
  const n = 8;
  const order = new VarHeap();
  order.grow(n + 1);
  for (let v = 1; v <= n; v++) order.add(v);
  for (let v = 1; v <= n; v += 2) order.markDecidable(v);
  const domain = new Int32Array(n);
  for (let v = 1; v <= n; v++) domain[v - 1] = v;
  // every round takes every path: V8 may compile (on-stack replacement) within any of them
  for (let round = 0; round < 16; round++) {
    for (let v = 1 + (round % 3); v <= n; v += 3) order.bump(v);
    order.decay();
    for (const filtered of [true, false]) {
      order.restrict(domain, filtered);
      order.restrict([1, 2]);
      for (let v = 2; v <= n; v += 5) order.bump(v);
      order.unfilter();
      order.refilter();
      for (let i = 0; i < n / 2 && !order.empty; i++) order.restore(order.pop());
      while (!order.empty) order.pop();
      for (let v = 1; v <= n; v++) order.restore(v);
      order.unrestrict();
    }
    while (!order.empty) order.pop();
    for (let v = 1; v <= n; v++) order.restore(v);
  }
}
takeEveryPath();
