/**
 * A CDCL SAT solver for the bit-level engines (BMC, k-induction, IC3/PDR on AIGER circuits).
 *
 * Written for this project because npm offers no well-kept, synchronous, incremental SAT solver with
 * assumptions and final-conflict cores, and Z3 through WebAssembly costs about 10 ms per IC3 query
 * where a native-style solver needs microseconds (smt-notes.md, section 7).
 *
 * The design follows MiniSat and Glucose:
 * - two watched literals with blocking literals; binary clauses in watch lists of their own, run
 *   first, which propagate without touching the clause arena (Glucose's);
 * - the search for a replacement watch resumes where it last stopped (Gent, "Optimal implementation
 *   of watched literals and more general techniques", JAIR 2013), so long clauses are not rescanned;
 * - VSIDS variable activity in a binary heap (heap.ts), phase saving;
 * - first-UIP learning with recursive clause minimisation (MiniSat's abstract levels);
 * - chronological backtracking (Nadel and Ryvchin, SAT 2018; Möhle and Biere, SAT 2019): a backjump
 *   over more than CHRONO_JUMP levels undoes only the conflict's level, and a literal is implied at
 *   the highest level of its reason's other literals, so the trail may hold literals out of the
 *   order of their levels;
 * - restarts alternating between a focused mode (Glucose's fast/slow LBD averages) and a stable mode
 *   (Luby sequence), each mode lasting twice as long as its previous turn; stable mode decides the
 *   target phases (the longest conflict-free trail of the turn, Biere and Fleury's "Chasing target
 *   phases", 2020) before the saved ones; a restart keeps the part of the trail it would rebuild
 *   (trail reuse, van der Tak, Ramos and Heule 2011);
 * - learnt clauses in tiers by LBD (glue): 2 or less kept for good, up to 6 while in use, the rest
 *   reduced by glue and activity on CaDiCaL's schedule (every 500 sqrt(k) conflicts);
 * - incremental use: clauses added between calls, assumptions taken as the first decisions, the
 *   final conflict analysed into the subset of assumptions that fails;
 * - level-0 simplification (satisfied clauses removed, false literals stripped) and arena
 *   compaction, so long incremental runs do not grow without bound;
 * - a decision domain per call (rIC3's): decisions only among the variables the caller names, the
 *   others left to propagation, with a second heap of just those variables for the call; on request
 *   propagation stops at the domain's edge too (SolverOptions);
 * - on request, decisions by justification in such a call (justification.ts): the caller names its
 *   gates, whose inputs are then decided only as their assigned readers need reasons;
 * - temporary clauses: one guard variable, assumed first, guards a clause that holds for one call;
 *   a learnt clause derived from it contains the negated guard (a decision is never resolved away),
 *   so afterwards exactly those clauses are detached, and the guard is free for the next call.
 *
 * Everything sits in typed arrays: clauses in one Int32Array arena, watch lists in one Int32Array
 * pool (watches.ts), the assignment in an Int8Array indexed by literal, the search's stacks too.
 * Propagation allocates nothing (watch lists grow by doubling, amortised).
 *
 * Literals use the DIMACS convention at the interface (variable v >= 1, literal v or -v) and
 * 2v + sign internally.
 */

import { VarHeap } from './heap.js';
import { IntList } from '../int-list.js';
import { Justification } from './justification.js';
import { resized } from './resized.js';
import { WatchLists } from './watches.js';
import { clockMs, ZERO_MS } from '../clock.js';

export type Lit = number;

/** A literal as a non-negative index: 2v for v, 2v + 1 for -v (the solver's own numbering, for per-literal arrays and hashing). */
export function litCode(lit: Lit): number {
  return lit < 0 ? -2 * lit + 1 : 2 * lit;
}

export interface SolveOptions {
  /** Give up (return undefined) after this many conflicts in this call. */
  conflictLimit?: number;
  /** Give up (return undefined) once `Date.now()` passes this time, in milliseconds. */
  deadline?: number;
  /** Polled whenever the clock is: true gives up as the deadline would (a portfolio's member whose rival answered). */
  stop?: () => boolean;
  /**
   * A clause that holds for this call only (IC3's negated cube): it and the clauses learnt from it
   * are removed afterwards, so no variable is spent per call. It never appears among the failed
   * assumptions; when it alone contradicts the clauses, none of the assumptions are reported.
   */
  temporary?: readonly Lit[];
}

/**
 * Which variables a call may decide. The caller vouches that every assignment of those variables
 * that falsifies no clause extends to a model of all the clauses: the others are, say, gates
 * defined by their Tseitin clauses over them, outside the cone of anything the call asks. The model
 * then leaves the variables outside unassigned unless propagation reached them. This is how rIC3's
 * solver keeps an IC3 query on the transition relation to the query's cone.
 *
 * Given the call's assumptions (taken as ever) and its temporary clause (empty without one), the
 * domain is a list of variables, undefined for all of them, or KEEP_DOMAIN for the domain of the
 * call before, which `standing` holds (`standing[v]` is 1 for its variables; undefined when there
 * is none). A kept domain stands as it was, its heap included: building one costs time in its
 * size on every call.
 */
type DecisionDomain = (assumptions: readonly Lit[], temporary: readonly Lit[], standing: Uint8Array | undefined) => ArrayLike<number> | typeof KEEP_DOMAIN | undefined;

/** The answer of a DecisionDomain that keeps the domain of the call before. */
export const KEEP_DOMAIN = Symbol('keep domain');

export interface SolverOptions {
  /**
   * Propagation too stays in the domain: above level 0 a clause does not imply a literal of a
   * variable outside it. By the domain's contract such a variable can always take the value the
   * clause needs, and since it is never assigned in the call, a clause that holds one can neither
   * become unit on the domain's side nor conflict: it is as if it were not there. The domain must
   * then contain every variable the call has to assign, the gates of its cone included (so not
   * with decisions restricted to leaves).
   */
  readonly propagation?: boolean;
  /**
   * Decisions by justification (Justification) in a restricted call: a variable `define`d as a
   * gate, or any other not marked by `mustDecide` (nor of the temporary clause), is decided only
   * when an assigned gate needs it for its reason; the search ends when every marked variable is
   * assigned and every assigned gate has its reason, and the model leaves the rest unassigned. The
   * caller vouches that every variable of a clause other than a definition is marked or a gate.
   * After a few conflicts, or many, the call decides by activity over its whole domain instead
   * (JUSTIFY_CONFLICTS). Needs `propagation`.
   */
  readonly justify?: boolean;
  /** Backjumps over more levels than this backtrack chronologically instead (default CHRONO_JUMP; 0 for every backjump). */
  readonly chronoJump?: number;
}

export interface SatStats {
  solves: number;
  conflicts: number;
  decisions: number;
  propagations: number;
  timeMs: number;
}

// Clause layout in the arena: header words, then the literals.
const SIZE = 0;
const META = 1; // bit 0 learnt, bit 1 deleted, bit 2 used since the last reduction, bit 3 temporary, bits 4.. LBD
const ACT = 2; // float32 activity, read through the Float32Array view
const POS = 3; // where propagation last found a replacement watch, from the first literal (Gent 2013)
const HEADER = 4;
const LEARNT = 1;
const DELETED = 2;
const USED = 4;
const TEMP = 8; // the temporary clause of a call, or a learnt clause derived from it
const LBD_SHIFT = 4;
/** The temporary clause of a call without one. */
const NONE: readonly Lit[] = [];

const CLAUSE_DECAY = 0.999;
// Learnt-clause tiers and the reduction schedule (CaDiCaL's): glue up to CORE_GLUE kept for good, up
// to TIER2_GLUE while used since the last reduction; the rest reduced every REDUCE_INTERVAL * sqrt(k)
// conflicts, REDUCE_FRACTION of them at a time. A small database keeps propagation fast, which is
// where the time goes.
const CORE_GLUE = 2;
const TIER2_GLUE = 6;
const REDUCE_INTERVAL = 500;
const REDUCE_FRACTION = 0.75;
const FIRST_MODE_LENGTH = 1000;
const LUBY_UNIT = 512;
/**
 * When a call that decides by justification goes on by activity over its whole domain instead. At
 * its JUSTIFY_CONFLICTS-th conflict, if it made more than JUSTIFY_DECISIONS decisions by then:
 * justification is then deciding gate after gate for few conflicts, which on `cal142` made hard
 * queries several times harder (no proof in 30 s against 12 s). A call that made fewer goes on by
 * justification up to JUSTIFY_CAP conflicts: `gen35`'s three hard queries (over 1,000 conflicts
 * each) took about 83,000 decisions each that way and 280,000 to 400,000 by activity.
 */
const JUSTIFY_CONFLICTS = 30;
const JUSTIFY_DECISIONS = 100;
const JUSTIFY_CAP = 1500;
/**
 * Backjumps over more levels than this backtrack chronologically (CaDiCaL's limit). On `gen35`'s
 * hardest IC3 query, the median backjump undid 293 levels and 1,349 literals, most of which the
 * search then assigned again.
 */
const CHRONO_JUMP = 100;

export class SatSolver {
  readonly stats: SatStats = { solves: 0, conflicts: 0, decisions: 0, propagations: 0, timeMs: ZERO_MS };

  private nVars = 0;
  private capacity = 0;
  private ok = true;

  // Per literal (index 2v or 2v+1): value (1 true, -1 false, 0 unassigned) and watch lists. List
  // 2l holds the long clauses watching the negation of l, visited when l becomes true: pairs of
  // (clause reference, blocking literal). Binary clauses have lists of their own, 2l + 1, pairs of
  // (clause reference, the other literal): propagation runs through them first, reading nothing
  // else and writing nothing back, and finds their conflicts before it visits a long clause.
  private val = new Int8Array(0);
  private readonly watchLists = new WatchLists();
  // Watch lists that may hold deleted clauses, or clauses simplify() shrank to binaries, until the
  // next garbage collection; marked per literal.
  private readonly dirty = new IntList();
  private dirtyMark = new Uint8Array(0);

  // Per variable.
  private level = new Int32Array(0);
  private reason = new Int32Array(0);
  private phase = new Int8Array(0); // saved polarity: 1 positive, 0 negative
  // Target phases (Biere & Fleury 2020): the polarities of the longest conflict-free trail since
  // the last mode switch, 0 when unset, 1 positive, 2 negative; stable mode decides them.
  private target = new Int8Array(0);
  private targetSize = 0;
  private seen = new Uint8Array(0);
  private readonly order = new VarHeap();

  // Trail.
  private trail = new Int32Array(0);
  private trailSize = 0;
  private qhead = 0;
  // Where each decision level starts on the trail; a typed stack, since shortening an array
  // (`length = n`) is a runtime call, and backtracking shortens it once per conflict.
  private trailLim = new Int32Array(16);
  private levels = 0;

  // Clause arena; reference 0 means "no clause".
  private arena = new Int32Array(1024);
  private arenaF = new Float32Array(this.arena.buffer);
  private arenaTop = 1;
  private wasted = 0;
  private readonly originals: number[] = [];
  private readonly learnts: number[] = [];
  /**
   * The clause bump, in a Float64Array: a field first given the integer 1 would change the
   * solver's hidden class at its first fraction (see ZERO_MS), and no other double equals 1.
   */
  private readonly claInc = new Float64Array([1]);

  // Temporary clause of the current call (0 when none) and its guard variable (0 until first used).
  private temporary = 0;
  private guard = 0;
  private tempLearnts = 0;

  // Model and final conflict of the last call.
  private model = new Int8Array(0);
  private modelSize = 0;
  /** The literals the model holds (the trail when it was saved), to clear them when the next one is saved. */
  private modelLits = new Int32Array(0);
  private modelLitCount = 0;
  private failed: Lit[] = [];

  // Typed stacks with their heights (sized in grow(): each holds a variable at most once), not JS
  // arrays: one emptied by `length = 0` gives up its storage and allocates it again when refilled.
  private learntBuf = new Int32Array(0); // the clause conflict analysis learns
  private learntSize = 0;
  private toClear = new Int32Array(0);
  private toClearSize = 0;
  private stack = new Int32Array(0);
  private levelStamp = new Int32Array(16 + 1); // per level, 0 to trailLim's length (newLevel)
  private stampCounter = 0;
  private addBuf = new Int32Array(16); // a clause being added; grown to the longest one given

  // Search schedule.
  private nextReduce = REDUCE_INTERVAL;
  private reductions = 0;
  private simplifiedAt = -1;
  private simplifyAfterProps = 0; // MiniSat's budget: one pass over the clauses per as many propagations
  private stable = false;
  private modeLength = FIRST_MODE_LENGTH;
  private modeEnd = FIRST_MODE_LENGTH;
  private lbdFast = ZERO_MS; // fractions: see ZERO_MS
  private lbdSlow = ZERO_MS;
  private restartConflicts = 0; // conflicts since the last restart
  private lubyIndex = 0;
  private lubyLimit = LUBY_UNIT;

  /** Backjumps longer than this backtrack chronologically (SolverOptions.chronoJump). */
  private readonly chronoJump: number;
  /** Whether the current call keeps propagation in its domain (SolverOptions.propagation). */
  private inDomainOnly = false;
  /** Whether the decisions are still restricted to the last call's domain (KEEP_DOMAIN). */
  private standing = false;
  /** The gates and the frontier of decisions by justification (SolverOptions.justify). */
  private readonly gates: Justification | undefined;
  /** Whether the current call decides by justification. */
  private justifying = false;
  private justifyConflicts = 0;
  /** The decisions made before the current call: its own are counted from there. */
  private callDecisions = 0;

  constructor(private readonly domain?: DecisionDomain, private readonly options: SolverOptions = {}) {
    this.gates = options.justify ? new Justification() : undefined;
    this.chronoJump = options.chronoJump ?? CHRONO_JUMP;
    this.writeRareFields();
  }

  /**
   * Writes once more the fields the search writes only now and then: at a mode switch or a
   * reduction, a simplification or a garbage collection, a conflict at level 0, a call's end. V8
   * takes a field no object of the class has written since its initialiser for a constant and
   * compiles code that relies on that; the field's first write throws the code away. In a long
   * first call that was `propagate` and `search`, compiled again mid-search (`bench:sat`'s pigeonhole
   * instances, at the first mode switch and the first slice's end). Written twice here, they are
   * variables before any code is compiled.
   */
  private writeRareFields(): void {
    this.ok = this.ok;
    this.wasted = this.wasted;
    this.nextReduce = this.nextReduce;
    this.reductions = this.reductions;
    this.simplifiedAt = this.simplifiedAt;
    this.simplifyAfterProps = this.simplifyAfterProps;
    this.stable = this.stable;
    this.targetSize = this.targetSize;
    this.modeLength = this.modeLength;
    this.modeEnd = this.modeEnd;
    this.lubyIndex = this.lubyIndex;
    this.lubyLimit = this.lubyLimit;
    this.inDomainOnly = this.inDomainOnly;
    this.standing = this.standing;
    this.justifying = this.justifying;
    this.justifyConflicts = this.justifyConflicts;
    this.temporary = this.temporary;
    this.guard = this.guard;
    this.tempLearnts = this.tempLearnts;
  }

  /**
   * Records that variable `g` is a gate: the AND of `lits` (GATE_AND), `ITE(lits[0], lits[1],
   * lits[2])` (GATE_ITE) or the function of `lits` whose truth table is `table` (GATE_CELL), whose
   * clauses the caller adds. Only a solver that decides by justification
   * keeps it.
   */
  define(g: number, kind: number, lits: ArrayLike<Lit>, size = lits.length, table = 0): void {
    if (this.gates === undefined) return;
    this.internal(g);
    const c = this.scratch(size);
    for (let i = 0; i < size; i++) c[i] = this.internal(lits[i]!);
    this.gates.define(g, kind, c, size, table);
  }

  /** Marks `v` as a variable that every call deciding by justification decides (see SolverOptions.justify). */
  mustDecide(v: number): void {
    if (this.gates !== undefined) this.order.markDecidable(this.internal(v) >> 1);
  }

  get numVars(): number { return this.nVars; }

  /** Number of clauses currently kept: [original, learnt]. */
  get numClauses(): [number, number] { return [this.originals.length, this.learnts.length]; }

  /** Makes room for `vars` variables at once (newVar otherwise grows the arrays by doubling). */
  reserve(vars: number): void {
    if (vars >= this.capacity) this.grow(vars + 1);
  }

  newVar(): number {
    const v = ++this.nVars;
    if (v >= this.capacity) this.grow(Math.max(16, 2 * this.capacity));
    this.level[v] = 0;
    this.reason[v] = 0;
    this.phase[v] = 0;
    this.order.add(v);
    return v;
  }

  /** Adds the clause of the first `size` literals of `lits` (all of them by default). */
  addClause(lits: ArrayLike<Lit>, size = lits.length): boolean {
    if (!this.ok) return false;
    const c = this.scratch(size);
    // insertion sort: clauses are short, and sort() with a comparator dominates adding them
    for (let n = 0; n < size; n++) {
      const l = this.internal(lits[n]!);
      let i = n;
      for (; i > 0 && c[i - 1]! > l; i--) c[i] = c[i - 1]!;
      c[i] = l;
    }
    let j = 0;
    for (let i = 0; i < size; i++) {
      const l = c[i]!;
      if (j > 0 && c[j - 1] === l) continue;
      if (j > 0 && c[j - 1] === (l ^ 1)) return true; // tautology (l and its negation sort together)
      const v = this.val[l]!;
      if (v > 0) return true; // satisfied at level 0
      if (v < 0) continue; // false at level 0
      c[j++] = l;
    }
    if (j === 0) return (this.ok = false);
    if (j === 1) {
      this.assign(c[0]!, 0);
      if (this.propagate() !== 0) this.ok = false;
      return this.ok;
    }
    this.originals.push(this.allocClause(c, j, false, 0));
    return true;
  }

  solve(assumptions: readonly Lit[] = [], opts: SolveOptions = {}): boolean | undefined {
    const started = clockMs();
    this.stats.solves++;
    this.modelSize = 0;
    this.failed = [];
    const assume = assumptions.map((x) => this.internal(x));
    let result: boolean | undefined = false;
    if (this.ok) {
      if (this.simplifyDue()) this.simplify();
      if (this.ok && (opts.temporary === undefined || this.addTemporary(opts.temporary, assume))) {
        if (this.domain) this.enterDomain(this.domain, assumptions, opts.temporary ?? NONE, assume);
        result = this.search(assume, opts);
      }
    }
    this.inDomainOnly = false;
    this.justifying = false;
    this.backtrack(0);
    if (this.temporary !== 0) this.dropTemporary();
    this.stats.timeMs += clockMs() - started;
    return result;
  }

  /** The literal's value in the last model (after SAT); undefined when there is none. */
  value(lit: Lit): boolean | undefined {
    const v = lit < 0 ? -lit : lit;
    if (v > this.modelSize) return undefined;
    const m = this.model[v]!;
    if (m === 0) return undefined;
    return (m > 0) === (lit > 0);
  }

  /** The variable's value in the last model, unassigned counting as false. */
  modelValue(v: number): boolean {
    return v <= this.modelSize && this.model[v]! > 0;
  }

  /** After UNSAT under assumptions: the assumptions (as passed in) that the final conflict used. */
  failedAssumptions(): Lit[] {
    return this.failed.slice();
  }

  /**
   * Restricts the call's decisions (and its propagation, on request) to its domain: the last
   * call's, when the domain keeps it, else a new one. After the call the restriction stands, the
   * variables it unassigns back in its heap, so a call that keeps it finds it as it was.
   */
  private enterDomain(domain: DecisionDomain, assumptions: readonly Lit[], temporary: readonly Lit[], assume: readonly number[]): void {
    const vars = domain(assumptions, temporary, this.standing ? this.order.allowedMask : undefined);
    if (vars !== KEEP_DOMAIN || !this.standing) {
      this.order.unrestrict();
      this.standing = false;
      if (vars === undefined || vars === KEEP_DOMAIN) return;
      const wrong = this.order.restrict(vars, this.gates !== undefined);
      if (wrong !== undefined) {
        this.order.unrestrict();
        throw new RangeError(`${wrong} does not name a variable (there are ${this.nVars})`);
      }
      this.standing = true;
      // a gate at level 0 passed over outside the last domain may be in this one
      this.gates?.backtrack(-1, 0);
    }
    if (this.options.propagation) {
      // the assumptions (the guard among them) are decided in any case, so they are in it
      this.order.restrict(assume.map((l) => l >> 1));
      this.inDomainOnly = true;
      this.justifying = this.gates !== undefined;
      this.justifyConflicts = 0;
      if (this.justifying) this.order.refilter();
    }
  }

  // ---------------------------------------------------------------- temporary clauses

  /**
   * Adds the call's temporary clause under the guard and puts the guard first among `assume`;
   * false when the clause is false at level 0 (the call is then UNSAT with no failed assumptions,
   * as it is when the guard becomes false at level 0 during the search).
   */
  private addTemporary(lits: readonly Lit[], assume: number[]): boolean {
    const c = this.scratch(lits.length + 1);
    let n = 1; // c[0] is for the negated guard
    for (let i = 0; i < lits.length; i++) {
      const l = this.internal(lits[i]!);
      const v = this.val[l]!;
      if (v > 0) return true; // satisfied at level 0: nothing to add
      if (v === 0) c[n++] = l;
    }
    if (n === 1) return false;
    if (this.gates !== undefined) for (let i = 1; i < n; i++) this.order.markDecidable(c[i]! >> 1);
    if (this.guard === 0) this.guard = this.newVar();
    const g = 2 * this.guard;
    c[0] = g ^ 1;
    this.temporary = this.allocClause(c, n, false, 0);
    this.arena[this.temporary + META]! |= TEMP;
    assume.unshift(g);
    return true;
  }

  /**
   * At level 0 after a call: detaches and deletes the temporary clause and the clauses learnt from
   * it. The guard may have become false at level 0 (the clauses contradict the temporary clause);
   * no other clause holds the guard, so nothing else followed from that, and it is unassigned.
   */
  private dropTemporary(): void {
    const g = this.guard;
    if (this.val[2 * g] !== 0) {
      let j = 0;
      for (let i = 0; i < this.trailSize; i++) {
        const l = this.trail[i]!;
        if (l >> 1 === g) { if (i < this.qhead) this.qhead--; } else this.trail[j++] = l;
      }
      this.trailSize = j;
      // the trail's positions moved: the justification frontier starts again from its first
      this.gates?.backtrack(-1, 0);
      this.val[2 * g] = 0;
      this.val[2 * g + 1] = 0;
      this.reason[g] = 0;
      this.order.restore(g);
    }
    this.detach(this.temporary);
    this.deleteClause(this.temporary, false);
    this.temporary = 0;
    if (this.tempLearnts > 0) {
      const arena = this.arena;
      const learnts = this.learnts;
      let j = 0;
      for (let i = 0; i < learnts.length; i++) {
        const c = learnts[i]!;
        if ((arena[c + META]! & TEMP) === 0) learnts[j++] = c;
        else { this.detach(c); this.deleteClause(c, false); }
      }
      learnts.length = j;
      this.tempLearnts = 0;
    }
    if (this.wasted > this.arenaTop / 2) this.collectGarbage();
  }

  /** Removes clause `c` from the watch lists of its two watched literals. */
  private detach(c: number): void {
    const a = this.arena;
    const kind = a[c + SIZE] === 2 ? 1 : 0;
    this.watchLists.remove(2 * (a[c + HEADER]! ^ 1) + kind, c);
    this.watchLists.remove(2 * (a[c + HEADER + 1]! ^ 1) + kind, c);
  }

  // ---------------------------------------------------------------- variables and literals

  private internal(x: Lit): number {
    const v = x < 0 ? -x : x;
    if (!Number.isInteger(x) || v === 0 || v > this.nVars) {
      throw new RangeError(`literal ${x} does not name a variable (there are ${this.nVars})`);
    }
    return x > 0 ? 2 * v : 2 * v + 1;
  }

  private grow(cap: number): void {
    this.val = resized(this.val, 2 * cap);
    this.watchLists.grow(2 * cap);
    this.dirtyMark = resized(this.dirtyMark, 2 * cap);
    this.level = resized(this.level, cap);
    this.reason = resized(this.reason, cap);
    this.phase = resized(this.phase, cap);
    this.target = resized(this.target, cap);
    this.seen = resized(this.seen, cap);
    this.order.grow(cap);
    this.gates?.grow(cap);
    this.trail = resized(this.trail, cap);
    this.toClear = new Int32Array(cap);
    this.stack = new Int32Array(cap);
    this.learntBuf = new Int32Array(cap);
    this.model = resized(this.model, cap);
    this.modelLits = resized(this.modelLits, cap);
    this.capacity = cap;
  }

  private decisionLevel(): number { return this.levels; }

  private newLevel(): void {
    if (this.levels === this.trailLim.length) {
      const t = new Int32Array(2 * this.levels);
      t.set(this.trailLim);
      this.trailLim = t;
      // levelStamp grows with it, so that it covers every level a literal holds (0 to the levels'
      // count), even one left from before a backtrack (a learnt clause's first literal when its
      // LBD is computed)
      const s = new Int32Array(2 * this.levels + 1);
      s.set(this.levelStamp);
      this.levelStamp = s;
    }
    this.trailLim[this.levels++] = this.trailSize;
  }

  private assign(lit: number, reason: number, level = this.levels): void {
    const v = lit >> 1;
    this.val[lit] = 1;
    this.val[lit ^ 1] = -1;
    this.level[v] = level;
    this.reason[v] = reason;
    this.trail[this.trailSize++] = lit;
  }

  /**
   * Undoes the levels above `level`. A literal whose level stays, though it sits higher on the trail
   * (assigned out of order after a chronological backtrack), is kept: moved down to the kept part
   * and propagated again.
   */
  private backtrack(level: number): void {
    if (this.levels <= level) return;
    const lim = this.trailLim[level]!;
    const top = this.trailSize;
    // before the loop, as in updateTarget (1,285 deoptimisations in one check of float8 after it)
    this.trailSize = lim;
    this.qhead = lim;
    this.levels = level;
    this.gates?.backtrack(level, lim);
    let kept = 0;
    for (let i = top - 1; i >= lim; i--) {
      const lit = this.trail[i]!;
      const v = lit >> 1;
      if (this.level[v]! <= level) { kept++; continue; }
      this.val[lit] = 0;
      this.val[lit ^ 1] = 0;
      this.reason[v] = 0;
      this.phase[v] = (lit & 1) ^ 1;
      this.order.restore(v);
    }
    if (kept > 0) this.keepOutOfOrder(lim, top);
  }

  /** Moves the literals still assigned between `lim` and `top` on the trail down to `lim`, in order. */
  private keepOutOfOrder(lim: number, top: number): void {
    const { trail, val } = this;
    let j = lim;
    for (let i = lim; i < top; i++) {
      const lit = trail[i]!;
      if (val[lit] !== 0) trail[j++] = lit;
    }
    this.trailSize = j;
  }

  // ---------------------------------------------------------------- clause arena and watches

  /** The buffer for a clause being added, with room for `n` literals. */
  private scratch(n: number): Int32Array {
    if (n > this.addBuf.length) this.addBuf = new Int32Array(Math.max(n, 2 * this.addBuf.length));
    return this.addBuf;
  }

  /** Stores the clause of the first `n` literals of `lits` in the arena and watches it. */
  private allocClause(lits: Int32Array, n: number, learnt: boolean, lbd: number): number {
    if (this.arenaTop + HEADER + n > this.arena.length) {
      let cap = this.arena.length * 2;
      while (this.arenaTop + HEADER + n > cap) cap *= 2;
      const a = new Int32Array(cap);
      a.set(this.arena.subarray(0, this.arenaTop));
      this.arena = a;
      this.arenaF = new Float32Array(a.buffer);
    }
    const c = this.arenaTop;
    const a = this.arena;
    a[c + SIZE] = n;
    a[c + META] = (learnt ? LEARNT : 0) | (lbd << LBD_SHIFT);
    this.arenaF[c + ACT] = 0;
    a[c + POS] = 2;
    for (let i = 0; i < n; i++) a[c + HEADER + i] = lits[i]!;
    this.arenaTop += HEADER + n;
    this.attach(c);
    return c;
  }

  private attach(c: number): void {
    const a = this.arena;
    const l0 = a[c + HEADER]!;
    const l1 = a[c + HEADER + 1]!;
    const kind = a[c + SIZE] === 2 ? 1 : 0;
    this.watchLists.push(2 * (l0 ^ 1) + kind, c, l1);
    this.watchLists.push(2 * (l1 ^ 1) + kind, c, l0);
  }

  private isDeleted(c: number): boolean { return (this.arena[c + META]! & DELETED) !== 0; }

  /** Marks `c` deleted; its watchers go at the next garbage collection unless it was detached. */
  private deleteClause(c: number, watched = true): void {
    this.arena[c + META]! |= DELETED;
    this.wasted += HEADER + this.arena[c + SIZE]!;
    if (watched) this.markDirty(c);
  }

  private markDirty(c: number): void {
    for (let k = c + HEADER; k < c + HEADER + 2; k++) {
      const lit = this.arena[k]! ^ 1;
      if (this.dirtyMark[lit]) continue;
      this.dirtyMark[lit] = 1;
      this.dirty.push(lit);
    }
  }

  /** A long clause is locked while it is the reason of its first literal; learnt binaries are never removed. */
  private locked(c: number): boolean {
    const l0 = this.arena[c + HEADER]!;
    return this.val[l0]! > 0 && this.reason[l0 >> 1] === c;
  }

  /**
   * After clauses were marked deleted: compacts the arena when enough of it is garbage and then
   * rebuilds the watch lists from the first two literals of every live clause (the watch invariant
   * lives in the clauses, so this is valid at any decision level); otherwise cleans only the watch
   * lists the deleted clauses were in, which on a large formula with few deletions is much cheaper.
   */
  private collectGarbage(): void {
    this.originals.length = this.keepLive(this.originals);
    this.learnts.length = this.keepLive(this.learnts);
    this.dropDeletedReasons();
    if (this.wasted > this.arenaTop / 5) {
      this.compact();
      this.watchLists.clear();
      this.attachAll(this.originals);
      this.attachAll(this.learnts);
      if (this.temporary !== 0) this.attach(this.temporary);
      this.clearDirty();
    } else {
      this.cleanWatches();
    }
  }

  // The garbage collection's loops are long from its first call. Each is the last thing its
  // function does, or what follows needs no type feedback: compiled on the stack within a first
  // long loop (heap.ts, takeEveryPath), code after the loop had none and deoptimised at every later
  // collection (on bobaesdinvdmit cleanWatches 85 times a run, with V8 compiling on the main thread).

  /** Forgets the reasons that are deleted clauses: only level-0 reasons, never read. */
  private dropDeletedReasons(): void {
    const { trail, reason } = this;
    for (let i = 0; i < this.trailSize; i++) {
      const v = trail[i]! >> 1;
      const r = reason[v]!;
      if (r !== 0 && this.isDeleted(r)) reason[v] = 0;
    }
  }

  private attachAll(list: readonly number[]): void {
    for (let i = 0; i < list.length; i++) this.attach(list[i]!);
  }

  /** Empties the dirty watch lists' list, uncleaned: the watches were rebuilt. */
  private clearDirty(): void {
    const { data, size } = this.dirty;
    this.dirty.truncate(0);
    for (let i = 0; i < size; i++) this.dirtyMark[data[i]!] = 0;
  }

  /**
   * Moves the live clauses of `list` to its front, in place, and returns their count, the list's new
   * length: a new array per collection, as `filter` makes, is as long as the formula, and one of an
   * incremental BMC or k-induction solver's hundreds of thousands of clauses grows through V8's
   * large-object space every time. The caller sets the length (see above).
   */
  private keepLive(list: number[]): number {
    const arena = this.arena;
    let j = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      if ((arena[c + META]! & DELETED) === 0) list[j++] = c;
    }
    return j;
  }

  /** Drops deleted clauses from the dirty watch lists and moves clauses shrunk to two literals to the binary lists. */
  private cleanWatches(): void {
    const a = this.arena;
    const wl = this.watchLists;
    const { start, len } = wl;
    const { data: dirty, size } = this.dirty;
    this.dirty.truncate(0);
    for (let d = 0; d < size; d++) {
      const lit = dirty[d]!;
      let pool = wl.pool;
      const bs = start[2 * lit + 1]!;
      const bend = bs + len[2 * lit + 1]!;
      let j = bs;
      for (let i = bs; i < bend; i += 2) {
        if ((a[pool[i]! + META]! & DELETED) !== 0) continue;
        pool[j++] = pool[i]!;
        pool[j++] = pool[i + 1]!;
      }
      len[2 * lit + 1] = j - bs;
      const ws = start[2 * lit]!;
      const end = ws + len[2 * lit]!;
      j = ws;
      for (let i = ws; i < end; i += 2) {
        const c = pool[i]!;
        if ((a[c + META]! & DELETED) !== 0) continue;
        if (a[c + SIZE] === 2) {
          // the other literal is the one it implies; the push may grow the pool (offsets stay)
          wl.push(2 * lit + 1, c, a[c + HEADER] === (lit ^ 1) ? a[c + HEADER + 1]! : a[c + HEADER]!);
          pool = wl.pool;
        } else {
          pool[j++] = c;
          pool[j++] = pool[i + 1]!;
        }
      }
      len[2 * lit] = j - ws;
      this.dirtyMark[lit] = 0;
    }
  }

  private compact(): void {
    const old = this.arena;
    const live = this.arenaTop - this.wasted;
    let cap = 1024;
    while (cap < live * 1.5) cap *= 2;
    const a = new Int32Array(cap);
    this.arena = a;
    this.arenaF = new Float32Array(a.buffer);
    this.wasted = 0;
    let top = moveClauses(old, a, this.originals, 1);
    top = moveClauses(old, a, this.learnts, top);
    if (this.temporary !== 0) {
      const c = this.temporary;
      this.temporary = top;
      top = moveClause(old, a, c, top);
    }
    this.arenaTop = top;
    this.forwardReasons(old);
  }

  /** The reasons' new addresses, from their old headers' forwarding addresses. */
  private forwardReasons(old: Int32Array): void {
    const { trail, reason } = this;
    for (let i = 0; i < this.trailSize; i++) {
      const v = trail[i]! >> 1;
      const r = reason[v]!;
      if (r !== 0) reason[v] = old[r + ACT]!;
    }
  }

  // ---------------------------------------------------------------- propagation

  /** Unit propagation over the two watched literals; returns a conflicting clause or 0. */
  private propagate(): number {
    // The assignment is inlined (assign() with locals): this loop is most of the solver's time.
    const val = this.val;
    const arena = this.arena;
    const wl = this.watchLists;
    const { start: wstart, len: wlen } = wl;
    let pool = wl.pool; // read again after a push, which may grow it (offsets stay)
    const trail = this.trail;
    const level = this.level;
    const reason = this.reason;
    const dl = this.levels;
    // above level 0, in a call that keeps propagation in its domain: implications stop at its edge
    const domain = this.inDomainOnly && dl > 0 ? this.order.allowedMask : undefined;
    let trailSize = this.trailSize;
    let qhead = this.qhead;
    let conflict = 0;
    const start = qhead;
    while (qhead < trailSize) {
      const p = trail[qhead++]!;
      // the level of what p implies: p's own, or for a long clause the highest of its false literals
      // when p is below the current level (assigned out of order, see backtrack)
      const pl = level[p >> 1]!;
      const bs = wstart[2 * p + 1]!;
      const bend = bs + wlen[2 * p + 1]!;
      for (let i = bs; i < bend; i += 2) {
        const other = pool[i + 1]!;
        const ov = val[other]!;
        if (ov > 0) continue;
        if (ov < 0) { conflict = pool[i]!; break; }
        if (domain !== undefined && domain[other >> 1] === 0) continue;
        val[other] = 1; val[other ^ 1] = -1;
        level[other >> 1] = pl; reason[other >> 1] = pool[i]!;
        trail[trailSize++] = other;
      }
      if (conflict !== 0) break;
      const falseLit = p ^ 1;
      const ws = wstart[2 * p]!;
      const end = ws + wlen[2 * p]!;
      let i = ws;
      let j = ws;
      while (i < end) {
        const ref = pool[i]!;
        const blocker = pool[i + 1]!;
        i += 2;
        if (val[blocker]! > 0) { pool[j++] = ref; pool[j++] = blocker; continue; }
        const c = ref + HEADER;
        let first = arena[c]!;
        if (first === falseLit) { first = arena[c + 1]!; arena[c] = first; arena[c + 1] = falseLit; }
        const fv = val[first]!;
        if (first !== blocker && fv > 0) { pool[j++] = ref; pool[j++] = first; continue; }
        // Circular search from where the last one stopped: long clauses are not rescanned from
        // the start over literals that stay false.
        const last = c + arena[ref + SIZE]!;
        const pos = c + arena[ref + POS]!;
        let k = pos;
        for (; k < last; k++) if (val[arena[k]!]! >= 0) break;
        if (k === last) {
          for (k = c + 2; k < pos; k++) if (val[arena[k]!]! >= 0) break;
          if (k === pos) k = last;
        }
        if (k < last) {
          const l = arena[k]!;
          arena[ref + POS] = k - c;
          arena[c + 1] = l;
          arena[k] = falseLit;
          wl.push(2 * (l ^ 1), ref, first);
          pool = wl.pool;
          continue;
        }
        pool[j++] = ref; pool[j++] = first;
        if (fv < 0) { conflict = ref; break; }
        if (domain !== undefined && domain[first >> 1] === 0) continue;
        val[first] = 1; val[first ^ 1] = -1;
        level[first >> 1] = pl === dl ? dl : maxLevel(arena, level, c + 1, last); reason[first >> 1] = ref;
        trail[trailSize++] = first;
      }
      if (i < end) {
        if (j < i) pool.copyWithin(j, i, end);
        j += end - i;
      }
      wlen[2 * p] = j - ws;
      if (conflict !== 0) break;
    }
    this.stats.propagations += qhead - start;
    this.trailSize = trailSize;
    this.qhead = qhead;
    return conflict;
  }

  // ---------------------------------------------------------------- conflict analysis

  /**
   * The highest level among the literals of `conflict`, as a negative number when only one literal
   * has it and it is below the current level (literals were assigned out of order, backtrack). The
   * clause gets a literal of that level watched, so that once the search backtracks below it the
   * clause does not sit with both watches false and another literal unassigned; with one literal
   * at that level, it is watched first and the highest of the others second, as the reason it then
   * becomes (Möhle and Biere, "Backing backtracking", SAT 2019).
   */
  private conflictLevel(conflict: number): number {
    const a = this.arena;
    const level = this.level;
    const c = conflict + HEADER;
    const n = a[conflict + SIZE]!;
    let top = -1;
    let count = 0;
    let at = 0;
    for (let k = 0; k < n; k++) {
      const l = level[a[c + k]! >> 1]!;
      if (l > top) { top = l; count = 1; at = k; } else if (l === top) count++;
    }
    if (count > 1 || top === this.levels) {
      if (level[a[c]! >> 1] !== top && level[a[c + 1]! >> 1] !== top) this.watchAt(conflict, 0, at);
      return top;
    }
    this.watchAt(conflict, 0, at);
    let second = 1;
    for (let k = 2; k < n; k++) if (level[a[c + k]! >> 1]! > level[a[c + second]! >> 1]!) second = k;
    this.watchAt(conflict, 1, second);
    return -top;
  }

  /**
   * Moves the literal at position `k` of clause `c` to watched position `w` (0 or 1), the literal
   * there going to `k`. A binary clause is watched by both literals whatever their order.
   */
  private watchAt(c: number, w: number, k: number): void {
    if (k === w) return;
    const a = this.arena;
    const lits = c + HEADER;
    const old = a[lits + w]!;
    const l = a[lits + k]!;
    a[lits + w] = l;
    a[lits + k] = old;
    if (k < 2) return;
    this.watchLists.remove(2 * (old ^ 1), c);
    this.watchLists.push(2 * (l ^ 1), c, a[lits + (w ^ 1)]!);
  }

  /**
   * First-UIP analysis of `conflict` into `learntBuf` (asserting literal first, a literal of the
   * backtrack level second); returns the backtrack level.
   */
  private analyze(conflict: number): number {
    const arena = this.arena;
    const seen = this.seen;
    const learnt = this.learntBuf;
    let size = 1; // learnt[0] is for the asserting literal
    const dl = this.decisionLevel();
    let pathCount = 0;
    let pivot = 0; // variable resolved on; 0 for the conflict clause itself
    let index = this.trailSize - 1;
    let c = conflict;
    let p = 0;
    for (;;) {
      if ((arena[c + META]! & LEARNT) !== 0) this.bumpClause(c);
      const end = c + HEADER + arena[c + SIZE]!;
      for (let k = c + HEADER; k < end; k++) {
        const q = arena[k]!;
        const v = q >> 1;
        if (v === pivot || seen[v] || this.level[v] === 0) continue;
        this.order.bump(v);
        seen[v] = 1;
        if (this.level[v]! >= dl) pathCount++;
        else learnt[size++] = q;
      }
      // literals of lower levels may sit among the conflict level's (backtrack)
      for (;;) {
        const u = this.trail[index]! >> 1;
        if (seen[u] && this.level[u] === dl) break;
        index--;
      }
      p = this.trail[index--]!;
      pivot = p >> 1;
      seen[pivot] = 0;
      if (--pathCount === 0) break;
      c = this.reason[pivot]!;
    }
    learnt[0] = p ^ 1;

    // Recursive minimisation: drop literals implied by the others.
    const toClear = this.toClear;
    for (let i = 1; i < size; i++) toClear[i - 1] = learnt[i]!;
    this.toClearSize = size - 1;
    let levels = 0;
    for (let i = 1; i < size; i++) levels |= this.abstractLevel(learnt[i]! >> 1);
    let j = 1;
    for (let i = 1; i < size; i++) {
      const l = learnt[i]!;
      if (this.reason[l >> 1] === 0 || !this.redundant(l, levels)) learnt[j++] = l;
    }
    this.learntSize = j;
    for (let i = 0; i < this.toClearSize; i++) seen[toClear[i]! >> 1] = 0;

    if (j === 1) return 0;
    let max = 1;
    for (let i = 2; i < j; i++) {
      if (this.level[learnt[i]! >> 1]! > this.level[learnt[max]! >> 1]!) max = i;
    }
    const swap = learnt[max]!;
    learnt[max] = learnt[1]!;
    learnt[1] = swap;
    return this.level[swap >> 1]!;
  }

  private abstractLevel(v: number): number { return 1 << (this.level[v]! & 31); }

  /** Whether `lit` (false, with a reason) follows from literals already in the learnt clause. */
  private redundant(lit: number, levels: number): boolean {
    const arena = this.arena;
    const seen = this.seen;
    const stack = this.stack;
    const toClear = this.toClear;
    let height = 0;
    stack[height++] = lit;
    const top = this.toClearSize;
    while (height > 0) {
      const q = stack[--height]!;
      const c = this.reason[q >> 1]!;
      const end = c + HEADER + arena[c + SIZE]!;
      for (let k = c + HEADER; k < end; k++) {
        const l = arena[k]!;
        const v = l >> 1;
        if (v === q >> 1 || seen[v] || this.level[v] === 0) continue;
        if (this.reason[v] !== 0 && (this.abstractLevel(v) & levels) !== 0) {
          seen[v] = 1;
          stack[height++] = l;
          toClear[this.toClearSize++] = l;
        } else {
          for (let i = top; i < this.toClearSize; i++) seen[toClear[i]! >> 1] = 0;
          this.toClearSize = top;
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Final conflict: the assumption `lit` is false under the earlier assumptions. Collects the
   * assumptions (decisions) its falsity depends on.
   */
  private analyzeFinal(lit: number): void {
    const out: Lit[] = [this.external(lit)];
    const v0 = lit >> 1;
    if (this.level[v0]! > 0) this.collectDecisions(v0, out);
    this.failed = this.temporary === 0 ? out : out.filter((x) => x !== this.guard);
  }

  /**
   * Into `out`: the decisions that variable v0's assignment follows from. The walk is the function's
   * last statement, as in collectGarbage (624 deoptimisations in one check of array_lt200 after
   * it). It clears every mark it sets: a marked variable is on the trail above level 0, before the
   * variable whose reason marked it.
   */
  private collectDecisions(v0: number, out: Lit[]): void {
    const { seen, arena, trail, reason, level } = this;
    seen[v0] = 1;
    for (let i = this.trailSize - 1; i >= this.trailLim[0]!; i--) {
      const l = trail[i]!;
      const v = l >> 1;
      if (!seen[v]) continue;
      seen[v] = 0;
      const r = reason[v]!;
      if (r === 0) {
        // A decision below the assumption levels is an assumption; v0 itself is one only
        // when the assumptions hold both a literal and its negation.
        out.push(this.external(l));
        continue;
      }
      const end = r + HEADER + arena[r + SIZE]!;
      for (let k = r + HEADER; k < end; k++) {
        const u = arena[k]! >> 1;
        if (u !== v && level[u]! > 0) seen[u] = 1;
      }
    }
  }

  private external(lit: number): Lit { return lit & 1 ? -(lit >> 1) : lit >> 1; }

  private computeLbd(lits: ArrayLike<number>, from: number, to: number): number {
    const stamp = ++this.stampCounter;
    let lbd = 0;
    for (let i = from; i < to; i++) {
      const lv = this.level[lits[i]! >> 1]!;
      if (this.levelStamp[lv] !== stamp) { this.levelStamp[lv] = stamp; lbd++; }
    }
    return lbd;
  }

  // ---------------------------------------------------------------- clause activity

  private bumpClause(c: number): void {
    const f = this.arenaF;
    this.arena[c + META]! |= USED;
    if ((f[c + ACT]! += this.claInc[0]!) > 1e20) {
      for (const d of this.learnts) f[d + ACT]! *= 1e-20;
      this.claInc[0]! *= 1e-20;
    }
    const lbd = this.arena[c + META]! >>> LBD_SHIFT;
    if (lbd > 2) {
      const fresh = this.computeLbd(this.arena, c + HEADER, c + HEADER + this.arena[c + SIZE]!);
      if (fresh < lbd) this.arena[c + META] = (this.arena[c + META]! & ((1 << LBD_SHIFT) - 1)) | (fresh << LBD_SHIFT);
    }
  }

  // ---------------------------------------------------------------- decisions

  private pickBranch(): number {
    while (!this.order.empty) {
      const v = this.order.pop();
      if (this.val[2 * v] !== 0) continue;
      const t = this.stable ? this.target[v]! : 0;
      return 2 * v + (t !== 0 ? t - 1 : this.phase[v] ? 0 : 1);
    }
    if (this.justifying) return this.gates!.next(this.trail, this.trailSize, this.val, this.level, this.order.allowedMask, this.activityOf, this.phase);
    return 0;
  }

  /** Whether a call deciding by justification, at its `conflicts`-th conflict, decides by activity from now on (JUSTIFY_CONFLICTS). */
  private fallsBack(conflicts: number): boolean {
    if (conflicts === JUSTIFY_CONFLICTS + 1) return this.stats.decisions - this.callDecisions > JUSTIFY_DECISIONS;
    return conflicts > JUSTIFY_CAP;
  }

  /** The activities, as the justification frontier reads them to choose among a gate's inputs. */
  private readonly activityOf = (v: number): number => this.order.activityOf(v);

  // ---------------------------------------------------------------- search

  private search(assume: readonly number[], opts: SolveOptions): boolean | undefined {
    this.callDecisions = this.stats.decisions;
    const conflictLimit = opts.conflictLimit === undefined ? Infinity : this.stats.conflicts + opts.conflictLimit;
    const deadline = opts.deadline ?? Infinity;
    const stop = opts.stop;
    const timed = deadline !== Infinity || stop !== undefined;
    const expired = () => Date.now() > deadline || stop?.() === true;
    const learnt = this.learntBuf;
    for (;;) {
      const conflict = this.propagate();
      if (conflict !== 0) {
        this.stats.conflicts++;
        const level = this.conflictLevel(conflict);
        if (level === 0) { this.ok = false; return false; }
        if (level < 0) {
          // one literal at the conflict level: the clause is unit below it, no learning needed
          this.backtrack(-level - 1);
          this.assign(this.arena[conflict + HEADER]!, conflict, this.level[this.arena[conflict + HEADER + 1]! >> 1]!);
          continue;
        }
        this.backtrack(level);
        if (this.justifying && this.fallsBack(++this.justifyConflicts)) { this.justifying = false; this.order.unfilter(); }
        if (this.stable) this.updateTarget();
        const btLevel = this.analyze(conflict);
        const size = this.learntSize;
        if (size === 1) {
          this.backtrack(0);
          this.assign(learnt[0]!, 0);
        } else {
          // chronological backtracking (Nadel and Ryvchin 2018): a long jump undoes many levels that
          // the search would mostly take again, so only the conflict's level is undone, and the
          // asserted literal goes on the trail at its own, lower level
          this.backtrack(level - btLevel > this.chronoJump ? level - 1 : btLevel);
          const lbd = this.computeLbd(learnt, 0, size);
          const c = this.allocClause(learnt, size, true, lbd);
          if (this.temporary !== 0 && learnt.lastIndexOf(2 * this.guard + 1, size - 1) >= 0) {
            this.arena[c + META]! |= TEMP;
            this.tempLearnts++;
          }
          this.learnts.push(c);
          this.bumpClause(c);
          this.assign(learnt[0]!, c, btLevel);
          this.updateRestartAverages(lbd);
        }
        this.order.decay();
        this.claInc[0]! /= CLAUSE_DECAY;
        this.restartConflicts++;
        if (this.stats.conflicts >= conflictLimit) return undefined;
        if ((this.stats.conflicts & 127) === 0 && timed && expired()) return undefined;
        continue;
      }

      if (this.restartDue()) {
        this.restart();
        this.backtrack(this.simplifyDue() ? Math.min(this.decisionLevel(), assume.length) : this.reusedLevel(assume.length));
      }
      if (this.decisionLevel() === 0 && this.simplifyDue()) {
        this.simplify();
        if (!this.ok) return false;
      }
      if (this.stats.conflicts >= this.nextReduce) {
        // rounded up (the same schedule, conflicts being whole): the field stays an integer (see ZERO_MS)
        this.nextReduce = this.stats.conflicts + Math.ceil(REDUCE_INTERVAL * Math.sqrt(++this.reductions));
        this.reduceLearnts();
      }

      let next = 0;
      while (this.decisionLevel() < assume.length) {
        const p = assume[this.decisionLevel()]!;
        const v = this.val[p]!;
        if (v > 0) { this.newLevel(); continue; }
        if (v < 0) { this.analyzeFinal(p); return false; }
        next = p;
        break;
      }
      if (next === 0) {
        next = this.pickBranch();
        if (next === 0) { this.saveModel(); return true; }
        this.stats.decisions++;
        if ((this.stats.decisions & 4095) === 0 && timed && expired()) return undefined;
      }
      this.newLevel();
      this.assign(next, 0);
    }
  }

  /** Keeps the trail below the conflict's level as the target if it is the longest yet. */
  private updateTarget(): void {
    const size = this.trailLim[this.levels - 1]!;
    if (size <= this.targetSize) return;
    // before the loop: compiled on the stack within its first long loop (heap.ts, takeEveryPath), code
    // after the loop would have no type feedback and deoptimise at every later call
    this.targetSize = size;
    for (let i = 0; i < size; i++) {
      const l = this.trail[i]!;
      this.target[l >> 1] = (l & 1) + 1;
    }
  }

  /**
   * Copies the trail, not every variable: a call restricted to a cone assigns a small part of a big
   * solver. The entries the last model set are cleared first, so the others read as unassigned.
   */
  private saveModel(): void {
    const model = this.model;
    const saved = this.modelLits;
    const old = this.modelLitCount;
    const trail = this.trail;
    const n = this.trailSize;
    // before the loops, as in updateTarget
    this.modelLitCount = n;
    this.modelSize = this.nVars;
    for (let i = 0; i < old; i++) model[saved[i]! >> 1] = 0;
    for (let i = 0; i < n; i++) {
      const l = trail[i]!;
      model[l >> 1] = l & 1 ? -1 : 1;
      saved[i] = l;
    }
  }

  // ---------------------------------------------------------------- restarts

  private updateRestartAverages(lbd: number): void {
    // Slow average starts as a plain mean so early conflicts are not weighed against zero.
    const n = this.stats.conflicts;
    this.lbdFast += (lbd - this.lbdFast) * Math.max(1 / 32, 1 / n);
    this.lbdSlow += (lbd - this.lbdSlow) * Math.max(1 / 4096, 1 / n);
  }

  private restartDue(): boolean {
    if (this.stats.conflicts >= this.modeEnd) {
      this.stable = !this.stable;
      this.targetSize = 0;
      if (!this.stable) this.modeLength *= 2;
      this.modeEnd = this.stats.conflicts + this.modeLength;
      this.lubyIndex = 0;
      this.lubyLimit = LUBY_UNIT;
      return true;
    }
    if (this.stable) return this.restartConflicts >= this.lubyLimit;
    return this.restartConflicts >= 50 && this.lbdFast > 1.25 * this.lbdSlow;
  }

  private restart(): void {
    this.restartConflicts = 0;
    if (this.stable) this.lubyLimit = LUBY_UNIT * luby(++this.lubyIndex);
  }

  /**
   * The level a restart goes back to, reusing the trail (van der Tak, Ramos and Heule, "Reusing the
   * assignment trail in CDCL solvers", JSAT 2011): the decisions more active than the variable that
   * would be decided next would be taken again in the same order, so they and their implications
   * stay; on a large formula re-propagating them was most of a restart's cost. Never below the
   * assumptions (`assumed` levels).
   */
  private reusedLevel(assumed: number): number {
    const order = this.order;
    while (!order.empty && this.val[2 * order.top()] !== 0) order.pop();
    if (order.empty) return assumed;
    const next = order.activityOf(order.top());
    let level = assumed;
    while (level < this.levels && order.activityOf(this.trail[this.trailLim[level]!]! >> 1) > next) level++;
    return level;
  }

  // ---------------------------------------------------------------- database maintenance

  /**
   * Tiered reduction: removes three quarters of the learnt clauses of glue above 2, worst glue and
   * activity first. Glue 2 or less is kept for good; glue up to 6 survives while it keeps taking
   * part in conflicts (the middle tier of CaDiCaL and Kissat).
   */
  private reduceLearnts(): void {
    const arena = this.arena;
    const f = this.arenaF;
    const candidates: number[] = [];
    for (const c of this.learnts) {
      const meta = arena[c + META]!;
      const lbd = meta >>> LBD_SHIFT;
      if (lbd <= CORE_GLUE || this.locked(c)) continue;
      arena[c + META] = meta & ~USED;
      if (meta & USED && lbd <= TIER2_GLUE) continue;
      candidates.push(c);
    }
    candidates.sort((a, b) => (arena[b + META]! >>> LBD_SHIFT) - (arena[a + META]! >>> LBD_SHIFT) || f[a + ACT]! - f[b + ACT]!);
    const remove = Math.floor(candidates.length * REDUCE_FRACTION);
    for (let i = 0; i < remove; i++) this.deleteClause(candidates[i]!);
    if (remove > 0) this.collectGarbage();
  }

  /** Whether level 0 gained literals since the last simplification, and its budget is spent. */
  private simplifyDue(): boolean {
    const units = this.levels > 0 ? this.trailLim[0]! : this.trailSize;
    return this.simplifiedAt !== units && this.stats.propagations >= this.simplifyAfterProps;
  }

  /**
   * At level 0 after full propagation: removes satisfied clauses and strips false literals. An
   * unsatisfied clause has both watched literals unassigned here, so only the others are stripped.
   */
  private simplify(): void {
    if (this.propagate() !== 0) { this.ok = false; return; }
    // the loops in functions of their own, as in collectGarbage
    const inOriginals = this.simplifyClauses(this.originals);
    const inLearnts = this.simplifyClauses(this.learnts);
    this.clearReasons();
    if (inOriginals || inLearnts) this.collectGarbage();
    this.simplifiedAt = this.trailSize;
    this.simplifyAfterProps = this.stats.propagations + this.arenaTop - this.wasted;
  }

  /** Deletes the clauses of `list` satisfied at level 0 and drops their false literals; true if any changed. */
  private simplifyClauses(list: readonly number[]): boolean {
    const arena = this.arena;
    const val = this.val;
    let changed = false;
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      const n = arena[c + SIZE]!;
      const lits = c + HEADER;
      let satisfied = false;
      let falseCount = 0;
      for (let k = 0; k < n; k++) {
        const v = val[arena[lits + k]!]!;
        if (v > 0) { satisfied = true; break; }
        if (v < 0) falseCount++;
      }
      if (satisfied) {
        this.deleteClause(c);
        changed = true;
      } else if (falseCount > 0) {
        let j = 2;
        for (let k = 2; k < n; k++) {
          const l = arena[lits + k]!;
          if (val[l]! === 0) arena[lits + j++] = l;
        }
        arena[c + SIZE] = j;
        arena[c + POS] = 2;
        if (j === 2) this.markDirty(c);
        this.wasted += n - j;
        changed = true;
      }
    }
    return changed;
  }

  /** Clears level 0's reasons: nothing reads them, and the clauses they name may now be deleted or shrunk. */
  private clearReasons(): void {
    const { trail, reason } = this;
    for (let i = 0; i < this.trailSize; i++) reason[trail[i]! >> 1] = 0;
  }
}

/** The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... at index i >= 1. */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) { seq++; size = 2 * size + 1; }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x %= size;
  }
  return 1 << seq; // `2 ** seq` gives a double in V8, which would make lubyLimit one (see ZERO_MS)
}

/** The highest level among the (false) literals of the arena from `from` to `to`. */
function maxLevel(arena: Int32Array, level: Int32Array, from: number, to: number): number {
  let m = 0;
  for (let k = from; k < to; k++) {
    const l = level[arena[k]! >> 1]!;
    if (l > m) m = l;
  }
  return m;
}

/**
 * Copies the clauses of `list` from arena `old` into arena `a` from `top` on, in order, and returns
 * the end of the copies; `list` gets their new addresses and each old header's activity word the
 * forwarding address (the copy keeps the activity).
 */
function moveClauses(old: Int32Array, a: Int32Array, list: number[], top: number): number {
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    list[i] = top;
    top = moveClause(old, a, c, top);
  }
  return top;
}

/**
 * Copies clause `c` of `old` to `a` at `to` and returns the end of the copy. A loop, not
 * a.set(old.subarray(...)): a clause is a few words, and a view per clause costs more than copying
 * them.
 */
function moveClause(old: Int32Array, a: Int32Array, c: number, to: number): number {
  const end = c + HEADER + old[c + SIZE]!;
  const from = to;
  for (let i = c; i < end; i++) a[to++] = old[i]!;
  old[c + ACT] = from;
  return to;
}
