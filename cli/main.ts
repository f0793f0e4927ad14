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
import { AIGER_ALGORITHMS, checkAiger, isAigerFile, type AigerAlgorithm } from '../engines/aiger/check.js';
import type { Interpreter } from '../formalisms/interpreter.js';
import { loadZ3 } from '../lang/smt/context.js';
import { humanVerdict, jsonVerdict } from './render.js';

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

interface CheckOptions {
  algorithm: AigerAlgorithm;
  bound: number;
  timeout?: number;
  json?: boolean;
}

/** Loads, checks and prints one model; returns the exit code. */
async function check(file: string, opts: CheckOptions): Promise<number> {
  const started = Date.now();
  const deadline = opts.timeout === undefined ? undefined : started + opts.timeout * 1000;
  const onProgress = opts.json || !process.stderr.isTTY ? undefined : (p: Progress) => process.stderr.write(`\r${p.phase}: ${p.detail ?? p.iteration}   `);
  let model: Interpreter;
  let verdict: Verdict;
  if (isAigerFile(file)) {
    ({ model, verdict } = await checkAiger(file, opts.algorithm, { bound: opts.bound, deadline, onProgress }));
  } else {
    if (opts.algorithm !== 'bmc') throw new FileError(`${file}: --algorithm ${opts.algorithm} checks AIGER circuits (.aag, .aig) only`);
    const loaded = await loadModel(file);
    for (const w of loaded.warnings) process.stderr.write(`warning: ${w.render()}\n`);
    model = loaded.interpreter();
    await loadZ3();
    verdict = bmc(model, { bound: opts.bound, deadline, onProgress });
  }
  if (!opts.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (verdict.result === 'unsafe') {
    const wrong = replay(model, verdict.trace);
    if (wrong) throw new CertificateError(`the counterexample ${opts.algorithm} found for ${file} does not replay on the model: ${wrong}`);
  }
  const options = { bound: opts.bound, timeout: opts.timeout ?? null };
  console.log(opts.json ? jsonVerdict(file, opts.algorithm, options, verdict) : humanVerdict(file, opts.algorithm, model, verdict));
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
    await check(relative(process.cwd(), join(dir, f)), { algorithm: 'bmc', bound: 20, timeout: 30 });
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
    .addOption(new Option('--algorithm <name>', 'checking algorithm (ic3, kind and portfolio: AIGER circuits only)').choices([...AIGER_ALGORITHMS]).default('bmc'))
    .addOption(new Option('--bound <k>', 'BMC: deepest step searched').argParser(natural('--bound')).default(20))
    .addOption(new Option('--timeout <seconds>', 'give up with UNKNOWN after this many seconds').argParser(positive('--timeout')))
    .option('--json', 'print the result as one JSON object')
    .action((file: string, opts: CheckOptions) => run(check(file, opts)));

  p.command('demo')
    .description('check the bundled example models (what `npm start` runs)')
    .action(() => run(demo()));
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
