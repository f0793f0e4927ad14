/**
 * The AIGER portfolio: IC3 and BMC side by side in two worker threads (one per core) on the
 * property's prepared circuit, which is plain data and goes to the workers as it is (nothing reads
 * the file again). The first SAFE or UNSAFE answer wins and the other worker is terminated; an
 * engine's UNKNOWN, such as BMC's bound, waits for the other one.
 *
 * This module is also the workers' entry point: loaded in a worker thread with portfolio work data,
 * it runs the engine named there and posts its outcome.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Aig } from '../../formalisms/aig.js';
import { unknown, type Progress, type Result, type Statistics } from '../result.js';
import type { Engine, Settings } from '../engine.js';
import { boundOf } from '../bound.js';
import { runBmc } from './bmc.js';
import { runIc3 } from './ic3.js';
import { prepare, resultOf, type Outcome } from './prepare.js';

type Member = 'ic3' | 'bmc';

interface Job {
  readonly portfolio: true;
  readonly circuit: Aig;
  readonly member: Member;
  readonly bound: number;
  readonly deadline?: number;
}

type Message =
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'done'; readonly outcome: Outcome; readonly stats: Statistics };

function workerMain(job: Job): void {
  const post = (m: Message) => parentPort!.postMessage(m);
  const onProgress = job.member === 'ic3' ? (progress: Progress) => post({ kind: 'progress', progress }) : undefined;
  const run = job.member === 'ic3' ? runIc3 : runBmc;
  const { outcome, stats } = run(job.circuit, { bound: job.bound, deadline: job.deadline, onProgress });
  post({ kind: 'done', outcome, stats });
}

if (!isMainThread && (workerData as Job | undefined)?.portfolio) workerMain(workerData as Job);

export function createEngine(settings: Settings): Engine {
  const bound = boundOf(settings);
  return {
    configuration: { bound },
    check(problem, property, limits, reporter): Promise<Result> {
      const started = Date.now();
      const prep = prepare(problem, property);
      const members: Member[] = ['ic3', 'bmc'];
      return new Promise((resolve, reject) => {
        const workers: Worker[] = [];
        const unknowns = new Map<Member, Outcome & { result: 'unknown' }>();
        let settled = false;
        const finish = (f: () => void) => {
          if (settled) return;
          settled = true;
          for (const w of workers) void w.terminate();
          try { f(); } catch (e) { reject(e); }
        };
        for (const member of members) {
          const job: Job = { portfolio: true, circuit: prep.circuit, member, bound, ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }) };
          const w = new Worker(new URL(import.meta.url), { workerData: job });
          workers.push(w);
          w.on('message', (m: Message) => {
            if (m.kind === 'progress') { if (!settled) reporter.progress(m.progress); return; }
            const stats: Statistics = { ...m.stats, timeMs: Date.now() - started, ic3Won: member === 'ic3' ? 1 : 0 };
            if (m.outcome.result !== 'unknown') {
              const outcome = m.outcome;
              finish(() => resolve(resultOf(problem, property, prep, outcome, stats)));
              return;
            }
            unknowns.set(member, m.outcome);
            if (unknowns.size < members.length) return;
            // IC3 is complete: its reason is why the portfolio gave up; BMC's is said beside it.
            const detail = members.map((x) => `${x}: ${unknowns.get(x)!.reason.detail}`).join('; ');
            const reason = unknown(unknowns.get('ic3')!.reason.kind, detail);
            finish(() => resolve(resultOf(problem, property, prep, { result: 'unknown', reason }, stats)));
          });
          w.on('error', (e) => finish(() => reject(e)));
        }
      });
    },
  };
}
