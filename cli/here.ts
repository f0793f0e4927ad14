/**
 * A check in the command's own thread (check.ts decides: its engine needs no Z3, there is no
 * terminal interface to draw and no --memory to enforce). A checker worker (session.ts) costs a
 * second start of Node's environment and a second load of the check, a good part of a run on a
 * small circuit; and the bit-level engines, which never call Z3, need no thread to watch them:
 * their SAT solver polls the deadline, and so does the check of their certificates, so a timeout
 * still ends the run with UNKNOWN and what was certified. The JavaScript heap near its limit ends
 * the check with UNKNOWN (out of memory) through the engines' `stop` poll, as a worker's heap limit
 * would. What this thread cannot do is answer Ctrl-C with UNKNOWN: the signal ends the process at
 * once, as it ends most command-line tools.
 */
import { getHeapStatistics } from 'node:v8';
import type { Problem } from '../formalisms/problem.js';
import type { Progress } from '../engines/run.js';
import { failure, runCheck } from './check.js';
import { isOutOfMemory, type CheckEvent, type CheckOptions, type Header, type Plan, type PropertyReport } from './protocol.js';
import { endedResult, type SessionEnd } from './session.js';

/** The share of the old generation's limit beyond which the check ends as out of memory. */
const HEAP_SHARE = 0.9;
/**
 * What V8's heap limit holds besides the old generation: the young generation, three semi-spaces of
 * 16 MB on a 64-bit machine (`--max-old-space-size=48` gives a limit of 96 MB).
 */
const YOUNG_GENERATION = 48 * 2 ** 20;
/** How often the heap is measured, at most: polls come with every look at the clock. */
const HEAP_POLL_MS = 50;

/**
 * The heap below which its limit is not asked for: V8's default limit lies far above (a quarter of
 * the machine's memory, 4 GB here), and only a heap option in Node's flags (`--max-old-space-size`,
 * as the tests give) sets it lower.
 */
const UNLIMITED_FLOOR = /--max-(old-space|heap)-size/.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`) ? 0 : 128 * 2 ** 20;

/**
 * Polled with the clock: true from the first time the JavaScript heap is found near its limit. The
 * heap is measured by `process.memoryUsage`; only `node:v8` tells the limit, and it costs 6 ms to
 * load (its streams), so it is loaded once the heap passes UNLIMITED_FLOOR (scripts/bundle.js
 * loads it on first use), which most circuit runs never do.
 */
class HeapGuard {
  short = false;
  private next = 0;
  private limit = 0;

  poll(): boolean {
    if (this.short) return true;
    const now = Date.now();
    if (now < this.next) return false;
    this.next = now + HEAP_POLL_MS;
    const used = process.memoryUsage().heapUsed;
    if (used < UNLIMITED_FLOOR) return false;
    this.limit ||= (getHeapStatistics().heap_size_limit - YOUNG_GENERATION) * HEAP_SHARE;
    this.short = used > this.limit;
    return this.short;
  }
}

/** Checks the problem here; `started` is when the clock of --timeout started. */
export async function checkHere(problem: Problem, plan: Plan, opts: CheckOptions, started: number, onEvent: (e: CheckEvent) => void): Promise<SessionEnd> {
  const heap = new HeapGuard();
  let header: Header | undefined;
  let last: Progress | undefined;
  // certified before the heap ran short: a property ended by the guard is reported as UNKNOWN
  const reports: PropertyReport[] = [];
  const ended = () => endedResult(problem.file, opts, { header, reports, last }, 'memory', Math.round(Date.now() - started));
  try {
    const limits = { ...(opts.timeout === undefined ? {} : { deadline: started + opts.timeout * 1000 }), stop: () => heap.poll() };
    const result = await runCheck(problem, plan, opts, limits, (e) => {
      if (e.kind === 'start') header = e.header;
      else if (e.kind === 'progress') last = e.progress;
      else if (e.kind === 'property') {
        if (heap.short) return;
        reports.push(e.report);
      }
      onEvent(e);
    });
    return heap.short ? ended() : result;
  } catch (e) {
    // a member's worker whose own heap ran out
    if (isOutOfMemory(e)) return ended();
    return failure(e, opts.debug);
  }
}
