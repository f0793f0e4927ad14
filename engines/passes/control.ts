/**
 * Control-flow recovery as a pass (`--control on|off`, formalisms/control.ts): the engine checks
 * the automaton an STS's program counter encodes, with the state invariants that Z3 shows its
 * steps preserve left out of them, and its answer is read back over the STS: an invariant per
 * location becomes the disjunction of `pc = c and` the invariant at c, a trace gets the counter's
 * values and loses its last step (into the error location). A k-inductive invariant is checked
 * again over the STS, with one step more where the bad states' step needs it.
 *
 * On a linear clause system of one predicate, the pass reads the Boolean control bits of its
 * location instead (formalisms/control-bits.ts): an invariant at a location of the automaton becomes
 * the bits' values and the invariant, a trace gets the bits' values; steps stay steps, so a
 * k-inductive invariant is checked again over the clause system's view with the same k.
 *
 * The recovery is imported when a run needs it: the registry lists this module's option, and
 * listing the engines must not load the expression language or the SMT bridge (engines/registry.ts).
 */
import type { Recovered } from '../../formalisms/control.js';
import type { SplitControl } from '../../formalisms/control-bits.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import type { EngineContext, EngineOption } from '../engine.js';
import type { Expr } from '../../lang/expr.js';
import type { Location } from '../../formalisms/interpreter.js';
import type { Trace } from '../../formalisms/trace.js';
import type { Pass, PassSpec } from './pass.js';

export const CONTROL: EngineOption = {
  name: 'control',
  group: 'Model passes (word-level models):',
  help: 'cegar, bmc, ic3, imc, impact, kind, pdkind, pdr, tpa and the portfolio\'s members: read an STS whose transition relation is a case split on a program counter, or a clause system of one predicate whose Boolean arguments hold one, as the automaton it encodes (default: on; on a clause system, off for bmc and kind)',
  choices: ['on', 'off'],
  default: 'on',
};

/** How an automaton's answers read over the model it was recovered from. */
interface ReadBack {
  readonly locations: number;
  trace(t: Trace): Trace;
  invariant(perLocation: ReadonlyMap<Location, Expr>): Map<Location, Expr>;
  /** The steps a k-inductive invariant may need over the model beyond the automaton's k. */
  readonly extraSteps: readonly number[];
  /** The model, in messages. */
  readonly over: string;
}

async function back(task: Task, rb: ReadBack, r: Result): Promise<Result> {
  const stats = { ...r.stats, recoveredLocations: rb.locations };
  if (r.verdict === 'unsafe' && r.certificate.kind === 'trace') return { ...r, certificate: { kind: 'trace', trace: rb.trace(r.certificate.trace) }, stats };
  if (r.verdict !== 'safe') return { ...r, stats } as Result;
  const c = r.certificate;
  if (c.kind === 'invariant') return { ...r, certificate: { kind: 'invariant', invariant: rb.invariant(c.invariant) }, stats };
  if (c.kind !== 'k-invariant') return { ...r, stats };
  const { checkKInductiveInvariant } = await import('../../certificates/k-invariant.js');
  const invariant = rb.invariant(c.invariant);
  for (const k of rb.extraSteps.map((e) => c.k + e)) {
    if (!(await checkKInductiveInvariant(task.model, invariant, k, c.simplePath))) return { ...r, certificate: { ...c, invariant, k }, stats };
  }
  return { verdict: 'unknown', reason: unknown('unsupported', `the automaton's ${c.k}-inductive invariant is not k-inductive over ${rb.over}`), stats };
}

/** An STS's automaton read back: one location, and the bad states' step may need one step more. */
function stsReadBack(task: Task, rec: Recovered): ReadBack {
  return {
    locations: rec.model.locations.length,
    trace: (t) => rec.trace(t),
    invariant: (perLocation) => new Map([[task.model.initLoc, rec.invariant(perLocation)]]),
    extraSteps: [0, 1],
    over: 'the STS',
  };
}

/** A clause system's automaton read back: steps stay steps. */
function bitsReadBack(split: SplitControl): ReadBack {
  return { locations: split.model.locations.length, trace: (t) => split.trace(t), invariant: (p) => split.invariant(p), extraSteps: [0], over: 'the clauses' };
}

/** How long Z3 may take to find one more value of the control bits after a step; beyond, the pass leaves the model as it is. */
const VALUES_MS = 1_000;

/** The pass on a linear clause system: its control bits, where it has them. */
const BITS_PASS: Pass = {
  name: 'control',
  async forward(task: Task, context: EngineContext) {
    const [{ splitControlBits }, { Solver }, { and, atStep, not }] = await Promise.all([import('../../formalisms/control-bits.js'), import('../../lang/smt/solver.js'), import('../../lang/expr.js')]);
    const solver = new Solver(await context.z3());
    solver.setTimeout(VALUES_MS);
    let split: SplitControl | undefined;
    try {
      // every value of the bits after a step, each found and then excluded (all-SAT over the bits)
      split = splitControlBits(task.model, (formula, targets, limit) => {
        solver.push();
        try {
          solver.add(atStep(formula, 0));
          const ts = targets.map((t) => atStep(t, 0));
          const out: boolean[][] = [];
          for (;;) {
            const answer = solver.check();
            if (answer === 'unsat') return out;
            if (answer !== 'sat' || out.length >= limit) return undefined;
            const m = solver.model();
            let v: boolean[];
            try {
              v = ts.map((t) => m.eval(t).value === true);
            } finally {
              m.dispose();
            }
            out.push(v);
            solver.add(not(and(...ts.map((t, i) => (v[i] ? t : not(t))))));
          }
        } finally {
          solver.pop();
        }
      });
    } finally {
      solver.dispose();
    }
    if (!split) return { task, back: (r: Result) => r };
    return { task: { ...task, model: split.model }, back: (r: Result) => back(task, bitsReadBack(split), r) };
  },
};

/** How long Z3 may take to decide that a step preserves a state invariant; beyond, the step keeps it. */
const IMPLIED_MS = 1_000;

const PASS: Pass = {
  name: 'control',
  async forward(task: Task, context: EngineContext) {
    const [{ recoverControl }, { Solver }, { and, not }] = await Promise.all([import('../../formalisms/control.js'), import('../../lang/smt/solver.js'), import('../../lang/expr.js')]);
    const solver = new Solver(await context.z3());
    solver.setTimeout(IMPLIED_MS);
    let rec: Recovered | undefined;
    try {
      rec = recoverControl(task.model, (premises, conclusions) => {
        if (conclusions.length === 0) return [];
        solver.push();
        try {
          solver.add(and(...premises));
          const holds = (c: Expr) => {
            solver.push();
            try {
              solver.add(not(c));
              return solver.check() === 'unsat';
            } finally {
              solver.pop();
            }
          };
          // mostly every one follows (ranges that assignments saturate): one check for all first
          if (holds(and(...conclusions))) return conclusions.map(() => true);
          return conclusions.map(holds);
        } finally {
          solver.pop();
        }
      });
    } finally {
      solver.dispose();
    }
    if (!rec) return { task, back: (r: Result) => r };
    return { task: { file: task.file, property: task.property, theories: task.theories, model: rec.model }, back: (r: Result) => back(task, stsReadBack(task, rec), r) };
  },
};

/** A task that may be an STS's: safety, no circuit, no clauses (whose views have locations of their own). */
const onSts = (task: Task) => !task.circuit && !task.clauses && task.property.kind === 'safety';

/** A linear clause system of one predicate: its view has the initial, the predicate's and the error location. */
const onPredicate = (task: Task) => task.clauses?.linear === true && task.property.kind === 'safety' && task.model.locations.length === 3;

/**
 * The engines that keep a clause system's view unless `--control on` is given: on the 17 unsafe
 * one-predicate tasks of the development set, BMC on the automaton was faster on 13, but slower on
 * the hard ones (`kundu-bug-1` not found within 60 s against 27 s, `tte_synchro` 18.7 s against
 * 7.5 s), and the portfolio's k-induction took 39.8 s where BMC took 15.5 s without the pass.
 */
const UNROLLING = ['bmc', 'kind'];

/** `--control`'s default for the engine on the task. */
const controlDefault = (task: Task, engine: string) => (onPredicate(task) && UNROLLING.includes(engine) ? 'off' : 'on');

export const CONTROL_PASS: PassSpec = {
  name: 'control',
  option: CONTROL,
  shown: (task) => (onSts(task) && task.model.locations.length === 1) || onPredicate(task),
  defaultFor: controlDefault,
  make(settings, task, engine) {
    if ((settings[CONTROL.name] ?? controlDefault(task, engine)) !== 'on') return undefined;
    return onSts(task) ? PASS : onPredicate(task) ? BITS_PASS : undefined;
  },
};
