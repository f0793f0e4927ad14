/**
 * `npm run bench:profile`: where the time of the default configuration goes. Every model of the
 * suites (default: `plc` and `theta-regression`, models with a known verdict) is checked once by
 * `vigil check --json` under V8's sampling profiler (`--cpu-prof`), one run at a time. The samples of
 * both threads (the main thread, and the worker that checks) are sorted into categories by the
 * script that ran them: Z3 (its
 * WebAssembly code, the emscripten glue and the JS-to-WebAssembly trampolines), Vigil's SMT bridge
 * (translation to and from Z3, interpolation), the parsers (Chevrotain), Vigil's other code per folder, module loading, garbage collection and idle time.
 * Frames without a script (V8 builtins) count for their nearest caller that has one. The table adds
 * the checker's own figures from `--json`: algorithm time, solver calls and the time inside them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { suiteModels } from './suite.js';
import { NODE_FLAGS, vigilEnv } from '../cli/node-flags.js';

const BIN = fileURLToPath(new URL('../bin/vigil.js', import.meta.url));

const opts = new Command('bench:profile')
  .option('--suite <part...>', 'corpus parts or manifests', ['plc', 'theta-regression'])
  .option('--timeout <s>', 'time limit per model, seconds', '10')
  .parse()
  .opts<{ suite: string[]; timeout: string }>();

interface CallFrame { readonly functionName: string; readonly url: string }
interface ProfileNode { readonly id: number; readonly callFrame: CallFrame; readonly children?: readonly number[] }
interface Profile { readonly nodes: readonly ProfileNode[]; readonly samples: readonly number[]; readonly timeDeltas: readonly number[] }

const CATEGORIES = ['Z3', 'SMT bridge', 'parsing', 'cegar', 'lang', 'formalisms', 'engines', 'cli', 'module loading', 'GC', 'idle', 'other'] as const;
type Category = (typeof CATEGORIES)[number];

/** The category of a frame with a script, or undefined for a builtin (no script). */
function categoryOfFrame(f: CallFrame): Category | undefined {
  if (f.functionName === '(garbage collector)') return 'GC';
  if (f.functionName === '(idle)') return 'idle';
  const u = f.url;
  if (u === '') return undefined;
  if (u.startsWith('wasm://') || u.includes('/z3-solver/')) return 'Z3';
  if (u.includes('/chevrotain/') || u.includes('/@chevrotain/') || u.includes('/dist/lang/grammar/')) return 'parsing';
  if (u.includes('/dist/lang/smt/')) return 'SMT bridge';
  const own = /\/dist\/(cegar|lang|formalisms|engines|cli)\//.exec(u);
  if (own) return own[1] as Category;
  if (u.startsWith('node:')) return 'module loading';
  return 'other';
}

/** Self time per category, in milliseconds, of one profile. */
function categorise(p: Profile): Map<Category, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, Category>();
  const resolve = (id: number): Category => {
    const known = categoryOf.get(id);
    if (known) return known;
    const own = categoryOfFrame(byId.get(id)!.callFrame);
    const up = parent.get(id);
    const c = own ?? (up === undefined ? 'other' : resolve(up));
    categoryOf.set(id, c);
    return c;
  };
  const out = new Map<Category, number>();
  p.samples.forEach((id, i) => out.set(resolve(id), (out.get(resolve(id)) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  return out;
}

interface Run { model: string; verdict: string; wallMs: number; algorithmMs: number; solverChecks: number; solverMs: number; profile: Map<Category, number> }

function profileRun(file: string, name: string): Run {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-prof-'));
  const started = performance.now();
  const r = spawnSync(process.execPath, [...NODE_FLAGS, '--cpu-prof', '--cpu-prof-dir', dir, BIN, 'check', file, '--json', '--quiet', '--timeout', opts.timeout], { encoding: 'utf8', maxBuffer: 1 << 28, env: vigilEnv() });
  const wallMs = performance.now() - started;
  let j: { verdict?: string; reason?: string; statistics?: Record<string, number> } = {};
  try { j = JSON.parse(r.stdout); } catch { /* an error run: no statistics */ }
  // One profile per thread: the main thread (limits, progress) and the worker that checks.
  const profile = new Map<Category, number>();
  for (const f of readdirSync(dir)) {
    for (const [c, t] of categorise(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Profile)) profile.set(c, (profile.get(c) ?? 0) + t);
  }
  rmSync(dir, { recursive: true, force: true });
  const s = j.statistics ?? {};
  return {
    model: name, verdict: j.verdict ? j.verdict + (j.reason ? ` (${j.reason})` : '') : 'error', wallMs,
    algorithmMs: s.timeMs ?? 0, solverChecks: s.solverChecks ?? 0, solverMs: s.solverTimeMs ?? 0,
    profile,
  };
}

const models = opts.suite.flatMap((s) => suiteModels(s));
const runs: Run[] = [];
for (const m of models) {
  const r = profileRun(m.file, m.name);
  runs.push(r);
  process.stderr.write(`${m.name}: ${r.verdict} ${(r.wallMs / 1000).toFixed(1)} s\n`);
}

const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '');
const busy = (p: Map<Category, number>) => CATEGORIES.filter((c) => c !== 'idle').reduce((s, c) => s + (p.get(c) ?? 0), 0);
const shown = CATEGORIES.filter((c) => c !== 'idle');
console.log(`| model | verdict | wall s | algorithm s | solver calls | in solver calls | ${shown.join(' | ')} |`);
console.log(`|---|---|---:|---:|---:|---:|${shown.map(() => '---:').join('|')}|`);
const total = new Map<Category, number>();
for (const r of runs) {
  for (const [c, t] of r.profile) total.set(c, (total.get(c) ?? 0) + t);
  const b = busy(r.profile);
  console.log(`| ${r.model} | ${r.verdict} | ${(r.wallMs / 1000).toFixed(2)} | ${(r.algorithmMs / 1000).toFixed(2)} | ${r.solverChecks} | ${pct(r.solverMs, r.algorithmMs)} | ${shown.map((c) => pct(r.profile.get(c) ?? 0, b)).join(' | ')} |`);
}
const sum = (f: (r: Run) => number) => runs.reduce((s, r) => s + f(r), 0);
const b = busy(total);
console.log(`\n${runs.length} models; wall ${(sum((r) => r.wallMs) / 1000).toFixed(1)} s, algorithm ${(sum((r) => r.algorithmMs) / 1000).toFixed(1)} s, `
  + `${sum((r) => r.solverChecks)} solver calls taking ${(sum((r) => r.solverMs) / 1000).toFixed(1)} s (${pct(sum((r) => r.solverMs), sum((r) => r.algorithmMs))} of the algorithm's time).`);
console.log(`CPU samples of both threads, ${(b / 1000).toFixed(1)} s busy: ${shown.map((c) => `${c} ${pct(total.get(c) ?? 0, b)}`).join(', ')}.`);
