/**
 * What the parts of IC3 share: the circuit with its latch numbering and initial states, the options
 * (the deadline, the techniques switched on), and the counters. Passed to each part explicitly, so each part's signature shows
 * what it touches; every SAT call goes through `solve` here, so all of them are counted and checked
 * against the deadline in one place.
 */
import type { SatSolver } from '../../../lang/sat/solver.js';
import type { Aig, Lit } from '../../../formalisms/aig.js';
import type { AigerEngineOptions } from '../bounded.js';
import { expired } from '../bounded.js';
import { IC3_DEFAULTS, type Ic3Options } from '../ic3-options.js';

/** IC3's run options: the limits and progress of any circuit engine, and its own techniques. */
export type Ic3RunOptions = AigerEngineOptions & { readonly ic3?: Ic3Options };

export interface Ic3Counters {
  frame: number;
  ctgs?: number;
  subsumed?: number;
  /** Clauses pushed after their counterexample to propagation was blocked. */
  ctps?: number;
  /** Obligations dropped for being retried too often. */
  dropped?: number;
  /** Obligations whose cube generalised to the literals shared with the parent lemma. */
  parentHits?: number;
  /** Pushes known to fail without a SAT call: the state that stopped the clause last time still stops it. */
  stillStopped?: number;
  obligations: number;
  clauses: number;
  satCalls: number;
}

/** Thrown past the deadline or when stopped; `Ic3.check` turns it into an unknown outcome. */
export class Timeout extends Error {}

export class Ic3Context {
  /** The AIG variable of the first latch: latch k is variable `firstLatch + k`. */
  readonly firstLatch: number;
  readonly counters: Ic3Counters = { frame: 0, obligations: 0, clauses: 0, satCalls: 0 };
  /** Which of the optional techniques run. */
  readonly options: Ic3Options;

  constructor(readonly aig: Aig, private readonly opts: Ic3RunOptions) {
    this.firstLatch = 1 + aig.inputs.length;
    this.options = opts.ic3 ?? IC3_DEFAULTS;
  }

  /** Adds one to an optional counter. */
  count(key: 'ctgs' | 'subsumed' | 'ctps' | 'dropped' | 'parentHits' | 'stillStopped'): void {
    this.counters[key] = (this.counters[key] ?? 0) + 1;
  }

  /** The position of a latch literal's latch. */
  latchOf(lit: Lit): number { return (lit >> 1) - this.firstLatch; }

  /** Whether some initial state lies in the cube: no literal contradicts a reset. */
  meetsInit(cube: readonly Lit[]): boolean {
    return cube.every((l) => {
      const reset = this.aig.latches[this.latchOf(l)]!.reset;
      return reset === 'x' || reset === ((l & 1) ^ 1);
    });
  }

  /** Throws `Timeout` past the deadline or when the run is stopped. */
  checkDeadline(): void {
    if (expired(this.opts)) throw new Timeout();
  }

  /** A counted SAT call, with an optional clause for this call only, that throws `Timeout` past the deadline. */
  solve(sat: SatSolver, assumptions: number[], temporary?: number[]): boolean {
    // The solver looks at the clock only every so many conflicts; IC3's calls are mostly quicker.
    this.checkDeadline();
    this.counters.satCalls++;
    const r = sat.solve(assumptions, { deadline: this.opts.deadline, stop: this.opts.stop, temporary });
    if (r === undefined) throw new Timeout();
    return r;
  }
}
