/**
 * `vigil worker --queue URL`: takes runs from a campaign's queue and runs each through the local
 * bench's harness (bench/task.ts: its own process, limits enforced and measured by the OS, the
 * same classification), answering with the results line plus the host, Vigil version, CPU model,
 * worker slot and the enqueue, start and finish times.
 *
 * A worker that dies mid-run stops renewing the job's lock; BullMQ's stall detection, run by every
 * other worker, then puts the job back to waiting and another worker runs it. How soon is set by
 * VIGIL_QUEUE_STALL_MS (the lock's lifetime and the check's period; BullMQ's 30 s by default).
 *
 * A job from a coordinator of another Vigil version is put back and the worker stops with a
 * message: verdicts of two versions must not mix in one campaign.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Worker, WaitingError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { VERSION } from '../../cli/protocol.js';
import { RunnerPool } from '../batch.js';
import { TIME_BIN } from '../limits.js';
import type { ResultRow } from '../results.js';
import { ownProcess, runTask } from '../task.js';
import type { Model } from '../suite.js';
import { connect, onLost, parseQueueUrl, QueueError } from './connection.js';
import { fetchModel, QUEUE_NAME, sha256, type RunJob } from './jobs.js';

const DEFAULT_STALL_MS = 30_000;
/** Times a job may lose its worker before it counts as failed. */
const MAX_STALLED = 3;

function stallMs(): number {
  const v = Number(process.env.VIGIL_QUEUE_STALL_MS);
  return v > 0 ? v : DEFAULT_STALL_MS;
}

/** The model file to run: the coordinator's own when this machine has it unchanged, else the content from the store. */
class Models {
  private readonly cache = new Map<string, string>();
  private dir: string | undefined;

  constructor(private readonly redis: Redis) {}

  async file(model: Model, hash: string): Promise<string> {
    const known = this.cache.get(hash);
    if (known) return known;
    let file = model.file;
    if (!existsSync(file) || sha256(readFileSync(file)) !== hash) {
      const content = await fetchModel(this.redis, hash);
      this.dir ??= mkdtempSync(join(tmpdir(), 'vigil-worker-'));
      mkdirSync(join(this.dir, hash));
      // The file keeps its name: the extension tells its formalism.
      file = join(this.dir, hash, basename(model.file));
      writeFileSync(file, content);
    }
    this.cache.set(hash, file);
    return file;
  }

  close(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

interface WorkerOptions {
  readonly queue: string;
  readonly jobs: number;
  /** A line per finished run or event. */
  readonly log: (line: string) => void;
}

/** Serves the queue until a signal or a fatal error; resolves to the exit code. */
export async function serve(o: WorkerOptions): Promise<number> {
  const server = parseQueueUrl(o.queue);
  if (!existsSync(TIME_BIN)) throw new QueueError(`vigil worker measures every run with GNU time (${TIME_BIN}): install it (Debian package time)`);
  const redis = await connect(server);
  const models = new Models(redis);
  const pool = new RunnerPool();
  const host = hostname();
  const cpu = cpus()[0]?.model.trim() ?? '';
  const slots = Array.from({ length: o.jobs }, (_, i) => i + 1);
  let code = 0;
  let stopping: Promise<void> | undefined;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => { finished = resolve; });
  const stop = (exit: number, message?: string): void => {
    if (stopping) return;
    if (message) o.log(message);
    code = exit;
    stopping = worker.close().catch(() => undefined)
      .then(() => { pool.close(); models.close(); redis.disconnect(); finished(); });
  };

  const run = async (job: Job<RunJob, ResultRow>, token?: string): Promise<ResultRow> => {
    const d = job.data;
    if (d.version !== VERSION) {
      await job.moveToWait(token);
      stop(2, `this worker is Vigil ${VERSION} but the campaign's jobs come from Vigil ${d.version}: run a worker of version ${d.version}`);
      throw new WaitingError();
    }
    const slot = slots.shift()!;
    const startedat = Date.now();
    try {
      const model = { ...d.model, file: await models.file(d.model, d.modelHash) };
      const row = await runTask(model, d.config, d.limits, d.launch === 'runner' ? pool.launch : ownProcess);
      o.log(`${d.config.name} ${d.model.name}: ${row.status} ${(Number(row.walltimems) / 1000).toFixed(2)} s`);
      return {
        ...row, model: d.model.name, host, vigilversion: VERSION, cpu, worker: `${process.pid}.${slot}`,
        queuedat: String(job.timestamp), startedat: String(startedat), finishedat: String(Date.now()),
      };
    } finally {
      slots.push(slot);
    }
  };

  const stall = stallMs();
  // `stop` and `run` use the worker only once it exists: they run on its jobs and events.
  const worker = new Worker<RunJob, ResultRow>(QUEUE_NAME, run, {
    connection: redis, concurrency: o.jobs, lockDuration: stall, stalledInterval: stall, maxStalledCount: MAX_STALLED,
  });
  worker.on('error', (e) => { if (!stopping) o.log(`queue error: ${e.message}`); });
  onLost(redis, server, (message) => stop(2, message));
  process.once('SIGINT', () => stop(0, 'stopping after the runs in progress'));
  process.once('SIGTERM', () => stop(0, 'stopping after the runs in progress'));
  await worker.waitUntilReady().catch((e: Error) => { throw new QueueError(`cannot serve ${server.shown}: ${e.message}`); });
  o.log(`serving ${server.shown} with ${o.jobs} run${o.jobs === 1 ? '' : 's'} at a time (Vigil ${VERSION}, ${host})`);
  await done;
  return code;
}
