/**
 * The AIGER portfolio: one member per core (`os.availableParallelism()`), each in a worker thread
 * on the property's prepared circuit, which is plain data and goes to the workers as it is (nothing
 * reads the file again). The members are the first ones of the list by value (portfolio-members.ts:
 * IC3, k-induction, IC3 without CTGs, BMC, IC3 with other options), or those `--members` names.
 * The first member runs alone in this thread for a moment (most circuits are answered then); if it
 * does not answer, every member starts in its worker, the first one again. The first SAFE or
 * UNSAFE answer wins and the other workers are terminated; an engine's UNKNOWN, such as BMC's
 * bound, waits for the others. Every answer is certified by the pipeline as any engine's.
 *
 * This module is also the workers' entry point: loaded in a worker thread with portfolio work data,
 * it runs the member named there and posts its outcome.
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Aig } from '../../formalisms/aig.js';
import { unknown, type Progress, type Result, type Statistics, type UnknownReason } from '../result.js';
import type { Engine, Settings } from '../engine.js';
import { runBmc } from './bmc.js';
import { runIc3 } from './ic3.js';
import { kindResult, runKind, type KindOutcome } from './kind.js';
import { BY_VALUE, MEMBERS, PORTFOLIO_MEMBERS } from './portfolio-members.js';
import { prepare } from './prepare.js';

/**
 * How long the first member runs alone, in this thread, before the workers start. Most circuits are
 * answered by the first member (IC3) in well under a second; starting workers at once would add
 * their start-up (a thread, the engines loaded again, the circuit copied) to every such run.
 */
const HEAD_START_MS = 300;

interface Job {
  readonly portfolio: true;
  readonly circuit: Aig;
  readonly member: string;
  /** The bounded members' bound: Infinity unless `--bound` is given (they search as deep as time allows). */
  readonly bound: number;
  readonly deadline?: number;
  /** Whether this member reports progress (the first one does). */
  readonly reports: boolean;
}

type Message =
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'done'; readonly outcome: KindOutcome; readonly stats: Statistics };

/** Runs the member named `member` on `circuit`. */
function runMember(member: string, circuit: Aig, opts: { bound: number; deadline?: number; onProgress?: (p: Progress) => void }): { outcome: KindOutcome; stats: Statistics } {
  const spec = MEMBERS[member]!;
  const run = spec.engine === 'ic3' ? runIc3 : spec.engine === 'kind' ? runKind : runBmc;
  return run(circuit, { ...opts, ic3: spec.ic3 });
}

function workerMain(job: Job): void {
  const post = (m: Message) => parentPort!.postMessage(m);
  const onProgress = job.reports ? (progress: Progress) => post({ kind: 'progress', progress }) : undefined;
  const { outcome, stats } = runMember(job.member, job.circuit, { bound: job.bound, deadline: job.deadline, onProgress });
  post({ kind: 'done', outcome, stats });
}

if (!isMainThread && (workerData as Job | undefined)?.portfolio) workerMain(workerData as Job);

/** The members of a run: those `--members` names, else the first of the list by value, one per core. */
export function membersOf(settings: Settings): string[] {
  const named = settings[PORTFOLIO_MEMBERS.name];
  if (named !== undefined) return named.split(',');
  return BY_VALUE.slice(0, Math.max(1, availableParallelism()));
}

export function createEngine(settings: Settings): Engine {
  const bound = settings.bound === undefined ? Infinity : Number(settings.bound);
  const members = membersOf(settings);
  return {
    configuration: { members: members.join(', '), ...(settings.bound === undefined ? {} : { bound }) },
    check(problem, property, limits, reporter): Result | Promise<Result> {
      const started = Date.now();
      const prep = prepare(problem, property);
      const unknowns = new Map<string, UnknownReason>();
      const headStart = Math.min(limits.deadline ?? Infinity, Date.now() + HEAD_START_MS);
      const first = runMember(members[0]!, prep.circuit, { bound, deadline: headStart, onProgress: (p) => reporter.progress(p) });
      const firstStats: Statistics = { ...first.stats, timeMs: Date.now() - started, winner: 0 };
      if (first.outcome.result !== 'unknown') return kindResult(problem, property, prep, first.outcome, firstStats);
      // the first member's own end (such as BMC's bound) stands; a timeout at the head start's end does not
      const timedOut = first.outcome.reason.kind === 'timeout';
      if (timedOut && limits.deadline !== undefined && Date.now() >= limits.deadline) return kindResult(problem, property, prep, first.outcome, firstStats);
      if (!timedOut) unknowns.set(members[0]!, first.outcome.reason);
      // A timeout if a member ran out of time (with more it might have answered), else the first member's reason.
      const allUnknown = (stats: Statistics): Result => {
        const reasons = members.map((x) => unknowns.get(x)!);
        const kind = reasons.some((r) => r.kind === 'timeout') ? 'timeout' : reasons[0]!.kind;
        const reason = unknown(kind, members.map((x, j) => `${x}: ${reasons[j]!.detail}`).join('; '));
        return kindResult(problem, property, prep, { result: 'unknown', reason }, stats);
      };
      if (unknowns.size === members.length) return allUnknown(firstStats);
      return new Promise((resolve, reject) => {
        const workers: Worker[] = [];
        let settled = false;
        const finish = (f: () => void) => {
          if (settled) return;
          settled = true;
          for (const w of workers) void w.terminate();
          try { f(); } catch (e) { reject(e); }
        };
        const start = (member: string, i: number) => {
          const job: Job = { portfolio: true, circuit: prep.circuit, member, bound, reports: i === 0, ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }) };
          const w = new Worker(new URL(import.meta.url), { workerData: job });
          workers.push(w);
          w.on('message', (m: Message) => {
            if (m.kind === 'progress') { if (!settled) reporter.progress(m.progress); return; }
            // winner: the answering member's position in the list
            const stats: Statistics = { ...m.stats, timeMs: Date.now() - started, winner: i };
            const outcome = m.outcome;
            if (outcome.result !== 'unknown') {
              finish(() => resolve(kindResult(problem, property, prep, outcome, stats)));
              return;
            }
            unknowns.set(member, outcome.reason);
            if (unknowns.size === members.length) finish(() => resolve(allUnknown(stats)));
          });
          w.on('error', (e) => finish(() => reject(e)));
        };
        members.forEach((m, i) => { if (!unknowns.has(m)) start(m, i); });
      });
    },
  };
}
