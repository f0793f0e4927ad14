/**
 * Control-flow recovery as a pass (`--control on|off`, formalisms/control.ts): the engine checks
 * the automaton an STS's program counter encodes, with the state invariants that Z3 shows its
 * steps preserve left out of them, and its answer is read back over the STS: an invariant per
 * location becomes the disjunction of `pc = c and` the invariant at c, a trace gets the counter's
 * values and loses its last step (into the error location). A k-inductive invariant is checked
 * again over the STS, with one step more where the bad states' step needs it.
 *
 * The recovery is imported when a run needs it: the registry lists this module's option, and
 * listing the engines must not load the expression language or the SMT bridge (engines/registry.ts).
 */
import type { Recovered } from '../../formalisms/control.js';
import { unknown, type Result } from '../../formalisms/result.js';
import type { Task } from '../../formalisms/task.js';
import type { EngineContext, EngineOption } from '../engine.js';
import type { Expr } from '../../lang/expr.js';
import type { Pass, PassSpec } from './pass.js';

export const CONTROL: EngineOption = {
  name: 'control',
  group: 'Model passes (word-level models):',
  help: 'cegar, bmc, ic3, imc, impact, kind, pdkind, pdr, tpa and the portfolio\'s members: read an STS whose transition relation is a case split on a program counter as the automaton it encodes (default: on)',
  choices: ['on', 'off'],
  default: 'on',
};

async function back(task: Task, rec: Recovered, r: Result): Promise<Result> {
  const stats = { ...r.stats, recoveredLocations: rec.model.locations.length };
  if (r.verdict === 'unsafe' && r.certificate.kind === 'trace') return { ...r, certificate: { kind: 'trace', trace: rec.trace(r.certificate.trace) }, stats };
  if (r.verdict !== 'safe') return { ...r, stats } as Result;
  const c = r.certificate;
  if (c.kind === 'invariant') return { ...r, certificate: { kind: 'invariant', invariant: new Map([[task.model.initLoc, rec.invariant(c.invariant)]]) }, stats };
  if (c.kind !== 'k-invariant') return { ...r, stats };
  const { checkKInductiveInvariant } = await import('../../certificates/k-invariant.js');
  const invariant = new Map([[task.model.initLoc, rec.invariant(c.invariant)]]);
  for (const k of [c.k, c.k + 1]) {
    if (!(await checkKInductiveInvariant(task.model, invariant, k, c.simplePath))) return { ...r, certificate: { ...c, invariant, k }, stats };
  }
  return { verdict: 'unknown', reason: unknown('unsupported', `the automaton's ${c.k}-inductive invariant is not k-inductive over the STS`), stats };
}

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
    return { task: { file: task.file, property: task.property, theories: task.theories, model: rec.model }, back: (r: Result) => back(task, rec, r) };
  },
};

/** A task that may be an STS's: safety, no circuit, no clauses (whose views have locations of their own). */
const onSts = (task: Task) => !task.circuit && !task.clauses && task.property.kind === 'safety';

export const CONTROL_PASS: PassSpec = {
  name: 'control',
  option: CONTROL,
  shown: (task) => onSts(task) && task.model.locations.length === 1,
  make: (settings, task) => ((settings[CONTROL.name] ?? 'on') === 'on' && onSts(task) ? PASS : undefined),
};
