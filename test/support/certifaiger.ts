/**
 * Certifaiger's rules for witness circuits (its README), implemented in the tests with MiniSat
 * (Debian's minisat) as the SAT solver and an encoding of their own: an independent check of the
 * AIGER certificates Vigil writes. As the real tool does, it refuses a model or witness whose
 * inputs and latches are not reencoded (numbered 2, 4, ..., inputs first, even in ASCII), takes
 * each circuit's property from its first bad state (its first output when it has none), and reads
 * an input or latch name starting with `=` as a mapping to a model literal (which Vigil never
 * writes, so here it is an error).
 */
import { spawnSync } from 'node:child_process';
import { readAiger, writeAig, type Circuit } from './aiger-sim.js';

/**
 * MiniSat's answer on a CNF: true for satisfiable. The CNF goes through MiniSat's standard input:
 * as files, a fuzz run's queries left gigabytes in the temporary directory.
 */
function minisat(clauses: number[][], vars: number): boolean {
  const cnf = `p cnf ${vars} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`;
  // bounded: a synchronous child would otherwise outlast the test's own time limit
  const r = spawnSync('minisat', ['-verb=0'], { input: cnf, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 26 });
  if (r.status !== 10 && r.status !== 20) throw new Error(`minisat: ${r.error?.message ?? r.stderr}`);
  return r.status === 10;
}

/**
 * The gates of every query in one and-inverter graph over DIMACS literals, hashed structurally:
 * the witness copies the model's gates, and on the shared inputs and latches those copies become
 * the model's own nodes. Without it each rule is a miter of the two copies (a19-p15: 45,000 gates),
 * which MiniSat could not settle within a minute. Variable 1 is true, so -1 is false.
 */
class Graph {
  private readonly fanins: (readonly [number, number] | undefined)[] = [undefined, undefined];
  private readonly table = new Map<string, number>();

  /** A fresh variable: an input or latch of a frame. */
  leaf(): number {
    return this.fanins.push(undefined) - 1;
  }

  and(a: number, b: number): number {
    if (a === -1 || b === -1 || a === -b) return -1;
    if (a === 1 || a === b) return b;
    if (b === 1) return a;
    const [x, y] = a < b ? [a, b] : [b, a];
    const key = `${x} ${y}`;
    let g = this.table.get(key);
    if (g === undefined) {
      g = this.fanins.push([x, y]) - 1;
      this.table.set(key, g);
    }
    return g;
  }

  /**
   * Whether the literals can all be true: MiniSat on the Tseitin clauses of their cone alone (a
   * gate outside it is defined by its own clauses only, so it extends any model of the rest).
   */
  sat(units: readonly number[]): boolean {
    const clauses: number[][] = [[1], ...units.map((u) => [u])];
    const seen = new Set<number>();
    const stack = units.map(Math.abs);
    while (stack.length > 0) {
      const g = stack.pop()!;
      const ab = this.fanins[g];
      if (seen.has(g) || !ab) continue;
      seen.add(g);
      const [a, b] = ab;
      clauses.push([-g, a], [-g, b], [g, -a, -b]);
      stack.push(Math.abs(a), Math.abs(b));
    }
    return minisat(clauses, this.fanins.length - 1);
  }
}

/**
 * Circuit `c`'s literals in one frame of `graph`: `leaf(v)` gives input or latch `v`'s literal (asked
 * once per node), gates are built on demand (depth first without recursion: cones run thousands of
 * gates deep).
 */
function frame(graph: Graph, c: Circuit, leaf: (v: number) => number): (l: number) => number {
  const memo = new Map<number, number>([[0, -1]]);
  const open = new Set<number>();
  const value = (v: number): number => {
    const stack = [v];
    while (stack.length > 0) {
      const g = stack[stack.length - 1]!;
      if (memo.has(g)) { stack.pop(); continue; }
      const ab = c.gates.get(g);
      if (!ab) { memo.set(g, leaf(g)); stack.pop(); continue; }
      const [a, b] = ab;
      const x = memo.get(a >> 1);
      const y = memo.get(b >> 1);
      if (x === undefined || y === undefined) {
        if (open.has(g)) throw new Error(`gate ${2 * g} is on a combinational cycle`);
        open.add(g);
        if (x === undefined) stack.push(a >> 1);
        if (y === undefined) stack.push(b >> 1);
        continue;
      }
      open.delete(g);
      memo.set(g, graph.and(a & 1 ? -x : x, b & 1 ? -y : y));
      stack.pop();
    }
    return memo.get(v)!;
  };
  return (l) => (l & 1 ? -value(l >> 1) : value(l >> 1));
}

/** The circuit with its inputs and latches reencoded, as a harness converts a model for certifaiger (aigtoaig). */
export function reencoded(c: Circuit): Circuit {
  return readAiger(writeAig(c));
}

/**
 * Certifaiger's five checks of witness circuit `w` for bad-state property `bad` of model `m`, each
 * an unsatisfiable query to MiniSat. The witness's first inputs and latches stand for the model's
 * (certifaiger's default mapping).
 */
export function certifaiger(m: Circuit, w: Circuit, bad: number): string | undefined {
  for (const [what, c] of [['model', m], ['witness', w]] as const) {
    const numbering = [...c.inputs, ...c.latches.map((l) => l.lit)];
    if (numbering.some((l, k) => l !== 2 * (k + 1))) return `the ${what}'s inputs and latches are not reencoded`;
  }
  const mapped = [...(w.symbols ?? [])].find(([entry, name]) => /^[il]/.test(entry) && name.startsWith('='));
  if (mapped) return `the witness maps ${mapped[0]} to a model literal ('${mapped[1]}')`;
  const graph = new Graph();
  const shared = new Map<number, number>();
  w.inputs.forEach((l, k) => { if (k < m.inputs.length) shared.set(l >> 1, m.inputs[k]! >> 1); });
  w.latches.forEach((l, k) => { if (k < m.latches.length) shared.set(l.lit >> 1, m.latches[k]!.lit >> 1); });
  // frame 0: a leaf per input and latch of the model, which the witness's that stand for them share
  // (`frame` asks for each leaf once)
  const m0 = frame(graph, m, () => graph.leaf());
  const w0 = frame(graph, w, (v) => (shared.has(v) ? m0(2 * shared.get(v)!) : graph.leaf()));
  // frame 1 of the witness, for the Step rule: each latch is its next state in frame 0, each input fresh
  const latchNext = new Map(w.latches.map((l) => [l.lit >> 1, l.next]));
  const w1 = frame(graph, w, (v) => (latchNext.has(v) ? w0(latchNext.get(v)!) : graph.leaf()));
  const holds = (c: Circuit, at: (l: number) => number) => c.constraints.map(at);
  const resets = (c: Circuit, at: (l: number) => number) => c.latches.filter((l) => l.reset !== l.lit).map((l) => at(l.lit ^ (l.reset ^ 1)));
  const mBad = m.bads.length ? m.bads[bad]! : m.outputs[bad]!;
  const wBad = w.bads.length ? w.bads[0]! : w.outputs[0]!;
  // Reset: the shared latches start alike, and the model's constraints imply the witness's
  if (w.latches.some((l, k) => k < m.latches.length && (l.reset === l.lit) !== (m.latches[k]!.reset === m.latches[k]!.lit))) return 'the Reset check fails';
  if (w.latches.some((l, k) => k < m.latches.length && l.reset !== l.lit && l.reset !== m.latches[k]!.reset)) return 'the Reset check fails';
  const all = (lits: readonly number[]) => lits.reduce((a, b) => graph.and(a, b), 1);
  if (w.constraints.length && graph.sat([...resets(m, m0), ...holds(m, m0), -all(holds(w, w0))])) return 'the Reset check fails';
  // Transition: the shared latches step alike, latch by latch (a next state the witness copies
  // from the model is the model's own node, with nothing to ask)
  for (const [k, l] of w.latches.entries()) {
    if (k >= m.latches.length) break;
    const a = w0(l.next);
    const b = m0(m.latches[k]!.next);
    if (a !== b && graph.sat([...holds(m, m0), -graph.and(a, b), -graph.and(-a, -b)])) return 'the Transition check fails';
  }
  if (graph.sat([...holds(m, m0), m0(mBad), -w0(wBad), ...holds(w, w0)])) return 'the Property check fails';
  if (graph.sat([...resets(w, w0), ...holds(w, w0), w0(wBad)])) return 'the Base check fails';
  if (graph.sat([-w0(wBad), ...holds(w, w0), ...holds(w, w1), w1(wBad)])) return 'the Step check fails';
  return undefined;
}
