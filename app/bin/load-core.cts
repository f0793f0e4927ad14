/**
 * Loads the command's bundles (dist/bin/core.js and rest.js, CommonJS files: scripts/bundle.js)
 * with V8's code cache. Compiling Vigil's modules was most of a short run's start-up, and Node 20
 * keeps no compiled code between runs of ES modules (its compile cache is Node 22's); a `vm.Script`
 * takes V8's cached data instead: the bytecode of every function the run that wrote it had
 * compiled, which V8 checks against the source, its own version and its flags, and ignores when
 * they differ.
 *
 * A bundle's cache is written at the main thread's exit when it is missing or was ignored, one file
 * per bundle, Node version and Node options (a cache V8 rejects for other flags would otherwise be
 * rewritten by every run with other flags), atomically, since parallel runs may write it at once;
 * an install that cannot be written to runs without one. `npm run build` writes those for the
 * command's own options with training runs.
 *
 * Code in a script from a code cache has no loader for `import()` in Node 20, so the bundle imports
 * ES modules through the loader's `import` (cli/esm.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** The command's bundle's exports (app/main.ts). */
export interface Core {
  run(argv: string[]): Promise<void>;
  worker(start: unknown): Promise<void>;
}

/** A short, stable name for the options the process runs with (FNV-1a). */
function optionsKey(): string {
  let h = 0x811c9dc5;
  for (const c of process.execArgv.join(' ')) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}

function saveCache(script: Script, file: string): void {
  try {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
  } catch {
    // a read-only install: the next run compiles again
  }
}

/** Runs the bundle `name`.js in `dir` in this thread, from its code cache where there is one, into `module`. */
function runBundle(dir: string, name: string, writesCache: boolean, require: NodeJS.Require, module: { exports: unknown }): void {
  const file = join(dir, `${name}.js`);
  const cacheFile = join(dir, `${name}-${process.version}-${optionsKey()}.cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet
  }
  // ASCII (scripts/bundle.js), so read as Latin-1: one byte per character, no UTF-8 decoding
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'latin1')}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (writesCache && (cachedData === undefined || script.cachedDataRejected === true)) process.once('exit', () => saveCache(script, cacheFile));
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, file, dir);
}

/**
 * The command's bundle in `dir`, core.js, run in this thread; rest.js runs when core.js first
 * requires it (`require('vigil:rest')`). The command's thread (`writesCache`) writes a bundle's
 * cache when there is none; its worker threads do not.
 */
export function loadCore(dir: string, writesCache: boolean): Core {
  const nodeRequire = createRequire(join(dir, 'core.js'));
  const bundles = new Map<string, { exports: unknown }>();
  // each bundle's module object is in the map before the bundle runs, so either may require the other
  const require = Object.assign((id: string): unknown => {
    const name = /^vigil:(core|rest)$/.exec(id)?.[1];
    if (name === undefined) return nodeRequire(id);
    let module = bundles.get(name);
    if (module === undefined) {
      module = { exports: {} };
      bundles.set(name, module);
      runBundle(dir, name, writesCache, require, module);
    }
    return module.exports;
  }, nodeRequire);
  (globalThis as { vigilImportEsm?: (url: string) => Promise<unknown> }).vigilImportEsm = (url) => import(url);
  return require('vigil:core') as Core;
}
