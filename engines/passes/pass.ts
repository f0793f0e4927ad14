/**
 * Transformations of a task as passes, after Theta's `MonolithicExprPass`: a pass maps a task
 * forward to one an engine checks, and the engine's result, whose certificate speaks of the task it
 * was given, back to a result over the task the pass was given, so the front end can make its
 * claims about the file from it. The registry composes the passes an engine's settings ask for
 * (engines/registry.ts); the engines check whatever task they are handed.
 */
import type { PropertyKind } from '../../formalisms/property-kinds.js';
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
  /**
   * A pass that turns a property of one kind into one of another (liveness-to-safety): it runs for
   * the engines of kind `to` on tasks of kind `from`, and for no other engine; with `needs:
   * 'circuit'`, only for engines that check circuits, on tasks that have one (their certificates
   * are what it maps back).
   */
  readonly converts?: { readonly from: PropertyKind; readonly to: PropertyKind; readonly needs?: 'circuit' };
  /** A pass on the task's circuit: for the engines that check circuits, or on a circuit's own model. */
  readonly circuit?: boolean;
  /**
   * The pass for these settings on this task, for the engine named (`engine`, where the pass
   * serves some engines only); undefined when it has nothing to do. Throws OptionError when an
   * option given does not fit the task.
   */
  make(settings: Settings, task: Task, engine: string): Pass | undefined;
  /** Its option's default where that depends on the task and the engine, else the option's own. */
  defaultFor?(task: Task, engine: string): string;
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
