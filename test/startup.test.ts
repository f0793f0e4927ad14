/**
 * What `vigil check` loads before it knows the model: no module that the CLI and its checker
 * worker import statically may reach z3-solver, whose WebAssembly start-up would be paid by every
 * circuit run (the bit-level engines and their certificate checks never call Z3). Word-level
 * engines and the invariant checks import the SMT bridge when they run. Read from the built
 * JavaScript (the suite's global setup builds it).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, vigil } from './cli.js';
import { readCircuitAhead } from '../formalisms/frontends/index.js';
import { parseAiger } from '../lang/grammar/aiger.js';
import { checkPipeline } from '../cli/pipeline.js';
import { NODE_FLAGS } from '../cli/node-flags.js';

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

/** `entry` and the files it imports statically, directly or not. */
function staticFiles(entry: string): string[] {
  const seen = new Set([entry]);
  const work = [entry];
  while (work.length) {
    for (const { path } of staticImports(work.pop()!)) {
      if (path !== undefined && !seen.has(path)) { seen.add(path); work.push(path); }
    }
  }
  return [...seen];
}

describe('start-up of vigil check', () => {
  it('imports no module that reaches Z3 before a word-level engine or check asks for it', () => {
    const bitLevel = ['ic3', 'bmc', 'kind', 'portfolio'].map((e) => `dist/engines/aiger/${e}.js`);
    for (const entry of ['dist/cli/main.js', 'dist/cli/command-line.js', 'dist/cli/check-worker.js', 'dist/checker/check-worker.js', ...bitLevel]) {
      expect(staticPath(join(ROOT, entry), 'z3-solver'), entry).toBeUndefined();
    }
    // the test itself finds such a chain where one exists
    expect(staticPath(join(ROOT, 'dist/certificates/invariant.js'), 'z3-solver')).toBeDefined();
  });

  it('starts the checker thread before the command line is loaded: the entry imports nothing else statically', () => {
    expect(staticPath(join(ROOT, 'dist/cli/main.js'), 'commander')).toBeUndefined();
    expect(staticPath(join(ROOT, 'dist/cli/main.js'), 'dist/engines/registry.js')).toBeUndefined();
  });

  it('runs as a bundle (scripts/bundle.js) whose entry starts the checker and loads the command line, commander inlined, only then', () => {
    const bin = join(ROOT, 'dist/bin/vigil.js');
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin.vigil).toBe('dist/bin/vigil.js');
    // the shebang carries Node's options for a vigil process, as `npm start` and the bench's launches do
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${NODE_FLAGS.join(' ')}`);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start).toBe(`node ${NODE_FLAGS.join(' ')} dist/bin/vigil.js demo`);
    // esbuild marks each bundled module with a comment naming its file
    const loadedFirst = staticFiles(bin).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(loadedFirst).toContain('// dist/cli/checker-thread.js');
    for (const later of ['// node_modules/commander/', '// dist/cli/command-line.js', '// dist/engines/registry.js']) expect(loadedFirst).not.toContain(later);
    expect(staticPath(bin, 'z3-solver')).toBeUndefined();
    // the command line itself, in a lazy chunk, has commander inside and no import of it
    const chunks = readdirSync(join(ROOT, 'dist/bin')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(ROOT, 'dist/bin', f), 'utf8'));
    expect(chunks.some((c) => c.includes('// node_modules/commander/lib/command.js'))).toBe(true);
    expect(chunks.some((c) => /from ['"]commander['"]/.test(c))).toBe(false);
  });

  it('starts the checker from its bundle (scripts/bundle.js), which holds the pipeline and not the command line', () => {
    const worker = join(ROOT, 'dist/checker/check-worker.js');
    expect(readFileSync(join(ROOT, 'dist/cli/checker-thread.js'), 'utf8')).toContain("'../checker/check-worker.js'");
    expect(readFileSync(worker, 'utf8')).toContain('async function checkPipeline(');
    expect(staticPath(worker, 'commander')).toBeUndefined();
  });

  it('loads in the main thread neither the block encoding nor the suites and their CSV parser (the check runs in a worker)', () => {
    for (const heavy of ['dist/formalisms/block-encoding.js', 'dist/bench/suite.js', 'csv-parse']) {
      expect(staticPath(join(ROOT, 'dist/cli/command-line.js'), heavy), heavy).toBeUndefined();
    }
    expect(staticPath(join(ROOT, 'dist/engines/encoding.js'), 'dist/formalisms/problem.js')).toBeDefined();
  });

  it('reads a small circuit ahead in the main thread, and leaves other models and large circuits to the worker', async () => {
    const ring = join(ROOT, 'models/ring.aag');
    expect(await readCircuitAhead(ring)).toEqual(parseAiger(readFileSync(ring), ring));
    expect(await readCircuitAhead(join(ROOT, 'models/counter.cfa'))).toBeUndefined();
    // half a megabyte: read by the worker, where --timeout and q can end the reading
    expect(await readCircuitAhead(join(ROOT, '../shared/benchmarks/hwmcc24/split-dspfilters_fastfir_second-p24b0.aag'))).toBeUndefined();
    expect(await readCircuitAhead(join(ROOT, 'models/no-such-file.aag'))).toBeUndefined();
  });

  it('checks a circuit read ahead as one the worker reads, and reports bad input read ahead as before (exit 2)', async () => {
    const shift = join(ROOT, 'models/shift.aag');
    const opts = { settings: {}, algorithm: 'ic3' };
    const ahead = await checkPipeline(shift, opts, {}, await readCircuitAhead(shift));
    const read = await checkPipeline(shift, opts);
    expect(ahead.code).toBe(1);
    expect(ahead.text).toBe(read.text.replace(/\d+\.\d\d s/, ahead.text.match(/\d+\.\d\d s/)![0]));
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-startup-')), 'out-of-range.aag');
    writeFileSync(file, 'aag 1 1 0 1 0\n2\n5\n');
    const bad = vigil(['check', file, '--quiet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/out-of-range\.aag:3:1: literal 5 is out of range/);
    expect(bad.stderr).not.toMatch(/\bat .*\.js/);
  });
});

