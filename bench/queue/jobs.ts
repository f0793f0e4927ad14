/**
 * What travels through the queue: one job per run (model, configuration, limits, expected verdict,
 * the coordinator's Vigil version), with an id derived from the campaign and the run so that
 * enqueuing a run twice (a restarted coordinator) adds nothing; the model files themselves,
 * stored once per content hash next to the queue so that workers without the coordinator's files
 * get them. A worker answers a job with its results line (bench/results.ts).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RunConfig } from '../configs.js';
import type { TaskLimits } from '../task.js';
import type { Model } from '../suite.js';

/** The BullMQ queue every campaign and worker uses. */
export const QUEUE_NAME = 'vigil-bench';

/**
 * How a worker starts Vigil's runs: `process`, a `vigil check` process per run (bench/task.ts);
 * `runner`, long-lived runners (bench/batch.ts), as the matrix does locally.
 */
export type LaunchKind = 'process' | 'runner';

export interface RunJob {
  /** The Vigil version of the coordinator; a worker of another version refuses the job. */
  readonly version: string;
  readonly model: Model;
  /** SHA-256 of the model file, the key of its content in the model store. */
  readonly modelHash: string;
  readonly config: RunConfig;
  readonly limits: TaskLimits;
  readonly launch: LaunchKind;
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The job id of a run in a campaign (the results file's absolute path): the same run of the same
 * campaign always gets the same id, so BullMQ keeps one job for it however often it is added.
 * BullMQ refuses ids with ':', so the id is a plain hash.
 */
export function jobId(campaign: string, job: RunJob): string {
  return `run-${sha256(JSON.stringify([campaign, job.config.name, job.model.name, job.version, job.modelHash, job.limits, job.launch])).slice(0, 40)}`;
}

const modelKey = (hash: string) => `${QUEUE_NAME}:model:${hash}`;

/** Stores a model's content under its hash (once: models are immutable by their hash). */
export async function storeModel(redis: Redis, content: Buffer, hash: string): Promise<void> {
  await redis.set(modelKey(hash), content, 'NX');
}

/** A model's content from the store, checked against its hash. */
export async function fetchModel(redis: Redis, hash: string): Promise<Buffer> {
  const content = await redis.getBuffer(modelKey(hash));
  if (content === null) throw new Error(`the model with hash ${hash.slice(0, 12)} is not in the queue's model store`);
  if (sha256(content) !== hash) throw new Error(`the model with hash ${hash.slice(0, 12)} arrived damaged (its content has another hash)`);
  return content;
}
