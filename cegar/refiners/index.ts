/**
 * The refiners of the CEGAR loop, by Theta's names (Hajdu and Micskei, Sect. 2.2.2 and 3.2):
 * FW_BIN_ITP, BW_BIN_ITP, SEQ_ITP, MULTI_SEQ, MIN_PRUNE, MAX_PRUNE and UNSAT_CORE. Each refiner keeps
 * one feasibility solver for its lifetime and counts its solver work in `stats`.
 *
 * A refuted path yields one formula per state; from the prune index on, every non-trivial one is
 * joined into the precision at its state's location (everywhere, for a GLOBAL precision), and the
 * node at the prune index is where the ARG is pruned. Interpolation strategies prune at the first
 * non-trivial interpolant, as in the paper; UNSAT_CORE at the first state whose variables were not
 * all tracked yet, since the states before it are rebuilt exactly as they are. A refinement that adds
 * nothing returns the precision unchanged (the same object), which the checker reports as UNKNOWN.
 */
import type { Z3Context } from '../../lang/smt/context.js';
import type { ArgNode, ArgPath } from '../arg.js';
import type { AbstractState, Precision } from '../domain.js';
import type { PrecisionMap } from '../precision-map.js';
import type { Refinement, Refiner, RefinerContext } from '../refiner.js';
import { backwardBinary, forwardBinary } from './binary.js';
import { Budget } from './budget.js';
import { FeasibilityChecker, type Feasible } from './feasibility.js';
import { Interpolation, isTrivial, type ItpSequence } from './interpolants.js';
import { minimalPaths } from './multi.js';
import { counterexample, type Counterexample } from './pieces.js';
import { refuteBySequence, sequenceItp } from './sequence.js';
import type { PathStrategy, Tools } from './tools.js';
import { unsatCore } from './unsat-core.js';

import type { RefinementKind } from '../config.js';

export { RefinementError, RefinementTimeout, RefinementUnsupported } from './errors.js';


interface RefinerStats {
  /** Solver checks of the refiner (feasibility and interpolation) and their time in milliseconds. */
  checks: number;
  timeMs: number;
  /** Interpolation calls (binary or sequence). */
  interpolations: number;
  /** Cubes of interpolants found by Farkas' lemma, and by model-based projection. */
  farkasCubes: number;
  projectedCubes: number;
}

type Candidates = Feasible | { readonly feasible: false; readonly seqs: readonly ItpSequence[] };

/**
 * Forward and backward binary interpolants, the one pruning nearer the root (MIN) or nearer the error
 * (MAX) first; ties go backward. The other one is the fallback when the first adds nothing to the
 * precision (a forward interpolant can be tracked already at a state whose abstraction still allows
 * its negation).
 */
function byPruneIndex<S extends AbstractState>(pick: 'MIN' | 'MAX', tools: Tools, cex: Counterexample<S>): Candidates {
  const fw = forwardBinary(tools, cex);
  if (fw.feasible) return fw;
  const bw = backwardBinary(tools, cex);
  if (bw.feasible) return bw;
  const d = fw.seq.pruneIndex - bw.seq.pruneIndex;
  return { feasible: false, seqs: (pick === 'MIN' ? d < 0 : d > 0) ? [fw.seq, bw.seq] : [bw.seq, fw.seq] };
}

const SINGLE: Record<'FW_BIN_ITP' | 'BW_BIN_ITP' | 'SEQ_ITP' | 'UNSAT_CORE', PathStrategy> = {
  FW_BIN_ITP: forwardBinary,
  BW_BIN_ITP: backwardBinary,
  SEQ_ITP: sequenceItp,
  UNSAT_CORE: unsatCore,
};

function candidates<S extends AbstractState>(kind: Exclude<RefinementKind, 'MULTI_SEQ'>, tools: Tools, cex: Counterexample<S>): Candidates {
  if (kind === 'MIN_PRUNE') return byPruneIndex('MIN', tools, cex);
  if (kind === 'MAX_PRUNE') return byPruneIndex('MAX', tools, cex);
  const out = SINGLE[kind](tools, cex);
  return out.feasible ? out : { feasible: false, seqs: [out.seq] };
}

/** The precision after joining the formulas from `from` on, and the first state where it changed (-1: nowhere). */
function applySequence<S extends AbstractState, P extends Precision>(
  ctx: RefinerContext<S, P>, nodes: readonly ArgNode<S>[], seq: ItpSequence, from: number, precision: PrecisionMap<P>,
): { precision: PrecisionMap<P>; changedAt: number } {
  let changedAt = -1;
  for (let k = from; k < nodes.length; k++) {
    const itp = seq.itps[k]!;
    if (isTrivial(itp)) continue;
    const next = precision.refine(ctx.domain, nodes[k]!.loc, itp);
    if (next !== precision && changedAt < 0) changedAt = k;
    precision = next;
  }
  return { precision, changedAt };
}

class StrategyRefiner implements Refiner {
  private readonly feasibility: FeasibilityChecker;
  private readonly interpolation: Interpolation;

  constructor(readonly kind: RefinementKind, z3: Z3Context) {
    this.feasibility = new FeasibilityChecker(z3);
    this.interpolation = new Interpolation(z3);
  }

  get stats(): RefinerStats {
    const f = this.feasibility.stats;
    const i = this.interpolation.stats;
    return {
      checks: f.checks + i.checks, timeMs: f.timeMs + i.timeMs, interpolations: i.calls,
      farkasCubes: i.farkasCubes, projectedCubes: i.projectedCubes,
    };
  }

  refine<S extends AbstractState, P extends Precision>(
    ctx: RefinerContext<S, P>, paths: readonly ArgPath<S>[], precision: PrecisionMap<P>,
  ): Refinement<S, P> {
    if (paths.length === 0) throw new Error('refine needs at least one counterexample');
    const tools: Tools = { feasibility: this.feasibility, interpolation: this.interpolation, budget: new Budget(ctx.deadline) };
    const cexs = paths.map((p) => counterexample(ctx.model, p));
    return this.kind === 'MULTI_SEQ' ? this.multi(ctx, tools, cexs, precision) : this.single(ctx, tools, cexs[0]!, precision);
  }

  private single<S extends AbstractState, P extends Precision>(
    ctx: RefinerContext<S, P>, tools: Tools, cex: Counterexample<S>, precision: PrecisionMap<P>,
  ): Refinement<S, P> {
    const out = candidates(this.kind as Exclude<RefinementKind, 'MULTI_SEQ'>, tools, cex);
    if (out.feasible) return { kind: 'unsafe', trace: out.trace };
    const { nodes } = cex.path;
    let first: Refinement<S, P> | undefined;
    for (const seq of out.seqs) {
      let r: Refinement<S, P>;
      if (this.kind === 'UNSAT_CORE') {
        const { precision: next, changedAt } = applySequence(ctx, nodes, seq, 0, precision);
        r = { kind: 'spurious', precision: next, pruneFrom: [nodes[changedAt >= 0 ? changedAt : seq.pruneIndex]!] };
      } else {
        r = { kind: 'spurious', precision: applySequence(ctx, nodes, seq, seq.pruneIndex, precision).precision, pruneFrom: [nodes[seq.pruneIndex]!] };
      }
      if (r.precision !== precision) return r;
      first ??= r;
    }
    return first!;
  }

  /** Algorithm 5: any feasible path is a counterexample; otherwise refine the minimal set. */
  private multi<S extends AbstractState, P extends Precision>(
    ctx: RefinerContext<S, P>, tools: Tools, cexs: readonly Counterexample<S>[], precision: PrecisionMap<P>,
  ): Refinement<S, P> {
    for (const cex of cexs) {
      const trace = tools.feasibility.check(cex, tools.budget);
      if (trace) return { kind: 'unsafe', trace };
    }
    const seqs = cexs.map((cex) => refuteBySequence(tools, cex));
    const pruneNodes = cexs.map((cex, i) => cex.path.nodes[seqs[i]!.pruneIndex]!);
    const keep = minimalPaths(pruneNodes);
    for (const i of keep) precision = applySequence(ctx, cexs[i]!.path.nodes, seqs[i]!, seqs[i]!.pruneIndex, precision).precision;
    return { kind: 'spurious', precision, pruneFrom: [...new Set(keep.map((i) => pruneNodes[i]!))] };
  }
}

export function makeRefiner(kind: RefinementKind, z3: Z3Context): Refiner & { readonly stats: RefinerStats } {
  return new StrategyRefiner(kind, z3);
}
