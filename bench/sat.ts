/**
 * `npm run bench:sat`: times the TypeScript SAT solver against MiniSat (Debian's `minisat`, when
 * installed) on a few larger generated CNFs, then measures IC3-shaped incremental queries, which
 * only our solver can answer in-process. Prints markdown tables. Both times are CPU time (the
 * machine may be shared): ours includes loading the clauses, MiniSat's its parsing; the limit is
 * CPU time for both (ours searches in slices of SLICE conflicts, each call resuming with what the
 * earlier ones learnt, and stops once the process has used the limit).
 *
 * Options: --limit SECONDS per instance and solver (default 120); --part cnf or ic3 runs one table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { multiplierMiter, pigeonhole, randomKSat, transitionRelation, unrolledCircuit } from './cnf-gen.js';
import { mulberry32 } from './random.js';
import { solverFor, writeDimacs, type Cnf } from '../lang/sat/dimacs.js';
import type { Lit } from '../lang/sat/solver.js';

const opts = new Command('bench:sat')
  .option('--limit <s>', 'time limit per instance and solver, seconds', '120')
  .option('--part <part>', 'cnf (the MiniSat table), ic3 (the query table) or all', 'all')
  .parse()
  .opts<{ limit: string; part: string }>();
const limit = Number(opts.limit);

type Answer = 'SAT' | 'UNSAT' | 'timeout';

const SLICE = 20000;
const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

function ours(cnf: Cnf): { answer: Answer; seconds: number; conflicts: number } {
  const started = process.cpuUsage();
  const s = solverFor(cnf);
  let r: boolean | undefined;
  do r = s.solve([], { conflictLimit: SLICE }); while (r === undefined && cpuSeconds(started) < limit);
  const seconds = cpuSeconds(started);
  if (r === true && !cnf.clauses.every((c) => c.some((l) => s.value(l) === true))) throw new Error('model violates a clause');
  return { answer: r === undefined ? 'timeout' : r ? 'SAT' : 'UNSAT', seconds, conflicts: s.stats.conflicts };
}

const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-sat-'));
const hasMinisat = spawnSync('minisat', ['--help']).error === undefined;

function minisat(cnf: Cnf): { answer: Answer; seconds: number; conflicts: number } | undefined {
  if (!hasMinisat) return undefined;
  const file = join(dir, 'instance.cnf');
  writeFileSync(file, writeDimacs(cnf));
  const r = spawnSync('minisat', [`-cpu-lim=${limit}`, file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = Number(/CPU time\s*:\s*([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
  const conflicts = Number(/conflicts\s*:\s*(\d+)/.exec(r.stdout)?.[1] ?? NaN);
  const answer: Answer = r.status === 10 ? 'SAT' : r.status === 20 ? 'UNSAT' : 'timeout';
  return { answer, seconds, conflicts };
}

const rand = mulberry32(2024);
const instances: [string, Cnf][] = [
  ['PHP(9,8)', pigeonhole(8)],
  ['PHP(10,9)', pigeonhole(9)],
  ...[0, 1, 2].map((i): [string, Cnf] => [`random 3-SAT 300 vars #${i}`, randomKSat(rand, 300, Math.round(4.26 * 300))]),
  ['random 3-SAT 400 vars', randomKSat(rand, 400, Math.round(4.2 * 400))],
  ['BMC unrolled circuit (100 latches, 2048 gates, 20 steps)', unrolledCircuit(rand, 100, 16, 2048, 20, 10)],
  ['multiplier miter 7 bits', multiplierMiter(7)],
];

if (opts.part !== 'ic3') {
  console.log(`| instance | vars | clauses | ours | ours s | ours conflicts | minisat | minisat s | minisat conflicts | ratio |`);
  console.log(`|---|---:|---:|---|---:|---:|---|---:|---:|---:|`);
}
const ratios: number[] = [];
for (const [name, cnf] of opts.part === 'ic3' ? [] : instances) {
  const a = ours(cnf);
  const b = minisat(cnf);
  if (b && a.answer !== 'timeout' && b.answer !== 'timeout' && a.answer !== b.answer) throw new Error(`${name}: answers differ`);
  const both = b !== undefined && a.answer !== 'timeout' && b.answer !== 'timeout';
  if (both) ratios.push(a.seconds / b.seconds);
  const ratio = both ? (a.seconds / b.seconds).toFixed(1) : '';
  console.log(`| ${name} | ${cnf.numVars} | ${cnf.clauses.length} | ${a.answer} | ${a.seconds.toFixed(2)} | ${a.conflicts} | ` +
    `${b?.answer ?? 'not installed'} | ${b ? b.seconds.toFixed(2) : ''} | ${b?.conflicts ?? ''} | ${ratio} |`);
}
if (ratios.length > 0) {
  const geo = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  console.log(`\nGeometric mean of the ratios (ours / MiniSat, CPU time) over the ${ratios.length} instances both decided: ${geo.toFixed(2)}`);
}
rmSync(dir, { recursive: true, force: true });

/**
 * IC3-shaped queries (smt-notes.md, section 7): a transition relation of 100 latches and 2048 gates,
 * a frame of 6000 clauses over the current state, and per query F ∧ ¬s ∧ T ∧ s' for a random cube s
 * of 20 latches: s' assumed, the current state read on SAT (100 values), and ¬s either added under
 * a fresh activation literal retired afterwards, or passed as the call's temporary clause.
 */
function ic3Queries(queries: number, temporary: boolean, rand: () => number): void {
  const { cnf, current, next } = transitionRelation(rand, 100, 16, 2048);
  const s = solverFor(cnf);
  // Frame clauses all satisfied by a hidden state, as IC3's are by the states they do not block.
  const hidden = current.map(() => rand() < 0.5);
  for (let i = 0; i < 6000; i++) {
    const width = 8 + Math.floor(rand() * 12);
    const clause: Lit[] = [];
    const keep = Math.floor(rand() * current.length);
    clause.push(hidden[keep] ? current[keep]! : -current[keep]!);
    while (clause.length < width) {
      const k = Math.floor(rand() * current.length);
      clause.push(rand() < 0.5 ? current[k]! : -current[k]!);
    }
    s.addClause(clause);
  }
  const answers = { sat: 0, unsat: 0 };
  const state = new Uint8Array(current.length);
  const started = process.cpuUsage();
  for (let q = 0; q < queries; q++) {
    const picks = new Set<number>();
    while (picks.size < 20) picks.add(Math.floor(rand() * current.length));
    const cube = [...picks].map((k) => (rand() < 0.5 ? 1 : -1) * k);
    const negated = cube.map((k) => (k >= 0 ? -current[Math.abs(k)]! : current[Math.abs(k)]!));
    const primed = cube.map((k) => (k >= 0 ? next[Math.abs(k)]! : -next[Math.abs(k)]!));
    const act = temporary ? 0 : s.newVar();
    if (!temporary) s.addClause([-act, ...negated]);
    if (temporary ? s.solve(primed, { temporary: negated }) : s.solve([act, ...primed])) {
      answers.sat++;
      current.forEach((l, k) => { state[k] = s.value(l) ? 1 : 0; });
    } else {
      answers.unsat++;
    }
    if (!temporary) s.addClause([-act]);
  }
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  console.log(`| ${queries} queries, frame 6000 clauses, cube 20 latches, ${temporary ? 'temporary clause' : 'activation literal'} | ${answers.sat} | ${answers.unsat} | ` +
    `${s.stats.conflicts} | ${(ms / 1000).toFixed(2)} | ${((ms * 1000) / queries).toFixed(0)} |`);
}

if (opts.part !== 'cnf') {
  console.log(`\n| IC3-shaped queries | SAT | UNSAT | conflicts | CPU s | µs CPU per query |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  // Both forms on the same circuit, frame and cubes.
  for (const temporary of [false, true]) ic3Queries(5000, temporary, mulberry32(2025));
}
