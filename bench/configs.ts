/**
 * Configurations a bench runs: Vigil's algorithms with options under Theta's names (Hajdu and
 * Micskei, Table 2), the paper's named Theta configurations (Table 4), peer tools, and the factor
 * designs of research questions RQ1 to RQ6 (Sect. 4.1.4 and 4.2) as presets.
 *
 * In each preset the factors take every level the paper lists and the domain is the blocking factor
 * (for RQ1 the search); every other parameter keeps Vigil's default, the levels that performed well
 * on our corpus (cegar/defaults.ts), as the paper keeps the others at levels that did well in its
 * previous experiments.
 */
import { admits, type DomainKind, type RefinementKind } from '../cegar/config.js';
import { OptionError } from '../engines/engine.js';
import { FRONT_ENDS } from '../formalisms/frontends/index.js';
import { ENGINES, ENGINE_NAMES, ENGINE_OPTIONS, declaring, runsOn } from '../engines/registry.js';

/** The `vigil check` options a configuration may set: every engine's options, under their command-line names. */
export const OPTION_NAMES: readonly string[] = ENGINE_OPTIONS.map((o) => o.name);
export type OptionName = string;

const PEERS = ['abc-pdr', 'spacer'] as const;

export interface RunConfig {
  readonly name: string;
  /** `vigil`, or a peer tool run on the same models. */
  readonly tool: 'vigil' | (typeof PEERS)[number];
  /** An engine's name; undefined: Vigil's default (engines/registry.ts). */
  readonly algorithm?: string;
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
export const NAMED = ['default', ...ENGINE_NAMES, ...Object.keys(THETA), ...PEERS];

export class ConfigError extends Error {}

/** Whether a configuration can run on a model of this formalism at all (the others are skipped, not counted). */
export function applies(c: RunConfig, formalism: string): boolean {
  const circuits = FRONT_ENDS.some((f) => f.name === formalism && f.circuits);
  if (c.tool === 'abc-pdr') return circuits;
  if (c.tool === 'spacer') return formalism === 'chc';
  // large blocks are a CFA's (a CHC system is read as one): an STS has one location and one action already
  if (c.options.encoding !== undefined && c.options.encoding !== 'SBE' && formalism !== 'cfa' && formalism !== 'chc') return false;
  return runsOn(c.algorithm, circuits);
}

/** The level as the engine's option normalises it; a ConfigError if the engine would refuse it. */
function level(name: string, value: string): string {
  const option = ENGINE_OPTIONS.find((o) => o.name === name)!;
  const bad = () => new ConfigError(`configuration option ${name}: '${value}' is not a valid level`);
  if (option.choices) {
    const chosen = option.choices.find((c) => c.toUpperCase() === value.toUpperCase());
    if (!chosen) throw bad();
    return chosen;
  }
  try {
    return option.parse ? option.parse(value) : value;
  } catch (e) {
    if (e instanceof OptionError) throw bad();
    throw e;
  }
}

/** The first engine that has all these options (setting CEGAR's selects cegar). */
function engineWith(keys: readonly string[]): string | undefined {
  return ENGINES.find((e) => keys.every((k) => e.options.some((o) => o.name === k)))?.name;
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
    if (ENGINE_NAMES.includes(t)) return { name: t, tool: 'vigil', algorithm: t, options: {} };
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
      if (!ENGINE_NAMES.includes(value)) throw new ConfigError(`algorithm must be one of ${ENGINE_NAMES.join(', ')}, got '${value}'`);
      algorithm = value;
    } else if (OPTION_NAMES.includes(key)) {
      options[key] = level(key, value);
    } else throw new ConfigError(`unknown configuration key '${k}' (keys: name, algorithm, ${OPTION_NAMES.join(', ')})`);
  }
  const keys = Object.keys(options);
  algorithm ??= keys.length > 0 ? engineWith(keys) : undefined;
  if (keys.length > 0 && algorithm === undefined) throw new ConfigError(`no engine has all of the options ${keys.join(', ')}`);
  const foreign = keys.find((k) => !ENGINES.some((e) => e.name === algorithm && e.options.some((o) => o.name === k)));
  if (foreign) throw new ConfigError(`${foreign} is an option of ${declaring(foreign)}, not of ${algorithm}`);
  if (algorithm === 'cegar') return cegarConfig(name, options);
  return { name: name ?? nameOf(algorithm, options), tool: 'vigil', ...(algorithm ? { algorithm } : {}), options };
}

export interface Experiment {
  readonly title: string;
  /** The formalisms the design applies to (RQ1 and RQ2 need locations: CFA only). */
  readonly formalisms: readonly string[];
  readonly configs: readonly RunConfig[];
  /** The suites it runs on when `--suite` is not given (default: the corpus models with known verdicts). */
  readonly suites?: readonly (string | undefined)[];
}

const BLOCKING_DOMAINS = ['EXPL', 'PRED_BOOL', 'PRED_CART'] as const;

/** Every combination of a blocking factor and a factor, named blocking level first as in the paper's figures. */
function design(blocking: [OptionName, readonly string[]], factor: [OptionName, readonly string[]], fixed: RunConfig['options'] = {}): RunConfig[] {
  return blocking[1].flatMap((b) => factor[1].map((f) => cegarConfig(`${b}_${f}`, { ...fixed, [blocking[0]]: b, [factor[0]]: f })));
}

/** An unbounded BMC or k-induction: the time limit ends it, as in the paper's experiments. */
const UNBOUNDED = '1000000';

/**
 * The approaches compared by Beyer, Dangl and Wendler ("A Unifying View on SMT-Based Software
 * Verification", Sect. 5): BMC, k-induction without and with continuously-refined invariants,
 * predicate abstraction, IMPACT with and without forced covering; beside them the other engines of the word-level portfolio (explicit-value
 * CEGAR with unsat-core refinement, IC3 with implicit predicate abstraction) and the portfolio
 * itself, so that one run gives both the paper's comparison and the table per portfolio member.
 * Predicate abstraction is Boolean abstraction with sequence interpolants split into atoms
 * (Vigil's default CEGAR on integer models), named for its block encoding.
 */
const APPROACHES: RunConfig[] = [
  { name: 'bmc', algorithm: 'bmc', bound: UNBOUNDED },
  { name: 'kind', algorithm: 'kind', bound: UNBOUNDED, invariants: 'none' },
  { name: 'kind-inv', algorithm: 'kind', bound: UNBOUNDED, invariants: 'octagons' },
  { name: 'pred-SBE', domain: 'PRED_BOOL', refinement: 'SEQ_ITP', predsplit: 'ATOMS' },
  { name: 'pred-LBE', domain: 'PRED_BOOL', refinement: 'SEQ_ITP', predsplit: 'ATOMS', encoding: 'LBE' },
  { name: 'pred-ABE', domain: 'PRED_BOOL', refinement: 'SEQ_ITP', predsplit: 'ATOMS', encoding: 'ABE' },
  { name: 'impact', algorithm: 'impact' },
  { name: 'impact-nofcover', algorithm: 'impact', fcover: 'off' },
  { name: 'expl-core', domain: 'EXPL', refinement: 'UNSAT_CORE' },
  { name: 'ic3', algorithm: 'ic3' },
  { name: 'portfolio', algorithm: 'portfolio' },
].map((c) => parseConfig(JSON.stringify(c)));

export const EXPERIMENTS: Record<string, Experiment> = {
  approaches: {
    title: 'The unifying view\'s approaches (BMC, k-induction, k-induction with invariants, predicate abstraction, IMPACT) and the portfolio\'s other members',
    formalisms: ['cfa', 'sts'],
    configs: APPROACHES,
    suites: [undefined, 'families'],
  },
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
