/**
 * The CDCL SAT solver: differential tests against brute force on thousands of small random CNFs
 * (plain, under assumptions with their final-conflict cores, and incremental sequences), bounded
 * variable elimination against brute force, edge cases of the interface, DIMACS reading and
 * writing, and a differential test against MiniSat (Debian's `minisat`) on generated medium-size
 * instances.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { graphColouring, multiplierMiter, pigeonhole, randomKSat, unrolledCircuit } from '../../../bench/cnf-gen.js';
import { mulberry32 } from '../../../bench/random.js';
import { InputError } from '../../../lang/errors.js';
import { parseDimacs, solverFor, writeDimacs, type Cnf } from '../../../lang/sat/dimacs.js';
import { KEEP_DOMAIN, SatSolver, type Lit } from '../../../lang/sat/solver.js';
import { VarHeap } from '../../../lang/sat/heap.js';
import { GATE_AND, GATE_ITE } from '../../../lang/sat/justification.js';
import { WatchLists } from '../../../lang/sat/watches.js';
import { eliminate, extendModel } from '../../../lang/sat/eliminate.js';

// ---------------------------------------------------------------- brute force

/** Whether the clauses over variables 1..n (n <= 20) have a model, by enumeration over bit masks. */
function bruteSat(numVars: number, clauses: readonly (readonly Lit[])[]): boolean {
  const pos: number[] = [];
  const neg: number[] = [];
  for (const c of clauses) {
    let p = 0;
    let q = 0;
    for (const l of c) {
      if (l > 0) p |= 1 << (l - 1);
      else q |= 1 << (-l - 1);
    }
    pos.push(p);
    neg.push(q);
  }
  const all = (1 << numVars) - 1;
  outer: for (let a = 0; a <= all; a++) {
    for (let i = 0; i < pos.length; i++) if ((a & pos[i]!) === 0 && (~a & neg[i]!) === 0) continue outer;
    return true;
  }
  return false;
}

function satisfies(s: SatSolver, clauses: readonly (readonly Lit[])[]): boolean {
  return clauses.every((c) => c.some((l) => s.value(l) === true));
}

function randomLits(rand: () => number, numVars: number, count: number): Lit[] {
  return Array.from({ length: count }, () => (1 + Math.floor(rand() * numVars)) * (rand() < 0.5 ? -1 : 1));
}

/** A random 3-CNF over 5..12 variables with a clause/variable ratio around the threshold. */
function smallCnf(rand: () => number): Cnf {
  const n = 5 + Math.floor(rand() * 8);
  return randomKSat(rand, n, Math.round(n * (3.5 + 2 * rand())));
}

/** Checks one UNSAT answer under assumptions: the core is a subset that alone is unsatisfiable. */
function checkCore(s: SatSolver, cnf: Cnf, assumptions: Lit[]): void {
  const core = s.failedAssumptions();
  for (const l of core) expect(assumptions).toContain(l);
  expect(bruteSat(cnf.numVars, [...cnf.clauses, ...core.map((l) => [l])])).toBe(false);
}

// ---------------------------------------------------------------- against brute force

describe('SAT solver against brute force', () => {
  it('decides 3000 random 3-CNFs near the threshold, with models that satisfy every clause', () => {
    const rand = mulberry32(1);
    const answers = { sat: 0, unsat: 0 };
    for (let i = 0; i < 3000; i++) {
      const cnf = smallCnf(rand);
      const s = solverFor(cnf);
      const r = s.solve();
      expect(r).toBe(bruteSat(cnf.numVars, cnf.clauses));
      if (r) expect(satisfies(s, cnf.clauses)).toBe(true);
      answers[r ? 'sat' : 'unsat']++;
    }
    // Near the threshold both answers are common, so both paths are exercised.
    expect(answers.sat).toBeGreaterThan(500);
    expect(answers.unsat).toBeGreaterThan(500);
  });

  it('decides 3000 random 3-CNFs under random assumptions, with cores that are unsatisfiable alone', () => {
    const rand = mulberry32(2);
    let cores = 0;
    for (let i = 0; i < 3000; i++) {
      const cnf = smallCnf(rand);
      const s = solverFor(cnf);
      const assumptions = randomLits(rand, cnf.numVars, 1 + Math.floor(rand() * 5));
      const r = s.solve(assumptions);
      expect(r).toBe(bruteSat(cnf.numVars, [...cnf.clauses, ...assumptions.map((l) => [l])]));
      if (r) {
        expect(satisfies(s, cnf.clauses)).toBe(true);
        for (const l of assumptions) expect(s.value(l)).toBe(true);
      } else {
        checkCore(s, cnf, assumptions);
        if (s.failedAssumptions().length < assumptions.length) cores++;
      }
      // The same solver answers again without assumptions.
      expect(s.solve()).toBe(bruteSat(cnf.numVars, cnf.clauses));
    }
    expect(cores).toBeGreaterThan(100);
  });

  it('follows 300 interleaved sequences of addClause, newVar and solve under assumptions', () => {
    const rand = mulberry32(3);
    for (let seq = 0; seq < 300; seq++) {
      const s = new SatSolver();
      const clauses: Lit[][] = [];
      for (let v = 0; v < 4; v++) s.newVar();
      for (let step = 0; step < 40; step++) {
        const action = rand();
        if (action < 0.1 && s.numVars < 12) {
          s.newVar();
        } else if (action < 0.6) {
          const c = randomLits(rand, s.numVars, 1 + Math.floor(rand() * 4));
          clauses.push(c);
          const stillOk = s.addClause(c);
          if (!stillOk) expect(bruteSat(s.numVars, clauses)).toBe(false);
        } else {
          const assumptions = rand() < 0.3 ? [] : randomLits(rand, s.numVars, 1 + Math.floor(rand() * 4));
          const r = s.solve(assumptions);
          const cnf = { numVars: s.numVars, clauses };
          expect(r).toBe(bruteSat(s.numVars, [...clauses, ...assumptions.map((l) => [l])]));
          if (r) {
            expect(satisfies(s, clauses)).toBe(true);
            for (const l of assumptions) expect(s.value(l)).toBe(true);
          } else {
            checkCore(s, cnf, assumptions);
          }
        }
      }
    }
  });

  it('follows 300 sequences of solves with a temporary clause, spending at most one variable on them', () => {
    const rand = mulberry32(11);
    for (let seq = 0; seq < 300; seq++) {
      const s = new SatSolver();
      const n = 5 + Math.floor(rand() * 7);
      for (let v = 0; v < n; v++) s.newVar();
      const clauses: Lit[][] = [];
      for (let step = 0; step < 40; step++) {
        if (rand() < 0.4) {
          const c = randomLits(rand, n, 1 + Math.floor(rand() * 4));
          clauses.push(c);
          s.addClause(c);
          continue;
        }
        const temporary = randomLits(rand, n, 1 + Math.floor(rand() * 4));
        const assumptions = rand() < 0.3 ? [] : randomLits(rand, n, 1 + Math.floor(rand() * 3));
        const r = s.solve(assumptions, { temporary });
        expect(r).toBe(bruteSat(n, [...clauses, temporary, ...assumptions.map((l) => [l])]));
        if (r) {
          expect(satisfies(s, [...clauses, temporary])).toBe(true);
          for (const l of assumptions) expect(s.value(l)).toBe(true);
        } else {
          const core = s.failedAssumptions();
          for (const l of core) expect(assumptions).toContain(l);
          expect(bruteSat(n, [...clauses, temporary, ...core.map((l) => [l])])).toBe(false);
        }
        // The temporary clause is gone: the clauses alone decide the next plain call.
        if (rand() < 0.2) expect(s.solve()).toBe(bruteSat(n, clauses));
      }
      expect(s.numVars).toBeLessThanOrEqual(n + 1);
    }
  });

  it('answers 300 temporary-clause queries on a 3-CNF of 60 variables as a fresh solver does', () => {
    const rand = mulberry32(12);
    const cnf = randomKSat(rand, 60, 200);
    const s = solverFor(cnf);
    let sat = 0;
    let unsat = 0;
    for (let q = 0; q < 300; q++) {
      const temporary = randomLits(rand, 60, 2 + Math.floor(rand() * 6));
      const assumptions = randomLits(rand, 60, Math.floor(rand() * 8));
      const fresh = solverFor({ numVars: 60, clauses: [...cnf.clauses, temporary, ...assumptions.map((l) => [l])] });
      const r = s.solve(assumptions, { temporary });
      expect(r).toBe(fresh.solve());
      if (r) {
        sat++;
        expect(satisfies(s, [...cnf.clauses, temporary])).toBe(true);
      } else {
        unsat++;
        const core = s.failedAssumptions();
        expect(solverFor({ numVars: 60, clauses: [...cnf.clauses, temporary, ...core.map((l) => [l])] }).solve()).toBe(false);
      }
    }
    expect(sat).toBeGreaterThan(20);
    expect(unsat).toBeGreaterThan(20);
    expect(s.numVars).toBe(61);
  });

  it.each([
    ['decides', false, false, false],
    ['decides and propagates', true, false, false],
    ['keeping the domain of the query before when it holds the cone, decides and propagates', true, true, false],
    ['by justification, keeping the domain, decides and propagates', true, true, true],
  ] as const)('%s only the cone of the assumed gates and answers 300 queries as a full solver does', (_, propagation, keep, justify) => {
    // Random AND gates over 12 free variables, clauses over the first 6 (the "latches"), and per query
    // a few gate outputs assumed: the latches and the assumed gates' fan-in are the domain; every other
    // gate is defined by its Tseitin clauses alone, as the call's contract asks. Deciding by
    // justification, every fifth gate is a multiplexer ITE(s, t, e) instead, and the solver is told
    // the gates and the latches.
    const rand = mulberry32(13);
    const free = 12;
    const latches = 6;
    const fanins: Lit[][] = [];
    const clauses: Lit[][] = randomKSat(rand, latches, 12).clauses.map((c) => [...c]);
    const definitions: [number, number, Lit[]][] = [];
    for (let g = free + 1; g <= free + 80; g++) {
      const pick = (): Lit => (1 + Math.floor(rand() * (g - 1))) * (rand() < 0.5 ? -1 : 1);
      if (justify && g % 5 === 0) {
        const [c, t, e] = [pick(), pick(), pick()];
        fanins[g] = [c, t, e];
        clauses.push([-c, -t, g], [-c, t, -g], [c, -e, g], [c, e, -g]);
        definitions.push([g, GATE_ITE, [c, t, e]]);
        continue;
      }
      const [a, b] = [pick(), pick()];
      fanins[g] = [a, b];
      clauses.push([-g, a], [-g, b], [g, -a, -b]);
      definitions.push([g, GATE_AND, [a, b]]);
    }
    const cone = (roots: readonly Lit[]): number[] => {
      const vars = new Set<number>(Array.from({ length: latches }, (_, i) => i + 1));
      const stack = roots.map(Math.abs);
      while (stack.length > 0) {
        const v = stack.pop()!;
        if (vars.has(v)) continue;
        vars.add(v);
        if (v > free) stack.push(...fanins[v]!.map(Math.abs));
      }
      return [...vars];
    };
    // a domain holds the cones of its variables, so it holds a query's cone if it holds the query's literals
    const holds = (standing: Uint8Array, lits: readonly Lit[]) => lits.every((l) => standing[Math.abs(l)] === 1);
    let kept = 0;
    const domain = (roots: readonly Lit[], temporary: readonly Lit[], standing: Uint8Array | undefined) => {
      if (!keep || !standing || !holds(standing, roots) || !holds(standing, temporary)) return cone(roots);
      kept++;
      return KEEP_DOMAIN;
    };
    const s = new SatSolver(domain, { propagation, justify });
    const full = new SatSolver();
    for (let v = 0; v < free + 80; v++) { s.newVar(); full.newVar(); }
    for (const c of clauses) { s.addClause(c); full.addClause(c); }
    for (const [g, kind, lits] of definitions) s.define(g, kind, lits);
    for (let v = 1; v <= latches; v++) s.mustDecide(v);
    let sat = 0;
    let undecided = 0;
    let last: Lit[] = [];
    for (let q = 0; q < 300; q++) {
      // with the domain kept, half the queries drop an assumption of the one before, as generalisation does
      const assumptions = keep && last.length > 1 && rand() < 0.5
        ? last.filter((_l, i) => i !== Math.floor(rand() * last.length))
        : Array.from({ length: 1 + Math.floor(rand() * 3) }, () => (free + 1 + Math.floor(rand() * 80)) * (rand() < 0.5 ? -1 : 1));
      last = assumptions;
      const temporary = randomLits(rand, latches, 1 + Math.floor(rand() * 3));
      const r = s.solve(assumptions, { temporary });
      expect(r).toBe(full.solve(assumptions, { temporary }));
      if (!r) continue;
      sat++;
      // by justification, only what the assumptions and clauses need is assigned
      if (!justify) for (const v of cone(assumptions)) expect(s.value(v)).toBeDefined();
      // The partial model extends by evaluating the gates from the free variables (unassigned ones false).
      const value: boolean[] = [];
      for (let v = 1; v <= free + 80; v++) {
        const f = fanins[v] ?? [];
        const lit = (l: Lit): boolean => value[Math.abs(l)] === l > 0;
        value[v] = v <= free ? s.value(v) === true : f.length === 3 ? (lit(f[0]!) ? lit(f[1]!) : lit(f[2]!)) : lit(f[0]!) && lit(f[1]!);
        if (s.value(v) === undefined) undecided++;
        else expect(s.value(v)).toBe(value[v]);
      }
      const holds = (l: Lit): boolean => value[Math.abs(l)] === l > 0;
      expect([...clauses, temporary].every((c) => c.some(holds))).toBe(true);
      expect(assumptions.every(holds)).toBe(true);
    }
    expect(sat).toBeGreaterThan(50);
    expect(undecided).toBeGreaterThan(0);
    if (keep) expect(kept).toBeGreaterThan(20);
  });

  it('by justification, answers hard queries as a full solver does, by justification and by activity after it', () => {
    justifiedQueries(undefined);
  });
});

/**
 * Random 3-SAT near its threshold as a circuit: clause j is NOT o_j with o_j = AND of its
 * negated literals, r = AND of every NOT o_j, and a query assumes r. Every clause is a gate's
 * definition and nothing is marked, so justification decides only what r's reasons need. The
 * searches take hundreds to thousands of conflicts: seed 1's decides by justification until
 * JUSTIFY_CAP, then by activity; for even seeds, 150 clauses over variables of their own come
 * first, whose reasons take a decision each, so the call goes on by activity after
 * JUSTIFY_CONFLICTS; the others decide by justification to the end.
 * With `chronoJump` 0 the searches backtrack chronologically at every backjump.
 */
function justifiedQueries(chronoJump: number | undefined): void {
  let longest = 0;
  let sat = 0;
  for (let seed = 1; seed <= 6; seed++) {
    const rand = mulberry32(seed);
    const n = 90;
    const cnf = randomKSat(rand, n, Math.round(4.26 * n));
    const padding = seed % 2 === 0 ? 150 : 0;
    const vars = n + 3 * padding;
    const easy = Array.from({ length: padding }, (_, k) => [n + 1 + 3 * k, n + 2 + 3 * k, n + 3 + 3 * k].map((v) => (rand() < 0.5 ? -v : v)));
    const problem = [...easy, ...cnf.clauses];
    const r = vars + problem.length + 1;
    const clauses: Lit[][] = [];
    const definitions: [number, Lit[]][] = [];
    problem.forEach((c, j) => {
      const o = vars + 1 + j;
      const negated = c.map((l) => -l);
      for (const l of negated) clauses.push([-o, l]);
      clauses.push([o, ...c]);
      definitions.push([o, negated]);
    });
    const outs = problem.map((_c, j) => -(vars + 1 + j));
    for (const l of outs) clauses.push([-r, l]);
    clauses.push([r, ...outs.map((l) => -l)]);
    definitions.push([r, outs]);
    const all = Array.from({ length: r }, (_, i) => i + 1);
    const s = new SatSolver(() => all, { propagation: true, justify: true, chronoJump });
    const full = new SatSolver();
    for (let v = 0; v < r; v++) { s.newVar(); full.newVar(); }
    for (const c of clauses) { s.addClause(c); full.addClause(c); }
    for (const [g, lits] of definitions) s.define(g, GATE_AND, lits);
    const answer = s.solve([r]);
    expect(answer).toBe(full.solve([r]));
    longest = Math.max(longest, s.stats.conflicts);
    if (!answer) continue;
    sat++;
    // r's reasons: every clause has a literal assigned true
    for (const c of problem) expect(c.some((l) => s.value(l) === true)).toBe(true);
  }
  expect(sat).toBeGreaterThan(1);
  expect(longest).toBeGreaterThan(1500);
}

describe('SAT solver with chronological backtracking at every backjump', () => {
  // chronoJump 0: a backjump over more than one level goes back only to the level below the
  // conflict's, so literals are assigned out of order all the time
  const chrono = { chronoJump: 0 };

  it('follows 300 sequences of clauses, assumptions and temporary clauses as brute force does', () => {
    const rand = mulberry32(21);
    let unsat = 0;
    for (let seq = 0; seq < 300; seq++) {
      const s = new SatSolver(undefined, chrono);
      const n = 8 + Math.floor(rand() * 8);
      for (let v = 0; v < n; v++) s.newVar();
      const cnf = randomKSat(rand, n, Math.round(n * (3 + rand())));
      const clauses: Lit[][] = cnf.clauses.map((c) => [...c]);
      for (const c of clauses) s.addClause(c);
      for (let step = 0; step < 12; step++) {
        const temporary = rand() < 0.5 ? randomLits(rand, n, 1 + Math.floor(rand() * 4)) : undefined;
        const assumptions = randomLits(rand, n, Math.floor(rand() * 4));
        const r = s.solve(assumptions, temporary ? { temporary } : {});
        const asked = [...clauses, ...(temporary ? [temporary] : []), ...assumptions.map((l) => [l])];
        expect(r).toBe(bruteSat(n, asked));
        if (r) {
          expect(satisfies(s, asked)).toBe(true);
        } else {
          unsat++;
          const core = s.failedAssumptions();
          for (const l of core) expect(assumptions).toContain(l);
          expect(bruteSat(n, [...clauses, ...(temporary ? [temporary] : []), ...core.map((l) => [l])])).toBe(false);
        }
        const c = randomLits(rand, n, 3);
        clauses.push(c);
        s.addClause(c);
      }
    }
    expect(unsat).toBeGreaterThan(300);
  });

  it('by justification, answers hard queries as a full solver does', () => {
    justifiedQueries(0);
  });

  it('decides random 3-SAT of 100 to 150 variables as the solver without it does', () => {
    const rand = mulberry32(22);
    for (let i = 0; i < 12; i++) {
      const cnf = randomKSat(rand, 100 + 5 * i, Math.round((100 + 5 * i) * 4.26));
      const s = solverFor(cnf, chrono);
      const r = s.solve();
      expect(r).toBe(solverFor(cnf).solve());
      if (r) expect(satisfies(s, cnf.clauses)).toBe(true);
    }
  });
});

describe('bounded variable elimination', () => {
  it('keeps 2000 random CNFs equisatisfiable under random values of their frozen variables, and extends their models', () => {
    const rand = mulberry32(7);
    let eliminated = 0;
    let extended = 0;
    for (let i = 0; i < 2000; i++) {
      const n = 5 + Math.floor(rand() * 8);
      const cnf = i % 2 === 0 ? randomKSat(rand, n, Math.round(n * (1 + 4 * rand()))) : unrolledCircuit(rand, 2, 1, 3, 2);
      if (cnf.numVars > 19) continue;
      const frozen = new Set(Array.from({ length: cnf.numVars }, (_, v) => v + 1).filter(() => rand() < 0.3));
      const e = eliminate(cnf.clauses, (v) => frozen.has(v));
      const gone = new Set(e.eliminated.map((x) => x.v));
      eliminated += gone.size;
      for (const v of gone) expect(frozen.has(v)).toBe(false);
      for (const c of e.clauses) for (const l of c) expect(gone.has(Math.abs(l))).toBe(false);
      const units = [...frozen].map((v) => (rand() < 0.5 ? v : -v));
      const assumed = units.map((l) => [l]);
      expect(bruteSat(cnf.numVars, [...e.clauses, ...assumed])).toBe(bruteSat(cnf.numVars, [...cnf.clauses, ...assumed]));
      const s = new SatSolver();
      for (let v = 0; v < cnf.numVars; v++) s.newVar();
      for (const c of e.clauses) s.addClause(c);
      if (s.solve(units) !== true) continue;
      const values = new Map<number, boolean>();
      extendModel(e, (v) => values.get(v) ?? s.value(v) === true, (v, b) => values.set(v, b));
      const holds = (l: Lit) => (values.get(Math.abs(l)) ?? s.value(Math.abs(l)) === true) === l > 0;
      expect(cnf.clauses.every((c) => c.some(holds))).toBe(true);
      for (const l of units) expect(holds(l)).toBe(true);
      extended++;
    }
    expect(eliminated).toBeGreaterThan(2000);
    expect(extended).toBeGreaterThan(500);
  });
});

describe('watch lists', () => {
  // All lists share one pool: a list that outgrows its room moves to the end (or widens there when
  // it is last), and the pool grows as a new array with every list at its offset. Plain arrays
  // model the lists through pushes, removals and clearing.
  it('keep their pairs across moves, pool growth, removals and clearing', () => {
    const rnd = mulberry32(11);
    const w = new WatchLists();
    const literals = 300;
    w.grow(literals);
    const model: number[][] = Array.from({ length: 2 * literals }, () => []);
    let grown = 0;
    for (let step = 0; step < 40_000; step++) {
      if (step === 20_000) w.grow(2 * literals); // widening the index keeps the lists
      const list = Math.floor(rnd() * 2 * literals);
      const r = rnd();
      if (r < 0.7) {
        const c = 1 + Math.floor(rnd() * 5000);
        const pool = w.pool;
        w.push(list, c, c + 1);
        if (w.pool !== pool) grown++;
        model[list]!.push(c, c + 1);
      } else if (r < 0.95 && model[list]!.length > 0) {
        const c = model[list]![2 * Math.floor(rnd() * (model[list]!.length / 2))]!;
        w.remove(list, c);
        const kept: number[] = [];
        for (let i = 0; i < model[list]!.length; i += 2) if (model[list]![i] !== c) kept.push(model[list]![i]!, model[list]![i + 1]!);
        model[list] = kept;
      } else if (r > 0.9995) {
        w.clear();
        for (const m of model) m.length = 0;
      }
    }
    for (let list = 0; list < 2 * literals; list++) {
      const s = w.start[list]!;
      expect([...w.pool.subarray(s, s + w.len[list]!)]).toEqual(model[list]);
    }
    expect(grown).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------- interface details

describe('VSIDS order', () => {
  // The heaps keep a copy of each activity per position; bumps, rescaling (activities past 1e100,
  // here after some 4,500 decays) and restricted heaps (bumped while the main heap waits) must keep
  // the copies equal to the activities, or pops come out of order. A model of the activities
  // follows the same rules.
  it('pops the most active variable, across rescaling and restrictions', () => {
    const rnd = mulberry32(7);
    const n = 200;
    const heap = new VarHeap();
    heap.grow(n + 1);
    for (let v = 1; v <= n; v++) heap.add(v);
    const act = new Float64Array(n + 1);
    let inc = 1;
    const inHeap = new Set(Array.from({ length: n }, (_, i) => i + 1));
    let rescaled = 0;
    for (let round = 0; round < 60; round++) {
      // bumps under a restriction leave the main heap out of order until it is next used
      const restricted = round % 3 === 0;
      const allowed = new Set([...inHeap].filter(() => rnd() < 0.5));
      if (restricted) heap.restrict([...allowed]);
      for (let k = 0; k < 150; k++) {
        const v = 1 + Math.floor(rnd() * n);
        if ((act[v]! += inc) > 1e100) {
          for (let u = 1; u <= n; u++) act[u]! *= 1e-100;
          inc *= 1e-100;
          rescaled++;
        }
        heap.bump(v);
        inc /= 0.95;
        heap.decay();
      }
      const pool = restricted ? allowed : inHeap;
      const popped: number[] = [];
      for (let k = 0; k < 20 && pool.size > 0; k++) {
        const v = heap.pop();
        const best = Math.max(...[...pool].map((u) => act[u]!));
        expect(act[v]).toBe(best);
        pool.delete(v);
        inHeap.delete(v);
        popped.push(v);
      }
      for (const v of popped) { heap.restore(v); inHeap.add(v); if (restricted) allowed.add(v); }
      if (restricted) {
        heap.unrestrict();
        // the main heap, before any bump puts it in order
        const v = heap.pop();
        expect(act[v]).toBe(Math.max(...[...inHeap].map((u) => act[u]!)));
        heap.restore(v);
      }
    }
    expect(rescaled).toBeGreaterThan(0);
  });
});

describe('SAT solver interface', () => {
  const vars = (s: SatSolver, n: number) => Array.from({ length: n }, () => s.newVar());

  it('numbers variables from 1 and reads models through value and modelValue', () => {
    const s = new SatSolver();
    expect(vars(s, 3)).toEqual([1, 2, 3]);
    expect(s.numVars).toBe(3);
    expect(s.value(1)).toBeUndefined();
    expect(s.modelValue(1)).toBe(false);
    s.addClause([1]);
    s.addClause([-1, -2]);
    expect(s.solve()).toBe(true);
    expect([s.value(1), s.value(-1), s.value(2), s.value(-2)]).toEqual([true, false, false, true]);
    expect(s.modelValue(1)).toBe(true);
    expect(s.modelValue(2)).toBe(false);
    const v4 = s.newVar();
    expect(s.value(v4)).toBeUndefined(); // created after the model
    expect(s.stats.solves).toBe(1);
  });

  it('handles empty clauses, duplicate literals and tautologies', () => {
    const s = new SatSolver();
    vars(s, 2);
    expect(s.addClause([1, 1, -2, -2])).toBe(true);
    expect(s.addClause([2, -2])).toBe(true);
    expect(s.solve([2])).toBe(true);
    expect(s.value(1)).toBe(true);
    expect(s.addClause([])).toBe(false);
    expect(s.solve()).toBe(false);
    expect(s.addClause([1])).toBe(false);
  });

  it('reports an empty core when the clauses alone are unsatisfiable', () => {
    const s = new SatSolver();
    vars(s, 2);
    s.addClause([1, 2]);
    s.addClause([1, -2]);
    s.addClause([-1, 2]);
    s.addClause([-1, -2]);
    expect(s.solve([1])).toBe(false);
    expect(s.failedAssumptions()).toEqual([]);
  });

  it('reports contradictory assumptions and assumptions false at level 0', () => {
    const s = new SatSolver();
    vars(s, 3);
    s.addClause([-3]);
    expect(s.solve([1, 2, -1])).toBe(false);
    expect(s.failedAssumptions().sort()).toEqual([-1, 1]);
    expect(s.solve([1, 3, 2])).toBe(false);
    expect(s.failedAssumptions()).toEqual([3]);
    expect(s.solve([1, 2])).toBe(true);
    expect(s.failedAssumptions()).toEqual([]);
  });

  it('keeps only the assumptions the conflict needs', () => {
    const s = new SatSolver();
    vars(s, 10);
    s.addClause([-1, -2, 3]);
    s.addClause([-3, -4]);
    // 5..8 are irrelevant; 1, 2 and 4 together are contradictory.
    expect(s.solve([5, 1, 6, 2, 7, 4, 8])).toBe(false);
    expect(s.failedAssumptions().sort((a, b) => a - b)).toEqual([1, 2, 4]);
  });

  it('rejects literals that name no variable', () => {
    const s = new SatSolver();
    vars(s, 2);
    expect(() => s.addClause([3])).toThrow(RangeError);
    expect(() => s.addClause([0])).toThrow(RangeError);
    expect(() => s.solve([-3])).toThrow(RangeError);
  });

  it('gives up at a conflict limit or a past deadline, then finishes when asked again', () => {
    const s = solverFor(pigeonhole(7));
    expect(s.solve([], { conflictLimit: 10 })).toBeUndefined();
    expect(s.solve([], { deadline: Date.now() - 1 })).toBeUndefined();
    expect(s.solve()).toBe(false);
    expect(s.stats.conflicts).toBeGreaterThan(10);
  });

  it('drops clauses retired through activation literals, as IC3 does, and stays correct', () => {
    // A frame of clauses guarded by an activation literal, queried, then retired by a unit.
    const rand = mulberry32(4);
    const s = new SatSolver();
    vars(s, 10);
    const permanent: Lit[][] = [];
    for (let round = 0; round < 200; round++) {
      const act = s.newVar();
      const guarded = Array.from({ length: 30 }, () => randomLits(rand, 10, 3));
      for (const c of guarded) s.addClause([-act, ...c]);
      const assumptions = randomLits(rand, 10, 2);
      const r = s.solve([act, ...assumptions]);
      const expected = bruteSat(10, [...permanent, ...guarded, ...assumptions.map((l) => [l])]);
      expect(r).toBe(expected);
      if (r) expect(satisfies(s, [...permanent, ...guarded])).toBe(true);
      else {
        // The core, read back over variables 1..10: the guarded frame counts only if act is in it.
        const core = s.failedAssumptions();
        for (const l of core) expect([act, ...assumptions]).toContain(l);
        const frame = core.includes(act) ? guarded : [];
        const units = core.filter((l) => l !== act).map((l) => [l]);
        expect(bruteSat(10, [...permanent, ...frame, ...units])).toBe(false);
      }
      s.addClause([-act]);
      if (round % 20 === 0) {
        const c = randomLits(rand, 10, 3);
        permanent.push(c);
        s.addClause(c);
      }
    }
    // Retired frames are removed by the level-0 simplification, which runs once the propagations
    // since its last pass outnumber the literals it would scan: of 6000 guarded clauses, few remain.
    expect(s.solve()).toBe(bruteSat(10, permanent));
    expect(s.numClauses[0]).toBeLessThan(600);
  });
});

// ---------------------------------------------------------------- DIMACS

describe('DIMACS', () => {
  it('reads comments, clauses spanning lines and a missing final 0, and writes back', () => {
    const cnf = parseDimacs('c a comment\np cnf 3 3\n1 -2 0 2\n3 0\n-1');
    expect(cnf).toEqual({ numVars: 3, clauses: [[1, -2], [2, 3], [-1]] });
    expect(parseDimacs(writeDimacs(cnf))).toEqual(cnf);
  });

  it('reports malformed input with line and column', () => {
    const at = (text: string): [number, number, string] => {
      try {
        parseDimacs(text, 'x.cnf');
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        const err = e as InputError;
        return [err.line, err.column, err.reason];
      }
      throw new Error('accepted');
    };
    expect(at('1 2 0\n')).toEqual([1, 1, "clause before the problem line 'p cnf VARIABLES CLAUSES'"]);
    expect(at('p cnf 2 1\n1 x 0\n')).toEqual([2, 3, "'x' is not a literal"]);
    expect(at('p cnf 2 1\n1 -3 0\n')).toEqual([2, 3, 'literal -3 exceeds the declared 2 variables']);
    expect(at('p cnf two 1\n')[2]).toMatch(/problem line must read/);
    expect(at('p cnf 2 2\n1 0\n')[2]).toBe('the problem line declares 2 clauses, the file has 1');
    expect(at('c only\n')[2]).toMatch(/missing problem line/);
  });
});

// ---------------------------------------------------------------- against MiniSat

const hasMinisat = spawnSync('minisat', ['--help']).error === undefined;
if (!hasMinisat && process.env.CI !== 'true') {
  console.warn('test/unit/lang/sat.test.ts: minisat not found, skipping the MiniSat differential tests (apt-get install -y minisat)');
}

describe.skipIf(!hasMinisat && process.env.CI !== 'true')('SAT solver against MiniSat', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-sat-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;

  function minisat(cnf: Cnf): boolean {
    expect(hasMinisat, 'minisat must be installed when CI=true (apt-get install -y minisat)').toBe(true);
    const file = join(dir, `f${files++}.cnf`);
    writeFileSync(file, writeDimacs(cnf));
    const r = spawnSync('minisat', ['-verb=0', file], { encoding: 'utf8' });
    if (r.status !== 10 && r.status !== 20) throw new Error(`minisat exited with ${r.status}: ${r.stderr}`);
    return r.status === 10;
  }

  function agree(cnf: Cnf): boolean {
    const s = solverFor(cnf);
    const r = s.solve();
    expect(r).toBe(minisat(cnf));
    if (r) expect(satisfies(s, cnf.clauses)).toBe(true);
    return r!;
  }

  it('agrees on random 3-SAT with 100 to 250 variables at ratio 4.26', () => {
    const rand = mulberry32(5);
    const answers: boolean[] = [];
    for (const n of [100, 100, 100, 150, 150, 150, 200, 200, 200, 250, 250]) {
      answers.push(agree(randomKSat(rand, n, Math.round(4.26 * n))));
    }
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });

  it('agrees on pigeonhole PHP(n+1, n) for n = 6..8', () => {
    for (const n of [6, 7, 8]) expect(agree(pigeonhole(n))).toBe(false);
  });

  it('agrees on unrolled circuits, multiplier miters and graph colouring', () => {
    const rand = mulberry32(6);
    for (let i = 0; i < 6; i++) agree(unrolledCircuit(rand, 20 + 10 * i, 4 + i, 100 + 50 * i, 10 + i));
    for (const bits of [3, 4, 5]) {
      expect(agree(multiplierMiter(bits))).toBe(false);
      expect(agree(multiplierMiter(bits, true))).toBe(true);
    }
    for (let i = 0; i < 6; i++) agree(graphColouring(rand, 60 + 20 * i, Math.round((60 + 20 * i) * 2.3), 3));
  });

  it('gives assumption cores that MiniSat confirms unsatisfiable', () => {
    const rand = mulberry32(7);
    let unsat = 0;
    for (let i = 0; i < 30; i++) {
      const n = 60 + Math.floor(rand() * 60);
      const cnf = randomKSat(rand, n, Math.round(3.8 * n));
      const s = solverFor(cnf);
      const assumptions = randomLits(rand, n, 10 + Math.floor(rand() * 20));
      const r = s.solve(assumptions);
      expect(r).toBe(minisat({ numVars: n, clauses: [...cnf.clauses, ...assumptions.map((l) => [l])] }));
      if (r) {
        expect(satisfies(s, cnf.clauses)).toBe(true);
        continue;
      }
      unsat++;
      const core = s.failedAssumptions();
      for (const l of core) expect(assumptions).toContain(l);
      expect(minisat({ numVars: n, clauses: [...cnf.clauses, ...core.map((l) => [l])] })).toBe(false);
    }
    expect(unsat).toBeGreaterThan(5);
  });
});
