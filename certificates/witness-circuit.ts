/**
 * Witness circuits (Yu, Biere and Heljanko, CAV 2021; the rules of the Certifaiger checker): the
 * certificate that a circuit M is safe is another circuit W that simulates M and whose own
 * property is inductive. W's inputs and latches K shared with M are, by Certifaiger's default
 * mapping, its first |M.inputs| inputs and first |M.latches| latches, in order; W certifies its
 * first property, M the one asked for. With R the resets, C the constraints, F the next-state
 * functions, P "not bad" (primes for W, indices for steps), the five checks are:
 *
 * | Reset      | R{K} ∧ C ⇒ R'{K} ∧ C'                          | W may start wherever M starts
 * | Transition | F{K} ∧ C_0 ∧ C_1 ∧ C'_0 ⇒ F'{K} ∧ C'_1         | W may step wherever M steps
 * | Property   | C ∧ C' ∧ ¬P ⇒ ¬P'                              | M bad makes W bad
 * | Base       | R' ∧ C' ⇒ P'                                   | W's initial states are good
 * | Step       | P'_0 ∧ F' ∧ C'_0 ∧ C'_1 ⇒ P'_1                  | W's good states step to good states
 *
 * The first three make W simulate M, the last two make P' an inductive invariant of W; so no
 * reachable state of M is bad. Resets here are constants or none ('x'), hence trivially stratified.
 *
 * Each check is the unsatisfiability of its negation on a fresh SAT solver with a Tseitin encoding
 * of both circuits written here, over shared variables for K. Gates are structurally hashed across
 * both circuits before anything reaches the solver: where W repeats M's logic over K (the usual
 * case: W is M plus gates for an invariant) the two copies are the same node, and the miters of the
 * Transition check vanish instead of becoming hard equivalence proofs. Where W repeats M node for
 * node, in M's order (`repeated`), W's node is taken as M's without hashing it again, and a latch
 * whose next state W repeats so is not compared at all. Only the cones a clause or an assumption
 * reaches are encoded, so the file's logic outside the property's cone costs hashing, not SAT
 * variables, and trees of AND gates become n-ary ANDs (Tseitin.toSat). The Step check
 * splits W's good condition, when it is a conjunction (bad is an OR tree, as for M's bad OR NOT an
 * invariant of thousands of clauses), into its conjuncts and asks one small query per conjunct at
 * step 1 of one solver that holds all conjuncts at step 0, as the engines' own invariant check does
 * per clause.
 */
import { litCode, SatSolver } from '../lang/sat/solver.js';
import { resized } from '../lang/sat/resized.js';
import { IntList } from '../lang/int-list.js';
import { andCount, firstGateNode, type Aig, type Lit } from '../formalisms/aig.js';
import { PairTable } from '../formalisms/pair-table.js';

export interface WitnessCheckOptions {
  /** Absolute time (as `Date.now()`) after which a check gives up: it throws OutOfTime. */
  readonly deadline?: number;
}

/** A check that ran past its deadline: the certificate has neither passed nor failed. */
export class OutOfTime extends Error {}

/**
 * A structurally hashed graph over both circuits, with constant folding, encoded into one SAT
 * solver only where a query reaches: `and` and `fresh` make nodes (signed numbers, node 1 the
 * constant true), and a node gets a SAT variable and its Tseitin clauses when a clause or an
 * assumption mentions its cone. Comparing two next-state functions that hash to one node then
 * costs no SAT variable at all.
 */
export class Tseitin {
  readonly sat = new SatSolver();
  /** The node that is always true. */
  readonly top = 1;
  /** Per node (index = node, node 0 unused): its fanins (0 for a leaf) and its SAT variable (0 while not encoded). */
  private left = new Int32Array(64);
  private right = new Int32Array(64);
  private satVar = new Int32Array(64);
  /** Per node: 0 unread, 1 read once un-negated by a gate, 2 more (such a gate joins its reader's n-ary AND). */
  private reads = new Uint8Array(64);
  /** Nodes 0 to `nodes - 1` exist. */
  private nodes = 2;
  /** Grown from small: a check hashes the cones it asks about, often a small part of a large circuit. */
  private readonly gates = new PairTable();
  /**
   * Reused from gate to gate by toSat, and by the clauses added: this runs once per encoded gate,
   * mostly before V8 optimises it, where a JS array emptied and refilled, or a fresh one per
   * clause, is an allocation per gate.
   */
  private readonly leaves = new IntList(16);
  private readonly back = new IntList(16);
  private readonly pair = new Int32Array(2);
  private readonly clause = new IntList(16);
  private readonly stack = new IntList();
  private readonly treeStack = new IntList();

  fresh(): number {
    if (this.nodes === this.left.length) {
      const room = 2 * this.nodes;
      this.left = resized(this.left, room);
      this.right = resized(this.right, room);
      this.satVar = resized(this.satVar, room);
      this.reads = resized(this.reads, room);
    }
    return this.nodes++;
  }

  private read(lit: number): void {
    const n = lit < 0 ? -lit : lit;
    this.reads[n] = this.reads[n] === 0 && lit > 0 ? 1 : 2;
  }

  and(a: number, b: number): number {
    if (a === -this.top || b === -this.top || a === -b) return -this.top;
    if (a === this.top || a === b) return b;
    if (b === this.top) return a;
    const x = litCode(a);
    const y = litCode(b);
    const lo = Math.min(x, y);
    const hi = Math.max(x, y);
    let g = this.gates.get(lo, hi);
    if (g < 0) {
      g = this.fresh();
      this.left[g] = a;
      this.right[g] = b;
      this.read(a);
      this.read(b);
      this.gates.set(lo, hi, g);
    }
    return g;
  }

  /** A literal implying that `a` and `b` differ (all the negation of an equality needs). */
  differ(a: number, b: number): number {
    const d = this.fresh();
    this.addClause([-d, a, b]);
    this.addClause([-d, -a, -b]);
    return d;
  }

  addClause(lits: readonly number[]): void {
    // toSat leaves `clause` alone
    const clause = this.clause;
    clause.truncate(0);
    for (let i = 0; i < lits.length; i++) clause.push(this.toSat(lits[i]!));
    this.sat.addClause(clause.data, clause.size);
  }

  /** Solves under assumptions (nodes): true if satisfiable, undefined if out of time. */
  solve(assumptions: readonly number[], opts: WitnessCheckOptions): boolean | undefined {
    return this.sat.solve(assumptions.map((l) => this.toSat(l)), { deadline: opts.deadline });
  }

  /**
   * The SAT literal of a node literal, encoding its cone first (iteratively: cones run deep). A
   * tree of gates each read once, un-negated, by the gate above becomes one n-ary AND of its leaves
   * (one variable, a binary clause per leaf and one back), as the engines' encoding does: the
   * solver then assigns and propagates a fraction of the variables. An absorbed gate that a later
   * gate reads too, or that is asked for itself, gets a variable of its own then, defined over its
   * own leaves, which agrees with the tree it was absorbed into.
   */
  private toSat(lit: number): number {
    const root = lit < 0 ? -lit : lit;
    const vars = this.satVar;
    if (vars[root] === 0) this.encodeCone(root);
    const sign = lit >> 31;
    return (vars[root]! ^ sign) - sign;
  }

  /**
   * Gives node `root` and the nodes below it a SAT variable each. A function of its own with nothing
   * after the walk: compiled on the stack within a first long walk (lang/sat/heap.ts,
   * takeEveryPath), toSat's return had no type feedback and deoptimised at every later call (581
   * times in one check of gen35 with V8 compiling on the main thread).
   */
  private encodeCone(root: number): void {
    const vars = this.satVar;
    const stack = this.stack;
    const leaves = this.leaves;
    const back = this.back;
    const pair = this.pair;
    stack.truncate(0);
    stack.push(root);
    while (stack.size > 0) {
      const n = stack.data[stack.size - 1]!;
      if (vars[n] !== 0) { stack.pop(); continue; }
      if (this.left[n] === 0) {
        vars[n] = this.sat.newVar();
        if (n === this.top) this.sat.addClause([vars[n]!]);
        stack.pop();
        continue;
      }
      this.leavesOf(n, leaves);
      let missing = false;
      for (let i = 0; i < leaves.size; i++) {
        const l = leaves.data[i]!;
        const m = l < 0 ? -l : l;
        if (vars[m] === 0) { stack.push(m); missing = true; }
      }
      if (missing) continue;
      const g = this.sat.newVar();
      back.truncate(0);
      back.push(g);
      pair[0] = -g;
      for (let i = 0; i < leaves.size; i++) {
        const l = leaves.data[i]!;
        const x = l < 0 ? -vars[-l]! : vars[l]!;
        pair[1] = x;
        this.sat.addClause(pair, 2);
        back.push(-x);
      }
      this.sat.addClause(back.data, back.size);
      vars[n] = g;
      stack.pop();
    }
  }

  /** Into `out`: the leaves of gate `n`'s AND tree, below which only gates read once, un-negated and not yet encoded lie. */
  private leavesOf(n: number, out: IntList): void {
    out.truncate(0);
    const stack = this.treeStack;
    stack.push(this.right[n]!);
    stack.push(this.left[n]!);
    while (stack.size > 0) {
      const l = stack.pop();
      if (l > 0 && this.left[l] !== 0 && this.reads[l] === 1 && this.satVar[l] === 0) {
        stack.push(this.right[l]!);
        stack.push(this.left[l]!);
      } else {
        out.push(l);
      }
    }
  }
}

/** Latch k's node at a step: given for every latch, or computed when the latch is first reached. */
type Latches = readonly number[] | ((k: number) => number);

/**
 * A circuit at one step: inputs get fresh nodes and latches given ones, each when first reached,
 * and gates are hashed on demand, so that a check builds only the cones it asks about (a16-p113's
 * file has 1,022 inputs and 1,138 latches, of which the property's cone reads a fraction).
 */
class Frame {
  private readonly lits: Int32Array;
  private readonly firstLatch: number;
  private readonly firstGate: number;
  /** The circuit's fan-ins, read once: this runs on every gate of both circuits, mostly before V8 optimises it. */
  private readonly fanins: Int32Array;
  private readonly stack = new IntList();

  /**
   * `repeats`: W's frame takes the node of M's node `same[n]` at this step for its node n wherever
   * W repeats M there (`repeated`), instead of hashing the same gates a second time.
   */
  constructor(private readonly t: Tseitin, aig: Aig, private readonly latches: Latches, private readonly repeats?: { readonly m: Frame; readonly same: Int32Array }) {
    this.firstLatch = 1 + aig.inputs.length;
    this.firstGate = firstGateNode(aig);
    this.fanins = aig.fanins;
    this.lits = new Int32Array(this.firstGate + andCount(aig));
    this.lits[0] = -t.top;
  }

  /** The node of an AIG literal, hashing its cone first (iteratively: cones run deep). */
  lit(l: Lit): number {
    const lits = this.lits;
    const fanins = this.fanins;
    const firstGate = this.firstGate;
    const stack = this.stack;
    if (lits[l >> 1] === 0) stack.push(l >> 1);
    while (stack.size > 0) {
      const n = stack.data[stack.size - 1]!;
      if (lits[n] !== 0) { stack.pop(); continue; }
      const m = this.repeats === undefined ? 0 : this.repeats.same[n]!;
      if (m > 0) {
        lits[n] = this.repeats!.m.lit(2 * m);
        stack.pop();
        continue;
      }
      if (n < this.firstLatch) {
        lits[n] = this.t.fresh();
        stack.pop();
        continue;
      }
      if (n < firstGate) {
        const k = n - this.firstLatch;
        lits[n] = typeof this.latches === 'function' ? this.latches(k) : this.latches[k]!;
        stack.pop();
        continue;
      }
      const a = fanins[2 * (n - firstGate)]!;
      const b = fanins[2 * (n - firstGate) + 1]!;
      if (lits[a >> 1] === 0) { stack.push(a >> 1); continue; }
      if (lits[b >> 1] === 0) { stack.push(b >> 1); continue; }
      lits[n] = this.t.and(this.of(a), this.of(b));
      stack.pop();
    }
    return this.of(l);
  }

  private of(l: Lit): number {
    const x = this.lits[l >> 1]!;
    return l & 1 ? -x : x;
  }
}

/**
 * A step of both circuits: W's inputs and latches, the first of them shared with M (K); `latches`
 * gives their nodes, fresh ones by default. W takes M's nodes for the shared ones (`repeated`).
 */
export class Step {
  readonly m: Frame;
  readonly w: Frame;

  constructor(t: Tseitin, c: Circuits, latches: Latches = () => t.fresh()) {
    this.m = new Frame(t, c.model, latches);
    this.w = new Frame(t, c.witness, latches, { m: this.m, same: c.same });
  }
}

/** The two circuits of a check, with the nodes where W repeats M (`repeated`). */
export interface Circuits {
  readonly model: Aig;
  readonly witness: Aig;
  readonly same: Int32Array;
}

/**
 * Per node of W: the node of M it repeats, else 0. W's shared inputs and latches repeat M's, and
 * W's gate j repeats M's gate j when its fanins repeat that gate's fanins, which is how witness
 * circuits are made (M's nodes first, in M's order, then the invariant's gates, and latches of
 * their own before the gates when they have some). A repeated node is M's node in every check, so
 * it is hashed once, and a K-latch whose next-state function W repeats passes the Transition check
 * without being built: only W's nodes that differ from M's ever reach the hashing or the solver.
 */
function repeated(model: Aig, witness: Aig): Int32Array {
  const wFirstLatch = 1 + witness.inputs.length;
  const mFirstLatch = 1 + model.inputs.length;
  const wFirstGate = firstGateNode(witness);
  const mFirstGate = firstGateNode(model);
  const same = new Int32Array(wFirstGate + andCount(witness));
  for (let k = 0; k < model.inputs.length; k++) same[1 + k] = 1 + k;
  for (let k = 0; k < model.latches.length; k++) same[wFirstLatch + k] = mFirstLatch + k;
  const wf = witness.fanins;
  const mf = model.fanins;
  const gates = Math.min(andCount(witness), andCount(model));
  for (let j = 0; j < gates; j++) {
    if (repeatLit(same, wf[2 * j]!) === mf[2 * j] && repeatLit(same, wf[2 * j + 1]!) === mf[2 * j + 1]) same[wFirstGate + j] = mFirstGate + j;
  }
  return same;
}

/** M's literal that W's literal `l` repeats, or -1. */
function repeatLit(same: Int32Array, l: Lit): number {
  const n = l >> 1;
  if (n === 0) return l;
  const m = same[n]!;
  return m === 0 ? -1 : 2 * m + (l & 1);
}

/** The model and witness of a check, with the nodes where W repeats M. */
export function circuitsOf(model: Aig, witness: Aig): Circuits {
  return { model, witness, same: repeated(model, witness) };
}

/** The conjuncts of an AIG literal: the leaves of the tree of un-negated AND gates below it. */
export function conjuncts(aig: Aig, lit: Lit): Lit[] {
  const firstGate = firstGateNode(aig);
  const fanins = aig.fanins;
  const out: Lit[] = [];
  const stack = [lit];
  while (stack.length) {
    const l = stack.pop()!;
    const n = l >> 1;
    if ((l & 1) === 0 && n >= firstGate) stack.push(fanins[2 * (n - firstGate) + 1]!, fanins[2 * (n - firstGate)]!);
    else if (l !== 1) out.push(l);
  }
  return out;
}

/** The SAT literal of a latch's reset value, or undefined for an uninitialised latch. */
function resetLit(t: Tseitin, reset: 0 | 1 | 'x'): number | undefined {
  return reset === 'x' ? undefined : reset === 1 ? t.top : -t.top;
}

/** Why the circuit is not a well-formed AIG (a fanin not before its gate, a literal out of range), if it is not. */
export function malformed(aig: Aig, what: string): string | undefined {
  const firstGate = firstGateNode(aig);
  const size = firstGate + andCount(aig);
  const fanins = aig.fanins;
  for (let i = 0; i < fanins.length; i++) {
    const f = fanins[i]!;
    const gate = firstGate + (i >> 1);
    if (!Number.isInteger(f) || f < 0 || (f >> 1) >= gate) return `the ${what}'s gate ${gate} has fanin ${f}, not an earlier node`;
  }
  const lits = [
    ...aig.latches.map((l) => l.next), ...aig.properties.map((p) => p.lit), ...aig.constraints.map((c) => c.lit),
    ...aig.justice.flatMap((j) => j.lits), ...aig.fairness.map((f) => f.lit),
  ];
  const wrong = lits.find((l) => !Number.isInteger(l) || l < 0 || (l >> 1) >= size);
  return wrong === undefined ? undefined : `the ${what} refers to literal ${wrong}, which is not a node`;
}

/** Solves under assumptions: true if satisfiable (the check fails), undefined if out of time. */
export function sat(t: Tseitin, assumptions: readonly number[], opts: WitnessCheckOptions): boolean | undefined {
  return t.solve(assumptions, opts);
}

/**
 * Undefined when `witness` is a valid witness circuit for property `property` of `model`, else the
 * failed check (`the Step check fails`, ...) or why the circuits cannot be compared; OutOfTime
 * when a check runs past `opts.deadline`.
 */
export function checkWitnessCircuit(model: Aig, property: number, witness: Aig, opts: WitnessCheckOptions = {}): string | undefined {
  const shape = malformed(model, 'model') ?? malformed(witness, 'witness');
  if (shape) return shape;
  if (!model.properties[property]) return `the model has no property ${property}`;
  if (!witness.properties[0]) return 'the witness has no property';
  if (witness.inputs.length < model.inputs.length || witness.latches.length < model.latches.length) {
    return `the witness (${witness.inputs.length} inputs, ${witness.latches.length} latches) cannot simulate the model (${model.inputs.length} inputs, ${model.latches.length} latches)`;
  }
  const mBad = model.properties[property]!.lit;
  const wBad = witness.properties[0]!.lit;
  const c = circuitsOf(model, witness);
  // W's good condition as a conjunction, for the Property check's shortcut and the Step check's queries
  const good = conjuncts(witness, wBad ^ 1);
  const checks: [string, () => boolean | undefined][] = [
    ['Reset', () => reset(c, opts)],
    ['Transition', () => transition(c, opts)],
    ['Property', () => propertyCheck(c, mBad, wBad, good, opts)],
    ['Base', () => base(c, wBad, opts)],
  ];
  for (const [name, fails] of checks) {
    if (opts.deadline !== undefined && Date.now() > opts.deadline) throw new OutOfTime(`the ${name} check was not reached in time`);
    const r = fails();
    if (r === undefined) throw new OutOfTime(`the ${name} check could not be decided in time`);
    if (r) return `the ${name} check fails`;
  }
  return step(c, good, opts);
}

/**
 * Reset: some state where M's K-latches are reset and M's constraints hold violates W's resets on K
 * or W's constraints. A K-latch that W resets as M does, and a constraint of W that repeats one of
 * M's (`repeated`), cannot be violated there: they ask nothing, and a witness circuit made from M
 * asks nothing at all.
 */
export function reset(c: Circuits, opts: WitnessCheckOptions): boolean | undefined {
  const { model, witness, same } = c;
  const mConstraints = new Set(model.constraints.map((x) => x.lit));
  const latchesAsked = witness.latches.slice(0, model.latches.length).flatMap((l, k) => (l.reset !== 'x' && l.reset !== model.latches[k]!.reset ? [k] : []));
  const constraintsAsked = witness.constraints.filter((x) => !mConstraints.has(repeatLit(same, x.lit)));
  if (latchesAsked.length === 0 && constraintsAsked.length === 0) return false;
  const t = new Tseitin();
  const latches = witness.latches.map(() => t.fresh());
  const s = new Step(t, c, latches);
  model.latches.forEach((l, k) => {
    const r = resetLit(t, l.reset);
    if (r !== undefined) t.addClause([r === t.top ? latches[k]! : -latches[k]!]);
  });
  for (const x of model.constraints) t.addClause([s.m.lit(x.lit)]);
  const violations = latchesAsked.map((k) => (witness.latches[k]!.reset === 1 ? -latches[k]! : latches[k]!));
  for (const x of constraintsAsked) violations.push(-s.w.lit(x.lit));
  return addAndSolve(t, violations, opts);
}

/** Adds the clause "one of the violations" and solves; true if satisfiable. */
function addAndSolve(t: Tseitin, violations: readonly number[], opts: WitnessCheckOptions): boolean | undefined {
  t.addClause(violations);
  return sat(t, [], opts);
}

/**
 * Transition: some step of M on K (M's constraints at both steps, W's at step 0) is no step of W on
 * K or violates W's constraints at step 1. M's next-state functions define the K-latches at step 1,
 * each built when first reached; a K-latch whose next-state function W repeats (`repeated`) is
 * W's step as well and asks nothing.
 */
export function transition(c: Circuits, opts: WitnessCheckOptions): boolean | undefined {
  const { model, witness, same } = c;
  const t = new Tseitin();
  const s0 = new Step(t, c);
  const mNext: number[] = [];
  const next = (k: number) => (mNext[k] ??= s0.m.lit(model.latches[k]!.next));
  // W's latches beyond K are free at step 1; a latch gets its node when a constraint there reaches it
  const s1 = new Step(t, c, (k) => (k < model.latches.length ? next(k) : t.fresh()));
  for (const m of model.constraints) t.addClause([s0.m.lit(m.lit)]);
  for (const m of model.constraints) t.addClause([s1.m.lit(m.lit)]);
  for (const w of witness.constraints) t.addClause([s0.w.lit(w.lit)]);
  const violations: number[] = [];
  witness.latches.slice(0, model.latches.length).forEach((l, k) => {
    if (repeatLit(same, l.next) === model.latches[k]!.next) return;
    const w = s0.w.lit(l.next);
    if (w !== next(k)) violations.push(t.differ(w, next(k)));
  });
  for (const w of witness.constraints) violations.push(-s1.w.lit(w.lit));
  return violations.length > 0 && addAndSolve(t, violations, opts);
}

/**
 * Property: under both circuits' constraints, M is bad and W is not. Nothing to solve when one
 * conjunct of W's good condition repeats M's (`repeated`), as in a witness circuit whose bad state
 * is M's OR NOT an invariant: then M bad makes W bad whatever the constraints.
 */
function propertyCheck(c: Circuits, mBad: Lit, wBad: Lit, good: readonly Lit[], opts: WitnessCheckOptions): boolean | undefined {
  const { model, witness } = c;
  if (good.some((g) => repeatLit(c.same, g) === (mBad ^ 1))) return false;
  const t = new Tseitin();
  const s = new Step(t, c);
  for (const x of model.constraints) t.addClause([s.m.lit(x.lit)]);
  for (const x of witness.constraints) t.addClause([s.w.lit(x.lit)]);
  t.addClause([s.m.lit(mBad)]);
  t.addClause([-s.w.lit(wBad)]);
  return sat(t, [], opts);
}

/** Base: a reset state of W satisfying W's constraints is bad. */
export function base(c: Circuits, wBad: Lit, opts: WitnessCheckOptions): boolean | undefined {
  const witness = c.witness;
  const t = new Tseitin();
  const s = new Step(t, c, (k) => resetLit(t, witness.latches[k]!.reset) ?? t.fresh());
  for (const x of witness.constraints) t.addClause([s.w.lit(x.lit)]);
  t.addClause([s.w.lit(wBad)]);
  return sat(t, [], opts);
}

/** The conjuncts of W's good condition as clauses: a negated AND tree (an invariant's clause) as the clause it is, anything else as a unit. */
export function goodClauses(witness: Aig, good: readonly Lit[]): Lit[][] {
  const firstGate = firstGateNode(witness);
  return good.map((g) => (g & 1 && g >> 1 >= firstGate ? conjuncts(witness, g ^ 1).map((a) => a ^ 1) : [g]));
}

/** A fresh solver with a step of W from a good state (its clauses asserted), W's constraints at both ends. */
export function stepOfW(c: Circuits, good: readonly Lit[]): { t: Tseitin; s0: Step; s1: Step; clauses: Lit[][] } {
  const witness = c.witness;
  const t = new Tseitin();
  const s0 = new Step(t, c);
  // only the latches the good condition and the constraints reach at step 1 are stepped
  const s1 = new Step(t, c, (k) => s0.w.lit(witness.latches[k]!.next));
  for (const x of witness.constraints) t.addClause([s0.w.lit(x.lit)]);
  for (const x of witness.constraints) t.addClause([s1.w.lit(x.lit)]);
  const clauses = goodClauses(witness, good);
  for (const clause of clauses) t.addClause(clause.map((l) => s0.w.lit(l)));
  return { t, s0, s1, clauses };
}

/**
 * Step: a good state of W satisfying W's constraints has a successor, also satisfying them, that is
 * bad. W's good condition is split into conjuncts, each taken as the clause it is when it is a
 * negated AND tree (an invariant's clause): asserted as that clause at step 0, and asked one at a
 * time with all its literals false at step 1. Tseitin chains for thousands of clauses would hold
 * a hundred times more variables, and every query would propagate through them.
 *
 * A conjunct shown to hold at step 1 joins the solver there as a clause: the solver's clauses imply
 * it, so no later answer changes, and the later queries find it without deriving it again (on the
 * 72 safe circuits of HWMCC'24 and the development set, 6.6 % fewer propagations in all; `cal142`'s
 * 505 conjuncts take 15,795 conflicts instead of 18,124).
 */
export function step(c: Circuits, good: readonly Lit[], opts: WitnessCheckOptions): string | undefined {
  const { t, s1, clauses } = stepOfW(c, good);
  for (const [j, clause] of clauses.entries()) {
    const r = sat(t, clause.map((l) => -s1.w.lit(l)), opts);
    if (r === undefined) throw new OutOfTime('the Step check could not be decided in time');
    if (r) return `the Step check fails (conjunct ${j} of ${clauses.length} of the witness's good condition)`;
    t.addClause(clause.map((l) => s1.w.lit(l)));
  }
  return undefined;
}
