/**
 * The CEGAR loop (Hajdu and Micskei, Algorithm 3): abstraction and refinement alternate until the
 * abstractor completes a safe ARG or the refiner confirms a counterexample. A safe ARG yields the
 * invariant read off its nodes (per location, the disjunction of the states of its non-covered
 * nodes); a confirmed counterexample yields a concrete trace. Both are returned unchecked: the
 * caller checks them by their kind before anything is shown (certificates/check.ts).
 */
import type { Expr } from '../lang/expr.js';
import { minimiseCubes } from '../lang/cubes.js';
import { simplify } from '../lang/simplify.js';
import type { Interpreter, Location } from '../formalisms/interpreter.js';
import { TIMEOUT, unknown, type ArgGraph, type Result, type Statistics } from '../formalisms/result.js';
import { printExpr } from '../lang/print.js';
import type { Progress } from '../engines/run.js';
import { Abstractor, Timeout } from './abstractor.js';
import { Arg } from './arg.js';
import type { CegarConfig } from './config.js';
import type { AbstractState, Domain, Precision } from './domain.js';
import { PrecisionMap } from './precision-map.js';
import type { Refiner } from './refiner.js';
import { SEARCHES } from './search.js';
import { initialPrecision, makeDomain } from './domains/index.js';
import { RefinementError, RefinementTimeout, RefinementUnsupported, makeRefiner } from './refiners/index.js';
import { UnsupportedError } from '../lang/smt/translate.js';
import type { Z3Context } from '../lang/smt/context.js';
import type { ArgNode } from './arg.js';
import { TargetAction, withoutTargetStep } from './target.js';

interface CegarOptions {
  readonly deadline?: number;
  readonly onProgress?: (p: Progress & { stats: Statistics; newest: string[] }) => void;
  /** Told once when the configuration had to be adapted to the model (ERR search without locations). */
  readonly onNote?: (note: string) => void;
}

interface Counted {
  readonly stats?: { readonly checks: number; readonly timeMs: number; readonly farkasCubes?: number; readonly projectedCubes?: number };
}

/** Invariant read off a complete ARG: per location, the disjunction of its non-covered states. */
function argInvariant<S extends AbstractState>(arg: Arg<S>): Map<Location, Expr> {
  const parts = new Map<Location, Expr[]>();
  for (const n of arg.nodes()) {
    if (n.coveredBy || n.unsafe || n.state.bottom) continue;
    let list = parts.get(n.loc);
    if (!list) parts.set(n.loc, (list = []));
    list.push(n.state.expr);
  }
  return new Map([...parts].map(([l, es]) => [l, simplify(minimiseCubes(es))]));
}

/** The loop's result carries the final ARG, whatever the verdict (for `--arg`). */
export function cegar(model: Interpreter, config: CegarConfig, z3: Z3Context, opts: CegarOptions = {}): Result {
  const domain = makeDomain(config, model, z3);
  domain.deadline = opts.deadline;
  try {
    const loop = new Loop(model, config, domain, makeRefiner(config.refinement, z3), opts);
    const result = loop.run();
    const arg = loop.finalArg;
    return { ...result, arg: () => argGraph(arg) };
  } finally {
    domain.dispose();
  }
}

class Loop<S extends AbstractState, P extends Precision> {
  private readonly started = Date.now();
  private readonly counters = { iterations: 0, refinements: 0, argNodes: 0, argCovered: 0, precisionSize: 0, abstractionMs: 0, refinementMs: 0 };
  private arg = new Arg<S>();
  private prec: PrecisionMap<P>;

  constructor(
    private readonly model: Interpreter,
    private readonly config: CegarConfig,
    private readonly domain: Domain<S, P>,
    private readonly refiner: Refiner,
    private readonly opts: CegarOptions,
  ) {
    this.prec = PrecisionMap.create(domain, config.precGranularity, initialPrecision(domain, model, config.initPrec) as P);
  }

  get finalArg(): Arg<S> {
    return this.arg;
  }

  private stats(): Statistics {
    const solvers = [this.domain as Counted, this.refiner as Counted].map((x) => x.stats ?? { checks: 0, timeMs: 0 });
    const { farkasCubes, projectedCubes } = solvers[1]!;
    return {
      timeMs: Date.now() - this.started,
      solverChecks: solvers.reduce((s, x) => s + x.checks, 0),
      solverTimeMs: solvers.reduce((s, x) => s + x.timeMs, 0),
      ...this.counters,
      argNodes: this.arg.size,
      argCovered: this.arg.coveredCount,
      precisionSize: this.prec.size,
      // how interpolation found its cubes, for refiners that interpolate
      ...(farkasCubes === undefined ? {} : { farkasCubes, projectedCubes: projectedCubes ?? 0 }),
    };
  }

  private restart(): void {
    this.arg = new Arg<S>();
    const p = this.prec.get(this.model.initLoc);
    for (const s of this.domain.initial(this.model.init, p)) this.arg.add(this.model.initLoc, s).precision = p;
  }

  private report(phase: string, waitlist = 0): void {
    this.opts.onProgress?.({
      phase,
      iteration: this.counters.iterations,
      detail: `${this.arg.size} ARG nodes, ${waitlist} waiting, precision ${this.prec.size}`,
      stats: { ...this.stats(), waitlist },
      newest: this.prec.newest(3),
    });
  }

  run(): Result {
    let weights = this.config.weights;
    if (weights.error !== 0 && this.model.locations.length === 1) {
      this.opts.onNote?.(`search ${this.config.search} needs locations, which this model does not have: using BFS`);
      weights = SEARCHES.BFS!;
    }
    const abstractor = new Abstractor(this.model, this.domain, {
      weights,
      maxCounterexamples: this.config.refinement === 'MULTI_SEQ' ? Infinity : 1,
      deadline: this.opts.deadline,
      onStep: (w) => this.report('abstraction', w),
    });
    try {
      this.restart();
      for (;;) {
        this.counters.iterations++;
        this.report('abstraction');
        let t = Date.now();
        const { unsafe } = abstractor.run(this.arg, this.prec);
        this.counters.abstractionMs += Date.now() - t;
        this.report('abstraction');
        if (unsafe.length === 0) return { verdict: 'safe', certificate: { kind: 'invariant', invariant: argInvariant(this.arg) }, stats: this.stats() };
        this.report('refinement');
        t = Date.now();
        const r = this.refiner.refine({ model: this.model, domain: this.domain, deadline: this.opts.deadline }, unsafe.map((n) => this.arg.pathTo(n)), this.prec);
        this.counters.refinementMs += Date.now() - t;
        if (r.kind === 'unsafe') return { verdict: 'unsafe', certificate: { kind: 'trace', trace: withoutTargetStep(r.trace) }, stats: this.stats() };
        this.counters.refinements++;
        // An unchanged precision still makes progress when the counterexample runs through states
        // abstracted with an older precision (lazy pruning keeps the nodes above the prune point):
        // rebuild from the first such state. Without one, the abstraction cannot exclude it.
        let prune = r.pruneFrom.map((n) => (n.action instanceof TargetAction ? n.parent! : n));
        if (r.precision === this.prec) {
          const stale = unsafe.map((u) => this.arg.pathTo(u).nodes.find((n) => n.precision !== this.prec.get(n.loc)));
          if (stale.some((n) => n === undefined)) {
            const why = unknown('refinement', 'refinement found nothing new to track (the abstraction cannot exclude this counterexample)');
            return { verdict: 'unknown', reason: why, stats: this.stats() };
          }
          prune = stale as ArgNode<S>[];
        }
        this.prec = r.precision;
        if (this.config.pruneStrategy === 'FULL' || prune.some((n) => !n.parent)) this.restart();
        else for (const n of prune) if (!n.pruned) this.arg.prune(n);
      }
    } catch (e) {
      if (e instanceof Timeout || e instanceof RefinementTimeout) return { verdict: 'unknown', reason: TIMEOUT, stats: this.stats() };
      if (e instanceof RefinementUnsupported || e instanceof UnsupportedError) return { verdict: 'unknown', reason: unknown('unsupported', e.message), stats: this.stats() };
      if (e instanceof RefinementError) return { verdict: 'unknown', reason: unknown('refinement', e.message), stats: this.stats() };
      throw e;
    }
  }
}


/** The graph as data for drawing: each node's location and state printed, its tree edge and covering. */
function argGraph(arg: Arg<AbstractState>): ArgGraph {
  const nodes = [...arg.nodes()].sort((a, b) => a.id - b.id);
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      location: n.loc.name,
      state: n.state.bottom ? 'false' : printExpr(n.state.expr, 'cfa'),
      ...(n.coveredBy ? { coveredBy: n.coveredBy.id } : {}),
      target: n.unsafe,
    })),
    edges: nodes.filter((n) => n.parent).map((n) => ({ from: n.parent!.id, to: n.id, label: `${n.action!.source.name} -> ${n.action!.target.name}` })),
  };
}
