/** The terminal interface's components, rendered with ink-testing-library from hand-made events. */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { Dashboard } from '../../../cli/tui/dashboard.js';
import { VerdictPanel, tableLines } from '../../../cli/tui/verdict-panel.js';
import { Sparkline, sparkline } from '../../../cli/tui/sparkline.js';
import { CheckApp } from '../../../cli/tui/app.js';
import { Feed, initialView, reduce, type View } from '../../../cli/tui/view.js';
import type { CheckResult, Header } from '../../../cli/protocol.js';
import type { CounterexampleTable } from '../../../cli/protocol.js';

const header: Header = {
  file: 'models/counter.cfa', formalism: 'cfa', algorithm: 'cegar', options: { timeout: null, domain: 'PRED_BOOL', refinement: 'SEQ_ITP' }, properties: ['Overflow'],
};

const cegarProgress = (iteration: number, argNodes: number) => ({
  phase: 'refinement', iteration,
  stats: { timeMs: 1000, solverChecks: 40, solverTimeMs: 500, argNodes, argCovered: 3, waitlist: 2, precisionSize: 4 },
  newest: ['x = 0', '11 <= x'],
});

function viewOf(...events: Parameters<typeof reduce>[1][]): View {
  return events.reduce(reduce, initialView);
}

const stats = { timeMs: 1234, solverChecks: 65, solverTimeMs: 300 };
const result = (r: Partial<CheckResult> & Pick<CheckResult, 'verdict' | 'panel' | 'code'>): CheckResult => ({
  kind: 'result', header, stats, text: '',
  reports: [{ name: 'Overflow', verdict: r.verdict, ...(r.reason ? { reason: r.reason } : {}), stats }], ...r,
});

describe('sparkline', () => {
  it('scales bars to the largest value shown and keeps the last values that fit', () => {
    expect(sparkline([0, 4, 8], 10)).toBe('▁▄█');
    expect(sparkline([1, 2, 3, 4, 5], 2)).toBe('▆█');
    const { lastFrame } = render(<Sparkline values={[2, 10]} width={10} />);
    expect(lastFrame()).toContain('max 10, last 10');
  });
});

describe('the dashboard', () => {
  it('shows a portfolio member per row: phase, bound or frame, solver calls, and which one won', () => {
    const members = [
      { label: 'cegar', state: 'running', phase: 'abstraction', iteration: 3, stats: { timeMs: 900, solverChecks: 120, solverTimeMs: 400, argNodes: 17 } },
      { label: 'bmc', state: 'running', phase: 'bmc', iteration: 41, stats: { timeMs: 900, solverChecks: 41, solverTimeMs: 700 } },
      { label: 'kind', state: 'unknown', detail: 'bound 20 reached', phase: 'k-induction', iteration: 20, stats: { timeMs: 800, solverChecks: 40, solverTimeMs: 600 } },
      { label: 'ic3', state: 'running', phase: 'blocking', iteration: 2, stats: { timeMs: 900, solverChecks: 77, solverTimeMs: 500, frame: 4 } },
    ] as const;
    const view = viewOf(
      { kind: 'start', header: { ...header, algorithm: 'portfolio', options: { timeout: null, members: 'cegar, bmc, kind, ic3' } } },
      { kind: 'progress', progress: { phase: 'portfolio', iteration: 1, stats: { timeMs: 900, solverChecks: 278, solverTimeMs: 2200 }, members } },
    );
    const frame = render(<Dashboard view={view} file="models/counter.cfa" width={100} interactive />).lastFrame()!;
    expect(frame).toMatch(/cegar\s+abstraction, iteration 3, 120 solver calls/);
    expect(frame).toMatch(/bmc\s+bmc, bound 41, 41 solver calls/);
    expect(frame).toMatch(/kind\s+unknown \(bound 20 reached\), bound 20, 40 solver calls/);
    expect(frame).toMatch(/ic3\s+blocking, frame 4, 77 solver calls/);
    expect(frame).toMatch(/solver\s+278 calls/);
  });

  it('shows header, phase, iteration, ARG, precision with the newest predicates, solver share, time, memory and the chart', () => {
    const view = viewOf(
      { kind: 'start', header },
      { kind: 'progress', progress: cegarProgress(1, 6) },
      { kind: 'progress', progress: cegarProgress(2, 10) },
      { kind: 'progress', progress: cegarProgress(2, 12) },
      { kind: 'tick', elapsedMs: 3000, rssMb: 150.4 },
    );
    expect(view.history).toEqual([6, 12]);
    const frame = render(<Dashboard view={view} file="models/counter.cfa" width={90} interactive />).lastFrame()!;
    expect(frame).toContain('models/counter.cfa');
    expect(frame).toContain('domain PRED_BOOL, refinement SEQ_ITP');
    expect(frame).toMatch(/phase\s+refinement\s+iteration 2/);
    expect(frame).toMatch(/ARG\s+12 nodes, 3 covered, 2 waiting/);
    expect(frame).toMatch(/precision\s+4, newest: x = 0, 11 <= x/);
    expect(frame).toMatch(/solver\s+40 calls \(50% of the time\)/);
    expect(frame).toMatch(/time\s+3\.0 s, memory 150 MB/);
    expect(frame).toMatch(/ARG\/iter\s+▄█ max 12, last 12/);
    expect(frame).toContain('press q to stop');
  });

  it('shows IC3 frames, obligations and clauses for circuits, IC3IA\'s refinements and predicates, and the BMC bound', () => {
    const ic3 = viewOf({ kind: 'progress', progress: { phase: 'ic3', iteration: 5, stats: { frame: 5, obligations: 7, clauses: 31, satCalls: 420 } } });
    const f = render(<Dashboard view={ic3} file="c.aag" width={90} interactive={false} />).lastFrame()!;
    expect(f).toMatch(/IC3\s+frame 5, 7 obligations, 31 clauses/);
    expect(f).toMatch(/solver\s+420 calls/);
    expect(f).not.toContain('press q');
    const ic3ia = viewOf({ kind: 'progress', progress: { phase: 'refinement', iteration: 2, newest: ['j = cnt - 5'], stats: { frame: 6, obligations: 40, clauses: 23, refinements: 2, predicates: 12, solverChecks: 300 } } });
    const g = render(<Dashboard view={ic3ia} file="p.cfa" width={90} interactive={false} />).lastFrame()!;
    expect(g).toMatch(/IC3\s+frame 6, 40 obligations, 23 clauses, 2 refinements/);
    expect(g).toMatch(/predicates\s+12, newest: j = cnt - 5/);
    const bmc = viewOf({ kind: 'progress', progress: { phase: 'bmc', iteration: 17, stats: { solverChecks: 17, solverTimeMs: 5 } } });
    expect(render(<Dashboard view={bmc} file="c.aag" width={90} interactive={false} />).lastFrame()).toMatch(/bmc\s+iteration 17\s+bound 17/);
  });

  it('shows IMPACT\'s unwinding: nodes, covered nodes, forced coverings, refinements, and its size per refinement', () => {
    const step = (iteration: number, unwindingNodes: number) => ({
      kind: 'progress' as const,
      progress: { phase: 'impact', iteration, stats: { solverChecks: 63, solverTimeMs: 5, unwindingNodes, coveredNodes: 3, expanded: 3, forcedAttempts: 4, forcedCoverings: 2, refinements: iteration } },
    });
    const f = render(<Dashboard view={viewOf(step(1, 5), step(2, 8))} file="counter.cfa" width={90} interactive={false} />).lastFrame()!;
    expect(f).toMatch(/unwinding\s+8 nodes, 3 covered, 2 forced coverings, 2 refinements/);
    expect(f).toMatch(/nodes\/ref\s+\S+ max 8, last 8/);
    expect(f).not.toMatch(/IC3\s/);
  });

  it('shows the transition predicates and the lassos refined for termination', () => {
    const view = viewOf({
      kind: 'progress',
      progress: {
        phase: 'refine', iteration: 2, detail: 'head 1 (1 of 1): lasso 1 -> 1 ranked by x >= 0',
        stats: { solverChecks: 30, solverTimeMs: 5, lassos: 2, transitionPredicates: 3, abstractRelations: 4 }, newest: ["x' <= x - 1", 'x >= 0'],
      },
    });
    const f = render(<Dashboard view={view} file="loop.t2" width={120} interactive={false} />).lastFrame()!;
    expect(f).toMatch(/TPA\s+3 transition predicates, 2 lassos refined, 4 abstract relations, newest: x' <= x - 1, x >= 0/);
    expect(f).toMatch(/lasso\s+head 1 \(1 of 1\): lasso 1 -> 1 ranked by x >= 0/);
  });
});

describe('the verdict panel', () => {
  it('SAFE: the certificate summary and the invariant', () => {
    const r = result({ verdict: 'safe', code: 0, panel: { property: 'Overflow', kind: 'invariant', title: 'inductive invariant', locations: 2, conjuncts: 3, invariant: ['Start: true', 'Loop: x = 0'] } });
    const f = render(<VerdictPanel result={r} width={80} />).lastFrame()!;
    expect(f).toMatch(/SAFE\s+1\.2 s, 65 solver checks, exit 0/);
    expect(f).toContain('inductive invariant of 3 conjuncts over 2 locations, checked independently');
    expect(f).toContain('Loop: x = 0');
  });

  it('says the verdict in the format\'s words beside Vigil\'s (CHC-COMP: sat / unsat)', () => {
    const words = { holds: 'sat', fails: 'unsat', by: 'CHC-COMP' };
    const panel = { property: 'query', kind: 'invariant', title: 'inductive invariant', locations: 1, conjuncts: 1, invariant: ['inv: x >= 0'] } as const;
    const safe = render(<VerdictPanel result={{ ...result({ verdict: 'safe', code: 0, panel }), words }} width={80} />).lastFrame()!;
    expect(safe).toMatch(/SAFE \(CHC-COMP: sat\)/);
    const table: CounterexampleTable = { columns: ['location', 'x0'], rows: [['inv', '0'], ['error', '-1']], actions: ['clause 2'] };
    const unsafe = render(<VerdictPanel result={{ ...result({ verdict: 'unsafe', code: 1, panel: { property: 'query', kind: 'trace', title: 'counterexample of 1 step', table } }), words }} width={80} />).lastFrame()!;
    expect(unsafe).toMatch(/UNSAFE \(CHC-COMP: unsat\)/);
  });

  it('UNSAFE: the counterexample as steps by variables with the action per step', () => {
    const table: CounterexampleTable = {
      columns: ['location', 'turn', 'in1'],
      rows: [['Init', '0', 'false'], ['Run', '1', 'false'], ['Bad', '1', 'true']],
      actions: ['Init -> Run { turn := 1 }', 'Run -> Bad { in1 := true }'],
    };
    const f = render(<VerdictPanel result={result({ verdict: 'unsafe', code: 1, panel: { property: 'Overflow', kind: 'trace', title: 'counterexample of 2 steps', table } })} width={80} />).lastFrame()!;
    expect(f).toContain('counterexample of 2 steps, replayed on the model');
    expect(f).toMatch(/step location turn in1\s+action/);
    expect(f).toMatch(/0 Init\s+0\s+false Init -> Run \{ turn := 1 \}/);
    expect(f).toMatch(/2 Bad\s+1\s+true/);
  });

  it('cuts a long, wide counterexample to the first and last steps and the columns that fit, changing ones first', () => {
    const columns = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const rows = Array.from({ length: 40 }, (_, k) => columns.map((_, i) => (i === 29 ? String(k) : '0')));
    const lines = tableLines({ columns, rows, actions: rows.slice(1).map(() => 'transition') }, 60);
    expect(lines.every((l) => l.length <= 60)).toBe(true);
    expect(lines[0]).toMatch(/^step v0 .* v29 action$/);
    expect(lines).toContain('   ⋮ (28 steps not shown, see --json)');
    expect(lines.at(-2)).toMatch(/^  39 /);
    expect(lines.at(-1)).toMatch(/^\(\d+ more variables not shown, see --json\)$/);
  });

  it('TERMINATING and NONTERMINATING: the argument', () => {
    const t = result({ verdict: 'terminating', code: 0, panel: { property: 'termination', kind: 'text', title: 'disjunctively well-founded transition invariant over 1 loop head', lines: ['head 1:', "  ranked: x' <= x - 1 && x >= 0  by x >= 0"] } });
    const f = render(<VerdictPanel result={t} width={120} />).lastFrame()!;
    expect(f).toMatch(/TERMINATING\s+1\.2 s/);
    expect(f).toContain('disjunctively well-founded transition invariant over 1 loop head, checked independently');
    expect(f).toContain('by x >= 0');
    const n = result({ verdict: 'nonterminating', code: 1, panel: { property: 'termination', kind: 'text', title: 'run of 2 steps that repeats a state', lines: ['0  L: x = 1'] } });
    expect(render(<VerdictPanel result={n} width={120} />).lastFrame()).toMatch(/NONTERMINATING[\s\S]*run of 2 steps that repeats a state, checked independently/);
  });

  it('UNKNOWN: the reason and what was reached', () => {
    const r = result({ verdict: 'unknown', reason: { kind: 'timeout', detail: 'timeout' }, code: 3, panel: { property: 'Overflow', kind: 'unknown', reason: 'timeout', reached: 'ic3, iteration 9: frame 9' } });
    const f = render(<VerdictPanel result={r} width={80} />).lastFrame()!;
    expect(f).toMatch(/UNKNOWN \(timeout\)\s+1\.2 s, 65 solver checks, exit 3/);
    expect(f).toContain('reached: ic3, iteration 9: frame 9');
  });
});

describe('several properties', () => {
  const three: Header = { ...header, file: 'design.aag', formalism: 'aiger', algorithm: 'ic3', options: { timeout: null }, properties: ['b0', 'b1', 'b2'] };
  const report = (name: string, verdict: 'safe' | 'unsafe' | 'unknown') => ({ name, verdict, stats });

  it('the dashboard says which property is being checked and how the earlier ones ended', () => {
    const view = viewOf(
      { kind: 'start', header: three },
      { kind: 'property', report: report('b0', 'safe') },
      { kind: 'progress', progress: { phase: 'ic3', iteration: 4, property: 'b1', stats: { frame: 4, obligations: 2, clauses: 9, satCalls: 80 } } },
    );
    const f = render(<Dashboard view={view} file="design.aag" width={90} interactive={false} />).lastFrame()!;
    expect(f).toMatch(/property\s+b1 \(2 of 3\)\s+b0 safe/);
    expect(f).toMatch(/IC3\s+frame 4/);
  });

  it('the verdict panel has a line per property, then the failing one in detail', () => {
    const table: CounterexampleTable = { columns: ['i0'], rows: [['1']], actions: [] };
    const r = result({
      verdict: 'unsafe', code: 1, header: three,
      reports: [report('b0', 'safe'), report('b1', 'unsafe'), { ...report('b2', 'unknown'), reason: { kind: 'timeout', detail: 'timeout' } }],
      panel: { property: 'b1', kind: 'trace', title: 'counterexample of 0 steps', table },
    });
    const lines = render(<VerdictPanel result={r} width={80} />).lastFrame()!.split('\n');
    expect(lines.findIndex((l) => /b0: SAFE/.test(l))).toBeLessThan(lines.findIndex((l) => /b1: UNSAFE/.test(l)));
    expect(lines.some((l) => /b2: UNKNOWN \(timeout\)/.test(l))).toBe(true);
    expect(lines.some((l) => /property b1/.test(l))).toBe(true);
    expect(lines.some((l) => /counterexample of 0 steps/.test(l))).toBe(true);
  });
});

describe('the app', () => {
  it('follows the feed, asks to stop on q, and ends with the verdict panel', async () => {
    const feed = new Feed();
    let stops = 0;
    const app = render(<CheckApp feed={feed} file="models/counter.cfa" interactive onStop={() => { stops++; }} />);
    feed.push({ kind: 'start', header });
    feed.push({ kind: 'progress', progress: cegarProgress(3, 20) });
    await new Promise((r) => setTimeout(r, 50));
    expect(app.lastFrame()).toMatch(/iteration 3/);
    app.stdin.write('q');
    await new Promise((r) => setTimeout(r, 50));
    expect(stops).toBe(1);
    feed.push({ kind: 'outcome', outcome: result({ verdict: 'unknown', reason: { kind: 'stopped', detail: 'stopped by the user' }, code: 3, panel: { property: 'Overflow', kind: 'unknown', reason: 'stopped by the user' } }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(app.lastFrame()).toContain('UNKNOWN (stopped by the user)');
    expect(app.lastFrame()).toContain('last phase refinement, iteration 3 · 20 ARG nodes · precision 4');
    expect(app.lastFrame()).not.toContain('press q');
  });
});
