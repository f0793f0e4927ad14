/**
 * The AIGER front end (`.aag`, `.aig`, format 1.9): every bad-state literal is a property (`b0`,
 * `b1`, ...), or every output when the file has no B section (`o0`, ...), as HWMCC reads them.
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
 * when the name ends in `.aig`, or when asked for binary and the name does not end in `.aag`).
 */
import type { Expr, VarDecl } from '../../../lang/expr.js';
import { InputError } from '../../../lang/errors.js';
import type { AigerFile } from './read.js';
import { aigFromFile, coneOfInfluence, propagateConstants, withProperty, type Aig, type Lit } from '../../aig.js';
import type { Run } from '../../aig-eval.js';
import { printAag, printAig } from '../../aig-print.js';
import { asBits } from '../../cex-table.js';
import { CircuitTask, latchLiterals, transferRun } from '../../circuit-task.js';
import { plural } from '../../plural.js';
import type { Location } from '../../interpreter.js';
import type { Trace } from '../../trace.js';
import { Views, type Answer, type Checked, type Output, type Problem } from '../../problem.js';
import type { Property } from '../../property-kinds.js';
import type { Certificate, Claim, Clause } from '../../certificate.js';
import { answerOf } from '../../property-kinds.js';
import { cexOutput } from '../word-level.js';
import { kInductionWitness } from '../../k-witness.js';
import { clausesWitness, exprWitness, witnessFile } from '../../witness-circuits.js';

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
  return { task: new CircuitTask(file, p, coneOfInfluence(propagated)), constants };
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

export function aigerProblem(path: string, file: AigerFile): Problem {
  const aig = aigFromFile(file);
  const cones = new Views((p) => cone(path, aig, p));
  const properties: Property[] = aig.properties.map((_, index) => ({ name: propertyName(aig, index), kind: 'safety' as const, index }));
  const declared = file.bads.length > 0 ? file.bads.length : file.outputs.length;
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
    else throw new Error(`a ${c.kind} is not a counterexample of a circuit`);
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
      case 'latch-clauses': known = clausesWitness(aig, p, [...onFile(p, c.clauses), ...units]); break;
      case 'k-induction': known = kInductionWitness(aig, p, c.proved, [...onFile(p, c.facts), ...units], c.depth); break;
      case 'invariant': known = loweredWitness(p, c.invariant.get(task.location)!); break;
      default: return undefined;
    }
    witnesses.set(c, known);
    return known;
  };

  const trace = (p: Property, c: Certificate): Trace => {
    if (c.kind === 'trace') return c.trace;
    if (c.kind === 'run') return cones.of(p).task.trace(c.run);
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
    if (c.kind === 'k-invariant') {
      const w = loweredWitness(p, c.invariant.get(cones.of(p).task.location)!);
      return witnessFile(aig.file, p, hwmccName(p), w, { kind: 'k-invariant', k: c.k, simplePath: c.simplePath }, binary);
    }
    return witnessFile(aig.file, p, hwmccName(p), witnessCircuit(p, c)!, { kind: 'witness', ...(c.kind === 'k-induction' ? { k: c.depth } : {}) }, binary);
  };

  /** A property as HWMCC's witnesses name it: the outputs of a file without bad-state section are its bad states. */
  const hwmccName = (p: Property): string => `b${aig.properties[p.index]!.index}`;

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

  const outputs: Output[] = [
    cexOutput((p) => cones.of(p).task.model, trace, asBits),
    {
      name: 'witness',
      scope: 'run',
      write: (checked: readonly Checked[]) => witnessText(checked.map(({ property, result: r }) => ({
        property,
        answer: answerOf(r.verdict),
        ...(r.verdict !== 'unknown' && answerOf(r.verdict) === 'fails' ? { run: fileRun(property, r.certificate) } : {}),
      }))),
    },
    {
      name: 'certificate',
      scope: 'property',
      write: ([c], file, options) => {
        const { property: p, result: r } = c!;
        if (r.verdict === 'unknown' || answerOf(r.verdict) !== 'holds') return undefined;
        return certificateFile(p, r.certificate, file.endsWith('.aig') || (options?.preferBinary === true && !file.endsWith('.aag')));
      },
    },
  ];

  return {
    file: path,
    formalism: 'aiger',
    warnings: [],
    properties,
    ...(properties.length > 0 ? {} : { noProperty: new InputError(path, 1, 1, 'the circuit has no bad-state property or output to check') }),
    theories: new Set(['bool']),
    summary: () => `aiger; ${plural(file.inputs.length, 'input')}, ${plural(file.latches.length, 'latch')}, `
      + `${plural(file.ands.length / 3, 'and')}, ${plural(declared, 'property')}`,
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
        default: throw new Error(`a ${c.kind} is not a certificate of a circuit`);
      }
    },
    trace,
    invariant,
    certificateText: (p, c) => certificateFile(p, c, false) as string,
    outputs,
    circuitFile: (binary) => (binary ? printAig(aig, { comments: [...file.comments] }) : printAag(aig, { comments: [...file.comments] })),
  };
}
