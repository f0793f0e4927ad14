/**
 * The AIGER front end (`.aag`, `.aig`, format 1.9): every bad-state literal is a property (`b0`,
 * `b1`, ...), or every output when the file has no B section (`o0`, ...), as HWMCC reads them.
 *
 * The file's graph is kept whole: witnesses are replayed on it and witness circuits extend it. Each
 * property gets its own cone, reduced by cone of influence and constant propagation, and the STS
 * of that cone is the property's interpreter view (`model`), which the word-level engines check and
 * whose traces the summaries show. Inputs and latches keep their file positions through every
 * reduction, so runs, traces and invariants move between the views by position, never by name.
 *
 * Certificates are the HWMCC witness (`1`, the property, the initial latches, one input vector per
 * step, `.`; `0`/`2` for safe/unknown; one entry per property) and certifaiger's witness circuits:
 * the file's
 * circuit with the invariant joined to the property, in the consecutive numbering certifaiger
 * expects.
 */
import { False, True, and, bool, not, or, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { InputError } from '../../../lang/errors.js';
import type { AigerFile } from './read.js';
import {
  FALSE_LIT, TRUE_LIT, aigFromFile, andCount, coneOfInfluence, extendAig, firstGateNode, propagateConstants, withProperty,
  type Aig, type Lit,
} from '../../aig.js';
import { evaluate, litValue, type Run } from '../../aig-eval.js';
import { printAag, printAig } from '../../aig-print.js';
import { aigerToSts, stsNames, type AigerSts, type AigerStsNames } from '../../aiger-sts.js';
import { plural } from '../../plural.js';
import { stsInterpreter } from '../../sts-semantics.js';
import type { Interpreter, Location } from '../../interpreter.js';
import type { Trace, TraceState } from '../../trace.js';
import { Views, type Problem, type Property } from '../../problem.js';
import type { SafeCertificate, UnsafeCertificate } from '../../../certificates/certificate.js';
import type { Verdict } from '../../../engines/result.js';

/** The cone of one property: what its STS view and the bit-level engines start from. */
export interface Cone {
  /** The file's graph reduced to the property's cone; its one property is the checked one. */
  readonly aig: Aig;
  /** Latches of the file (by position) that constant propagation proved constant, with their value. */
  readonly constants: ReadonlyMap<number, 0 | 1>;
  /** The view's variables by file position, and its one location: all a circuit's invariant needs to be shown. */
  readonly names: AigerStsNames;
  readonly loc: Location;
  /** The view's STS and interpreter, built when first asked for (a proof by a bit-level engine never needs them). */
  readonly sts: AigerSts;
  readonly model: Interpreter;
}

/** A property's verdict for the HWMCC witness file, with the witness when it is unsafe. */
export interface WitnessEntry {
  readonly property: Property;
  readonly verdict: Verdict;
  readonly run?: Run;
}

/** `a | b` over literals, from the gate constructor of `extendAig`. */
function orWith(and: (a: Lit, b: Lit) => Lit) {
  return (a: Lit, b: Lit): Lit => and(a ^ 1, b ^ 1) ^ 1;
}

function cone(aig: Aig, p: Property): Cone {
  const mine = coneOfInfluence(withProperty(aig, p.index));
  // propagateConstants keeps every latch it does not prove constant, so the ones it drops are constant
  const propagated = propagateConstants(mine);
  const kept = new Set(propagated.latches.map((l) => l.index));
  const constants = new Map<number, 0 | 1>();
  for (const l of mine.latches) if (!kept.has(l.index)) constants.set(l.index, l.reset === 1 ? 1 : 0);
  // what reduceAig gives: `mine` is already its own cone of influence
  const reduced = coneOfInfluence(propagated);
  const names = stsNames(reduced);
  const loc: Location = { id: 0, name: names.propName };
  let sts: AigerSts | undefined;
  let model: Interpreter | undefined;
  return {
    aig: reduced, constants, names, loc,
    get sts() { return (sts ??= aigerToSts(reduced, 0, names)); },
    get model() { return (model ??= stsInterpreter(this.sts.sts, 'aiger', [...names.inputs.values()], loc)); },
  };
}

/** A run of `from` as a run of `to` (two graphs made from one file), matching inputs and latches by file position. */
export function transferRun(from: Aig, to: Aig, run: Run): Run {
  const latchValue = new Map(from.latches.map((l, k) => [l.index, run.latches[k]! ? 1 : 0]));
  const inputPos = new Map(from.inputs.map((i, k) => [i.index, k]));
  return {
    latches: to.latches.map((l) => latchValue.get(l.index) ?? (l.reset === 1 ? 1 : 0)),
    inputs: run.inputs.map((vec) => to.inputs.map((i) => {
      const k = inputPos.get(i.index);
      return k === undefined ? 0 : (vec[k]! ? 1 : 0);
    })),
  };
}

/**
 * The circuit of an AIGER problem and what moves results between its views and the file. What it
 * derives from a certificate (the trace of a witness, the witness of a trace, the witness circuit
 * of an invariant) is derived once: the check, the summary and the result files all ask for it.
 */
export class CircuitModel {
  /** The file's graph, unreduced, with every property. */
  readonly aig: Aig;
  private readonly cones: Views<Cone>;
  private readonly traces = new WeakMap<Run, Trace>();
  private readonly runs = new WeakMap<Trace, Run>();
  /** By invariant, then by property: hash-consing makes one `true` the invariant of many properties. */
  private readonly witnesses = new WeakMap<Expr, Map<number, Aig>>();

  constructor(file: AigerFile) {
    this.aig = aigFromFile(file);
    this.cones = new Views((p) => cone(this.aig, p));
  }

  cone(p: Property): Cone {
    return this.cones.of(p);
  }

  /** The literal of the file's latch at position `k`, in the file's graph. */
  latchLit(k: number): Lit {
    return 2 * (1 + this.aig.inputs.length + k);
  }

  /** A run of the file as a trace of the property's view: every input and latch variable at every step. */
  trace(p: Property, run: Run): Trace {
    let known = this.traces.get(run);
    if (!known) this.traces.set(run, (known = this.simulate(p, run)));
    return known;
  }

  private simulate(p: Property, run: Run): Trace {
    const { aig, sts, model } = this.cone(p);
    const r = transferRun(this.aig, aig, run);
    const values = new Uint8Array(firstGateNode(aig) + andCount(aig));
    const firstLatch = 1 + aig.inputs.length;
    const states: TraceState[] = [];
    let latches = Uint8Array.from(r.latches);
    for (const inputs of r.inputs) {
      evaluate(aig, latches, inputs, values);
      // the view's variables are the cone's inputs and latches: every one gets its value here
      const vals = new Map<VarDecl, Expr>();
      aig.inputs.forEach((i, k) => vals.set(sts.inputs.get(i.index)!, bool(values[1 + k] === 1)));
      aig.latches.forEach((l, k) => vals.set(sts.latches.get(l.index)!, bool(values[firstLatch + k] === 1)));
      states.push({ loc: model.initLoc, vals });
      latches = Uint8Array.from(aig.latches, (l) => litValue(values, l.next));
    }
    const action = model.actions(model.initLoc)[0]!;
    return { states, actions: states.slice(1).map(() => action), choices: states.slice(1).map(() => new Map()) };
  }

  /**
   * A trace of the property's view as a run of the file. What the reductions removed cannot
   * influence the property: latches start at their reset value (0 when uninitialised), inputs are 0.
   */
  run(p: Property, trace: Trace): Run {
    let known = this.runs.get(trace);
    if (!known) this.runs.set(trace, (known = this.positions(p, trace)));
    return known;
  }

  private positions(p: Property, trace: Trace): Run {
    const sts = this.cone(p).names;
    const bit = (v: Expr | undefined) => (v === True ? 1 : 0);
    const first = trace.states[0]!.vals;
    return {
      latches: this.aig.latches.map((l) => {
        const v = sts.latches.get(l.index);
        return v ? bit(first.get(v)) : l.reset === 1 ? 1 : 0;
      }),
      inputs: trace.states.map((s) => this.aig.inputs.map((i) => {
        const v = sts.inputs.get(i.index);
        return v ? bit(s.vals.get(v)) : 0;
      })),
    };
  }

  /**
   * The witness circuit of an invariant given as clauses over latch literals of the file's graph:
   * the file's circuit with the invariant, the cone's constants included, joined to the property
   * (bad' = bad or not invariant), and the invariant as output `o0`.
   */
  witnessCircuit(p: Property, clauses: readonly (readonly Lit[])[]): SafeCertificate & { kind: 'witness-circuit' } {
    const all = [...clauses, ...this.constantUnits(p)];
    return { kind: 'witness-circuit', witness: this.withInvariant(p, (and) => all.reduce((inv, c) => and(inv, c.reduce(orWith(and), FALSE_LIT)), TRUE_LIT)), clauses: all };
  }

  /** The witness circuit of an invariant over the property view's variables (the inputs may occur in it), with the cone's constants. */
  witnessCircuitOf(p: Property, invariant: Expr): Aig {
    let byProperty = this.witnesses.get(invariant);
    if (!byProperty) this.witnesses.set(invariant, (byProperty = new Map()));
    let known = byProperty.get(p.index);
    if (!known) byProperty.set(p.index, (known = this.lowered(p, invariant)));
    return known;
  }

  private lowered(p: Property, invariant: Expr): Aig {
    const sts = this.cone(p).names;
    const leaf = new Map<VarDecl, Lit>();
    sts.inputs.forEach((v, k) => leaf.set(v, 2 * (1 + k)));
    sts.latches.forEach((v, k) => leaf.set(v, this.latchLit(k)));
    return this.withInvariant(p, (and) => this.constantUnits(p).reduce((inv, [unit]) => and(inv, unit!), lower(invariant, leaf, and)));
  }

  /** The latches the cone's reduction and `stuck` (file positions) fix, as literals of the file's graph true in every reachable state. */
  constantLatches(p: Property, stuck: ReadonlyMap<number, 0 | 1>): Lit[] {
    return [...this.cone(p).constants, ...stuck].map(([k, v]) => this.latchLit(k) ^ (v ^ 1));
  }

  /** The latches the cone's reduction proved constant, as unit clauses of the file's graph. */
  private constantUnits(p: Property): Lit[][] {
    return [...this.cone(p).constants].map(([k, v]) => [this.latchLit(k) ^ (v ^ 1)]);
  }

  /** The file's circuit with the invariant joined to the property: bad' = bad or not invariant, and `o0` the invariant. */
  private withInvariant(p: Property, invariant: (and: (a: Lit, b: Lit) => Lit) => Lit): Aig {
    const prop = this.aig.properties[p.index]!;
    return extendAig(this.aig, (and) => {
      const inv = invariant(and);
      return [
        { lit: orWith(and)(prop.lit, inv ^ 1), section: 'bad', index: 0, name: `${p.name} or not invariant` },
        { lit: inv, section: 'output', index: 0, name: 'invariant' },
      ];
    });
  }

  /**
   * A SAFE certificate as a file, ASCII (`aag`) or binary (`aig`): the witness circuit, with a
   * comment naming the model and the property as HWMCC's certified track asks.
   */
  certificateFile(p: Property, c: SafeCertificate, format: 'aag' | 'aig'): string | Uint8Array {
    const model = this.aig.file;
    const witness = c.kind === 'witness-circuit' ? c.witness : this.witnessCircuitOf(p, c.invariant.get(this.cone(p).model.initLoc)!);
    const comments = c.kind === 'k-invariant'
      ? [`Certificate of ${model} by vigil: property ${p.name} with the ${c.k}-inductive invariant o0${c.simplePath ? ' (over simple paths)' : ''}.`,
        'Not a witness circuit: b0 (the property, or o0 being false) is k-inductive, not 1-inductive.']
      : [`WITNESS ${this.hwmccName(p)} ${model}`,
        `Certificate of ${model} by vigil: a witness circuit (certifaiger's format) for property ${p.name}.`,
        'Its inputs and latches are the file\'s, in order; b0 is the property or the invariant o0 being false.',
        ...(c.kind === 'witness-circuit' && c.k !== undefined
          ? [`A proof by ${c.k}-induction: the latches after the file's remember the last ${c.k - 1} states and whether they were taken.`]
          : []),
        'Under the constraints, b0 is 0 in every initial state and stays 0 after every step.'];
    return format === 'aig' ? printAig(witness, { comments }) : printAag(witness, { comments });
  }

  /** The clauses of a witness circuit's invariant over the view's latch variables (those the cone keeps). */
  invariantExpr(p: Property, clauses: readonly (readonly Lit[])[]): Expr {
    const sts = this.cone(p).names;
    const firstLatch = 1 + this.aig.inputs.length;
    const literal = (l: Lit): Expr | undefined => {
      const v = sts.latches.get((l >> 1) - firstLatch);
      return v && (l & 1 ? not(ref(v)) : ref(v));
    };
    const shown = clauses.map((c) => c.map(literal)).filter((c): c is Expr[] => c.every((l) => l !== undefined));
    return shown.length === 0 ? True : and(...shown.map((c) => (c.length === 0 ? False : or(...c))));
  }

  /**
   * A property as HWMCC's witnesses name it: HWMCC reads the outputs of a file without bad-state
   * section as its bad states, so output `o1` is property `b1` there.
   */
  hwmccName(p: Property): string {
    return `b${this.aig.properties[p.index]!.index}`;
  }

  /** The HWMCC witness file: one entry per property, in the order given. */
  witnessText(entries: readonly WitnessEntry[]): string {
    const lines: string[] = [];
    for (const e of entries) {
      const name = this.hwmccName(e.property);
      if (e.verdict !== 'unsafe' || !e.run) {
        lines.push(e.verdict === 'safe' ? '0' : e.verdict === 'unsafe' ? '1' : '2', name, '.');
        continue;
      }
      const bits = (v: ArrayLike<number>) => Array.from(v, (b) => (b ? '1' : '0')).join('');
      lines.push('1', name, bits(e.run.latches), ...e.run.inputs.map(bits), '.');
    }
    return `${lines.join('\n')}\n`;
  }
}

/** The literal computing a Boolean expression over the circuit's variables. */
function lower(e: Expr, leaf: ReadonlyMap<VarDecl, Lit>, and: (a: Lit, b: Lit) => Lit, memo = new Map<Expr, Lit>()): Lit {
  const done = memo.get(e);
  if (done !== undefined) return done;
  const or2 = orWith(and);
  const iff = (a: Lit, b: Lit) => or2(and(a, b), and(a ^ 1, b ^ 1));
  const arg = (k: number) => lower(e.args[k]!, leaf, and, memo);
  const args = () => e.args.map((_, k) => arg(k));
  let lit: Lit;
  switch (e.op) {
    case 'lit': lit = e.value === true ? TRUE_LIT : FALSE_LIT; break;
    case 'var': {
      const l = leaf.get(e.decl!);
      if (l === undefined) throw new Error(`a circuit invariant mentions ${e.decl!.name}, which is not an input or latch`);
      lit = l;
      break;
    }
    case 'not': lit = arg(0) ^ 1; break;
    case 'and': lit = args().reduce(and, TRUE_LIT); break;
    case 'or': lit = args().reduce(or2, FALSE_LIT); break;
    case 'imply': lit = or2(arg(0) ^ 1, arg(1)); break;
    case 'iff': case 'eq': lit = iff(arg(0), arg(1)); break;
    case 'xor': case 'neq': lit = iff(arg(0), arg(1)) ^ 1; break;
    case 'ite': {
      const c = arg(0);
      lit = or2(and(c, arg(1)), and(c ^ 1, arg(2)));
      break;
    }
    default: throw new Error(`a circuit invariant cannot contain '${e.op}'`);
  }
  memo.set(e, lit);
  return lit;
}

function propertyName(aig: Aig, index: number): string {
  const s = aig.properties[index]!;
  return `${s.section === 'bad' ? 'b' : 'o'}${s.index}`;
}

export function aigerProblem(path: string, file: AigerFile): Problem {
  const circuit = new CircuitModel(file);
  const properties: Property[] = circuit.aig.properties.map((_, index) => ({ name: propertyName(circuit.aig, index), kind: 'safety' as const, index }));
  const declared = file.bads.length > 0 ? file.bads.length : file.outputs.length;
  return {
    file: path,
    formalism: 'aiger',
    circuit,
    warnings: [],
    properties,
    ...(properties.length > 0 ? {} : { noProperty: new InputError(path, 1, 1, 'the circuit has no bad-state property or output to check') }),
    theories: new Set(['bool']),
    summary: () => `aiger; ${plural(file.inputs.length, 'input')}, ${plural(file.latches.length, 'latch')}, `
      + `${plural(file.ands.length / 3, 'and')}, ${plural(declared, 'property')}`,
    model: (p) => circuit.cone(p).model,
    certificateText: (p: Property, c: SafeCertificate): string => circuit.certificateFile(p, c, 'aag') as string,
    trace: (p: Property, c: UnsafeCertificate): Trace => (c.kind === 'witness' ? circuit.trace(p, c.run) : c.trace),
    invariant(p: Property, c: SafeCertificate): ReadonlyMap<Location, Expr> {
      if (c.kind !== 'witness-circuit') return c.invariant;
      return new Map([[circuit.cone(p).loc, circuit.invariantExpr(p, c.clauses)]]);
    },
  };
}
