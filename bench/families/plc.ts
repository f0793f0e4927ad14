/**
 * A generator of PLC-like requirement models, the way CERN's PLCverif writes them for Theta: a scan
 * cycle of `m` steps (read the inputs, run the program's statements, check the requirement at the
 * end of the cycle), `n` integer variables kept in 0..255, inputs havocked once per cycle and held
 * during it, and a requirement `G(cond imply output = value)` checked at the end of each cycle. The
 * same model is written as a Theta STS (`.system`, the cycle position a variable `loc` bounded by
 * invariants) and as a CFA (`.cfa`, one location per cycle position).
 *
 * The requirement is about a redundant channel (two counters of how long input `in1` has been high,
 * as in a 2-out-of-2 interlock; a counter counts while `in1 >= 100`, holds while `50 <= in1 < 100`
 * and resets below): the output is computed from the second counter and the requirement names the
 * first. It holds because the two counters are equal at the end of every cycle, an invariant no
 * bounded unrolling gives (from c1 = 200, c2 = 0 both counters can hold for any number of cycles,
 * so the requirement is not k-inductive for any k): a safe model needs an invariant that relates
 * variables, and every other variable is noise a checker must learn to ignore.
 *
 * Verdicts by construction:
 * - safe: both counters are the same function of `in1`, updated in the same cycle from the same
 *   held input, so at the end of a cycle `c1 = c2` and `out = 1` exactly when `c2 >= k` and `v1 > 0`;
 * - unsafe: the second counter holds on `in1 = 100` where the first counts. A counter grows by at
 *   most one per cycle, so `c1 >= k` needs `k` cycles; with `in1 = 100` in the first cycle and
 *   `in1 > 100` after, `c1 = k` and `c2 = k - 1` at the end of cycle `k`. The shortest
 *   counterexample ends at the end of cycle `k`: `k·m - 1` transitions of the STS from its initial
 *   state, and `k·m + 1` edges of the CFA (its initialising edge, `k·m - 1` cycle steps, the edge to
 *   the error location).
 *
 * Each cycle position writes its variables from values of earlier positions or of the previous
 * cycle only (a CFA edge's statements are emitted readers first), so the CFA's sequential
 * statements and the STS's simultaneous update mean the same thing.
 */
import { mulberry32 } from '../random.js';

interface PlcFamilyParams {
  /** Integer state variables, at least 4: the two counters, the output, and n - 3 program variables. */
  readonly n: number;
  /** Positions of the scan cycle, at least 4. */
  readonly m: number;
  /** The counter threshold of the requirement: the cycles to a counterexample of the unsafe variant. */
  readonly k: number;
  readonly safe: boolean;
  /** Seed of the program variables' update rules. */
  readonly seed: number;
}

interface PlcModel {
  readonly name: string;
  readonly expected: 'safe' | 'unsafe';
  /** The length of the shortest counterexample of each form (unsafe variants). */
  readonly depth?: { readonly sts: number; readonly cfa: number };
  readonly sts: string;
  readonly cfa: string;
}

/** An assignment of one cycle position: the variable written and its new value, with the variables it reads. */
interface Update {
  readonly target: string;
  readonly value: string;
  readonly reads: readonly string[];
}

function familyName(p: PlcFamilyParams): string {
  return `plc_n${p.n}_m${p.m}_k${p.k}_${p.safe ? 'safe' : 'unsafe'}`;
}

/** The model's variables, inputs and the updates of each cycle position 1..m-2 (position 0 reads the inputs). */
function program(p: PlcFamilyParams) {
  if (p.n < 4 || p.m < 4 || p.k < 1 || p.k > 255) throw new Error(`plc family: need n >= 4, m >= 4, 1 <= k <= 255 (got n ${p.n}, m ${p.m}, k ${p.k})`);
  const rnd = mulberry32(p.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const inputs = Array.from({ length: Math.max(2, Math.round((p.n - 3) / 4)) }, (_, i) => `in${i + 1}`);
  const vars = Array.from({ length: p.n - 3 }, (_, i) => `v${i + 1}`);
  const last = p.m - 2; // the position that computes the output
  const programEnd = Math.max(1, p.m - 3); // program variables and the second counter are written up to here
  const updates: Update[][] = Array.from({ length: p.m }, () => []);
  // Count while the input is high, hold while it is in between, reset when it is low.
  const count = (c: string, high: string) => `if ${high} then (if ${c} < 255 then ${c} + 1 else 255) else if in1 >= 50 then ${c} else 0`;
  updates[1]!.push({ target: 'c1', value: count('c1', 'in1 >= 100'), reads: ['c1', 'in1'] });
  updates[programEnd]!.push({ target: 'c2', value: count('c2', p.safe ? 'in1 >= 100' : 'in1 > 100'), reads: ['c2', 'in1'] });
  // v1 is the requirement's enable switch, copied from in2; the others are the program's noise.
  updates[1]!.push({ target: 'v1', value: 'in2', reads: ['in2'] });
  vars.slice(1).forEach((v, i) => {
    const at = 1 + Math.floor(rnd() * programEnd);
    const inp = pick(inputs);
    const other = vars[Math.floor(rnd() * (i + 1))]!; // an earlier program variable
    const rules: Update[] = [
      { target: v, value: `if ${inp} > ${v} then ${inp} else ${v}`, reads: [inp, v] },
      { target: v, value: `if ${v} + ${inp} > 255 then 255 else ${v} + ${inp}`, reads: [inp, v] },
      { target: v, value: `if ${inp} > 128 then ${inp} else ${v}`, reads: [inp, v] },
      { target: v, value: `if ${v} > 0 then ${v} - 1 else ${inp}`, reads: [inp, v] },
      { target: v, value: `if ${other} > 100 then ${other} else 0`, reads: [other] },
    ];
    updates[at]!.push(pick(rules));
  });
  updates[last]!.push({ target: 'out', value: `if c2 >= ${p.k} and v1 > 0 then 1 else 0`, reads: ['c2', 'v1'] });
  return { inputs, state: ['c1', 'c2', 'out', ...vars], updates };
}

/** Readers before writers within one position, so that sequential statements read the previous values. */
function ordered(us: readonly Update[]): Update[] {
  const rest = [...us];
  const out: Update[] = [];
  while (rest.length > 0) {
    const i = rest.findIndex((u) => !rest.some((w) => w !== u && w.reads.includes(u.target)));
    if (i < 0) throw new Error(`plc family: cyclic reads among ${rest.map((u) => u.target).join(', ')}`);
    out.push(...rest.splice(i, 1));
  }
  return out;
}

function requirement(p: PlcFamilyParams): { cond: string; output: string } {
  return { cond: `c1 >= ${p.k} and v1 > 0`, output: 'out = 1' };
}

function sts(p: PlcFamilyParams, name: string): string {
  const { inputs, state, updates } = program(p);
  const all = ['loc', ...inputs, ...state];
  const lines: string[] = [];
  lines.push(`// ${name}: generated by bench/families/plc.ts (n ${p.n}, m ${p.m}, k ${p.k}, seed ${p.seed}); expected ${p.safe ? 'safe' : 'unsafe'}`);
  lines.push(`specification ${name} {`, '\tproperty requirement : {');
  for (const v of all) lines.push(`\t\tvar ${v} : int`);
  lines.push(`\t\tinvariant loc >= 0 and loc <= ${p.m - 1}`);
  for (const v of [...inputs, ...state]) lines.push(`\t\tinvariant ${v} >= 0 and ${v} <= 255`);
  for (const v of all) lines.push(`\t\tinitial ${v} = 0`);
  const steps: string[] = [];
  for (let at = 0; at < p.m; at++) {
    const written = new Map(updates[at]!.map((u) => [u.target, u.value]));
    const next = (v: string) => (written.has(v) ? `${v}' = (${written.get(v)})` : `${v}' = ${v}`);
    // Position 0 reads the inputs: their next values are unconstrained (within the invariants).
    const frame = [...(at === 0 ? [] : inputs.map(next)), ...state.map(next)];
    steps.push(`\t\t\t(loc = ${at} and loc' = ${(at + 1) % p.m} and\n\t\t\t\t${frame.join(' and\n\t\t\t\t')})`);
  }
  lines.push(`\t\ttransition\n${steps.join(' or\n')}`);
  const r = requirement(p);
  lines.push(`\t} models G((loc = ${p.m - 1} and ${r.cond}) imply ${r.output})`, '}', '');
  return lines.join('\n');
}

function cfa(p: PlcFamilyParams, name: string): string {
  const { inputs, state, updates } = program(p);
  const pos = (at: number) => `cycle_${at}`;
  const lines: string[] = [];
  lines.push(`// ${name}: generated by bench/families/plc.ts (n ${p.n}, m ${p.m}, k ${p.k}, seed ${p.seed}); expected ${p.safe ? 'safe' : 'unsafe'}`);
  lines.push('main process plc {');
  for (const v of [...inputs, ...state]) lines.push(`\tvar ${v} : int`);
  lines.push('\tinit loc theta_init', '\terror loc theta_error');
  for (let at = 0; at < p.m; at++) lines.push(`\tloc ${pos(at)}`);
  lines.push(`\ttheta_init -> ${pos(0)} {\n${[...inputs, ...state].map((v) => `\t\t${v} := 0`).join('\n')}\n\t}`);
  lines.push(`\t${pos(0)} -> ${pos(1)} {\n${inputs.map((v) => `\t\thavoc ${v}\n\t\tassume ${v} >= 0 and ${v} <= 255`).join('\n')}\n\t}`);
  for (let at = 1; at < p.m - 1; at++) {
    const body = ordered(updates[at]!).map((u) => `\t\t${u.target} := ${u.value}`);
    lines.push(`\t${pos(at)} -> ${pos(at + 1)} {${body.length > 0 ? `\n${body.join('\n')}\n\t` : ''}}`);
  }
  const r = requirement(p);
  const holds = `not (${r.cond}) or ${r.output}`;
  lines.push(`\t${pos(p.m - 1)} -> ${pos(0)} {\n\t\tassume ${holds}\n\t}`);
  lines.push(`\t${pos(p.m - 1)} -> theta_error {\n\t\tassume not (${holds})\n\t}`);
  lines.push('}', '');
  return lines.join('\n');
}

export function plcModel(p: PlcFamilyParams): PlcModel {
  const name = familyName(p);
  return {
    name,
    expected: p.safe ? 'safe' : 'unsafe',
    ...(p.safe ? {} : { depth: { sts: p.k * p.m - 1, cfa: p.k * p.m + 1 } }),
    sts: sts(p, name),
    cfa: cfa(p, name),
  };
}

/** The fixed set kept in `bench/families/plc/`: sizes from a small cycle to the issue's industrial size (60 variables, 24 positions). */
export const FIXED_SET: readonly PlcFamilyParams[] = [
  { n: 4, m: 4, k: 2 }, { n: 6, m: 4, k: 3 }, { n: 12, m: 8, k: 3 }, { n: 24, m: 12, k: 4 }, { n: 40, m: 20, k: 3 }, { n: 60, m: 24, k: 3 },
].flatMap((s, i) => [true, false].map((safe) => ({ ...s, safe, seed: 1000 + i })));
