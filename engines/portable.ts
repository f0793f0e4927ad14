/**
 * A result as plain data, so that an engine run in a worker thread can hand its verdict and
 * certificate to the thread that checks and prints it (the portfolio's members). The circuit
 * certificates are plain data already. For the others, the sender and the receiver each have the
 * same task, read from the same file or built from the same circuit, so their interpreter views
 * have the same locations, actions and variables in the same order: locations travel by id,
 * actions by their place among their location's actions, variables by their position (model
 * variables) or their action and position (action locals); expressions travel packed
 * (lang/transfer.ts). A nonlinear clause system has no interpreter view: its invariants speak of
 * its clause view's locations and variables, which travel the same way, and its derivations
 * name clauses by their place in the file.
 */
import { ref, type Expr, type VarDecl } from '../lang/expr.js';
import { packExprs, unpackExprs, type PortableExprs } from '../lang/transfer.js';
import type { Location } from '../formalisms/interpreter.js';
import type { Trace } from '../formalisms/trace.js';
import type { Certificate, SafeCertificate, UnsafeCertificate } from '../formalisms/certificate.js';
import type { Task } from '../formalisms/task.js';
import type { Result, Statistics, UnknownReason } from '../formalisms/result.js';

/** The certificates that are plain data already: the circuits' runs and proofs, the liveness lassos and proofs. */
const PLAIN = ['run', 'latch-clauses', 'k-induction', 'lasso', 'l2s-invariant', 'l2s-k-induction', 'k-liveness'] as const;
type PlainKind = (typeof PLAIN)[number];

type PortableCertificate =
  | { readonly kind: 'trace'; readonly locs: readonly number[]; readonly actions: readonly (readonly [number, number])[];
      /** Per state, then per step's choices: how many (variable, value) pairs, in `exprs` order. */
      readonly sizes: readonly number[]; readonly exprs: PortableExprs }
  | { readonly kind: 'invariant'; readonly locs: readonly number[]; readonly exprs: PortableExprs }
  | { readonly kind: 'k-invariant'; readonly k: number; readonly simplePath: boolean; readonly locs: readonly number[]; readonly exprs: PortableExprs }
  /** Per step its clause's index and premises; `exprs` the values of every step's clause variables, in order. */
  | { readonly kind: 'derivation'; readonly steps: readonly { readonly clause: number; readonly premises: readonly number[] }[]; readonly exprs: PortableExprs }
  | { readonly kind: 'plain'; readonly certificate: Certificate & { kind: PlainKind } };

export type PortableResult =
  | { readonly verdict: 'unknown'; readonly reason: UnknownReason; readonly stats: Statistics }
  | { readonly verdict: Exclude<Result['verdict'], 'unknown'>; readonly certificate: PortableCertificate; readonly stats: Statistics };

/** The view's variables by keys that name the same variables in another thread's view of the same model, and its locations by id. */
interface Names {
  keyOf(d: VarDecl): string | undefined;
  known(key: string): VarDecl | undefined;
  location(id: number): Location;
}

/** The names of the task's interpreter view, or of a nonlinear clause system's clause view, which has none. */
function names(task: Task): Names {
  const byDecl = new Map<VarDecl, string>();
  let locations: readonly Location[];
  const clauses = task.clauses;
  if (clauses && !clauses.linear) {
    clauses.vars.forEach((v, i) => byDecl.set(v, `v${i}`));
    locations = [...clauses.locOf.values()];
  } else {
    const model = task.model;
    model.vars.forEach((v, i) => byDecl.set(v, `v${i}`));
    for (const l of model.locations) {
      model.actions(l).forEach((a, j) => a.locals.forEach((v, i) => { if (!byDecl.has(v)) byDecl.set(v, `a${l.id}.${j}.${i}`); }));
    }
    locations = model.locations;
  }
  const byKey = new Map([...byDecl].map(([d, k]) => [k, d]));
  return {
    keyOf: (d) => byDecl.get(d),
    known: (k) => byKey.get(k),
    location: (id) => {
      const l = locations.find((x) => x.id === id);
      if (!l) throw new Error(`portable result: the model has no location ${id}`);
      return l;
    },
  };
}

/** The result of a task as plain data. */
export function packResult(task: Task, r: Result): PortableResult {
  if (r.verdict === 'unknown') return { verdict: 'unknown', reason: r.reason, stats: r.stats };
  const c = r.certificate;
  if ((PLAIN as readonly string[]).includes(c.kind)) return { verdict: r.verdict, stats: r.stats, certificate: { kind: 'plain', certificate: c as Certificate & { kind: PlainKind } } };
  const { keyOf } = names(task);
  switch (c.kind) {
    case 'trace': {
      const model = task.model;
      const maps = [...c.trace.states.map((s) => s.vals), ...c.trace.choices];
      const exprs = packExprs(maps.flatMap((m) => [...m].flatMap(([v, x]) => [ref(v), x])), keyOf);
      const actions = c.trace.actions.map((a) => [a.source.id, model.actions(a.source).indexOf(a)] as const);
      return { verdict: 'unsafe', stats: r.stats, certificate: { kind: 'trace', locs: c.trace.states.map((s) => s.loc.id), actions, sizes: maps.map((m) => m.size), exprs } };
    }
    case 'invariant':
    case 'k-invariant': {
      const entries = [...c.invariant];
      const base = { locs: entries.map(([l]) => l.id), exprs: packExprs(entries.map(([, e]) => e), keyOf) };
      return { verdict: 'safe', stats: r.stats, certificate: c.kind === 'invariant' ? { kind: 'invariant', ...base } : { kind: 'k-invariant', k: c.k, simplePath: c.simplePath, ...base } };
    }
    case 'derivation': {
      const { steps } = c.derivation;
      const exprs = packExprs(steps.flatMap((st) => st.clause.vars.map((y) => st.values.get(y)!)), keyOf);
      return { verdict: 'unsafe', stats: r.stats, certificate: { kind: 'derivation', steps: steps.map((st) => ({ clause: st.clause.index, premises: st.premises })), exprs } };
    }
    default: throw new Error(`portable result: a ${c.kind} does not travel between threads`);
  }
}

/** The result rebuilt over this thread's task. */
export function unpackResult(task: Task, p: PortableResult): Result {
  if (p.verdict === 'unknown') return p;
  const c = p.certificate;
  if (c.kind === 'plain') return { verdict: p.verdict, certificate: c.certificate, stats: p.stats } as Result;
  const { known, location } = names(task);
  const exprs = unpackExprs(c.exprs, known);
  if (c.kind === 'derivation') {
    const system = task.clauses!.system;
    let at = 0;
    const steps = c.steps.map(({ clause: index, premises }) => {
      const clause = system.clauses[index]!;
      return { clause, premises, values: new Map(clause.vars.map((y) => [y, exprs[at++]!])) };
    });
    return { verdict: 'unsafe', certificate: { kind: 'derivation', derivation: { steps } }, stats: p.stats };
  }
  if (c.kind === 'trace') {
    const model = task.model;
    let at = 0;
    const maps = c.sizes.map((n) => {
      const m = new Map<VarDecl, Expr>();
      for (let i = 0; i < n; i++, at += 2) m.set(exprs[at]!.decl!, exprs[at + 1]!);
      return m;
    });
    const states = c.locs.map((id, i) => ({ loc: location(id), vals: maps[i]! }));
    const actions = c.actions.map(([id, j]) => {
      const a = model.actions(location(id))[j];
      if (!a) throw new Error(`portable result: location ${id} has no action ${j}`);
      return a;
    });
    const trace: Trace = { states, actions, choices: maps.slice(states.length) };
    const certificate: UnsafeCertificate = { kind: 'trace', trace };
    return { verdict: 'unsafe', certificate, stats: p.stats };
  }
  const invariant = new Map(c.locs.map((id, i) => [location(id), exprs[i]!]));
  const certificate: SafeCertificate = c.kind === 'invariant' ? { kind: 'invariant', invariant } : { kind: 'k-invariant', k: c.k, simplePath: c.simplePath, invariant };
  return { verdict: 'safe', certificate, stats: p.stats };
}
