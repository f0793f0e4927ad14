#!/usr/bin/env -S node --v8-pool-size=0
/**
 * The `vigil` command's entry. For `check` and `hwmcc` it starts the checker's worker thread first,
 * so that the worker loads the pipeline while this thread loads the command line
 * (checker-thread.ts); the command line itself is command-line.ts. The shebang carries Node's
 * options for a `vigil` process (node-flags.ts).
 */
import { prestartChecker } from './checker-thread.js';

// A reader that stops early (`vigil check --help | head`) closes the pipe: what it did not read is
// not wanted, so the command ends there instead of failing on the next write.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
}
prestartChecker(process.argv);
const { main } = await import('./command-line.js');
process.exitCode = await main(process.argv);
