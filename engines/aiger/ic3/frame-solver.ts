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
 * The cone is walked in the solver's own variables (SatCones), over the fan-in the encoding
 * recorded. Setting up a domain costs time in its size; a query whose cone lies in the domain of
 * the query before (as the queries of one generalisation do, each dropping a literal) keeps that
 * domain as it stands unless it is much larger than the query's own cone; that the cone is large
 * enough is told by the sizes earlier walks found, or by a walk that stops once it is, without
 * walking the rest (on pj2016 a query's cone has some 14,000 variables, and most are kept).
 *
 * With --ic3-bve the definitions come from the step simplified by elimination (step-definitions.ts)
 * once the run has made enough SAT calls, loaded in the same way: each still defines one variable
 * over those it reads, so all of the above holds of them.
 *
 * With cells (--ic3-cells, from the 1,000th SAT call by default) the circuit is encoded as the
 * cells of its mapping (cnf.ts): each cell defines one variable over at most four, and all of the
 * above holds of them as well.
 *
 * With leaf decisions (--ic3-leaf-decisions) a query decides only the inputs and latches of that
 * domain: a gate's Tseitin clauses propagate its value once its fanins have one, so when the leaves
 * are assigned without conflict so is the whole cone. The domain, set up on every query, shrinks to
 * the leaves, at the price of never branching on an internal node.
 *
 * With justification (--ic3-justify) the domain stays the cone, but the solver decides its gates
 * and inputs only as the assigned gates need reasons (the encoding hands it each gate), and its
 * latches in clauses always: a model then assigns what the query's assumptions and clauses need.
 */
import { IntList } from '../../../lang/int-list.js';
import { KEEP_DOMAIN, SatSolver } from '../../../lang/sat/solver.js';
import { resized } from '../../../lang/sat/resized.js';
import type { Aig, Lit } from '../../../formalisms/aig.js';
import { Unroller } from '../cnf.js';
import { SatCones } from '../sat-cones.js';
import { LoadedStep, type StepDefinitions } from '../step-definitions.js';

/** A full assignment to the latches and the inputs of one step, read from a model. */
export interface Step {
  readonly state: Uint8Array;
  readonly inputs: Uint8Array;
}

/**
 * How much larger than a query's cone a domain kept for the query may be. Against a new domain for
 * every query, 1.5 took IC3 (without CTGs) 8 to 19 % less time per SAT call on eijks5378, intel056
 * and zipcpu-zipmmu-p31, and the same (within 1 %) on four other long runs of hwmcc19-20.
 */
const SLACK = 1.5;

/** Where a frame solver's step comes from: the circuit encoded cone by cone (cnf.ts), or the simplified definitions loaded (step-definitions.ts). */
interface StepSource {
  /** The solver literal of an AIG literal, its cone encoded first. */
  lit(l: Lit): number;
  /** The solver variable of input k if a query reached it, else 0. */
  input(k: number): number;
}

export class FrameSolver {
  readonly sat: SatSolver;
  readonly now: Int32Array;
  private readonly nextOf: Int32Array;
  private readonly step: StepSource;
  private badLit = 0;
  /** The fan-in of the solver's variables, for the cone of each query. */
  private readonly cones = new SatCones();
  /** The variables every query decides: the constraints' cones and the latches in clauses, pinned in `cones`. */
  private readonly base = new IntList();
  /** The variables of the query's domain: the base, then its cone outside the base (reused from query to query; the solver copies it). */
  private readonly domain = new IntList();
  /** How much of the base `domain` holds already: the base's size at the query before, when the standing domain was built or kept. */
  private domainPrefix = 0;
  /** The size of the standing domain. */
  private domainSize = 0;
  /**
   * Per solver variable: the size of the base together with the variable's cone, as a walk that
   * began with it found it. The base only grows, so this stays a lower bound on the size of any
   * domain holding that cone: a query whose first literals' cones were walked before can keep the
   * standing domain without walking its cone again (most kept domains on pj2016, 6s3 and cal142).
   */
  private sizeOf = new Int32Array(1024);
  /** Per latch: whether it occurs in a clause (then it is in `base`). */
  private readonly inClause: Uint8Array;
  /** Relative-induction queries answered since the solver was built. */
  queries = 0;

  /** With leaf decisions: only the inputs and latches of a cone are decided. */
  private readonly leavesOnly: boolean;

  /**
   * `simplified`: the step's definitions after elimination (--ic3-bve), else the circuit's gates
   * encoded as trees and multiplexers, or as `cells`.
   */
  constructor(private readonly aig: Aig, private readonly firstLatch: number, init: boolean, leafDecisions = false, readonly simplified?: StepDefinitions, justification = false, readonly cells = false) {
    this.leavesOnly = leafDecisions;
    // the domain holds the whole cone unless decisions stop at its leaves
    // justification needs the gates as the encoding defines them, over the whole cone
    const justify = justification && !leafDecisions && !simplified;
    this.sat = new SatSolver((assumptions, temporary, standing) => this.cone(assumptions, temporary, standing), { propagation: !leafDecisions, justify });
    const L = aig.latches.length;
    // the latches, and as many again for the next-state cones a query encodes
    this.sat.reserve(2 * L);
    this.now = new Int32Array(L);
    for (let k = 0; k < L; k++) this.now[k] = this.sat.newVar();
    if (simplified) {
      this.step = new LoadedStep(simplified, this.sat, (k) => this.now[k]!, this.cones);
    } else {
      const u = new Unroller(aig, this.sat, (_t, k) => this.now[k]!, { encoding: cells ? 'cells' : 'trees', cones: this.cones, gates: justify ? this.sat : undefined });
      this.step = { lit: (l) => u.lit(0, l), input: (k) => u.peek(0, 1 + k) };
    }
    this.nextOf = new Int32Array(L);
    this.inClause = new Uint8Array(L);
    for (const c of aig.constraints) {
      const lit = this.step.lit(c.lit);
      this.sat.addClause([lit]);
      this.sat.mustDecide(lit < 0 ? -lit : lit);
      this.cones.pin(lit, this.base, this.leavesOnly);
    }
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
    this.sat.mustDecide(this.now[k]!);
    this.cones.pin(this.now[k]!, this.base, this.leavesOnly);
  }

  nowLit(lit: Lit): number { const v = this.now[(lit >> 1) - this.firstLatch]!; return lit & 1 ? -v : v; }
  nextLit(lit: Lit): number {
    const k = (lit >> 1) - this.firstLatch;
    let f = this.nextOf[k]!;
    if (f === 0) f = this.nextOf[k] = this.step.lit(this.aig.latches[k]!.next);
    return lit & 1 ? -f : f;
  }
  bad(): number {
    if (this.badLit === 0) this.badLit = this.step.lit(this.aig.properties[0]!.lit);
    return this.badLit;
  }

  /**
   * The variables a query decides: the cones of its assumptions and of its temporary clause (the
   * latches of a relative-induction query's cube), and the base. Every variable a query names is
   * the step's (encoded or loaded) or a latch, so its cone is always known. The domain still standing from
   * the query before is kept when it holds this one's (it holds the variables of the query's
   * literals, hence their cones, and the base has not grown since) and is not much larger: a
   * larger domain is sound but costs the search its extra variables.
   */
  private cone(assumptions: readonly number[], temporary: readonly number[], standing: Uint8Array | undefined): Int32Array | typeof KEEP_DOMAIN {
    // the domain starts with the base, which only grows; the walk appends the rest of the cone (the
    // base is pinned, so the walk reaches only the variables outside it)
    const domain = this.domain;
    const base = this.base;
    const baseGrew = base.size !== this.domainPrefix;
    domain.truncate(this.domainPrefix);
    for (let i = this.domainPrefix; i < base.size; i++) domain.push(base.data[i]!);
    this.domainPrefix = base.size;
    // a standing domain that holds the query's is kept when the query's is large enough (domainSize
    // <= SLACK * size): a bound from earlier walks, or the walk reaching that size, tells so
    const limit = standing && !baseGrew && this.holds(standing, assumptions, temporary) ? Math.ceil(this.domainSize / SLACK) : Infinity;
    if (limit !== Infinity && this.sizeAtLeast(assumptions) >= limit) return KEEP_DOMAIN;
    this.cones.begin();
    // indexed loops: this runs on every query, mostly before V8 optimises it, where `for...of` allocates per element
    for (let i = 0; i < assumptions.length; i++) {
      const complete = this.cones.add(assumptions[i]!, domain, this.leavesOnly, limit);
      if (i === 0) this.noteSize(assumptions[0]!, domain.size);
      if (!complete) return KEEP_DOMAIN;
    }
    for (let i = 0; i < temporary.length; i++) if (!this.cones.add(temporary[i]!, domain, this.leavesOnly, limit)) return KEEP_DOMAIN;
    const size = domain.size;
    if (size >= limit) return KEEP_DOMAIN;
    this.domainSize = size;
    return domain.view();
  }

  /** The largest `sizeOf` noted for any of the query's assumptions: a lower bound on the size of its domain. */
  private sizeAtLeast(assumptions: readonly number[]): number {
    const sizeOf = this.sizeOf;
    let b = 0;
    for (let i = 0; i < assumptions.length; i++) {
      const v = Math.abs(assumptions[i]!);
      if (v < sizeOf.length && sizeOf[v]! > b) b = sizeOf[v]!;
    }
    return b;
  }

  /** Notes `size` (or as much of it as a stopped walk reached) as the size of the base and the cone of `lit`. */
  private noteSize(lit: number, size: number): void {
    if (this.leavesOnly) return;
    const v = Math.abs(lit);
    if (v >= this.sizeOf.length) this.sizeOf = resized(this.sizeOf, Math.max(2 * this.sizeOf.length, v + 1));
    if (size > this.sizeOf[v]!) this.sizeOf[v] = size;
  }

  /** Whether the standing domain, built over the base as it stands, holds the cones of the query's literals. */
  private holds(standing: Uint8Array, assumptions: readonly number[], temporary: readonly number[]): boolean {
    if (this.leavesOnly) return false;
    for (let i = 0; i < assumptions.length; i++) if (standing[Math.abs(assumptions[i]!)] !== 1) return false;
    for (let i = 0; i < temporary.length; i++) if (standing[Math.abs(temporary[i]!)] !== 1) return false;
    return true;
  }

  /** Adds the clause blocking `cube`. */
  block(cube: readonly Lit[]): void {
    for (let i = 0; i < cube.length; i++) this.markLatch(this.latchOfLit(cube[i]!));
    this.sat.addClause(cube.map((l) => -this.nowLit(l)));
  }

  private latchOfLit(lit: Lit): number { return (lit >> 1) - this.firstLatch; }
  /**
   * The latch values and inputs of the last model; inputs outside the query's cone read as 0.
   * Plain loops: every failed literal drop reads a model, and `Uint8Array.from` with a mapping
   * function took half of IC3's time on circuits with thousands of latches.
   */
  model(): Step {
    return { state: this.state(), inputs: this.inputs() };
  }

  /** The latch values of the last model. */
  state(): Uint8Array {
    const sat = this.sat;
    const now = this.now;
    const state = new Uint8Array(now.length);
    for (let k = 0; k < now.length; k++) state[k] = sat.modelValue(now[k]!) ? 1 : 0;
    return state;
  }

  /** The literals of `cube` that the last model satisfies (a latch outside the query's cone reads as 0, as in `state`). */
  satisfied(cube: readonly Lit[]): Lit[] {
    const out: Lit[] = [];
    for (let i = 0; i < cube.length; i++) {
      const l = cube[i]!;
      if (this.sat.modelValue(this.now[this.latchOfLit(l)]!) === ((l & 1) === 0)) out.push(l);
    }
    return out;
  }

  /** The input values of the last model, 0 outside the query's cone. */
  inputs(): Uint8Array {
    const inputs = new Uint8Array(this.aig.inputs.length);
    for (let k = 0; k < inputs.length; k++) {
      const v = this.step.input(k);
      inputs[k] = v !== 0 && this.sat.value(v) === true ? 1 : 0;
    }
    return inputs;
  }
}
