/**
 * Termination: the T2 front end (every corpus file reads; bad input is located), the termination
 * property of CFAs and T2 programs, the chapter's examples (seed 003) as the chapter says, a sample
 * of the T2 corpus, and the certificate checks, which refuse corrupted termination arguments and
 * lassos.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseT2 } from '../../../formalisms/frontends/t2/read.js';
import { InputError } from '../../../lang/errors.js';
import { printExpr } from '../../../lang/print.js';
import { and, gt, int, ref, True, type Expr } from '../../../lang/expr.js';
import { CertificateError } from '../../../certificates/check.js';
import { certified } from '../../../cli/check.js';
import type { NonterminationCertificate, TerminationCertificate } from '../../../formalisms/certificate.js';
import type { Problem } from '../../../formalisms/problem.js';
import type { Property } from '../../../formalisms/property-kinds.js';
import type { Result } from '../../../formalisms/result.js';
import { CORPUS_DIR } from '../../support/corpus.js';
import { vigil } from '../../support/cli.js';
import { checkWith, load } from '../../support/engines.js';

const DIR = `${CORPUS_DIR}termination/`;
const termination = (p: Problem): Property => p.properties.find((x) => x.kind === 'termination')!;

async function decide(file: string): Promise<{ problem: Problem; result: Result }> {
  const problem = await load(`${DIR}${file}`);
  return { problem, result: await checkWith('termination', problem, { property: termination(problem) }) };
}

function readError(text: string): InputError {
  try {
    parseT2(text, 'bad.t2');
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the T2 front end', () => {
  it('reads every program of the corpus', () => {
    const files = readdirSync(`${DIR}t2`).filter((f) => f.endsWith('.t2'));
    expect(files.length).toBe(149);
    for (const f of files) {
      const cfa = parseT2(readFileSync(`${DIR}t2/${f}`, 'utf8'), f);
      expect(cfa.edges.length, f).toBeGreaterThan(0);
    }
  });

  it('reads blocks as edges with their commands in order, and applies T2\'s nondet rules', () => {
    const cfa = parseT2('START: 0;\nFROM: 0;\n  y := 1;\nTO: 1;\nFROM: 1;\n  AT(3, "f.c") assume(x > 0);\n  x := x - y;\n  y := 1 + nondet();\n  assume(y == nondet());\n  assume((-1+y) >= 0);\nTO: 01;\n', 'f.t2');
    expect(cfa.locs.map((l) => l.name)).toEqual(['0', '1']);
    expect(cfa.vars.map((v) => v.name)).toEqual(['y', 'x']);
    const loop = cfa.edges[1]!;
    expect(loop.target.name).toBe('1');
    expect(loop.stmts.map((s) => s.kind)).toEqual(['assume', 'assign', 'havoc', 'assume']);
  });

  it('reports bad input at its line and column', () => {
    expect(readError('START: 0;\nFROM: 0;\n  x := ;\nTO: 1;\n').message).toMatch(/^bad\.t2:3:8: expected a term but found ';'/);
    expect(readError('START: 0;\nFROM: 0;\n  x := y < 1;\nTO: 1;\n').message).toMatch(/^bad\.t2:3:8: expected a term but found a condition/);
    expect(readError('START: 0;\nFROM: 0;\n  assume(x && y > 0);\nTO: 1;\n').message).toMatch(/^bad\.t2:3:10: expected a comparison but found a term/);
    expect(readError('START: 0;\nFROM: 0;\n  x := 1 @ 2;\nTO: 1;\n').message).toMatch(/^bad\.t2:3:10: unexpected character '@'/);
    expect(readError('START: 0;\nFROM: 0;\n  x := 1;\nTO: 1\n').message).toMatch(/^bad\.t2:5:1: expected ';' but found end of file/);
    expect(readError('').message).toMatch(/^bad\.t2:1:1: empty file/);
    expect(readError('START: 0;\nFROM: 0;\n  A := 1;\nTO: 1;\n').render()).toContain('  A := 1;\n      ^');
  });
});

describe('the chapter\'s examples (seed003) behave as the chapter says', () => {
  it('fig1_1: the loop rho2 is ranked by y - x, so the program terminates; safety stays the default', async () => {
    const { problem, result } = await decide('seed003/fig1_1.cfa');
    expect(result.verdict).toBe('terminating');
    const cert = (result as { certificate: TerminationCertificate }).certificate;
    const ranks = cert.heads.flatMap((h) => h.ranked.map((r) => printExpr(r.rank, 'cfa')));
    expect(ranks).toContain('y - x');
    expect(problem.defaultKind ?? 'safety').toBe('safety');
    expect(problem.properties.map((p) => `${p.name}:${p.kind}`)).toEqual(['l5:safety', 'termination:termination']);
  });

  it('fig1_1-loop (Examples 15, 22-24) terminates', async () => {
    expect((await decide('seed003/fig1_1-loop.cfa')).result.verdict).toBe('terminating');
  });

  it('wf-relation terminates, and the union of two well-founded relations (union-wf) does not', async () => {
    expect((await decide('seed003/wf-relation.cfa')).result.verdict).toBe('terminating');
    expect((await decide('seed003/union-wf.cfa')).result.verdict).toBe('nonterminating');
  });
});

describe('a sample of the T2 corpus', () => {
  const expected: Record<string, string> = {
    'small01.t2': 'terminating', 'consts1nt.t2': 'nonterminating', 'consts3.t2': 'terminating', 'curious.t2': 'nonterminating',
  };
  for (const [file, verdict] of Object.entries(expected)) {
    it(`${file} is ${verdict}`, async () => {
      expect((await decide(`t2/${file}`)).result.verdict).toBe(verdict);
    });
  }
});

describe('corrupted certificates fail their check', () => {
  const fails = async (problem: Problem, result: Result) => {
    await expect(certified(problem, termination(problem), 'test', result, undefined)).rejects.toThrow(CertificateError);
  };

  it('a ranking function that does not decrease', async () => {
    const { problem, result } = await decide('seed003/wf-relation.cfa');
    const cert = (result as { certificate: TerminationCertificate }).certificate;
    const x = problem.task(termination(problem)).model.vars.find((v) => v.name === 'x')!;
    const y = problem.task(termination(problem)).model.vars.find((v) => v.name === 'y')!;
    const corrupt: TerminationCertificate = {
      ...cert, heads: cert.heads.map((h) => ({ ...h, ranked: h.ranked.map((r) => ({ ...r, rank: ref(y) })) })),
    };
    await fails(problem, { ...result, verdict: 'terminating', certificate: corrupt } as Result);
    // a relation that does not contain the loop's transitions
    const narrow: TerminationCertificate = {
      ...cert, heads: cert.heads.map((h) => ({ ...h, relations: new Map([...h.relations].map(([l, e]) => [l, and(e, gt(ref(x), int(5)))])) })),
    };
    await fails(problem, { ...result, verdict: 'terminating', certificate: narrow } as Result);
  });

  it('a recurrent set that is left, and a run that does not repeat', async () => {
    const { problem, result } = await decide('t2/consts1nt.t2');
    expect(result.verdict).toBe('nonterminating');
    const cert = (result as { certificate: NonterminationCertificate }).certificate;
    const x = problem.task(termination(problem)).model.vars.find((v) => v.name === 'x')!;
    if (cert.kind === 'recurrent-set') {
      const left: Expr = gt(ref(x), int(-1000));
      await fails(problem, { ...result, certificate: { ...cert, set: left } } as Result);
      await fails(problem, { ...result, certificate: { ...cert, set: True, cycle: cert.cycle.slice(0, 0) } } as Result);
    } else {
      await fails(problem, { ...result, certificate: { ...cert, loopStart: cert.trace.actions.length } } as Result);
    }
    const { problem: p2, result: r2 } = await decide('seed003/union-wf.cfa');
    const c2 = (r2 as { certificate: NonterminationCertificate }).certificate;
    if (c2.kind === 'lasso-run') {
      await fails(p2, { ...r2, certificate: { ...c2, trace: { ...c2.trace, states: c2.trace.states.slice(0, -1), actions: c2.trace.actions.slice(0, -1) } } } as Result);
    }
  });
});

describe('vigil on termination tasks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-termination-'));

  it('checks termination by default on a T2 program, and writes the argument with --certificate', () => {
    const cert = join(dir, 'small01.rank');
    const r = vigil(['check', `${DIR}t2/small01.t2`, '--certificate', cert]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/small01\.t2: TERMINATING/);
    const text = readFileSync(cert, 'utf8');
    expect(text).toMatch(/^\/\/ Termination argument of small01/);
    expect(text).toMatch(/ranked: .*&&.* by x >= 0/);
    const nt = vigil(['check', `${DIR}t2/consts1nt.t2`]);
    expect(nt.code).toBe(1);
    expect(nt.stdout).toMatch(/NONTERMINATING/);
  });

  it('keeps safety the default of a CFA, and checks its termination on request', () => {
    expect(vigil(['check', `${DIR}seed003/fig1_1.cfa`]).stdout).toMatch(/fig1_1\.cfa: SAFE/);
    const t = vigil(['check', `${DIR}seed003/fig1_1.cfa`, '--property', 'termination']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/fig1_1\.cfa: TERMINATING/);
  });

  it('says that a T2 program without an error location has no safety property, and locates bad input', () => {
    const r = vigil(['check', `${DIR}t2/small01.t2`, '--property', 'safety']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/small01\.t2:1:8: the program has no error location, so there is no safety property to check/);
    const bad = join(dir, 'bad.t2');
    writeFileSync(bad, 'START: 0;\nFROM: 0;\n  x := x +;\nTO: 1;\n');
    const p = vigil(['parse', bad]);
    expect(p.code).toBe(2);
    expect(p.stderr).toBe(`${bad}:3:11: expected a term but found ';'\n      x := x +;\n              ^\n`);
    expect(vigil(['parse', `${DIR}t2/small01.t2`]).stdout).toMatch(/t2 program; 1 variable; 2 locations, 2 edges/);
    expect(vigil(['show', `${DIR}t2/small01.t2`]).stdout).toMatch(/L1 -> L1/);
  });
});
