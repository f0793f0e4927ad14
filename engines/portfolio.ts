/**
 * The portfolio, the default engine for safety: its members race on the task (engines/race.ts).
 * On a circuit the members are the circuit members by value, one per core but at least two, the
 * first alone in this thread for a head start; on a model whose words are richer than its circuit
 * (BTOR2) the mixed members, of both levels, in the same way; elsewhere (and with `--level word`)
 * the word-level members that apply to the task, staggered, the first keeping a core of its own
 * while the others share the rest (engines/portfolio-members.ts says why each list is in its
 * order). `--members` names others, by name or as engine lines; `--bound` bounds the members that
 * take a bound. The portfolio preprocesses the circuit for its members on it itself, so that the
 * members on the words get the model as it is.
 *
 * The head start is 2 s for the circuit members where they have cores of their own, 0.6 s for the
 * mixed and liveness members, and 1 s where the members share the first member's core (one core),
 * since there they also halve its speed: on one core, 1 s instead of 0.3 s brought the median
 * circuit of hwmcc19-20 from 1.67 back to 1.14 s of wall (IC3 alone: 1.11 s), with the same
 * circuits solved. Two cores of this project's machines slow each other down by about a third:
 * 0.6 s instead of 0.3 s gave a median wall ratio of 0.98 on both HWMCC'24's short circuits and
 * the development circuits, and on the 27 of the 89 circuits that take the portfolio more than
 * 0.55 s, 2 s instead of 0.6 s gave 0.956 (139462p1neg 1.41 -> 0.98 s, 6s3 1.30 -> 1.04 s), where
 * k-induction's three wins within 2 s waited for it (vgasim_imgfifo-p061 1.05 -> 1.58 s) and its
 * later ones wait 1.4 s more (docs/bench/hwmcc/portfolio.md).
 *
 * Latch correspondence waits for the head start's end, so that a circuit answered within it never
 * pays for it, unless the circuit is small enough for it to be cheap (LCORR_FIRST_SIZE): then it
 * runs first, and the first member checks the merged circuit from the start.
 */
import { andCount } from '../formalisms/aig.js';
import type { Task } from '../formalisms/task.js';
import { unknown } from '../formalisms/result.js';
import { OptionError, type Engine, type EngineContext, type EngineLines, type Settings } from './engine.js';
import { BOUND } from './bound.js';
import { SLICE } from './passes/slice.js';
import { ENCODING } from './passes/block-encoding.js';
import { CONTROL } from './passes/control.js';
import { recoverControl } from '../formalisms/control.js';
import { CIRCUIT_MEMBERS, CIRCUIT_OPENING, MEMBERS_OPTION, MIXED_MEMBERS, SHARE_OPTION, WORD_MEMBERS, type Member } from './portfolio-members.js';
import { LEVEL, levelOf, offerFor } from './level.js';
import { CIRCUIT_PASSES, LCORR, LCORR_PASS } from './passes/circuit.js';
import type { Pass } from './passes/pass.js';
import { labelled, race, type Entrant, type RacePlan } from './race.js';
import type { Result } from '../formalisms/result.js';
import type { Limits, Reporter } from './run.js';

/** A race, and on a circuit the cheap member run alone before it (CIRCUIT_OPENING), whose answer wins. */
interface PortfolioPlan extends RacePlan {
  readonly opening?: Member;
}

const CIRCUIT_HEAD_START_MS = 2000;
const HEAD_START_MS = 600;
const SHARED_HEAD_START_MS = 1000;
/**
 * The size (latches times gates) up to which latch correspondence runs before the first member. A
 * round of it encodes the step's gates and asks about each latch, so its work grows with the
 * product. IC3 without CTGs, the first member, alone with correspondence first and without it, on
 * the 89 circuits of HWMCC'24 and the development set (docs/bench/hwmcc/portfolio.md, "Latch
 * correspondence first on small circuits"): up to this size correspondence took 35 ms at most, but
 * 71 ms on `float8`, and where it merged latches IC3 got its answer sooner (`eijks1196` 174 → 53
 * ms with 18 of 36 latches merged, `fib_30` 18 s → 0.1 s); above it, it took 30 ms or more on 27
 * of 51 circuits and up to a second (`6s388b07`), and merged at most one latch on 36.
 */
const LCORR_FIRST_SIZE = 65_536;
/** How long the word-level members beyond the number of cores wait for their turn, one after the other. */
const STAGGER_MS = 2000;

/** A member of `--members`: a member's name, or an engine line of its own. */
function named(word: string, members: readonly Member[], engines: EngineLines): Member {
  const known = members.find((m) => m.label === word);
  if (known) return known;
  const { name } = engines.parse(word);
  if (name === 'portfolio') throw new OptionError('--members: a portfolio cannot be a member of itself');
  return { label: word.trim().replace(/\s+/g, ' '), line: word };
}

/** Whether a member's line checks the words (`--level word`). */
function onWords(line: string, engines: EngineLines): boolean {
  return levelOf(engines.parse(line).settings) === 'word';
}

/** Tasks whose STS has a program counter, found once per task rather than once per member's line. */
const counted = new WeakMap<Task, boolean>();

/** Whether the members see an automaton: the model is one, or an STS whose program counter `--control` recovers. */
function isAutomaton(task: Task, settings: Settings): boolean {
  if (task.model.locations.length > 1) return true;
  if (settings[CONTROL.name] === 'off' || task.circuit) return false;
  let found = counted.get(task);
  if (found === undefined) counted.set(task, (found = recoverControl(task.model) !== undefined));
  return found;
}

/**
 * The member's line for the task: with the portfolio's bound, `--control` and `--slice` where its
 * engine takes them, and on a task with a circuit, `--level word` where the portfolio checks the
 * words.
 */
function lineFor(m: Member, task: Task, settings: Settings, engines: EngineLines): string {
  const { name, settings: own } = engines.parse(m.line);
  const words = levelOf(settings) === 'word' && task.circuit !== undefined && levelOf(own) === undefined && engines.takes(name, offerFor(task, own), LEVEL.name);
  const offer = offerFor(task, words ? { ...own, [LEVEL.name]: 'word' } : own);
  // a nonlinear clause system has no automaton to encode: its PDR runs over the clauses, without the option
  const automata = m.onAutomata !== undefined && !offer.circuit && engines.takes(name, offer, ENCODING.name) && isAutomaton(task, settings) ? ` ${m.onAutomata}` : '';
  const bound = settings[BOUND.name];
  const bounded = bound !== undefined && engines.takes(name, offer, BOUND.name) && !/--bound\b/.test(m.line) ? ` --bound ${bound}` : '';
  const passes = [CONTROL, SLICE].map((o) => {
    const value = settings[o.name];
    return value !== undefined && engines.takes(name, offer, o.name) && !new RegExp(`--${o.name}\\b`).test(m.line) ? ` --${o.name} ${value}` : '';
  }).join('');
  return `${m.line}${words ? ' --level word' : ''}${automata}${bounded}${passes}`;
}

/** Whether a member's engine applies to the task, at the level its line (or the portfolio's `--level word`) names. */
function applies(m: Member, task: Task, settings: Settings, engines: EngineLines): boolean {
  if (m.unless?.some((t) => task.theories.has(t as never))) return false;
  const { name, settings: own } = engines.parse(m.line);
  return engines.applies(name, offerFor(task, levelOf(settings) === 'word' ? { ...own, [LEVEL.name]: 'word' } : own));
}

/** Whether latch correspondence runs before the first member: on a circuit of at most LCORR_FIRST_SIZE latches times gates. */
function lcorrFirst(task: Task): boolean {
  const c = task.circuit;
  return c !== undefined && c.latches.length * andCount(c) <= LCORR_FIRST_SIZE;
}

/** The circuit passes the settings ask for on the task, from `bits` on, without `lcorr` unless asked (engines/passes/circuit.ts). */
function preprocessing(settings: Settings, task: Task, lcorr: boolean): Pass[] {
  return CIRCUIT_PASSES.filter((p) => lcorr || p.name !== LCORR.name).flatMap((p) => p.make(settings, task, 'portfolio') ?? []);
}

/**
 * The plan on a task with a circuit: one member per core but at least two, the hand-overs among the
 * default members, the head start. The default members are the circuit members, or `list` (the
 * mixed ones on a model whose words are richer than its circuit, the liveness engines);
 * `preprocess`: whether the plan preprocesses the circuit for its members on it, latch
 * correspondence first on a small circuit and else at the head start's end (the portfolio), or the
 * task comes preprocessed (`live`).
 */
export function circuitPlan(settings: Settings, task: Task, cores: number, engines: EngineLines, { list = CIRCUIT_MEMBERS, preprocess = true }: { list?: readonly Member[]; preprocess?: boolean } = {}): PortfolioPlan {
  const given = settings[MEMBERS_OPTION.name];
  const members = given !== undefined ? given.split(',').map((w) => named(w, list, engines)) : list.slice(0, Math.max(2, cores));
  // more members than cores: they share the first member's core
  const shared = members.length > cores;
  const entrants = members.map((m): Entrant => {
    const h = given === undefined ? m.handOver : undefined;
    // only to a member without a core of its own; sharing the first member's core, back to that one
    const to = h && !members.some((x) => x.label === h.to) ? list.find((x) => x.label === h.to)! : undefined;
    const line = lineFor(m, task, settings, engines);
    const next = to && !shared ? lineFor(to, task, settings, engines) : undefined;
    // a member that checks the words, or hands its core to one that does, is sent the file
    const words = onWords(line, engines) || (next !== undefined && onWords(next, engines));
    return {
      label: m.label, line, ...(words ? { words } : {}),
      ...(to ? { handOver: next === undefined ? { afterMs: h!.backAfterMs ?? h!.afterMs } : { label: to.label, line: next, afterMs: h!.afterMs } } : {}),
    };
  });
  const lcorr = preprocess && (settings[LCORR.name] ?? LCORR.default) === 'on';
  const first = lcorr && lcorrFirst(task);
  return {
    // without latches the members' first SAT call decides the property: nothing to simulate first
    ...(preprocess && given === undefined && task.circuit!.latches.length > 0 ? { opening: CIRCUIT_OPENING } : {}),
    entrants, ...(preprocess ? { prepare: preprocessing(settings, task, first) } : {}),
    ...((settings[SHARE_OPTION.name] ?? SHARE_OPTION.default) === 'on' ? { share: true } : {}),
    headStart: { ms: shared ? SHARED_HEAD_START_MS : list === CIRCUIT_MEMBERS ? CIRCUIT_HEAD_START_MS : HEAD_START_MS, ...(lcorr && !first ? { deferred: LCORR_PASS } : {}) },
    atOnce: entrants.length, staggerMs: STAGGER_MS,
  };
}

/**
 * The plan on the words: the word-level members that apply, as many at once as there are cores,
 * the others staggered. On a circuit's own transition system (`--level word` on AIGER) they check
 * the preprocessed circuit's; on a model richer than its circuit, the model.
 */
export function wordPlan(settings: Settings, task: Task, cores: number, engines: EngineLines): RacePlan {
  const given = settings[MEMBERS_OPTION.name];
  const members = given !== undefined ? given.split(',').map((w) => named(w, WORD_MEMBERS, engines)) : WORD_MEMBERS.filter((m) => applies(m, task, settings, engines));
  const words = task.circuit !== undefined && task.modelIsCircuit !== true;
  // more members than cores: the first keeps a core, the others share the rest
  const yields = members.length > cores;
  return {
    entrants: members.map((m, i) => ({ label: m.label, line: lineFor(m, task, settings, engines), ...(words ? { words } : {}), ...(yields && i > 0 ? { yields } : {}) })),
    ...(task.modelIsCircuit ? { prepare: preprocessing(settings, task, true) } : {}), atOnce: cores, staggerMs: STAGGER_MS,
  };
}

/** The plan for the task: on the words, on the circuit, or on both where the words are richer than the circuit (BTOR2). */
function planOf(settings: Settings, task: Task, cores: number, engines: EngineLines): PortfolioPlan {
  const level = levelOf(settings);
  if (!task.circuit || level === 'word') return wordPlan(settings, task, cores, engines);
  return circuitPlan(settings, task, cores, engines, { list: level === 'bit' || task.modelIsCircuit === true ? CIRCUIT_MEMBERS : MIXED_MEMBERS });
}

/** The members as the run's configuration shows them: `sim first, then ic3-no-ctg-ctp, kind (then ic3 after 10 s)`. */
export function shown(plan: PortfolioPlan): string {
  const members = plan.entrants.map((e) => (e.handOver ? `${e.label} (${e.handOver.label === undefined ? 'for' : `then ${e.handOver.label} after`} ${e.handOver.afterMs / 1000} s)` : e.label)).join(', ');
  return plan.opening ? `${plan.opening.label} first, then ${members}` : members;
}

/** The race of the plan's members; a member alone runs on the circuit with latch correspondence, as any engine would. */
function raced(task: Task, plan: RacePlan, limits: Limits, reporter: Reporter, context: EngineContext): Promise<Result> {
  if (plan.entrants.length === 1 && plan.headStart?.deferred) {
    return race(task, { ...plan, prepare: [...plan.prepare ?? [], plan.headStart.deferred], headStart: { ms: plan.headStart.ms } }, limits, reporter, context);
  }
  return race(task, plan, limits, reporter, context);
}

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const planFor = (task: Task) => planOf(settings, task, context.cores, context.engines);
  return {
    configuration: (task) => ({ members: shown(planFor(task)), ...(settings.bound === undefined ? {} : { bound: Number(settings.bound) }) }),
    async check(task, limits, reporter) {
      const plan = planFor(task);
      if (plan.entrants.length === 0) return { verdict: 'unknown', reason: unknown('unsupported', 'no engine applies to this model'), stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0 } };
      const { opening } = plan;
      if (!opening) return raced(task, plan, limits, reporter, context);
      const opened = await context.engines.run(opening.line, task, limits, reporter, context);
      if (opened.verdict !== 'unknown') return { ...opened, stats: { ...opened.stats, ...labelled(opening.label, opened.stats), [`won.${opening.label}`]: 1 } };
      const r = await raced(task, plan, limits, reporter, context);
      return { ...r, stats: { ...r.stats, ...labelled(opening.label, opened.stats), timeMs: r.stats.timeMs + opened.stats.timeMs } };
    },
  };
}
