/**
 * IMPACT, lazy abstraction with interpolants (McMillan, CAV 2006), as the seed formulates it (Beyer,
 * Dangl and Wendler, "A unifying view on SMT-based software verification", Sect. 4.4, with the
 * forced covering of Sect. 3.3): `--algorithm impact` for CFAs and STSs, on the interpreter view, so
 * it takes whatever actions the interpreter gives (one per CFA edge, the transition relation of an
 * STS, or blocks of edges). The parts are in impact/:
 *
 * - unwinding.ts: the tree of nodes with their labels and covering edges;
 * - cover.ts: covering, forced covering, and strengthening labels;
 * - refine.ts: paths as formulas, their feasibility, and their sequence interpolants;
 * - context.ts: what the parts share (solvers, deadline, counters).
 *
 * The search takes an uncovered leaf (depth-first by default, or breadth-first), tries to cover it
 * by an earlier node, then to force a covering; at the error location, if its label does not yet
 * exclude the bad states, the path from the root is checked: satisfiable, it is the
 * counterexample; otherwise its interpolants strengthen the labels along it, and the strengthened
 * nodes are tried for covering. A leaf left uncovered is expanded with a child labelled `true` per
 * action. When no leaf is left, the labels of the uncovered nodes, disjoined per location, are an
 * inductive invariant: the SAFE certificate.
 */
import type { Z3Context } from '../lang/smt/context.js';
import { False, True, and } from '../lang/expr.js';
import { interpolationStats } from '../lang/smt/interpolate.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Engine, EngineContext, Settings } from './engine.js';
import { impactSettings, type ImpactSettings } from './impact-options.js';
import type { Limits, Reporter } from './run.js';
import type { Result, Statistics } from '../formalisms/result.js';
import { ImpactContext } from './impact/context.js';
import { Covering } from './impact/cover.js';
import { feasible, interpolants, pathParts } from './impact/refine.js';
import { stopReason } from './path-interpolants.js';
import { Unwinding, type UNode } from './impact/unwinding.js';

/** Progress is reported at most this often while the unwinding grows, besides every refinement. */
const PROGRESS_MS = 250;

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const s = impactSettings(settings);
  return {
    configuration: () => ({ search: s.search, fcover: s.forcedCovering ? 'on' : 'off' }),
    async check(task, limits, reporter): Promise<Result> {
      return impact(task.model, s, await context.z3(), limits, reporter);
    },
  };
}

/** The leaves waiting to be expanded: a stack (DFS) or a queue (BFS). */
class Worklist {
  private items: UNode[] = [];
  private head = 0;

  constructor(private readonly dfs: boolean) {}

  /** Adds nodes so that the first of them comes out first. */
  push(nodes: readonly UNode[]): void {
    if (this.dfs) for (let i = nodes.length - 1; i >= 0; i--) this.items.push(nodes[i]!);
    else this.items.push(...nodes);
  }

  next(): UNode | undefined {
    if (this.dfs) return this.items.pop();
    if (this.head >= this.items.length) return undefined;
    const n = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return n;
  }
}

export function impact(model: Interpreter, settings: ImpactSettings, z3: Z3Context, limits: Limits, reporter: Reporter): Result {
  const started = Date.now();
  const itpBefore = interpolationStats(z3);
  const ctx = new ImpactContext(model, limits.deadline, z3);
  const stats = (): Statistics => {
    const itp = interpolationStats(z3);
    return {
      timeMs: Date.now() - started,
      solverChecks: ctx.solver.stats.checks + ctx.paths.stats.checks + itp.checks - itpBefore.checks,
      solverTimeMs: ctx.solver.stats.timeMs + ctx.paths.stats.timeMs + itp.timeMs - itpBefore.timeMs,
      ...ctx.counters,
    };
  };
  let reported = 0;
  const progress = (force: boolean) => {
    if (!force && Date.now() - reported < PROGRESS_MS) return;
    reported = Date.now();
    const c = ctx.counters;
    reporter.progress({
      phase: 'impact', iteration: c.refinements,
      detail: `${c.unwindingNodes} nodes, ${c.coveredNodes} covered, ${c.forcedCoverings} forced coverings, ${c.refinements} refinements`,
      stats: stats(),
    });
  };
  try {
    const unw = new Unwinding(model, ctx.counters, True);
    const work = new Worklist(settings.search === 'DFS');
    const covering = new Covering(ctx, unw, (nodes) => work.push(nodes));

    /** The error path to `v`: its trace if it is real, else refined by interpolants. */
    const refine = (v: UNode): Trace | undefined => {
      const nodes = unw.path(v);
      const parts = pathParts(nodes, model.init, model.bad);
      const trace = feasible(ctx, parts, nodes);
      if (trace) return trace;
      const changed = covering.strengthen(nodes, interpolants(ctx, parts));
      ctx.counters.refinements++;
      // a strengthened node may be covered now, and with it everything below it
      for (const n of changed) if (covering.close(n)) break;
      progress(true);
      return undefined;
    };

    for (;;) {
      work.push([unw.root]);
      for (let v = work.next(); v; v = work.next()) {
        if (v.removed || v.expanded || v.label === False || unw.isCovered(v)) continue;
        ctx.checkDeadline();
        progress(false);
        if (covering.close(v)) continue;
        if (settings.forcedCovering && covering.force(v)) continue;
        if (v.loc === model.errorLoc && ctx.check([and(v.label, model.bad)])) {
          const trace = refine(v);
          if (trace) return { verdict: 'unsafe', certificate: { kind: 'trace', trace }, stats: stats() };
          if (v.removed || v.label === False || unw.isCovered(v)) continue;
        }
        work.push(unw.expand(v, True));
      }
      // every uncovered node must be expanded for the labels to be closed under the actions
      const left = unw.live().filter((n) => !n.expanded);
      if (left.length === 0) break;
      work.push(left);
    }
    progress(true);
    return { verdict: 'safe', certificate: { kind: 'invariant', invariant: unw.invariant() }, stats: stats() };
  } catch (e) {
    const reason = stopReason(e);
    if (reason) return { verdict: 'unknown', reason, stats: stats() };
    throw e;
  } finally {
    ctx.dispose();
  }
}
