/**
 * The default CEGAR configuration, chosen from measurements on the corpus (README, "Choosing a
 * CEGAR configuration"): Boolean predicate abstraction with sequence interpolation solved the most
 * CFA, PLC and STS models within 10 s. Interpolation by model-based projection cannot refine
 * bit-vector models (smt-notes §4), so a model with bit-vector variables gets the explicit domain
 * with unsat-core refinement, which solved all of the corpus's bit-vector models.
 */
import type { CegarConfig } from '../cegar/config.js';
import type { VarDecl } from '../lang/expr.js';

type Defaults = Omit<CegarConfig, 'weights'>;

const PREDICATES: Defaults = {
  domain: 'PRED_BOOL', maxEnum: 10, refinement: 'SEQ_ITP', search: 'BFS', predSplit: 'WHOLE',
  precGranularity: 'GLOBAL', initPrec: 'EMPTY', pruneStrategy: 'LAZY',
};

const BIT_VECTORS: Defaults = { ...PREDICATES, domain: 'EXPL', refinement: 'UNSAT_CORE' };

function mentionsBitVectors(vars: readonly VarDecl[]): boolean {
  const bv = (t: VarDecl['type']): boolean => t.kind === 'bv' || (t.kind === 'array' && (bv(t.index) || bv(t.elem)));
  return vars.some((v) => bv(v.type));
}

/** The default for a model with these variables (the formalism does not change the choice today). */
export function defaultCegarConfig(vars: readonly VarDecl[]): Defaults {
  return mentionsBitVectors(vars) ? BIT_VECTORS : PREDICATES;
}
