#!/usr/bin/env -S -u NODE_EXTRA_CA_CERTS GLIBC_TUNABLES=glibc.malloc.hugetlb=1 node --v8-pool-size=0
/**
 * The `vigil` command (dist/bin/vigil.js): runs the command's bundle, loaded from its code cache
 * (load-core.cts). The shebang carries Node's options for a `vigil` process and the variables it
 * runs without (cli/node-flags.ts).
 */
import { loadCore } from './load-core.cjs';

void loadCore(__dirname, true).run(process.argv);
