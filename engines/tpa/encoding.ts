/**
 * The model as one transition system for TPA: a state V and a step T over V and V'. Where the
 * model has several locations, the location is one Boolean per location, exactly one of them true
 * (Golem's single-loop transformation of a clause graph does the same), not BMC's integer location
 * variable: interpolants of an integer location relate location numbers arithmetically
 * (`loc <= loc' - 3`), which means nothing and takes a lemma per pair of locations, while Boolean
 * locations give lemmas about which locations follow which, and leave the arithmetic to the
 * variables.
 */
import { BoolT } from '../../lang/types.js';
import { False, True, and, declareVar, eq, not, or, prime, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { simplify } from '../../lang/simplify.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';

export class Encoding {
  /** The state variables: a Boolean per location where there are several, and the model's variables. */
  readonly state: readonly VarDecl[];
  readonly init: Expr;
  readonly bad: Expr;
  /** One step of any action, over V, V' and the actions' locals. */
  readonly step: Expr;
  /** V' = V. */
  readonly identity: Expr;
  private readonly at = new Map<Location, VarDecl>();

  constructor(readonly model: Interpreter) {
    if (model.locations.length > 1) for (const l of model.locations) this.at.set(l, declareVar(`__at_${l.name}`, BoolT));
    this.state = [...this.at.values(), ...model.vars];
    this.init = and(this.atLoc(model.initLoc), model.init);
    this.bad = and(this.atLoc(model.errorLoc), model.bad);
    this.step = or(...model.locations.flatMap((l) => model.actions(l)).map((a) => and(this.atLoc(a.source), prime(this.atLoc(a.target)), a.formula)));
    this.identity = and(...this.state.map((v) => eq(prime(ref(v)), ref(v))));
  }

  /** "At `loc`", as the Booleans say it (true where there is one location). */
  private atLoc(loc: Location): Expr {
    if (this.at.size === 0) return True;
    return and(...[...this.at].map(([l, b]) => (l === loc ? ref(b) : not(ref(b)))));
  }

  /** A state formula over V as one formula per location over the model's variables. */
  perLocation(f: Expr): Map<Location, Expr> {
    return new Map(this.model.locations.map((l) => [l, simplify(substitute(f, new Map([...this.at].map(([k, b]) => [b, k === l ? True : False]))))]));
  }
}
