#!/usr/bin/env node
/**
 * The `vigil` command. Exit codes: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown (bound
 * reached, timeout, out of memory, unsupported construct), 4 internal error (a bug, including a
 * verdict whose certificate failed its independent check: such a verdict is never printed).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
import { outputProblem, writeOutputs, type OutputOptions } from './outputs/index.js';
import { cfaDot, svg } from './outputs/dot.js';
import type { Arg } from '../cegar/arg.js';
import type { AbstractState } from '../cegar/domain.js';
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

interface CheckOptions extends OutputOptions {
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
  const problem = outputProblem(file, algorithm, opts);
  if (problem) throw new FileError(problem);
  let arg: Arg<AbstractState> | undefined;
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
      verdict = cegar(model, config, { deadline, onProgress, onNote: (n) => process.stderr.write(`note: ${n}\n`), onArg: (a) => { arg = a; } });
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
  const outputs = await writeOutputs(file, model, verdict, opts, { arg });
  console.log(opts.json ? jsonVerdict(file, algorithm, options, verdict, { version: pkg.version, formalism: model.formalism, outputs }) : humanVerdict(file, algorithm, model, verdict));
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

/** Draws a CFA as a graph (`vigil show`). */
async function show(file: string, opts: { format: 'dot' | 'svg'; output?: string }): Promise<number> {
  const loaded = await loadModel(file);
  if (!loaded.cfa) throw new FileError(`${file}: show draws control-flow automata (.cfa, .theta); this is ${loaded.formalism === 'aiger' ? 'an AIGER circuit' : 'an STS'}`);
  const dot = cfaDot(loaded.cfa);
  const text = opts.format === 'svg' ? await svg(dot) : dot;
  if (opts.output === undefined) process.stdout.write(text);
  else {
    try {
      writeFileSync(opts.output, text);
    } catch (e) {
      throw new FileError(`${opts.output}: cannot write: ${(e as Error).message}`);
    }
  }
  return EXIT.safe;
}

const MODEL_FILES = 'model file (.cfa, .theta, .lisp.cfa, .system, .sts, .lisp.sts, .aag, .aig)';

const EXIT_HELP = `
Exit codes:
  0  safe
  1  unsafe
  2  usage or input error (bad option, unreadable or malformed model)
  3  unknown (timeout, out of memory, bound reached, unsupported construct)
  4  internal error (a bug, including a certificate that failed its independent check)`;

const CHECK_EXAMPLES = `
Examples:
  $ vigil check models/counter.cfa
      CEGAR with the default configuration; prints SAFE with the invariant per location.
  $ vigil check models/mutex-bug.cfa --algorithm bmc --bound 10 --cex trace.csv --json
      BMC up to 10 steps; the counterexample goes to trace.csv, the verdict to stdout as JSON.
  $ vigil check models/shift.aag --algorithm ic3 --witness shift.wit --certificate shift-inv.aag
      IC3 on a circuit; writes the HWMCC witness and the invariant as an AIGER circuit.
${EXIT_HELP}`;

/** Commander's usage errors as one line: a suggestion joins the message, or a pointer to --help. */
function oneLine(message: string): string {
  const [first, ...rest] = message.trim().split('\n');
  const suggestion = rest.join(' ').match(/^\(Did you mean (.*)\?\)$/);
  if (suggestion) return `${first} (did you mean ${suggestion[1]}?)\n`;
  if (/unknown (option|command)/.test(first!)) return `${first} (see --help)\n`;
  return `${[first, ...rest].join(' ')}\n`;
}

function program(run: (code: Promise<number> | number) => void): Command {
  const p = new Command('vigil')
    .description('A model checker for control-flow automata, symbolic transition systems and AIGER circuits.')
    .version(pkg.version, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: (s, write) => write(oneLine(s)) })
    .addHelpText('after', `
Run 'vigil check --help' for the algorithms, their options and examples.
${EXIT_HELP}`);

  p.command('parse')
    .description('read models and print one summary line per file; exits 2 on the first bad file')
    .argument('<files...>', MODEL_FILES)
    .action((files: string[]) => run(parseFiles(files)));

  const general = 'General options:';
  const limits = 'Limits:';
  const outputs = 'Outputs (written after the verdict has been checked):';
  const cegarGroup = 'CEGAR options (Theta\'s names and values; defaults chosen per model, see the README):';
  const bmcGroup = 'BMC and k-induction options:';
  p.command('check')
    .description('check a model and print the verdict')
    .argument('<file>', MODEL_FILES)
    .optionsGroup(general)
    .helpOption('-h, --help', 'display this help')
    .addOption(new Option('--algorithm <name>', 'checking algorithm (ic3, kind and portfolio: AIGER circuits only) (default: cegar; ic3 for AIGER)').choices([...ALGORITHMS]).helpGroup(general))
    .addOption(new Option('--json', 'print the result as one JSON object (schema: cli/verdict.schema.json)').helpGroup(general))
    .addOption(new Option('--timeout <seconds>', 'give up with UNKNOWN after this many seconds (default: none)').argParser(positive('--timeout')).helpGroup(limits))
    .addOption(new Option('--cex <file>', 'UNSAFE: the counterexample as a table of steps by variables with the action taken; CSV if the name ends in .csv, else aligned text').helpGroup(outputs))
    .addOption(new Option('--witness <file>', 'AIGER: the HWMCC witness (1, b0, initial latches, one input vector per step, .; safe: 0, b0, .; unknown: 2, b0, .)').helpGroup(outputs))
    .addOption(new Option('--certificate <file>', 'SAFE: the invariant in the model\'s syntax (CFA: LOCATION: EXPRESSION lines; STS: the model with the invariant as its property; AIGER: a circuit whose output o0 is the invariant)').helpGroup(outputs))
    .addOption(new Option('--arg <file.dot>', 'CEGAR: the final abstract reachability graph in Graphviz DOT').helpGroup(outputs))
    .addOption(new Option('--domain <d>', 'abstract domain (default: PRED_BOOL; EXPL for bit-vector models)').choices([...DOMAINS]).helpGroup(cegarGroup))
    .addOption(new Option('--maxenum <k>', 'EXPL: successors enumerated per step (1*: no solver, 0: no limit) (default: 10)').argParser(maxEnum).helpGroup(cegarGroup))
    .addOption(new Option('--refinement <r>', 'refinement strategy (BW_BIN_ITP, MIN_PRUNE, MAX_PRUNE, UNSAT_CORE: EXPL only) (default: SEQ_ITP; UNSAT_CORE for bit-vector models)').choices([...REFINEMENTS]).helpGroup(cegarGroup))
    .addOption(new Option('--search <s>', 'search strategy: BFS, DFS, ERR, ERR_DFS, DFS_ERR or weights W_D,W_E (default: BFS)').argParser(search).helpGroup(cegarGroup))
    .addOption(new Option('--predsplit <p>', 'predicate domains: splitting of new predicates (default: WHOLE)').choices([...PRED_SPLITS]).helpGroup(cegarGroup))
    .addOption(new Option('--precgranularity <g>', 'one precision for all locations, or one per location (default: GLOBAL)').choices([...GRANULARITIES]).helpGroup(cegarGroup))
    .addOption(new Option('--initprec <i>', 'initial precision (default: EMPTY)').choices([...INIT_PRECS]).helpGroup(cegarGroup))
    .addOption(new Option('--prunestrategy <p>', 'prune from the refined node, or restart (default: LAZY)').choices([...PRUNE_STRATEGIES]).helpGroup(cegarGroup))
    .addOption(new Option('--bound <k>', 'deepest step searched by bmc, and the deepest k of kind').argParser(natural('--bound')).default(20).helpGroup(bmcGroup))
    .addHelpText('after', CHECK_EXAMPLES)
    .action((file: string, opts: CheckOptions) => run(check(file, opts)));

  p.command('show')
    .description('draw a control-flow automaton as a graph: locations (initial bold, final double, error red), edges labelled with their statements')
    .argument('<file>', 'CFA model (.cfa, .theta, .lisp.cfa)')
    .addOption(new Option('--format <f>', 'Graphviz DOT text, or SVG rendered by Graphviz').choices(['dot', 'svg']).default('dot'))
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .action((file: string, opts: { format: 'dot' | 'svg'; output?: string }) => run(show(file, opts)));

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
