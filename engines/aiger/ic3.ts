/**
 * IC3 / property-directed reachability (Bradley 2011; Eén, Mishchenko, Brayton 2011) on the SAT
 * solver. This file is the main loop; the parts, named after the algorithm, are in ic3/:
 *
 * - frames.ts: the frames F_0 .. F_k, delta-encoded, with subsumption and relative induction on
 *   one solver per frame (frame-solver.ts);
 * - obligations.ts: proof obligations and their queue;
 * - block.ts: blocking the obligations that start from a bad state of the top frame;
 * - mic.ts: generalising a blocked cube, with counterexamples to generalisation;
 * - lift.ts: lifting a predecessor to a cube, on a SAT solver (ternary.ts: by ternary simulation);
 * - propagate.ts: pushing clauses forward, which finds the inductive invariant;
 * - context.ts: what the parts share (circuit, deadline, counters).
 *
 * The loop: while the top frame F_k meets a bad state, block it; then open F_{k+1} and propagate.
 * When a level has no clauses left, two adjacent frames are equal and the frames above it form an
 * inductive invariant.
 *
 * Uninitialised latches simply have no reset literal: cubes only conflict with the initial states on
 * initialised latches.
 *
 * The options (ic3-options.ts) switch on counterexamples to propagation (propagate.ts), dynamic
 * generalisation and parent lemmas (mic.ts, block.ts), obligation dropping (block.ts) and ternary
 * lifting (ternary.ts). In a portfolio that shares lemmas (`--share`), the run publishes its
 * lemmas and adopts the other IC3 runs' (engines/lemma-pool.ts) before each query for a bad state
 * of the top frame.
 */
import type { Aig, Lit } from '../../formalisms/aig.js';
import { TIMEOUT, type Statistics } from '../../formalisms/result.js';
import type { Engine, Settings } from '../engine.js';
import { ic3Configuration, ic3OptionsOf } from './ic3-options.js';
import { resultOf, type Outcome } from './outcome.js';
import { block } from './ic3/block.js';
import { Ic3Context, Timeout, type Ic3Counters, type Ic3RunOptions } from './ic3/context.js';
import { Frames } from './ic3/frames.js';
import { Lifter, type PredecessorLifter } from './ic3/lift.js';
import { TernaryLifter } from './ic3/ternary.js';
import { Mic } from './ic3/mic.js';
import { counterexample } from './ic3/obligations.js';
import { CtpLedger, propagate } from './ic3/propagate.js';
import { LemmaPool } from '../lemma-pool.js';
import { toFirstBad } from '../../formalisms/aig-eval.js';
import type { StepDefinitions } from './step-definitions.js';

export type { Ic3Counters } from './ic3/context.js';

/** The activity above which --ic3-drop-po drops an obligation, at first. */
const DROP_AFTER = 20;


export class Ic3 {
  readonly counters: Ic3Counters;
  private readonly ctx: Ic3Context;
  private readonly frames: Frames;
  private readonly lifter: PredecessorLifter;
  private readonly mic: Mic;
  private readonly ctps = new CtpLedger();

  /** The activity limit of obligation dropping: doubled after each frame that dropped one. */
  private dropAfter = DROP_AFTER;

  /** The log of lemmas shared with the portfolio's other IC3 runs, and the map from its literals (over file positions) to this circuit's. */
  private readonly shared: { pool: LemmaPool; own: (shared: number) => Lit | undefined } | undefined;
  /** Lemmas of other runs that passed relative induction here and were added. */
  private adopted = 0;

  constructor(aig: Aig, private readonly opts: Ic3RunOptions) {
    this.ctx = new Ic3Context(aig, opts);
    this.counters = this.ctx.counters;
    this.frames = new Frames(this.ctx);
    this.lifter = this.ctx.options.ternary ? new TernaryLifter(this.ctx) : new Lifter(this.ctx);
    this.mic = new Mic(this.ctx, this.frames, this.lifter);
    if (opts.lemmas) this.shared = this.share(new LemmaPool(opts.lemmas));
  }

  /** Publishes this run's lemmas to `pool` over file positions. */
  private share(pool: LemmaPool): { pool: LemmaPool; own: (shared: number) => Lit | undefined } {
    const { aig, firstLatch } = this.ctx;
    const latchAt = new Map(aig.latches.map((l, k) => [l.index, firstLatch + k]));
    this.frames.onLemma = (cube, level) => pool.publish(level, cube.map((l) => 2 * aig.latches[this.ctx.latchOf(l)]!.index + (l & 1)));
    return {
      pool,
      own: (shared) => {
        const v = latchAt.get(shared >> 1);
        return v === undefined ? undefined : 2 * v + (shared & 1);
      },
    };
  }

  /**
   * Adds the other runs' new lemmas that hold here and reach its top frame k: a lemma of level k
   * or above that excludes the initial states and is inductive relative to F_{k-1} here is blocked
   * at k, as if this run had found it; one over a latch this circuit lacks, or implied already, is
   * skipped. A lemma below the top comes from a run that is behind: there this run has blocked what
   * its own search needed, and such lemmas, adopted, changed its course without bringing it nearer
   * a proof (`gcd`: 5,140 of 6,111 adopted lemmas below the top, 52 s against 28 s alone), while
   * those that helped came from a run ahead (`bobsmnut2`: all 74 at the top, frame 17 against 48).
   */
  private adopt(k: number): void {
    const { pool, own } = this.shared!;
    pool.take((level, lits) => {
      if (level < k) return;
      const cube: Lit[] = [];
      for (const s of lits) {
        const l = own(s);
        if (l === undefined) return;
        cube.push(l);
      }
      cube.sort((a, b) => a - b);
      if (this.ctx.meetsInit(cube) || this.frames.blockedAt(cube, k)) return;
      if ('core' in this.frames.relInd(cube, k - 1)) {
        this.frames.add(cube, k, true);
        this.adopted++;
      }
    });
  }

  check(): Outcome {
    const { ctx, frames, lifter, mic } = this;
    try {
      const s0 = frames.solverAt(0);
      if (ctx.solve(s0.sat, [s0.bad()])) {
        const { state, inputs } = s0.model();
        return { result: 'unsafe', run: counterexample(state, [inputs], undefined) };
      }
      frames.newFrame();
      for (let k = 1; ; k++) {
        this.counters.frame = k;
        this.opts.onProgress?.({
          phase: 'ic3', iteration: k,
          detail: `frame ${k}, ${this.counters.clauses} clauses, ${this.counters.obligations} obligations, ${this.counters.satCalls} SAT calls`,
          stats: { ...this.counters },
        });
        const droppedBefore = this.counters.dropped ?? 0;
        for (;;) {
          if (this.shared) this.adopt(k);
          const fk = frames.solverAt(k);
          if (!ctx.solve(fk.sat, [fk.bad()])) break;
          const step = fk.model();
          const cex = block(ctx, frames, lifter, mic, { cube: lifter.toBad(step), level: k, depth: 0, inputs: step.inputs, next: undefined, act: 0 }, this.dropAfter);
          if (cex) return { result: 'unsafe', run: toFirstBad(ctx.aig, cex, ctx.aig.properties[0]!.lit) };
        }
        if ((this.counters.dropped ?? 0) > droppedBefore) this.dropAfter *= 2;
        frames.newFrame();
        const empty = propagate(ctx, frames, lifter, mic, this.ctps, k + 1);
        if (empty !== undefined) return { result: 'safe', invariant: frames.invariantAbove(empty) };
      }
    } catch (e) {
      if (e instanceof Timeout) return { result: 'unknown', reason: TIMEOUT };
      throw e;
    }
  }

  stats(): Record<string, number> {
    const st = this.frames.satTotals();
    const lift = this.lifter.stats;
    return {
      solverChecks: st.solves + lift.solves,
      solverTimeMs: Math.round(st.timeMs + lift.timeMs),
      frame: this.counters.frame,
      obligations: this.counters.obligations,
      clauses: this.counters.clauses,
      satCalls: this.counters.satCalls,
      conflicts: st.conflicts,
      decisions: st.decisions,
      propagations: st.propagations,
      liftChecks: lift.solves,
      liftTimeMs: Math.round(lift.timeMs),
      rebuilds: this.frames.rebuilds,
      ctgs: this.counters.ctgs ?? 0,
      subsumed: this.counters.subsumed ?? 0,
      ctps: this.counters.ctps ?? 0,
      dropped: this.counters.dropped ?? 0,
      parentHits: this.counters.parentHits ?? 0,
      stillStopped: this.counters.stillStopped ?? 0,
      liveClauses: this.frames.live,
      ...(this.frames.simplified ? bveStats(this.frames.simplified) : {}),
      ...(this.shared ? { lemmasShared: this.shared.pool.published, lemmasReceived: this.shared.pool.received, lemmasAdopted: this.adopted } : {}),
    };
  }
}

/** IC3 on a circuit: its outcome and statistics, timed from `started`. */
export function runIc3(circuit: Aig, opts: Ic3RunOptions, started = Date.now()): { outcome: Outcome; stats: Statistics } {
  const engine = new Ic3(circuit, opts);
  const outcome = engine.check();
  return { outcome, stats: { timeMs: Date.now() - started, solverChecks: 0, solverTimeMs: 0, ...engine.stats() } };
}

/** What elimination did to the step the frame solvers load. */
function bveStats(step: StepDefinitions): Record<string, number> {
  return { eliminatedGates: step.eliminated, bveMs: Math.round(step.ms) };
}

/** IC3 as the engine for circuits: each task on its circuit. */
export function createEngine(settings: Settings): Engine {
  const ic3 = ic3OptionsOf(settings);
  return {
    configuration: () => ic3Configuration(ic3),
    check(task, limits, reporter) {
      const { outcome, stats } = runIc3(task.circuit!, { ...limits, onProgress: (p) => reporter.progress(p), ic3 });
      return resultOf(outcome, stats);
    },
  };
}
