/**
 * The `vigil` command line (its entry is app/main.ts, which adds the benchmark commands). Exit
 * codes: 0 the properties hold, 1 one fails, 2 usage or input error, 3 unknown (bound reached,
 * timeout, out of memory, unsupported construct), 4 internal error (a bug, including a verdict whose
 * certificate failed its independent check: such a verdict is never printed).
 *
 * `check` reads the file with its front end, plans the check from the problem (check.ts) and runs
 * it here or in the checker's worker thread (session.ts), which leaves this thread free to draw the
 * terminal interface, read `q`, and enforce --timeout and --memory. The algorithms and their
 * options come from the engine registry, the output options from the front ends. The parsers,
 * engines and ink are loaded only by the commands that need them.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ENGINES, ENGINE_NAMES, ENGINE_OPTIONS } from '../engines/registry.js';
import { OptionError, type EngineOption, type Settings } from '../engines/engine.js';
import { FRONT_ENDS, MODEL_FILES, frontEndOf, readModel } from '../formalisms/frontends/index.js';
import { FileError } from '../formalisms/frontends/frontend.js';
import { EXIT, answerOf } from '../formalisms/property-kinds.js';
import type { Problem } from '../formalisms/problem.js';
import { VERSION, type CheckEvent, type CheckOptions, type Plan } from './protocol.js';
import { positive } from './positive.js';
import { Session, type SessionEnd } from './session.js';
import { PlainProgress } from './progress.js';
import { importEsm } from './esm.js';
import { printErrorLine, printLine, stdoutIsTerminal } from './stdio.js';
import { outputOptions } from './outputs/index.js';
import { processStartMs } from '../lang/clock.js';

/** The guide, for `--help`. */
const GUIDE = 'docs/guide/README.md, in the source tree and the package';

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

/** The help text of --algorithm: which engines check circuits only, and the defaults. */
function algorithmHelp(): string {
  const bitLevel = ENGINE_NAMES.filter((n) => ENGINES.filter((e) => e.name === n).every((e) => e.needs === 'circuit'));
  const onCircuits = ENGINE_NAMES.filter((n) => !bitLevel.includes(n) && ENGINES.some((e) => e.name === n && e.needs === 'circuit'));
  return `checking algorithm (${onCircuits.join(', ')}: bit-level on circuits, word-level elsewhere${bitLevel.length ? `; ${bitLevel.join(', ')}: circuits only` : ''}) (default: portfolio; termination for termination properties)`;
}

const OUTPUTS = outputOptions(FRONT_ENDS);
/** The extensions of the files `vigil show` draws. */
const AUTOMATA = FRONT_ENDS.filter((f) => f.automata).flatMap((f) => f.extensions).join(', ');

/** The options commander parsed, with the engine options and the outputs apart. */
function checkOptions(parsed: Record<string, unknown>): CheckOptions {
  const settings: Record<string, string> = {};
  // commander keeps a hyphenated option under its camel-case name (--ic3-ctp: ic3Ctp)
  for (const o of ENGINE_OPTIONS) {
    const value = parsed[engineOption(o).attributeName()];
    if (value !== undefined) settings[o.name] = String(value);
  }
  const outputs: Record<string, string> = {};
  for (const o of OUTPUTS) if (parsed[o.name] !== undefined) outputs[o.name] = String(parsed[o.name]);
  const { algorithm, property, timeout, memory, json, quiet, debug, arg } = parsed as Partial<CheckOptions>;
  return { algorithm, property, timeout, memory, json, quiet, debug, arg, settings: settings as Settings, outputs };
}

/** The file read once, with its front end, and its check planned: here or in a worker. */
async function read(file: string, opts: CheckOptions, tui: boolean): Promise<{ problem: Problem; bytes: Uint8Array; plan: Plan; here: boolean }> {
  const frontEnd = frontEndOf(file);
  const bytes = readModel(file);
  const problem = await frontEnd.load(file, bytes);
  const { plan } = await import('./check.js');
  return { problem, bytes, ...plan(problem, opts, tui) };
}

/**
 * Checks one model; the terminal interface when standard output is a terminal, else one progress
 * line per iteration on standard error (none with --quiet) and the result on standard output.
 * Returns the exit code.
 */
async function checkFile(file: string, opts: CheckOptions, started = Date.now()): Promise<number> {
  const tui = !opts.json && !opts.quiet && stdoutIsTerminal();
  const outcome = await check(file, opts, started, tui);
  if (outcome.kind === 'failure') {
    process.stderr.write(`${outcome.message}\n`);
    return outcome.code;
  }
  if (!tui) printLine(outcome.text);
  return outcome.code;
}

async function check(file: string, opts: CheckOptions, started: number, tui: boolean): Promise<SessionEnd> {
  const { problem, bytes, plan, here } = await read(file, opts, tui);
  if (tui) return checkWithTui(file, bytes, opts, plan, started);
  const plain = new PlainProgress(printErrorLine, started);
  const onEvent = (e: CheckEvent | { kind: 'tick' }) => {
    if (e.kind === 'progress' && !opts.quiet) plain.update(e.progress);
    else if (e.kind === 'note') printErrorLine(e.line);
  };
  let outcome: SessionEnd;
  if (here) {
    outcome = await (await import('./here.js')).checkHere(problem, plan, opts, started, onEvent);
  } else {
    // in a worker, Ctrl-C ends the run with UNKNOWN
    const session = new Session(file, bytes, opts, plan, onEvent, started);
    const interrupt = () => session.end('stopped');
    process.on('SIGINT', interrupt);
    outcome = await session.done;
    process.off('SIGINT', interrupt);
  }
  plain.flush();
  return outcome;
}

/**
 * With the interface: its drawing (ink) is imported natively by way of dist/ (the tsc output of
 * cli/tui/draw.tsx), from this module as from the command's bundle (dist/bin/core.js).
 */
async function checkWithTui(file: string, bytes: Uint8Array, opts: CheckOptions, plan: Plan, started: number): Promise<SessionEnd> {
  const [{ checkWithTui: run }, { drawCheck }] = await Promise.all([
    import('./tui/run.js'),
    importEsm<typeof import('./tui/draw.js')>(new URL('../cli/tui/draw.js', import.meta.url).href),
  ]);
  return run(drawCheck, file, bytes, opts, plan, started);
}

/** Exit codes of HWMCC's harness form: the SAT competition's 10 and 20; unknown and errors as `vigil check`. */
const HWMCC_EXIT = { fails: 10, holds: 20 } as const;

/**
 * `vigil hwmcc MODEL CERT_SAT CERT_UNSAT`, the command form of HWMCC'25's harness: checks the
 * model's first property, prints `sat` (a bad state is reachable), `unsat` (the property holds)
 * or `unknown`, and writes the witness to CERT_SAT or the certificate to CERT_UNSAT (binary where
 * the format has both and the name leaves it open).
 */
async function hwmcc(model: string, sat: string, unsat: string, opts: { algorithm?: string; timeout?: number }): Promise<number> {
  const options: CheckOptions = { ...opts, quiet: true, settings: {}, outputs: {}, hwmcc: { sat, unsat } };
  const outcome = await check(model, options, processStartMs(), false);
  if (outcome.kind === 'failure') {
    process.stderr.write(`${outcome.message}\n`);
    return outcome.code;
  }
  const answer = answerOf(outcome.verdict);
  if (answer !== 'unknown') {
    printLine(answer === 'fails' ? 'sat' : 'unsat');
    return HWMCC_EXIT[answer];
  }
  printLine('unknown');
  return outcome.code;
}

async function parseFiles(files: string[]): Promise<number> {
  const { loadProblem } = await import('../formalisms/frontends/index.js');
  for (const f of files) {
    const m = await loadProblem(f);
    for (const w of m.warnings) process.stderr.write(`warning: ${w.render()}\n`);
    console.log(`${f}: ${m.summary()}`);
  }
  return EXIT.holds;
}

/** `npm start`: every bundled example model, checked one after the other. */
async function demo(): Promise<number> {
  const dir = fileURLToPath(new URL('../../models/', import.meta.url));
  const models = readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile() && FRONT_ENDS.some((e) => e.extensions.some((x) => f.name.endsWith(x))));
  for (const f of models.map((m) => m.name).sort()) await checkFile(relative(process.cwd(), join(dir, f)), { timeout: 30, settings: {}, outputs: {} });
  return EXIT.holds;
}

/** Draws a model that is an automaton as a graph (`vigil show`). */
async function show(file: string, opts: { format: 'dot' | 'svg'; output?: string }): Promise<number> {
  const { loadProblem } = await import('../formalisms/frontends/index.js');
  const loaded = await loadProblem(file);
  if (!loaded.drawing) throw new FileError(`${file}: show draws automata (${AUTOMATA}); this is one of the ${frontEndOf(file).title}`);
  const dot = loaded.drawing();
  const text = opts.format === 'svg' ? await (await import('./outputs/svg.js')).svg(dot) : dot;
  if (opts.output === undefined) process.stdout.write(text);
  else {
    try {
      writeFileSync(opts.output, text);
    } catch (e) {
      throw new FileError(`${opts.output}: cannot write: ${(e as Error).message}`);
    }
  }
  return EXIT.holds;
}

const EXIT_HELP = `
Exit codes:
  0  the properties hold (safe, terminating)
  1  a property fails (unsafe, nonterminating)
  2  usage or input error (bad option, unreadable or malformed model)
  3  unknown (timeout, out of memory, bound reached, unsupported construct)
  4  internal error (a bug, including a certificate that failed its independent check)`;

const CHECK_EXAMPLES = `
Examples:
  $ vigil check models/counter.cfa
      The portfolio; prints SAFE with the invariant per location.
  $ vigil check models/mutex-bug.cfa --algorithm bmc --bound 10 --cex trace.csv --json
      BMC up to 10 steps; the counterexample goes to trace.csv, the verdict to stdout as JSON.
  $ vigil check models/shift.aag --algorithm ic3 --witness shift.wit --certificate shift-inv.aag
      IC3 on a circuit; writes the HWMCC witness, or the proof as a witness circuit (certifaiger).
  $ vigil check design.aag --property b1 --json
      Only property b1 of a circuit with several bad-state properties.
  $ vigil check loop.t2 --certificate loop.rank
      Termination of a T2 program: TERMINATING with a ranked transition invariant, or
      NONTERMINATING with a lasso; works on CFAs with --property termination.

The guide (engines, options, formats, certificates): ${GUIDE}
${EXIT_HELP}`;

/** Commander's usage errors as one line: a suggestion joins the message, or a pointer to --help. */
function oneLine(message: string): string {
  const [first, ...rest] = message.trim().split('\n');
  const suggestion = rest.join(' ').match(/^\(Did you mean (.*)\?\)$/);
  if (suggestion) return `${first} (did you mean ${suggestion[1]}?)\n`;
  if (/unknown (option|command)/.test(first!)) return `${first} (see --help)\n`;
  return `${[first, ...rest].join(' ')}\n`;
}

/** The `vigil` program with its commands; `run` receives each command's exit code. */
export function program(run: (code: Promise<number> | number) => void): Command {
  const p = new Command('vigil')
    .description(`A model checker for ${FRONT_ENDS.map((f) => f.title).filter((t, i, all) => all.indexOf(t) === i).join(', ')}.`)
    .version(VERSION, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: (s, write) => write(oneLine(s)) })
    .addHelpText('after', `
Run 'vigil check --help' for the algorithms, their options and examples.
The guide: ${GUIDE}
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
    .addOption(new Option('--memory <MB>', 'give up with UNKNOWN (out of memory) when the process uses more than this many megabytes (default: none)').argParser(positive('--memory', 'megabytes')).helpGroup(limits));
  for (const o of OUTPUTS) check.addOption(new Option(`--${o.name} <file>`, o.help).helpGroup(outputs));
  check.addOption(new Option('--arg <file.dot>', 'CEGAR: the final abstract reachability graph in Graphviz DOT').helpGroup(outputs));
  for (const o of ENGINE_OPTIONS) check.addOption(engineOption(o));
  check
    .addHelpText('after', CHECK_EXAMPLES)
    .action((file: string, opts: Record<string, unknown>) => run(checkFile(file, checkOptions(opts), processStartMs())));

  p.command('hwmcc')
    .description('HWMCC\'s harness form: check the model\'s first property, print sat, unsat or unknown, and write the witness (sat) or the certificate (unsat); exit 10 sat, 20 unsat, 3 unknown')
    .argument('<model>', 'AIGER circuit (.aag, .aig)')
    .argument('<cert-sat>', 'where the witness goes when the answer is sat')
    .argument('<cert-unsat>', 'where the certificate goes when the answer is unsat (a witness circuit: binary AIGER unless the name ends in .aag)')
    .addOption(new Option('--algorithm <name>', algorithmHelp()).choices([...ENGINE_NAMES]))
    .addOption(new Option('--timeout <seconds>', 'give up with unknown after this many seconds of wall time').argParser(positive('--timeout', 'seconds')))
    .action((model: string, sat: string, unsat: string, opts: { algorithm?: string; timeout?: number }) => run(hwmcc(model, sat, unsat, opts)));

  p.command('convert')
    .description('write a model as an AIGER circuit: a BTOR2 model bit-blasted as btor2aiger does (arrays of up to 2^8 elements become latches, the words\' bits named name[i]), an AIGER circuit in the other encoding')
    .argument('<model>', 'a model with a circuit (.btor2, .btor, .aag, .aig)')
    .argument('<out>', 'the circuit: ASCII AIGER if the name ends in .aag, binary if .aig')
    .action((model: string, out: string) => run(import('./convert.js').then(async ({ convert }) => { await convert(model, out); return EXIT.holds; })));

  p.command('show')
    .description('draw a model that is an automaton as a graph: locations (initial bold, final double, error red), edges labelled with their statements')
    .argument('<file>', `a model that is an automaton (${AUTOMATA})`)
    .addOption(new Option('--format <f>', 'Graphviz DOT text, or SVG rendered by Graphviz').choices(['dot', 'svg']).default('dot'))
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .action((file: string, opts: { format: 'dot' | 'svg'; output?: string }) => run(show(file, opts)));

  p.command('demo')
    .description('check the bundled example models (what `npm start` runs)')
    .action(() => run(demo()));
  return p;
}

/** The exit code for an error; the check's modules (parsers, engines) are loaded only if needed. */
export async function report(e: unknown): Promise<number> {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT.input;
  const f = (await import('./check.js')).failure(e, process.argv.includes('--debug'));
  process.stderr.write(`${f.message}\n`);
  return f.code;
}
