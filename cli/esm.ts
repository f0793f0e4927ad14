/**
 * Imports an ES module that cannot be bundled or required: ink and vega wait at their top level
 * (for their WebAssembly), and the terminal interface's drawing code imports ink. The command's
 * bundle runs from V8's code cache, where Node 20 gives `import()` no loader, so its loader
 * provides one (app/bin/load-core.cts); outside the bundle this is `import()`.
 */
export function importEsm<T>(specifier: string): Promise<T> {
  const provided = (globalThis as { vigilImportEsm?: (s: string) => Promise<unknown> }).vigilImportEsm;
  return (provided ? provided(specifier) : import(specifier)) as Promise<T>;
}
