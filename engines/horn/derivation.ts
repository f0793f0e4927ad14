/**
 * The derivation of false that a reachability fact of `false` stands for (reach.ts): its
 * justifications form a tree of clause instances, each body atom derived by a child. One Z3 query
 * over a fresh copy of each instance's variables, with every child's head arguments equal to its
 * parent's body atom arguments, gives them values; it is satisfiable because every fact admits
 * only derivable atoms. The steps are laid out children first, as the certificate states them
 * (formalisms/frontends/chc/derivation.ts), each distinct ground instance once, and replayed by
 * the certificate check.
 */
import { and, declareVar, eq, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { DeadlineChecks } from '../../lang/smt/deadline.js';
import { Solver } from '../../lang/smt/solver.js';
import type { ChcDerivation, DerivationStep } from '../../formalisms/frontends/chc/derivation.js';
import { RefinementFailed } from '../path-interpolants.js';
import type { ReachFact } from './reach.js';

/** Past this many clause instances the tree is not laid out: facts used twice are copied each time. */
const MAX_STEPS = 20_000;

interface Instance {
  readonly fact: ReachFact;
  /** The clause's variables, renamed for this instance. */
  readonly copies: ReadonlyMap<VarDecl, VarDecl>;
  readonly children: readonly number[];
}

export function derivationOf(fact: ReachFact, z3: Z3Context, checks: DeadlineChecks): ChcDerivation {
  const instances: Instance[] = [];
  const lay = (f: ReachFact): number => {
    const children = f.premises.map(lay);
    if (instances.length >= MAX_STEPS) throw new RefinementFailed(`the derivation of false has more than ${MAX_STEPS} steps`);
    const copies = new Map(f.enc.clause.vars.map((y) => [y, declareVar(`${y.name}#${instances.length}`, y.type)]));
    instances.push({ fact: f, copies, children });
    return instances.length - 1;
  };
  lay(fact);
  const renamed = (i: Instance, e: Expr) => substitute(e, new Map([...i.copies].map(([y, c]) => [y, ref(c)])));
  const parts: Expr[] = instances.flatMap((i) => {
    const { clause } = i.fact.enc;
    const links = clause.body.flatMap((atom, j) => {
      const child = instances[i.children[j]!]!;
      return atom.args.map((t, k) => eq(renamed(child, child.fact.enc.clause.head!.args[k]!), renamed(i, t)));
    });
    return [renamed(i, clause.constraint), ...links];
  });
  const solver = new Solver(z3);
  try {
    solver.add(and(...parts));
    if (!checks.check(solver, [])) throw new Error('the derivation of false found by PDR over clauses has no values');
    const m = solver.model();
    try {
      // a ground instance equal to an earlier one (a fact used twice with the same values) is stated once
      const steps: DerivationStep[] = [];
      const stepOf: number[] = [];
      const known = new Map<string, number>();
      for (const i of instances) {
        const clause = i.fact.enc.clause;
        const values = new Map([...i.copies].map(([y, c]) => [y, m.eval(ref(c))]));
        const premises = i.children.map((c) => stepOf[c]!);
        const key = `${clause.index}:${premises.join(',')}:${[...values.values()].map((v) => v.id).join(',')}`;
        let at = known.get(key);
        if (at === undefined) {
          known.set(key, (at = steps.length));
          steps.push({ clause, values, premises });
        }
        stepOf.push(at);
      }
      return { steps };
    } finally {
      m.dispose();
    }
  } finally {
    solver.dispose();
  }
}
