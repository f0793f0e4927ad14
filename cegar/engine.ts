/**
 * CEGAR as an engine: the configuration is made per task (the model's default for its theories,
 * with the options given), and the task is checked on its interpreter view.
 */
import type { Engine, EngineContext, Settings } from '../engines/engine.js';
import { cegar } from './checker.js';
import { describeConfig } from './config.js';
import { cegarConfig } from './options.js';

export function createEngine(settings: Settings, context: EngineContext): Engine {
  return {
    configuration: (task) => describeConfig(cegarConfig(task.theories, settings)),
    async check(task, limits, reporter) {
      return cegar(task.model, cegarConfig(task.theories, settings), await context.z3(), {
        deadline: limits.deadline,
        onProgress: (progress) => reporter.progress(progress),
        onNote: (line) => reporter.note(line),
      });
    },
  };
}
