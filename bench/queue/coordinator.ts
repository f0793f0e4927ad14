/**
 * `vigil bench --queue URL`: the coordinator of a campaign run by workers (bench/queue/worker.ts).
 *
 * It enqueues every run the results file does not hold yet (the local bench's resume rule), stores
 * the models' contents next to the queue for workers without its files, and collects the finished
 * jobs' results lines into the file, removing each job once its line is written. Runs are never
 * written twice: a job's id is a function of the campaign and the run, so a restarted coordinator
 * that enqueues a waiting, running or finished run again adds nothing; a finished job whose line is
 * already in the file (the coordinator died between writing and removing) is only removed.
 *
 * Results are collected by polling the queue's finished jobs rather than by listening to its event
 * stream, so that runs that finished while no coordinator was listening are collected as well.
 * Failed jobs (a run whose worker died more often than the stall limit allows, or a model that
 * could not be fetched) are reported and retried at the coordinator's next start.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type Job } from 'bullmq';
import { VERSION } from '../../cli/protocol.js';
import { applies, type RunConfig } from '../configs.js';
import { ResultsFile, type ResultRow } from '../results.js';
import type { TaskLimits } from '../task.js';
import type { Model } from '../suite.js';
import { connect, onLost, parseQueueUrl, QueueError } from './connection.js';
import { jobId, QUEUE_NAME, sha256, storeModel, type LaunchKind, type RunJob } from './jobs.js';
import { progressLine } from './progress.js';

const POLL_MS = 300;
const BULK = 1000;

interface QueuedOptions {
  readonly models: readonly Model[];
  readonly configs: readonly RunConfig[];
  readonly limits: TaskLimits;
  /** The results CSV, resumed: a queued campaign always has one. */
  readonly out: string;
  /** The Redis server's URL. */
  readonly queue: string;
  readonly launch: LaunchKind;
  readonly onResult?: (row: ResultRow, done: number, total: number) => void;
  /** The progress line, after every poll. */
  readonly onProgress?: (line: string) => void;
}

interface FailedRun {
  readonly config: string;
  readonly model: string;
  readonly reason: string;
}

interface QueuedOutcome {
  /** The lines written in this sitting. */
  readonly rows: ResultRow[];
  readonly failed: FailedRun[];
}

/** Runs what is not in the results file yet through the queue, until every run finished or failed. */
export async function runQueued(o: QueuedOptions): Promise<QueuedOutcome> {
  const server = parseQueueUrl(o.queue);
  const redis = await connect(server);
  const file = new ResultsFile(o.out);
  const campaign = resolve(o.out);
  let lost: string | undefined;
  let closing = false;
  onLost(redis, server, (message) => { if (!closing) lost = message; });
  const queue = new Queue<RunJob, ResultRow>(QUEUE_NAME, { connection: redis });
  try {
    const hashes = new Map<string, string>();
    const pending = new Map<string, RunJob>();
    for (const config of o.configs) {
      for (const model of o.models) {
        if (!applies(config, model.formalism) || file.has(config.name, model.name)) continue;
        let modelHash = hashes.get(model.file);
        if (modelHash === undefined) {
          const content = readFileSync(model.file);
          modelHash = sha256(content);
          await storeModel(redis, content, modelHash);
          hashes.set(model.file, modelHash);
        }
        const job: RunJob = { version: VERSION, model, modelHash, config, limits: o.limits, launch: o.launch };
        pending.set(jobId(campaign, job), job);
      }
    }
    const entries = [...pending];
    for (let i = 0; i < entries.length; i += BULK) {
      await queue.addBulk(entries.slice(i, i + BULK).map(([id, data]) => ({ name: 'run', data, opts: { jobId: id } })));
    }
    const ours = (jobs: readonly (Job<RunJob, ResultRow> | undefined)[]) => jobs.filter((j): j is Job<RunJob, ResultRow> => j?.id !== undefined && pending.has(j.id));
    // Failed at an earlier sitting: run again.
    for (const job of ours(await queue.getJobs(['failed']))) await job.retry('failed');

    const total = pending.size;
    const rows: ResultRow[] = [];
    const failed = new Map<string, FailedRun>();
    const started = Date.now();
    const remaining = () => pending.size - failed.size;
    while (remaining() > 0) {
      if (lost) throw new QueueError(lost);
      for (const job of ours(await queue.getJobs(['completed']))) {
        const row = job.returnvalue;
        if (!file.has(row.config, row.model)) {
          file.append(row);
          rows.push(row);
          o.onResult?.(row, total - pending.size + 1, total);
        }
        pending.delete(job.id!);
        await job.remove();
      }
      for (const job of ours(await queue.getJobs(['failed']))) {
        if (!failed.has(job.id!)) failed.set(job.id!, { config: job.data.config.name, model: job.data.model.name, reason: job.failedReason });
      }
      const running = ours(await queue.getJobs(['active'])).length;
      const done = total - pending.size;
      o.onProgress?.(progressLine({ total, done, running, failed: failed.size, finishedHere: done, elapsedMs: Date.now() - started }));
      if (remaining() > 0) await sleep(POLL_MS);
    }
    return { rows, failed: [...failed.values()] };
  } catch (e) {
    // A command that failed because the server went away says so in one line.
    if (lost && !(e instanceof QueueError)) throw new QueueError(lost);
    throw e;
  } finally {
    closing = true;
    await queue.close().catch(() => undefined);
    redis.disconnect();
  }
}
