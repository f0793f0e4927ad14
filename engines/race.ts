/**
 * The portfolio's race, one for both levels: engines run side by side on one task, and the first
 * SAFE or UNSAFE answer wins; the others are stopped. A member's UNKNOWN (a bound, a refinement
 * that found nothing new, a failure) leaves the others running; the race answers UNKNOWN, with
 * every member's reason, when all have. Every member is an engine line read by the registry's
 * option parser (engines/portfolio-members.ts), made and run through the engine contract like any
 * engine, with the passes its own options ask for.
 *
 * Members run in worker threads, each on the task sent to it once: a circuit as plain data, any
 * other task (and any task to a member that checks a model's words) as the file's bytes, which the
 * worker reads with the file's front end (expressions are hash-consed per thread, so each thread
 * builds its own). A member's result comes back as plain data (engines/portable.ts) rebuilt over
 * this thread's task, so that the pipeline certifies it here, by code that shares nothing with the
 * worker that found it.
 *
 * The members on a circuit start on it after the plan's preprocessing (`prepare`); the members on
 * a model's words, on the model as given. On a circuit the first member runs in this thread alone
 * for a head start, since most circuits are answered within it and a worker's start-up (a thread,
 * the engines loaded again, the circuit copied) would add to every such run. When the head start
 * ends unanswered, the deferred pass (latch correspondence, the one costly step of preprocessing)
 * runs and the others start on its task in their workers. The first member goes on where it is
 * unless the pass took off a tenth of the circuit's latches or more; then it stops and starts again
 * on the smaller circuit. It polls a flag the workers set when they answer, wherever it looks at
 * the clock, so a worker's answer stops it; there it also reads the progress the workers posted
 * (each on a port of its own, read synchronously), which this thread, busy with its own member,
 * would otherwise see only when it ends. Elsewhere all members run in workers, as many at once
 * as there are cores, then one more every `staggerMs` or as soon as one ends; a member that yields
 * runs at a lower priority, so that the members that do not keep their cores. With `share`, every
 * member's limits carry one log in shared memory through which its IC3 runs exchange their lemmas
 * (engines/lemma-pool.ts).
 */
import { getPriority, setPriority } from 'node:os';
import { MessageChannel, parentPort, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { CircuitTask } from '../formalisms/circuit-task.js';
import type { Aig } from '../formalisms/aig.js';
import type { Property } from '../formalisms/property-kinds.js';
import { unknown, type Result, type Statistics, type UnknownReason } from '../formalisms/result.js';
import type { Task } from '../formalisms/task.js';
import { loadProblem } from '../formalisms/frontends/index.js';
import type { EngineContext } from './engine.js';
import { lemmaLog } from './lemma-pool.js';
import { forwardAll, type Mapped, type Pass } from './passes/pass.js';
import { packResult, unpackResult, type PortableResult } from './portable.js';
import type { Limits, MemberProgress, Progress, Reporter } from './run.js';

/** A member of one race: its label, its engine line, and what it does after a while without an answer. */
export interface Entrant {
  readonly label: string;
  readonly line: string;
  /** After `afterMs`, the member runs `line` (member `label`'s) instead, or without a line gives its core back (answers UNKNOWN). */
  readonly handOver?: { readonly line?: string; readonly label?: string; readonly afterMs: number };
  /**
   * It checks the words of a model whose circuit is bit-blasted from them (BTOR2), or hands its core
   * to a member that does: it is sent the file, and runs on the task as given, without the circuit's
   * preprocessing.
   */
  readonly words?: boolean;
  /**
   * It runs at a lower priority (its thread's nice value raised by YIELD_NICENESS), so that where
   * the members outnumber the cores it gives way to those that do not yield.
   */
  readonly yields?: boolean;
}

export interface RacePlan {
  readonly entrants: readonly Entrant[];
  /** The passes the members' task goes through first (the circuit's preprocessing); not for the members on the words. */
  readonly prepare?: readonly Pass[];
  /** On a circuit: the first member's time alone in this thread, and the pass deferred to its end. */
  readonly headStart?: { readonly ms: number; readonly deferred?: Pass };
  /** How many members start at once; the others one every `staggerMs`, or as soon as one ends. */
  readonly atOnce: number;
  readonly staggerMs: number;
  /** Whether the members' IC3 runs share their lemmas (engines/lemma-pool.ts, `--share`). */
  readonly share?: boolean;
}

/** The task as a worker receives it: a circuit, or the file it is read from. */
type PortableTask =
  | { readonly kind: 'circuit'; readonly file: string; readonly property: Property; readonly circuit: Aig; readonly stuckFree: boolean }
  | { readonly kind: 'file'; readonly file: string; readonly bytes: Uint8Array; readonly property: number };

interface MemberJob {
  readonly task: PortableTask;
  readonly entrant: Entrant;
  readonly deadline?: number;
  /** One Int32: set to 1 by the first member that answers, which stops the first member in this thread. */
  readonly answered: SharedArrayBuffer;
  /** The race's log of shared lemmas, if its IC3 runs share them. */
  readonly lemmas?: SharedArrayBuffer;
  /**
   * Where the member posts its progress: a port of its own, which this thread also reads
   * synchronously while its own first member runs (it looks at the clock often, and yields seldom).
   */
  readonly progress: MessagePort;
}

interface ProgressMessage { readonly progress: Progress }
interface DoneMessage { readonly result: PortableResult }

/**
 * How much a yielding member's thread lowers its priority: at nice 10 a thread weighs a tenth of
 * one at nice 0 in Linux's scheduler, so a member that does not yield keeps nearly a core to
 * itself however many yielding members share the rest.
 */
const YIELD_NICENESS = 10;

/** How often a member's worker posts its progress, at most. */
const PROGRESS_EVERY_MS = 100;
/** How often this thread reads the members' progress while its own first member runs. */
const DRAIN_EVERY_MS = 250;

/** Runs an entrant with its hand-over: its own line until `afterMs`, then the line handed over to (or UNKNOWN: it gave its core back). */
export async function runWithHandOver(e: Entrant, task: Task, limits: Limits, reporter: Reporter, context: EngineContext): Promise<Result> {
  const until = e.handOver === undefined ? Infinity : Date.now() + e.handOver.afterMs;
  // no hand-over when the run's own deadline comes first
  const handsOver = until < (limits.deadline ?? Infinity);
  const own = await context.engines.run(e.line, task, handsOver ? { ...limits, deadline: until } : limits, reporter, context);
  if (!handsOver || own.verdict !== 'unknown' || Date.now() < until || limits.stop?.() === true) return own;
  const next = e.handOver!.line === undefined
    ? { ...own, reason: unknown('timeout', `gave its core back after ${e.handOver!.afterMs / 1000} s`) }
    : await context.engines.run(e.handOver!.line, task, limits, reporter, context);
  return { ...next, stats: { ...next.stats, handedOverAfterMs: e.handOver!.afterMs } };
}

/** A member's worker thread (started through the engine context's `spawn`): runs its entrant and posts its progress and result. */
export async function memberWorker(data: unknown, context: EngineContext): Promise<void> {
  const job = data as MemberJob;
  // on Linux a thread's own priority (the process's elsewhere, where threads have none of their own)
  if (job.entrant.yields) yieldCores();
  const task = job.task.kind === 'circuit'
    ? new CircuitTask(job.task.file, job.task.property, job.task.circuit, job.task.stuckFree)
    : await fileTask(job.task.file, job.task.bytes, job.task.property);
  const answered = new Int32Array(job.answered);
  let posted = 0;
  const reporter: Reporter = {
    progress: (progress) => {
      const now = Date.now();
      if (now - posted < PROGRESS_EVERY_MS) return;
      posted = now;
      job.progress.postMessage({ progress } satisfies ProgressMessage);
    },
    note: () => {},
  };
  const limits: Limits = { ...(job.deadline === undefined ? {} : { deadline: job.deadline }), ...(job.lemmas ? { lemmas: job.lemmas } : {}), stop: () => Atomics.load(answered, 0) !== 0 };
  const result = await runWithHandOver(job.entrant, task, limits, reporter, context);
  // before the message, which this thread's first member sees only once it has returned
  if (result.verdict !== 'unknown') Atomics.store(answered, 0, 1);
  job.progress.close();
  parentPort!.postMessage({ result: packResult(task, result) } satisfies DoneMessage);
}

/** Lowers this thread's priority; where the system refuses, the member runs as it is. */
function yieldCores(): void {
  try {
    setPriority(Math.min(19, getPriority() + YIELD_NICENESS));
  } catch {
    // no right to change it: the member only loses its lower priority
  }
}

async function fileTask(file: string, bytes: Uint8Array, index: number): Promise<Task> {
  const problem = await loadProblem(file, bytes);
  return problem.task(problem.properties[index]!);
}

function portable(task: Task, words: boolean): PortableTask {
  if (task.circuit && !(words && task.source)) {
    return { kind: 'circuit', file: task.file, property: task.property, circuit: task.circuit, stuckFree: task instanceof CircuitTask && task.stuckFree };
  }
  if (!task.source) throw new Error(`${task.file}: the task cannot be sent to a worker`);
  return { kind: 'file', file: task.file, bytes: task.source, property: task.property.index };
}

/** A member's counters under its label (`ic3.frame`), as the race's statistics show each member's. */
export function labelled(label: string, stats: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([k, v]) => [`${label}.${k}`, v]));
}

/** The statistics of the race: the winner's own counters, the totals, and every member's counters under its label. */
function combined(rows: readonly MemberProgress[], final: ReadonlyMap<string, Statistics>, timeMs: number, winner?: Statistics): Statistics {
  const stats: Statistics = { ...winner, timeMs, solverChecks: 0, solverTimeMs: 0, members: rows.length };
  for (const r of rows) {
    const s = final.get(r.label) ?? r.stats ?? {};
    stats.solverChecks += s.solverChecks ?? 0;
    stats.solverTimeMs += s.solverTimeMs ?? 0;
    Object.assign(stats, labelled(r.label, s));
  }
  return stats;
}

/** Out of time if any member was (with more it might have answered); else the reason of the first member in the plan. */
function merged(entrants: readonly Entrant[], reasons: ReadonlyMap<string, UnknownReason>): UnknownReason {
  const all = entrants.map((e) => reasons.get(e.label)!);
  const kind = all.some((r) => r.kind === 'timeout') ? 'timeout' : all[0]!.kind;
  return unknown(kind, entrants.map((e, j) => `${e.label}: ${all[j]!.detail}`).join('; '));
}

/** The share of a circuit's latches a deferred pass must take off for the first member to start again on its circuit. */
const RESTART_SHARE = 0.1;

/** Whether `after` has a tenth fewer latches than `before` or more (circuit tasks; other tasks never are). */
function isSmaller(after: Task, before: Task): boolean {
  if (!after.circuit || !before.circuit) return false;
  return after.circuit.latches.length <= (1 - RESTART_SHARE) * before.circuit.latches.length;
}

/** Races the plan's entrants on the task. */
export async function race(task: Task, plan: RacePlan, limits: Limits, reporter: Reporter, context: EngineContext): Promise<Result> {
  const started = Date.now();
  const { entrants } = plan;
  const rows: MemberProgress[] = entrants.map((e) => ({ label: e.label, state: 'waiting' }));
  const final = new Map<string, Statistics>();
  const reasons = new Map<string, UnknownReason>();
  const answered = new Int32Array(new SharedArrayBuffer(4));
  const lemmas = plan.share ? lemmaLog() : undefined;
  /** The race's limits with its lemma log, for each member. */
  const shared: Limits = lemmas ? { ...limits, lemmas } : limits;
  const workers: Worker[] = [];
  /** Set when the race is decided: the members' threads are then terminated, and what they say no longer counts. */
  let over = false;
  /** Whether the first member stopped at the head start's end to start again on the deferred pass's task. */
  let restarts = false;
  const stopped = () => limits.stop?.() === true || (limits.deadline !== undefined && Date.now() >= limits.deadline);
  const show = (own?: Progress) => {
    const running = rows.filter((r) => r.state === 'running').length;
    reporter.progress({
      ...(own ?? {
        phase: 'portfolio', iteration: rows.filter((r) => r.state !== 'waiting' && r.state !== 'running').length,
        detail: rows.map((r) => `${r.label}: ${r.state === 'running' ? `${r.phase ?? 'starting'} ${r.iteration ?? 0}` : r.state}`).join('; '),
        stats: { ...combined(rows, final, Date.now() - started), running },
      }),
      members: [...rows],
    });
  };
  const row = (i: number, p: Progress) => {
    rows[i] = { label: entrants[i]!.label, state: 'running', phase: p.phase, iteration: p.iteration, ...(p.detail ? { detail: p.detail } : {}), ...(p.stats ? { stats: p.stats } : {}) };
  };
  /** The race's answer from member i's result over the task it ran on (`via`, mapped back to the race's task). */
  const answer = async (i: number, r: Result, via: Mapped): Promise<Result> => {
    const label = entrants[i]!.label;
    final.set(label, r.stats);
    rows[i] = { ...rows[i]!, state: 'won', stats: r.stats };
    for (const [j, x] of rows.entries()) if (j !== i && x.state !== 'unknown') rows[j] = { ...x, state: 'stopped' };
    show();
    const back = await via.back(r);
    // a member that handed its core over won with the line it handed over to
    const winner = r.stats.handedOverAfterMs !== undefined ? entrants[i]!.handOver?.label ?? label : label;
    return { ...back, stats: { ...combined(rows, final, Date.now() - started, back.stats), [`won.${winner}`]: 1, ...(restarts ? { headStartRestarted: 1 } : {}) } } as Result;
  };
  const gaveUp = (i: number, r: Result & { verdict: 'unknown' }) => {
    final.set(entrants[i]!.label, r.stats);
    reasons.set(entrants[i]!.label, r.reason);
    rows[i] = { ...rows[i]!, state: 'unknown', detail: r.reason.detail, stats: r.stats };
    show();
  };
  const allUnknown = (): Result => ({ verdict: 'unknown', reason: merged(entrants, reasons), stats: combined(rows, final, Date.now() - started) });

  /** The members' progress ports, by member; read here as messages arrive, and drained while the first member runs. */
  const ports = new Map<number, MessagePort>();
  /** The first member's last progress in this thread. */
  let lastOwn: Progress | undefined;
  let drained = 0;
  /** The progress the members posted while this thread was busy with its own member, at most every DRAIN_EVERY_MS. */
  const drain = () => {
    const now = Date.now();
    if (now - drained < DRAIN_EVERY_MS) return;
    drained = now;
    let any = false;
    for (const [i, port] of ports) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        if (rows[i]!.state === 'running') row(i, (m.message as ProgressMessage).progress);
        any = true;
      }
    }
    // the first member's own line stays the race's last phase, as when it reports itself
    if (any) show(lastOwn);
  };

  /** Starts member i's worker on `on`; settles with its result (a failure as UNKNOWN). */
  const startWorker = (i: number, on: Task): Promise<Result> => {
    const e = entrants[i]!;
    const channel = new MessageChannel();
    const job: MemberJob = {
      task: portable(on, e.words === true), entrant: e, answered: answered.buffer as SharedArrayBuffer, progress: channel.port2, ...(lemmas ? { lemmas } : {}),
      ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }),
    };
    const w = context.spawn('member', job, [channel.port2]);
    workers.push(w);
    ports.set(i, channel.port1);
    const closePort = () => { channel.port1.close(); ports.delete(i); };
    channel.port1.on('message', (m: ProgressMessage) => {
      if (rows[i]!.state !== 'running') return;
      row(i, m.progress);
      show();
    });
    rows[i] = { label: e.label, state: 'running' };
    return new Promise((resolve) => {
      let done = false;
      // A member that fails (an error, its memory) gives up alone: the others may still answer.
      const failed = (why: string) => {
        if (done || over) return;
        done = true;
        closePort();
        reporter.note(`portfolio: ${e.label} failed: ${why}`);
        resolve({ verdict: 'unknown', reason: unknown(/memory/i.test(why) ? 'memory' : 'unsupported', `failed: ${why}`), stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0, ...rows[i]!.stats } });
      };
      w.on('message', (m: DoneMessage) => {
        if (done) return;
        done = true;
        closePort();
        void w.terminate();
        resolve(unpackResult(on, m.result));
      });
      w.on('error', (err) => failed(err.message.split('\n')[0]!));
      w.on('exit', (code) => failed(`its thread ended with code ${code}`));
    });
  };

  const identity: Mapped = { task, back: (r) => r };
  /** The task of the members on the circuit, and for each entrant the task it runs on. */
  let prepared = identity;
  const taskOf = (e: Entrant, on: Mapped) => (e.words ? identity : on);

  /** The members from `first` on, in workers on `on`: the first answer, or every member's UNKNOWN. */
  const runWorkers = (first: number, on: Mapped): Promise<Result> => new Promise((resolve, reject) => {
    let next = first;
    let timer: NodeJS.Timeout | undefined;
    let open = entrants.length - first;
    let settled = false;
    if (open === 0) { resolve(allUnknown()); return; }
    const settle = (r: Promise<Result> | Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      Promise.resolve(r).then(resolve, reject);
    };
    const start = (i: number) => {
      const via = taskOf(entrants[i]!, on);
      void startWorker(i, via.task).then((r) => {
        if (settled) return;
        if (r.verdict !== 'unknown') { settle(answer(i, r, via)); return; }
        gaveUp(i, r);
        if (--open === 0) settle(allUnknown());
        else if (next < entrants.length) { clearTimeout(timer); startNext(); }
      });
    };
    const startNext = () => {
      if (settled || next >= entrants.length) return;
      start(next++);
      if (next < entrants.length) timer = setTimeout(startNext, plan.staggerMs);
    };
    while (next < Math.min(first + plan.atOnce - 1, entrants.length - 1)) start(next++);
    startNext();
    // started from within the first member's run, the race keeps that member's line as its phase
    show(lastOwn);
  });

  try {
    if (entrants.length === 0) return { verdict: 'unknown', reason: unknown('unsupported', 'no engine applies to this model'), stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0 } };
    if (plan.prepare?.length) prepared = await forwardAll(plan.prepare, task, context);
    if (!plan.headStart) return await runWorkers(0, prepared);

    // the first member alone in this thread until the head start's end (or alone for good)
    const alone = entrants.length === 1;
    const headStartEnd = alone ? Infinity : Date.now() + plan.headStart.ms;
    const first = entrants[0]!;
    const firstReporter: Reporter = { progress: (p) => { lastOwn = p; row(0, p); show(p); }, note: (l) => reporter.note(l) };
    rows[0] = { label: first.label, state: 'running' };
    const firstOn = taskOf(first, prepared);
    /** The others' race, once they run, on the deferred pass's task (`on`). */
    let rivals: Promise<Result> | undefined;
    let on: Mapped | undefined;
    const start = (d: Mapped | undefined) => {
      on = d ? { task: d.task, back: async (r) => prepared.back(await d.back(r)) } : prepared;
      rivals = runWorkers(1, on);
    };
    /**
     * The head start's end, from within the first member's run: the deferred pass, the others on its
     * task, and the first member goes on unless the pass took off a tenth of the latches or more
     * (then it stops, to start again on the smaller circuit). A pass that answers asynchronously
     * runs after the member has stopped.
     */
    let pending: Promise<Mapped> | undefined;
    const headStartEnds = (): boolean => {
      const d = plan.headStart!.deferred?.forward(prepared.task, context);
      if (d instanceof Promise) { pending = d; restarts = true; return true; }
      start(d);
      restarts = d !== undefined && isSmaller(d.task, prepared.task);
      return restarts;
    };
    const firstStop = () => {
      if (stopped() || restarts) return true;
      if (rivals) { drain(); return Atomics.load(answered, 0) !== 0; }
      return Date.now() >= headStartEnd && headStartEnds();
    };
    const headStart = await runWithHandOver(first, firstOn.task, { ...shared, stop: firstStop }, firstReporter, context);
    if (headStart.verdict !== 'unknown') return await answer(0, headStart, firstOn);
    // one member, or the race's limits: the first member's own reason
    if (alone || stopped()) { gaveUp(0, headStart); return { ...headStart, stats: combined(rows, final, Date.now() - started, headStart.stats) }; }
    if (!rivals) start(await (pending ?? (plan.headStart.deferred ? forwardAll([plan.headStart.deferred], prepared.task, context) : undefined)));
    if (!restarts) {
      // it ended itself (an UNKNOWN of its own), or went on with the others until one answered
      gaveUp(0, headStart);
      return await rivals!;
    }
    const againOn = taskOf(first, on!);
    const again = await runWithHandOver(first, againOn.task, { ...shared, stop: () => { drain(); return stopped() || Atomics.load(answered, 0) !== 0; } }, firstReporter, context);
    if (again.verdict !== 'unknown') return await answer(0, again, againOn);
    gaveUp(0, again);
    if (stopped()) return { ...again, stats: combined(rows, final, Date.now() - started, again.stats) };
    return await rivals!;
  } finally {
    over = true;
    for (const port of ports.values()) port.close();
    for (const w of workers) void w.terminate();
  }
}
