/**
 * The default CEGAR configuration of each formalism, chosen from the measurements in the README
 * (section "Choosing a CEGAR configuration"): the configuration that solved the most corpus models
 * of that formalism, then the fastest.
 */
import type { CegarConfig } from '../cegar/config.js';

type Defaults = Omit<CegarConfig, 'weights'>;

const COMMON: Defaults = {
  domain: 'PRED_CART', maxEnum: 10, refinement: 'SEQ_ITP', search: 'BFS', predSplit: 'WHOLE',
  precGranularity: 'GLOBAL', initPrec: 'EMPTY', pruneStrategy: 'LAZY',
};

const BY_FORMALISM: Record<string, Partial<Defaults>> = {
  cfa: {},
  sts: {},
  aiger: {},
};

export function defaultCegarConfig(formalism: string): Defaults {
  return { ...COMMON, ...BY_FORMALISM[formalism] };
}
