/**
 * Random small AIGER circuits for the differential test against ABC, from a seed: inputs, latches
 * reset to 0, to 1 or uninitialised, AND gates over earlier literals, one bad state and sometimes
 * an invariant constraint; and circuits with justice properties and fairness constraints for the
 * liveness engines. Also the ASCII writer for them and a greedy shrinker that simplifies a
 * circuit as long as a predicate (the disagreement) still holds, so a failure is reported small.
 * Written for the tests, on the test simulator's `Circuit` (test/support/aiger-sim.ts), sharing no code
 * with Vigil's front ends or engines (only the benchmarks' seeded generator).
 */
import type { Circuit } from './aiger-sim.js';
import { mulberry32 } from '../../bench/random.js';

/** A random circuit: 0-3 inputs, 1-6 latches, 1-14 gates, one bad state, a constraint one time in three. */
export function randomCircuit(seed: number): Circuit {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const I = int(0, 3);
  const L = int(1, 6);
  const A = int(1, 14);
  const maxVar = I + L + A;
  // a literal over variables 1..upTo, now and then a constant
  const lit = (upTo: number) => (rnd() < 0.05 ? int(0, 1) : 2 * int(1, upTo) + int(0, 1));
  const { inputs, gates, latches } = body(I, L, maxVar, rnd, lit, [0.4, 0.7]);
  // the bad state is mostly a gate, so that it depends on several latches
  const bad = rnd() < 0.8 ? 2 * int(I + L + 1, maxVar) + int(0, 1) : lit(maxVar);
  const constraints = rnd() < 1 / 3 ? [lit(maxVar)] : [];
  return { maxVar, inputs, latches, outputs: [], bads: [bad], constraints, gates };
}

/**
 * The inputs, the gates over earlier variables and the latches of a random circuit, drawn in this
 * order; a latch resets to 0 below `resets[0]`, to 1 below `resets[1]`, else is uninitialised.
 */
function body(I: number, L: number, maxVar: number, rnd: () => number, lit: (upTo: number) => number, resets: readonly [number, number]) {
  const inputs = Array.from({ length: I }, (_, k) => 2 * (1 + k));
  const gates = new Map<number, [number, number]>();
  for (let v = I + L + 1; v <= maxVar; v++) gates.set(v, [lit(v - 1), lit(v - 1)]);
  const latches = Array.from({ length: L }, (_, k) => {
    const l = 2 * (1 + I + k);
    const r = rnd();
    return { lit: l, next: lit(maxVar), reset: r < resets[0] ? 0 : r < resets[1] ? 1 : l };
  });
  return { inputs, gates, latches };
}

/**
 * A random circuit with liveness properties: 0-3 inputs, 1-`maxLatches` latches, 1-16 gates, one or
 * two justice properties of 1-3 literals each, 0-2 fairness literals, an invariant constraint one
 * time in four and an output one time in three (no property: the file has justice properties).
 * The literals are mostly gates and latches, so that they depend on the state.
 */
export function randomLiveCircuit(seed: number, maxLatches = 8): Circuit {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const I = int(0, 3);
  const L = int(1, maxLatches);
  const A = int(1, 16);
  const maxVar = I + L + A;
  const lit = (upTo: number) => (rnd() < 0.04 ? int(0, 1) : 2 * int(1, upTo) + int(0, 1));
  // a liveness literal: a gate or a latch, now and then anything
  const state = () => (rnd() < 0.85 ? 2 * int(I + 1, maxVar) + int(0, 1) : lit(maxVar));
  const { inputs, gates, latches } = body(I, L, maxVar, rnd, lit, [0.5, 0.8]);
  const justice = Array.from({ length: int(1, 2) }, () => Array.from({ length: int(1, 3) }, state));
  const fairness = Array.from({ length: int(0, 2) }, state);
  const constraints = rnd() < 1 / 4 ? [lit(maxVar)] : [];
  const outputs = rnd() < 1 / 3 ? [lit(maxVar)] : [];
  return { maxVar, inputs, latches, outputs, bads: [], constraints, justice, fairness, gates };
}

/** Fresh seeds, one after the other, until `seconds` have passed: the seeds of a fuzz run. */
export function* freshSeeds(seconds: number): Generator<number> {
  const end = Date.now() + seconds * 1000;
  for (let seed = Date.now() % 1_000_000_007; Date.now() < end; seed++) yield seed;
}

/** The circuit as an ASCII AIGER file (its variables keep their numbers). */
export function aagText(c: Circuit): string {
  const justice = c.justice ?? [];
  const fairness = c.fairness ?? [];
  const live = justice.length || fairness.length ? ` ${justice.length} ${fairness.length}` : '';
  const lines = [`aag ${c.maxVar} ${c.inputs.length} ${c.latches.length} ${c.outputs.length} ${c.gates.size} ${c.bads.length} ${c.constraints.length}${live}`];
  for (const i of c.inputs) lines.push(String(i));
  for (const l of c.latches) lines.push(`${l.lit} ${l.next} ${l.reset}`);
  for (const x of [...c.outputs, ...c.bads, ...c.constraints]) lines.push(String(x));
  for (const j of justice) lines.push(String(j.length));
  for (const x of [...justice.flat(), ...fairness]) lines.push(String(x));
  for (const [v, [a, b]] of [...c.gates].sort(([x], [y]) => x - y)) lines.push(`${2 * v} ${a} ${b}`);
  return `${lines.join('\n')}\n`;
}

/** Every one-step simplification of a circuit: fewer constraints, simpler resets and next states, constant fanins. */
function* simplifications(c: Circuit): Generator<Circuit> {
  if (c.constraints.length) yield { ...c, constraints: [] };
  for (const [k, l] of c.latches.entries()) {
    const latch = (change: Partial<Circuit['latches'][number]>) => ({ ...c, latches: c.latches.map((x, j) => (j === k ? { ...x, ...change } : x)) });
    if (l.next > 1) { yield latch({ next: 0 }); yield latch({ next: 1 }); }
    if (l.reset !== 0) yield latch({ reset: 0 });
  }
  for (const [v, [a, b]] of c.gates) {
    const gate = (pair: [number, number]) => ({ ...c, gates: new Map(c.gates).set(v, pair) });
    if (a > 1) { yield gate([0, b]); yield gate([1, b]); }
    if (b > 1) { yield gate([a, 0]); yield gate([a, 1]); }
  }
}

/** Greedily applies simplifications while `keeps` still holds (at most `budget` tries). */
export async function shrink(c: Circuit, keeps: (c: Circuit) => Promise<boolean>, budget = 200): Promise<Circuit> {
  let current = c;
  for (let progress = true; progress && budget > 0;) {
    progress = false;
    for (const s of simplifications(current)) {
      if (budget-- <= 0) break;
      if (await keeps(s)) { current = s; progress = true; break; }
    }
  }
  return current;
}
