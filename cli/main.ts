#!/usr/bin/env node
/**
 * The `vigil` command's entry. For `check` and `hwmcc` it starts the checker's worker thread first,
 * so that the worker loads the pipeline while this thread loads the command line
 * (checker-thread.ts); the command line itself is command-line.ts.
 */
import { prestartChecker } from './checker-thread.js';

prestartChecker(process.argv);
const { main } = await import('./command-line.js');
process.exitCode = await main(process.argv);
