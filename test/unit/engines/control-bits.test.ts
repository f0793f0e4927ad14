/**
 * Control-flow recovery from Boolean control bits (formalisms/control-bits.ts,
 * engines/passes/control.ts): a clause system of one predicate whose Boolean arguments hold a
 * program counter (the VMT and Lustre benchmarks of CHC-COMP) read as the automaton they encode;
 * the engines' answers read back over the clauses' view and checked there and in the clauses' own
 * terms (a model, a derivation), as every answer is.
 */
import { describe, expect, it } from 'vitest';
import { or } from '../../../lang/expr.js';
import { CONTROL_PASS } from '../../../engines/passes/control.js';
import { checkInductiveInvariant } from '../../../certificates/invariant.js';
import type { Interpreter } from '../../../formalisms/interpreter.js';
import { checkWith, TEST_CONTEXT } from '../../support/engines.js';
import { chcTaskProblem } from '../../support/chc.js';

/** Lustre's `stalmark` with three Boolean bits: a bug, and a safe variant. */
const UNSAFE = 'theta-chc-comp24/chc-comp24-LIA-Lin-040.smt2';
const SAFE = 'theta-chc-comp24/chc-comp24-LIA-Lin-059.smt2';
/** A C program as a VMT transition system: its locations in seven Boolean variables, its cases implications. */
const PROGRAM = 'chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/simple.c_000.smt2';

/** The model the engines check after the control pass (the clauses' view where it does nothing). */
async function automaton(path: string): Promise<Interpreter> {
  const problem = chcTaskProblem(path);
  const task = problem.task(problem.properties[0]!);
  const pass = CONTROL_PASS.make({}, task, 'pdr');
  return pass ? (await pass.forward(task, TEST_CONTEXT)).task.model : task.model;
}

describe('control bits of a clause system', () => {
  it('reads the Boolean program counter of a one-predicate system as locations, one per reachable value', async () => {
    const lustre = await automaton(SAFE);
    expect(lustre.locations.length).toBe(5);
    expect(lustre.vars.length).toBe(5);
    const program = await automaton(PROGRAM);
    expect(program.locations.length).toBe(13);
    expect(program.vars.length).toBe(2);
    expect(program.locations.at(0)!.name).toBe('init');
    expect(program.locations.at(-1)!.name).toBe('false');
    // three predicates: the clauses' view has its locations already
    expect((await automaton('theta-chc-comp24/chc-comp24-LIA-Lin-002.smt2')).locations.length).toBe(5);
  });

  it('maps the automaton\'s traces and invariants back over the clauses, where they are checked', async () => {
    // BMC and k-induction keep the clauses' view unless asked
    const on = { control: 'on' };
    for (const engine of ['bmc', 'pdr', 'impact']) {
      const r = await checkWith(engine, chcTaskProblem(UNSAFE), { settings: on, ms: 60_000 });
      expect(r.verdict, engine).toBe('unsafe');
      expect(r.stats.recoveredLocations, engine).toBe(5);
    }
    for (const engine of ['pdr', 'kind', 'cegar', 'ic3']) {
      const r = await checkWith(engine, chcTaskProblem(SAFE), { settings: on, ms: 60_000 });
      expect(r.verdict, engine).toBe('safe');
      expect(r.stats.recoveredLocations, engine).toBe(5);
    }
    const program = await checkWith('pdr', chcTaskProblem(PROGRAM), { ms: 60_000 });
    expect(program.verdict).toBe('safe');
    expect(program.stats.recoveredLocations).toBe(13);
  }, 300_000);

  it('an invariant read back without one of the automaton\'s locations fails its check', async () => {
    const problem = chcTaskProblem(SAFE);
    const model = problem.task(problem.properties[0]!).model;
    const r = await checkWith('pdr', problem, { ms: 60_000 });
    if (r.verdict !== 'safe' || r.certificate.kind !== 'invariant') throw new Error('no invariant');
    const [state] = model.locations.filter((l) => l !== model.initLoc && l !== model.errorLoc);
    const perValue = r.certificate.invariant.get(state!)!;
    expect(perValue.op).toBe('or');
    expect(await checkInductiveInvariant(model, r.certificate.invariant)).toBeUndefined();
    for (let i = 0; i < perValue.args.length; i++) {
      const dropped = new Map(r.certificate.invariant).set(state!, or(...perValue.args.filter((_, j) => j !== i)));
      expect(await checkInductiveInvariant(model, dropped), `without value ${i}`).toMatch(/does not hold initially|not closed/);
    }
  }, 120_000);

  it('lets the portfolio\'s members, in their threads, check the automaton', async () => {
    expect((await checkWith('portfolio', chcTaskProblem(UNSAFE), { ms: 60_000 })).verdict).toBe('unsafe');
    expect((await checkWith('portfolio', chcTaskProblem(PROGRAM), { ms: 60_000 })).verdict).toBe('safe');
  }, 180_000);

  it('leaves the clauses\' view as it is with --control off, and by default for BMC and k-induction', async () => {
    const off = await checkWith('pdr', chcTaskProblem(UNSAFE), { settings: { control: 'off' }, ms: 60_000 });
    expect(off.verdict).toBe('unsafe');
    expect(off.stats.recoveredLocations).toBeUndefined();
    for (const engine of ['bmc', 'kind']) {
      const r = await checkWith(engine, chcTaskProblem(UNSAFE), { ms: 60_000 });
      expect(r.verdict, engine).toBe('unsafe');
      expect(r.stats.recoveredLocations, engine).toBeUndefined();
    }
  }, 120_000);
});
