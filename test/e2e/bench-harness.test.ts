/**
 * The bench harness: limits enforced and measured by the OS, classification against the expected
 * verdict, configurations and presets, a results file that survives a SIGKILL of the bench
 * with exactly one line per run after the restart, and matrix runners that answer as `vigil check`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, applies, parseConfig, ConfigError } from '../../bench/configs.js';
import { runLimited } from '../../bench/limits.js';
import { classify } from '../../bench/classify.js';
import { ABC, runTask } from '../../bench/task.js';
import { suiteModels } from '../../bench/suite.js';
import { COLUMNS, ResultsFile, readResults, type ResultRow } from '../../bench/results.js';
import { CORPUS_DIR, manifest } from '../support/corpus.js';
import { vigil, ROOT } from '../support/cli.js';

const BIN = join(ROOT, 'dist/bin/vigil.js');

describe('limited runs', () => {
  it('measures a normal run: exit code, CPU time and peak memory from the OS', async () => {
    const m = await runLimited(process.execPath, ['-e', 'console.log(42)'], { wallMs: 20_000 });
    expect(m.exitCode).toBe(0);
    expect(m.stdout.trim()).toBe('42');
    expect(m.killedBy).toBeUndefined();
    expect(m.peakBytes).toBeGreaterThan(10 * 2 ** 20);
  });

  it('kills a run at its wall-time limit', async () => {
    const m = await runLimited('sh', ['-c', 'sleep 30'], { wallMs: 300 });
    expect(m.killedBy).toBe('time');
    expect(m.signal).toBe('signal 9');
  });

  it('kills a run that exceeds its memory limit, and reports a peak above it', async () => {
    const hog = 'const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1));';
    const m = await runLimited(process.execPath, ['-e', hog], { wallMs: 60_000, memoryMb: 120 });
    expect(m.killedBy).toBe('memory');
    expect(m.peakBytes).toBeGreaterThan(120 * 2 ** 20);
  });
});

describe('classification', () => {
  const o = (result: 'safe' | 'unsafe' | 'unknown' | undefined, reason = '', killedBy?: 'time' | 'memory') => {
    // the typed reason Vigil's JSON gives with each human one
    const reasonKind = ({ 'timeout': 'timeout', 'out of memory': 'memory', 'bound 20 reached': 'bound' } as const)[reason as 'timeout'];
    return { result, reason, ...(reasonKind ? { reasonKind } : {}), killedBy };
  };
  it('compares verdicts with the expected one', () => {
    expect(classify('safe', o('safe'))).toBe('correct');
    expect(classify('unsafe', o('safe'))).toBe('wrong');
    expect(classify('unknown', o('unsafe'))).toBe('solved');
  });
  it('tells timeouts, memory-outs, unknowns and errors apart', () => {
    expect(classify('safe', o('unknown', 'timeout'))).toBe('timeout');
    expect(classify('safe', o(undefined, '', 'time'))).toBe('timeout');
    expect(classify('safe', o(undefined, '', 'memory'))).toBe('memout');
    expect(classify('safe', o('safe', '', 'memory'))).toBe('memout');
    expect(classify('safe', o('unknown', 'bound 20 reached'))).toBe('unknown');
    expect(classify('safe', o('unknown', 'out of memory'))).toBe('memout');
    // the kind decides, not the words: a detail that mentions a timeout is still a bound reached
    expect(classify('safe', { result: 'unknown', reason: 'timeout', reasonKind: 'bound', killedBy: undefined })).toBe('unknown');
    expect(classify('safe', o(undefined, 'exit 4'))).toBe('error');
  });
});

describe('configurations', () => {
  it('reads named configurations, algorithms, peers and Theta-style JSON', () => {
    expect(parseConfig('expl-seq').options).toMatchObject({ domain: 'EXPL', maxenum: '1*', refinement: 'SEQ_ITP' });
    expect(parseConfig('ic3')).toMatchObject({ tool: 'vigil', algorithm: 'ic3' });
    expect(parseConfig('abc-pdr').tool).toBe('abc-pdr');
    const c = parseConfig('{"domain":"expl","maxenum":"1*","search":"DFS"}');
    expect(c).toMatchObject({ name: 'EXPL_1*_DFS', algorithm: 'cegar', options: { domain: 'EXPL', maxenum: '1*', search: 'DFS' } });
  });
  it('rejects unknown names, levels and combinations', () => {
    expect(() => parseConfig('fastest')).toThrow(ConfigError);
    expect(() => parseConfig('{"domain":"BDD"}')).toThrow(/domain/);
    expect(() => parseConfig('{"domain":"PRED_BOOL","refinement":"UNSAT_CORE"}')).toThrow(/EXPL only/);
    expect(() => parseConfig('{"algorithm":"ic3","domain":"EXPL"}')).toThrow(/domain is an option of cegar, not of ic3/);
    expect(() => parseConfig('{"domain":"EXPL","bound":"5"}')).toThrow(/no engine has all of the options domain, bound/);
    expect(parseConfig('{"bound":"5"}')).toMatchObject({ algorithm: 'bmc', options: { bound: '5' } });
  });
  it("has the paper's factor designs", () => {
    const sizes = Object.fromEntries(Object.entries(EXPERIMENTS).map(([k, e]) => [k, e.configs.length]));
    expect(sizes).toMatchObject({ rq1: 12, rq2: 15, rq3: 9, rq4: 9, rq5: 6, rq6: 12 });
    expect(EXPERIMENTS.rq1!.configs.map((c) => c.name)).toContain('DFS_1*');
  });
  it("has the unifying view's approaches, on the CFA and STS corpus and the families", () => {
    const approaches = EXPERIMENTS.approaches!;
    expect(approaches.configs.map((c) => [c.name, c.algorithm])).toEqual([
      ['bmc', 'bmc'], ['kind', 'kind'], ['kind-inv', 'kind'], ['pred-SBE', 'cegar'], ['pred-LBE', 'cegar'], ['pred-ABE', 'cegar'], ['impact', 'impact'], ['impact-nofcover', 'impact'],
      ['expl-core', 'cegar'], ['ic3', 'ic3'],
      ['portfolio', 'portfolio'],
    ]);
    expect(approaches.configs.find((c) => c.name === 'kind-inv')!.options).toMatchObject({ invariants: 'octagons' });
    expect(approaches.suites).toEqual([undefined, 'families']);
    const lbe = approaches.configs.find((c) => c.name === 'pred-LBE')!;
    expect([applies(lbe, 'cfa'), applies(lbe, 'sts')]).toEqual([true, false]);
  });
});

describe('suites', () => {
  it('reads a corpus folder with its own manifest whole: hwmcc19-20 has 98 circuits, 42 with a stated verdict', () => {
    const models = suiteModels('hwmcc19-20');
    expect(models).toHaveLength(98);
    expect(models.filter((m) => m.expected !== 'unknown')).toHaveLength(42);
    expect(models.every((m) => m.formalism === 'aiger' && existsSync(m.file))).toBe(true);
    expect(new Set(models.map((m) => m.category))).toContain('hwmcc20');
  });

  it('groups the CHC tasks by track and family, from the manifest\'s notes', () => {
    const models = suiteModels('chc');
    expect(models).toHaveLength(238);
    const groups = new Set(models.map((m) => m.category));
    expect(groups).toContain('LIA-Lin hcai-bench/svcomp');
    expect(groups).toContain('LIA-Nonlin kind2-chc-benchmarks/data');
    expect(groups).toContain('LIA-Lin java-jayhorn-style');
    expect([...groups].every((g) => /^(LIA-Lin|LIA-Nonlin|LRA-Lin) \S+$/.test(g))).toBe(true);
  });
});

function row(config: string, model: string): ResultRow {
  return { ...Object.fromEntries(COLUMNS.map((c) => [c, ''])), config, model, reason: 'a\nb, "quoted"' } as ResultRow;
}

describe('the results file', () => {
  it('resumes: keeps complete lines, drops a trailing partial one, knows the finished runs', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-test-')), 'r.csv');
    const f = new ResultsFile(file);
    f.append(row('A', 'm1'));
    f.append(row('A', 'm2'));
    appendFileSync(file, 'm3,cat,safe,A,vig');
    const g = new ResultsFile(file);
    expect(g.has('A', 'm1') && g.has('A', 'm2')).toBe(true);
    expect(g.has('A', 'm3')).toBe(false);
    g.append(row('A', 'm3'));
    const rows = readResults(file);
    expect(rows.map((r) => r.model)).toEqual(['m1', 'm2', 'm3']);
    expect(rows[0]!.reason).toBe('a b, "quoted"');
  });

  it('resumes a file of an older version: its header and columns are kept, the newer columns read as blank', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-test-')), 'r.csv');
    const older = COLUMNS.slice(0, COLUMNS.indexOf('memorylimitmb') + 1);
    writeFileSync(file, `${older.join(',')}\n${older.map((c) => (c === 'config' ? 'A' : c === 'model' ? 'm1' : '')).join(',')}\n`);
    const f = new ResultsFile(file);
    expect(f.has('A', 'm1')).toBe(true);
    f.append({ ...row('A', 'm2'), host: 'elsewhere' });
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(older.join(','));
    const rows = readResults(file);
    expect(rows.map((r) => [r.model, r.host])).toEqual([['m1', ''], ['m2', '']]);
  });

  it('refuses a file with another header and leaves it whole', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vigil-test-')), 'r.csv');
    writeFileSync(file, 'a,b\n1,2\nno newline at the end');
    expect(() => new ResultsFile(file)).toThrow(/header/);
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\nno newline at the end');
  });
});

describe('vigil bench', () => {
  const models = manifest().filter((m) => m.path.startsWith('theta-regression/cfa/') && m.expected !== 'unknown').slice(0, 3);
  const configs = ['--config', '{"name":"bmc5","algorithm":"bmc","bound":5}', '--config', 'expl-seq'];

  it('killed with SIGKILL in the middle and restarted, has exactly one line per run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
    const suite = join(dir, 'manifest.csv');
    writeFileSync(suite, `path,formalism,expected\n${models.map((m) => `${m.file},${m.formalism},${m.expected}`).join('\n')}\n`);
    const out = join(dir, 'results.csv');
    const args = [BIN, 'bench', '--suite', suite, ...configs, '--timeout', '20', '--jobs', '2', '--out', out];
    const lines = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter((l) => l !== '').length - 1 : 0);
    const first = spawn(process.execPath, args, { stdio: 'ignore' });
    const exited = new Promise((done) => first.on('exit', done));
    while (lines() < 2) await new Promise((r) => setTimeout(r, 50));
    first.kill('SIGKILL');
    await exited;
    const before = lines();
    expect(before).toBeLessThan(2 * models.length);
    appendFileSync(out, `${models[0]!.file},cfa,safe,bmc`);
    const r = vigil(args.slice(1));
    expect(r.stderr.split('\n').filter((l) => l.startsWith('[')).length).toBe(2 * models.length - before);
    const rows = readResults(out);
    const keys = rows.map((x) => `${x.config} ${x.model}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(['bmc5', 'expl-seq'].flatMap((c) => models.map((m) => `${c} ${m.file}`)).sort());
    expect(rows.every((x) => x.status !== 'wrong' && x.status !== 'error')).toBe(true);
    expect(r.code).toBe(0);
  });

  it('--certificates: each Vigil run writes its certificate, named in the results, and bench:chc-models checks the CHC models again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-certificates-'));
    const suite = join(dir, 'manifest.csv');
    writeFileSync(suite, `path,formalism,expected\n${join(ROOT, 'models/loop.smt2')},chc,safe\n${join(ROOT, 'models/loop-bug.smt2')},chc,unsafe\n`);
    const out = join(dir, 'results.csv');
    const r = vigil(['bench', '--suite', suite, '--config', 'default', '--timeout', '30', '--certificates', join(dir, 'certificates'), '--out', out]);
    expect(r.code).toBe(0);
    const rows = readResults(out);
    expect(rows.map((x) => [x.result, x.certificate.endsWith('.cert.smt2')])).toEqual([['safe', true], ['unsafe', true]]);
    expect(readFileSync(rows[0]!.certificate, 'utf8')).toMatch(/^\(define-fun /m);
    const models = spawnSync(process.execPath, [join(ROOT, 'dist/bench/chc-models.js'), out, '--suite', suite], { encoding: 'utf8' });
    expect(models.stderr).toMatch(/1 sat answers: 1 models checked \(Vigil fails 0, cvc5 fails 0\)/);
    expect(models.status).toBe(0);
  });

  it('--certificates on a file with several properties: the results name the file of each property that has one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-certificates-'));
    // o0 is constant false (holds, a witness circuit), o1 a latch that toggles to 1 (fails)
    writeFileSync(join(dir, 'two.aag'), 'aag 1 0 1 2 0\n2 3\n0\n2\n');
    const suite = join(dir, 'manifest.csv');
    writeFileSync(suite, `path,formalism,expected\n${join(dir, 'two.aag')},aiger,unsafe\n`);
    const out = join(dir, 'results.csv');
    expect(vigil(['bench', '--suite', suite, '--config', 'default', '--timeout', '30', '--certificates', join(dir, 'certificates'), '--out', out]).code).toBe(0);
    const [row] = readResults(out);
    expect(row!.certificate).toMatch(/two\.cert\.o0\.aag$/);
    expect(readFileSync(row!.certificate, 'utf8')).toMatch(/^aag /);
  });

  it('runs the configuration matrix in long-lived runners with the verdicts and solver calls of vigil check', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'vigil-matrix-')), 'matrix.csv');
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/bench/run.js'), '--matrix', '--limit', '2', '--suite', 'sts/counter', '--timeout', '20', '--out', out], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const rows = readResults(out);
    expect(rows.length).toBe(2 * manifest().filter((m) => m.path.startsWith('theta-regression/sts/counter') && m.expected !== 'unknown').length);
    for (const row of rows) {
      const alone = vigil(['check', join(CORPUS_DIR, row.model), '--json', '--quiet', '--domain', row.domain, '--refinement', row.refinement, '--search', row.search, '--precgranularity', row.precgranularity]);
      const j = JSON.parse(alone.stdout) as { verdict: string; statistics: { solverChecks: number } };
      expect([row.model, row.result, row.solvercalls]).toEqual([row.model, j.verdict, String(j.statistics.solverChecks)]);
      expect(row.status).not.toBe('wrong');
    }
    expect(r.stdout).toContain(`${rows.length} runs of ${rows.length} in ${out}`);
  });

  it.skipIf(!ABC)('runs the ABC peer on a circuit with invariant constraints (folded, so a violated constraint is no failed property)', async () => {
    // without `fold`, ABC reports this safe circuit's constraint outputs as asserted in frame 0
    const file = join(CORPUS_DIR, 'hwmcc19-20/hwmcc20/zipversa_composecrc_prf-p17.aig');
    const model = { name: 'zipversa_composecrc_prf-p17.aig', file, formalism: 'aiger', category: 'hwmcc20', expected: 'safe' as const };
    const row = await runTask(model, parseConfig('abc-pdr'), { timeoutS: 20 });
    expect([row.tool, row.result, row.status]).toEqual(['abc-pdr', 'safe', 'correct']);
  });

  it.skipIf(!ABC)('runs ABC on the blasted circuit of a BTOR2 model beside Vigil, and names the reason where there is none', async () => {
    const models = [['unit/btor2tools/twocount2c.btor2', 'unsafe'], ['unit/pono/two-cnt-true.btor', 'safe']] as const;
    for (const [path, expected] of models) {
      const model = { name: path, file: join(CORPUS_DIR, 'btor2', path), formalism: 'btor2', category: 'unit', expected };
      const row = await runTask(model, parseConfig('abc-pdr'), { timeoutS: 20 });
      expect([row.tool, row.result, row.status], path).toEqual(['abc-pdr', expected, 'correct']);
    }
    const arrays = join(CORPUS_DIR, 'btor2/hwmcc20/array/2020/mann/easy_zero_array.btor');
    const none = await runTask({ name: 'easy_zero_array', file: arrays, formalism: 'btor2', category: 'array', expected: 'unknown' }, parseConfig('abc-pdr'), { timeoutS: 20 });
    expect([none.result, none.reason]).toEqual(['unknown', expect.stringMatching(/cannot bit-blast: mem \(line 10\) is an array with 10 index bits/)]);
  });

  it('flags models on which configurations answer opposite verdicts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-split-'));
    const suite = join(dir, 'manifest.csv');
    writeFileSync(suite, `path,formalism,expected\n${join(CORPUS_DIR, 'btor2/unit/btor2tools/count2.btor2')},btor2,unsafe\n`);
    const out = join(dir, 'results.csv');
    const r = vigil(['bench', '--suite', suite, '--config', 'default', '--timeout', '20', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // a second configuration's run that said safe, as a wrong engine would
    new ResultsFile(out).append({ ...readResults(out)[0]!, config: 'other', result: 'safe' });
    const again = vigil(['bench', '--suite', suite, '--config', 'default', '--config', '{"name":"other","algorithm":"bmc"}', '--timeout', '20', '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/disagreement on .*count2.btor2: default unsafe, other safe/);
  });

  it('reports bad configurations and suites as usage errors (exit 2)', () => {
    expect(vigil(['bench', '--config', 'fastest']).code).toBe(2);
    expect(vigil(['bench', '--suite', 'no-such-part']).code).toBe(2);
    expect(vigil(['bench', '--experiment', 'rq9']).code).toBe(2);
  });
});
