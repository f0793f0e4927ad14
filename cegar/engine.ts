/**
 * CEGAR as an engine: the configuration is made once per problem (the model's default with the
 * options given), and each property is checked on its interpreter view.
 */
import type { Engine, Settings } from '../engines/engine.js';
import type { Problem } from '../formalisms/problem.js';
import { loadZ3 } from '../lang/smt/context.js';
import { cegar } from './checker.js';
import { describeConfig } from './config.js';
import { cegarConfig } from './options.js';

export function createEngine(settings: Settings, problem: Problem): Engine {
  const config = cegarConfig(problem.theories, settings);
  return {
    configuration: describeConfig(config),
    async check(p, property, limits, reporter) {
      await loadZ3();
      return cegar(p.model(property), config, {
        deadline: limits.deadline,
        onProgress: (progress) => reporter.progress(progress),
        onNote: (line) => reporter.note(line),
      });
    },
  };
}
