/**
 * What an engine gets from the thread that runs it (engines/engine.ts, `EngineContext`): Z3 when
 * it asks (its bridge imported then: a circuit run never loads it), the portfolio's member threads,
 * the cores, and the registry's engines by their lines.
 */
import { availableParallelism } from 'node:os';
import type { EngineContext } from '../engines/engine.js';
import { ENGINE_LINES } from '../engines/registry.js';
import { startWorker } from './threads.js';

export const ENGINE_CONTEXT: EngineContext = {
  z3: async () => (await import('../lang/smt/context.js')).loadZ3(),
  spawn: (entry, data, transfer) => startWorker(entry, data, transfer ? { transferList: [...transfer] } : {}),
  cores: availableParallelism(),
  engines: ENGINE_LINES,
};
