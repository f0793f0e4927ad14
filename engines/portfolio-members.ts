/**
 * The portfolio's members (engines/portfolio.ts), apart from it so that listing engines loads
 * nothing. Each member is an engine line, an engine with its options as the command line writes
 * them (after rIC3's portfolio.toml), read by the registry's own option parser; the lists are in the
 * order of value measured on the benchmarks, so that the first ones start first.
 */
import { OptionError, type EngineOption } from './engine.js';

export interface Member {
  /** How its row and statistics are named, and how `--members` names it. */
  readonly label: string;
  /** The engine and its options: `ic3 --ic3-ctg off`. */
  readonly line: string;
  /**
   * In a portfolio of the default members: after `afterMs` without an answer the member gives its
   * core to member `to`, unless that one runs on a core of its own; sharing the first member's core
   * (one core), it gives that core back after `backAfterMs` (default: `afterMs`).
   */
  readonly handOver?: { readonly to: string; readonly afterMs: number; readonly backAfterMs?: number };
  /** Not on tasks with one of these theories (where an earlier member runs the same configuration, or the member never won). */
  readonly unless?: readonly string[];
  /** Options added on tasks with several locations (control-flow automata). */
  readonly onAutomata?: string;
}

/**
 * The circuit members, the default on tasks with a circuit, by value: on n cores the first n run
 * (the first two on one core). Measured in pairs on HWMCC'24 (docs/bench/hwmcc/): IC3 with
 * k-induction solves the most (k-induction proves `mod3.c.v+sep-reducer`, `simple_vardep_1` and
 * `vgasim_imgfifo-p061` at depth 2 or 3, where IC3 needs a minute or more). IC3 comes first without
 * CTGs and third with them: without, it proves the circuits on which CTG clauses never propagate
 * (`gcd`, `pj2016`, `analog_estimation_convergence` at frame 19 instead of 122) and spends less on
 * the easy ones; with them it proves others faster (`cal142`, `bobcohdoptdcd4`), which on two cores
 * it gets from k-induction's core after 30 s. In that order the default solves the same circuits
 * of both sets as the reverse order, in 18 % less CPU on HWMCC'24 and 1 % less on hwmcc19-20. The
 * first member pushes with counterexamples to propagation: without CTGs they pay (alone, `gcd` in
 * 161,327 SAT calls instead of 308,517, and 12 % less CPU on the development circuits ABC solves
 * within 10 s), where with CTGs they cost (docs/bench/hwmcc/ic3.md). Its frame queries decide by
 * justification: alone, 9 % less wall time (geometric mean) on those circuits, `pdtvisgoodbakery2`
 * 22 s to 7 s, and the same on HWMCC'24 (docs/bench/hwmcc/ic3.md). BMC finds no bug there that
 * IC3 misses. The other IC3 variants follow in the order of their SAT calls alone (plain IC3
 * without CTGs, then drop-po fewest, ctp most), then SAT-based lifting and leaf decisions, the
 * newest.
 */
export const CIRCUIT_MEMBERS: readonly Member[] = [
  { label: 'ic3-no-ctg-ctp', line: 'ic3 --ic3-ctg off --ic3-ctp on --ic3-justify on' },
  // k-induction proves most of its circuits at small depths within seconds (3 s at most on
  // HWMCC'24), but `zipcpu-zipmmu-p31` at depth 8 after 11 s, and its base case finds the bug of
  // `circular_pointer_top_w16_d16_e0` at depth 19 after 26 s, where IC3 with CTGs won nothing in
  // that time: on two cores it keeps its core for 30 s, then IC3 with CTGs gets it
  // (docs/bench/hwmcc/portfolio.md); on one core the first member gets the core back after 10 s
  { label: 'kind', line: 'kind', handOver: { to: 'ic3', afterMs: 30_000, backAfterMs: 10_000 } },
  { label: 'ic3', line: 'ic3' },
  { label: 'bmc', line: 'bmc' },
  { label: 'ic3-no-ctg', line: 'ic3 --ic3-ctg off' },
  { label: 'ic3-drop-po', line: 'ic3 --ic3-drop-po on' },
  { label: 'ic3-dynamic', line: 'ic3 --ic3-dynamic on' },
  { label: 'ic3-parent', line: 'ic3 --ic3-parent on' },
  { label: 'ic3-ctp', line: 'ic3 --ic3-ctp on' },
  { label: 'ic3-sat-lift', line: 'ic3 --ic3-ternary off' },
  { label: 'ic3-leaf-decisions', line: 'ic3 --ic3-leaf-decisions on' },
];

/**
 * Run alone before the circuit members, in the portfolio's thread, before the circuit's
 * preprocessing, on a cone with latches: one round of random simulation
 * (engines/aiger/random-sim.ts), 1 to 19 ms on the 89 circuits of HWMCC'24 and the development set.
 * It finds the bugs that many input sequences reach before IC3 has blocked its way to their depth
 * (`texastwoprocp5` at step 14, where the first member made 4,334 SAT calls in 0.4 s;
 * docs/bench/hwmcc/portfolio.md, "Random simulation first").
 */
export const CIRCUIT_OPENING: Member = { label: 'sim', line: 'sim --sim-rounds 1' };

/**
 * The members on a model whose words are richer than its circuit (BTOR2), measured on the 33
 * `aiger_twin` designs of the BTOR2 development set with a stated verdict (20 s per run, one engine
 * per process; docs/guide/btor2.md): bit-level IC3 decides 19, bit-level k-induction 8, k-induction
 * on the words with Z3 7 (the same ones but one, which IC3 proves too, each more slowly than on the
 * bits), IC3 with implicit predicate abstraction on the words 8; nothing is decided on the words
 * alone. So the circuit portfolio's first four keep their places (on two cores the members are
 * exactly the circuit portfolio's: `dspfilters_fastfir_second-p16` is proved by bit-level
 * k-induction in 7 s, which the words in its place never prove), and the members on the words come
 * next, from the fifth core on.
 */
export const MIXED_MEMBERS: readonly Member[] = [
  ...CIRCUIT_MEMBERS.slice(0, 4),
  { label: 'ic3-words', line: 'ic3 --level word' },
  { label: 'kind-words', line: 'kind --level word' },
  { label: 'bmc-words', line: 'bmc --level word' },
  ...CIRCUIT_MEMBERS.slice(4),
];

/**
 * The word-level members, the default on other tasks, in the order they start, from measurement
 * (docs/guide: "Portfolio", "Approaches compared" and "PDR in Spacer's way": 20-30 s per run on the
 * 42 corpus CFA, PLC and STS models with a known verdict and the 24 generated PLC family models,
 * 60 s per run on the 217 linear CHC tasks, on a 2-core machine):
 * - PDR in Spacer's way decides 181 of the CHC tasks alone, where CEGAR alone decides 165 and the
 *   portfolio without PDR decided 185; 9 of its 181 that portfolio did not (llreve equivalence
 *   and LRA tasks that only Spacer decided), in about its median time, so it starts first; on
 *   automata it checks large blocks (LBE): the default then decided 202 of the 217 instead of 200
 *   in 14 % less CPU, the invariant generator finishing on `HOLA/34.c`'s 3 block ends where its 24
 *   locations took too long;
 * - BMC finds all 12 family bugs and every corpus bug, and is the only engine that finds the deep
 *   ones; on CHC it finds bugs faster than PDR (median 1.9 s against 3.2 s) and two that PDR does
 *   not find within the minute, so it starts with PDR: two members on two cores;
 * - predicate CEGAR decides all 42 corpus models, but few of the families (their bugs lie 11 to 73
 *   steps deep), so it comes third; on CFAs (and STSs whose program counter --control reads) with
 *   large blocks (LBE), which decide 30 of the 38 CFAs against 27 with single edges, with 3.5
 *   times fewer solver calls, and prove every safe family model from n = 12 on;
 * - explicit-value CEGAR with UNSAT_CORE refinement proves in 2 s the loop CFA on which predicate
 *   CEGAR times out learning `j = 30`, `j = 31`, ..., and gives up quickly where it cannot refine
 *   (most STSs); on bit-vector and float models it is CEGAR's own default, and is not run twice;
 * - k-induction (with the interval and octagon invariants beside it) decides most corpus models
 *   too, proves the Fischer protocols fischer3 to fischer6 and the small safe families that CEGAR
 *   does not;
 * - IC3 with implicit predicate abstraction, the single engine that solves the most of the corpus
 *   and the families (50 of 66), comes last: the models it alone would add are few, and by then
 *   the others have given up or are still searching.
 * PDR takes Booleans, integers and reals only: on other models BMC and CEGAR start first. On
 * models over the reals only PDR, BMC and k-induction run: on the 20 LRA tasks of the CHC set no
 * other member ever won, nor decided alone a task faster than those three (docs/guide/chc.md).
 * More members than cores, the first keeps its core and the others share the rest
 * (engines/portfolio.ts): on the LRA tasks PDR with a core of its own proves
 * `simple_startup2.2` and `array_max-1`, which it did not while sharing two cores with five.
 */
export const WORD_MEMBERS: readonly Member[] = [
  { label: 'pdr', line: 'pdr', onAutomata: '--encoding LBE' },
  { label: 'bmc', line: 'bmc' },
  { label: 'cegar', line: 'cegar', onAutomata: '--encoding LBE', unless: ['rat'] },
  // CEGAR's own default on bit-vector and float models (cegar/defaults.ts)
  { label: 'expl', line: 'cegar --domain EXPL --refinement UNSAT_CORE', unless: ['bv', 'fp', 'rat'] },
  { label: 'kind', line: 'kind' },
  { label: 'ic3', line: 'ic3', unless: ['rat'] },
];

const labels = (members: readonly Member[]) => members.map((m) => m.label).join(', ');

/**
 * Lemma sharing between the members' IC3 runs (engines/lemma-pool.ts): on by default, each run
 * adopting only the lemmas that reach its top frame (engines/aiger/ic3.ts says why). Measured with
 * the first member pushing with CTPs (docs/guide/engines.md, "Sharing lemmas"): against no sharing,
 * a twentieth less CPU on the hard development circuits and a tenth less on HWMCC'24, the same
 * circuits solved.
 */
export const SHARE_OPTION: EngineOption = {
  name: 'share',
  group: 'Portfolio options:',
  help: 'portfolio: the IC3 members share their lemmas, each adding those of the others that reach its top frame and hold relative to its own frames (default: on)',
  choices: ['on', 'off'],
  default: 'on',
};

export const MEMBERS_OPTION: EngineOption = {
  name: 'members',
  value: 'list',
  group: 'Portfolio options:',
  help: `portfolio: its members, comma-separated, each a member's name or an engine line such as 'ic3 --ic3-ctg off' (circuits: ${labels(CIRCUIT_MEMBERS)}; default: the first, one per core, at least two; other models: ${labels(WORD_MEMBERS)})`,
  parse: (s) => {
    const names = s.split(',').map((x) => x.trim()).filter((x) => x !== '');
    if (names.length === 0) throw new OptionError(`--members takes a comma-separated list of members or engine lines, got '${s}'`);
    return names.join(',');
  },
};
