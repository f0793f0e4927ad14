// The checker's worker thread as a bundle (esbuild), built from tsc's output in dist/. Loading some
// 40 ES modules one by one (resolve, realpath, read, compile each) is a large part of the worker's
// start-up, which every `vigil check` waits for; a bundle is a few files. Code splitting keeps the
// lazy imports lazy (the engines, the front ends, the SMT bridge stay chunks of their own loaded
// when needed), and npm packages stay imports of node_modules (z3-solver and chevrotain load files
// beside their own). The bundle lies at the same depth as dist/cli/ so that paths built from
// import.meta.url (the package root, a portfolio member's own module) still hold.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// chunk names carry content hashes: a rebuild must not leave the old ones behind
rmSync('dist/checker', { recursive: true, force: true });

await build({
  entryPoints: { 'check-worker': 'dist/cli/check-worker.js' },
  outdir: 'dist/checker',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
