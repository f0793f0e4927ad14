/**
 * The AIGER front end (`.aag`, `.aig`, format 1.9): every bad-state literal is a property (`b0`,
 * `b1`, ...), or every output when the file has neither a B nor a J section (`o0`, ...), as HWMCC
 * reads them; every justice property is a liveness property (`j0`, `j1`, ...) under the file's
 * fairness constraints, checked on its own like the bad states (live-witness.ts says how its
 * answers are put in the file's terms: lassos, and liveness witness circuits).
 *
 * The file's graph is kept whole: witnesses are replayed on it and witness circuits extend it. Each
 * property's task is its cone, reduced by cone of influence and constant propagation
 * (formalisms/circuit-task.ts); inputs and latches keep their file positions through every
 * reduction, so runs and invariants move from the cone to the file by position.
 *
 * What a result claims about the file is said in the file's own terms: a counterexample is an
 * HWMCC witness simulated on the file's graph by the HWMCC rules, a proof a witness circuit in
 * certifaiger's format (the file's circuit with the invariant joined to the property, in the
 * consecutive numbering certifaiger expects), checked by certifaiger's rules. Those are also the
 * files it writes: `--witness` (one entry per property: `1`, the property, the initial latches,
 * one input vector per step, `.`; `0`/`2` for safe/unknown) and `--certificate` (ASCII AIGER, binary
 * when the name ends in `.aig`, or when asked for binary and the name does not end in `.aag`). A
 * counterexample is also the file's signals per cycle (aiger/waveform.ts): `--vcd` writes them as a
 * Value Change Dump, and the report draws them, names the variables after the symbol table and
 * shows a proof's clauses over the file's latches.
 */
import type { Expr, VarDecl } from '../../../lang/expr.js';
import { printExpr } from '../../../lang/print.js';
import { InputError } from '../../../lang/errors.js';
import type { AigerFile } from './read.js';
import { FALSE_LIT, aigFromFile, coneOfInfluence, propagateConstants, withJustice, withProperty, type Aig, type Lit } from '../../aig.js';
import type { Run } from '../../aig-eval.js';
import { printAag, printAig } from '../../aig-print.js';
import { asBits } from '../../cex-table.js';
import { CircuitTask, latchLiterals, transferRun } from '../../circuit-task.js';
import { plural } from '../../plural.js';
import type { Location } from '../../interpreter.js';
import type { Trace } from '../../trace.js';
import { Views, type Answer, type Checked, type Output, type Problem } from '../../problem.js';
import type { Property } from '../../property-kinds.js';
import type { Certificate, Claim, Clause, LivenessWitness } from '../../certificate.js';
import { answerOf } from '../../property-kinds.js';
import { cexOutput } from '../word-level.js';
import { vcdOutput } from '../../vcd.js';
import { text } from '../frontend.js';
import { kInductionWitness } from '../../k-witness.js';
import { binaryPath, clausesWitness, exprWitness, witnessFile } from '../../witness-circuits.js';
import { aigerHighlight } from './highlight.js';
import { circuitWaveform } from './waveform.js';
import { lassoOnFile, livenessWitness } from './live-witness.js';

/** A property's cone: its task, and the latches of the file (by position) that constant propagation proved constant. */
interface Cone {
  readonly task: CircuitTask;
  readonly constants: ReadonlyMap<number, 0 | 1>;
}

function cone(file: string, aig: Aig, p: Property): Cone {
  const mine = coneOfInfluence(withProperty(aig, p.index));
  // propagateConstants keeps every latch it does not prove constant, so the ones it drops are constant
  const propagated = propagateConstants(mine);
  const kept = new Set(propagated.latches.map((l) => l.index));
  const constants = new Map<number, 0 | 1>();
  for (const l of mine.latches) if (!kept.has(l.index)) constants.set(l.index, l.reset === 1 ? 1 : 0);
  return { task: new CircuitTask(file, p, coneOfInfluence(propagated), true), constants };
}

/**
 * The cone of justice property `j`: its literals, the fairness and the constraints, cone of
 * influence only (the circuit passes reduce it further, keeping every run's values of the liveness
 * literals). Its bad state is constant false: the interpreter view of a liveness task shows its
 * lassos and has no bad state.
 */
function justiceCone(file: string, aig: Aig, p: Property, j: number): Cone {
  const circuit = coneOfInfluence(withJustice(aig, j));
  return { task: new CircuitTask(file, p, { ...circuit, properties: [{ lit: FALSE_LIT, section: 'bad', index: 0, name: p.name }] }), constants: new Map() };
}

/**
 * A liveness witness circuit as a file: its argument in the symbol table (the latches and the
 * oracle of a closed loop are named by the construction; a ranking's literals become outputs) and
 * in the comment section.
 */
function livenessFile(proof: LivenessWitness, witnessOf: string, binary: boolean): string | Uint8Array {
  const a = proof.argument;
  const outputs = a.kind === 'ranking'
    ? [...a.rank.map((lit, k) => ({ lit, name: `rank ${k}` })), ...a.waiting.map((lit, k) => ({ lit, name: `waiting ${k}` }))]
    : [];
  const comments = [
    `LIVENESS WITNESS ${witnessOf}`,
    'Certificate by vigil: a liveness witness circuit. Its inputs and latches start with the model\'s; b0 is its invariant violated; j0 its liveness literals (the justice set, then the fairness).',
    a.kind === 'ranking'
      ? 'A ranking: outputs "rank k" (most significant first) never grow along a step, and while they stay, a literal whose "waiting k" output is 1 keeps waiting and is 0.'
      : `A closed loop: input ${a.oracle} saves, latch ${a.saved} is saved, latches ${a.shadow.map((x) => `${x.copy}=${x.latch}`).join(' ')} hold the copies (witness=model), latches ${a.seen.join(' ')} the literals seen; no invariant state closes the loop with every literal seen.`,
  ];
  return binary ? printAig(proof.witness, { outputs, comments }) : printAag(proof.witness, { outputs, comments });
}

function propertyName(aig: Aig, index: number): string {
  const s = aig.properties[index]!;
  return `${s.section === 'bad' ? 'b' : 'o'}${s.index}`;
}

/** A certified property for the HWMCC witness file: its answer, with the file's run when it fails. */
interface WitnessEntry {
  readonly property: Property;
  readonly answer: 'holds' | 'fails' | 'unknown';
  readonly run?: Run;
}

/** `source`: the file's bytes, which the report shows when they are ASCII AIGER. */
export function aigerProblem(path: string, file: AigerFile, source?: Uint8Array): Problem {
  const aig = aigFromFile(file);
  const bads = aig.properties.length;
  /** The justice property of a liveness property: they follow the bad states. */
  const justiceOf = (p: Property): number => p.index - bads;
  const cones = new Views((p) => (p.kind === 'liveness' ? justiceCone(path, aig, p, justiceOf(p)) : cone(path, aig, p)));
  const properties: Property[] = [
    ...aig.properties.map((_, index) => ({ name: propertyName(aig, index), kind: 'safety' as const, index })),
    ...aig.justice.map((_, j) => ({ name: `j${j}`, kind: 'liveness' as const, index: bads + j })),
  ];
  const declared = file.bads.length > 0 || file.justice.length > 0 ? file.bads.length : file.outputs.length;
  const firstLatch = 1 + aig.inputs.length;
  /** The literal of the file's latch at position `k`. */
  const latchLit = (k: number): Lit => 2 * (firstLatch + k);
  /** The latches the cone's reduction proved constant, as unit clauses over the file's latch literals. */
  const constantUnits = (p: Property): Clause[] => [...cones.of(p).constants].map(([k, v]) => [latchLit(k) ^ (v ^ 1)]);
  /** Clauses over the cone's latch literals as clauses over the file's. */
  const onFile = (p: Property, clauses: readonly Clause[]): Clause[] => {
    const lift = latchLiterals(cones.of(p).task.circuit, aig);
    return clauses.map((c) => c.map((l) => lift(l)!));
  };

  // Derived once per certificate: the check, the summaries and the result files all ask for them.
  const fileRuns = new WeakMap<Certificate, Run>();
  const witnesses = new WeakMap<Certificate, Aig>();
  const liveWitnesses = new WeakMap<Certificate, LivenessWitness>();

  /** The liveness witness circuit of a proof of a liveness property. */
  const liveWitness = (p: Property, c: Certificate): LivenessWitness => {
    let known = liveWitnesses.get(c);
    if (known) return known;
    if (c.kind !== 'l2s-invariant' && c.kind !== 'l2s-k-induction' && c.kind !== 'k-liveness') throw new Error(`a ${c.kind} is not a proof of a justice property`);
    known = livenessWitness(aig, justiceOf(p), c);
    liveWitnesses.set(c, known);
    return known;
  };

  /** The witness circuit of an invariant over the cone's view (the inputs may occur in it), with the cone's constants. */
  const loweredWitness = (p: Property, inv: Expr): Aig => {
    const { inputs, latches } = cones.of(p).task.names;
    const leaf = new Map<VarDecl, Lit>();
    inputs.forEach((v, k) => leaf.set(v, 2 * (1 + k)));
    latches.forEach((v, k) => leaf.set(v, latchLit(k)));
    return exprWitness(aig, p, inv, leaf, constantUnits(p));
  };

  /** The file's run of a failing certificate. */
  const fileRun = (p: Property, c: Certificate): Run => {
    let known = fileRuns.get(c);
    if (known) return known;
    const task = cones.of(p).task;
    if (c.kind === 'run') known = transferRun(task.circuit, aig, c.run);
    else if (c.kind === 'trace') known = transferRun(task.circuit, aig, task.run(c.trace));
    else if (c.kind === 'lasso') {
      known = lassoOnFile(aig, task.circuit, c.run, c.loopStart);
      if (!known) throw new Error(`the lasso of ${p.name} closes on the property's cone, but not on the whole circuit within the simulation budget`);
    } else throw new Error(`a ${c.kind} is not a counterexample of a circuit`);
    fileRuns.set(c, known);
    return known;
  };

  /** The witness circuit of a proof, or undefined for a proof that is not 1-inductive on the file (a k-inductive invariant). */
  const witnessCircuit = (p: Property, c: Certificate): Aig | undefined => {
    let known = witnesses.get(c);
    if (known) return known;
    const units = constantUnits(p);
    const task = cones.of(p).task;
    switch (c.kind) {
      case 'latch-clauses': known = clausesWitness(aig, p, [...onFile(p, c.clauses), ...units], c.signals); break;
      case 'k-induction': known = kInductionWitness({ file: aig, bad: aig.properties[p.index]!.lit, name: p.name, small: c.proved, facts: [...onFile(p, c.facts), ...units], ...(c.signals ? { signals: c.signals } : {}) }, c.depth); break;
      case 'invariant': known = loweredWitness(p, c.invariant.get(task.location)!); break;
      default: return undefined;
    }
    witnesses.set(c, known);
    return known;
  };

  const trace = (p: Property, c: Certificate): Trace => {
    if (c.kind === 'trace') return c.trace;
    if (c.kind === 'run') return cones.of(p).task.trace(c.run);
    if (c.kind === 'lasso') return cones.of(p).task.trace(c.run, c.loopStart);
    throw new Error(`a ${c.kind} is not a counterexample of a circuit`);
  };

  const invariant = (p: Property, c: Certificate): ReadonlyMap<Location, Expr> => {
    const task = cones.of(p).task;
    switch (c.kind) {
      case 'invariant': case 'k-invariant': return c.invariant;
      case 'latch-clauses': return new Map([[task.location, task.clausesExpr(c.clauses)]]);
      case 'k-induction': return new Map([[task.location, task.clausesExpr(c.facts)]]);
      default: throw new Error(`a ${c.kind} is not a proof of a circuit property`);
    }
  };

  /** The witness circuit of a proof as a certificate file (formalisms/witness-circuits.ts). */
  const certificateFile = (p: Property, c: Certificate, binary: boolean): string | Uint8Array => {
    if (p.kind === 'liveness') return livenessFile(liveWitness(p, c), `${p.name} ${aig.file}`, binary);
    if (c.kind === 'k-invariant') {
      const w = loweredWitness(p, c.invariant.get(cones.of(p).task.location)!);
      return witnessFile(aig.file, p, hwmccName(p), w, { kind: 'k-invariant', k: c.k, simplePath: c.simplePath }, binary);
    }
    return witnessFile(aig.file, p, hwmccName(p), witnessCircuit(p, c)!, { kind: 'witness', ...(c.kind === 'k-induction' ? { k: c.depth } : {}) }, binary);
  };

  /** A property as HWMCC's witnesses name it: the outputs of a file without bad-state section are its bad states. */
  const hwmccName = (p: Property): string => (p.kind === 'liveness' ? p.name : `b${aig.properties[p.index]!.index}`);

  const witnessText = (entries: readonly WitnessEntry[]): string => {
    const lines: string[] = [];
    for (const e of entries) {
      const name = hwmccName(e.property);
      if (e.answer !== 'fails' || !e.run) {
        lines.push(e.answer === 'holds' ? '0' : e.answer === 'fails' ? '1' : '2', name, '.');
        continue;
      }
      const bits = (v: ArrayLike<number>) => Array.from(v, (b) => (b ? '1' : '0')).join('');
      lines.push('1', name, bits(e.run.latches), ...e.run.inputs.map(bits), '.');
    }
    return `${lines.join('\n')}\n`;
  };

  /** A property's variables as the symbol table names them (`i3`, `l5` where it names none). */
  const symbols = new Views((p) => {
    const { inputs, latches } = cones.of(p).task.names;
    const named = new Map<VarDecl, string>();
    for (const [k, v] of inputs) named.set(v, aig.inputs[k]?.name ?? `i${k}`);
    for (const [k, v] of latches) named.set(v, aig.latches[k]?.name ?? `l${k}`);
    return named;
  });
  /** A clause over the file's latch literals, read: `not state[0] or ack`. */
  const latchName = (l: Lit): string => {
    const k = (l >> 1) - firstLatch;
    return aig.latches[k]?.name ?? `l${k}`;
  };
  const clauseRows = (clauses: readonly Clause[]) => clauses.map((c) => ({
    text: c.length === 0 ? 'false' : c.map((l) => `${l & 1 ? 'not ' : ''}${latchName(l)}`).join(' or '),
    latches: [...new Set(c.map(latchName))],
  }));

  const outputs: Output[] = [
    cexOutput((p) => cones.of(p).task.model, trace, asBits),
    {
      name: 'witness',
      scope: 'run',
      download: '.wit',
      write: (checked: readonly Checked[]) => witnessText(checked.map(({ property, result: r }) => ({
        property,
        answer: answerOf(r.verdict),
        ...(r.verdict !== 'unknown' && answerOf(r.verdict) === 'fails' ? { run: fileRun(property, r.certificate) } : {}),
      }))),
    },
    vcdOutput(path, (p, c) => circuitWaveform(aig, fileRun(p, c))),
    {
      name: 'certificate',
      scope: 'property',
      download: '.certificate.aag',
      write: ([c], file, options) => {
        const { property: p, result: r } = c!;
        if (r.verdict === 'unknown' || answerOf(r.verdict) !== 'holds') return undefined;
        return certificateFile(p, r.certificate, binaryPath(file, options));
      },
    },
  ];

  return {
    file: path,
    formalism: 'aiger',
    warnings: [],
    properties,
    ...(bads === 0 && aig.justice.length > 0 ? { defaultKind: 'liveness' as const } : {}),
    ...(properties.length > 0 ? {} : { noProperty: new InputError(path, 1, 1, 'the circuit has no bad-state property or output to check') }),
    theories: new Set(['bool']),
    summary: () => `aiger; ${plural(file.inputs.length, 'input')}, ${plural(file.latches.length, 'latch')}, `
      + `${plural(file.ands.length / 3, 'and')}, ${plural(declared, 'property')}`
      + (file.justice.length > 0 ? `, ${plural(file.justice.length, 'justice property')}, ${plural(file.fairness.length, 'fairness constraint')}` : ''),
    task: (p) => cones.of(p).task,
    claims(p: Property, r: Answer): Claim[] {
      const c = r.certificate;
      const task = cones.of(p).task;
      switch (c.kind) {
        case 'run': return [{ kind: 'witness', aig, property: p.index, run: fileRun(p, c) }];
        case 'trace': return [{ kind: 'trace', model: task.model, trace: c.trace }, { kind: 'witness', aig, property: p.index, run: fileRun(p, c) }];
        case 'invariant': return [{ kind: 'invariant', model: task.model, invariant: c.invariant }, { kind: 'witness-circuit', aig, property: p.index, witness: witnessCircuit(p, c)! }];
        case 'k-invariant': return [{ kind: 'k-invariant', model: task.model, invariant: c.invariant, k: c.k, simplePath: c.simplePath }];
        case 'latch-clauses': case 'k-induction': return [{ kind: 'witness-circuit', aig, property: p.index, witness: witnessCircuit(p, c)! }];
        case 'lasso': return [{ kind: 'lasso-witness', aig, justice: justiceOf(p), run: fileRun(p, c) }];
        case 'l2s-invariant': case 'l2s-k-induction': case 'k-liveness': return [{ kind: 'liveness-circuit', aig, justice: justiceOf(p), proof: liveWitness(p, c) }];
        default: throw new Error(`a ${c.kind} is not a certificate of a circuit`);
      }
    },
    trace,
    invariant,
    certificateText: (p, c) => certificateFile(p, c, false) as string,
    outputs,
    circuitFile: (binary) => (binary ? printAig(aig, { comments: [...file.comments] }) : printAag(aig, { comments: [...file.comments] })),
    report: {
      // decoded when a report asks for it: a large circuit's text is megabytes that a check never reads
      get text() { return source === undefined || file.binary ? undefined : text(source); },
      title: 'AIGER circuit',
      highlight: aigerHighlight,
      name: (p, v) => symbols.of(p).get(v) ?? v.name,
      value: (v) => (v.op === 'lit' && typeof v.value === 'boolean' ? (v.value ? '1' : '0') : printExpr(v, 'sts')),
      waveform: (p, c) => circuitWaveform(aig, fileRun(p, c)),
      clauses: (p, c) => {
        if (c.kind === 'latch-clauses') return clauseRows([...onFile(p, c.clauses), ...constantUnits(p)]);
        if (c.kind === 'k-induction') return clauseRows([...onFile(p, c.facts), ...constantUnits(p)]);
        return [];
      },
    },
  };
}
