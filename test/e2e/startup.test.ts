/**
 * What `vigil check` loads before it knows the model: no module that the CLI and its checker
 * worker import statically may reach z3-solver, whose WebAssembly start-up would be paid by every
 * circuit run (the bit-level engines and their certificate checks never call Z3). Word-level
 * engines and the invariant checks import the SMT bridge when they run. Read from the built
 * JavaScript (the suite's global setup builds it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, vigil } from '../support/cli.js';
import { loadProblem } from '../../formalisms/frontends/index.js';
import { plan } from '../../cli/check.js';
import { NODE_ENV_SET, NODE_ENV_UNSET, NODE_FLAGS, vigilEnv } from '../../cli/node-flags.js';
import type { CheckOptions } from '../../cli/protocol.js';

/** The static imports of a built module: each specifier, and the file it names when it is relative. */
function staticImports(file: string): { spec: string; path?: string }[] {
  return [...readFileSync(file, 'utf8').matchAll(/^import\s+(?:[^;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(([, spec]) => ({
    spec: spec!,
    ...(spec!.startsWith('.') ? { path: normalize(join(dirname(file), spec!)) } : {}),
  }));
}

/**
 * The chain of static imports from `entry` to a module that imports `pkg` (a package, or a module of
 * the build given by its path under dist/), or undefined.
 */
function staticPath(entry: string, pkg: string): string[] | undefined {
  const local = pkg.startsWith('dist/') ? join(ROOT, pkg) : undefined;
  const parent = new Map<string, string | undefined>([[entry, undefined]]);
  const work = [entry];
  while (work.length) {
    const file = work.pop()!;
    for (const { spec, path } of staticImports(file)) {
      if (path !== undefined && path !== local) {
        if (!parent.has(path)) { parent.set(path, file); work.push(path); }
      } else if ((local !== undefined && path === local) || spec === pkg || spec.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.push(p);
        return chain.map((f) => f.slice(ROOT.length));
      }
    }
  }
  return undefined;
}

describe('start-up of vigil check', () => {
  it('imports no module that reaches Z3 before a word-level engine or check asks for it', () => {
    const bitLevel = ['ic3', 'bmc', 'kind'].map((e) => `dist/engines/aiger/${e}.js`);
    for (const entry of ['dist/app/main.js', 'dist/cli/command-line.js', 'dist/cli/checker.js', 'dist/cli/here.js', 'dist/cli/check.js', 'dist/engines/portfolio.js', 'dist/engines/race.js', ...bitLevel]) {
      expect(staticPath(join(ROOT, entry), 'z3-solver'), entry).toBeUndefined();
    }
    // the test itself finds such a chain where one exists
    expect(staticPath(join(ROOT, 'dist/certificates/invariant.js'), 'z3-solver')).toBeDefined();
  });

  it('loads the command line and the engines only when the entry runs: it imports neither statically', () => {
    expect(staticPath(join(ROOT, 'dist/app/main.js'), 'commander')).toBeUndefined();
    expect(staticPath(join(ROOT, 'dist/app/main.js'), 'dist/engines/registry.js')).toBeUndefined();
  });

  it('runs two CommonJS bundles (scripts/bundle.js): what a circuit\'s check starts, commander inside, and the rest, Chevrotain inside', () => {
    const bin = join(ROOT, 'dist/bin/vigil.js');
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin.vigil).toBe('dist/bin/vigil.js');
    // the shebang carries Node's options for a vigil process, as `npm start` and the bench's launches do
    const set = Object.entries(NODE_ENV_SET).map(([name, value]) => `${name}=${value} `).join('');
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S ${NODE_ENV_UNSET.map((v) => `-u ${v} `).join('')}${set}node ${NODE_FLAGS.join(' ')}`);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start).toBe(`node ${NODE_FLAGS.join(' ')} dist/bin/vigil.js demo`);
    const core = readFileSync(join(ROOT, 'dist/bin/core.js'), 'utf8');
    const rest = readFileSync(join(ROOT, 'dist/bin/rest.js'), 'utf8');
    // esbuild wraps each bundled module in a function keyed by its file; the other bundle's
    // modules are stand-ins that take their exports from it
    const holds = (bundle: string, file: string) => bundle.includes(`"${file}"(`);
    for (const file of ['node_modules/commander/lib/command.js', 'dist/cli/command-line.js', 'dist/engines/aiger/ic3.js', 'dist/lang/sat/solver.js']) {
      expect(holds(core, file), file).toBe(true);
      expect(holds(rest, file), file).toBe(false);
    }
    for (const file of ['node_modules/chevrotain/lib/chevrotain.mjs', 'dist/cegar/engine.js', 'dist/lang/smt/solver.js', 'dist/formalisms/frontends/cfa/read.js']) {
      expect(holds(rest, file), file).toBe(true);
      expect(holds(core, file), file).toBe(false);
    }
    expect(core).toContain('require("vigil:rest").bundled("dist/cegar/engine.js")');
    expect(rest).toContain('require("vigil:core").bundled("dist/lang/expr.js")');
    for (const bundle of [core, rest]) expect(bundle).not.toMatch(/require\("(commander|chevrotain)"\)/);
    // the command line and the engines are initialised lazily: the entry's own module first
    expect(core).toMatch(/init_command_line=__esm\(/);
    expect(core).toMatch(/init_ic3=__esm\(/);
  });

  it('a circuit checked in the command\'s thread loads neither Z3, nor a worker thread\'s script, nor the rest bundle', () => {
    // Node's own trace of the CommonJS loader names every package and file it resolves; a
    // preloaded script names the files the process reads as text
    const dir = mkdtempSync(join(tmpdir(), 'vigil-reads-'));
    const preload = join(dir, 'reads.cjs');
    writeFileSync(preload, "const fs = require('node:fs'); const read = fs.readFileSync; fs.readFileSync = function (file, ...rest) { if (String(file).endsWith('.js')) process.stderr.write(`read ${file}\\n`); return read.call(this, file, ...rest); };\n");
    const r = spawnSync(process.execPath, ['-r', preload, join(ROOT, 'dist/bin/vigil.js'), 'check', join(ROOT, 'models/ring.aag'), '--quiet'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'module' } });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(`read ${join(ROOT, 'dist/bin/core.js')}`);
    expect(r.stderr).not.toMatch(/z3-solver|worker\.js|rest\.js/);
    // a program's front end is in the rest bundle, loaded when first imported
    const cfa = spawnSync(process.execPath, ['-r', preload, join(ROOT, 'dist/bin/vigil.js'), 'check', join(ROOT, 'models/counter.cfa'), '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    expect(cfa.status).toBe(0);
    expect(cfa.stderr).toContain(`read ${join(ROOT, 'dist/bin/rest.js')}`);
  });

  it('nor Node\'s child_process, worker_threads, v8 and perf_hooks, nor a stream for standard output', () => {
    // a preloaded script prints the built-in modules the process loaded, at its exit
    const dir = mkdtempSync(join(tmpdir(), 'vigil-builtins-'));
    const preload = join(dir, 'builtins.cjs');
    writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, JSON.stringify(process.moduleLoadList)));\n");
    const r = spawnSync(process.execPath, ['-r', preload, join(ROOT, 'dist/bin/vigil.js'), 'check', join(ROOT, 'models/ring.aag'), '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const loaded = JSON.parse(r.stderr.slice(r.stderr.indexOf('['))) as string[];
    expect(loaded).toContain('NativeModule vm');
    // the bundle loads the first three when first used, the clock is the process's own (lang/clock.ts),
    // and the answer goes straight to descriptor 1 (cli/stdio.ts): a pipe's stream would load net
    expect(loaded.filter((m) => /^NativeModule (child_process|worker_threads|v8|perf_hooks|net|tty)$/.test(m))).toEqual([]);
  });

  it('takes the allocator\'s setting the shebang makes out of its environment, so that the programs it starts run without it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-env-'));
    const preload = join(dir, 'env.cjs');
    writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, JSON.stringify({ env: process.env.GLIBC_TUNABLES ?? null })));\n");
    const r = spawnSync(process.execPath, ['-r', preload, join(ROOT, 'dist/bin/vigil.js'), 'check', join(ROOT, 'models/ring.aag'), '--quiet'], { cwd: ROOT, encoding: 'utf8', env: vigilEnv() });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stderr.slice(r.stderr.indexOf('{')))).toEqual({ env: null });
    expect(vigilEnv({ NODE_EXTRA_CA_CERTS: 'certs.pem' })).toEqual(NODE_ENV_SET);
  });

  it('loads the bundles from the code caches the build wrote for the command\'s options, and does not rewrite them', () => {
    const caches = () => readdirSync(join(ROOT, 'dist/bin')).filter((f) => f.endsWith('.cache')).map((f) => [f, statSync(join(ROOT, 'dist/bin', f)).mtimeMs] as const);
    const before = caches();
    for (const bundle of ['core', 'rest']) expect(before.some(([f]) => f.startsWith(`${bundle}-`))).toBe(true);
    const run = (model: string) => spawnSync(process.execPath, [...NODE_FLAGS, join(ROOT, 'dist/bin/vigil.js'), 'check', join(ROOT, model), '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    expect(run('models/shift.aag').status).toBe(1);
    expect(run('models/counter.cfa').status).toBe(0);
    // a cache that V8 rejected would have been written anew at the run's exit
    expect(caches().filter(([f]) => before.some(([g]) => g === f))).toEqual(before);
  });

  it('loads neither the block encoding nor the suites and their CSV parser before a run asks for them', () => {
    for (const heavy of ['dist/formalisms/block-encoding.js', 'dist/bench/suite.js', 'csv-parse']) {
      for (const entry of ['dist/cli/command-line.js', 'dist/cli/check.js']) expect(staticPath(join(ROOT, entry), heavy), `${entry}: ${heavy}`).toBeUndefined();
    }
    expect(staticPath(join(ROOT, 'dist/engines/passes/block-certificates.js'), 'dist/formalisms/block-encoding.js')).toBeDefined();
  });

  it('reads the model once in the main thread and decides from it where the check runs', async () => {
    const where = async (file: string, opts: Partial<CheckOptions> = {}, tui = false) => plan(await loadProblem(join(ROOT, file)), { settings: {}, outputs: {}, ...opts }, tui).here;
    // the bit-level engines need no Z3: here, unless the interface or --memory needs a worker
    expect(await where('models/ring.aag')).toBe(true);
    expect(await where('models/ring.aag', { algorithm: 'ic3' })).toBe(true);
    expect(await where('models/ring.aag', {}, true)).toBe(false);
    expect(await where('models/ring.aag', { memory: 500 })).toBe(false);
    // a word-level engine, on a circuit or elsewhere: in a worker, which --timeout can end inside Z3
    expect(await where('models/ring.aag', { algorithm: 'cegar' })).toBe(false);
    expect(await where('models/counter.cfa')).toBe(false);
  });

  it('checks a circuit here as in a worker, and reports bad input as before (exit 2)', () => {
    const shift = join(ROOT, 'models/shift.aag');
    const here = vigil(['check', shift, '--algorithm', 'ic3', '--quiet']);
    const worker = vigil(['check', shift, '--algorithm', 'ic3', '--quiet', '--memory', '2000']);
    expect(here.code).toBe(1);
    const time = /\d+\.\d\d s/;
    expect(here.stdout).toBe(worker.stdout.replace(time, here.stdout.match(time)![0]));
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-startup-')), 'out-of-range.aag');
    writeFileSync(file, 'aag 1 1 0 1 0\n2\n5\n');
    const bad = vigil(['check', file, '--quiet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/out-of-range\.aag:3:1: literal 5 is out of range/);
    expect(bad.stderr).not.toMatch(/\bat .*\.js/);
  });
});
