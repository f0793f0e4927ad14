/**
 * A certificate that fails its check is a bug in the engine that produced it: `vigil check` must
 * never print its verdict, and reports one line, exit 4, naming the model, the property, the engine
 * and what failed, with the stack trace only under `--debug`. Here each kind of certificate is
 * produced by a real engine on a corpus model, corrupted, and put through the pipeline's own
 * certificate check and error report.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { False, True, bool } from '../../../lang/expr.js';
import type { Problem } from '../../../formalisms/problem.js';
import type { Result } from '../../../formalisms/result.js';
import { CertificateError } from '../../../certificates/check.js';
import { certified, failure } from '../../../cli/check.js';
import { EXIT } from '../../../formalisms/property-kinds.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { ROOT } from '../../support/cli.js';
import { checkWith, load } from '../../support/engines.js';

/** The pipeline's verdict on a corrupted result: the CertificateError, as the command reports it. */
async function reported(problem: Problem, engine: string, result: Result, debug = false) {
  const p = problem.properties[0]!;
  const thrown = await certified(problem, p, engine, result, undefined).then(() => undefined, (e: unknown) => e);
  expect(thrown).toBeInstanceOf(CertificateError);
  return failure(thrown, debug);
}

function expectOneLine(f: { code: number; message: string }, file: string, property: string, kind: string, engine: string): void {
  expect(f.code).toBe(EXIT.internal);
  expect(f.message).not.toContain('\n');
  expect(f.message).toMatch(new RegExp(`^internal error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, property ${property}: the ${kind} found by ${engine} fails its check: .+ \\(the verdict was not printed; please report this bug\\)$`));
}

/** CEGAR's certified proof of counter.cfa, with the problem and its view. */
async function counterProof() {
  const file = join(ROOT, 'models/counter.cfa');
  const problem = await load(file);
  const r = await checkWith('cegar', problem);
  if (r.verdict !== 'safe' || r.certificate.kind !== 'invariant') throw new Error('CEGAR proves counter.cfa');
  return { file, problem, r, invariant: r.certificate.invariant, m: problem.task(problem.properties[0]!).model };
}

describe('a corrupted certificate of each kind: exit 4, one line naming the model and what failed', () => {
  it('a trace with a changed value', async () => {
    const file = join(ROOT, 'models/mutex-bug.cfa');
    const problem = await load(file);
    const r = await checkWith('bmc', problem, { settings: { bound: '10' } });
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'trace') throw new Error('BMC finds the trace of mutex-bug.cfa');
    const { trace } = r.certificate;
    const in1 = problem.task(problem.properties[0]!).model.vars.find((v) => v.name === 'in1')!;
    const states = trace.states.map((s, i) => (i === 2 ? { ...s, vals: new Map(s.vals).set(in1, bool(!(s.vals.get(in1) === True))) } : s));
    const f = await reported(problem, 'bmc', { ...r, certificate: { kind: 'trace', trace: { ...trace, states } } });
    expectOneLine(f, file, 'BothInside', 'counterexample', 'bmc');
  });

  it('an HWMCC witness one step short', async () => {
    const file = join(CORPUS_DIR, 'theta-regression/aiger/hw1_false.aag');
    const problem = await load(file);
    const r = await checkWith('ic3', problem);
    if (r.verdict !== 'unsafe' || r.certificate.kind !== 'run') throw new Error('IC3 refutes hw1_false');
    const { run } = r.certificate;
    const f = await reported(problem, 'ic3', { ...r, certificate: { kind: 'run', run: { ...run, inputs: run.inputs.slice(0, -1) } } });
    expectOneLine(f, file, 'o0', 'witness', 'ic3');
    expect(f.message).toMatch(/bad literal is 0/);
  });

  it('an inductive invariant that lets the error location in', async () => {
    const { file, problem, r, invariant, m } = await counterProof();
    const f = await reported(problem, 'cegar', { ...r, certificate: { kind: 'invariant', invariant: new Map(invariant).set(m.errorLoc, True) } });
    expectOneLine(f, file, 'Overflow', 'inductive invariant', 'cegar');
    expect(f.message).toMatch(/does not exclude the bad states/);
  });

  it('a k-inductive invariant that excludes the initial states', async () => {
    const file = join(CORPUS_DIR, 'hwmcc24/split-cal178b0.aag');
    const problem = await load(file);
    const r = await checkWith('kind', problem, { settings: { bound: '30' } });
    if (r.verdict !== 'safe') throw new Error('k-induction proves cal178');
    // on circuits k-induction certifies by a witness circuit; the k-inductive form is made here
    const m = problem.task(problem.properties[0]!).model;
    const f = await reported(problem, 'kind', { ...r, certificate: { kind: 'k-invariant', k: 1, simplePath: false, invariant: new Map([[m.initLoc, False]]) } });
    expectOneLine(f, file, 'o0', 'k-inductive invariant', 'kind');
    expect(f.message).toMatch(/base case fails at step 0/);
  });

  it('a witness circuit without its invariant', async () => {
    const file = join(CORPUS_DIR, 'hwmcc24/split-a16-p152b0.aag');
    const problem = await load(file);
    const r = await checkWith('ic3', problem);
    if (r.verdict !== 'safe' || r.certificate.kind !== 'latch-clauses') throw new Error('IC3 proves a16-p152');
    const f = await reported(problem, 'ic3', { ...r, certificate: { kind: 'latch-clauses', clauses: [] } });
    expectOneLine(f, file, 'o0', 'witness circuit', 'ic3');
    expect(f.message).toMatch(/the Step check fails/);
  });

  it('a witness circuit whose check runs past the deadline: UNKNOWN (timeout), neither a verdict nor an error', async () => {
    const file = join(CORPUS_DIR, 'hwmcc24/split-a16-p152b0.aag');
    const problem = await load(file);
    const r = await checkWith('ic3', problem);
    const late = await certified(problem, problem.properties[0]!, 'ic3', r, Date.now() - 1);
    expect(late).toMatchObject({ verdict: 'unknown', reason: { kind: 'timeout', detail: 'timeout while checking the witness circuit' } });
    expect(await certified(problem, problem.properties[0]!, 'ic3', r, Date.now() + 60_000)).toBe(r);
  });

  it('--debug adds the stack trace; other internal errors are one line too', async () => {
    const { problem, r, m } = await counterProof();
    const f = await reported(problem, 'cegar', { ...r, certificate: { kind: 'invariant', invariant: new Map([[m.initLoc, False]]) } }, true);
    expect(f.message.split('\n')[0]).toMatch(/^internal error: .*counter\.cfa, property Overflow: /);
    expect(f.message).toMatch(/\n\s+at /);
    expect(failure(new Error('two\nlines')).message).toBe('internal error: two (run with --debug for details)');
  });
});
