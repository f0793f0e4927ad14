// The command's build from tsc's output in dist/ (esbuild), since loading ES modules one by one
// (resolve, read, compile each) was most of every `vigil check`'s start-up:
//
// - dist/bin/core.js: Vigil in one CommonJS file, commander and Chevrotain inside (Chevrotain's
//   single-file ES build, which lang/grammar/chevrotain.ts imports with a top-level await that
//   CommonJS cannot hold), the other npm packages left to `require` from node_modules and the ES
//   ones that wait at their top level (ink, vega) to cli/esm.ts. CommonJS because V8's code cache
//   takes a script, not a module (app/bin/load-core.cts). Its modules are initialised when first
//   imported, so the engines, the front ends, the SMT bridge, the terminal interface and the bench
//   commands still cost nothing until a command needs them.
// - dist/bin/vigil.js, the `vigil` command, and dist/bin/worker.js, the script of Vigil's worker
//   threads (cli/threads.ts): each loads core.js from its code cache (cli/bin/*.cts).
// - the code cache for the command's own Node options, written by a training run on a circuit.
//
// dist/bin/ lies at the same depth as dist/cli/, so that paths built from import.meta.url (the
// package root, the worker script, the terminal interface's drawing) hold in both.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_FLAGS } from '../dist/cli/node-flags.js';

const require = createRequire(import.meta.url);

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' };

// a build leaves no bundle or cache of an earlier one behind (dist/checker: the worker's bundle of earlier builds)
for (const dir of ['dist/checker', 'dist/bin']) rmSync(dir, { recursive: true, force: true });

/**
 * lang/grammar/chevrotain.js in the bundle: Chevrotain's single-file ES build, imported statically,
 * behind a module that initialises it when one of its exports is first read. The AIGER reader
 * needs it only for a file in an unusual form, and Chevrotain's initialisation was 5 ms of every
 * circuit run; the grammars of the other formats read it as their modules start. The exports are
 * getters, so bundled importers read them at each use.
 */
const CHEVROTAIN_EXPORTS = ['EOF', 'EmbeddedActionsParser', 'Lexer', 'createToken'];
const chevrotainBuild = {
  name: 'chevrotain-build',
  setup(b) {
    b.onResolve({ filter: /\/chevrotain\.js$/ }, (args) => (resolve(args.resolveDir, args.path).endsWith('/dist/lang/grammar/chevrotain.js') ? { path: 'chevrotain-lazy', namespace: 'vigil' } : undefined));
    b.onResolve({ filter: /^vigil-chevrotain-build$/ }, () => ({ path: 'chevrotain-build', namespace: 'vigil' }));
    b.onLoad({ filter: /^chevrotain-lazy$/, namespace: 'vigil' }, () => ({
      contents: "let loaded; const load = () => (loaded ??= require('vigil-chevrotain-build'));\n"
        + `module.exports = { ${CHEVROTAIN_EXPORTS.map((name) => `get ${name}() { return load().${name}; }`).join(', ')} };\n`,
      loader: 'js',
      resolveDir: '.',
    }));
    b.onLoad({ filter: /^chevrotain-build$/, namespace: 'vigil' }, () => ({
      contents: `export { ${CHEVROTAIN_EXPORTS.join(', ')} } from ${JSON.stringify(fileURLToPath(new URL('../node_modules/chevrotain/lib/chevrotain.mjs', import.meta.url)))};`,
      resolveDir: '.',
    }));
  },
};

/**
 * Node's child_process, worker_threads and v8, which cost 6, 4 and 6 ms to load, as modules that
 * load them when first used: commander needs child_process only to spawn an executable subcommand
 * (Vigil has none), Vigil's modules need worker_threads only to start or be a worker, which a
 * circuit checked in the command's thread never does, and v8 only for the heap's limit, which such
 * a check asks for only when its heap grows large (cli/in-thread.ts). Their exports are getters, so
 * bundled importers read them at each use.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:(child_process|worker_threads|v8)$/ }, (args) => (args.namespace === 'lazy' ? undefined : { path: args.path, namespace: 'lazy' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `let loaded; const load = () => (loaded ??= require(${JSON.stringify(args.path)}));\n`
        + `module.exports = { ${Object.keys(require(args.path)).map((name) => `get ${name}() { return load().${name}; }`).join(', ')} };\n`,
      loader: 'js',
    }));
  },
};

const BUNDLED = new Set(['commander', 'chevrotain', 'tinyqueue']);
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
await build({
  ...common,
  entryPoints: { core: 'dist/app/main.js' },
  outdir: 'dist/bin',
  sourcemap: true,
  // whitespace and syntax only, names kept: a --debug stack trace still names its functions, and
  // core.js.map maps its positions back; ring.aag 126 -> 113 ms of wall (a third less to read and scan)
  minifyWhitespace: true,
  minifySyntax: true,
  // other characters escaped, so that the command reads the bundle as Latin-1 (app/bin/load-core.cts)
  charset: 'ascii',
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  plugins: [chevrotainBuild, lazyBuiltins],
  // every module's import.meta.url is the bundle's own: dist/bin/ lies as deep as the modules' folders
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await build({ ...common, entryPoints: { vigil: 'dist/app/bin/vigil.cjs', worker: 'dist/app/bin/worker.cjs' }, outdir: 'dist/bin' });
writeFileSync('dist/bin/package.json', '{ "type": "commonjs" }\n');

// the training run: a circuit checked in the command's thread compiles the front end, the
// preprocessing, IC3, the SAT solver, the certificate check and the output, which the cache keeps
const trained = spawnSync(process.execPath, [...NODE_FLAGS, 'dist/bin/vigil.js', 'check', 'models/ring.aag', '--quiet'], { encoding: 'utf8' });
if (trained.status !== 0 || !readdirSync('dist/bin').some((f) => f.endsWith('.cache'))) {
  throw new Error(`the training run of the code cache failed (exit ${trained.status}): ${trained.stderr}`);
}
