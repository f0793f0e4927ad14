/**
 * Transformations of a task as passes, after Theta's `MonolithicExprPass`: a pass maps a task
 * forward to one an engine checks, and the engine's result, whose certificate speaks of the task it
 * was given, back to a result over the task the pass was given, so the front end can make its
 * claims about the file from it. The registry composes the passes an engine's settings ask for
 * (engines/registry.ts); the engines check whatever task they are handed.
 */
import type { Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import type { EngineContext, EngineOption, Settings } from '../engine.js';

/** A task transformed, with the map of results back and what the transformation did (counters beside the engine's). */
export interface Mapped {
  readonly task: Task;
  back(r: Result): Result | Promise<Result>;
}

export interface Pass {
  readonly name: string;
  /** The task transformed; a pass that reads back with Z3 (block encoding's invariants) asks the context for it. */
  forward(task: Task, context: EngineContext): Mapped | Promise<Mapped>;
}

/**
 * A pass chosen by an option (`--encoding`, `--sweep`, `--lcorr`) or always on (`option`
 * undefined), for tasks it applies to: its settings give the pass, or none.
 */
export interface PassSpec {
  readonly name: string;
  readonly option?: EngineOption;
  /** A pass on the task's circuit: for the engines that check circuits, or on a circuit's own model. */
  readonly circuit?: boolean;
  /** The pass for these settings on this task; undefined when it has nothing to do. Throws OptionError when an option given does not fit the task. */
  make(settings: Settings, task: Task): Pass | undefined;
  /** Whether its option means something for the task (and is shown in the run's configuration). */
  shown(task: Task): boolean;
}

/** The passes applied in order, and their maps back composed in reverse. */
export async function forwardAll(passes: readonly Pass[], task: Task, context: EngineContext): Promise<Mapped> {
  let current: Mapped = { task, back: (r) => r };
  for (const pass of passes) {
    const before = current;
    const next = await pass.forward(before.task, context);
    current = { task: next.task, back: async (r) => before.back(await next.back(r)) };
  }
  return current;
}
