#!/usr/bin/env -S node --v8-pool-size=0
/**
 * The `vigil` command (dist/bin/vigil.js): runs the command's bundle, loaded from its code cache
 * (load-core.cts). The shebang carries Node's options for a `vigil` process (cli/node-flags.ts).
 */
import { loadCore } from './load-core.cjs';

void loadCore(__dirname).run(process.argv);
