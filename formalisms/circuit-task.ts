/**
 * The task of a circuit property: the and-inverter graph the bit-level engines check (its one
 * bad-state literal is the property) and, built from it when first asked for, its symbolic
 * transition system, the interpreter view the word-level engines check (formalisms/aiger-sts.ts).
 * The view's interpreter has its variables at once and builds its formulas when they are first
 * read, so that a counterexample is printed without them.
 * The AIGER front end makes one per property from the property's cone, and the circuit passes
 * (engines/passes/) one per circuit they derive; inputs and latches keep their positions in the
 * file (`index`) through all of them, so runs, traces and invariants move between the tasks by
 * position, never by name.
 */
import { False, True, and, bool, not, or, ref, type Expr, type VarDecl } from '../lang/expr.js';
import type { Aig, Lit } from './aig.js';
import { runSteps, type Run } from './aig-eval.js';
import { aigerToSts, stsNames, type AigerSts, type AigerStsNames } from './aiger-sts.js';
import type { Clause } from './certificate.js';
import type { Interpreter, Location } from './interpreter.js';
import type { Property } from './property-kinds.js';
import { lazyStsInterpreter } from './sts-semantics.js';
import type { Task, Theory } from './task.js';
import type { Trace, TraceState } from './trace.js';

const BOOL: ReadonlySet<Theory> = new Set(['bool']);

export class CircuitTask implements Task {
  readonly theories = BOOL;
  readonly modelIsCircuit = true;
  private viewNames?: AigerStsNames;
  private view?: AigerSts;
  private interpreter?: Interpreter;
  private loc?: Location;

  /**
   * `stuckFree`: no latch of the circuit is stuck at a constant by ternary simulation, since
   * constant propagation made it (which finds every such latch: a constant that ternary simulation
   * derives, folding derives too) or the stuck latches were removed; the simplify pass then has
   * nothing to look for.
   */
  constructor(readonly file: string, readonly property: Property, readonly circuit: Aig, readonly stuckFree = false) {}

  /** The view's variables by file position, and the names of the system and its property. */
  get names(): AigerStsNames {
    return (this.viewNames ??= stsNames(this.circuit));
  }

  /** The view's one location, named after the property; made without the view, which an invariant's printing does not need. */
  get location(): Location {
    return (this.loc ??= { id: 0, name: this.names.propName });
  }

  get sts(): AigerSts {
    return (this.view ??= aigerToSts(this.circuit, 0, this.names));
  }

  get model(): Interpreter {
    if (!this.interpreter) {
      const { name, inputVars, latchVars, inputs } = this.names;
      this.interpreter = lazyStsInterpreter(name, [...inputVars, ...latchVars], () => this.sts.sts, [...inputs.values()], this.location);
    }
    return this.interpreter;
  }

  /** A run of the circuit as a trace of the view: every input and latch variable at every step; a lasso's with where its loop starts. */
  trace(run: Run, loopStart?: number): Trace {
    const aig = this.circuit;
    const { inputs, latches } = this.names;
    const model = this.model;
    const firstLatch = 1 + aig.inputs.length;
    const states: TraceState[] = [];
    for (const values of runSteps(aig, run)) {
      const vals = new Map<VarDecl, Expr>();
      aig.inputs.forEach((i, k) => vals.set(inputs.get(i.index)!, bool(values[1 + k] === 1)));
      aig.latches.forEach((l, k) => vals.set(latches.get(l.index)!, bool(values[firstLatch + k] === 1)));
      states.push({ loc: model.initLoc, vals });
    }
    const action = model.actions(model.initLoc)[0]!;
    return { states, actions: states.slice(1).map(() => action), choices: states.slice(1).map(() => new Map()), ...(loopStart === undefined ? {} : { loopStart }) };
  }

  /** A trace of the view as a run of the circuit. */
  run(trace: Trace): Run {
    const bit = (v: Expr | undefined) => (v === True ? 1 : 0);
    const { inputs, latches } = this.names;
    const first = trace.states[0]!.vals;
    return {
      latches: this.circuit.latches.map((l) => bit(first.get(latches.get(l.index)!))),
      inputs: trace.states.map((s) => this.circuit.inputs.map((i) => bit(s.vals.get(inputs.get(i.index)!)))),
    };
  }

  /** Clauses over the circuit's latch literals as an expression over the view's latch variables. */
  clausesExpr(clauses: readonly Clause[]): Expr {
    const firstLatch = 1 + this.circuit.inputs.length;
    const literal = (l: Lit): Expr => {
      const v = ref(this.names.latches.get(this.circuit.latches[(l >> 1) - firstLatch]!.index)!);
      return l & 1 ? not(v) : v;
    };
    return clauses.length === 0 ? True : and(...clauses.map((c) => (c.length === 0 ? False : or(...c.map(literal)))));
  }
}

/** A run of `from` as a run of `to` (two graphs of one file), matching inputs and latches by file position. */
export function transferRun(from: Aig, to: Aig, run: Run): Run {
  const latchValue = new Map(from.latches.map((l, k) => [l.index, run.latches[k]! ? 1 : 0]));
  const inputPos = new Map(from.inputs.map((i, k) => [i.index, k]));
  return {
    latches: to.latches.map((l) => latchValue.get(l.index) ?? (l.reset === 1 ? 1 : 0)),
    inputs: run.inputs.map((vec) => to.inputs.map((i) => {
      const k = inputPos.get(i.index);
      return k === undefined ? 0 : (vec[k]! ? 1 : 0);
    })),
  };
}

/**
 * The literal of each latch of `from` in `to`, two graphs of one file (by file position): where
 * `to` has no such latch, undefined.
 */
export function latchLiterals(from: Aig, to: Aig): (l: Lit) => Lit | undefined {
  const fromFirst = 1 + from.inputs.length;
  const toFirst = 1 + to.inputs.length;
  const node = new Map(to.latches.map((l, k) => [l.index, toFirst + k]));
  return (l) => {
    const n = node.get(from.latches[(l >> 1) - fromFirst]!.index);
    return n === undefined ? undefined : 2 * n + (l & 1);
  };
}
