/**
 * A CFA through the interpreter interface. An edge is one action; its statements run in sequence.
 * The transition formula composes them symbolically (each assignment substitutes into what follows,
 * each havoc introduces a step-local variable), ending with `v' = value(v)` for every variable, so
 * untouched variables keep their values. Execution runs the same statements on values in TypeScript.
 */
import { False, and, declareVar, eq, prime, ref, substitute, type Expr, type VarDecl } from '../lang/expr.js';
import { evaluateIn, type Valuation } from '../lang/eval.js';
import type { Cfa, Edge, Stmt } from './cfa.js';
import type { Action, Execution, Interpreter, Location } from './interpreter.js';
import { printExpr, type Dialect } from '../lang/print.js';

function stmtToString(s: Stmt): string {
  switch (s.kind) {
    case 'assign': return `${s.lhs.name} := ${printExpr(s.rhs, 'cfa')}`;
    case 'assume': return `assume ${printExpr(s.cond, 'cfa')}`;
    case 'havoc': return `havoc ${s.v.name}`;
  }
}

class EdgeAction implements Action {
  readonly formula: Expr;
  readonly locals: VarDecl[] = [];
  /** The local that holds the value chosen by the havoc at each statement index. */
  private readonly havocLocal = new Map<number, VarDecl>();
  readonly label: string;

  constructor(private readonly edge: Edge, vars: readonly VarDecl[]) {
    const cur = new Map<VarDecl, Expr>();
    const guards: Expr[] = [];
    edge.stmts.forEach((s, i) => {
      if (s.kind === 'assign') cur.set(s.lhs, substitute(s.rhs, cur));
      else if (s.kind === 'assume') guards.push(substitute(s.cond, cur));
      else {
        const l = declareVar(`${s.v.name}#havoc${this.locals.length}@${edge.source.name}`, s.v.type);
        this.locals.push(l);
        this.havocLocal.set(i, l);
        cur.set(s.v, ref(l));
      }
    });
    this.formula = and(...guards, ...vars.map((v) => eq(prime(ref(v)), cur.get(v) ?? ref(v))));
    const body = edge.stmts.map(stmtToString).join('; ');
    this.label = `${edge.source.name} -> ${edge.target.name}${body ? ` { ${body} }` : ''}`;
  }

  get id(): number { return this.edge.id; }
  get source(): Location { return this.edge.source; }
  get target(): Location { return this.edge.target; }

  execute(state: Valuation, choices?: Valuation): Execution {
    const val = new Map(state);
    let exact = true;
    for (let i = 0; i < this.edge.stmts.length; i++) {
      const s = this.edge.stmts[i]!;
      if (s.kind === 'assume') {
        const c = evaluateIn(s.cond, val);
        if (c === False) return { disabled: true };
        if (c === undefined) exact = false;
        continue;
      }
      const [v, value] = s.kind === 'assign'
        ? [s.lhs, evaluateIn(s.rhs, val)]
        : [s.v, choices?.get(this.havocLocal.get(i)!)];
      if (value === undefined) val.delete(v);
      else val.set(v, value);
    }
    return { disabled: false, post: val, exact };
  }
}

export function cfaInterpreter(cfa: Cfa, dialect: Dialect = 'cfa'): Interpreter {
  // the front end states no safety property for such a process (formalisms/frontends/cfa/problem.ts)
  if (!cfa.error) throw new Error(`process ${cfa.name} has no error location: there is nothing to interpret`);
  return interpreter(cfa, cfa.error, and(), dialect);
}

/**
 * The view for the termination property: the same locations and actions, and no bad state at all
 * (termination asks about infinite runs, not about reaching a location).
 */
export function terminationInterpreter(cfa: Cfa, dialect: Dialect = 'cfa'): Interpreter {
  return interpreter(cfa, cfa.init, False, dialect);
}

function interpreter(cfa: Cfa, errorLoc: Location, bad: Expr, dialect: Dialect): Interpreter {
  const byLoc = new Map<Location, Action[]>(cfa.locs.map((l) => [l, []]));
  for (const e of cfa.edges) byLoc.get(e.source)!.push(new EdgeAction(e, cfa.vars));
  return {
    dialect,
    name: cfa.name,
    vars: cfa.vars,
    locations: cfa.locs,
    initLoc: cfa.init,
    init: and(),
    errorLoc,
    bad,
    actions: (loc) => byLoc.get(loc) ?? [],
    inputs: [],
  };
}
