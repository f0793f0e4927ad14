/**
 * The CHC front end's problem (`.smt2` in the CHC-COMP format): a clause system with one safety
 * property, named after the queries' head: `false` is not derivable. SAFE is CHC-COMP's `sat`,
 * UNSAFE its `unsat`, and the problem says so (`verdictWords`). Its tasks have the clause view
 * (layout.ts), which PDR over clauses checks, and a linear system the CFA view too (cfa.ts), which
 * every word-level engine checks; a nonlinear system has no CFA view, and an engine that needs one
 * is told so before it starts (engines/engine.ts).
 *
 * What an answer claims about the file is said in the clauses' own terms besides the CFA view's:
 * a model (model.ts), the `define-fun`s `--certificate` writes, checked clause by clause after
 * being read back from that text; a derivation of false (derivation.ts), replayed against the
 * clauses (certificates/chc-model.ts, certificates/chc-derivation.ts). A k-inductive invariant
 * (k > 1) proves sat but is no model: the problem's tasks ask for inductive proofs
 * (engines/passes/inductive.ts strengthens one), and where none came only its own check stands.
 */
import { basename } from 'node:path';
import type { Expr } from '../../../lang/expr.js';
import { plural } from '../../plural.js';
import { cfaDot, clauseDot } from '../../dot.js';
import { cfaInterpreter } from '../../cfa-semantics.js';
import { modelClaims, type Certificate, type Claim } from '../../certificate.js';
import type { Interpreter, Location } from '../../interpreter.js';
import { theoriesOf, type Answer, type Output, type Problem } from '../../problem.js';
import type { Property } from '../../property-kinds.js';
import { cexOutput, wordLevelProblem } from '../word-level.js';
import { text } from '../frontend.js';
import { keywordHighlighter } from '../../report-view.js';

/** SMT-LIB's words in CHC-COMP files, for the report's highlighting. */
const SMT_KEYWORDS = ['set-logic', 'set-info', 'declare-fun', 'define-fun', 'assert', 'forall', 'exists', 'let', 'check-sat', 'exit', 'and', 'or', 'not', '=>', 'ite', 'true', 'false', 'Int', 'Real', 'Bool'];
import { chcCfa, queryName } from './cfa.js';
import { nonlinearClause, type ChcSystem } from './clauses.js';
import { clauseView, type ClauseView } from './layout.js';
import { derivationOfTrace, derivationText, type ChcDerivation } from './derivation.js';
import { modelOfInvariant, modelText, type ChcModel } from './model.js';

export interface ChcProblem extends Problem {
  readonly view: ClauseView;
  /**
   * The model of a sat certificate: the invariant's, for an inductive invariant (a 1-inductive
   * one included); undefined for a k-inductive invariant with k > 1, which is no model.
   */
  modelOf(c: Certificate): ChcModel | undefined;
  /** The derivation of false that an unsat certificate's counterexample follows. */
  derivationOf(c: Certificate): ChcDerivation;
}

/** Predicates listed by name and arity in the summary up to this many. */
const LISTED = 6;

function summary(system: ChcSystem, view: ClauseView): string {
  const { predicates: preds, clauses } = system;
  const arities = preds.map((p) => p.sorts.length);
  const listed = preds.length <= LISTED ? ` (${preds.map((p) => `${p.name}/${p.sorts.length}`).join(', ')})` : `, arity up to ${Math.max(0, ...arities)}`;
  const facts = clauses.filter((c) => c.body.length === 0 && c.head).length;
  const queries = clauses.filter((c) => !c.head).length;
  return `chc; ${plural(preds.length, 'predicate')}${listed}; ${plural(clauses.length, 'clause')}: `
    + `${plural(facts, 'fact')}, ${plural(queries, 'query')}; ${view.linear ? 'linear' : 'nonlinear'}; ${plural(view.vars.length, 'variable')}`;
}

function invariantOf(c: Certificate): ReadonlyMap<Location, Expr> {
  if (c.kind !== 'invariant' && c.kind !== 'k-invariant') throw new Error(`a ${c.kind} is not a proof of a clause system`);
  return c.invariant;
}

function traceOf(c: Certificate) {
  if (c.kind !== 'trace') throw new Error(`a ${c.kind} is not a counterexample of the CFA view of a clause system`);
  return c.trace;
}

export function chcProblem(file: string, source: Uint8Array, system: ChcSystem): ChcProblem {
  const view = clauseView(system);
  const name = basename(file).replace(/\.smt2$/i, '') || 'chc';
  const chc = view.linear ? chcCfa(view, name) : undefined;
  let interpreter: Interpreter | undefined;
  const model = (): Interpreter => {
    if (!chc) throw nonlinearClause(system)!;
    return (interpreter ??= cfaInterpreter(chc.cfa));
  };
  const property: Property = { name: queryName(system), kind: 'safety', index: 0 };
  const modelOf = (c: Certificate): ChcModel | undefined =>
    (c.kind === 'k-invariant' && c.k > 1 ? undefined : modelOfInvariant(view, invariantOf(c)));
  const derivationOf = (c: Certificate): ChcDerivation => (c.kind === 'derivation' ? c.derivation : derivationOfTrace(chc!, traceOf(c)));

  const certificateText = (_p: Property, c: Certificate): string => {
    if (c.kind === 'trace' || c.kind === 'derivation') return derivationText(system, derivationOf(c));
    const m = modelOf(c);
    if (m) {
      return modelText(system, m, [
        `A model of the clauses of ${file} (CHC-COMP: sat), found and checked by vigil.`,
        'Under these interpretations of the predicates every clause of the file is valid.',
      ]);
    }
    // a k-inductive invariant proves sat, but interpreted as it is it need not make every clause valid
    const k = c.kind === 'k-invariant' ? c.k : 0;
    const invariant = modelText(system, modelOfInvariant(view, invariantOf(c))).trimEnd().split('\n');
    const lines = [
      `No model of the clauses of ${file}: vigil proved them sat (false is not derivable) by`,
      `${k}-induction, and checked its certificate, the ${k}-inductive invariant below; it is no`,
      'model (a clause may not be valid under it). Run with --algorithm cegar, ic3 or impact for a model.',
      ...invariant,
    ];
    return `${lines.map((l) => `; ${l}`).join('\n')}\n`;
  };

  const word = wordLevelProblem({
    file,
    source,
    formalism: 'chc',
    warnings: [],
    properties: [property],
    theories: theoriesOf([...view.vars, ...system.clauses.flatMap((c) => c.vars)]),
    summary: () => summary(system, view),
    model,
    clauses: view,
    certificateText,
    inductiveProofs: true,
    drawing: () => {
      if (chc) return cfaDot(chc.cfa);
      const index = new Map(system.predicates.map((p, i) => [p, i]));
      return clauseDot(name, system.predicates.map((p) => p.name), system.clauses.map((c) => ({ body: c.body.map((a) => index.get(a.pred)!), head: c.head && index.get(c.head.pred) })));
    },
    report: { text: text(source), title: 'constrained Horn clauses', highlight: keywordHighlighter(SMT_KEYWORDS, ';') },
  });

  /**
   * Whether a certificate speaks of the CFA view: a counterexample, a k-inductive invariant, or an
   * invariant with the initial location. PDR over clauses speaks of the clauses alone (a
   * derivation, an invariant per predicate location), and its answers are claims in the clauses'
   * terms only (a model, a derivation), which decide them.
   */
  const overCfa = (c: Certificate): boolean =>
    chc !== undefined && (c.kind === 'trace' || c.kind === 'k-invariant' || (c.kind === 'invariant' && c.invariant.has(chc.cfa.init)));

  /** Besides the CFA view's claims, the same answer in the clauses' terms: the model as written, or the derivation. */
  const claims = (_p: Property, r: Answer): Claim[] => {
    const c = r.certificate;
    const own: Claim[] = [];
    if (c.kind === 'trace' || c.kind === 'derivation') own.push({ kind: 'chc-derivation', system, derivation: derivationOf(c) });
    else {
      const m = modelOf(c);
      if (m) own.push({ kind: 'chc-model', system, text: modelText(system, m) });
    }
    return [...(overCfa(c) ? modelClaims(model(), c) : []), ...own];
  };

  const outputs: Output[] = [
    cexOutput(model, (_p, c) => traceOf(c)),
    {
      name: 'certificate',
      scope: 'property',
      write: ([c]) => (c!.result.verdict === 'unknown' ? undefined : certificateText(c!.property, c!.result.certificate)),
    },
  ];

  return {
    ...word,
    view,
    verdictWords: { holds: 'sat', fails: 'unsat', by: 'CHC-COMP' },
    claims,
    trace: (_p, c) => traceOf(c),
    invariant: (_p, c) => invariantOf(c),
    outputs,
    modelOf,
    derivationOf,
  };
}
