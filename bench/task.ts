/**
 * One run of a configuration on a model: `vigil check --json` or a peer tool in its own process
 * under the limits (bench/limits.ts), turned into a results line and classified against the
 * expected verdict.
 *
 * The child gets the time limit as its own `--timeout`, so it normally answers UNKNOWN (timeout)
 * by itself; the harness kills it only GRACE_MS later (start-up, the certificate check). Either way
 * the run counts as a timeout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadProblem } from '../formalisms/frontends/index.js';
import { FileError } from '../formalisms/frontends/frontend.js';
import { OPTION_NAMES, type RunConfig } from './configs.js';
import { runLimited, type Measured } from './limits.js';
import { COLUMNS, type ResultRow } from './results.js';
import { classify, termination, type Answer } from './classify.js';
import type { UnknownKind } from '../formalisms/result.js';
import type { Model } from './suite.js';
import { VERSION } from '../cli/protocol.js';
import { NODE_FLAGS, vigilEnv } from '../cli/node-flags.js';
import { runSpacer } from './spacer.js';
import { scratchFile } from './scratch.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VIGIL_BIN = `${ROOT}dist/bin/vigil.js`;
export const GRACE_MS = 3000;

export interface TaskLimits {
  readonly timeoutS: number;
  readonly memoryMb?: number;
}

interface VigilJson {
  verdict: 'safe' | 'unsafe' | 'terminating' | 'nonterminating' | 'unknown';
  reason?: string;
  reasonKind?: UnknownKind;
  algorithm: string;
  options: Record<string, unknown>;
  statistics: Counters;
  /** Per property, on files with several (each with its own counters). */
  properties?: readonly { readonly statistics?: Counters }[];
  /** The result files written (one per property for each per-property output, on a file with several). */
  outputs?: readonly string[];
}

type Counters = { solverChecks?: number; satCalls?: number; readonly [counter: string]: number | undefined };

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
}

/** The result files a Vigil run writes, by output name (`report`, `certificate`, ...): where each goes. */
export type RunOutputs = Readonly<Record<string, string>>;

/** How a Vigil run is started: what `vigil check --json` printed, and its measurements. */
export type VigilLaunch = (model: Model, c: RunConfig, limits: TaskLimits, outputs: RunOutputs) => Promise<Measured>;

/** `vigil check --json` in its own process under the limits. */
export const ownProcess: VigilLaunch = (model, c, limits, outputs) => {
  const args = [...NODE_FLAGS, VIGIL_BIN, 'check', model.file, '--json', '--quiet', '--timeout', String(limits.timeoutS),
    ...Object.entries(outputs).flatMap(([name, file]) => [`--${name}`, file]),
    ...(model.property ? ['--property', model.property] : []),
    ...(c.algorithm ? ['--algorithm', c.algorithm] : []),
    ...OPTION_NAMES.flatMap((n) => (c.options[n] === undefined ? [] : [`--${n}`, c.options[n]!]))];
  return runLimited(process.execPath, args, { wallMs: limits.timeoutS * 1000 + GRACE_MS, memoryMb: limits.memoryMb }, vigilEnv());
};

/** The portfolio members that answered, from the `won.LABEL` counters: of the file, or of each property where it has several. */
function winners(j: VigilJson): string {
  const counters = j.properties && j.properties.length > 1 ? j.properties.map((p) => p.statistics ?? {}) : [j.statistics];
  return counters.flatMap((c) => Object.keys(c).filter((k) => k.startsWith('won.')).map((k) => k.slice(4))).join('; ');
}

async function runVigil(model: Model, c: RunConfig, limits: TaskLimits, launch: VigilLaunch, outputs: RunOutputs): Promise<{ m: Measured; o: Answer; row: Partial<ResultRow> }> {
  for (const file of Object.values(outputs)) rmSync(file, { force: true });
  const m = await launch(model, c, limits, outputs);
  let j: VigilJson | undefined;
  try { j = JSON.parse(m.stdout) as VigilJson; } catch { /* no verdict: an error or a kill */ }
  // `base`, or `STEM.PROPERTY.EXT` for each property of a file with several (cli/outputs)
  const written = (name: string): string => {
    const base = outputs[name];
    if (base === undefined) return '';
    const [, stem, ext] = /^(.*?)(\.[^./]*)?$/.exec(base)!;
    return (j?.outputs ?? (existsSync(base) ? [base] : [])).filter((p) => p === base || (p.startsWith(`${stem}.`) && p.endsWith(ext ?? ''))).join('; ');
  };
  const levels = Object.fromEntries(OPTION_NAMES.map((n) => [n, String(j?.options[n] ?? c.options[n] ?? '')]));
  const o: Answer = j
    ? { result: j.verdict, reason: j.reason ?? '', ...(j.reasonKind ? { reasonKind: j.reasonKind } : {}), killedBy: m.killedBy }
    : { result: undefined, reason: m.killedBy ? '' : firstLine(m.stderr) || `exit ${m.exitCode ?? m.signal}`, killedBy: m.killedBy };
  return {
    m, o,
    row: {
      ...levels, tool: 'vigil', version: VERSION, algorithm: j?.algorithm ?? c.algorithm ?? '',
      solvercalls: String(j ? j.statistics.satCalls ?? j.statistics.solverChecks ?? '' : ''),
      report: written('report'),
      winner: j ? winners(j) : '',
      certificate: written('certificate'),
    },
  };
}

/** ABC's command (Debian names it berkeley-abc), or undefined when it is not installed. */
export const ABC = ['berkeley-abc', 'abc'].find((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status === 0);
let abcVersion: string | undefined;

/**
 * ABC reads binary AIGER only: the model's circuit as its front end gives it (a text circuit in
 * binary, a BTOR2 model bit-blasted) is written to a temporary `.aig` first (not timed).
 */
async function binaryFile(model: Model): Promise<string> {
  if (model.file.endsWith('.aig')) return model.file;
  const out = scratchFile(`${model.name.replace(/[^A-Za-z0-9_.-]/g, '_')}.aig`);
  if (existsSync(out)) return out;
  const problem = await loadProblem(model.file);
  if (!problem.circuitFile) throw new FileError(`${model.file}: the model has no circuit for ABC`);
  writeFileSync(out, problem.circuitFile(true));
  return out;
}

/**
 * ABC's `pdr` with the same limits. `&r` is the reader that honours uninitialised latches; it reads
 * invariant constraints as extra outputs, which `pdr` would take for properties (a violated
 * constraint reported as a failed property), so `fold` first folds them into the property.
 */
async function runAbcPdr(model: Model, limits: TaskLimits): Promise<{ m: Measured; o: Answer; row: Partial<ResultRow> }> {
  if (!ABC) throw new Error('--peer abc-pdr needs ABC (Debian package berkeley-abc)');
  abcVersion ??= /ABC [\d.]+/.exec(spawnSync(ABC, ['-c', 'version'], { encoding: 'utf8' }).stdout)?.[0] ?? 'ABC';
  let file: string;
  try {
    file = await binaryFile(model);
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    // a BTOR2 model with large arrays is not blasted: ABC has nothing to check
    return { m: NOT_RUN, o: { result: 'unknown', reason: e.message, reasonKind: 'unsupported', killedBy: undefined }, row: { tool: 'abc-pdr', version: abcVersion, algorithm: 'pdr', solvercalls: '' } };
  }
  const m = await runLimited(ABC, ['-c', `&r ${file}; &put; fold; pdr -T ${limits.timeoutS}`], { wallMs: limits.timeoutS * 1000 + GRACE_MS, memoryMb: limits.memoryMb });
  const result = /Property proved/.test(m.stdout) ? 'safe' : /was asserted in frame/.test(m.stdout) ? 'unsafe' : m.exitCode === 0 ? 'unknown' : undefined;
  const reason = result === 'unknown' ? (/time limit|timeout/i.test(m.stdout) ? 'timeout' : firstLine(m.stdout.split('\n').slice(-3).join('\n'))) : result ? '' : firstLine(m.stderr);
  return { m, o: { result, reason, ...(reason === 'timeout' ? { reasonKind: 'timeout' as const } : {}), killedBy: m.killedBy }, row: { tool: 'abc-pdr', version: abcVersion, algorithm: 'pdr', solvercalls: '' } };
}

/** What a run that could not be started measured: nothing. */
const NOT_RUN: Measured = { exitCode: undefined, signal: undefined, stdout: '', stderr: '', wallMs: 0, cpuMs: 0, peakBytes: 0, killedBy: undefined };

/**
 * Runs one configuration on one model and returns its results line (status error if it could not
 * run). `outputs`: the result files Vigil's run writes (`vigil check --report`, `--certificate`);
 * the report and the certificate are named in the line when they were written.
 */
export async function runTask(model: Model, c: RunConfig, limits: TaskLimits, launch = ownProcess, outputs: RunOutputs = {}): Promise<ResultRow> {
  let run: { m: Measured; o: Answer; row: Partial<ResultRow> };
  try {
    run = c.tool === 'abc-pdr' ? await runAbcPdr(model, limits) : c.tool === 'spacer' ? await runSpacer(model, limits) : await runVigil(model, c, limits, launch, outputs);
  } catch (e) {
    run = { m: NOT_RUN, o: { result: undefined, reason: (e as Error).message, killedBy: undefined }, row: { tool: c.tool } };
  }
  const { m, o, row } = run;
  const status = classify(model.expected, o);
  const blank = Object.fromEntries([...COLUMNS, ...OPTION_NAMES].map((n) => [n, '']));
  return {
    ...blank, ...row,
    model: model.name, category: model.category, expected: model.expected, config: c.name,
    status, succ: String(status === 'correct' || status === 'solved'), termination: termination(status),
    result: o.result ?? '', reason: o.killedBy ? `killed: ${o.killedBy} limit` : o.reason,
    timems: String(m.cpuMs), walltimems: String(m.wallMs), memory: String(m.peakBytes),
    timelimits: String(limits.timeoutS), memorylimitmb: limits.memoryMb === undefined ? '' : String(limits.memoryMb),
  } as ResultRow;
}
