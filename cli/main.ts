#!/usr/bin/env node
/**
 * The `vigil` command. Exit codes: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown (bound
 * reached, timeout, out of memory, unsupported construct), 4 internal error (a bug, including a
 * verdict whose certificate failed its independent check: such a verdict is never printed).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { InputError } from '../lang/errors.js';
import { FileError, loadModel } from '../formalisms/load.js';
import { NoPropertyError } from '../formalisms/cfa-semantics.js';
import { replay } from '../formalisms/trace.js';
import { bmc } from '../engines/bmc.js';
import type { Progress, Verdict } from '../engines/verdict.js';
import { checkAiger, isAigerFile } from '../engines/aiger/check.js';
import { checkInvariant } from '../engines/invariant-check.js';
import { cegar } from '../cegar/checker.js';
import { DOMAINS, GRANULARITIES, INIT_PRECS, PRED_SPLITS, PRUNE_STRATEGIES, REFINEMENTS, admits, describeConfig, type CegarConfig } from '../cegar/config.js';
import { searchWeights } from '../cegar/search.js';
import { defaultCegarConfig } from './defaults.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { loadZ3 } from '../lang/smt/context.js';
import { humanVerdict, jsonVerdict } from './render.js';
import { addBenchCommands } from '../bench/command.js';

export const EXIT = { safe: 0, unsafe: 1, input: 2, unknown: 3, internal: 4 } as const;

/** Raised when a verdict's certificate fails its check: a bug that must not pass silently. */
class CertificateError extends Error {}

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function natural(what: string) {
  return (s: string): number => {
    if (!/^\d+$/.test(s)) throw new InvalidArgumentError(`${what} must be a whole number, got '${s}'`);
    return Number(s);
  };
}

function positive(what: string) {
  return (s: string): number => {
    const n = Number(s);
    if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError(`${what} must be a positive number of seconds, got '${s}'`);
    return n;
  };
}

const ALGORITHMS = ['cegar', 'bmc', 'ic3', 'kind', 'portfolio'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

interface CheckOptions {
  algorithm?: Algorithm;
  bound: number;
  timeout?: number;
  json?: boolean;
  domain?: CegarConfig['domain'];
  maxenum?: CegarConfig['maxEnum'];
  refinement?: CegarConfig['refinement'];
  search?: string;
  predsplit?: CegarConfig['predSplit'];
  precgranularity?: CegarConfig['precGranularity'];
  initprec?: CegarConfig['initPrec'];
  prunestrategy?: CegarConfig['pruneStrategy'];
}

function maxEnum(s: string): CegarConfig['maxEnum'] {
  if (s === '1*') return '1*';
  if (!/^\d+$/.test(s)) throw new InvalidArgumentError(`--maxenum must be 1* or a whole number (0: no limit), got '${s}'`);
  return Number(s);
}

function search(s: string): string {
  if (!searchWeights(s)) throw new InvalidArgumentError(`--search must be BFS, DFS, ERR, ERR_DFS, DFS_ERR or weights W_D,W_E, got '${s}'`);
  return s.toUpperCase();
}

/** The CEGAR configuration: the formalism's default with the options given on the command line. */
function cegarConfig(model: Interpreter, o: CheckOptions): CegarConfig {
  const d = defaultCegarConfig(model.vars);
  const searchName = o.search ?? d.search;
  const c: CegarConfig = {
    domain: o.domain ?? d.domain,
    maxEnum: o.maxenum ?? d.maxEnum,
    refinement: o.refinement ?? d.refinement,
    search: searchName,
    weights: searchWeights(searchName)!,
    predSplit: o.predsplit ?? d.predSplit,
    precGranularity: o.precgranularity ?? d.precGranularity,
    initPrec: o.initprec ?? d.initPrec,
    pruneStrategy: o.prunestrategy ?? d.pruneStrategy,
  };
  if (!admits(c.domain, c.refinement)) throw new FileError(`--refinement ${c.refinement} works with --domain EXPL only`);
  return c;
}

/** Loads, checks and prints one model; returns the exit code. */
async function check(file: string, opts: CheckOptions): Promise<number> {
  const started = Date.now();
  const deadline = opts.timeout === undefined ? undefined : started + opts.timeout * 1000;
  const onProgress = opts.json || !process.stderr.isTTY ? undefined : (p: Progress) => process.stderr.write(`\r${p.phase}: ${p.detail ?? p.iteration}   `);
  let model: Interpreter;
  let verdict: Verdict;
  const aiger = isAigerFile(file);
  const algorithm: Algorithm = opts.algorithm ?? (aiger ? 'ic3' : 'cegar');
  let options: Record<string, unknown> = { timeout: opts.timeout ?? null };
  if (aiger && algorithm !== 'cegar') {
    options = { ...options, bound: opts.bound };
    ({ model, verdict } = await checkAiger(file, algorithm, { bound: opts.bound, deadline, onProgress }));
  } else {
    if (algorithm !== 'bmc' && algorithm !== 'cegar') throw new FileError(`${file}: --algorithm ${algorithm} checks AIGER circuits (.aag, .aig) only`);
    const loaded = await loadModel(file);
    for (const w of loaded.warnings) process.stderr.write(`warning: ${w.render()}\n`);
    model = loaded.interpreter();
    await loadZ3();
    if (algorithm === 'bmc') {
      options = { ...options, bound: opts.bound };
      verdict = bmc(model, { bound: opts.bound, deadline, onProgress });
    } else {
      const config = cegarConfig(model, opts);
      options = { ...options, ...describeConfig(config) };
      verdict = cegar(model, config, { deadline, onProgress, onNote: (n) => process.stderr.write(`note: ${n}\n`) });
      if (verdict.result === 'safe') {
        const wrong = checkInvariant(model, verdict.invariant);
        if (wrong) throw new CertificateError(`the invariant CEGAR found for ${file} fails its check: ${wrong}`);
      }
    }
  }
  if (!opts.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (verdict.result === 'unsafe') {
    const wrong = replay(model, verdict.trace);
    if (wrong) throw new CertificateError(`the counterexample ${algorithm} found for ${file} does not replay on the model: ${wrong}`);
  }
  console.log(opts.json ? jsonVerdict(file, algorithm, options, verdict) : humanVerdict(file, algorithm, model, verdict));
  return EXIT[verdict.result];
}

async function parseFiles(files: string[]): Promise<number> {
  for (const f of files) {
    const m = await loadModel(f);
    for (const w of m.warnings) process.stderr.write(`warning: ${w.render()}\n`);
    console.log(`${f}: ${m.summary()}`);
  }
  return EXIT.safe;
}

/** `npm start`: every bundled example model, checked one after the other. */
async function demo(): Promise<number> {
  const dir = fileURLToPath(new URL('../../models/', import.meta.url));
  for (const f of readdirSync(dir).sort()) {
    if (f.endsWith('.md')) continue;
    await check(relative(process.cwd(), join(dir, f)), { bound: 20, timeout: 30 });
  }
  return EXIT.safe;
}

function program(run: (code: Promise<number> | number) => void): Command {
  const p = new Command('vigil')
    .description('A model checker for control-flow automata, symbolic transition systems and AIGER circuits.')
    .version(pkg.version, '-V, --version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .addHelpText('after', `
Exit codes: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown (bound reached, timeout,
out of memory), 4 internal error.`);

  p.command('parse')
    .description('read models and print one summary line per file; exits 2 on the first bad file')
    .argument('<files...>', 'model files (.cfa, .theta, .system, .sts, .aag, .aig)')
    .action((files: string[]) => run(parseFiles(files)));

  p.command('check')
    .description('check a model and print the verdict')
    .argument('<file>', 'model file (.cfa, .theta, .system, .sts, .aag, .aig)')
    .addOption(new Option('--algorithm <name>', 'checking algorithm (ic3, kind and portfolio: AIGER circuits only); default cegar, ic3 for AIGER').choices([...ALGORITHMS]))
    .addOption(new Option('--bound <k>', 'BMC: deepest step searched').argParser(natural('--bound')).default(20))
    .addOption(new Option('--domain <d>', 'CEGAR: abstract domain').choices([...DOMAINS]))
    .addOption(new Option('--maxenum <k>', 'CEGAR, EXPL: successors enumerated per step (1*: no solver, 0: no limit)').argParser(maxEnum))
    .addOption(new Option('--refinement <r>', 'CEGAR: refinement strategy').choices([...REFINEMENTS]))
    .addOption(new Option('--search <s>', 'CEGAR: search strategy, BFS, DFS, ERR, ERR_DFS, DFS_ERR or weights W_D,W_E').argParser(search))
    .addOption(new Option('--predsplit <p>', 'CEGAR, predicate domains: splitting of new predicates').choices([...PRED_SPLITS]))
    .addOption(new Option('--precgranularity <g>', 'CEGAR: one precision for all locations, or one per location').choices([...GRANULARITIES]))
    .addOption(new Option('--initprec <i>', 'CEGAR: initial precision').choices([...INIT_PRECS]))
    .addOption(new Option('--prunestrategy <p>', 'CEGAR: prune from the refined node, or restart').choices([...PRUNE_STRATEGIES]))
    .addOption(new Option('--timeout <seconds>', 'give up with UNKNOWN after this many seconds').argParser(positive('--timeout')))
    .option('--json', 'print the result as one JSON object')
    .action((file: string, opts: CheckOptions) => run(check(file, opts)));

  p.command('demo')
    .description('check the bundled example models (what `npm start` runs)')
    .action(() => run(demo()));
  addBenchCommands(p, run);
  return p;
}

function report(e: unknown): number {
  if (e instanceof InputError) {
    process.stderr.write(`${e.render()}\n`);
    return EXIT.input;
  }
  if (e instanceof FileError || e instanceof NoPropertyError) {
    process.stderr.write(`${e.message}\n`);
    return EXIT.input;
  }
  if (e instanceof CommanderError) {
    return e.exitCode === 0 ? 0 : EXIT.input;
  }
  if (e instanceof CertificateError) {
    process.stderr.write(`\nINTERNAL ERROR: ${e.message}\nThe verdict was not printed. Please report this bug.\n`);
    return EXIT.internal;
  }
  process.stderr.write(`internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  return EXIT.internal;
}

/**
 * Runs the command. Z3's context is not freed at the end: freeing a large one takes seconds, and the
 * process exits by itself once nothing is in flight.
 */
async function main(argv: string[]): Promise<number> {
  let pending: Promise<number> | number = EXIT.safe;
  try {
    program((c) => { pending = c; }).parse(argv);
    return await pending;
  } catch (e) {
    return report(e);
  }
}

process.exitCode = await main(process.argv);
