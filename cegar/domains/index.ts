/**
 * The abstract domains by their Theta names, and the initial precisions EMPTY and PROP (Hajdu and
 * Micskei, Sect. 4.1). PROP starts from the atoms of the bad condition and of the guards on the
 * edges into the error location (for EXPL: their variables); only edges from another location
 * count, so the single self-loop of an STS or circuit adds nothing beyond the property.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import { conjuncts, postorder, type Expr } from '../../lang/expr.js';
import type { Interpreter } from '../../formalisms/interpreter.js';
import type { AbstractState, Domain, Precision } from '../domain.js';
import type { CegarConfig, InitPrec } from '../config.js';
import { ExplDomain } from './expl.js';
import type { MeasuredDomain } from './measured.js';
import { PredDomain } from './pred.js';
import { atoms } from './split.js';

type DomainConfig = Pick<CegarConfig, 'domain' | 'maxEnum' | 'predSplit'>;

export type AnyDomain = MeasuredDomain<AbstractState, Precision>;

export function makeDomain(config: DomainConfig, model: Interpreter, z3: Z3Context): AnyDomain {
  const dialect = model.dialect;
  switch (config.domain) {
    case 'EXPL': return new ExplDomain(config.maxEnum, model.vars, z3);
    case 'PRED_BOOL': return new PredDomain('BOOL', config.predSplit, dialect, z3);
    case 'PRED_CART': return new PredDomain('CART', config.predSplit, dialect, z3);
    case 'PRED_SPLIT': return new PredDomain('SPLIT', config.predSplit, dialect, z3);
  }
}

/** The guard of an action: its conjuncts over unprimed state variables only. */
function guards(model: Interpreter, formula: Expr): Expr[] {
  const stateVars = new Set(model.vars);
  return conjuncts(formula).filter((c) =>
    postorder(c).every((n) => n.op !== 'prime' && (n.op !== 'var' || stateVars.has(n.decl!))));
}

/** The atoms of the bad condition and of the guards of the edges entering the error location. */
export function propertyAtoms(model: Interpreter): Expr[] {
  const sources = [model.bad];
  for (const loc of model.locations) {
    if (loc === model.errorLoc) continue;
    for (const a of model.actions(loc)) if (a.target === model.errorLoc) sources.push(...guards(model, a.formula));
  }
  return [...new Set(sources.flatMap(atoms))];
}

export function initialPrecision<S extends AbstractState, P extends Precision>(domain: Domain<S, P>, model: Interpreter, mode: InitPrec): P {
  const empty = domain.emptyPrecision();
  if (mode === 'EMPTY') return empty;
  return propertyAtoms(model).reduce((prec, atom) => domain.refine(prec, atom), empty);
}

export { ExplDomain, ExplPrecision, ExplState } from './expl.js';
export { PredDomain, PredState,  } from './pred.js';
export { PredPrecision } from './pred-precision.js';
export { splitPredicate } from './split.js';
export type { MeasuredDomain } from './measured.js';
;
