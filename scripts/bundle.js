// The command's build from tsc's output in dist/ (esbuild), since loading ES modules one by one
// (resolve, read, compile each) was most of every `vigil check`'s start-up:
//
// - dist/bin/core.js and dist/bin/rest.js: Vigil in two CommonJS files (what a circuit's check
//   starts, and the rest: see `holds` below), commander and Chevrotain inside (Chevrotain's
//   single-file ES build, which lang/grammar/chevrotain.ts imports with a top-level await that
//   CommonJS cannot hold), the other npm packages left to `require` from node_modules and the ES
//   ones that wait at their top level (ink, vega) to cli/esm.ts. CommonJS because V8's code cache
//   takes a script, not a module (app/bin/load-core.cts). Their modules are initialised when first
//   imported, so the engines, the front ends, the SMT bridge, the terminal interface and the bench
//   commands still cost nothing until a command needs them.
// - dist/bin/vigil.js, the `vigil` command, and dist/bin/worker.js, the script of Vigil's worker
//   threads (cli/threads.ts): each loads the bundles from their code caches (app/bin/*.cts).
// - the code caches for the command's own Node options, written by training runs.
//
// dist/bin/ lies at the same depth as dist/cli/, so that paths built from import.meta.url (the
// package root, the worker script, the terminal interface's drawing) hold in both.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
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
 * Node's child_process, worker_threads, v8 and tty, which cost 6, 4, 6 and 4 ms to load, as
 * modules that load them when first used: commander needs child_process only to spawn an
 * executable subcommand (Vigil has none), Vigil's modules need worker_threads only to start or be
 * a worker, which a circuit checked in the command's thread never does, v8 only for the heap's
 * limit, which such a check asks for only when its heap grows large (cli/here.ts), and tty only
 * when standard output is a character device (cli/stdio.ts). Their exports are getters, so bundled
 * importers read them at each use.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:(child_process|worker_threads|v8|tty)$/ }, (args) => (args.namespace === 'lazy' ? undefined : { path: args.path, namespace: 'lazy' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `let loaded; const load = () => (loaded ??= require(${JSON.stringify(args.path)}));\n`
        + `module.exports = { ${Object.keys(require(args.path)).map((name) => `get ${name}() { return load().${name}; }`).join(', ')} };\n`,
      loader: 'js',
    }));
  },
};

const BUNDLED = new Set(['commander', 'chevrotain', 'tinyqueue']);
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const bundleOptions = {
  ...common,
  // whitespace and syntax only, names kept: a --debug stack trace still names its functions, and
  // the source maps map its positions back; ring.aag 126 -> 113 ms of wall (a third less to read and scan)
  minifyWhitespace: true,
  minifySyntax: true,
  // other characters escaped, so that the command reads the bundles as Latin-1 (app/bin/load-core.cts)
  charset: 'ascii',
  external: [...Object.keys(dependencies).filter((name) => !BUNDLED.has(name)), 'vigil:core', 'vigil:rest'],
  // every module's import.meta.url is the bundle's own: dist/bin/ lies as deep as the modules' folders
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const BIN = 'dist/bin';

/** The command and the worker threads' script in `dir`, CommonJS beside the bundles they load. */
async function buildLaunchers(dir) {
  await build({ ...common, entryPoints: { vigil: 'dist/app/bin/vigil.cjs', worker: 'dist/app/bin/worker.cjs' }, outdir: dir });
  writeFileSync(`${dir}/package.json`, '{ "type": "commonjs" }\n');
}

/**
 * The training runs, with their exit codes. The circuits' runs find the modules a circuit's check
 * starts (core.js): the default, its JSON output, and k-induction and BMC alone, since the
 * portfolio answers these circuits before its other members start. A cache is written only where
 * there is none, so the first circuit's run writes core.js's and the program's run rest.js's.
 */
const TRAINING = [
  { args: ['check', 'models/ring.aag'], status: 0 },
  { args: ['check', 'models/shift.aag', '--json'], status: 1 },
  { args: ['check', 'models/ring.aag', '--algorithm', 'kind', '--quiet'], status: 0 },
  { args: ['check', 'models/shift.aag', '--algorithm', 'bmc', '--quiet'], status: 1 },
  { args: ['check', 'models/counter.cfa', '--quiet'], status: 0 },
];
const CIRCUITS = TRAINING.filter(({ args }) => args[1].endsWith('.aag'));

/** Runs `vigil` from `dir` with the command's own Node options. */
function train(dir, { args, status }, env = process.env) {
  const run = spawnSync(process.execPath, [...NODE_FLAGS, `${dir}/vigil.js`, ...args], { encoding: 'utf8', env });
  if (run.status !== status) throw new Error(`the training run \`vigil ${args.join(' ')}\` failed (exit ${run.status}): ${run.stderr}`);
}

/** A module's id in the bundles: its path from the package's root; a virtual module's is `namespace:path`. */
const idOf = (path) => relative('.', path);
const isFile = (id) => !/^[a-z-]+:/.test(id);

/** The bundle with a line added before each module's code that notes the module's id as it starts. */
const noteStarts = {
  name: 'note-starts',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?js$/, namespace: 'file' }, (args) => ({
      contents: `require('node:fs').appendFileSync(globalThis.process.env.VIGIL_STARTED, ${JSON.stringify(`${idOf(args.path)}\n`)});\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The modules a circuit's check starts: the bundle, built with `noteStarts` into a folder of its own,
 * runs the training circuits. With it, the import graph of the modules (esbuild's metafile).
 */
async function circuitModules() {
  const dir = 'dist/probe';
  const log = `${dir}/started.txt`;
  const { metafile } = await build({ ...bundleOptions, entryPoints: { core: 'dist/app/main.js' }, outdir: dir, metafile: true, plugins: [chevrotainBuild, lazyBuiltins, noteStarts] });
  await buildLaunchers(dir);
  for (const run of CIRCUITS) train(dir, run, { ...process.env, VIGIL_STARTED: log });
  const started = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
  rmSync(dir, { recursive: true });
  return { started, inputs: metafile.inputs };
}

/**
 * Two bundles instead of one, since V8 reads, checks and deserialises a whole script and its cache
 * whatever a run uses: core.js holds the modules a circuit's check starts (about a third of Vigil
 * and its bundled packages), rest.js the others (the word-level front ends and engines, the SMT
 * bridge, Chevrotain, what the bench commands run), loaded when a run first imports one of them.
 * Each file module lies in one bundle; in the other, a module of a few words stands for it, which
 * takes its exports from the bundle that holds it (`require('vigil:rest')`, app/bin/load-core.cts),
 * and each bundle's entry exports `bundled(id)`, the exports of each of its modules the other
 * imports. The virtual modules (the lazy built-ins and Chevrotain's proxy) hold no state of their
 * own and lie in both.
 */
const { started, inputs } = await circuitModules();
const inCore = (id) => started.has(id);
const imported = { core: new Set(), rest: new Set() };
for (const [id, { imports }] of Object.entries(inputs)) {
  for (const target of imports) {
    if (target.external || !isFile(target.path)) continue;
    // a virtual importer may lie in either bundle
    if (inCore(target.path) && (!isFile(id) || !inCore(id))) imported.core.add(target.path);
    if (!inCore(target.path) && (!isFile(id) || inCore(id))) imported.rest.add(target.path);
  }
}
/** An entry's `bundled`, in the folder `dir`: a switch on the modules `ids`. */
const registry = (dir, ids) => `export function bundled(id) {\n  switch (id) {\n${[...ids].sort().map((id) => `    case ${JSON.stringify(id)}: return require(${JSON.stringify(relative(dir, id))});`).join('\n')}\n  }\n  throw new Error(\`no module \${id} in this bundle\`);\n}\n`;
/** The modules `side` holds, each other file module as the few words that stand for it. */
const holds = (side) => ({
  name: 'holds',
  setup(b) {
    const other = side === 'core' ? 'rest' : 'core';
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'holds') return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, namespace: args.namespace, resolveDir: args.resolveDir, pluginData: 'holds' });
      if (found.errors.length > 0 || found.external || found.namespace !== 'file' || (side === 'core') === inCore(idOf(found.path))) return found;
      // a path of its own, since esbuild would take a `.mjs` for an ES module
      const id = idOf(found.path);
      return { path: `${id} (a stand-in)`, namespace: other, pluginData: id };
    });
    b.onLoad({ filter: /.*/, namespace: other }, (args) => ({
      contents: `module.exports = require('vigil:${other}').bundled(${JSON.stringify(args.pluginData)});\n`,
      loader: 'js',
    }));
  },
});
// the entries lie among tsc's ES modules: from stdin, esbuild took the bundle for a sloppy script
// and dropped the modules' "use strict"
const ENTRIES = 'dist/entries';
mkdirSync(ENTRIES, { recursive: true });
writeFileSync(`${ENTRIES}/core.js`, `export * from '../app/main.js';\n${registry(ENTRIES, imported.core)}`);
writeFileSync(`${ENTRIES}/rest.js`, registry(ENTRIES, imported.rest));
for (const side of ['core', 'rest']) {
  await build({ ...bundleOptions, entryPoints: { [side]: `${ENTRIES}/${side}.js` }, outdir: BIN, sourcemap: true, plugins: [chevrotainBuild, lazyBuiltins, holds(side)] });
}
rmSync(ENTRIES, { recursive: true });
await buildLaunchers(BIN);

// the training runs: the first circuit, checked in the command's thread, compiles the front end,
// the preprocessing, IC3, the SAT solver, the certificate check and the output, which core.js's
// cache keeps; the program's check writes rest.js's
for (const run of TRAINING) train(BIN, run);
for (const side of ['core', 'rest']) {
  if (!readdirSync(BIN).some((f) => f.startsWith(`${side}-`) && f.endsWith('.cache'))) throw new Error(`the training runs wrote no code cache for ${side}.js`);
}
