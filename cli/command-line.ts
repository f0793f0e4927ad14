/**
 * The `vigil` command line (its entry is main.ts). Exit codes: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown (bound
 * reached, timeout, out of memory, unsupported construct), 4 internal error (a bug, including a
 * verdict whose certificate failed its independent check: such a verdict is never printed).
 *
 * `check` runs in a worker thread (`session.ts`, `check-worker.ts`, `pipeline.ts`) so that this
 * thread stays free to draw the terminal interface, read `q`, and enforce --timeout and --memory;
 * a circuit checked by a bit-level engine without the interface runs in this thread (`in-thread.ts`).
 * The algorithms and their options come from the engine registry. The parsers, engines and ink are
 * loaded only by the commands that need them.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_ENGINE, ENGINES, ENGINE_NAMES, ENGINE_OPTIONS, chooseEngine, circuitsOnly } from '../engines/registry.js';
import { OptionError, type EngineOption, type Settings } from '../engines/engine.js';
import { MODEL_FILES, SMALL_CIRCUIT, readCircuitAhead } from '../formalisms/frontends/index.js';
import type { AigerFile } from '../lang/grammar/aiger.js';
import type { Progress } from '../engines/result.js';
import { EXIT, VERSION, type CheckOptions } from './protocol.js';
import { positive } from './positive.js';
import { Session, type SessionEnd } from './session.js';
import { PlainProgress } from './progress.js';
import { IN_THREAD_BYTES, inThreadAllowed } from './checker-thread.js';
import { checkInThread } from './in-thread.js';
import { importEsm } from './esm.js';
import { printLine } from './stdio.js';
import { processStartMs } from '../lang/clock.js';
import { addBenchCommands } from '../bench/command.js';

/** An engine option as a commander option, its values checked as the engine declares. */
function engineOption(o: EngineOption): Option {
  const option = new Option(`--${o.name} <${o.value ?? o.name.slice(0, 1)}>`, o.help).helpGroup(o.group);
  if (o.choices) return option.choices([...o.choices]);
  return option.argParser((s: string) => {
    try {
      return o.parse ? o.parse(s) : s;
    } catch (e) {
      if (e instanceof OptionError) throw new InvalidArgumentError(e.message);
      throw e;
    }
  });
}

/** The help text of --algorithm: which engines check circuits only, and the default of each formalism. */
function algorithmHelp(): string {
  const bitLevelOnly = ENGINE_NAMES.filter((n) => ENGINES.filter((e) => e.name === n).every(circuitsOnly));
  const defaults = Object.entries(DEFAULT_ENGINE).map(([formalism, name]) => `${name} for ${formalism === 'aiger' ? 'AIGER' : formalism.toUpperCase()}`);
  return `checking algorithm (${bitLevelOnly.join(', ')}: AIGER circuits and bit-blasted BTOR2 only) (default: ${defaults.join(', ')})`;
}

/** The options commander parsed, with the engine options apart. */
function checkOptions(parsed: Record<string, unknown>): CheckOptions {
  const settings: Record<string, string> = {};
  // commander keeps a hyphenated option under its camel-case name (--ic3-ctp: ic3Ctp)
  for (const o of ENGINE_OPTIONS) {
    const value = parsed[engineOption(o).attributeName()];
    if (value !== undefined) settings[o.name] = String(value);
  }
  return { ...(parsed as Omit<CheckOptions, 'settings'>), settings: settings as Settings };
}

/**
 * Whether a check without the terminal interface runs in this thread (in-thread.ts): no worker was
 * started for it (checker-thread.ts guessed so from the raw arguments), no --memory, and the engine
 * chosen for a circuit checks circuits only. An engine that cannot be chosen leaves the error to
 * the worker's pipeline, which reports it as it always has.
 */
function runsInThread(file: string, opts: CheckOptions): boolean {
  if (!inThreadAllowed() || opts.memory !== undefined) return false;
  try {
    return circuitsOnly(chooseEngine({ file, formalism: 'aiger', theories: new Set(['bool']) }, opts));
  } catch {
    return false;
  }
}

/**
 * Checks one model; the terminal interface when standard output is a terminal, else one progress
 * line per iteration on standard error (none with --quiet) and the result on standard output.
 * Returns the exit code.
 */
async function checkFile(file: string, opts: CheckOptions, started = Date.now()): Promise<number> {
  // --json and --quiet first: reading process.stdout makes the stream (stdio.ts)
  const tui = !opts.json && !opts.quiet && process.stdout.isTTY === true;
  const inThread = !tui && runsInThread(file, opts);
  // read here: for the check in this thread, or while the worker (started before the command line) loads
  const circuit = await readCircuitAhead(file, inThread ? IN_THREAD_BYTES : SMALL_CIRCUIT);
  const outcome = tui ? await checkWithTui(file, opts, started, circuit) : await checkPlain(file, opts, started, circuit, inThread);
  if (outcome.kind === 'failure') {
    process.stderr.write(`${outcome.message}\n`);
    return outcome.code;
  }
  if (!tui) printLine(outcome.text);
  return outcome.code;
}

/**
 * With the interface: its drawing (ink) is imported natively by way of dist/ (the tsc output of
 * cli/tui/draw.tsx), from this module as from the command's bundle (dist/bin/core.js).
 */
async function checkWithTui(file: string, opts: CheckOptions, started: number, circuit?: AigerFile): Promise<SessionEnd> {
  const [run, { drawCheck }] = await Promise.all([
    import('./tui/run.js'),
    importEsm<typeof import('./tui/draw.js')>(new URL('../cli/tui/draw.js', import.meta.url).href),
  ]);
  return run.checkWithTui(drawCheck, file, opts, started, circuit);
}

/**
 * Without the interface: progress lines on standard error; in a worker, Ctrl-C ends the run with
 * UNKNOWN. `inThread`: the circuit read ahead is checked in this thread.
 */
async function checkPlain(file: string, opts: CheckOptions, started: number, circuit?: AigerFile, inThread = false): Promise<SessionEnd> {
  const plain = new PlainProgress((line) => process.stderr.write(`${line}\n`), started);
  const events = {
    onProgress: opts.quiet ? undefined : (p: Progress) => plain.update(p),
    onNote: (line: string) => process.stderr.write(`${line}\n`),
  };
  if (inThread && circuit) {
    const outcome = await checkInThread(file, opts, started, circuit, events);
    plain.flush();
    return outcome;
  }
  const session = new Session(file, opts, events, started, circuit);
  const interrupt = () => session.end('stopped');
  process.on('SIGINT', interrupt);
  const outcome = await session.done;
  process.off('SIGINT', interrupt);
  plain.flush();
  return outcome;
}

/** Exit codes of HWMCC's harness form: the SAT competition's 10 and 20; unknown and errors as `vigil check`. */
const HWMCC_EXIT = { unsafe: 10, safe: 20 } as const;

/**
 * `vigil hwmcc MODEL CERT_SAT CERT_UNSAT`, the command form of HWMCC'25's harness: checks the
 * circuit's first property, prints `sat` (a bad state is reachable), `unsat` (the property holds)
 * or `unknown`, and writes the HWMCC witness to CERT_SAT or the witness circuit to CERT_UNSAT
 * (binary AIGER unless the name ends in `.aag`).
 */
async function hwmcc(model: string, sat: string, unsat: string, opts: { algorithm?: string; timeout?: number }): Promise<number> {
  const options: CheckOptions = { ...opts, quiet: true, settings: {}, hwmcc: { sat, unsat } };
  const inThread = runsInThread(model, options);
  const outcome = await checkPlain(model, options, processStartMs(), await readCircuitAhead(model, inThread ? IN_THREAD_BYTES : SMALL_CIRCUIT), inThread);
  if (outcome.kind === 'failure') {
    process.stderr.write(`${outcome.message}\n`);
    return outcome.code;
  }
  if (outcome.verdict === 'unsafe' || outcome.verdict === 'safe') {
    printLine(outcome.verdict === 'unsafe' ? 'sat' : 'unsat');
    return HWMCC_EXIT[outcome.verdict];
  }
  // unknown, or the answer to a termination property (the harness form is for safety)
  printLine(outcome.verdict);
  return outcome.code;
}

async function parseFiles(files: string[]): Promise<number> {
  const { loadProblem } = await import('../formalisms/frontends/index.js');
  for (const f of files) {
    const m = await loadProblem(f);
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
    await checkFile(relative(process.cwd(), join(dir, f)), { timeout: 30, settings: {} });
  }
  return EXIT.safe;
}

/** Draws a CFA as a graph (`vigil show`). */
async function show(file: string, opts: { format: 'dot' | 'svg'; output?: string }): Promise<number> {
  const [{ FileError, loadProblem }, { cfaDot, svg }] = await Promise.all([import('../formalisms/frontends/index.js'), import('./outputs/dot.js')]);
  const loaded = await loadProblem(file);
  if (!loaded.cfa) throw new FileError(`${file}: show draws control-flow automata (.cfa, .theta, .t2); this is ${{ aiger: 'an AIGER circuit', btor2: 'a BTOR2 model', sts: 'an STS', cfa: 'a CFA' }[loaded.formalism]}`);
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

const EXIT_HELP = `
Exit codes:
  0  safe (terminating)
  1  unsafe (nonterminating)
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
      IC3 on a circuit; writes the HWMCC witness, or the proof as a witness circuit (certifaiger).
  $ vigil check design.aag --property b1 --json
      Only property b1 of a circuit with several bad-state properties.
  $ vigil check loop.t2 --certificate loop.rank
      Termination of a T2 program: TERMINATING with a ranked transition invariant, or
      NONTERMINATING with a lasso; works on CFAs with --property termination.
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
    .description('A model checker for control-flow automata, symbolic transition systems, AIGER circuits and BTOR2 models.')
    .version(VERSION, '-V, --version')
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
  const check = p.command('check')
    .description('check every property of a model (or the one --property names) and print the verdict')
    .argument('<file>', MODEL_FILES)
    .optionsGroup(general)
    .helpOption('-h, --help', 'display this help')
    .addOption(new Option('--algorithm <name>', algorithmHelp()).choices([...ENGINE_NAMES]).helpGroup(general))
    .addOption(new Option('--property <name>', 'check only this property (b0, b1, o0, ... for circuits; the property name of an STS; termination, or safety, for a CFA or T2 program) (default: all safety properties; termination for .t2 files)').helpGroup(general))
    .addOption(new Option('--json', 'print the result as one JSON object (schema: cli/verdict.schema.json)').helpGroup(general))
    .addOption(new Option('--quiet', 'no progress: neither the terminal interface nor the progress lines on standard error').helpGroup(general))
    .addOption(new Option('--debug', 'internal errors with their stack trace').helpGroup(general))
    .addOption(new Option('--timeout <seconds>', 'give up with UNKNOWN (timeout) after this many seconds of wall time, start-up included (default: none)').argParser(positive('--timeout', 'seconds')).helpGroup(limits))
    .addOption(new Option('--memory <MB>', 'give up with UNKNOWN (out of memory) when the process uses more than this many megabytes (default: none)').argParser(positive('--memory', 'megabytes')).helpGroup(limits))
    .addOption(new Option('--cex <file>', 'UNSAFE: the counterexample as a table of steps by variables with the action taken; CSV if the name ends in .csv, else aligned text').helpGroup(outputs))
    .addOption(new Option('--witness <file>', 'AIGER: the HWMCC witness, one entry per property (1, the property, initial latches, one input vector per step, .; safe: 0, the property, .; unknown: 2, the property, .); BTOR2: the btorsim witness of each UNSAFE property (sat, b<i>, #k state and @k input parts, .)').helpGroup(outputs))
    .addOption(new Option('--certificate <file>', 'SAFE: the proof in the model\'s syntax (CFA: LOCATION: EXPRESSION lines; STS: the model with the invariant as its property; AIGER: a witness circuit in certifaiger\'s format); TERMINATING / NONTERMINATING: the transition invariant or the lasso').helpGroup(outputs))
    .addOption(new Option('--arg <file.dot>', 'CEGAR: the final abstract reachability graph in Graphviz DOT').helpGroup(outputs));
  for (const o of ENGINE_OPTIONS) check.addOption(engineOption(o));
  check
    .addHelpText('after', CHECK_EXAMPLES)
    .action((file: string, opts: Record<string, unknown>) => run(checkFile(file, checkOptions(opts), processStartMs())));

  p.command('hwmcc')
    .description('HWMCC\'s harness form: check the circuit\'s first property, print sat, unsat or unknown, and write the witness (sat) or the certificate (unsat); exit 10 sat, 20 unsat, 3 unknown')
    .argument('<model>', 'AIGER circuit (.aag, .aig)')
    .argument('<cert-sat>', 'where the HWMCC witness goes when the answer is sat')
    .argument('<cert-unsat>', 'where the witness circuit goes when the answer is unsat (binary AIGER unless the name ends in .aag)')
    .addOption(new Option('--algorithm <name>', algorithmHelp()).choices([...ENGINE_NAMES]))
    .addOption(new Option('--timeout <seconds>', 'give up with unknown after this many seconds of wall time').argParser(positive('--timeout', 'seconds')))
    .action((model: string, sat: string, unsat: string, opts: { algorithm?: string; timeout?: number }) => run(hwmcc(model, sat, unsat, opts)));

  p.command('convert')
    .description('bit-blast a BTOR2 model into an AIGER circuit, as btor2aiger does (arrays of up to 2^8 elements become latches); the words\' bits are named name[i]')
    .argument('<model>', 'BTOR2 model (.btor2, .btor)')
    .argument('<out>', 'the circuit: ASCII AIGER if the name ends in .aag, binary if .aig')
    .action((model: string, out: string) => run(import('./convert.js').then(({ convert }) => { convert(model, out); return EXIT.safe; })));

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

/** The exit code for an error; the pipeline's modules (parsers, engines) are loaded only if needed. */
async function report(e: unknown): Promise<number> {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT.input;
  const f = (await import('./pipeline.js')).failure(e, process.argv.includes('--debug'));
  process.stderr.write(`${f.message}\n`);
  return f.code;
}

/**
 * Runs the command. The checker's worker is terminated when its answer arrives (Z3's context is
 * never freed: freeing a large one takes seconds), and the process then exits by itself.
 */
export async function main(argv: string[]): Promise<number> {
  let pending: Promise<number> | number = EXIT.safe;
  try {
    program((c) => { pending = c; }).parse(argv);
    return await pending;
  } catch (e) {
    return await report(e);
  }
}

