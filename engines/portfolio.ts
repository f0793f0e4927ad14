/**
 * The word-level portfolio, the default for CFAs and STSs: the engines that apply to the model run
 * side by side, each in its own worker thread on its own copy of the model (expressions are
 * hash-consed per thread), and the first SAFE or UNSAFE wins; the others are terminated. A member's
 * UNKNOWN (a bound, a refinement that found nothing new, a failure) leaves the others running; the
 * portfolio answers UNKNOWN when all have. The winner's result comes back as plain data (engines/portable.ts) rebuilt over this
 * thread's model, so the contract's check (certificates/check.ts) certifies it here, by code that
 * shares nothing with the worker that found it, before the verdict is printed.
 *
 * The schedule, from measurement (README, "Portfolio" and "Approaches compared": 20-30 s per run on
 * the 42 corpus CFA, PLC and STS models with a known verdict and the 24 generated PLC family models,
 * on a 2-core machine):
 * - predicate CEGAR decides all 42 corpus models, but few of the families (their bugs lie 11 to 73
 *   steps deep), so it starts first; on CFAs with large blocks (LBE), which decide 30 of the 38
 *   CFAs against 27 with single edges, with 3.5 times fewer solver calls;
 * - BMC finds all 12 family bugs and every corpus bug, and is the only engine that finds the deep
 *   ones, so it starts with CEGAR: two members on two cores;
 * - explicit-value CEGAR with UNSAT_CORE refinement proves in 2 s the issue's loop CFA on which
 *   predicate CEGAR times out learning `j = 30`, `j = 31`, ..., and gives up quickly where it cannot
 *   refine (most STSs), so it comes third; on bit-vector and float models it is CEGAR's own
 *   default, and is not run twice;
 * - k-induction (with the interval and octagon invariants beside it) decides most corpus models
 *   too, proves the Fischer protocols fischer3 to fischer6 and the small safe families that CEGAR
 *   does not, so it comes fourth;
 * - IC3 with implicit predicate abstraction, the single engine that solves the most (50 of 66),
 *   comes last: the models it alone would add are few, and by then the others have given up or
 *   are still searching;
 * - members beyond the cores start one every 2 s rather than at once: the corpus's small models are
 *   decided within that time by the first two, without the start-up of two more copies of Z3 and
 *   the model competing for the same cores; when a member gives up, the next starts at once.
 * A member whose engine is not registered for the model's formalism and theories is left out, so an
 * engine joins the portfolio by one line here.
 *
 * A member's worker thread runs `memberWorker` (cli/threads.ts starts it): it loads the model, runs
 * the engine named in its job and posts its progress and result.
 */
import { availableParallelism } from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import type { Problem, Property, Theory } from '../formalisms/problem.js';
import { loadProblem } from '../formalisms/frontends/index.js';
import { inapplicable, type Engine, type Settings } from './engine.js';
import { ENGINES } from './registry.js';
import { startWorker } from '../cli/threads.js';
import { packResult, unpackResult, type PortableResult } from './portable.js';
import { unknown, type Limits, type MemberProgress, type Progress, type Reporter, type Result, type Statistics, type UnknownReason } from './result.js';

/** One member: the engine's registry name and its settings. */
interface Member {
  /** How its row and statistics are named. */
  readonly label: string;
  readonly engine: string;
  readonly settings: Settings;
  /** Not on models with one of these theories (where an earlier member runs the same configuration). */
  readonly unless?: readonly Theory[];
  /** Settings added on control-flow automata (options that only CFAs take). */
  readonly onCfa?: Settings;
}

/** How long the members beyond the number of cores wait for their turn, one after the other. */
const STAGGER_MS = 2000;

/** The bounded members search as deep as the time allows unless `--bound` says otherwise. */
const DEEP = '100000';

/** The members, in the order they start. */
export const SCHEDULE: readonly Member[] = [
  { label: 'cegar', engine: 'cegar', settings: {}, onCfa: { encoding: 'LBE' } },
  { label: 'bmc', engine: 'bmc', settings: { bound: DEEP } },
  // CEGAR's own default on bit-vector and float models (cegar/defaults.ts).
  { label: 'expl', engine: 'cegar', settings: { domain: 'EXPL', refinement: 'UNSAT_CORE' }, unless: ['bv', 'fp'] },
  { label: 'kind', engine: 'kind', settings: { bound: DEEP } },
  { label: 'ic3', engine: 'ic3', settings: {} },
];

/** The word-level engine of this name that applies to the problem, if one is registered. */
function specFor(name: string, problem: Pick<Problem, 'formalism' | 'theories'>) {
  return ENGINES.find((e) => e.name === name && e.name !== 'portfolio' && inapplicable(e, problem) === undefined);
}

/** The members that apply to the problem: those whose engine is registered for its formalism and theories. */
export function membersFor(problem: Pick<Problem, 'formalism' | 'theories'>): Member[] {
  return SCHEDULE
    .filter((m) => specFor(m.engine, problem) !== undefined && !m.unless?.some((t) => problem.theories.has(t)))
    .map((m) => (problem.formalism === 'cfa' && m.onCfa ? { ...m, settings: { ...m.settings, ...m.onCfa } } : m));
}

interface Job {
  readonly file: string;
  readonly property: number;
  readonly engine: string;
  readonly settings: Settings;
  readonly deadline?: number;
}

type Message =
  | { readonly kind: 'progress'; readonly progress: Progress }
  | { readonly kind: 'done'; readonly result: PortableResult };

/** A member's worker thread (cli/threads.ts): loads the model, runs the engine named in its job, posts progress and result. */
export async function memberWorker(data: unknown): Promise<void> {
  const job = data as Job;
  const post = (m: Message) => parentPort!.postMessage(m);
  const problem = await loadProblem(job.file);
  const property = problem.properties[job.property]!;
  const spec = specFor(job.engine, problem)!;
  const engine = await spec.create(job.settings, problem);
  const reporter: Reporter = { progress: (progress) => post({ kind: 'progress', progress }), note: () => {} };
  const limits: Limits = job.deadline === undefined ? {} : { deadline: job.deadline };
  const result = await engine.check(problem, property, limits, reporter);
  post({ kind: 'done', result: packResult(problem.model(property), result) });
}

/** The statistics of the run: the winner's own counters, the totals, and every member's counters under its label. */
function combined(rows: readonly MemberProgress[], final: ReadonlyMap<string, Statistics>, timeMs: number, winner?: Statistics): Statistics {
  const stats: Statistics = { ...winner, timeMs, solverChecks: 0, solverTimeMs: 0, members: rows.length };
  for (const r of rows) {
    const s = final.get(r.label) ?? r.stats ?? {};
    stats.solverChecks += s.solverChecks ?? 0;
    stats.solverTimeMs += s.solverTimeMs ?? 0;
    for (const [k, v] of Object.entries(s)) stats[`${r.label}.${k}`] = v;
  }
  return stats;
}

export function createEngine(settings: Settings, problem: Problem): Engine {
  const members = membersFor(problem);
  const cores = availableParallelism();
  return {
    configuration: { members: members.map((m) => m.label).join(', '), ...(settings.bound === undefined ? {} : { bound: Number(settings.bound) }) },
    check(problem: Problem, property: Property, limits: Limits, reporter: Reporter): Promise<Result> {
      const started = Date.now();
      const rows: MemberProgress[] = members.map((m) => ({ label: m.label, state: 'waiting' }));
      const final = new Map<string, Statistics>();
      const workers: Worker[] = [];
      const show = () => {
        const running = rows.filter((r) => r.state === 'running').length;
        reporter.progress({
          phase: 'portfolio', iteration: rows.filter((r) => r.state !== 'waiting' && r.state !== 'running').length,
          detail: rows.map((r) => `${r.label}: ${r.state === 'running' ? `${r.phase ?? 'starting'} ${r.iteration ?? 0}` : r.state}`).join('; '),
          stats: { ...combined(rows, final, Date.now() - started), running },
          members: rows,
        });
      };
      return new Promise((resolve, reject) => {
        let settled = false;
        const unknowns = new Map<string, UnknownReason>();
        let timer: NodeJS.Timeout | undefined;
        const finish = (f: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          for (const w of workers) void w.terminate();
          try { f(); } catch (e) { reject(e); }
        };
        const start = (i: number) => {
          const m = members[i]!;
          const settingsOf = settings.bound !== undefined && 'bound' in m.settings ? { ...m.settings, bound: settings.bound } : m.settings;
          const job: Job = {
            file: problem.file, property: property.index, engine: m.engine, settings: settingsOf,
            ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }),
          };
          // a member that throws ends its thread with an error event, reported as that member's failure
          const w = startWorker('portfolio-member', job);
          workers.push(w);
          rows[i] = { label: m.label, state: 'running' };
          w.on('message', (msg: Message) => {
            if (settled) return;
            if (msg.kind === 'progress') {
              const p = msg.progress;
              rows[i] = { label: m.label, state: 'running', phase: p.phase, iteration: p.iteration, ...(p.detail ? { detail: p.detail } : {}), ...(p.stats ? { stats: p.stats } : {}) };
              show();
              return;
            }
            ended(msg.result);
          });
          // A member that fails (an error, its memory) gives up alone: the others may still answer.
          const failed = (why: string) => {
            if (settled || final.has(m.label)) return;
            reporter.note(`portfolio: ${m.label} failed: ${why}`);
            const stats: Statistics = { timeMs: 0, solverChecks: 0, solverTimeMs: 0, ...rows[i]!.stats };
            ended({ verdict: 'unknown', reason: unknown(/memory/i.test(why) ? 'memory' : 'unsupported', `failed: ${why}`), stats });
          };
          w.on('error', (e) => failed(e.message.split('\n')[0]!));
          w.on('exit', (code) => failed(`its thread ended with code ${code}`));
          const ended = (r: PortableResult) => {
            if (settled || final.has(m.label)) return;
            final.set(m.label, r.stats);
            void w.terminate();
            if (r.verdict !== 'unknown') {
              rows[i] = { ...rows[i]!, state: 'won', stats: r.stats };
              for (const [j, row] of rows.entries()) if (j !== i && row.state !== 'unknown') rows[j] = { ...row, state: 'stopped' };
              show();
              finish(() => {
                const won = unpackResult(problem.model(property), r);
                resolve({ ...won, stats: { ...combined(rows, final, Date.now() - started, r.stats), [`won.${m.label}`]: 1 } } as Result);
              });
              return;
            }
            rows[i] = { ...rows[i]!, state: 'unknown', detail: r.reason.detail, stats: r.stats };
            unknowns.set(m.label, r.reason);
            if (next < members.length) { clearTimeout(timer); startNext(); }
            show();
            if (unknowns.size === members.length) {
              // Out of time if any member was; else the reason of the first member in the schedule.
              const reasons = members.map((x) => unknowns.get(x.label)!);
              const kind = reasons.find((x) => x.kind === 'timeout')?.kind ?? reasons[0]!.kind;
              const reason = unknown(kind, members.map((x, j) => `${x.label}: ${reasons[j]!.detail}`).join('; '));
              finish(() => resolve({ verdict: 'unknown', reason, stats: combined(rows, final, Date.now() - started) }));
            }
          };
        };
        if (members.length === 0) {
          resolve({ verdict: 'unknown', reason: unknown('unsupported', 'no engine applies to this model'), stats: { timeMs: 0, solverChecks: 0, solverTimeMs: 0 } });
          return;
        }
        // As many as there are cores at once, then one more every STAGGER_MS (or as soon as one ends).
        let next = 0;
        const startNext = () => {
          if (settled || next >= members.length) return;
          start(next++);
          if (next < members.length) timer = setTimeout(startNext, STAGGER_MS);
        };
        while (next < Math.min(cores - 1, members.length - 1)) start(next++);
        startNext();
        show();
      });
    },
  };
}
