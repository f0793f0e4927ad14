/**
 * The portfolio, the default engine for safety: its members race on the task (engines/race.ts).
 * On a circuit the members are the circuit members by value, one per core but at least two, the
 * first alone in this thread for a head start; elsewhere the word-level members that apply to the
 * task, staggered (engines/portfolio-members.ts says why each list is in its order). `--members`
 * names others, by name or as engine lines; `--bound` bounds the members that take a bound.
 *
 * The head start is 0.3 s where the members have cores of their own, 1 s where they share the first
 * member's core (one core), since there they also halve its speed: on one core, 1 s instead of
 * 0.3 s brought the median circuit of hwmcc19-20 from 1.67 back to 1.14 s of wall (IC3 alone:
 * 1.11 s), with the same circuits solved. Latch correspondence waits for the head start's end:
 * a circuit answered within it never pays for it.
 */
import type { Task } from '../formalisms/task.js';
import { unknown } from '../formalisms/result.js';
import { OptionError, offerOf, type Engine, type EngineContext, type EngineLines, type Settings } from './engine.js';
import { BOUND } from './bound.js';
import { CIRCUIT_MEMBERS, MEMBERS_OPTION, WORD_MEMBERS, type Member } from './portfolio-members.js';
import { LCORR, LCORR_PASS } from './passes/circuit.js';
import { forwardAll } from './passes/pass.js';
import { race, type Entrant, type RacePlan } from './race.js';

const HEAD_START_MS = 300;
const SHARED_HEAD_START_MS = 1000;
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

/** The member's line for the task, with the portfolio's bound where its engine takes one. */
function lineFor(m: Member, task: Task, bound: string | undefined, engines: EngineLines): string {
  const { name } = engines.parse(m.line);
  const automata = m.onAutomata !== undefined && !task.circuit && task.model.locations.length > 1 ? ` ${m.onAutomata}` : '';
  const bounded = bound !== undefined && engines.takes(name, offerOf(task), BOUND.name) && !/--bound\b/.test(m.line) ? ` --bound ${bound}` : '';
  return `${m.line}${automata}${bounded}`;
}

/** Whether a member's engine applies to the task. */
function applies(m: Member, task: Task, engines: EngineLines): boolean {
  if (m.unless?.some((t) => task.theories.has(t as never))) return false;
  return engines.applies(engines.parse(m.line).name, offerOf(task));
}

/** The circuit plan: one member per core but at least two, the hand-overs among the default members, the head start. */
export function circuitPlan(settings: Settings, task: Task, cores: number, engines: EngineLines): RacePlan {
  const given = settings[MEMBERS_OPTION.name];
  const members = given !== undefined ? given.split(',').map((w) => named(w, CIRCUIT_MEMBERS, engines)) : CIRCUIT_MEMBERS.slice(0, Math.max(2, cores));
  // more members than cores: they share the first member's core
  const shared = members.length > cores;
  const entrants = members.map((m): Entrant => {
    const h = given === undefined ? m.handOver : undefined;
    // only to a member without a core of its own; sharing the first member's core, back to that one
    const to = h && !members.some((x) => x.label === h.to) ? CIRCUIT_MEMBERS.find((x) => x.label === h.to)! : undefined;
    const line = lineFor(m, task, settings.bound, engines);
    return { label: m.label, line, ...(to ? { handOver: shared ? { afterMs: h!.afterMs } : { label: to.label, line: lineFor(to, task, settings.bound, engines), afterMs: h!.afterMs } } : {}) };
  });
  const lcorr = (settings[LCORR.name] ?? LCORR.default) === 'on';
  return { entrants, headStart: { ms: shared ? SHARED_HEAD_START_MS : HEAD_START_MS, ...(lcorr ? { deferred: LCORR_PASS } : {}) }, atOnce: entrants.length, staggerMs: STAGGER_MS };
}

export function wordPlan(settings: Settings, task: Task, cores: number, engines: EngineLines): RacePlan {
  const given = settings[MEMBERS_OPTION.name];
  const members = given !== undefined ? given.split(',').map((w) => named(w, WORD_MEMBERS, engines)) : WORD_MEMBERS.filter((m) => applies(m, task, engines));
  return { entrants: members.map((m) => ({ label: m.label, line: lineFor(m, task, settings.bound, engines) })), atOnce: cores, staggerMs: STAGGER_MS };
}

/** The members as the run's configuration shows them: `ic3-no-ctg, kind (then ic3 after 10 s)`. */
function shown(plan: RacePlan): string {
  return plan.entrants.map((e) => (e.handOver ? `${e.label} (${e.handOver.label === undefined ? 'for' : `then ${e.handOver.label} after`} ${e.handOver.afterMs / 1000} s)` : e.label)).join(', ');
}

export function createEngine(settings: Settings, context: EngineContext): Engine {
  const planFor = (task: Task) => (task.circuit ? circuitPlan : wordPlan)(settings, task, context.cores, context.engines);
  return {
    configuration: (task) => ({ members: shown(planFor(task)), ...(settings.bound === undefined ? {} : { bound: Number(settings.bound) }) }),
    async check(task, limits, reporter) {
      const plan = planFor(task);
      if (plan.entrants.length === 0) return { verdict: 'unknown', reason: unknown('unsupported', 'no engine applies to this model'), stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0 } };
      // a member alone runs on the circuit with latch correspondence, as any engine would
      if (plan.entrants.length === 1 && plan.headStart?.deferred) {
        const mapped = await forwardAll([plan.headStart.deferred], task, context);
        return mapped.back(await race(mapped.task, { ...plan, headStart: { ms: plan.headStart.ms } }, limits, reporter, context));
      }
      return race(task, plan, limits, reporter, context);
    },
  };
}
