/**
 * One SAT solver per frame: solver i holds F_i (the clauses of levels i and above; solver 0 the
 * initial states instead), the invariant constraints on the current step (a predecessor must
 * satisfy them, which is the AIGER meaning of constraints), and the next-state functions of the
 * latches that queries have asked about so far (loaded on demand, so a query sees only the cones
 * it needs). A clause blocked at level i goes into solvers 1..i, a clause pushed from i to i+1 into
 * solver i+1, so no solver ever holds a clause twice. The negated cube of a relative-induction
 * query is a temporary clause of the SAT call (no variable is spent on it); after enough queries a
 * solver is rebuilt from the frames, which drops the clauses subsumed since and the learnt ones.
 *
 * A query decides only its cone (as rIC3 does): the constraints' fan-in, the fan-in of the
 * next-state functions or the bad state it assumes, the latches of its cube, and the latches that
 * occur in the solver's clauses (the frame's lemmas, the reset). Every other variable is a gate
 * outside that cone, defined by its Tseitin clauses alone, or an input or latch that only such
 * gates read: a free leaf. So any assignment of the cone extends to a model, and a model holds the
 * latches and inputs of the cone, which is all the predecessor and its lifting read; a leaf outside
 * it reads as 0, which cannot change the step's target and is a value the leaf may take. Leaving the
 * latches outside the cone undecided spares propagating, on each query, the cones that earlier
 * queries loaded; propagation, too, stops at the cone's edge (a gate outside it that reads one
 * inside is not implied), which took 6 % off IC3's time on HWMCC'24.
 *
 * With leaf decisions (--ic3-leaf-decisions) a query decides only the inputs and latches of that
 * domain: a gate's Tseitin clauses propagate its value once its fanins have one, so when the leaves
 * are assigned without conflict so is the whole cone. The domain, set up on every query, shrinks to
 * the leaves, at the price of never branching on an internal node.
 */
import { SatSolver } from '../../../lang/sat/solver.js';
import type { Aig, Lit } from '../../../formalisms/aig.js';
import { Unroller } from '../cnf.js';
import { ConeWalker } from './cone.js';

/** A full assignment to the latches and the inputs of one step, read from a model. */
export interface Step {
  readonly state: Uint8Array;
  readonly inputs: Uint8Array;
}

export class FrameSolver {
  readonly sat: SatSolver;
  readonly now: Int32Array;
  private readonly nextOf: Int32Array;
  private readonly unroller: Unroller;
  private badLit = 0;
  /** The AIG node of each SAT variable a query may assume (next-state functions, the bad state). */
  private readonly nodeOf = new Map<number, number>();
  /** The latches whose next-state function each such variable is. */
  private readonly latchesOfNext = new Map<number, number[]>();
  private readonly cones: ConeWalker;
  /** The variables every query decides: the constraints' cones and the latches in clauses. */
  private readonly base: number[] = [];
  /** Per latch: whether it occurs in a clause (then it is in `base`). */
  private readonly inClause: Uint8Array;
  /** Relative-induction queries answered since the solver was built. */
  queries = 0;

  /** The first gate node: with leaf decisions, nodes from here on are not decided. */
  private readonly decideBelow: number;

  constructor(private readonly aig: Aig, private readonly firstLatch: number, init: boolean, leafDecisions = false) {
    this.decideBelow = leafDecisions ? firstLatch + aig.latches.length : Infinity;
    // the domain holds the whole cone unless decisions stop at its leaves
    this.sat = new SatSolver((assumptions) => this.cone(assumptions), { propagation: !leafDecisions });
    const L = aig.latches.length;
    this.now = new Int32Array(L);
    for (let k = 0; k < L; k++) this.now[k] = this.sat.newVar();
    this.unroller = new Unroller(aig, this.sat, (_t, k) => this.now[k]!);
    this.nextOf = new Int32Array(L);
    for (const c of aig.constraints) this.sat.addClause([this.unroller.lit(0, c.lit)]);
    this.cones = new ConeWalker(aig);
    this.inClause = new Uint8Array(L);
    for (const c of aig.constraints) this.cones.pin(c.lit >> 1, (n) => this.pushVar(n, this.base));
    if (init) {
      aig.latches.forEach((l, k) => {
        if (l.reset === 'x') return;
        this.sat.addClause([l.reset === 1 ? this.now[k]! : -this.now[k]!]);
        this.markLatch(k);
      });
    }
  }

  /** Puts latch `k` among the variables every query decides, once. */
  private markLatch(k: number): void {
    if (this.inClause[k]) return;
    this.inClause[k] = 1;
    this.base.push(this.now[k]!);
  }

  nowLit(lit: Lit): number { const v = this.now[(lit >> 1) - this.firstLatch]!; return lit & 1 ? -v : v; }
  nextLit(lit: Lit): number {
    const k = (lit >> 1) - this.firstLatch;
    let f = this.nextOf[k]!;
    if (f === 0) {
      const next = this.aig.latches[k]!.next;
      f = this.nextOf[k] = this.unroller.lit(0, next);
      this.nodeOf.set(Math.abs(f), next >> 1);
      const same = this.latchesOfNext.get(Math.abs(f));
      if (same) same.push(k); else this.latchesOfNext.set(Math.abs(f), [k]);
    }
    return lit & 1 ? -f : f;
  }
  bad(): number {
    if (this.badLit === 0) {
      const bad = this.aig.properties[0]!.lit;
      this.badLit = this.unroller.lit(0, bad);
      this.nodeOf.set(Math.abs(this.badLit), bad >> 1);
    }
    return this.badLit;
  }

  /** The variables a query assuming `assumptions` decides; undefined (all) for an assumption of unknown cone. */
  private cone(assumptions: readonly number[]): number[] | undefined {
    const vars = this.base.slice();
    const visit = (n: number): void => this.pushVar(n, vars);
    this.cones.begin();
    for (const a of assumptions) {
      const node = this.nodeOf.get(Math.abs(a));
      if (node === undefined) return undefined;
      this.cones.add(node, visit);
      // The latches of cube literals: they are in the query's temporary clause.
      for (const k of this.latchesOfNext.get(Math.abs(a)) ?? []) vars.push(this.now[k]!);
    }
    return vars;
  }

  /** Adds the SAT variable of AIG node `n`, if it is encoded and decided, to `into`. */
  private pushVar(n: number, into: number[]): void {
    if (n >= this.decideBelow) return;
    const k = n - this.firstLatch;
    const v = k >= 0 && k < this.now.length ? this.now[k]! : this.unroller.peek(0, n);
    if (v !== 0) into.push(Math.abs(v));
  }

  /** Adds the clause blocking `cube`. */
  block(cube: readonly Lit[]): void {
    for (const l of cube) this.markLatch(this.latchOfLit(l));
    this.sat.addClause(cube.map((l) => -this.nowLit(l)));
  }

  private latchOfLit(lit: Lit): number { return (lit >> 1) - this.firstLatch; }
  /**
   * The latch values and inputs of the last model; inputs outside the query's cone read as 0.
   * Plain loops: every failed literal drop reads a model, and `Uint8Array.from` with a mapping
   * function took half of IC3's time on circuits with thousands of latches.
   */
  model(): Step {
    const sat = this.sat;
    const now = this.now;
    const state = new Uint8Array(now.length);
    for (let k = 0; k < now.length; k++) state[k] = sat.modelValue(now[k]!) ? 1 : 0;
    const inputs = new Uint8Array(this.aig.inputs.length);
    for (let k = 0; k < inputs.length; k++) {
      const v = this.unroller.peek(0, 1 + k);
      inputs[k] = v !== 0 && sat.value(v) === true ? 1 : 0;
    }
    return { state, inputs };
  }
}
