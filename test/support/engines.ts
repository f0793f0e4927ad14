/**
 * Engines as `vigil check` runs them, in-process: the problem read by its front end, the engine
 * made by the registry, each property's task through the engine's passes, checked, mapped back and
 * its claims checked by their kinds.
 */
import { loadProblem } from '../../formalisms/frontends/index.js';
import type { Checked, Problem } from '../../formalisms/problem.js';
import type { Property } from '../../formalisms/property-kinds.js';
import type { Result } from '../../formalisms/result.js';
import type { EngineContext, Settings } from '../../engines/engine.js';
import { offerFor } from '../../engines/level.js';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { WorkerStart } from '../../cli/threads.js';
import { ROOT } from './cli.js';
import { engineFor } from '../../engines/registry.js';
import { checkProperty } from '../../cli/check.js';
import { ENGINE_CONTEXT } from '../../cli/engine-context.js';
import { withProperty, type Aig } from '../../formalisms/aig.js';
import { CircuitTask } from '../../formalisms/circuit-task.js';
import { LCORR_PASS, SIMPLIFY_PASS } from '../../engines/passes/circuit.js';
import { forwardAll } from '../../engines/passes/pass.js';

export const load = (file: string): Promise<Problem> => loadProblem(file);

/**
 * The engine context of the command, but for the members' threads, which run the build's worker
 * script (the suite's global setup builds it): a worker thread cannot load TypeScript sources.
 */
export const TEST_CONTEXT: EngineContext = {
  ...ENGINE_CONTEXT,
  spawn: (entry, data, transfer) => new Worker(join(ROOT, 'dist/cli/worker.js'), { workerData: { entry, data } satisfies WorkerStart, ...(transfer ? { transferList: [...transfer] } : {}) }),
};

/** The engine's certified result on one property (the first by default); throws CertificateError if a claim fails. */
export async function checkWith(algorithm: string, problem: Problem, opts: { settings?: Settings; ms?: number; property?: Property } = {}): Promise<Result> {
  const property = opts.property ?? problem.properties[0]!;
  const settings = opts.settings ?? {};
  const spec = engineFor(offerFor(problem.task(property), settings), algorithm);
  const engine = await spec.create(settings, TEST_CONTEXT);
  const deadline = opts.ms === undefined ? undefined : Date.now() + opts.ms;
  return checkProperty(problem, property, spec, engine, settings, { deadline }, { progress: () => {}, note: () => {} });
}

/** What the problem's output `name` writes for these results (as text). */
export function written(problem: Problem, name: string, checked: readonly Checked[], path = `out.${name}`): string | undefined {
  const out = problem.outputs.find((o) => o.name === name);
  if (!out) throw new Error(`${problem.file} offers no --${name}`);
  const text = out.write(checked, path);
  return text === undefined || typeof text === 'string' ? text : Buffer.from(text).toString('latin1');
}

/** A circuit as the engines get it by default: through the circuit passes (stuck latches, latch correspondence). */
export async function prepared(aig: Aig): Promise<Aig> {
  const task = new CircuitTask(aig.file, { name: 'b0', kind: 'safety', index: 0 }, withProperty(aig, 0));
  return (await forwardAll([SIMPLIFY_PASS, LCORR_PASS], task, ENGINE_CONTEXT)).task.circuit!;
}
