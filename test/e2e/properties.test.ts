/**
 * Files with several properties, through the real `vigil` binary. AIGER circuits with 2 to 5
 * bad-state properties, and with several outputs and no B section, are made here by putting small
 * corpus circuits of known verdicts side by side, so each property's verdict is known. Every engine
 * must give each property its verdict and the file the right one; the HWMCC witness must name each
 * property and refute the failing ones on the test's own simulator; each safe property's witness
 * circuit must pass certifaiger's rules (MiniSat, test/e2e/outputs.test.ts). STS specifications with
 * several properties and `--property` are checked the same way.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT, vigil } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { readAiger, readWitnesses, simulate, type Circuit } from '../support/aiger-sim.js';
import { certifaiger, reencoded } from '../support/certifaiger.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-properties-'));
const out = (f: string) => join(dir, f);
const schema = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'cli/verdict.schema.json'), 'utf8')));

/** Source circuits (no constraints) and their verdicts. */
const SOURCES: Record<string, [string, 'safe' | 'unsafe']> = {
  hw2: ['theta-regression/aiger/hw2_true.aag', 'safe'],
  cp1: ['theta-regression/aiger/constprop1.aag', 'safe'],
  cp2: ['theta-regression/aiger/constprop2.aag', 'safe'],
  ring: [join(ROOT, 'models/ring.aag'), 'safe'],
  cal178: ['hwmcc24/split-cal178b0.aag', 'safe'],
  arbiter: ['hwmcc24/split-h_Arbiterb0.aag', 'safe'],
  hw1: ['theta-regression/aiger/hw1_false.aag', 'unsafe'],
  simple3: ['theta-regression/aiger/simple3.aag', 'unsafe'],
  shift: [join(ROOT, 'models/shift.aag'), 'unsafe'],
  and: ['theta-regression/aiger/and.aag', 'unsafe'],
  coi1: ['theta-regression/aiger/coi1.aag', 'unsafe'],
};

const circuit = (name: string): Circuit => {
  const [path] = SOURCES[name]!;
  return readAiger(readFileSync(path.startsWith('/') ? path : join(CORPUS_DIR, path)));
};

/** The circuits side by side, variables renumbered, each one's property as a bad state or an output. */
function sideBySide(names: readonly string[], section: 'bad' | 'output'): string {
  let offset = 0;
  const inputs: number[] = [];
  const latches: string[] = [];
  const gates: string[] = [];
  const properties: number[] = [];
  for (const name of names) {
    const c = circuit(name);
    const at = (l: number) => (l < 2 ? l : l + 2 * offset);
    inputs.push(...c.inputs.map(at));
    for (const l of c.latches) latches.push(`${at(l.lit)} ${at(l.next)} ${l.reset === l.lit ? at(l.lit) : l.reset}`);
    for (const [v, [a, b]] of c.gates) gates.push(`${at(2 * v)} ${at(a)} ${at(b)}`);
    properties.push(at((c.bads.length ? c.bads : c.outputs)[0]!));
    offset += c.maxVar;
  }
  const header = section === 'bad'
    ? `aag ${offset} ${inputs.length} ${latches.length} 0 ${gates.length} ${properties.length}`
    : `aag ${offset} ${inputs.length} ${latches.length} ${properties.length} ${gates.length}`;
  return [header, ...inputs.map(String), ...latches, ...properties.map(String), ...gates, ''].join('\n');
}

const FILES: [string, string[], 'bad' | 'output', string[]][] = [
  ['two bad states', ['hw2', 'hw1'], 'bad', ['ic3', 'bmc', 'kind', 'portfolio', 'cegar']],
  ['three bad states', ['ring', 'shift', 'cp2'], 'bad', ['ic3', 'bmc', 'kind', 'cegar']],
  ['four bad states', ['simple3', 'cal178', 'hw2', 'and'], 'bad', ['ic3', 'portfolio']],
  ['five bad states', ['cp1', 'coi1', 'ring', 'hw1', 'arbiter'], 'bad', ['ic3', 'kind']],
  ['three bad states, all safe', ['ring', 'hw2', 'cp2'], 'bad', ['ic3', 'cegar']],
  ['three outputs, no B section', ['hw2', 'shift', 'ring'], 'output', ['ic3', 'bmc', 'cegar']],
  ['two outputs, both unsafe', ['simple3', 'hw1'], 'output', ['ic3']],
];

/** BMC and k-induction search until their time limit unless bounded: 20 steps here. */
const BOUNDED = (algorithm: string): string[] => (algorithm === 'bmc' || algorithm === 'kind' ? ['--bound', '20'] : []);

describe('AIGER files with several properties: every property is checked', () => {
  for (const [title, names, section, algorithms] of FILES) {
    const file = out(`${title.replace(/\W+/g, '-')}.aag`);
    writeFileSync(file, sideBySide(names, section));
    const letter = section === 'bad' ? 'b' : 'o';
    const expected = names.map((n) => SOURCES[n]![1]);
    const fileVerdict = expected.includes('unsafe') ? 'unsafe' : 'safe';
    for (const algorithm of algorithms) {
      it(`${title} (${names.join(', ')}) with ${algorithm}`, () => {
        const stem = out(`${title.replace(/\W+/g, '-')}-${algorithm}`);
        const r = vigil(['check', file, '--algorithm', algorithm, '--json', '--timeout', '60', ...BOUNDED(algorithm),
          '--witness', `${stem}.wit`, '--certificate', `${stem}.aag`]);
        const j = JSON.parse(r.stdout);
        expect(schema(j), JSON.stringify(schema.errors)).toBe(true);
        expect(j.properties.map((p: { name: string }) => p.name)).toEqual(names.map((_, k) => `${letter}${k}`));
        j.properties.forEach((p: { verdict: string; name: string }, k: number) => {
          // a bounded engine may leave a safe property unknown, never decide it wrongly
          if (p.verdict !== 'unknown' || !['bmc'].includes(algorithm)) expect(p.verdict, p.name).toBe(expected[k]);
        });
        const bmcLeavesSafeOpen = algorithm === 'bmc' && fileVerdict === 'safe';
        expect(j.verdict).toBe(bmcLeavesSafeOpen ? 'unknown' : fileVerdict);
        expect(r.code).toBe({ safe: 0, unsafe: 1, unknown: 3 }[j.verdict as string]);

        // the witness: one entry per property, named, and each failing one refuted on the test's simulator
        const model = readAiger(readFileSync(file));
        const entries = readWitnesses(readFileSync(`${stem}.wit`, 'utf8'));
        // HWMCC reads outputs as bad states: the witness numbers both as b0, b1, ...
        expect(entries.map((w) => w.properties)).toEqual(names.map((_, k) => [`b${k}`]));
        entries.forEach((w, k) => {
          expect(w.result).toBe({ safe: '0', unsafe: '1', unknown: '2' }[j.properties[k].verdict as string]);
          if (w.result === '1') expect(simulate(model, w, k)).toEqual({ reached: w.inputs.length - 1 });
        });

        // a witness circuit per safe property, each certifying its own property
        j.properties.forEach((p: { verdict: string; name: string }, k: number) => {
          const cert = `${stem}.${p.name}.aag`;
          expect(existsSync(cert), cert).toBe(p.verdict === 'safe');
          // k-induction over simple paths writes a k-inductive invariant, not a witness circuit
          if (p.verdict !== 'safe' || (algorithm === 'kind' && !readFileSync(cert, 'utf8').includes('WITNESS'))) return;
          // certifaiger names the property as HWMCC does: outputs are bad states there too
          expect(readFileSync(cert, 'utf8')).toContain(`WITNESS b${k} `);
          expect(certifaiger(reencoded(model), readAiger(readFileSync(cert)), k), cert).toBeUndefined();
        });
      }, 120_000);
    }
  }

  it('the issue\'s example: b0 constant false, b1 the input, UNSAFE for b1 with every algorithm', () => {
    const file = out('issue.aag');
    writeFileSync(file, 'aag 1 1 0 0 0 2\n2\n0\n2\n');
    for (const algorithm of ['ic3', 'bmc', 'kind', 'portfolio', 'cegar']) {
      const r = vigil(['check', file, '--algorithm', algorithm, ...BOUNDED(algorithm), '--witness', out(`issue-${algorithm}.wit`)]);
      expect(r.code, algorithm).toBe(1);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/: UNSAFE /);
      expect(lines[1]).toMatch(/^ {2}b0: (SAFE|UNKNOWN \(bound 20 reached\)) /);
      expect(lines[2]).toMatch(/^ {2}b1: UNSAFE /);
      const [, b1] = readWitnesses(readFileSync(out(`issue-${algorithm}.wit`), 'utf8'));
      expect(b1!.properties).toEqual(['b1']);
      expect(simulate(readAiger(readFileSync(file)), b1!, 1)).toEqual({ reached: 0 });
    }
  }, 60_000);

  it('--property checks one property and writes its results under the plain names', () => {
    const file = out('pick.aag');
    writeFileSync(file, sideBySide(['hw2', 'hw1'], 'bad'));
    const safe = vigil(['check', file, '--property', 'b0', '--json', '--certificate', out('pick.aag.cert')]);
    expect(safe.code).toBe(0);
    const j = JSON.parse(safe.stdout);
    expect(j.properties.map((p: { name: string }) => p.name)).toEqual(['b0']);
    expect(j.invariant).toBeDefined();
    expect(existsSync(out('pick.aag.cert'))).toBe(true);
    const unsafe = vigil(['check', file, '--property', 'b1', '--witness', out('pick.wit')]);
    expect(unsafe.code).toBe(1);
    expect(readWitnesses(readFileSync(out('pick.wit'), 'utf8')).map((w) => w.properties)).toEqual([['b1']]);
    const none = vigil(['check', file, '--property', 'b7']);
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toBe(`--property b7: ${file} has the properties b0, b1`);
  });
});

describe('STS specifications with several properties', () => {
  const spec = `specification Counters {
    var shared : int
    system counter := {
        var x : int
        initial x = 0 and shared = 0
        transition (if x < 10 then x' = x + 1 else x' = x) and shared' = shared
    }
    property positive : counter models G(x >= 0)
    property small : counter models G(x < 5)
    property flag : {
        var y : bool
        initial y
        transition y' = y
    } models G(y)
}
`;
  const file = out('counters.system');
  writeFileSync(file, spec);

  for (const algorithm of ['cegar', 'bmc']) {
    it(`each property gets its verdict (${algorithm}), one summary line each`, () => {
      const r = vigil(['check', file, '--algorithm', algorithm, ...BOUNDED(algorithm), '--json', '--cex', out(`counters-${algorithm}.csv`), '--certificate', out(`counters-${algorithm}.system`)]);
      expect(r.code).toBe(1);
      const j = JSON.parse(r.stdout);
      expect(schema(j), JSON.stringify(schema.errors)).toBe(true);
      const verdicts = j.properties.map((p: { name: string; verdict: string }) => `${p.name} ${p.verdict}`);
      expect(verdicts).toEqual(algorithm === 'cegar' ? ['positive safe', 'small unsafe', 'flag safe'] : ['positive unknown', 'small unsafe', 'flag unknown']);
      expect(readFileSync(out(`counters-${algorithm}.small.csv`), 'utf8')).toMatch(/^step,shared,x,action,choices/);
      expect(existsSync(out(`counters-${algorithm}.positive.csv`))).toBe(false);
      if (algorithm === 'cegar') {
        // each certificate is a specification vigil proves again
        for (const p of ['positive', 'flag']) expect(vigil(['check', out(`counters-cegar.${p}.system`)]).code, p).toBe(0);
      }
    });
  }

  it('the human summary: the file\'s verdict, a line per property, then the details', () => {
    const r = vigil(['check', file]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/counters\.system: UNSAFE {2}\[portfolio, /);
    expect(lines.slice(1, 4).map((l) => l.replace(/ {2}\[.*/, ''))).toEqual(['  positive: SAFE', '  small: UNSAFE', '  flag: SAFE']);
    expect(r.stdout).toMatch(/\nsmall: counterexample of 5 steps \(replayed on the model\):/);
    expect(r.stdout).toMatch(/\npositive: (\d+-)?inductive invariant \(checked independently\):/);
  });

  it('--property picks one by name', () => {
    const r = vigil(['check', file, '--property', 'flag', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).properties).toHaveLength(1);
    expect(vigil(['parse', file]).stdout).toMatch(/sts; \d+ variables; \d+ constraints; 3 properties$/m);
  });
});
