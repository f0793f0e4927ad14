/**
 * The `vigil` binary as a user meets it: the terminal interface under a real pseudo-terminal (tmux),
 * `q` to stop, --timeout and --memory ending a long run with UNKNOWN (exit 3), and the plain
 * progress lines when standard output is not a terminal.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { manifest } from '../support/corpus.js';
import { ROOT, vigil } from '../support/cli.js';

/** A circuit IC3 and BMC both take far longer than a minute on (README: unknown after 60 s). */
const LONG = manifest().find((m) => m.path.endsWith('split-fib_30b0.aag'))!.file;

/** tmux on its own socket, so the tests never touch anyone's sessions. */
const SOCKET = `vigil-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });

afterAll(() => {
  spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
});

/** Starts `vigil args` in a 100×40 terminal; the shell prints EXIT and the code when it ends. */
function startInTerminal(name: string, args: string[]): void {
  const cmd = `cd ${ROOT} && ${process.execPath} dist/bin/vigil.js ${args.join(' ')}; echo EXIT $?; sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', '100', '-y', '40', cmd);
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name, '-S', '-200');

async function waitFor(name: string, pattern: RegExp, ms = 90_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const s = screen(name);
    if (pattern.test(s) || Date.now() > until) return s;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the terminal interface', () => {
  it('runs under a pseudo-terminal and leaves the verdict panel with the counterexample table on the screen', async () => {
    startInTerminal('unsafe', ['check', 'models/mutex-bug.cfa']);
    const s = await waitFor('unsafe', /EXIT \d/);
    expect(s).toMatch(/EXIT 1/);
    expect(s).toMatch(/models\/mutex-bug\.cfa\s+portfolio members pdr, bmc, cegar, expl/);
    expect(s).toMatch(/│ UNSAFE\s+[\d.]+ s, \d+ solver checks, exit 1/);
    expect(s).toContain('counterexample of 4 steps, replayed on the model');
    expect(s).toMatch(/step location\s+turn\s+in1\s+in2\s+action/);
    expect(s).toMatch(/3 Run\s+1\s+true\s+true\s+Run -> BothInside/);
  });

  it('q stops the run: UNKNOWN (stopped by the user) with what was reached, exit 3', async () => {
    // IC3 proves fib_30 at once after latch correspondence: without it, the run is long
    startInTerminal('stop', ['check', LONG, '--lcorr', 'off']);
    expect(await waitFor('stop', /iteration \d/)).toContain('press q to stop');
    tmux('send-keys', '-t', 'stop', 'q');
    const s = await waitFor('stop', /EXIT \d/);
    expect(s).toMatch(/EXIT 3/);
    expect(s).toMatch(/UNKNOWN \(stopped by the user\)/);
    expect(s).toMatch(/reached: ic3, iteration \d+: frame \d+/);
  });
});

describe('limits', () => {
  // a run that ignored the limit would go on far past the test's own time limit
  it('--timeout 2 on a model that runs far longer returns UNKNOWN (timeout), exit 3', () => {
    const r = vigil(['check', LONG, '--algorithm', 'bmc', '--bound', '1000000', '--timeout', '2']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/UNKNOWN \(timeout\)/);
  });

  it('--memory below what the run needs gives UNKNOWN (out of memory), exit 3, as JSON that follows the schema', () => {
    const r = vigil(['check', LONG, '--algorithm', 'bmc', '--bound', '1000000', '--memory', '130', '--timeout', '60', '--json']);
    expect(r.code).toBe(3);
    const j = JSON.parse(r.stdout);
    const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'cli/verdict.schema.json'), 'utf8')));
    expect(validate(j), JSON.stringify(validate.errors)).toBe(true);
    expect(j).toMatchObject({ verdict: 'unknown', reason: 'out of memory', algorithm: 'bmc', formalism: 'aiger', outputs: [] });
    expect(j.statistics.bound ?? j.statistics.iteration).toBeGreaterThan(0);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a circuit checked in the command\'s own thread: its heap near V8\'s limit gives UNKNOWN (out of memory), exit 3, no crash', () => {
    // no terminal and no --memory: the run stays in the main thread (cli/in-thread.ts), whose heap
    // is 48 MB here; BMC fills it within a second
    const r = vigil(['check', LONG, '--algorithm', 'bmc', '--bound', '1000000', '--timeout', '60', '--json'], 120_000, ['--max-old-space-size=48']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'unknown', reason: 'out of memory', algorithm: 'bmc' });
    expect(r.stderr).not.toMatch(/FATAL ERROR|\n\s+at /);
  });

  it('a circuit checked in the command\'s own thread gets the verdict, certificate and search it gets in a worker', () => {
    const circuit = manifest().find((m) => m.path.endsWith('split-vis_arrays_bpbs_p2b0.aag'))!.file;
    for (const args of [['check', 'models/ring.aag', '--algorithm', 'ic3'], ['check', circuit], ['check', 'models/shift.aag', '--algorithm', 'kind']]) {
      // --memory keeps the run in a worker, which the process ends when the limit is exceeded
      const [here, worker] = [[], ['--memory', '100000']].map((extra) => vigil([...args, '--json', ...extra]));
      expect(here!.code, args.join(' ')).toBe(worker!.code);
      const [h, w] = [here!, worker!].map((r) => JSON.parse(r.stdout));
      expect(h.verdict).toBe(w.verdict);
      expect(h.statistics.solverChecks).toBe(w.statistics.solverChecks);
      expect(h.invariant ?? h.counterexample).toEqual(w.invariant ?? w.counterexample);
    }
  });

  it('bad --memory and --timeout values are usage errors', () => {
    for (const args of [['--memory', '0'], ['--memory', 'lots'], ['--timeout', '-1']]) {
      const r = vigil(['check', 'models/counter.cfa', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/must be a positive number of (megabytes|seconds)/);
    }
  });
});

describe('without a terminal', () => {
  it('one progress line per iteration on standard error, the result alone on standard output', () => {
    const r = vigil(['check', 'models/counter.cfa', '--algorithm', 'cegar']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^models\/counter\.cfa: SAFE/);
    const lines = r.stderr.trim().split('\n');
    expect(lines.map((l) => /iteration (\d+)/.exec(l)?.[1])).toEqual(['1', '2', '3']);
    expect(lines[1]).toMatch(/^\[[\d.]+ s\] refinement, iteration 2: \d+ ARG nodes, \d+ waiting, precision 1; newest: x (=|<=) 0$/);
  });

  it('at most one progress line every 100 ms after the first hundred, the last iteration always', () => {
    // BMC on a small safe circuit: thousands of bounds a second
    const r = vigil(['check', 'models/ring.aag', '--algorithm', 'bmc', '--bound', '20000']);
    expect(r.code).toBe(3);
    const bounds = r.stderr.trim().split('\n').map((l) => Number(/bound (\d+)$/.exec(l)?.[1]));
    expect(bounds.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(bounds.length).toBeLessThan(1000);
    expect(bounds.at(-1)).toBe(20000);
  });

  it('--quiet prints no progress; --json keeps standard output one JSON object', () => {
    const q = vigil(['check', 'models/counter.cfa', '--quiet']);
    expect(q.code).toBe(0);
    expect(q.stderr).toBe('');
    const j = vigil(['check', 'models/shift.aag', '--json']);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toMatchObject({ verdict: 'unsafe', algorithm: 'portfolio' });
  });
});
