/**
 * Loads the command's bundle (dist/bin/core.js, one CommonJS file: scripts/bundle.js) with V8's
 * code cache. Compiling Vigil's modules was most of a short run's start-up, and Node 20 keeps no
 * compiled code between runs of ES modules (its compile cache is Node 22's); a `vm.Script` takes V8's
 * cached data instead: the bytecode of every function the run that wrote it had compiled, which V8
 * checks against the source, its own version and its flags, and ignores when they differ.
 *
 * The cache is written at the main thread's exit when it is missing or was ignored, one file per
 * Node version and Node options (a cache V8 rejects for other flags would otherwise be rewritten by
 * every run with other flags), atomically, since parallel runs may write it at once; an install
 * that cannot be written to runs without one. `npm run build` writes the one for the command's own
 * options with a training run.
 *
 * Code in a script from a code cache has no loader for `import()` in Node 20, so the bundle imports
 * ES modules through the loader's `import` (cli/esm.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** The bundle's exports (app/main.ts). */
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

/**
 * The bundle in `dir`, run in this thread and loaded from its code cache where there is one; the
 * command's thread (`writesCache`) writes the cache when there is none, its worker threads do not.
 */
export function loadCore(dir: string, writesCache: boolean): Core {
  const file = join(dir, 'core.js');
  const cacheFile = join(dir, `core-${process.version}-${optionsKey()}.cache`);
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
  (globalThis as { vigilImportEsm?: (url: string) => Promise<unknown> }).vigilImportEsm = (url) => import(url);
  const module = { exports: {} as Core };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dir);
  return module.exports;
}
