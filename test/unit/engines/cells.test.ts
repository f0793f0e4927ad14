/**
 * Cells: 16-bit truth tables and their covers (lang/sat/truth-table.ts), the mapping of an AIG into
 * cells of up to four inputs (engines/aiger/cut-mapping.ts), the `cells` encoding of the unroller
 * (constants, repeated and opposite leaves folded), decisions by justification over cells (IC3's
 * frame solvers, against the AND trees' answers), and IC3 with cells from its first query on the
 * corpus.
 */
import { describe, expect, it } from 'vitest';
import { parseAiger } from '../../../formalisms/frontends/aiger/read.js';
import { aigFromFile, firstGateNode, type Aig } from '../../../formalisms/aig.js';
import { evaluate, litValue } from '../../../formalisms/aig-eval.js';
import { cover, dropVariable, FULL, stretch, support, VAR } from '../../../lang/sat/truth-table.js';
import { CutMapping } from '../../../engines/aiger/cut-mapping.js';
import { Unroller } from '../../../engines/aiger/cnf.js';
import { FrameSolver } from '../../../engines/aiger/ic3/frame-solver.js';
import { SatSolver } from '../../../lang/sat/solver.js';
import { mulberry32 } from '../../../bench/random.js';
import { aagText } from '../../support/random-aig.js';
import type { Circuit } from '../../support/aiger-sim.js';
import { manifest } from '../../support/corpus.js';
import { checkWith, load } from '../../support/engines.js';

/** The table of a cube (bit i: variable i occurs; bit 4 + i: positive). */
function cubeTable(cube: number): number {
  let t = FULL;
  for (let i = 0; i < 4; i++) if ((cube >> i) & 1) t &= (cube >> (4 + i)) & 1 ? VAR[i]! : ~VAR[i]! & FULL;
  return t;
}

/** Bit `m` of a table over `vars` variables, read at the assignment `m` gives them. */
const at = (t: number, m: number) => (t >> m) & 1;

/**
 * A random circuit larger than the differential test's, so that cells have four leaves and
 * reconverge: `inputs` inputs, `latches` latches (reset 0, 1 or uninitialised), `gates` gates over
 * earlier literals, a bad state among the last gates and now and then a constraint.
 */
function wideCircuit(seed: number, inputs: number, latches: number, gates: number): Aig {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const maxVar = inputs + latches + gates;
  // mostly recent literals, so that cones are deep
  const lit = (upTo: number) => (rnd() < 0.02 ? int(0, 1) : 2 * Math.max(1, upTo - Math.floor(rnd() * rnd() * upTo)) + int(0, 1));
  const c: Circuit = {
    maxVar,
    inputs: Array.from({ length: inputs }, (_, k) => 2 * (1 + k)),
    latches: Array.from({ length: latches }, (_, k) => ({ lit: 2 * (1 + inputs + k), next: lit(maxVar), reset: [0, 1, 2 * (1 + inputs + k)][int(0, 2)]! })),
    outputs: [],
    bads: [2 * int(maxVar - 3, maxVar) + int(0, 1)],
    constraints: rnd() < 0.25 ? [lit(maxVar)] : [],
    gates: new Map(Array.from({ length: gates }, (_, g) => {
      const v = inputs + latches + 1 + g;
      return [v, [lit(v - 1), lit(v - 1)] as [number, number]];
    })),
  };
  return aigFromFile(parseAiger(Buffer.from(aagText(c)), `w${seed}.aag`));
}

describe('truth tables', () => {
  it('cover each function with cubes that imply it', () => {
    const rnd = mulberry32(1);
    const tables = [0, FULL, VAR[0], ~VAR[3]! & FULL, VAR[0] ^ VAR[1] ^ VAR[2] ^ VAR[3]];
    for (let i = 0; i < 3000; i++) tables.push(Math.floor(rnd() * 65536));
    for (const t of tables) {
      let union = 0;
      for (const c of cover(t)) {
        expect(cubeTable(c) & ~t & FULL, `table ${t}`).toBe(0);
        union |= cubeTable(c);
      }
      expect(union, `table ${t}`).toBe(t);
    }
  });

  it('stretch a function to more leaves and drop a variable it does not read', () => {
    const rnd = mulberry32(2);
    for (let i = 0; i < 500; i++) {
      // a function of the leaves `from`, a sorted subset of the sorted `to`
      const to = [3, 8, 11, 20].slice(0, 1 + Math.floor(rnd() * 4));
      const from = to.filter(() => rnd() < 0.6);
      const m = from.length;
      // repeated over the variables above m, as every table of fewer variables is
      let t = 0;
      for (let x = 0; x < 16; x++) if (at(Math.floor(rnd() * 65536), x % (1 << m))) t |= 1 << x;
      for (let x = 0; x < 16; x++) t = (t & ~(1 << x)) | (at(t, x % (1 << m)) << x);
      const s = stretch(t, from, 0, m, to, to.length);
      for (let x = 0; x < 16; x++) {
        let y = 0;
        from.forEach((leaf, j) => { if ((x >> to.indexOf(leaf)) & 1) y |= 1 << j; });
        expect(at(s, x)).toBe(at(t, y));
      }
      expect(support(s) & ~to.reduce((mask, leaf, i) => (from.includes(leaf) ? mask | (1 << i) : mask), 0)).toBe(0);
      // and back: each leaf of `to` the function does not read, dropped from the top
      let back = s;
      let size = to.length;
      for (let v = to.length - 1; v >= 0; v--) if (!from.includes(to[v]!)) back = dropVariable(back, v, size--);
      expect(back).toBe(t);
    }
  });
});

describe('the mapping into cells', () => {
  it('gives each gate at most four leaves and its value as a function of theirs, in every state under every input (random circuits)', () => {
    // not a cut of the graph in general: a leaf the function does not read leaves the cut, so the
    // function holds of the values the leaves take, not of any values
    let wide = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const aig = wideCircuit(seed, 4, 6, 60);
      const cells = CutMapping.of(aig);
      const first = firstGateNode(aig);
      const values = new Uint8Array(first + aig.fanins.length / 2);
      for (let n = first; n < values.length; n++) {
        expect(cells.size(n)).toBeLessThanOrEqual(4);
        if (cells.size(n) === 4) wide++;
        // the function reads every leaf
        expect(support(cells.table(n))).toBe((1 << cells.size(n)) - 1);
      }
      for (let x = 0; x < 1 << (first - 1); x++) {
        evaluate(aig, aig.latches.map((_, k) => (x >> (aig.inputs.length + k)) & 1), aig.inputs.map((_, k) => (x >> k) & 1), values);
        for (let n = first; n < values.length; n++) {
          let m = 0;
          for (let i = 0; i < cells.size(n); i++) m |= values[cells.leaf(n, i)]! << i;
          if (at(cells.table(n), m) !== values[n]) expect.fail(`seed ${seed}, gate ${n}, state and inputs ${x}`);
        }
      }
    }
    expect(wide).toBeGreaterThan(50);
  });
});

describe('the cells encoding', () => {
  it('forces every next state, the property and the constraints to their values, with latches constant, repeated and opposite (random circuits)', () => {
    let cellVars = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const aig = wideCircuit(seed, 3, 5, 50);
      const rnd = mulberry32(seed);
      const L = aig.latches.length;
      // per latch: a constant (0 or 1), the same variable as an earlier latch or its negation, or its own
      const kind = aig.latches.map((_, k) => (k === 0 ? 4 : Math.floor(rnd() * 5)));
      const sat = new SatSolver();
      const own: number[] = [];
      const u: Unroller = new Unroller(aig, sat, (_t, k) => {
        if (kind[k] === 0) return -u.trueLit;
        if (kind[k] === 1) return u.trueLit;
        if (kind[k] === 2) return u.lit(0, 2 * (1 + aig.inputs.length));
        if (kind[k] === 3) return -u.lit(0, 2 * (1 + aig.inputs.length));
        return (own[k] ||= sat.newVar());
      }, { encoding: 'cells' });
      const outputs = [...aig.latches.map((l) => l.next), ...aig.properties.map((p) => p.lit), ...aig.constraints.map((c) => c.lit)];
      const lits = outputs.map((l) => u.lit(0, l));
      cellVars += sat.numVars;
      const values = new Uint8Array(firstGateNode(aig) + aig.fanins.length / 2);
      for (let sample = 0; sample < 8; sample++) {
        const inputs = aig.inputs.map(() => (rnd() < 0.5 ? 1 : 0));
        const first = rnd() < 0.5 ? 1 : 0;
        const latches = kind.map((x, k) => (x === 0 ? 0 : x === 1 ? 1 : x === 2 ? first : x === 3 ? 1 - first : k === 0 ? first : rnd() < 0.5 ? 1 : 0));
        evaluate(aig, latches, inputs, values);
        const leaves: number[] = [];
        latches.forEach((x, k) => { if (kind[k] === 4 && own[k] !== undefined) leaves.push(x ? own[k] : -own[k]); });
        inputs.forEach((x, k) => { const v = u.peek(0, 1 + k); if (v !== 0) leaves.push(x ? v : -v); });
        const forced = lits.map((s, j) => (litValue(values, outputs[j]!) ? s : -s));
        expect(sat.solve(leaves), `seed ${seed}`).toBe(true);
        for (const s of forced) expect(sat.solve([...leaves, -s]), `seed ${seed}`).toBe(false);
      }
      expect(L).toBe(5);
    }
    expect(cellVars).toBeGreaterThan(0);
  });
});

/** Whether `state` under `inputs` makes each circuit literal true (a next state's literal: true in the next state). */
function holdsAfter(aig: Aig, state: Uint8Array, inputs: Uint8Array, lits: readonly number[]): boolean {
  const values = new Uint8Array(firstGateNode(aig) + aig.fanins.length / 2);
  evaluate(aig, state, inputs, values);
  return lits.every((l) => litValue(values, l) === 1);
}

describe('frame queries over cells, deciding by justification', () => {
  it('answer as over AND trees, with models that satisfy the query (random circuits)', () => {
    let sat = 0;
    let unsat = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const aig = wideCircuit(seed, 3, 6, 60);
      const firstLatch = 1 + aig.inputs.length;
      const rnd = mulberry32(100 + seed);
      const trees = new FrameSolver(aig, firstLatch, false, false, undefined, true, false);
      const cells = new FrameSolver(aig, firstLatch, false, false, undefined, true, true);
      for (let q = 0; q < 30; q++) {
        // a cube on the next states (and the bad state now and then), as a relative-induction query assumes
        const cube = aig.latches.map((_, k) => 2 * (firstLatch + k) + (rnd() < 0.5 ? 1 : 0)).filter(() => rnd() < 0.4);
        const circuitLits = cube.map((l) => (aig.latches[(l >> 1) - firstLatch]!.next ^ (l & 1)));
        if (rnd() < 0.3) circuitLits.push(aig.properties[0]!.lit);
        const ask = (fs: FrameSolver) => fs.sat.solve([...cube.map((l) => fs.nextLit(l)), ...(circuitLits.length > cube.length ? [fs.bad()] : [])]);
        const a = ask(trees);
        const b = ask(cells);
        expect(b, `seed ${seed}, query ${q}`).toBe(a);
        if (b) {
          sat++;
          const { state, inputs } = cells.model();
          expect(holdsAfter(aig, state, inputs, [...circuitLits, ...aig.constraints.map((c) => c.lit)]), `seed ${seed}, query ${q}`).toBe(true);
        } else {
          unsat++;
        }
      }
    }
    expect(sat).toBeGreaterThan(200);
    expect(unsat).toBeGreaterThan(50);
  });
});

describe('IC3 with cells from its first query', () => {
  const models = manifest().filter((m) => m.formalism === 'aiger' && m.path.startsWith('hwmcc24'));
  for (const m of models.filter((x) => /cal178|h_Arbiter|stack-p2|trex02|vis_arrays_bpbs_p2|float_req_bl_1071|a16-p113|zipcpu-busdelay-p09/.test(x.path))) {
    it(`${m.path} (${m.expected})`, async () => {
      const problem = await load(m.file);
      const r = await checkWith('ic3', problem, { ms: 20_000, settings: { 'ic3-cells': 'on', 'ic3-justify': 'on' } });
      expect(r.verdict).toBe(m.expected);
    });
  }
});
