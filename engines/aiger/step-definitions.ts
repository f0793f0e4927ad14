/**
 * The circuit's step as definitions, simplified by bounded variable elimination for IC3's frame
 * solvers (rIC3's `bve` on its transition relation; Eén and Biere, "Effective preprocessing in SAT
 * through variable and clause elimination", 2005, elimination by definition). The compact encoding
 * (cnf.ts) gives each variable its clauses over earlier variables; a gate's variable then goes when
 * resolving its definition into its readers' clauses gives no more clauses than it removes. Where a
 * variable is defined by a gate, the resolvents between its definition and the other clauses are all
 * that elimination needs, so every clause left still belongs to one reader's definition, over
 * earlier variables: the step stays a graph of definitions, and a frame solver still loads only the
 * cones its queries reach (`LoadedStep`), one definition at a time, recording each one's fan-in for
 * the query's domain (SatCones).
 *
 * Kept: the constant, the latches, the inputs (leaves, which nothing defines), the next states, the
 * property and the constraints, everything a query names or a predecessor reads. Eliminated
 * variables are never read: a model's latches and inputs are all IC3 takes from it.
 *
 * Unlike the general elimination of lang/sat/eliminate.ts (BMC's step, whose clauses lose their
 * owners), this one keeps the graph, and it is quicker: a gate's occurrences are its own clauses
 * and its readers', found through the graph.
 */
import type { Aig, Lit } from '../../formalisms/aig.js';
import { clauseOf, Unroller, type ClauseSink } from './cnf.js';
import type { SatCones } from './sat-cones.js';
import { clockMs } from '../../lang/clock.js';
import { IntList } from '../../lang/int-list.js';

/** A gate with more clauses than this among its definition and its readers' stays (the resolvents grow as their product). */
const OCCURRENCES = 16;
/** A gate whose resolvents include a longer clause stays (MiniSat's limit). */
const RESOLVENT_LENGTH = 20;
/**
 * A gate read by a definition of more clauses stays: such a reader is mostly an n-ary AND of as
 * many leaves, whose long clause every resolvent would inherit (longer than RESOLVENT_LENGTH), and
 * scanning it once for each of its leaves made elimination quadratic (gen35's property, an OR of
 * 287 gates).
 */
const LONG_DEFINITION = RESOLVENT_LENGTH;

export class StepDefinitions {
  /** Variables 1..vars; the first is the constant true. */
  readonly vars: number;
  readonly trueVar: number;
  /** Per latch: its variable. */
  readonly latchVar: Int32Array;
  /** Per variable: the clauses that define it (undefined for a leaf or an eliminated gate), each holding the variable. */
  readonly defs: (number[][] | undefined)[];
  /** Per variable: the variables its clauses read, in the order they were made. */
  readonly deps: (Int32Array | undefined)[];
  /** Per AIG node: its step literal where the encoding reached it. */
  private readonly nodeLit: Int32Array;
  /** Gates eliminated. */
  readonly eliminated: number;
  /** How long encoding and elimination took. */
  readonly ms: number;

  private static readonly known = new WeakMap<Aig, StepDefinitions>();

  /** The circuit's step, made once per circuit (all the frame solvers of a run, and their rebuilds, share it). */
  static of(aig: Aig): StepDefinitions {
    let s = StepDefinitions.known.get(aig);
    if (!s) StepDefinitions.known.set(aig, (s = new StepDefinitions(aig)));
    return s;
  }

  private constructor(aig: Aig) {
    const started = clockMs();
    const defs: (number[][] | undefined)[] = [undefined];
    let vars = 0;
    const sink: ClauseSink = {
      newVar: () => { defs.push(undefined); return ++vars; },
      // the encoding adds a variable's clauses right after making it
      addClause: (c, size) => { (defs[vars] ??= []).push(clauseOf(c, size)); return true; },
    };
    const latchVar = new Int32Array(aig.latches.length);
    const u = new Unroller(aig, sink, (_t, k) => (latchVar[k] ||= sink.newVar()));
    this.trueVar = u.trueLit;
    // the variables queries name (latches and inputs are leaves, which nothing defines or eliminates)
    const kept: number[] = [this.trueVar];
    for (const k of aig.latches.keys()) kept.push(u.lit(0, aig.latches[k]!.next));
    for (const p of aig.properties) kept.push(u.lit(0, p.lit));
    for (const c of aig.constraints) kept.push(u.lit(0, c.lit));
    // the latches no next state reads
    for (const k of aig.latches.keys()) latchVar[k] ||= sink.newVar();
    this.vars = vars;
    this.defs = defs;
    this.latchVar = latchVar;
    const isFrozen = new Uint8Array(vars + 1);
    for (const l of kept) isFrozen[l < 0 ? -l : l] = 1;
    this.nodeLit = new Int32Array(aig.fanins.length / 2 + 1 + aig.inputs.length + aig.latches.length);
    for (let n = 0; n < this.nodeLit.length; n++) this.nodeLit[n] = u.peek(0, n);
    latchVar.forEach((v, k) => { this.nodeLit[1 + aig.inputs.length + k] = v; });
    this.deps = new Array<Int32Array | undefined>(vars + 1).fill(undefined);
    const collector = new DepsCollector(vars);
    for (let v = 1; v <= vars; v++) if (defs[v] && v !== this.trueVar) this.deps[v] = collector.of(defs[v]!, v);
    this.eliminated = this.eliminate(isFrozen, collector);
    this.ms = clockMs() - started;
  }

  /** The step literal of AIG literal `l`: a next state's, the property's, a constraint's, a latch's or an input's. */
  lit(l: Lit): number {
    const s = this.nodeLit[l >> 1]!;
    if (s === 0 && l >> 1 !== 0) throw new Error(`the step has no literal for circuit literal ${l}`);
    if (l >> 1 === 0) return l & 1 ? this.trueVar : -this.trueVar;
    return l & 1 ? -s : s;
  }

  /** The step variable of AIG node `node`, 0 where the encoding never reached it. */
  variable(node: number): number {
    const s = this.nodeLit[node]!;
    return s < 0 ? -s : s;
  }

  /**
   * Eliminates the gates not frozen wherever that adds no clause, cheapest first; how many went.
   * A variable's list of readers may hold stale entries (readers that no longer read it, or that
   * went themselves): they are skipped, which costs less than keeping the lists of a variable read
   * by thousands of gates exact.
   */
  private eliminate(frozen: Uint8Array, collector: DepsCollector): number {
    const { defs, deps, vars } = this;
    const readers: number[][] = Array.from({ length: vars + 1 }, () => []);
    for (let v = 1; v <= vars; v++) for (const d of deps[v] ?? []) readers[d]!.push(v);
    const candidates: number[] = [];
    for (let v = 1; v <= vars; v++) if (defs[v] && !frozen[v] && v !== this.trueVar) candidates.push(v);
    const cost = new Float64Array(vars + 1);
    for (const v of candidates) cost[v] = defs[v]!.length * readers[v]!.length;
    candidates.sort((a, b) => cost[a]! - cost[b]! || a - b);
    let gone = 0;
    const seen = new Int32Array(vars + 1);
    const rs: number[] = [];
    for (const g of candidates) {
      const own = defs[g]!;
      // its readers, each once
      rs.length = 0;
      for (const r of readers[g]!) if (seen[r] !== g && defs[r]) { seen[r] = g; rs.push(r); }
      // its occurrences: its own clauses, and its readers' that hold it
      let occurrences = own.length;
      for (let i = 0; i < rs.length && occurrences <= OCCURRENCES; i++) {
        const cs = defs[rs[i]!]!;
        if (cs.length > LONG_DEFINITION) { occurrences = Infinity; break; }
        for (const c of cs) if (pivot(c, g) !== 0) occurrences++;
      }
      if (occurrences > OCCURRENCES) continue;
      // the resolvents counted first, without being made: most gates stay
      let count = 0;
      let fits = true;
      outer: for (const r of rs) {
        for (const c of defs[r]!) {
          const at = pivot(c, g);
          if (at === 0) continue;
          for (const d of own) {
            if (!d.includes(-at)) continue;
            const n = resolventLength(c, d, at);
            if (n < 0) continue;
            if (n > RESOLVENT_LENGTH || ++count > occurrences) { fits = false; break outer; }
          }
        }
      }
      if (!fits) continue;
      // the readers' definitions take the resolvents in place of their clauses on g
      for (const r of rs) {
        const cs: number[][] = [];
        for (const c of defs[r]!) {
          const at = pivot(c, g);
          if (at === 0) { cs.push(c); continue; }
          for (const d of own) if (d.includes(-at)) { const x = resolve(c, d, at); if (x) cs.push(x); }
        }
        defs[r] = cs;
        const before = deps[r]!;
        const after = collector.of(cs, r);
        deps[r] = after;
        for (const d of after) if (!before.includes(d)) readers[d]!.push(r);
      }
      defs[g] = undefined;
      deps[g] = undefined;
      readers[g] = [];
      gone++;
    }
    return gone;
  }
}

/** `v` or `-v`, whichever clause `c` holds, else 0. */
function pivot(c: readonly number[], v: number): number {
  for (const l of c) if (l === v || l === -v) return l;
  return 0;
}

/** The length of the resolvent of `c` (holding `at`) and `d` (holding its negation), -1 for a tautology. */
function resolventLength(c: readonly number[], d: readonly number[], at: number): number {
  let n = c.length - 1;
  for (const l of d) {
    if (l === -at) continue;
    if (c.includes(-l)) return -1;
    if (!c.includes(l)) n++;
  }
  return n;
}

/** The resolvent of `c` (holding `at`) and `d` (holding its negation) on `at`'s variable; undefined when it is a tautology. */
function resolve(c: readonly number[], d: readonly number[], at: number): number[] | undefined {
  const out: number[] = [];
  for (const l of c) if (l !== at) out.push(l);
  for (const l of d) {
    if (l === -at || out.includes(l)) continue;
    if (out.includes(-l)) return undefined;
    out.push(l);
  }
  return out;
}

/** Collects the variables of definitions, each once, by marking them with a walk number of its own. */
class DepsCollector {
  private readonly mark: Int32Array;
  private walk = 0;

  constructor(vars: number) {
    this.mark = new Int32Array(vars + 1);
  }

  /** The variables clauses `cs` read besides `self`. */
  of(cs: readonly (readonly number[])[], self: number): Int32Array {
    const w = ++this.walk;
    const mark = this.mark;
    const out: number[] = [];
    mark[self] = w;
    for (const c of cs) {
      for (const l of c) {
        const v = l < 0 ? -l : l;
        if (mark[v] !== w) { mark[v] = w; out.push(v); }
      }
    }
    return Int32Array.from(out);
  }
}

/**
 * The step in one solver, loaded as queries reach it: a variable's definition goes in once every
 * variable it reads is in; latches take the solver's variables for them (`latchLit`), inputs fresh
 * ones, the constant a unit clause.
 */
export class LoadedStep {
  /** Per step variable: its solver variable, 0 while not loaded. */
  private readonly solverVar: Int32Array;
  /** A definition's clause and fan-in in the solver's variables, and the stack of the loading's walk, reused (see Unroller). */
  private readonly clause = new IntList(16);
  private readonly fanin = new IntList(16);
  private readonly stack = new IntList();

  constructor(private readonly step: StepDefinitions, private readonly sat: ClauseSink, latchLit: (latch: number) => number, private readonly cones?: SatCones) {
    this.solverVar = new Int32Array(step.vars + 1);
    const t = sat.newVar();
    sat.addClause([t], 1);
    this.solverVar[step.trueVar] = t;
    step.latchVar.forEach((v, k) => { this.solverVar[v] = latchLit(k); });
  }

  /** The solver literal of AIG literal `l` (see `StepDefinitions.lit`), loading its cone first. */
  lit(l: Lit): number {
    const s = this.step.lit(l);
    const v = s < 0 ? -s : s;
    if (this.solverVar[v] === 0) this.load(v);
    return s < 0 ? -this.solverVar[v]! : this.solverVar[v]!;
  }

  /** The solver variable of AIG input `k` (node `1 + k`) if a query reached it, else 0. */
  input(k: number): number {
    const v = this.step.variable(1 + k);
    return v === 0 ? 0 : this.solverVar[v]!;
  }

  private load(root: number): void {
    const { solverVar, step, stack } = this;
    stack.truncate(0);
    stack.push(root);
    while (stack.size > 0) {
      const v = stack.data[stack.size - 1]!;
      if (solverVar[v] !== 0) { stack.pop(); continue; }
      const deps = step.deps[v];
      let ready = true;
      if (deps) for (let i = 0; i < deps.length; i++) if (solverVar[deps[i]!] === 0) { stack.push(deps[i]!); ready = false; }
      if (!ready) continue;
      stack.pop();
      const x = this.sat.newVar();
      solverVar[v] = x;
      if (!deps) continue;
      const clause = this.clause;
      const defs = step.defs[v]!;
      for (let i = 0; i < defs.length; i++) {
        const c = defs[i]!;
        clause.truncate(0);
        for (let j = 0; j < c.length; j++) clause.push(c[j]! < 0 ? -solverVar[-c[j]!]! : solverVar[c[j]!]!);
        this.sat.addClause(clause.data, clause.size);
      }
      if (this.cones) {
        const fanin = this.fanin;
        fanin.truncate(0);
        for (let i = 0; i < deps.length; i++) fanin.push(solverVar[deps[i]!]!);
        this.cones.define(x, fanin.data, fanin.size);
      }
    }
  }
}
