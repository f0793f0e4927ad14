/**
 * Slicing as a pass (`--slice on|off`, formalisms/slice.ts): the engine checks the model over the
 * cone of influence of its bad states, once Z3 has discharged the cone's obligations (that every
 * counterexample of the slice is one of the model); where neither cone's are, the task stays as it
 * is. Back over the model: an invariant over the cone is one of the model as it is; a trace gets
 * the values of the variables left out from Z3, along the same actions with the cone's values
 * fixed; a k-inductive invariant on simple paths is checked again, since paths that are simple in
 * the model need not be simple in the cone.
 *
 * The slice is imported when a run needs it: the registry lists this module's option, and listing
 * the engines must not load the expression language or the SMT bridge (engines/registry.ts).
 */
import type { Cone } from '../../formalisms/slice.js';
import type { Expr } from '../../lang/expr.js';
import type { Trace } from '../../formalisms/trace.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import type { Z3Context } from '../../lang/smt/context.js';
import type { EngineContext, EngineOption } from '../engine.js';
import type { Pass, PassSpec } from './pass.js';

export const SLICE: EngineOption = {
  name: 'slice',
  group: 'Model passes (word-level models):',
  help: 'cegar, bmc, ic3, imc, impact, kind, pdkind, pdr, tpa and the portfolio\'s members: check the model over the cone of influence of its bad states, leaving out the variables that cannot affect them; auto: on, but for CHC (default: auto)',
  choices: ['auto', 'on', 'off'],
  default: 'auto',
};

/** How long the obligations of one cone may take before the cone is passed over. */
const OBLIGATION_MS = 5_000;

/** How long Z3 may take to give a counterexample's variables left out their values. */
const COMPLETION_MS = 30_000;

async function discharged(cone: Cone, z3: Z3Context): Promise<boolean> {
  if (!cone.obligations) return false;
  const { Solver } = await import('../../lang/smt/solver.js');
  const ask = (e: Expr) => {
    const s = new Solver(z3);
    try {
      s.setTimeout(OBLIGATION_MS);
      s.add(e);
      return s.check();
    } finally {
      s.dispose();
    }
  };
  return ask(cone.obligations.unsat) === 'unsat' && cone.obligations.sat.every((e) => ask(e) === 'sat');
}

/** The cone's trace with the values of the variables left out, or why Z3 found none. */
async function completed(task: Task, cone: Cone, trace: Trace, z3: Z3Context): Promise<Trace | string> {
  const [{ Solver }, { atStep, eq, indexed, ref }] = await Promise.all([import('../../lang/smt/solver.js'), import('../../lang/expr.js')]);
  const model = task.model;
  const actions = trace.actions.map((a) => cone.original(a));
  const s = new Solver(z3);
  try {
    s.setTimeout(COMPLETION_MS);
    s.add(atStep(model.init, 0));
    actions.forEach((a, i) => s.add(atStep(a.formula, i)));
    trace.states.forEach((st, i) => { for (const [v, x] of st.vals) s.add(eq(ref(indexed(v, i)), x)); });
    trace.choices.forEach((c, i) => { for (const [l, x] of c) s.add(eq(ref(indexed(l, i)), x)); });
    const r = s.check();
    if (r !== 'sat') return `Z3 finds the variables left out no values along the cone's counterexample (${r})`;
    const m = s.model();
    try {
      return {
        states: trace.states.map((st, i) => ({ loc: st.loc, vals: new Map(model.vars.map((v) => [v, m.eval(ref(indexed(v, i)))])) })),
        actions,
        choices: actions.map((a, i) => new Map(a.locals.map((l) => [l, m.eval(ref(indexed(l, i)))]))),
      };
    } finally {
      m.dispose();
    }
  } finally {
    s.dispose();
  }
}

async function back(task: Task, cone: Cone, r: Result, z3: Z3Context): Promise<Result> {
  const stats = { ...r.stats, slicedAway: cone.dropped.length };
  if (r.verdict === 'unsafe' && r.certificate.kind === 'trace') {
    const trace = await completed(task, cone, r.certificate.trace, z3);
    if (typeof trace === 'string') return { verdict: 'unknown', reason: unknown('unsupported', trace), stats };
    return { ...r, certificate: { kind: 'trace', trace }, stats };
  }
  if (r.verdict === 'safe' && r.certificate.kind === 'k-invariant' && r.certificate.simplePath) {
    const { checkKInductiveInvariant } = await import('../../certificates/k-invariant.js');
    const c = r.certificate;
    const failure = await checkKInductiveInvariant(task.model, c.invariant, c.k, true);
    if (failure) return { verdict: 'unknown', reason: unknown('unsupported', `the cone's k-inductive invariant on simple paths is none of the model: ${failure}`), stats };
  }
  return { ...r, stats } as Result;
}

const PASS: Pass = {
  name: 'slice',
  async forward(task: Task, context: EngineContext) {
    const { cones } = await import('../../formalisms/slice.js');
    const z3 = await context.z3();
    for (const cone of cones(task.model)) {
      if (!(await discharged(cone, z3))) continue;
      const model = cone.model;
      return { task: { file: task.file, property: task.property, theories: task.theories, model }, back: (r: Result) => back(task, cone, r, z3) };
    }
    return { task, back: (r: Result) => r };
  },
};

/** A task with a model of its own: safety, no circuit, no nonlinear clauses (which have no model). */
const applies = (task: Task) => !task.circuit && task.clauses?.linear !== false && task.property.kind === 'safety';

export const SLICE_PASS: PassSpec = {
  name: 'slice',
  option: SLICE,
  shown: applies,
  make(settings, task) {
    // on the 47 linear CHC tasks it changes, slicing decided one task fewer than the whole model
    // (60 s, one run: 43 against 44) in 1.08 times the median wall time: their producers slice
    const value = settings[SLICE.name] ?? 'auto';
    return applies(task) && (value === 'on' || (value === 'auto' && !task.clauses)) ? PASS : undefined;
  },
};
