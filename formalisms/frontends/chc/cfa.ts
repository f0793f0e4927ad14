/**
 * A linear clause system as a control-flow automaton (as Theta reads CHC): every predicate is a
 * location, every clause an edge from its body atom's predicate (from a fresh initial location for
 * a fact) to its head's predicate (to a fresh error location for a query). A state at a
 * predicate's location is a tuple of its arguments, so `false` is derivable exactly when the error
 * location is reachable, and every word-level engine checks the system through `cfaInterpreter`.
 *
 * Variables and locations are the clause view's (layout.ts). A variable that is not an argument of
 * the target predicate is set to its sort's default (0, false) by every edge, so that the states at a location differ in its arguments only,
 * and an invariant of the location, with the other variables at their defaults, is an
 * interpretation of the predicate (model.ts).
 *
 * Edges. For a clause  forall Y. phi and P(t) => Q(s)  the edge from P to Q
 *  - binds each clause variable that is an argument of the body atom (the first time it occurs)
 *    to P's variable at that position: a substitution, no statement;
 *  - havocs the other clause variables: they are the step's local choices (Interpreter `locals`),
 *    never state variables;
 *  - assumes the other body arguments equal to P's variables, and each conjunct of phi;
 *  - assigns Q's variables from s. The assignments run in sequence, so a head argument that reads
 *    a variable another assignment writes first goes through a havocked temporary equal to it.
 */
import { conjuncts, eq, freeVars, int, rat, ref, substitute, type Expr, type VarDecl, declareVar, bool } from '../../../lang/expr.js';
import { BoolT, IntT, type Type } from '../../../lang/types.js';
import type { Cfa, Edge, Loc, Stmt } from '../../cfa.js';
import { nonlinearClause, type ChcSystem, type Clause, type Predicate } from './clauses.js';
import type { ClauseView } from './layout.js';

/** How an edge gives the clause's variables their values, for reading a trace step as a clause instance. */
interface ClauseEdge {
  readonly clause: Clause;
  readonly edge: Edge;
  /** Clause variables bound to the source predicate's variables. */
  readonly bound: ReadonlyMap<VarDecl, VarDecl>;
  /** Clause variables havocked by the edge, in the order of its havoc statements (temporaries follow them). */
  readonly havocked: readonly VarDecl[];
}

export interface ChcCfa extends ClauseView {
  readonly cfa: Cfa & { readonly error: Loc };
  /** By edge id (the clause's index). */
  readonly edges: readonly ClauseEdge[];
}

/** The default value of a sort: what a variable that is not an argument of a location holds there. */
export function defaultOf(t: Type): Expr {
  return t === IntT ? int(0) : t === BoolT ? bool(false) : rat(0);
}

/** A name not among `taken`: `name`, else `name_`, `name__`, ... */
function fresh(name: string, taken: ReadonlySet<string>): string {
  let n = name;
  while (taken.has(n)) n += '_';
  return n;
}

/** The name of the fresh location the queries lead to, the problem's property: `false`, unless a predicate has that name. */
export function queryName(system: ChcSystem): string {
  const names = new Set(system.predicates.map((p) => p.name));
  return fresh('false', new Set([...names, fresh('init', names)]));
}

/** The CFA of a linear system's clause view; throws the located refusal of the first nonlinear clause. */
export function chcCfa(view: ClauseView, name: string): ChcCfa {
  const { system, vars, params, locOf } = view;
  const refused = nonlinearClause(system);
  if (refused) throw refused;
  const names = new Set(system.predicates.map((p) => p.name));
  const init: Loc = { id: 0, name: fresh('init', names) };
  const error: Loc = { id: system.predicates.length + 1, name: queryName(system) };
  const edges = system.clauses.map((c) => clauseEdge(c, { init, error, locOf, params, vars }));
  const cfa = { name, vars, locs: [init, ...locOf.values(), error], edges: edges.map((e) => e.edge), init, error };
  return { ...view, cfa, edges };
}

interface Layout {
  readonly init: Loc;
  readonly error: Loc;
  readonly locOf: ReadonlyMap<Predicate, Loc>;
  readonly params: ReadonlyMap<Predicate, readonly VarDecl[]>;
  readonly vars: readonly VarDecl[];
}

function clauseEdge(c: Clause, { init, error, locOf, params, vars }: Layout): ClauseEdge {
  const atom = c.body[0];
  const from = atom ? params.get(atom.pred)! : [];
  const bound = new Map<VarDecl, VarDecl>();
  const equalities: [VarDecl, Expr][] = [];
  atom?.args.forEach((t, k) => {
    const y = t.op === 'var' ? t.decl! : undefined;
    if (y && !bound.has(y)) bound.set(y, from[k]!);
    else equalities.push([from[k]!, t]);
  });
  const sigma = new Map([...bound].map(([y, x]) => [y, ref(x)]));
  const used = new Set([c.constraint, ...(atom?.args ?? []), ...(c.head?.args ?? [])].flatMap(freeVars));
  const havocked = c.vars.filter((y) => used.has(y) && !bound.has(y));

  const assumes: Expr[] = [...equalities.map(([x, t]) => eq(ref(x), substitute(t, sigma))), ...conjuncts(substitute(c.constraint, sigma))];
  const assigns: Stmt[] = [];
  if (c.head) {
    const to = params.get(c.head.pred)!;
    const written = new Set(to);
    c.head.args.forEach((s, k) => {
      const value = substitute(s, sigma);
      const x = to[k]!;
      if (freeVars(value).some((v) => v !== x && written.has(v))) {
        const t = declareVar(`${x.name}#${c.head!.pred.name}`, x.type);
        havocked.push(t);
        assumes.push(eq(ref(t), value));
        assigns.push({ kind: 'assign', lhs: x, rhs: ref(t) });
      } else assigns.push({ kind: 'assign', lhs: x, rhs: value });
    });
    for (const v of vars) if (!written.has(v)) assigns.push({ kind: 'assign', lhs: v, rhs: defaultOf(v.type) });
  }
  const stmts: Stmt[] = [
    ...havocked.map((v): Stmt => ({ kind: 'havoc', v })),
    ...assumes.map((cond): Stmt => ({ kind: 'assume', cond })),
    ...assigns,
  ];
  const edge: Edge = {
    id: c.index,
    source: atom ? locOf.get(atom.pred)! : init,
    target: c.head ? locOf.get(c.head.pred)! : error,
    stmts,
  };
  return { clause: c, edge, bound, havocked };
}
