/**
 * The default CEGAR configuration, chosen from measurements on the corpus (README, "Choosing a
 * CEGAR configuration"): Boolean predicate abstraction with sequence interpolation solved the most
 * CFA, PLC and STS models within 10 s. Interpolants are split into their atoms (ATOMS): that solved
 * all 39 CFA, PLC and STS models of plc and theta-regression with a known verdict, the slowest
 * (fischer3_bool) in 4.4 s, with a quarter less CPU than whole interpolants (WHOLE, the default
 * before), which time out on fischer3_bool. A whole interpolant describes the states of one
 * counterexample, and the Fischer protocols need one per interleaving of their processes (13
 * refinements and more on fischer3_bool); its atoms (location, lock and clock comparisons) carry
 * over, and 4 refinements suffice. CFA and PLC models take the same time either way.
 * Interpolation by model-based projection cannot refine bit-vector or floating-point models
 * (smt-notes §4), so a model with bit-vector or floating-point variables gets the explicit domain
 * with unsat-core refinement, which solved all of the corpus's bit-vector models and its three
 * floating-point ones (`fp1`, `fp2`, `counter_fp_true`).
 */
import type { CegarConfig } from './config.js';
import type { Theory } from '../formalisms/task.js';

type Defaults = Omit<CegarConfig, 'weights'>;

const PREDICATES: Defaults = {
  domain: 'PRED_BOOL', maxEnum: 10, refinement: 'SEQ_ITP', search: 'BFS', predSplit: 'ATOMS',
  precGranularity: 'GLOBAL', initPrec: 'EMPTY', pruneStrategy: 'LAZY',
};

const BIT_LEVEL: Defaults = { ...PREDICATES, domain: 'EXPL', refinement: 'UNSAT_CORE' };

/** The default for a model over these theories (the formalism does not change the choice today). */
export function defaultCegarConfig(theories: ReadonlySet<Theory>): Defaults {
  return theories.has('bv') || theories.has('fp') ? BIT_LEVEL : PREDICATES;
}
