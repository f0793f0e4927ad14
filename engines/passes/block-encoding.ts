/**
 * Block encoding as a pass (`--encoding SBE|LBE|ABE`, formalisms/block-encoding.ts): the engine
 * checks the block-encoded view of the task, and its certificate is read back over the original
 * view (block-certificates.ts) before anyone checks it.
 *
 * The option is about control-flow automata: an STS without a program counter or a circuit has one
 * location and one action, so LBE and ABE are refused there (a usage error) rather than silently
 * ignored.
 */
import type { Encoding } from '../../formalisms/block-encoding.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import { OptionError, type EngineContext, type EngineOption } from '../engine.js';
import type { Pass, PassSpec } from './pass.js';
import { CONTROL } from './control.js';

const ENCODINGS: readonly Encoding[] = ['SBE', 'LBE', 'ABE'];

export const ENCODING: EngineOption = {
  name: 'encoding',
  group: 'Block encoding (control-flow automata):',
  help: 'SBE: one edge per step; LBE: large blocks (sequences and choices of edges merged, Beyer et al. 2009); ABE: blocks between loop heads (blk-l) (default: SBE; the portfolio runs PDR and predicate CEGAR with LBE)',
  choices: ENCODINGS,
  default: 'SBE',
};

/**
 * The pass of one encoding. The encoding and the read-back are imported when a run needs them:
 * the registry lists this module's option, and listing the engines must not load the expression
 * language or the SMT bridge (engines/registry.ts).
 */
function blockPass(encoding: Encoding): Pass {
  return {
    name: `encoding ${encoding}`,
    async forward(task: Task, context: EngineContext) {
      if (task.model.locations.length <= 1) throw new OptionError(refusal(encoding));
      const [{ encodeBlocks }, { originalSafe, originalUnsafe }] = await Promise.all([import('../../formalisms/block-encoding.js'), import('./block-certificates.js')]);
      const model = encodeBlocks(task.model, encoding);
      const z3 = await context.z3();
      const back = (r: Result): Result => {
        if (r.verdict === 'safe') {
          const c = originalSafe(model, r.certificate, z3);
          return typeof c === 'string' ? { verdict: 'unknown', reason: unknown('unsupported', c), stats: r.stats, ...(r.arg ? { arg: r.arg } : {}) } : { ...r, certificate: c };
        }
        if (r.verdict === 'unsafe') {
          const c = originalUnsafe(r.certificate);
          // a block step that none of its paths reproduces is a bug in the encoding: the check reports it
          if (typeof c === 'string') throw new Error(`block encoding: the counterexample cannot be expanded: ${c}`);
          return { ...r, certificate: c };
        }
        return r;
      };
      return { task: { file: task.file, property: task.property, theories: task.theories, model }, back };
    },
  };
}

const refusal = (encoding: Encoding) => `--encoding ${encoding} applies to control-flow automata only: an STS without a program counter or a circuit has a single location`;

/**
 * An STS gets its blocks if control-flow recovery (a pass before this one) finds its program
 * counter, which the pass's forward step sees; `--control off` leaves it one location.
 */
export const BLOCK_ENCODING: PassSpec = {
  name: 'encoding',
  option: ENCODING,
  shown: (task) => !task.circuit && task.model.locations.length > 1,
  make(settings, task) {
    const encoding = (settings[ENCODING.name] ?? 'SBE') as Encoding;
    if (encoding === 'SBE') return undefined;
    if (task.circuit || (task.model.locations.length <= 1 && settings[CONTROL.name] === 'off')) throw new OptionError(refusal(encoding));
    return blockPass(encoding);
  },
};
