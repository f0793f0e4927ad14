/**
 * A linear clause system as a control-flow automaton (as Theta reads CHC): every predicate is a
 * location, every clause an edge from its body atom's predicate (from a fresh initial location for
 * a fact) to its head's predicate (to a fresh error location for a query). A state at a
 * predicate's location is a tuple of its arguments, so `false` is derivable exactly when the error
 * location is reachable, and every word-level engine checks the system through `cfaInterpreter`.
 *
 * Variables. The k-th argument of every predicate is the CFA variable `xk` (`xk_int`, `xk_bool`,
 * `xk_real` when predicates disagree on its sort): one variable per argument position and sort,
 * shared by all predicates, so a system of many predicates of the same shape has as many
 * variables as one of them, and a transition system's single predicate P(x0, ..., xn) reads as
 * it is written. A variable that is not an argument of the target predicate is set to its sort's
 * default (0, false) by every edge, so that the states at a location differ in its arguments only,
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

/** How an edge gives the clause's variables their values, for reading a trace step as a clause instance. */
interface ClauseEdge {
  readonly clause: Clause;
  readonly edge: Edge;
  /** Clause variables bound to the source predicate's variables. */
  readonly bound: ReadonlyMap<VarDecl, VarDecl>;
  /** Clause variables havocked by the edge, in the order of its havoc statements (temporaries follow them). */
  readonly havocked: readonly VarDecl[];
}

export interface ChcCfa {
  readonly system: ChcSystem;
  readonly cfa: Cfa & { readonly error: Loc };
  readonly locOf: ReadonlyMap<Predicate, Loc>;
  /** The CFA variables of each predicate's arguments, in argument order. */
  readonly params: ReadonlyMap<Predicate, readonly VarDecl[]>;
  /** By edge id (the clause's index). */
  readonly edges: readonly ClauseEdge[];
}

/** The default value of a sort: what a variable that is not an argument of a location holds there. */
export function defaultOf(t: Type): Expr {
  return t === IntT ? int(0) : t === BoolT ? bool(false) : rat(0);
}

const SORT_SUFFIX: Record<string, string> = { int: 'int', bool: 'bool', rat: 'real' };

/** A name not among `taken`: `name`, else `name_`, `name__`, ... */
function fresh(name: string, taken: ReadonlySet<string>): string {
  let n = name;
  while (taken.has(n)) n += '_';
  return n;
}

/** The CFA of a linear system; throws the located refusal of the first nonlinear clause. */
export function chcCfa(system: ChcSystem, name: string): ChcCfa {
  const refused = nonlinearClause(system);
  if (refused) throw refused;

  // one variable per argument position and sort
  const sortsAt: Set<Type>[] = [];
  for (const p of system.predicates) p.sorts.forEach((t, k) => (sortsAt[k] ??= new Set()).add(t));
  const vars: VarDecl[] = [];
  const varAt = sortsAt.map((sorts, k) => new Map([...sorts].map((t) => {
    const v = declareVar(sorts.size === 1 ? `x${k}` : `x${k}_${SORT_SUFFIX[t.kind]}`, t);
    vars.push(v);
    return [t, v] as const;
  })));
  const params = new Map(system.predicates.map((p) => [p, p.sorts.map((t, k) => varAt[k]!.get(t)!)]));

  const names = new Set(system.predicates.map((p) => p.name));
  const init: Loc = { id: 0, name: fresh('init', names) };
  const locOf = new Map(system.predicates.map((p, i) => [p, { id: i + 1, name: p.name }]));
  const error: Loc = { id: system.predicates.length + 1, name: fresh('false', new Set([...names, init.name])) };

  const edges = system.clauses.map((c) => clauseEdge(c, { init, error, locOf, params, vars }));
  const cfa = { name, vars, locs: [init, ...locOf.values(), error], edges: edges.map((e) => e.edge), init, error };
  return { system, cfa, locOf, params, edges };
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
