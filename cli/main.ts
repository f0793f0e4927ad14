#!/usr/bin/env node
/**
 * The `vigil` command. Exit codes: 0 safe, 1 unsafe, 2 usage or input error, 3 unknown (bound
 * reached, timeout, out of memory, unsupported construct), 4 internal error (a bug, including a
 * verdict whose certificate failed its independent check: such a verdict is never printed).
 *
 * `check` runs in a worker thread (`session.ts`, `check-worker.ts`, `pipeline.ts`) so that this
 * thread stays free to draw the terminal interface, read `q`, and enforce --timeout and --memory.
 * The parsers, engines and ink are loaded only by the commands that need them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DOMAINS, GRANULARITIES, INIT_PRECS, PRED_SPLITS, PRUNE_STRATEGIES, REFINEMENTS, type CegarConfig } from '../cegar/config.js';
import { searchWeights } from '../cegar/search.js';
import { ALGORITHMS, EXIT, type CheckOptions } from './protocol.js';
import { Session, type Outcome } from './session.js';
import { PlainProgress } from './progress.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function natural(what: string) {
  return (s: string): number => {
    if (!/^\d+$/.test(s)) throw new InvalidArgumentError(`${what} must be a whole number, got '${s}'`);
    return Number(s);
  };
}

function positive(what: string, unit = 'seconds') {
  return (s: string): number => {
    const n = Number(s);
    if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError(`${what} must be a positive number of ${unit}, got '${s}'`);
    return n;
  };
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

/**
 * Checks one model in a worker thread; the terminal interface when standard output is a terminal,
 * else one progress line per iteration on standard error (none with --quiet) and the result on
 * standard output. Returns the exit code.
 */
async function check(file: string, opts: CheckOptions, started = Date.now()): Promise<number> {
  const tui = process.stdout.isTTY && !opts.json && !opts.quiet;
  const outcome = tui ? await (await import('./tui/run.js')).checkWithTui(file, opts, started) : await checkPlain(file, opts, started);
  if (outcome.kind === 'failure') {
    process.stderr.write(`${outcome.message}\n`);
    return outcome.code;
  }
  if (!tui) console.log(outcome.text);
  return outcome.code;
}

/** Without the interface: progress lines on standard error, and Ctrl-C ends the run with UNKNOWN. */
async function checkPlain(file: string, opts: CheckOptions, started: number): Promise<Outcome> {
  const plain = new PlainProgress((line) => process.stderr.write(`${line}\n`), started);
  const session = new Session(file, opts, {
    onProgress: opts.quiet ? undefined : (p) => plain.update(p),
    onNote: (line) => process.stderr.write(`${line}\n`),
  }, started);
  const interrupt = () => session.end('stopped by the user');
  process.on('SIGINT', interrupt);
  const outcome = await session.done;
  process.off('SIGINT', interrupt);
  plain.flush();
  return outcome;
}

async function parseFiles(files: string[]): Promise<number> {
  const { loadModel } = await import('../formalisms/load.js');
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
    .addOption(new Option('--timeout <seconds>', 'give up with UNKNOWN (timeout) after this many seconds').argParser(positive('--timeout')))
    .addOption(new Option('--memory <MB>', 'give up with UNKNOWN (out of memory) above this many megabytes of memory').argParser(positive('--memory', 'megabytes')))
    .option('--json', 'print the result as one JSON object')
    .option('--quiet', 'no progress: neither the terminal interface nor progress lines')
    .action((file: string, opts: CheckOptions) => run(check(file, opts, performance.timeOrigin)));

  p.command('demo')
    .description('check the bundled example models (what `npm start` runs)')
    .action(() => run(demo()));
  return p;
}

/** The exit code for an error; the pipeline's modules (parsers, engines) are loaded only if needed. */
async function report(e: unknown): Promise<number> {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT.input;
  const f = (await import('./pipeline.js')).failure(e);
  process.stderr.write(`${f.message}\n`);
  return f.code;
}

/**
 * Runs the command. The checker's worker is terminated when its answer arrives (Z3's context is
 * never freed: freeing a large one takes seconds), and the process then exits by itself.
 */
async function main(argv: string[]): Promise<number> {
  let pending: Promise<number> | number = EXIT.safe;
  try {
    program((c) => { pending = c; }).parse(argv);
    return await pending;
  } catch (e) {
    return await report(e);
  }
}

process.exitCode = await main(process.argv);
