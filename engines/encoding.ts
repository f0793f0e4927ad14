/**
 * The block encoding as an engine option (`--encoding SBE|LBE|ABE`, formalisms/block-encoding.ts):
 * an engine that takes it runs unchanged on the block-encoded view of each property, and its
 * certificate is read back over the original view (engines/block-certificates.ts) before anyone
 * checks it. So every engine on the interpreter view can take the option by wrapping its `create`.
 *
 * The option is about control-flow automata: an STS or a circuit has one location and one action,
 * so LBE and ABE are refused there (a usage error) rather than silently ignored.
 */
import type { BlockModel, Encoding } from '../formalisms/block-encoding.js';
import type { Problem, Property } from '../formalisms/problem.js';
import { Views } from '../formalisms/problem.js';
import { OptionError, type EngineOption, type EngineSpec } from './engine.js';
import { unknown, type Result } from './result.js';

export const ENCODINGS: readonly Encoding[] = ['SBE', 'LBE', 'ABE'];

export const ENCODING: EngineOption = {
  name: 'encoding',
  group: 'Block encoding (control-flow automata):',
  help: 'cegar, bmc, ic3, impact: SBE: one edge per step; LBE: large blocks (sequences and choices of edges merged, Beyer et al. 2009); ABE: blocks between loop heads (blk-l) (default: SBE)',
  choices: ENCODINGS,
};

/**
 * The problem with every property's view block-encoded; everything else as it is. The encoding is
 * imported when a run needs it: the registry lists this module's option, and listing the engines
 * must not load the expression language (engines/registry.ts).
 */
async function encodedProblem(problem: Problem, encoding: Encoding): Promise<EncodedProblem> {
  const { encodeBlocks } = await import('../formalisms/block-encoding.js');
  const views = new Views((p) => encodeBlocks(problem.model(p), encoding));
  return Object.assign(Object.create(problem) as Problem, { model: (p: Property) => views.of(p) });
}

type EncodedProblem = Omit<Problem, 'model'> & { model(p: Property): BlockModel };

/** The result of a run on the block view, with its certificate over the original view. */
async function readBack(model: BlockModel, r: Result): Promise<Result> {
  // imported when a result comes back: listing the engines must not load the SMT bridge (engines/registry.ts)
  const { originalSafe, originalUnsafe } = await import('./block-certificates.js');
  if (r.verdict === 'safe') {
    const c = originalSafe(model, r.certificate);
    return typeof c === 'string' ? { verdict: 'unknown', reason: unknown('unsupported', c), stats: r.stats, arg: r.arg } : { ...r, certificate: c };
  }
  if (r.verdict === 'unsafe') {
    const c = originalUnsafe(r.certificate);
    // a block step that none of its paths reproduces is a bug in the encoding: the check reports it
    if (typeof c === 'string') throw new Error(`block encoding: the counterexample cannot be expanded: ${c}`);
    return { ...r, certificate: c };
  }
  return r;
}

/** `create` of an engine that takes `--encoding`. */
export function withEncoding(create: EngineSpec['create']): EngineSpec['create'] {
  return async (settings, problem) => {
    const { encoding = 'SBE', ...rest } = settings;
    if (problem.formalism !== 'cfa') {
      if (encoding !== 'SBE') throw new OptionError(`--encoding ${encoding} applies to control-flow automata only: an STS or a circuit has a single location`);
      return create(rest, problem);
    }
    const engine = await create(rest, problem);
    const configuration = { ...engine.configuration, encoding };
    if (encoding === 'SBE') return { configuration, check: (p, property, limits, reporter) => engine.check(p, property, limits, reporter) };
    let encoded: EncodedProblem | undefined;
    return {
      configuration,
      async check(p, property, limits, reporter) {
        if (encoded === undefined) encoded = await encodedProblem(p, encoding as Encoding);
        return await readBack(encoded.model(property), await engine.check(encoded as Problem, property, limits, reporter));
      },
    };
  };
}
