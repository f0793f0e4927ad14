/**
 * The report's data (data.ts) from a certified run: the problem as its front end read it, each
 * property's checked result, the run's header and the progress the engines reported. It is the same
 * for every format: what is the format's own (the source highlighted, the automaton drawn, where an
 * action is written, the file's names for variables and values, a circuit's waveforms and clauses)
 * comes from the problem's report view (formalisms/report-view.ts), and the files to download are
 * the problem's own outputs. Formulas and values are printed here, in the thread that owns the
 * model, in the model's own syntax.
 */
import { basename } from 'node:path';
import { declareVar, freeVars, ref, substitute, type Expr, type VarDecl } from '../../lang/expr.js';
import { toDecimal, type FpValue } from '../../lang/float.js';
import { printExpr, type Dialect } from '../../lang/print.js';
import { readable } from '../../lang/readable.js';
import type { FpType } from '../../lang/types.js';
import type { Action, Interpreter, Location } from '../../formalisms/interpreter.js';
import type { Answer, Checked, Problem } from '../../formalisms/problem.js';
import type { Task } from '../../formalisms/task.js';
import type { Property } from '../../formalisms/property-kinds.js';
import { shownAs } from '../../formalisms/property-kinds.js';
import type { ArgGraph } from '../../formalisms/result.js';
import type { Drawing } from '../../formalisms/report-view.js';
import type { Trace } from '../../formalisms/trace.js';
import type { Waveform } from '../../formalisms/waveform.js';
import { certificateTitle, type NonterminationCertificate, type TerminationCertificate } from '../../formalisms/certificate.js';
import { claimCheck } from '../../certificates/check.js';
import { certificateLines, type Summary } from '../render.js';
import type { Header } from '../protocol.js';
import type { ProgressLog } from './progress-log.js';
import type {
  ActionData, ArgData, AutomatonData, InvariantData, PropertyData, ReportData, SourceData, TerminationData, TraceData, WaveformData,
} from './data.js';

/** Past this many lines (or bytes) of source the page shows the beginning only. */
const SOURCE_LINES = 2000;
const SOURCE_BYTES = 400_000;
/** Longest formula printed in full; a DAG with much sharing can print far longer than it is. */
const FORMULA_CHARS = 100_000;
/** ARG nodes listed; the page says how many more there were. */
const ARG_NODES = 2000;
/** Clauses of a circuit's invariant listed. */
const CLAUSES = 5000;
/** Largest file embedded to download: a witness circuit is as large as its model, and the page stays small. */
const DOWNLOAD_BYTES = 256 * 1024;

interface ReportContext {
  readonly version: string;
  readonly header: Header;
  readonly memoryMb?: number;
  readonly progress?: ProgressLog;
}

function sourceOf(problem: Problem): SourceData {
  const text = problem.report.text;
  if (text === undefined) return { lines: [], totalLines: 0, bytes: 0 };
  const all = text.replace(/\r?\n$/, '').split(/\r?\n/);
  const shown: string[] = [];
  let size = 0;
  for (const line of all) {
    size += line.length + 1;
    if (shown.length === SOURCE_LINES || size > SOURCE_BYTES) break;
    shown.push(line);
  }
  return { lines: problem.report.highlight(shown), totalLines: all.length, bytes: Buffer.byteLength(text) };
}

/** How a property's formulas and values are printed, and what its variables are called on the page. */
class Printer {
  /** The view's variables as the file names them, where it names them otherwise. */
  private readonly shown = new Map<VarDecl, Expr>();

  /** How formulas print: as the model's; a nonlinear clause system, which has no interpreter view, as a linear one's CFA view. */
  private readonly dialect: Dialect;

  constructor(readonly problem: Problem, readonly p: Property, private readonly task: Task, readonly drawing: Drawing | undefined) {
    this.dialect = task.clauses?.linear === false ? 'cfa' : task.model.dialect;
    const name = problem.report.name;
    if (name) for (const v of [...task.model.vars, ...task.model.inputs]) this.shown.set(v, ref(declareVar(name(p, v), v.type)));
  }

  /** The interpreter view, for counterexamples. */
  get model(): Interpreter {
    return this.task.model;
  }

  name(v: VarDecl): string {
    return this.shown.get(v)?.decl?.name ?? v.name.split('#')[0]!;
  }

  formula(e: Expr): string {
    return printExpr(this.shown.size > 0 ? substitute(e, this.shown) : e, this.dialect, FORMULA_CHARS);
  }

  value(v: Expr | undefined): string {
    if (v === undefined) return '?';
    if (this.problem.report.value) return this.problem.report.value(v);
    const text = printExpr(v, this.dialect);
    return v.op === 'fplit' ? `${text} (${toDecimal(v.type as FpType, v.value as FpValue)})` : text;
  }

  location(l: Location): { element?: string } {
    const element = this.drawing?.location(l);
    return element === undefined ? {} : { element };
  }

  action(a: Action, choices: ReadonlyMap<VarDecl, Expr> = new Map()): ActionData {
    const element = this.drawing?.action(a);
    const lines = this.problem.report.lines?.(a);
    return {
      label: a.label,
      ...(element === undefined ? {} : { element }),
      ...(lines === undefined ? {} : { lines }),
      choices: [...choices].map(([d, v]) => `${this.name(d)} = ${this.value(v)}`),
    };
  }
}

function traceData(print: Printer, trace: Trace): TraceData {
  const model = print.model;
  const located = model.locations.length > 1;
  let before: readonly string[] | undefined;
  const steps = trace.states.map((s, i) => {
    const values = model.vars.map((v) => print.value(s.vals.get(v)));
    const changed = before ? values.flatMap((v, k) => (v !== before![k] ? [k] : [])) : [];
    before = values;
    const a = trace.actions[i];
    return {
      ...(located ? { location: s.loc.name } : {}),
      values,
      changed,
      ...(a ? { action: print.action(a, trace.choices[i]) } : {}),
    };
  });
  return { columns: model.vars.map((v) => print.name(v)), steps };
}

function hexOf(v: bigint, width: number): string {
  return width === 1 ? String(v) : `0x${v.toString(16).padStart(Math.ceil(width / 4), '0')}`;
}

function waveformData(w: Waveform): WaveformData {
  return {
    cycles: w.cycles,
    signals: w.signals.map((s) => ({
      name: s.lsb === undefined ? s.name : `${s.name}[${s.lsb + s.width - 1}:${s.lsb}]`, kind: s.kind, width: s.width, values: s.values.map((v) => hexOf(v, s.width)),
    })),
  };
}

function counterexample(print: Printer, r: Answer): TraceData {
  const { problem, p } = print;
  const trace = traceData(print, problem.trace(p, r.certificate));
  const waveform = problem.report.waveform?.(p, r.certificate);
  return waveform ? { ...trace, waveform: waveformData(waveform) } : trace;
}

function invariant(print: Printer, r: Answer): InvariantData {
  const { problem, p } = print;
  const locations = [...problem.invariant(p, r.certificate)].map(([l, e]) => ({
    location: l.name,
    ...print.location(l),
    shown: print.formula(readable(e)),
    checked: print.formula(e),
    mentions: freeVars(e).map((v) => print.name(v)),
  }));
  const clauses = problem.report.clauses?.(p, r.certificate);
  return { title: certificateTitle(r.certificate), locations, ...(clauses ? { clauses: clauses.slice(0, CLAUSES) } : {}) };
}

function termination(print: Printer, c: TerminationCertificate | NonterminationCertificate): TerminationData {
  const certificate = print.problem.certificateText(print.p, c);
  const title = certificateTitle(c);
  const perLocation = (m: ReadonlyMap<Location, Expr>) => [...m].map(([l, e]) => ({ location: l.name, text: print.formula(readable(e)) }));
  if (c.kind === 'transition-invariant') {
    return {
      kind: 'transition-invariant', title, certificate,
      reach: perLocation(c.reach),
      heads: c.heads.map((h) => ({
        head: h.head.name,
        ...print.location(h.head),
        relations: perLocation(h.relations),
        ranked: h.ranked.map((r) => ({ relation: print.formula(r.relation), rank: print.formula(r.rank), bound: r.bound.toString() })),
      })),
    };
  }
  const trace = c.kind === 'recurrent-set' ? c.stem : c.trace;
  const loopStart = c.kind === 'recurrent-set' ? c.stem.states.length - 1 : c.loopStart;
  const cycle = c.kind === 'recurrent-set' ? c.cycle : trace.actions.slice(loopStart);
  return {
    kind: 'lasso', title, certificate, loopStart,
    run: traceData(print, trace),
    cycle: cycle.map((a) => print.action(a)),
    ...(c.kind === 'recurrent-set' ? { recurrentSet: print.formula(c.set) } : {}),
  };
}

/** The final ARG as a tree: each node under the node whose successor it is, with the action taken. */
function argData(arg: ArgGraph): ArgData {
  const parent = new Map<number, { from: number; label: string }>();
  for (const e of arg.edges) if (!parent.has(e.to)) parent.set(e.to, { from: e.from, label: e.label });
  const nodes = [...arg.nodes].sort((a, b) => a.id - b.id);
  return {
    total: nodes.length,
    nodes: nodes.slice(0, ARG_NODES).map((n) => {
      const edge = parent.get(n.id);
      return {
        id: n.id,
        ...(edge ? { parent: edge.from, action: edge.label } : {}),
        location: n.location,
        state: n.state,
        ...(n.coveredBy === undefined ? {} : { coveredBy: n.coveredBy }),
        ...(n.target ? { unsafe: true } : {}),
      };
    }),
  };
}

function mediaType(name: string, file: string | Uint8Array): string {
  if (typeof file !== 'string') return 'application/octet-stream';
  return name.endsWith('.csv') ? 'text/csv' : 'text/plain';
}

/** The files the front end writes for this property that the report offers, named after the model and the property. */
function downloads(problem: Problem, checked: Checked): PropertyData['downloads'] {
  const stem = basename(problem.file).replace(/\.[^.]*$/, '');
  return problem.outputs.flatMap((o) => {
    if (o.download === undefined) return [];
    const name = `${stem}.${checked.property.name}${o.download}`;
    const file = o.write([checked], name);
    if (file === undefined) return [];
    const bytes = typeof file === 'string' ? Buffer.byteLength(file) : file.length;
    return [{ name, option: o.name, bytes, type: mediaType(name, file), ...(bytes > DOWNLOAD_BYTES ? {} : { base64: Buffer.from(file).toString('base64') }) }];
  });
}

function property(problem: Problem, drawing: Drawing | undefined, checked: Checked, context: ReportContext): PropertyData {
  const { property: p, result: r } = checked;
  const print = new Printer(problem, p, problem.task(p), drawing);
  const progress = context.progress?.of(p.name);
  const arg = r.arg?.();
  const base = {
    name: p.name, kind: p.kind, verdict: r.verdict, timeMs: r.stats.timeMs, solverChecks: r.stats.solverChecks, statistics: { ...r.stats },
    downloads: downloads(problem, checked),
    ...(arg ? { arg: argData(arg) } : {}), ...(progress ? { progress } : {}),
  };
  if (r.verdict === 'unknown') return { ...base, reason: r.reason.detail };
  const claims = problem.claims(p, r);
  const certificate = { kind: claims[0]!.kind, title: certificateTitle(r.certificate), check: [...new Set(claims.map(claimCheck))].join('; and ') };
  switch (shownAs(r.verdict, r.certificate)) {
    case 'trace': return { ...base, certificate, counterexample: counterexample(print, r) };
    case 'invariant': return { ...base, certificate, invariant: invariant(print, r) };
    case 'text':
      if (r.certificate.kind === 'derivation') return { ...base, certificate, derivation: certificateLines(problem, p, r.certificate) };
      return { ...base, certificate, termination: termination(print, r.certificate as TerminationCertificate | NonterminationCertificate) };
  }
}

function automaton(problem: Problem, drawing: Drawing | undefined, checked: readonly Checked[]): AutomatonData | undefined {
  if (!drawing) return undefined;
  const model = problem.task(checked[0]!.property).model;
  const locations = model.locations.flatMap((l) => {
    const element = drawing.location(l);
    return element === undefined ? [] : [{ name: l.name, element }];
  });
  const edges = new Set(model.locations.flatMap((l) => model.actions(l))).size;
  return { dot: drawing.dot, locations, edges };
}

/** The report of a certified run. */
export function buildReport(problem: Problem, checked: readonly Checked[], summary: Summary, context: ReportContext): ReportData {
  const drawing = problem.report.drawing?.();
  const shown = automaton(problem, drawing, checked);
  return {
    vigil: context.version,
    file: problem.file,
    formalism: problem.formalism,
    title: problem.report.title,
    verdict: summary.verdict,
    ...(summary.reason === undefined ? {} : { reason: summary.reason.detail }),
    algorithm: context.header.algorithm,
    options: context.header.options,
    ...(context.memoryMb === undefined ? {} : { memoryMb: context.memoryMb }),
    timeMs: summary.stats.timeMs,
    source: sourceOf(problem),
    ...(shown ? { automaton: shown } : {}),
    properties: checked.map((c) => property(problem, shown ? drawing : undefined, c, context)),
  };
}
