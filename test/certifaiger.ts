/**
 * Certifaiger's rules for witness circuits (its README), implemented in the tests with MiniSat
 * (Debian's minisat) as the SAT solver and a Tseitin encoding of their own: an independent check of
 * the AIGER certificates Vigil writes. As the real tool does, it refuses a model or witness whose
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

/** The circuit with its inputs and latches reencoded, as a harness converts a model for certifaiger (aigtoaig). */
export function reencoded(c: Circuit): Circuit {
  return readAiger(writeAig(c));
}

/**
 * Certifaiger's five checks of witness circuit `w` for bad-state property `bad` of model `m`, each
 * as an unsatisfiable CNF given to MiniSat, with the Tseitin encoding made here. The witness's first
 * inputs and latches stand for the model's (certifaiger's default mapping).
 */
export function certifaiger(m: Circuit, w: Circuit, bad: number): string | undefined {
  for (const [what, c] of [['model', m], ['witness', w]] as const) {
    const numbering = [...c.inputs, ...c.latches.map((l) => l.lit)];
    if (numbering.some((l, k) => l !== 2 * (k + 1))) return `the ${what}'s inputs and latches are not reencoded`;
  }
  const mapped = [...(w.symbols ?? [])].find(([entry, name]) => /^[il]/.test(entry) && name.startsWith('='));
  if (mapped) return `the witness maps ${mapped[0]} to a model literal ('${mapped[1]}')`;
  const ids = new Map<string, number>();
  const id = (key: string) => {
    let v = ids.get(key);
    if (v === undefined) ids.set(key, (v = ids.size + 1));
    return v;
  };
  const shared = new Map<number, number>();
  w.inputs.forEach((l, k) => { if (k < m.inputs.length) shared.set(l >> 1, m.inputs[k]! >> 1); });
  w.latches.forEach((l, k) => { if (k < m.latches.length) shared.set(l.lit >> 1, m.latches[k]!.lit >> 1); });
  type Var = (f: number, v: number) => number;
  const mv: Var = (f, v) => (v === 0 ? id('false') : id(`m${f}:${v}`));
  const wv: Var = (f, v) => (v === 0 ? id('false') : shared.has(v) ? mv(f, shared.get(v)!) : id(`w${f}:${v}`));
  const lit = (x: Var, f: number, l: number) => (l & 1 ? -1 : 1) * x(f, l >> 1);
  /** The Tseitin clauses of gate `g = a & b` in frame `f`. */
  const gate = (x: Var, f: number, g: number, a: number, b: number) => [
    [-x(f, g), lit(x, f, a)], [-x(f, g), lit(x, f, b)], [x(f, g), -lit(x, f, a), -lit(x, f, b)],
  ];
  const gates = (c: Circuit, x: Var, f: number) => [...c.gates].flatMap(([g, [a, b]]) => gate(x, f, g, a, b));
  const base = [[-id('false')], ...gates(m, mv, 0), ...gates(m, mv, 1), ...gates(w, wv, 0), ...gates(w, wv, 1)];
  /** The clauses of the gates in the fan-in of `roots` (literals): the rest of a frame is free to extend any model. */
  const cone = (c: Circuit, x: Var, f: number, roots: readonly number[]) => {
    const out: number[][] = [];
    const seen = new Set<number>();
    const stack = roots.map((l) => l >> 1);
    while (stack.length > 0) {
      const g = stack.pop()!;
      const ab = c.gates.get(g);
      if (seen.has(g) || !ab) continue;
      seen.add(g);
      const [a, b] = ab;
      out.push(...gate(x, f, g, a, b));
      stack.push(a >> 1, b >> 1);
    }
    return out;
  };
  const holds = (c: Circuit, x: Var, f: number) => c.constraints.map((l) => [lit(x, f, l)]);
  const resets = (c: Circuit, x: Var) => c.latches.filter((l) => l.reset !== l.lit).map((l) => [lit(x, 0, l.lit ^ (l.reset ^ 1))]);
  const step = (c: Circuit, x: Var) => c.latches.flatMap((l) => [[-x(1, l.lit >> 1), lit(x, 0, l.next)], [x(1, l.lit >> 1), -lit(x, 0, l.next)]]);
  const sat = (...parts: number[][][]) => minisat([...base, ...parts.flat()], ids.size + 1);
  const mBad = m.bads.length ? m.bads[bad]! : m.outputs[bad]!;
  const wBad = w.bads.length ? w.bads[0]! : w.outputs[0]!;
  // Reset: the shared latches start alike, and the model's constraints imply the witness's
  if (w.latches.some((l, k) => k < m.latches.length && (l.reset === l.lit) !== (m.latches[k]!.reset === m.latches[k]!.lit))) return 'the Reset check fails';
  if (w.latches.some((l, k) => k < m.latches.length && l.reset !== l.lit && l.reset !== m.latches[k]!.reset)) return 'the Reset check fails';
  if (w.constraints.length && sat(resets(m, mv), holds(m, mv, 0), [w.constraints.map((l) => -lit(wv, 0, l))])) return 'the Reset check fails';
  // Transition: the shared latches step alike. One query per latch: a single query over the
  // disjunction of all the latches' differences is a miter MiniSat can take minutes on. Each query
  // holds only the cones it reads, or a circuit of 3,000 latches and 45,000 gates (a19-p15) takes
  // 3,000 MiniSat runs on the whole of both circuits, some 20 minutes.
  for (const [k, l] of w.latches.entries()) {
    if (k >= m.latches.length) break;
    const a = lit(wv, 0, l.next);
    const b = lit(mv, 0, m.latches[k]!.next);
    const clauses = [
      [-id('false')], ...cone(w, wv, 0, [l.next]), ...cone(m, mv, 0, [m.latches[k]!.next, ...m.constraints]),
      ...holds(m, mv, 0), [a, b], [-a, -b],
    ];
    if (minisat(clauses, ids.size + 1)) return 'the Transition check fails';
  }
  if (sat(holds(m, mv, 0), [[lit(mv, 0, mBad)], [-lit(wv, 0, wBad)]], holds(w, wv, 0))) return 'the Property check fails';
  if (sat(resets(w, wv), holds(w, wv, 0), [[lit(wv, 0, wBad)]])) return 'the Base check fails';
  if (sat([[-lit(wv, 0, wBad)]], holds(w, wv, 0), step(w, wv), holds(w, wv, 1), [[lit(wv, 1, wBad)]])) return 'the Step check fails';
  return undefined;
}
