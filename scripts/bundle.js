// Two bundles (esbuild) of tsc's output in dist/, since loading ES modules one by one (resolve,
// realpath, read, compile each) is a large part of every `vigil check`'s start-up:
//
// - dist/bin/vigil.js, the `vigil` command, for the main thread: the entry that starts the checker
//   worker, then the command line with commander inlined (commander is CommonJS, which Node's ES
//   loader would read with its own lexer, file by file).
// - dist/checker/check-worker.js, the checker's worker thread: the pipeline, the engines and the
//   certificate checks, npm packages left as imports.
//
// Code splitting keeps the lazy imports lazy (the engines, the front ends, the SMT bridge, the
// terminal interface, the bench commands stay chunks of their own loaded when needed), and the
// other npm packages stay imports of node_modules (z3-solver and chevrotain load files beside
// their own). Both bundles lie at the same depth as dist/cli/ so that paths built from
// import.meta.url (the package root, the checker's bundle, a portfolio member's own module) still
// hold. The command's bundle saves about 6 ms of the 150 to 155 from start to exit on a trivial
// circuit and on models/ring.aag (medians of 100 runs, the two builds interleaved).
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
};

// chunk names carry content hashes: a rebuild must not leave the old ones behind
for (const dir of ['dist/checker', 'dist/bin']) rmSync(dir, { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { 'check-worker': 'dist/cli/check-worker.js' },
  outdir: 'dist/checker',
  packages: 'external',
});

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
await build({
  ...common,
  entryPoints: { vigil: 'dist/cli/main.js' },
  outdir: 'dist/bin',
  external: Object.keys(dependencies).filter((name) => name !== 'commander'),
  // commander's require() of Node's own modules, which an ES module has no binding for
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
