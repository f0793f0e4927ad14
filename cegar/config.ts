/**
 * CEGAR configurations with Theta's option names and values (Hajdu and Micskei, Table 2). Every
 * option's levels are declared here once; the domains, refiners and precisions take their types
 * from this module.
 */
import type { SearchWeights } from './search.js';

export const DOMAINS = ['EXPL', 'PRED_BOOL', 'PRED_CART', 'PRED_SPLIT'] as const;
export const REFINEMENTS = ['FW_BIN_ITP', 'BW_BIN_ITP', 'SEQ_ITP', 'MULTI_SEQ', 'MIN_PRUNE', 'MAX_PRUNE', 'UNSAT_CORE'] as const;
export const PRED_SPLITS = ['WHOLE', 'CONJUNCTS', 'ATOMS'] as const;
export const GRANULARITIES = ['GLOBAL', 'LOCAL'] as const;
export const INIT_PRECS = ['EMPTY', 'PROP'] as const;
export const PRUNE_STRATEGIES = ['LAZY', 'FULL'] as const;

export type DomainKind = (typeof DOMAINS)[number];
export type RefinementKind = (typeof REFINEMENTS)[number];
export type PredSplit = (typeof PRED_SPLITS)[number];
export type Granularity = (typeof GRANULARITIES)[number];
export type InitPrec = (typeof INIT_PRECS)[number];
export type PruneStrategy = (typeof PRUNE_STRATEGIES)[number];
/** `'1*'`: evaluate in TypeScript only; 0: enumerate without limit; k: up to k successors. */
export type MaxEnum = number | '1*';

export interface CegarConfig {
  readonly domain: DomainKind;
  readonly maxEnum: MaxEnum;
  readonly refinement: RefinementKind;
  /** The search's name (BFS, DFS, ERR, ERR_DFS, DFS_ERR, or weights `W_D,W_E`) and its weights. */
  readonly search: string;
  readonly weights: SearchWeights;
  readonly predSplit: PredSplit;
  readonly precGranularity: Granularity;
  readonly initPrec: InitPrec;
  readonly pruneStrategy: PruneStrategy;
}

/** Whether a refiner may be combined with a domain (UNSAT_CORE tracks variables: explicit domain only). */
export function admits(domain: DomainKind, refinement: RefinementKind): boolean {
  return refinement === 'UNSAT_CORE' ? domain === 'EXPL' : true;
}

export function describeConfig(c: CegarConfig): Record<string, string | number> {
  return {
    domain: c.domain, maxenum: String(c.maxEnum), refinement: c.refinement, search: c.search,
    predsplit: c.predSplit, precgranularity: c.precGranularity, initprec: c.initPrec, prunestrategy: c.pruneStrategy,
  };
}
