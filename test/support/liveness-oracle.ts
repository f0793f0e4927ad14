/**
 * The reference semantics of AIGER 1.9 justice properties for the tests: an explicit-state check of
 * small circuits (up to about 12 latches and a few inputs), on the test reader's `Circuit`
 * (test/aiger-sim.ts), sharing no code with Vigil's front end, engines or certificate checks.
 *
 * Justice property i fails when an initialised infinite run exists on which every invariant
 * constraint holds at every step, and every fairness literal and every literal of justice set i is
 * 1 infinitely often. Literals are read on a step: the state and the step's inputs. The graph here
 * has the reachable states as nodes and one edge per step (state, input vector) whose constraints
 * hold, labelled with the literals that are 1 on it. On a finite graph such a run exists iff some
 * reachable strongly connected component has an edge inside it (so a run can stay in it forever)
 * and, for each literal, an edge inside it on which the literal is 1 (a run can take each of them
 * infinitely often): the fair-SCC search of generalised Büchi emptiness.
 */
import type { Circuit } from './aiger-sim.js';

/** One step of the circuit from every state under every input vector, the literals of interest evaluated. */
interface Steps {
  /** States whose latches are all at their resets (uninitialised latches take both values). */
  readonly initial: number[];
  /** Per state and input vector (`state * 2^I + input`): the successor, or -1 when a constraint is 0. */
  readonly next: Int32Array;
  /** Per state and input vector: bit k set when literal k of `lits` is 1. */
  readonly label: Uint32Array;
  readonly inputVectors: number;
}

/** The circuit's gates in an order where fanins come first. */
function gateOrder(c: Circuit): number[] {
  const order: number[] = [];
  const placed = new Set<number>();
  for (const root of c.gates.keys()) {
    const stack = [root];
    while (stack.length) {
      const g = stack[stack.length - 1]!;
      if (placed.has(g)) { stack.pop(); continue; }
      const pending = c.gates.get(g)!.map((l) => l >> 1).filter((v) => c.gates.has(v) && !placed.has(v));
      if (pending.length) { stack.push(...pending); continue; }
      placed.add(g);
      order.push(g);
      stack.pop();
    }
  }
  return order;
}

/** Evaluates the circuit on every state and input vector (states and vectors as bit masks, latch k at bit k). */
function steps(c: Circuit, lits: readonly number[]): Steps {
  const L = c.latches.length;
  const I = c.inputs.length;
  if (L > 16 || I > 8 || lits.length > 32) throw new Error(`too big for the explicit check: ${L} latches, ${I} inputs`);
  const order = gateOrder(c);
  const value = new Uint8Array(c.maxVar + 1);
  const lit = (l: number) => value[l >> 1]! ^ (l & 1);
  const states = 1 << L;
  const vectors = 1 << I;
  const next = new Int32Array(states * vectors);
  const label = new Uint32Array(states * vectors);
  for (let s = 0; s < states; s++) {
    for (let x = 0; x < vectors; x++) {
      c.latches.forEach((l, k) => { value[l.lit >> 1] = (s >> k) & 1; });
      c.inputs.forEach((l, k) => { value[l >> 1] = (x >> k) & 1; });
      for (const g of order) {
        const [a, b] = c.gates.get(g)!;
        value[g] = lit(a) & lit(b);
      }
      const at = s * vectors + x;
      if (c.constraints.some((l) => lit(l) === 0)) { next[at] = -1; continue; }
      let t = 0;
      c.latches.forEach((l, k) => { t |= lit(l.next) << k; });
      next[at] = t;
      let bits = 0;
      lits.forEach((l, k) => { bits |= lit(l) << k; });
      label[at] = bits >>> 0;
    }
  }
  const initial: number[] = [];
  for (let s = 0; s < states; s++) {
    if (c.latches.every((l, k) => l.reset === l.lit || ((s >> k) & 1) === l.reset)) initial.push(s);
  }
  return { initial, next, label, inputVectors: vectors };
}

/** The states reachable from the initial ones by steps whose constraints hold. */
function reachable(st: Steps, states: number): Uint8Array {
  const seen = new Uint8Array(states);
  const queue = [...st.initial];
  for (const s of queue) seen[s] = 1;
  while (queue.length) {
    const s = queue.pop()!;
    for (let x = 0; x < st.inputVectors; x++) {
      const t = st.next[s * st.inputVectors + x]!;
      if (t >= 0 && !seen[t]) { seen[t] = 1; queue.push(t); }
    }
  }
  return seen;
}

/** The strongly connected components of the reachable states (Tarjan's algorithm, iterative): component per state, -1 if unreachable. */
function components(st: Steps, live: Uint8Array): Int32Array {
  const n = live.length;
  const comp = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < n; root++) {
    if (!live[root] || index[root]! >= 0) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length) {
      const frame = work[work.length - 1]!;
      const [s, x] = frame;
      if (x < st.inputVectors) {
        frame[1] = x + 1;
        const t = st.next[s * st.inputVectors + x]!;
        if (t < 0) continue;
        if (index[t]! < 0) {
          index[t] = low[t] = counter++;
          stack.push(t);
          onStack[t] = 1;
          work.push([t, 0]);
        } else if (onStack[t]) low[s] = Math.min(low[s]!, index[t]!);
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[s]!);
      }
      if (low[s] === index[s]) {
        for (;;) {
          const v = stack.pop()!;
          onStack[v] = 0;
          comp[v] = comps;
          if (v === s) break;
        }
        comps++;
      }
    }
  }
  return comp;
}

/**
 * Whether justice property `j` of the circuit fails: some reachable fair cycle exists. The
 * fairness literals count for every justice property; the outputs and bad states play no part.
 */
export function justiceFails(c: Circuit, j: number): boolean {
  const lits = [...(c.justice ?? [])[j]!, ...(c.fairness ?? [])];
  const st = steps(c, lits);
  const live = reachable(st, 1 << c.latches.length);
  const comp = components(st, live);
  const all = lits.length === 32 ? 0xffffffff : (1 << lits.length) - 1;
  // per component: the literals seen on an edge inside it, and whether it has an edge inside it at all
  const seen = new Map<number, number>();
  for (let s = 0; s < live.length; s++) {
    if (!live[s]) continue;
    for (let x = 0; x < st.inputVectors; x++) {
      const t = st.next[s * st.inputVectors + x]!;
      if (t < 0 || comp[t] !== comp[s]) continue;
      seen.set(comp[s]!, (seen.get(comp[s]!) ?? 0) | st.label[s * st.inputVectors + x]!);
    }
  }
  for (const bits of seen.values()) if (((bits & all) >>> 0) === (all >>> 0)) return true;
  return false;
}

/**
 * Undefined when the HWMCC witness (initial latches, input vectors as 0/1 strings) is a fair lasso
 * of justice property `j` by aigsim's rule, else what is wrong: the resets hold, the constraints
 * hold at every step, the state after the last vector is that of an earlier step, and from the
 * earliest such step on every justice and fairness literal is 1 somewhere.
 */
export function lassoError(c: Circuit, j: number, init: string, vectors: readonly string[]): string | undefined {
  const lits = [...(c.justice ?? [])[j]!, ...(c.fairness ?? [])];
  if (init.length !== c.latches.length || vectors.length === 0) return 'wrong shape';
  if (c.latches.some((l, k) => l.reset !== l.lit && Number(init[k]) !== l.reset)) return 'a latch does not start at its reset';
  const order = gateOrder(c);
  const value = new Uint8Array(c.maxVar + 1);
  const lit = (l: number) => value[l >> 1]! ^ (l & 1);
  let state = init;
  const states: string[] = [];
  const seenAt: number[][] = [];
  for (const [t, vec] of vectors.entries()) {
    states.push(state);
    c.latches.forEach((l, k) => { value[l.lit >> 1] = Number(state[k]); });
    c.inputs.forEach((l, k) => { value[l >> 1] = Number(vec[k]); });
    for (const g of order) {
      const [a, b] = c.gates.get(g)!;
      value[g] = lit(a) & lit(b);
    }
    if (c.constraints.some((l) => lit(l) === 0)) return `a constraint is 0 at step ${t}`;
    seenAt.push(lits.map(lit));
    state = c.latches.map((l) => lit(l.next)).join('');
  }
  const loop = states.indexOf(state);
  if (loop < 0) return 'the loop does not close';
  const missing = lits.findIndex((_, k) => !seenAt.slice(loop).some((row) => row[k] === 1));
  return missing < 0 ? undefined : `liveness literal ${missing} is never 1 in the loop`;
}
