/**
 * The problem of an explicit state graph: a control-flow automaton without variables, one location
 * per state (a fresh initial location leads to every initial state, and every bad state to a fresh
 * error location), so that every word-level engine checks it as it checks any CFA. Its own outputs
 * speak of states: `--cex` the path of states into a bad one, `--certificate` the states the proof
 * allows, which include every reachable state and no bad one.
 */
import { False } from '../../../lang/expr.js';
import type { Cfa, Edge, Loc } from '../../cfa.js';
import { cfaInterpreter } from '../../cfa-semantics.js';
import { cfaDot, cfaDrawing } from '../../dot.js';
import { keywordHighlighter } from '../../report-view.js';
import { text } from '../frontend.js';
import type { Certificate } from '../../certificate.js';
import type { Interpreter } from '../../interpreter.js';
import type { Output, Problem } from '../../problem.js';
import { shownAs, type Property } from '../../property-kinds.js';
import { wordLevelProblem } from '../word-level.js';
import type { StateGraph } from './read.js';

const START = '(start)';
const ERROR = '(bad)';

function automaton(file: string, g: StateGraph): Cfa {
  const locs: Loc[] = [START, ...g.states, ERROR].map((name, id) => ({ id, name }));
  const loc = (name: string) => locs.find((l) => l.name === name)!;
  const pairs: (readonly [string, string])[] = [...g.init.map((s): [string, string] => [START, s]), ...g.edges, ...g.bad.map((s): [string, string] => [s, ERROR])];
  // where each edge is written: the initial state's, the edge's or the bad state's line
  const lines = [...g.lines.init, ...g.lines.edges, ...g.lines.bad];
  const edges: Edge[] = pairs.map(([a, b], id) => ({ id, source: loc(a), target: loc(b), stmts: [], lines: { first: lines[id]!, last: lines[id]! } }));
  return { name: file.replace(/^.*[\\/]/, '').replace(/\.graph$/i, ''), vars: [], locs, edges, init: loc(START), error: loc(ERROR) };
}

export function graphProblem(file: string, source: Uint8Array, g: StateGraph): Problem {
  const cfa = automaton(file, g);
  let model: Interpreter | undefined;
  const view = (): Interpreter => (model ??= cfaInterpreter(cfa));
  const property: Property = { name: 'bad', kind: 'safety', index: 0 };
  const allowed = (c: Certificate) => (c.kind === 'invariant' || c.kind === 'k-invariant'
    ? g.states.filter((s) => (c.invariant.get(view().locations.find((l) => l.name === s)!) ?? False) !== False)
    : g.states);
  const problem = wordLevelProblem({
    file,
    source,
    formalism: 'graph',
    warnings: [],
    properties: [property],
    // no variables: the locations are the states
    theories: new Set(),
    summary: () => `graph; ${g.states.length} states, ${g.edges.length} edges; ${g.init.length} initial, ${g.bad.length} bad`,
    model: view,
    certificateText: (_p, c) => `# the states a run can reach, none of them bad (${c.kind === 'k-invariant' ? `${c.k}-inductive` : 'inductive'}), found and checked by vigil\nreach ${allowed(c).join(' ')}\n`,
    drawing: () => cfaDot(cfa),
    report: {
      text: text(source), title: 'explicit state graph', highlight: keywordHighlighter(['init', 'bad'], '#'),
      drawing: () => cfaDrawing(cfa), lines: (a) => cfa.edges[a.id]?.lines,
    },
  });
  const outputs: Output[] = [
    {
      name: 'cex',
      scope: 'property',
      download: '.cex.txt',
      write: ([c]) => {
        const r = c!.result;
        if (r.verdict === 'unknown' || shownAs(r.verdict, r.certificate) !== 'trace') return undefined;
        const states = problem.trace(property, r.certificate).states.map((s) => s.loc.name).filter((n) => n !== START && n !== ERROR);
        return `${states.join(' -> ')}\n`;
      },
    },
    { name: 'certificate', scope: 'property', download: '.certificate.txt', write: ([c]) => (c!.result.verdict === 'safe' ? problem.certificateText(property, c!.result.certificate) : undefined) },
  ];
  return { ...problem, outputs };
}
