/**
 * The abstractor (Hajdu and Micskei, Algorithm 1): extends an ARG, possibly pruned by an earlier
 * refinement, until a bad node is found (or as many as the refiner wants to see) or no unmarked
 * node is left. A node at the error location whose state may be bad is marked unsafe; otherwise
 * it is covered by another node of its location whose state contains it, or expanded by the
 * transfer function under the precision of each target location. At the error location the bad
 * states are a successor of their own (target.ts): unsafe nodes are those successors.
 */
import type { Interpreter } from '../formalisms/interpreter.js';
import type { Arg, ArgNode } from './arg.js';
import type { AbstractState, Domain, Precision } from './domain.js';
import type { PrecisionMap } from './precision-map.js';
import { Waitlist, type SearchWeights } from './search.js';
import { TargetAction } from './target.js';

/** Thrown when the deadline passes; the checker answers UNKNOWN (timeout). */
export class Timeout extends Error {
  constructor() {
    super('timeout');
  }
}

interface AbstractionResult<S extends AbstractState> {
  /** Unsafe nodes found (empty: the ARG is complete and safe). */
  readonly unsafe: readonly ArgNode<S>[];
}

interface AbstractorOptions {
  readonly weights: SearchWeights;
  /** How many unsafe nodes to collect before stopping (Infinity: explore everything). */
  readonly maxCounterexamples: number;
  readonly deadline?: number;
  /** Called now and then with the waitlist size, for progress reports. */
  readonly onStep?: (waitlist: number) => void;
}

export class Abstractor<S extends AbstractState, P extends Precision> {
  private readonly target: TargetAction;

  constructor(
    private readonly model: Interpreter,
    private readonly domain: Domain<S, P>,
    private readonly opts: AbstractorOptions,
  ) {
    this.target = new TargetAction(model);
  }

  run(arg: Arg<S>, prec: PrecisionMap<P>): AbstractionResult<S> {
    const { model, domain, opts } = this;
    const unsafe: ArgNode<S>[] = [];
    const waitlist = new Waitlist<S>(model, opts.weights);
    for (const n of arg.nodes()) {
      if (n.unsafe) unsafe.push(n);
      else if (n.unmarked) waitlist.push(n);
    }
    let steps = 0;
    while (unsafe.length < opts.maxCounterexamples) {
      const n = waitlist.pop();
      if (!n) break;
      if (n.pruned || !n.unmarked) continue;
      if (++steps % 64 === 0) {
        if (opts.deadline !== undefined && Date.now() > opts.deadline) throw new Timeout();
        opts.onStep?.(waitlist.size);
      }
      if (n.loc === model.errorLoc && domain.mayBeBad(n.state, model.bad)) {
        // not expanded further until refinement prunes this node
        const t = arg.add(n.loc, n.state, n, this.target);
        t.precision = n.precision;
        t.unsafe = true;
        unsafe.push(t);
        n.expanded = true;
        continue;
      }
      const cover = this.coverFor(arg, n);
      if (cover) {
        arg.cover(n, cover);
        continue;
      }
      // a node expanded again after pruning rebuilds all its successors under the current precision
      for (const c of [...n.children]) for (const r of arg.prune(c)) if (r !== n) waitlist.push(r);
      for (const a of model.actions(n.loc)) {
        const p = prec.get(a.target);
        for (const s of domain.successors(n.state, a, p)) {
          const c = arg.add(a.target, s, n, a);
          c.precision = p;
          waitlist.push(c);
        }
      }
      n.expanded = true;
    }
    return { unsafe };
  }

  /** A node of the same location, not covered itself, whose state contains n's. */
  private coverFor(arg: Arg<S>, n: ArgNode<S>): ArgNode<S> | undefined {
    for (const c of arg.at(n.loc)) {
      if (c !== n && !c.coveredBy && !c.unsafe && this.domain.leq(n.state, c.state)) return c;
    }
    return undefined;
  }
}
