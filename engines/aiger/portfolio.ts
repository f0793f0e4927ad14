/**
 * The AIGER portfolio: one member per core (`os.availableParallelism()`) on the property's prepared
 * circuit. The members are the first ones of the list by value (portfolio-members.ts: IC3
 * without CTGs, k-induction, IC3, BMC, IC3 with other options), or those `--members` names.
 *
 * There are at least two default members, IC3 without CTGs and k-induction: on one core they share
 * it. A default member may hand its core over to another after a while (k-induction to IC3 with
 * CTGs: `handOver` in portfolio-members.ts) when that one has no core of its own; where the member
 * shares the first member's core, it gives the core back to it instead.
 *
 * The first member runs in this thread from the start; the others start in worker threads (the
 * circuit is plain data and goes to them as it is) only once it has run alone for a moment, since
 * most circuits are answered by then. Latch correspondence, the one costly step of preprocessing
 * (tens to hundreds of milliseconds where it merges one latch or none), waits for the head start's
 * end too: the first member starts on the circuit without it, and when the head start ends
 * unanswered, the first member's thread merges the corresponding latches; the rivals start on that
 * circuit, and the first member starts again on it if latches were merged (it goes on where none
 * were, on what is then the same circuit). A circuit answered within the head start never pays
 * for it, and a harder one pays as before plus, where latches merge, the head start's work.
 *
 * The first member keeps its work: it polls a flag shared with the workers wherever it looks at
 * the clock, so a worker's answer stops it. The first SAFE or UNSAFE answer wins and the other
 * workers are terminated; an engine's UNKNOWN, such as BMC's bound, waits for the others. Every
 * answer is certified by the pipeline as any engine's.
 *
 * A member's worker thread runs `memberWorker` (cli/threads.ts starts it): the member named in its
 * job, whose outcome it posts.
 */
import { availableParallelism } from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import type { Aig } from '../../formalisms/aig.js';
import { unknown, type Progress, type Result, type Statistics, type UnknownReason } from '../result.js';
import type { Engine, Settings } from '../engine.js';
import { runBmc } from './bmc.js';
import { runIc3 } from './ic3.js';
import { kindResult, runKind, type KindOutcome } from './kind.js';
import { BY_VALUE, MEMBERS, PORTFOLIO_MEMBERS } from './portfolio-members.js';
import { prepare, withCorrespondence, type Prepared } from './prepare.js';
import { preprocessingOf } from './preprocess-options.js';
import { startWorker } from '../../cli/threads.js';

/**
 * How long the first member runs alone before the others start. Most circuits are answered by the
 * first member (IC3) in well under a second; starting workers at once would add their start-up (a
 * thread, the engines loaded again, the circuit copied) to every such run.
 */
const HEAD_START_MS = 300;
/**
 * The head start where the others share the first member's core (one core): there they also halve
 * its speed. On one core, 1 s instead of 0.3 s brought the median circuit of hwmcc19-20 from 1.67
 * back to 1.14 s of wall (IC3 alone: 1.11 s), with the same circuits solved (README, "One core").
 */
const SHARED_HEAD_START_MS = 1000;

interface Job {
  readonly circuit: Aig;
  readonly member: string;
  /** The member this one hands its core over to, and when. */
  readonly handOver?: HandOver;
  /** The bounded members' bound: Infinity unless `--bound` is given (they search as deep as time allows). */
  readonly bound: number;
  readonly deadline?: number;
  /** One Int32: set to 1 by the first member that answers, which stops the others. */
  readonly answered: SharedArrayBuffer;
}

export type Message = { readonly outcome: KindOutcome; readonly stats: Statistics };

/** A member's hand-over: to member `to`, or, without one, back to the first member, whose core it shares. */
export interface HandOver {
  readonly to?: string;
  readonly afterMs: number;
}

export interface MemberOptions {
  readonly bound: number;
  readonly deadline?: number;
  readonly stop?: () => boolean;
  readonly onProgress?: (p: Progress) => void;
}

/** Runs the member named `member` on `circuit`, then the one it hands over to (if any) if it has not answered by then. */
export function runMember(member: string, circuit: Aig, opts: MemberOptions, handOver?: HandOver): Message {
  const spec = MEMBERS[member]!;
  const run = spec.engine === 'ic3' ? runIc3 : spec.engine === 'kind' ? runKind : runBmc;
  const until = handOver === undefined ? Infinity : Date.now() + handOver.afterMs;
  // no hand-over when the run's own deadline comes first
  const handsOver = until < (opts.deadline ?? Infinity);
  const own = run(circuit, { ...opts, ...(handsOver ? { deadline: until } : {}), ic3: spec.ic3 });
  // an answer, an end of its own (a bound), or a rival's answer: no hand-over
  if (handOver === undefined || !handsOver || own.outcome.result !== 'unknown' || Date.now() < until || opts.stop?.() === true) return own;
  const next = handOver.to === undefined
    ? { outcome: { result: 'unknown' as const, reason: unknown('timeout', `gave its core back after ${handOver.afterMs / 1000} s`) }, stats: own.stats }
    : runMember(handOver.to, circuit, opts);
  return { outcome: next.outcome, stats: { ...next.stats, handedOverAfterMs: handOver.afterMs } };
}

/** A member's worker thread (cli/threads.ts): runs the member named in its job and posts the outcome. */
export function memberWorker(data: unknown): void {
  const job = data as Job;
  const answered = new Int32Array(job.answered);
  const message = runMember(job.member, job.circuit, { bound: job.bound, deadline: job.deadline, stop: () => Atomics.load(answered, 0) !== 0 }, job.handOver);
  // before the message, which the first member's thread reads only once that member has returned
  if (message.outcome.result !== 'unknown') Atomics.store(answered, 0, 1);
  parentPort!.postMessage(message);
}

/** The first answer of the members after the first one, each in its worker, or all their unknown outcomes. */
type RivalsEnd = { readonly winner: number; readonly message: Message } | { readonly unknowns: ReadonlyMap<string, UnknownReason>; readonly stats: Statistics };

/** The members after the first, started in their worker threads when the first one's head start ends. */
class Rivals {
  /** Settles with the first answer, when all of them are unknown, or with a worker's error. */
  readonly done: Promise<RivalsEnd>;
  private settle!: (end: RivalsEnd) => void;
  private fail!: (e: unknown) => void;
  private readonly workers: Worker[] = [];
  private readonly unknowns = new Map<string, UnknownReason>();
  started = false;

  constructor(private readonly members: readonly string[], private readonly handOvers: ReadonlyMap<string, HandOver>, private readonly job: Omit<Job, 'member' | 'handOver' | 'circuit'>) {
    this.done = new Promise((resolve, reject) => { this.settle = resolve; this.fail = reject; });
    // a worker may fail while the first member still runs; whoever awaits `done` sees it then
    this.done.catch(() => {});
  }

  start(circuit: Aig): void {
    this.started = true;
    this.members.forEach((member, j) => {
      const handOver = this.handOvers.get(member);
      const w = startWorker('circuit-member', { ...this.job, circuit, member, ...(handOver ? { handOver } : {}) } satisfies Job);
      this.workers.push(w);
      w.on('message', (m: Message) => {
        if (m.outcome.result !== 'unknown') return this.end(() => this.settle({ winner: j + 1, message: m }));
        this.unknowns.set(member, m.outcome.reason);
        if (this.unknowns.size === this.members.length) this.end(() => this.settle({ unknowns: this.unknowns, stats: m.stats }));
      });
      w.on('error', (error) => this.end(() => this.fail(error)));
    });
  }

  private end(f: () => void): void {
    this.terminate();
    f();
  }

  terminate(): void {
    for (const w of this.workers) void w.terminate();
  }
}

/**
 * The members of a run: those `--members` names, else the first of the list by value, one per core
 * but at least two. On one core, IC3 without CTGs alone missed the two HWMCC'24 circuits that
 * k-induction proves (README, "One core").
 */
export function membersOf(settings: Settings, cores = availableParallelism()): string[] {
  const named = settings[PORTFOLIO_MEMBERS.name];
  if (named !== undefined) return named.split(',');
  return BY_VALUE.slice(0, Math.max(2, cores));
}

/**
 * The hand-overs of a run: only among the default members, and only to a member without a core of
 * its own. A member that shares the first member's core (more members than cores) hands it back to
 * that one rather than to a third member beside it.
 */
export function handOversOf(settings: Settings, members: readonly string[], cores = availableParallelism()): Map<string, HandOver> {
  const out = new Map<string, HandOver>();
  if (settings[PORTFOLIO_MEMBERS.name] !== undefined) return out;
  for (const m of members) {
    const h = MEMBERS[m]!.handOver;
    if (h && !members.includes(h.to)) out.set(m, sharesCore(members, cores) ? { afterMs: h.afterMs } : h);
  }
  return out;
}

/** Whether the members share the first member's core: more of them than cores (one core). */
function sharesCore(members: readonly string[], cores: number): boolean {
  return members.length > cores;
}

export function createEngine(settings: Settings): Engine {
  const bound = settings.bound === undefined ? Infinity : Number(settings.bound);
  const cores = availableParallelism();
  const members = membersOf(settings, cores);
  const handOvers = handOversOf(settings, members, cores);
  return {
    configuration: { members: members.map((m) => { const h = handOvers.get(m); return h ? `${m} (${h.to === undefined ? 'for' : `then ${h.to} after`} ${h.afterMs / 1000} s)` : m; }).join(', '), ...(settings.bound === undefined ? {} : { bound }) },
    check(problem, property, limits, reporter): Result | Promise<Result> {
      const started = Date.now();
      const options = preprocessingOf(problem);
      // latch correspondence waits for the head start's end, which a member alone never reaches
      const deferred = options.lcorr && members.length > 1;
      let prep = prepare(problem, property, deferred ? { ...options, lcorr: false } : options);
      const answered = new Int32Array(new SharedArrayBuffer(4));
      const rivals = new Rivals(members.slice(1), handOvers, { bound, answered: answered.buffer as SharedArrayBuffer, ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }) });
      const headStart = Date.now() + (sharesCore(members, cores) ? SHARED_HEAD_START_MS : HEAD_START_MS);
      // set when the head start's end merged latches: the first member stops, to start again on them
      let restart = false;
      // polled by the first member with the clock: the head start's end starts the others, their answer stops it
      const stopped = () => limits.stop?.() === true;
      // the head start's end: latch correspondence, then the rivals on its circuit; true when it merged latches
      const startRivals = (): boolean => {
        const before = prep.circuit;
        if (deferred) prep = withCorrespondence(prep);
        rivals.start(prep.circuit);
        return prep.circuit !== before;
      };
      const stop = () => {
        if (!rivals.started && members.length > 1 && Date.now() >= headStart) restart = startRivals();
        return restart || Atomics.load(answered, 0) !== 0 || stopped();
      };
      // the first member's run, with the circuit it checked
      const firstMember = (on: Prepared) => ({ on, ...runMember(members[0]!, on.circuit, { bound, deadline: limits.deadline, stop, onProgress: (p) => reporter.progress(p) }, handOvers.get(members[0]!)) });
      let first = firstMember(prep);
      if (restart) {
        restart = false;
        if (first.outcome.result === 'unknown') first = firstMember(prep);
      }
      const result = (outcome: KindOutcome, stats: Statistics, winner: number, on = prep) => kindResult(problem, property, on, outcome, { ...stats, timeMs: Date.now() - started, winner });
      const timedOut = (limits.deadline !== undefined && Date.now() >= limits.deadline) || stopped();
      if (first.outcome.result !== 'unknown' || timedOut || members.length === 1) {
        rivals.terminate();
        return result(first.outcome, first.stats, 0, first.on);
      }
      // stopped by a rival's answer, or at its own end (such as BMC's bound): the others decide
      const firstReason = first.outcome.reason;
      if (!rivals.started) startRivals();
      return rivals.done.then((end) => {
        if ('winner' in end) return result(end.message.outcome, end.message.stats, end.winner);
        const reasons = [firstReason, ...members.slice(1).map((x) => end.unknowns.get(x)!)];
        // a timeout if a member ran out of time (with more it might have answered), else the first member's reason
        const kind = reasons.some((r) => r.kind === 'timeout') ? 'timeout' : reasons[0]!.kind;
        const reason = unknown(kind, members.map((x, j) => `${x}: ${reasons[j]!.detail}`).join('; '));
        return result({ result: 'unknown', reason }, end.stats, 0);
      });
    },
  };
}
