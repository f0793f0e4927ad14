/**
 * CNF families for the SAT solver's tests and benchmark: random k-SAT, pigeonhole, an unrolled
 * random sequential circuit (the shape of a bit-level BMC query), multiplier miters and graph
 * colouring. All take a seeded PRNG so every instance can be regenerated.
 */
import type { Cnf } from '../lang/sat/dimacs.js';
import type { Lit } from '../lang/sat/solver.js';

const pick = (rand: () => number, n: number): number => Math.floor(rand() * n);

/** Uniform random k-SAT: m clauses of k distinct variables with random signs. */
export function randomKSat(rand: () => number, numVars: number, numClauses: number, k = 3): Cnf {
  const clauses: Lit[][] = [];
  for (let i = 0; i < numClauses; i++) {
    const vars = new Set<number>();
    while (vars.size < Math.min(k, numVars)) vars.add(1 + pick(rand, numVars));
    clauses.push([...vars].map((v) => (rand() < 0.5 ? -v : v)));
  }
  return { numVars, clauses };
}

/** PHP(holes + 1, holes): every pigeon in a hole, no two in the same one. Unsatisfiable. */
export function pigeonhole(holes: number): Cnf {
  const pigeons = holes + 1;
  const x = (p: number, h: number) => p * holes + h + 1;
  const clauses: Lit[][] = [];
  for (let p = 0; p < pigeons; p++) clauses.push(Array.from({ length: holes }, (_, h) => x(p, h)));
  for (let h = 0; h < holes; h++) {
    for (let p = 0; p < pigeons; p++) for (let q = p + 1; q < pigeons; q++) clauses.push([-x(p, h), -x(q, h)]);
  }
  return { numVars: pigeons * holes, clauses };
}

/** Tseitin encoding into a growing CNF: AND gates over literals, with constants folded. */
class Circuit {
  numVars = 0;
  readonly clauses: Lit[][] = [];
  fresh(): Lit { return ++this.numVars; }
  and(a: Lit, b: Lit): Lit {
    const g = this.fresh();
    this.clauses.push([-g, a], [-g, b], [g, -a, -b]);
    return g;
  }
  or(a: Lit, b: Lit): Lit { return -this.and(-a, -b); }
  xor(a: Lit, b: Lit): Lit { return this.or(this.and(a, -b), this.and(-a, b)); }
  cnf(): Cnf { return { numVars: this.numVars, clauses: this.clauses }; }
}

/**
 * A random sequential circuit: `inputs` inputs and `gates` gates (AND, or XOR for a share
 * `xorShare`) over the latches, the inputs and earlier gates; each latch's next state is a gate
 * output. `step` encodes one copy of the logic and returns the next state.
 */
function randomSequential(rand: () => number, latches: number, inputs: number, gates: number, xorShare: number) {
  // Fanins index the signal list of a step: latches, then inputs, then gates.
  const fanins: [number, boolean, number, boolean, boolean][] = [];
  for (let g = 0; g < gates; g++) {
    const signals = latches + inputs + g;
    // Prefer recent signals so the logic is deep rather than a flat layer over the inputs.
    const near = () => Math.max(0, signals - 1 - pick(rand, Math.min(signals, 2 * (latches + inputs))));
    // Some gates are XORs (three ANDs): AND-only random logic drifts to constants with depth.
    fanins.push([near(), rand() < 0.5, near(), rand() < 0.5, rand() < xorShare]);
  }
  const next = Array.from({ length: latches }, () => [latches + inputs + gates - 1 - pick(rand, gates), rand() < 0.5] as const);
  return {
    step(c: Circuit, state: readonly Lit[]): Lit[] {
      const signals: Lit[] = [...state];
      for (let i = 0; i < inputs; i++) signals.push(c.fresh());
      for (const [a, na, b, nb, xor] of fanins) {
        const x = na ? -signals[a]! : signals[a]!;
        const y = nb ? -signals[b]! : signals[b]!;
        signals.push(xor ? c.xor(x, y) : c.and(x, y));
      }
      return next.map(([s, neg]) => (neg ? -signals[s]! : signals[s]!));
    },
  };
}

/**
 * A BMC query on a random sequential circuit (see randomSequential) with latches reset to 0: does
 * the bad signal, a conjunction over `badWidth` latches, hold at some step 1..steps?
 */
export function unrolledCircuit(
  rand: () => number, latches: number, inputs: number, gates: number, steps: number, badWidth = 4, xorShare = 0.25,
): Cnf {
  const circuit = randomSequential(rand, latches, inputs, gates, xorShare);
  const badLatches = Array.from({ length: badWidth }, () => [pick(rand, latches), rand() < 0.5] as const);
  const c = new Circuit();
  const zero = c.fresh();
  c.clauses.push([-zero]);
  let state: Lit[] = Array.from({ length: latches }, () => zero);
  const bads: Lit[] = [];
  for (let t = 0; t < steps; t++) {
    state = circuit.step(c, state);
    bads.push(badLatches.map(([l, neg]) => (neg ? -state[l]! : state[l]!)).reduce((x, y) => c.and(x, y)));
  }
  c.clauses.push(bads);
  return c.cnf();
}

/** One transition of a random sequential circuit, the shape of an IC3 relative-induction query. */
export function transitionRelation(
  rand: () => number, latches: number, inputs: number, gates: number, xorShare = 0.25,
): { cnf: Cnf; current: Lit[]; next: Lit[] } {
  const circuit = randomSequential(rand, latches, inputs, gates, xorShare);
  const c = new Circuit();
  const current = Array.from({ length: latches }, () => c.fresh());
  const next = circuit.step(c, current);
  return { cnf: c.cnf(), current, next };
}

/**
 * Miter of two array multipliers of `bits`-bit operands, one computing a*b and the other b*a:
 * unsatisfiable, and hard for resolution as the width grows. With `bug`, one partial product of
 * the second multiplier is dropped, which makes the miter satisfiable.
 */
export function multiplierMiter(bits: number, bug = false): Cnf {
  const c = new Circuit();
  const a = Array.from({ length: bits }, () => c.fresh());
  const b = Array.from({ length: bits }, () => c.fresh());
  const zero = c.fresh();
  c.clauses.push([-zero]);
  const multiply = (x: Lit[], y: Lit[], drop: boolean): Lit[] => {
    let acc: Lit[] = Array.from({ length: 2 * bits }, () => zero);
    for (let i = 0; i < bits; i++) {
      const row: Lit[] = Array.from({ length: 2 * bits }, (_, k) =>
        k >= i && k - i < bits && !(drop && i === bits - 1 && k - i === 0) ? c.and(x[k - i]!, y[i]!) : zero);
      let carry = zero;
      acc = acc.map((s, k) => {
        const t = c.xor(s, row[k]!);
        const sum = c.xor(t, carry);
        carry = c.or(c.and(s, row[k]!), c.and(t, carry));
        return sum;
      });
    }
    return acc;
  };
  const p = multiply(a, b, false);
  const q = multiply(b, a, bug);
  c.clauses.push(p.map((bit, k) => c.xor(bit, q[k]!)));
  return c.cnf();
}

/** Colouring of a random graph (n vertices, m edges) with k colours. */
export function graphColouring(rand: () => number, vertices: number, edges: number, colours: number): Cnf {
  const x = (v: number, k: number) => v * colours + k + 1;
  const clauses: Lit[][] = [];
  for (let v = 0; v < vertices; v++) {
    clauses.push(Array.from({ length: colours }, (_, k) => x(v, k)));
    for (let k = 0; k < colours; k++) for (let l = k + 1; l < colours; l++) clauses.push([-x(v, k), -x(v, l)]);
  }
  for (let e = 0; e < edges; e++) {
    const u = pick(rand, vertices);
    let w = pick(rand, vertices - 1);
    if (w >= u) w++;
    for (let k = 0; k < colours; k++) clauses.push([-x(u, k), -x(w, k)]);
  }
  return { numVars: vertices * colours, clauses };
}
