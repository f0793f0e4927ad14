/**
 * The CEGAR engine's options under Theta's names and values (Hajdu and Micskei, Table 2), and the
 * configuration a run uses: the model's default (cegar/defaults.ts) with the options given.
 */
import { OptionError, type EngineOption, type Settings } from '../engines/engine.js';
import type { Theory } from '../formalisms/task.js';
import {
  DOMAINS, GRANULARITIES, INIT_PRECS, PRED_SPLITS, PRUNE_STRATEGIES, REFINEMENTS, admits, type CegarConfig, type MaxEnum,
} from './config.js';
import { defaultCegarConfig } from './defaults.js';
import { searchWeights } from './search.js';

const GROUP = 'CEGAR options (Theta\'s names and values; defaults chosen per model, see the README):';

function maxEnum(s: string): string {
  if (s !== '1*' && !/^\d+$/.test(s)) throw new OptionError(`--maxenum must be 1* or a whole number (0: no limit), got '${s}'`);
  return s === '1*' ? s : String(Number(s));
}

function search(s: string): string {
  if (!searchWeights(s)) throw new OptionError(`--search must be BFS, DFS, ERR, ERR_DFS, DFS_ERR or weights W_D,W_E, got '${s}'`);
  return s.toUpperCase();
}

export const CEGAR_OPTIONS: readonly EngineOption[] = [
  { name: 'domain', group: GROUP, help: 'abstract domain (default: PRED_BOOL; EXPL for bit-vector models)', choices: DOMAINS },
  { name: 'maxenum', value: 'k', group: GROUP, help: 'EXPL: successors enumerated per step (1*: no solver, 0: no limit) (default: 10)', parse: maxEnum },
  { name: 'refinement', group: GROUP, help: 'refinement strategy (BW_BIN_ITP, MIN_PRUNE, MAX_PRUNE, UNSAT_CORE: EXPL only) (default: SEQ_ITP; UNSAT_CORE for bit-vector models)', choices: REFINEMENTS },
  { name: 'search', group: GROUP, help: 'search strategy: BFS, DFS, ERR, ERR_DFS, DFS_ERR or weights W_D,W_E (default: BFS; impact: BFS or DFS, default DFS)', parse: search },
  { name: 'predsplit', group: GROUP, help: 'predicate domains: splitting of new predicates (default: ATOMS)', choices: PRED_SPLITS },
  { name: 'precgranularity', group: GROUP, help: 'one precision for all locations, or one per location (default: GLOBAL)', choices: GRANULARITIES },
  { name: 'initprec', group: GROUP, help: 'initial precision (default: EMPTY)', choices: INIT_PRECS },
  { name: 'prunestrategy', group: GROUP, help: 'prune from the refined node, or restart (default: LAZY)', choices: PRUNE_STRATEGIES },
];

/** The configuration for a model over these theories: its default, overridden by the settings. */
export function cegarConfig(theories: ReadonlySet<Theory>, s: Settings): CegarConfig {
  const d = defaultCegarConfig(theories);
  const searchName = s.search ?? d.search;
  const c: CegarConfig = {
    domain: (s.domain ?? d.domain) as CegarConfig['domain'],
    maxEnum: s.maxenum === undefined ? d.maxEnum : s.maxenum === '1*' ? '1*' : Number(s.maxenum) as MaxEnum,
    refinement: (s.refinement ?? d.refinement) as CegarConfig['refinement'],
    search: searchName,
    weights: searchWeights(searchName)!,
    predSplit: (s.predsplit ?? d.predSplit) as CegarConfig['predSplit'],
    precGranularity: (s.precgranularity ?? d.precGranularity) as CegarConfig['precGranularity'],
    initPrec: (s.initprec ?? d.initPrec) as CegarConfig['initPrec'],
    pruneStrategy: (s.prunestrategy ?? d.pruneStrategy) as CegarConfig['pruneStrategy'],
  };
  if (!admits(c.domain, c.refinement)) throw new OptionError(`--refinement ${c.refinement} works with --domain EXPL only`);
  return c;
}
