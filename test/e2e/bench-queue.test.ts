/**
 * Campaigns on the Redis job queue (bench/queue/) with a real `redis-server` (Debian package) started
 * on a free loopback port: two workers give one line per run and the local bench's verdicts; a
 * worker killed with SIGKILL loses no run and duplicates none; a restarted coordinator resumes;
 * models travel with the jobs; a worker of another version refuses them; a wrong URL or a dead
 * server is one line and exit 2. Stall detection is shortened through VIGIL_QUEUE_STALL_MS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_NAME } from '../../bench/queue/jobs.js';
import { readResults, type ResultRow } from '../../bench/results.js';
import { manifest } from '../support/corpus.js';
import { ROOT, vigil } from '../support/cli.js';

const BIN = join(ROOT, 'dist/bin/vigil.js');
const STALL_MS = '1500';
const CONFIGS = ['--config', '{"name":"bmc5","algorithm":"bmc","bound":5}', '--config', '{"name":"kind5","algorithm":"kind","bound":5}'];
const MODELS = manifest().filter((m) => m.path.startsWith('theta-regression/aiger/')).slice(0, 4);
/** Runs of a campaign: each model under each of the two configurations. */
const runs = (models: readonly unknown[]) => 2 * models.length;
const RUNS = runs(MODELS);
/** The kill and restart tests need a run still in flight after the first results: k-induction to
 * bound 5 on this circuit takes seconds, where the small models' runs end in a fraction of one. */
const WITH_SLOW = [...MODELS, manifest().find((m) => m.path === 'hwmcc24/split-mod3.c.v+sep-reducerb0.aag')!];

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const exited = (p: ChildProcess) => new Promise<number | null>((done) => (p.exitCode !== null || p.signalCode !== null ? done(p.exitCode) : p.once('exit', done)));

let dir: string;
let url: string;
let redisServer: ChildProcess;
let redis: Redis;
const started: ChildProcess[] = [];

function start(args: readonly string[], cwd = ROOT): ChildProcess & { log: () => string } {
  const p = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, VIGIL_QUEUE_STALL_MS: STALL_MS }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  p.stdout!.setEncoding('utf8').on('data', (s: string) => { log += s; });
  p.stderr!.setEncoding('utf8').on('data', (s: string) => { log += s; });
  started.push(p);
  return Object.assign(p, { log: () => log });
}

const worker = (jobs = 1) => start(['worker', '--queue', url, '--jobs', String(jobs)]);

/** A manifest of the test's models in its own folder; model names are their absolute paths. */
function suite(models = MODELS, folder = dir): string {
  const file = join(folder, `suite-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, `path,formalism,expected\n${models.map((m) => `${m.file},${m.formalism},${m.expected}`).join('\n')}\n`);
  return file;
}

const benchArgs = (manifestFile: string, out: string, queue = true) =>
  ['bench', '--suite', manifestFile, ...CONFIGS, '--timeout', '20', '--out', out, ...(queue ? ['--queue', url] : ['--jobs', '2'])];

const lines = (out: string) => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter((l) => l !== '').length - 1 : 0);
const keys = (rows: readonly ResultRow[]) => rows.map((r) => `${r.config} ${r.model}`);
const verdicts = (rows: readonly ResultRow[]) => rows.map((r) => `${r.config} ${r.model} ${r.status} ${r.result}`).sort();
const expectedKeys = (models = MODELS) => ['bmc5', 'kind5'].flatMap((c) => models.map((m) => `${c} ${m.file}`)).sort();

async function waitFor(what: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('waited too long');
    await sleep(50);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-queue-'));
  const port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 100 });
  redis.on('error', () => undefined); // refused while the server starts
  // one connect: ioredis retries by itself, and a second connect() while it does only rejects
  // (the client would never be ready where the first attempt came before the server)
  redis.connect().catch(() => undefined);
  await waitFor(() => redis.status === 'ready', 30_000);
});

afterAll(async () => {
  redis.disconnect();
  redisServer.kill('SIGTERM');
  await exited(redisServer);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => { await redis.flushall(); });

afterEach(async () => {
  for (const p of started.splice(0)) {
    p.kill('SIGKILL');
    await exited(p);
  }
});

describe('vigil bench --queue with vigil worker', () => {
  it('runs a campaign across two workers: one line per run, the verdicts of the local bench, the worker in each line', async () => {
    const m = suite();
    const local = join(dir, 'local.csv');
    const queued = join(dir, 'queued.csv');
    expect(vigil(benchArgs(m, local, false)).code).toBe(0);
    worker();
    worker();
    const coordinator = start(benchArgs(m, queued));
    expect(await exited(coordinator)).toBe(0);
    const rows = readResults(queued);
    expect(keys(rows).sort()).toEqual(expectedKeys());
    expect(verdicts(rows)).toEqual(verdicts(readResults(local)));
    for (const r of rows) {
      expect(r.vigilversion).toBe(r.version);
      expect(r.host && r.cpu && r.worker).toBeTruthy();
      expect(Number(r.queuedat) <= Number(r.startedat) && Number(r.startedat) <= Number(r.finishedat)).toBe(true);
    }
    expect(coordinator.log()).toMatch(new RegExp(`${RUNS}/${RUNS} done, 0 running, 0 waiting, 0 failed`));
  });

  it('loses no run and duplicates none when a worker is killed with SIGKILL in the middle of a run', async () => {
    const out = join(dir, 'killed.csv');
    const models = WITH_SLOW;
    const first = worker(2);
    const coordinator = start(benchArgs(suite(models), out));
    await waitFor(() => lines(out) >= 1);
    const queue = new Queue(QUEUE_NAME, { connection: redis.duplicate() });
    await waitFor(async () => (await queue.getActiveCount()) > 0);
    first.kill('SIGKILL');
    await exited(first);
    const inFlight = runs(models) - lines(out);
    expect(inFlight).toBeGreaterThan(0);
    const second = worker(2);
    expect(await exited(coordinator)).toBe(0);
    await queue.close();
    const rows = readResults(out);
    expect(keys(rows).sort()).toEqual(expectedKeys(models));
    const pids = new Set(rows.map((r) => r.worker.split('.')[0]));
    expect([...pids].every((p) => p === String(first.pid) || p === String(second.pid))).toBe(true);
    expect(rows.filter((r) => r.worker.startsWith(`${second.pid}.`)).length).toBeGreaterThan(0);
  });

  it('resumes when the coordinator is restarted: runs finished meanwhile are collected, none is enqueued twice', async () => {
    const models = WITH_SLOW;
    const m = suite(models);
    const out = join(dir, 'restarted.csv');
    worker();
    const first = start(benchArgs(m, out));
    await waitFor(() => lines(out) >= 2);
    first.kill('SIGKILL');
    await exited(first);
    const before = lines(out);
    // runs go on without a coordinator; their results wait in the queue
    await sleep(1000);
    const second = start(benchArgs(m, out));
    expect(await exited(second)).toBe(0);
    expect(second.log()).toContain(`/${runs(models) - before}] `);
    expect(keys(readResults(out)).sort()).toEqual(expectedKeys(models));
  });

  it('sends the models with the jobs to a worker that does not have the files', async () => {
    const own = mkdtempSync(join(tmpdir(), 'vigil-queue-models-'));
    const copies = MODELS.slice(0, 2).map((m) => {
      const file = join(own, basename(m.file));
      copyFileSync(m.file, file);
      return { ...m, file };
    });
    const out = join(dir, 'shipped.csv');
    const coordinator = start(benchArgs(suite(copies, own), out));
    const queue = new Queue(QUEUE_NAME, { connection: redis.duplicate() });
    await waitFor(async () => (await queue.getWaitingCount()) === 2 * copies.length);
    await queue.close();
    rmSync(own, { recursive: true, force: true });
    worker();
    expect(await exited(coordinator)).toBe(0);
    const rows = readResults(out);
    expect(keys(rows).sort()).toEqual(expectedKeys(copies));
    expect(rows.every((r) => r.status === 'correct' || r.status === 'unknown')).toBe(true);
  });

  it('has a worker of another Vigil version refuse the jobs with a message, leaving them waiting', async () => {
    const queue = new Queue(QUEUE_NAME, { connection: redis.duplicate() });
    const m = MODELS[0]!;
    await queue.add('run', { version: '0.0.0-other', model: { name: m.path, file: m.file, formalism: m.formalism, category: 'aiger', expected: m.expected }, modelHash: '0', config: { name: 'bmc', tool: 'vigil', algorithm: 'bmc', options: {} }, limits: { timeoutS: 5 }, launch: 'process' }, { jobId: 'run-other' });
    const w = worker();
    expect(await exited(w)).toBe(2);
    expect(w.log()).toContain(`the campaign's jobs come from Vigil 0.0.0-other`);
    expect(await queue.getJobState('run-other')).toBe('waiting');
    await queue.close();
  });

  it('runs the missing runs of the configuration matrix through the queue, resuming docs/bench/matrix.csv', async () => {
    const out = join(dir, 'matrix.csv');
    const all = readFileSync(join(ROOT, 'docs/bench/matrix.csv'), 'utf8').split('\n');
    const removed = all.filter((l) => l.startsWith('theta-regression/sts/counter') && l.includes(',EXPL_FW_BIN_ITP_BFS_GLOBAL,'));
    expect(removed.length).toBeGreaterThan(0);
    writeFileSync(out, all.filter((l) => !removed.includes(l)).join('\n'));
    worker();
    const matrix = spawn(process.execPath, [join(ROOT, 'dist/bench/run.js'), '--matrix', '--limit', '2', '--suite', 'sts/counter', '--timeout', '20', '--queue', url, '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    matrix.stdout!.setEncoding('utf8').on('data', (s: string) => { log += s; });
    matrix.stderr!.setEncoding('utf8').on('data', (s: string) => { log += s; });
    expect(await exited(matrix)).toBe(0);
    expect(log).toContain(`${removed.length}/${removed.length} runs`);
    expect(log).toContain('6 runs of 6 in');
    const rows = readResults(out);
    expect(rows.length).toBe(all.filter((l) => l !== '').length - 1);
    expect(new Set(keys(rows)).size).toBe(rows.length);
    // the file keeps its older header: the new lines have its columns only
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe(all[0]);
  });

  it('reports a wrong URL or a dead server in one line with exit 2', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const out = join(dir, 'never.csv');
    for (const args of [['bench', '--queue', dead, '--out', out], ['worker', '--queue', dead], ['bench', '--queue', 'http://127.0.0.1:1', '--out', out], ['worker', '--queue', 'redis://127.0.0.1:1/x']]) {
      const r = vigil(args, 30_000);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/Redis server|--queue/);
    }
    expect(existsSync(out)).toBe(false);
  });
});
