/**
 * Configurations a bench runs: Vigil's algorithms with options under Theta's names (Hajdu and
 * Micskei, Table 2), the paper's named Theta configurations (Table 4), peer tools, and the factor
 * designs of research questions RQ1 to RQ6 (Sect. 4.1.4 and 4.2) as presets.
 *
 * In each preset the factors take every level the paper lists and the domain is the blocking factor
 * (for RQ1 the search); every other parameter keeps Vigil's default, the levels that performed well
 * on our corpus (cli/defaults.ts), as the paper keeps the others at levels that did well in its
 * previous experiments.
 */
import { DOMAINS, GRANULARITIES, INIT_PRECS, PRED_SPLITS, PRUNE_STRATEGIES, REFINEMENTS, admits, type DomainKind, type RefinementKind } from '../cegar/config.js';
import { searchWeights } from '../cegar/search.js';
import { ALGORITHMS } from '../cli/protocol.js';

/** The `vigil check` options a configuration may set, under their command-line names. */
export const OPTION_NAMES = ['domain', 'maxenum', 'refinement', 'search', 'predsplit', 'precgranularity', 'initprec', 'prunestrategy', 'bound'] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

const PEERS = ['abc-pdr'] as const;

export interface RunConfig {
  readonly name: string;
  /** `vigil`, or a peer tool run on the same models. */
  readonly tool: 'vigil' | (typeof PEERS)[number];
  /** Undefined: Vigil's default for the model's formalism (cegar, ic3 for AIGER). */
  readonly algorithm?: (typeof ALGORITHMS)[number];
  readonly options: Partial<Record<OptionName, string>>;
}

/** Theta's configurations of the paper's comparison with other tools (Table 4). */
const THETA: Record<string, RunConfig['options']> = {
  'pred-seq': { domain: 'PRED_CART', predsplit: 'ATOMS', refinement: 'SEQ_ITP', search: 'BFS', precgranularity: 'GLOBAL' },
  'expl-seq': { domain: 'EXPL', maxenum: '1*', refinement: 'SEQ_ITP', search: 'BFS', precgranularity: 'GLOBAL' },
  'pred-bw': { domain: 'PRED_CART', predsplit: 'WHOLE', refinement: 'BW_BIN_ITP', search: 'ERR', precgranularity: 'GLOBAL' },
  'expl-multiseq': { domain: 'EXPL', maxenum: '1', refinement: 'MULTI_SEQ', search: 'ERR', precgranularity: 'GLOBAL' },
};

/** The names `--config` accepts besides JSON. */
export const NAMED = ['default', ...ALGORITHMS, ...Object.keys(THETA), ...PEERS];

export class ConfigError extends Error {}

/** Whether a configuration can run on a model of this formalism at all (the others are skipped, not counted). */
export function applies(c: RunConfig, formalism: string): boolean {
  if (c.tool === 'abc-pdr') return formalism === 'aiger';
  if (c.algorithm === 'ic3' || c.algorithm === 'kind' || c.algorithm === 'portfolio') return formalism === 'aiger';
  return true;
}

function validate(name: string, value: string): void {
  const ok = name === 'maxenum' ? /^(1\*|\d+)$/.test(value)
    : name === 'bound' ? /^\d+$/.test(value)
      : name === 'search' ? searchWeights(value) !== undefined
        : ({ domain: DOMAINS, refinement: REFINEMENTS, predsplit: PRED_SPLITS, precgranularity: GRANULARITIES, initprec: INIT_PRECS, prunestrategy: PRUNE_STRATEGIES } as Record<string, readonly string[]>)[name]!.includes(value);
  if (!ok) throw new ConfigError(`configuration option ${name}: '${value}' is not a valid level`);
}

/** A name from the paper's style: the levels joined by underscores (e.g. EXPL_1*_BFS). */
function nameOf(algorithm: string | undefined, options: RunConfig['options']): string {
  const levels = OPTION_NAMES.map((n) => options[n]).filter((v) => v !== undefined);
  return [...(algorithm && algorithm !== 'cegar' ? [algorithm] : []), ...levels].join('_') || algorithm || 'default';
}

/** A CEGAR option set; setting any CEGAR option selects the cegar algorithm. */
function cegarConfig(name: string | undefined, options: RunConfig['options']): RunConfig {
  if (options.domain && options.refinement && !admits(options.domain as DomainKind, options.refinement as RefinementKind)) {
    throw new ConfigError(`refinement ${options.refinement} works with domain EXPL only`);
  }
  return { name: name ?? nameOf('cegar', options), tool: 'vigil', algorithm: 'cegar', options };
}

/** `--config NAME` or `--config '{"domain":"EXPL","maxenum":"1*",...}'` (keys: Table 2's names, `algorithm`, `name`, `bound`). */
export function parseConfig(text: string): RunConfig {
  const t = text.trim();
  if (!t.startsWith('{')) {
    if (t === 'default') return { name: 'default', tool: 'vigil', options: {} };
    if ((ALGORITHMS as readonly string[]).includes(t)) return { name: t, tool: 'vigil', algorithm: t as RunConfig['algorithm'], options: {} };
    if ((PEERS as readonly string[]).includes(t)) return { name: t, tool: t as RunConfig['tool'], options: {} };
    if (THETA[t]) return cegarConfig(t, THETA[t]);
    throw new ConfigError(`unknown configuration '${t}' (named: ${NAMED.join(', ')}; or JSON with Theta's option names)`);
  }
  let json: unknown;
  try { json = JSON.parse(t); } catch (e) { throw new ConfigError(`configuration is not valid JSON: ${(e as Error).message}`); }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ConfigError('a JSON configuration must be an object');
  const options: Record<string, string> = {};
  let algorithm: string | undefined;
  let name: string | undefined;
  for (const [k, v] of Object.entries(json)) {
    const key = k.toLowerCase();
    const value = String(v);
    if (key === 'name') name = value;
    else if (key === 'algorithm') {
      if (!(ALGORITHMS as readonly string[]).includes(value)) throw new ConfigError(`algorithm must be one of ${ALGORITHMS.join(', ')}, got '${value}'`);
      algorithm = value;
    } else if ((OPTION_NAMES as readonly string[]).includes(key)) {
      const level = key === 'maxenum' || key === 'bound' ? value : value.toUpperCase();
      validate(key, level);
      options[key] = level;
    } else throw new ConfigError(`unknown configuration key '${k}' (keys: name, algorithm, ${OPTION_NAMES.join(', ')})`);
  }
  const cegarKeys = Object.keys(options).some((k) => k !== 'bound');
  if (cegarKeys && algorithm !== undefined && algorithm !== 'cegar') throw new ConfigError(`CEGAR options need algorithm cegar, not ${algorithm}`);
  if (cegarKeys || algorithm === 'cegar') return cegarConfig(name, options);
  return { name: name ?? nameOf(algorithm, options), tool: 'vigil', ...(algorithm ? { algorithm: algorithm as RunConfig['algorithm'] } : {}), options };
}

export interface Experiment {
  readonly title: string;
  /** The formalisms the design applies to (RQ1 and RQ2 need locations: CFA only). */
  readonly formalisms: readonly string[];
  readonly configs: readonly RunConfig[];
}

const BLOCKING_DOMAINS = ['EXPL', 'PRED_BOOL', 'PRED_CART'] as const;

/** Every combination of a blocking factor and a factor, named blocking level first as in the paper's figures. */
function design(blocking: [OptionName, readonly string[]], factor: [OptionName, readonly string[]], fixed: RunConfig['options'] = {}): RunConfig[] {
  return blocking[1].flatMap((b) => factor[1].map((f) => cegarConfig(`${b}_${f}`, { ...fixed, [blocking[0]]: b, [factor[0]]: f })));
}

export const EXPERIMENTS: Record<string, Experiment> = {
  rq1: {
    title: 'RQ1: configurable explicit domain (MaxEnum by Search)',
    formalisms: ['cfa'],
    configs: design(['search', ['BFS', 'DFS']], ['maxenum', ['1*', '1', '5', '10', '50', '0']], { domain: 'EXPL', refinement: 'SEQ_ITP' }),
  },
  rq2: {
    title: 'RQ2: error location-based search (Search by Domain)',
    formalisms: ['cfa'],
    configs: design(['domain', BLOCKING_DOMAINS], ['search', ['BFS', 'DFS', 'ERR', 'ERR_DFS', 'DFS_ERR']], { refinement: 'SEQ_ITP' }),
  },
  rq3: {
    title: 'RQ3: splitting predicates (PredSplit by Domain)',
    formalisms: ['cfa', 'sts', 'aiger'],
    configs: design(['domain', ['PRED_BOOL', 'PRED_CART', 'PRED_SPLIT']], ['predsplit', ['WHOLE', 'CONJUNCTS', 'ATOMS']], { refinement: 'SEQ_ITP' }),
  },
  rq4: {
    title: 'RQ4: backward binary interpolation (Refinement by Domain)',
    formalisms: ['cfa', 'sts', 'aiger'],
    configs: design(['domain', BLOCKING_DOMAINS], ['refinement', ['FW_BIN_ITP', 'BW_BIN_ITP', 'SEQ_ITP']]),
  },
  rq5: {
    title: 'RQ5: multiple counterexamples (Refinement by Domain)',
    formalisms: ['cfa', 'sts', 'aiger'],
    configs: design(['domain', BLOCKING_DOMAINS], ['refinement', ['SEQ_ITP', 'MULTI_SEQ']]),
  },
  rq6: {
    title: 'RQ6: combined refinements by prune index (Refinement by Domain)',
    formalisms: ['cfa', 'sts', 'aiger'],
    configs: design(['domain', BLOCKING_DOMAINS], ['refinement', ['FW_BIN_ITP', 'BW_BIN_ITP', 'MIN_PRUNE', 'MAX_PRUNE']]),
  },
};
